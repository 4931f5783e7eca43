// scene.hpp: what the editor shows and edits: the document, the structures built from it
// (polygon map, visibility graph, query, path) and the step-by-step search.
//
// [SECTION] Stats
// [SECTION] Scene
//
// The Scene is a facade over three parts, each in its own file with one job:
//   Document (document.hpp): the document, its file, the undo history, edits, gestures;
//   BuiltMap (built_map.hpp): validation, PolygonMap, VisibilityGraph, clearance, method;
//   SteppedQuery (stepped_query.hpp): start and goal, findPath's result and the stepped
//     search, played by the editor's one SearchStepper (search_stepper.hpp).
// The Scene wires them (every document change rebuilds the BuiltMap, then redoes the
// query), counts the stats and draws. Every edit goes through edit() or a gesture and
// becomes one undoable command (history.hpp).
//
// During a gesture (a drag) validation checks only the moved edges (DragValidator,
// io/incremental_validation.hpp) and falls back to validateMap when that cannot decide;
// endGesture() runs the full validateMap once more, so the messages are its own.
// Every edit rebuilds the PolygonMap and redoes the query; the VisibilityGraph is updated
// in place (VisibilityGraph::update, exactly a rebuild's graph) when only vertex positions
// changed (a drag), else built anew. With settings.clearance r > 0 the search runs on the
// region eroded by r (a ClearanceSet, cached per radius, rebuilt when the polygons or the
// clearance style change), whose outline is drawn on LayerClearanceOutline. An edit that makes the map invalid never throws: the last valid map stays
// built and is drawn greyed, and problems() says what is wrong. A start or goal that is
// not walkable stops the query (the last path found stays, greyed) unless "snap to the
// walkable region" is on: then the query uses PolygonMap::nearestWalkable() instead.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/core/search.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "editor/document/built_map.hpp"
#include "editor/document/document.hpp"
#include "editor/document/history.hpp"
#include "editor/document/map_build.hpp"
#include "editor/canvas/picking.hpp"
#include "editor/document/scene_method.hpp"
#include "editor/document/search_stepper.hpp"
#include "editor/document/stepped_query.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/geom/incremental_validation.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::editor {

// [SECTION] Stats

/// Numbers for the stats panel.
struct SceneStats {
  std::size_t vertices = 0;      ///< ring vertices of the built map
  std::size_t reflex_nodes = 0;  ///< visibility graph nodes
  std::size_t links = 0;         ///< line-of-sight links between nodes
  int expansions = 0;            ///< nodes expanded: by findPath, or by the stepped search while stepping
  bool path_found = false;       ///< a path is shown
  double path_length = 0.0;      ///< world units, 0 without a path
  double validate_ms = 0.0;      ///< validateMap time of the last rebuild, milliseconds
  double build_ms = 0.0;         ///< PolygonMap + VisibilityGraph build time, milliseconds
  double graph_ms = 0.0;         ///< of build_ms: the VisibilityGraph build or update alone
  double query_ms = 0.0;         ///< VisibilityQuery + findPath time, milliseconds
  /// The last rebuild updated the graph in place (VisibilityGraph::update: only vertex
  /// positions moved) instead of building it anew; build_ms then is the update's time.
  bool graph_updated = false;
  std::int64_t update_tested = 0;  ///< node pairs the last update tested again
  SearchStatus status = SearchStatus::Idle;  ///< of findPath, or of the stepped search while stepping
  std::string method = "visibility";  ///< the method searched (Scene::setMethod)
  std::string structure;  ///< the method's structure in numbers ("412 triangles, 530 portals")
};

// [SECTION] Scene

/// Width of the walls (ring edges) on the canvas, pixels: wider than any search line.
inline constexpr float kWallWidth = 3.0f;
/// Radius of the start and goal markers, pixels (plus a dark outline of kMarkerOutline).
inline constexpr float kMarkerRadius = 8.0f;
inline constexpr float kMarkerOutline = 2.0f;
/// Colour of the markers' outline and of their "S" / "G" letters.
inline constexpr Color kMarkerInk{12, 14, 20, 255};
/// A colour as drawn for stale data (the last valid map or path): greyed, translucent.
Color greyed(Color c);

/// Owns the edited MapDocument and everything derived from it. Not copyable: the graph,
/// query and search point into each other.
class Scene {
 public:
  Scene();
  ~Scene();
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  // Document --------------------------------------------------------------------------

