// built_map.hpp: the built part of the Scene: what is built from the document before any
// query: validation (validateMap, or DragValidator during a drag), the PolygonMap, the
// VisibilityGraph (updated in place when only vertex positions moved), the clearance
// level searched, and the chosen search method's structure (MethodView).
//
// [SECTION] RingShape
// [SECTION] BuiltMap

#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "editor/document/graph_build.hpp"
#include "editor/document/scene_method.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/geom/incremental_validation.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::editor {

/// A newly opened map whose visibility graph is estimated to take longer than this (seconds,
/// VisibilityGraph::estimateBuildSeconds) opens on Polyanya instead.
inline constexpr double kInteractiveGraphSeconds = 1.0;
/// A newly opened map of more ring vertices than this opens on Polyanya too, however fast
/// its graph builds: a drag rebuilds the map and updates the graph on the window's thread,
/// about half a second a frame on Aurora's 34,804 vertices, where Polyanya's drag stays
/// within a frame (docs/performance.md).
inline constexpr std::size_t kInteractiveGraphVertices = 20000;

/// The options the editor builds a document's visibility graph with (its corner offset).
VisibilityOptions graphOptions(const MapDocument& doc);

// [SECTION] RingShape

/// The ring structure of a document: per polygon its outer ring's size, its hole count
/// and each hole's size. Two documents with equal shapes differ at most in vertex
/// positions, so the visibility graph can be updated instead of rebuilt.
using RingShape = std::vector<std::size_t>;
RingShape ringShape(const MapDocument& doc);

/// Problems about the start or the goal stop the query, not the map.
bool isQueryProblem(const MapProblem& p);

// [SECTION] BuiltMap

/// The structures built from one document. An invalid document never throws: the last
/// valid map stays built (mapIsCurrent() false) and problems() says what is wrong. Not
/// copyable: the method view borrows the graph.
///
/// The visibility graph is built only while the chosen method searches it
/// (MethodInfo::searches_visibility_graph). A graph estimated to take longer than
/// backgroundGraphSeconds() is built on a worker thread (GraphBuild): until
/// pollGraphBuild() installs it, the map is drawn, the method is not built and
/// graphBuildFraction() gives the progress. On a newly opened map whose graph is estimated
/// above kInteractiveGraphSeconds, the method becomes Polyanya (exact, no graph) and
/// notice() says so (not on an edited map built on the worker: keepMethod()).
class BuiltMap {
 public:
  BuiltMap();
  ~BuiltMap();
  BuiltMap(const BuiltMap&) = delete;
  BuiltMap& operator=(const BuiltMap&) = delete;

  /// Validates `doc` and rebuilds map, graph, clearance level and method structure.
  /// `in_gesture`: a drag is under way, so only the moved edges are validated when that
  /// decides (validatedIncrementally()). Queries into the method's graph must have been
  /// dropped (the graph may change).
  void rebuild(const MapDocument& doc, bool in_gesture);
  /// True when the built map is current and `doc` differs from the document it was built
  /// from in the start and goal only: moveEndpoints() then stands in for rebuild().
  bool onlyEndpointsMoved(const MapDocument& doc) const;
  /// Replaces the start and goal problems with `doc`'s (endpointProblem on the built map,
  /// as validateMap finds them); map, graph and method stay. Only after
  /// onlyEndpointsMoved(doc).
  void moveEndpoints(const MapDocument& doc);
  /// Forgets everything built (a new document: its invalid map never shows the old one).
  /// The next rebuild() chooses Polyanya when the graph would be too slow (notice()).
  void forget();

  // The visibility graph on a worker thread ------------------------------------------------

  /// Graphs estimated above this many seconds are built on a worker thread (default 0.25;
  /// 0 sends every build there, as the tests do).
  double backgroundGraphSeconds() const { return background_seconds_; }
  void setBackgroundGraphSeconds(double s) { background_seconds_ = s; }
  /// True while a graph is being built on the worker thread.
  bool buildingGraph() const { return graph_build_ != nullptr; }
  /// The worker's progress, 0 to 1; -1 when no build runs.
  double graphBuildFraction() const { return graph_build_ ? graph_build_->fraction() : -1.0; }
  /// Asks the worker to stop; the next pollGraphBuild() then switches the method to
  /// Polyanya and says so in notice().
  void cancelGraphBuild() {
    if (graph_build_) graph_build_->cancel();
  }
  /// Installs a finished worker's graph and builds the method on it (or, after a cancel
  /// or a failure, switches to Polyanya or records the problem). Returns true when
  /// something changed (the caller then redoes the query).
  bool pollGraphBuild();
  /// One line for the status bar about a choice made for the user ("17414 reflex corners: a
  /// visibility graph would take about 23 s, so Polyanya (exact) searches."); empty when none.
  const std::string& notice() const { return notice_; }
  /// Takes over the notice of the map this one replaces (built on the worker with the
  /// method that map's notice explains).
  void keepNotice(const std::string& notice) { notice_ = notice; }
  /// The next rebuild() keeps the method as set: an edited map, not a newly opened one.
  void keepMethod() { fresh_ = false; }
  /// A build of the edited document on the worker found it invalid: keeps this (the last
  /// valid) map, no longer current, with that build's problems.
  void adoptFailedBuild(const BuiltMap& failed) {
    problems_ = failed.problems_;
    validated_count_ = failed.validated_count_;
    map_current_ = false;
    validated_incrementally_ = false;
  }