  /// Replaces the document, forgets the previous map and search, rebuilds. `file` is
  /// where Save writes; none for a new document. `dirty`: the document differs from
  /// `file` (a recovered autosave).
  void setDocument(MapDocument doc, std::optional<std::filesystem::path> file = std::nullopt, bool dirty = false);
  /// Loads a map file. On failure the current document stays, the error goes to
  /// problems() and (if given) `error`, and false is returned. Never throws.
  bool openFile(const std::filesystem::path& file, std::string* error = nullptr);
  /// Saves the document atomically to `file`, which becomes the current file. On failure
  /// the error goes to problems() and `error` and false is returned. Never throws.
  bool saveFile(const std::filesystem::path& file, std::string* error = nullptr);
  /// Document::exportFile(): the map in the format of `file`'s extension; the current
  /// file stays.
  bool exportFile(const std::filesystem::path& file, std::string* error = nullptr);
  /// Records a file problem (for example a map given on the command line that failed to
  /// load) shown first in problems(); an empty message clears it.
  void setFileProblem(const std::string& where, const std::string& message);

  const MapDocument& document() const { return doc_.document(); }
  /// The file Save writes to, if any.
  const std::optional<std::filesystem::path>& file() const { return doc_.file(); }
  /// True when the document differs from what was opened or last saved (undoing back to
  /// the saved state makes it clean again).
  bool dirty() const { return doc_.dirty(); }
  /// The document's name, else the file name, else "untitled".
  std::string displayName() const { return doc_.displayName(); }
  /// The window title's name (Document::titleName).
  std::string titleName() const { return doc_.titleName(); }
  /// Incremented by setDocument() and openFile(): a new document was loaded.
  std::uint64_t documentGeneration() const { return doc_.generation(); }
  /// Incremented by every edit (never reset): autosave counts edits with it.
  std::uint64_t editCount() const { return doc_.editCount(); }

  // Edits (each one undoable command; each rebuilds) ---------------------------------

  /// A document edit: `change` edits the document and returns true when it changed
  /// something; then the edit becomes the command `label` (see EditCommand::merge_key)
  /// and everything is rebuilt. Returns what `change` returned (false: no command).
  /// Inside a gesture the change is applied live and the gesture makes the command.
  bool edit(const std::string& label, const std::function<bool(MapDocument&)>& change,
            const std::string& merge_key = {}) {
    return doc_.edit(label, change, merge_key);
  }
  /// Ends merging of the last command (a table cell lost focus).
  void closeMerge() { doc_.closeMerge(); }

  /// A gesture (a drag) is one command however many times the document changes during
  /// it: beginGesture() remembers the document, gestureUpdate() re-applies `change` to
  /// that remembered document (so the change is absolute: "moved by the total drag"),
  /// endGesture() records one command `label` if the document differs, cancelGesture()
  /// goes back to where the gesture began.
  void beginGesture() { doc_.beginGesture(); }
  void gestureUpdate(const std::function<bool(MapDocument&)>& change) { doc_.gestureUpdate(change); }
  void endGesture(const std::string& label) { doc_.endGesture(label); }
  void cancelGesture() { doc_.cancelGesture(); }
  bool inGesture() const { return doc_.inGesture(); }

  /// Moves the start, the goal or a ring vertex (command "Move ..."; consecutive moves of
  /// the same handle merge until closeMerge()). False when the handle does not exist.
  bool moveHandle(const Handle& handle, Point p) { return doc_.moveHandle(handle, p); }
  /// Sets the document's corner offset (world units; saved in the file).
  void setCornerOffset(double offset) { doc_.setCornerOffset(offset); }
  /// Sets the agent radius (settings.clearance, world units, 0 = exact) and the shape of
  /// the eroded corners (settings.clearance_joins / clearance_segments): undoable
  /// commands "Clearance" / "Clearance joins" (consecutive changes merge until closeMerge()).
  void setClearance(double radius) { doc_.setClearance(radius); }
  void setClearanceStyle(const ClearanceStyle& style) { doc_.setClearanceStyle(style); }
  /// Sets or removes the start / goal.
  void setStart(std::optional<Point> p) { doc_.setStart(p); }
  void setGoal(std::optional<Point> p) { doc_.setGoal(p); }

  // Undo and redo ----------------------------------------------------------------------

  /// The commands so far (for the History panel).
  const History& history() const { return doc_.history(); }
  /// Undoes / redoes one command; false when there is none. Ends a gesture first.
  bool undo() { return doc_.undo(); }
  bool redo() { return doc_.redo(); }
  /// Goes to history position n (0: before every command); false when out of range.
  bool jumpTo(std::size_t n) { return doc_.jumpTo(n); }

  // Built data ----------------------------------------------------------------------