  /// The built map: the document's, or the last valid one; null when none was built.
  const PolygonMap* polygonMap() const { return map_.get(); }
  const VisibilityGraph* graph() const { return graph_.get(); }
  /// The clearance level searched; null at clearance 0.
  const ClearanceLevel* clearanceLevel() const { return level_.get(); }
  /// What the search runs on: the eroded map and its graph with a clearance, else
  /// polygonMap() and graph().
  const PolygonMap* searchMap() const { return level_ ? &level_->map() : map_.get(); }
  const VisibilityGraph* searchGraph() const {
    if (level_) return level_graph_ ? &level_->graph() : nullptr;
    return graph_.get();
  }
  /// True when the built map is the document's (false: an older map is shown).
  bool mapIsCurrent() const { return map_current_; }
  /// Validation and build problems of the last rebuild() (start and goal problems of
  /// validation included; the query adjusts them).
  const std::vector<MapProblem>& problems() const { return problems_; }
  /// The last rebuild() validated only the moved edges (a full validation is due when
  /// the gesture ends).
  bool validatedIncrementally() const { return validated_incrementally_; }

  /// The search method and its setting. setMethod() returns false (nothing changes) when
  /// `method` is the current one or its options are not valid; then the caller rebuilds.
  const MethodSettings& method() const { return method_settings_; }
  bool setMethod(const MethodSettings& method);
  /// The chosen method searches the visibility graph.
  bool needsGraph() const;
  const MethodView& methodView() const { return method_view_; }
  MethodView& methodView() { return method_view_; }

  // Timings of the last rebuild (milliseconds) ---------------------------------------------

  double validateMs() const { return validate_ms_; }
  /// PolygonMap + VisibilityGraph + clearance build (the method's is methodView().buildMs()).
  double buildMs() const { return build_ms_; }
  double graphMs() const { return graph_ms_; }
  /// The graph was updated in place (VisibilityGraph::update), testing updateTested() pairs.
  bool graphUpdated() const { return graph_updated_; }
  std::int64_t updateTested() const { return update_tested_; }

 private:
  void validate(const MapDocument& doc, bool in_gesture);
  void rebuildClearance(const MapDocument& doc);
  void rebuildMethod();
  // On a newly opened map: Polyanya instead of a visibility graph that would take long
  // (`seconds` gives its estimated build time; called at most once).
  void chooseMethodFor(const PolygonMap& map, const std::function<double()>& seconds);
  // Switches the method to Polyanya; the notice reads `why` + ", so Polyanya (exact) searches."
  void fallBackToPolyanya(const std::string& why);

  std::unique_ptr<PolygonMap> map_;
  std::unique_ptr<VisibilityGraph> graph_;
  bool map_current_ = false;
  std::vector<MapProblem> problems_;
  MethodSettings method_settings_;
  MethodView method_view_;

  DragValidator drag_validator_;          // during a gesture: validation from the moved edges
  bool validated_incrementally_ = false;  // problems_ came from drag_validator_
  std::size_t validated_count_ = 0;       // problems_ from validation: its first ones
  double validate_ms_ = 0.0;
  double build_ms_ = 0.0;
  double graph_ms_ = 0.0;
  MapDocument built_doc_;      // the document map_ was built from, start and goal left out
  RingShape built_shape_;      // of the document map_ was built from
  double built_offset_ = 0.0;  // corner offset graph_ was built with
  bool graph_updated_ = false;
  std::int64_t update_tested_ = 0;

  // Clearance: the set is rebuilt when the polygons, style or corner offset change.
  std::unique_ptr<ClearanceSet> clearance_set_;
  std::vector<Polygon> clearance_polygons_;
  ClearanceStyle clearance_style_;
  double clearance_offset_ = 0.0;
  std::shared_ptr<const ClearanceLevel> level_;
  bool level_graph_ = false;  // level_->graph() was built (the method needs it)

  bool fresh_ = true;  // nothing built since forget(): the next rebuild may choose the method
  std::string notice_;
  double background_seconds_ = 0.25;
  // Last, so it is destroyed (cancelled and joined) before the map it borrows.
  std::unique_ptr<GraphBuild> graph_build_;
};

}  // namespace polypath::editor