  /// The built map: the document's, or the last valid one when the document is invalid;
  /// null when no valid map was ever built for this document.
  const PolygonMap* polygonMap() const { return built_->polygonMap(); }
  const VisibilityGraph* graph() const { return built_->graph(); }
  /// The clearance level searched (the walkable region eroded by the document's
  /// settings.clearance, from a ClearanceSet cached per radius); null at clearance 0.
  const ClearanceLevel* clearanceLevel() const { return built_->clearanceLevel(); }
  /// What the search runs on: the eroded map and its graph with a clearance, else
  /// polygonMap() and graph().
  const PolygonMap* searchMap() const { return built_->searchMap(); }
  const VisibilityGraph* searchGraph() const { return built_->searchGraph(); }
  /// The query linking start and goal; null when they are missing or not walkable.
  const VisibilityQuery* query() const { return dynamic_cast<const VisibilityQuery*>(built_->methodView().graph()); }
  /// True when the built map is the document's (false: an older map is shown).
  bool mapIsCurrent() const { return built_->mapIsCurrent(); }
  /// Everything wrong: the file problem first, then validation, build and query errors.
  std::vector<MapProblem> problems() const;
  /// True when problems() holds an error (not only warnings).
  bool hasErrors() const;
  const SceneStats& stats() const { return stats_; }

  // Start and goal ------------------------------------------------------------------

  /// When on, a start or goal outside the walkable region is moved to the nearest
  /// walkable point (PolygonMap::nearestWalkable) for the query; the document keeps the
  /// point as placed. Off by default.
  bool snapToWalkable() const { return query_.snapToWalkable(); }
  void setSnapToWalkable(bool on);
  /// Where the query starts / ends when snapping moved the point; nullopt otherwise.
  const std::optional<Point>& snappedStart() const { return query_.snappedStart(); }
  const std::optional<Point>& snappedGoal() const { return query_.snappedGoal(); }
  /// Why the start / goal cannot be used ("Start is inside hole 0 of polygon 0"); empty
  /// when it can (or is missing, or snapping fixed it).
  const std::string& startProblem() const { return query_.startProblem(); }
  const std::string& goalProblem() const { return query_.goalProblem(); }
  /// True when there is a query, no path, and start and goal lie in different polygons.
  bool separateAreas() const { return query_.separateAreas(); }
  /// The last path found for this document; stays when an edit stops the query, so the
  /// canvas can show it greyed. Not found when none was.
  const Path& lastFoundPath() const { return query_.lastFoundPath(); }

  // Method (scene_method.hpp) ----------------------------------------------------------

  /// The search method and its setting (Visibility by default). Setting another one
  /// rebuilds its structure on searchMap() (the navmesh or grid; again after every edit,
  /// drags included), redoes the query, and leaves the stepped view. A grid cell size that
  /// is not positive and finite is ignored. Build failures become problems ("/method").
  const MethodSettings& method() const { return built_->method(); }
  void setMethod(const MethodSettings& method);
  /// The chosen method's structure and query (not used for Visibility, whose graph and
  /// query are graph() and query()). Non-const for the funnel step shown.
  const MethodView& methodView() const { return built_->methodView(); }
  MethodView& methodView() { return built_->methodView(); }
  /// The search result the canvas shows, as the engine returned it (node path on the
  /// searched graph: for triangle A* the corridor's nodes; shownPath() is in world points).
  const Path& shownSearchPath() const { return query_.shownSearchPath(); }
  /// The start and goal the query uses (after snapping or clearance placement); nullopt
  /// when there is no usable pair.
  const std::optional<Point>& queryStart() const { return query_.queryStart(); }
  const std::optional<Point>& queryGoal() const { return query_.queryGoal(); }

  // The visibility graph on a worker thread (BuiltMap) -------------------------------

  /// True while a large map's visibility graph is built on the worker thread; the map is
  /// drawn and edits work (each restarts the build), but there is no search until it ends.
  bool buildingGraph() const { return built_->buildingGraph(); }
  /// The build's progress, 0 to 1; -1 when none runs.
  double graphBuildFraction() const { return built_->graphBuildFraction(); }
  /// Stops the build; the method becomes Polyanya (notice() says so) at the next poll.
  void cancelGraphBuild() { built_->cancelGraphBuild(); }
  /// Installs a finished build (a map from loadingMap(), a graph from buildingGraph()),
  /// builds the method on it and redoes the query. Call once per frame; returns true when
  /// something changed.
  bool pollBuilds();
  /// Waits until no build runs, installing what they give (pictures made without a window).
  void waitForBuilds();
  /// Graphs estimated above this many seconds are built on the worker (0.25 by default).
  void setBackgroundGraphSeconds(double seconds) {
    background_graph_seconds_ = seconds;
    built_->setBackgroundGraphSeconds(seconds);
  }
  /// True while the document is validated and built on a worker thread (MapBuild): a newly
  /// opened large map, or one being dragged. The document's walls are drawn over the last
  /// built map (none while opening); an edit made meanwhile is built when the running build
  /// ends; pollBuilds() installs each result.
  bool loadingMap() const { return map_build_ != nullptr; }
  /// Documents opened, or dragged, with more ring vertices than this are built on the
  /// worker (20,000 by default; 0 sends every one there, as the tests do).
  void setBackgroundOpenVertices(std::size_t vertices) { background_open_vertices_ = vertices; }
  /// A choice the editor made for the user, for the status line (BuiltMap::notice):
  /// Polyanya instead of a visibility graph too large to build at once. Empty when none.
  const std::string& notice() const { return built_->notice(); }

  // Search ----------------------------------------------------------------------------

  /// Heuristic, weight and tie-break for both findPath and the stepped search. Changing
  /// them redoes the query (and replays the steps made so far).
  const SearchOptions& searchOptions() const { return query_.searchOptions(); }
  void setSearchOptions(const SearchOptions& options);

  /// Exactly one A* expansion (Search::step()); switches the canvas to the stepped view.
  void step();
  /// Starts animating steps (restarts a finished search). See update().
  void startRun();
  /// Stops the animation; the stepped view stays.
  void pause() { query_.pause(); }
  /// Back to the start of the search: no expansion made, the canvas shows findPath's result.
  void reset();
  /// Runs the stepped search to the end at once.
  void finish();
  /// Advances the animation by `seconds` of wall time at stepsPerSecond().
  void update(double seconds);

  /// True after Step/Run until Reset: the canvas shows the stepped search state.
  bool stepping() const { return query_.stepping(); }
  /// True while Run animates.
  bool running() const { return query_.running(); }
  /// Run speed, clamped to SearchStepper::kMinStepsPerSecond .. kMaxStepsPerSecond (4 by
  /// default, and for a value that is not finite).
  double stepsPerSecond() const { return query_.stepsPerSecond(); }
  void setStepsPerSecond(double sps) { query_.setStepsPerSecond(sps); }

  /// The stepped search's state; null when there is no query.
  const SearchState* searchState() const { return query_.searchState(); }
  /// The stepped search engine (its graph, start, goal and options); null when there is
  /// no query. The debugger builds its timeline from it.
  const Search* search() const { return query_.search(); }
  /// Incremented whenever the query is redone (edit, options, snapping): a timeline built
  /// from search() is out of date when this changed.
  std::uint64_t searchGeneration() const { return query_.searchGeneration(); }
  /// Shows `state` (a copy of the stepped search at some expansion, made on the same
  /// graph, for example by a SearchTimeline) as the stepped view; stops Run.
  void showSearch(const Search& state);
  /// findPath's result for the current start, goal and options.
  const Path& resultPath() const { return query_.resultPath(); }
  /// The path the canvas shows: the result, or while stepping the stepped search's path
  /// once it found the goal (not found otherwise).
  const Path& shownPath() const { return query_.shownPath(); }

  // Drawing -------------------------------------------------------------------------

  /// Draws the built map, graph, query, path and (while stepping) the search, layer by
  /// layer, back to front: region, normals, line-of-sight links, start/goal links,
  /// edges (walls, kWallWidth pixels), vertices, path, reflex nodes, closed set, open
  /// set, relaxed arcs, expanded node, snapped start/goal, start/goal markers.
  /// Walls cover the thin graph links that run along them, so they stay recognisable;
  /// the search layers (at most 2.5 pixels wide) lie on the walls, which stay visible
  /// on both sides; the path lies under the nodes so both stay visible; start and goal
  /// (outlined discs of kMarkerRadius pixels) are drawn last, never hidden.
  /// When the map is not the document's, everything but the markers is greyed; when
  /// there is no query, lastFoundPath() is drawn greyed.
  void draw(DebugDraw& dd, std::uint32_t layers, const DrawStyle& style = {}) const;
  /// Only the start and goal markers (LayerStartGoal): the document's start and goal as
  /// outlined discs, and the snapped points as small discs. draw() ends with it.
  void drawMarkers(DebugDraw& dd, std::uint32_t layers) const;

 private:
  // A change of the document: a new one (forget what was built), an edit (rebuild), the
  // end of a drag (full validation when the drag validated incrementally).
  void documentChanged(DocumentChange change);
  // Rebuilds the BuiltMap and redoes the query, replaying the steps made so far.
  void rebuild();
  void updateStats();
  // Starts building the document on a worker (MapBuild); a build already running is let go.
  void startMapBuild();

  Document doc_;
  std::unique_ptr<BuiltMap> built_ = std::make_unique<BuiltMap>();  // replaced by a finished MapBuild's
  SteppedQuery query_{*built_};
  SceneStats stats_;
  double background_graph_seconds_ = 0.25;
  std::size_t background_open_vertices_ = 20000;
  std::unique_ptr<MapBuild> map_build_;               // the document being built on a worker
  bool map_build_pending_ = false;                    // edited since map_build_ started
  MethodSettings map_build_method_;                   // the method map_build_ builds
  bool opening_ = false;                              // no map of the opened document installed yet
  std::optional<MethodSettings> opening_method_;      // set with setMethod while opening: wins over the automatic choice
};

}  // namespace polypath::editor
