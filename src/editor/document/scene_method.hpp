// scene_method.hpp: the editor's hold on one search method (core/method.hpp, from the
// registry): the method built on the searched map, its settings, its build time, and the
// funnel position of a corridor method. The Scene's BuiltMap keeps one MethodView for the chosen
// method (rebuilt on every edit, drags included); the Compare view keeps one per side.
// The visibility method borrows the Scene's VisibilityGraph, so a comparison runs on the
// very graph the canvas shows.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "polypath/core/method.hpp"
#include "polypath/methods/registry.hpp"

namespace polypath::editor {

using polypath::MethodSettings;

/// Most Polyanya search nodes the editor lets one search create (about 200 MB).
inline constexpr std::size_t kMaxPolyanyaNodes = 1'000'000;

/// One method's built structure on one map and its query for one start and goal, and its
/// drawing. Every call does nothing (or returns an empty value) when nothing is built.
class MethodView {
 public:
  MethodView();
  ~MethodView();
  MethodView(const MethodView&) = delete;
  MethodView& operator=(const MethodView&) = delete;

  /// Builds `settings`' method on `map` (the registry makes it; the same method is rebuilt
  /// in place, keeping its funnel position). `graph` is the visibility graph of `map`
  /// (borrowed by the visibility method; it must outlive the view). Searches are recorded
  /// and stopped after kMaxPolyanyaNodes search nodes. Throws the method's errors
  /// (MethodError, GeometryError); the view is then empty.
  void build(const PolygonMap& map, const VisibilityGraph* graph, const MethodSettings& settings);
  /// Forgets structure and query.
  void clear();
  /// Forgets the query (the graph it linked into is about to change); the structure stays.
  void dropQuery() {
    if (method_) method_->dropQuery();
  }
  const MethodSettings& settings() const { return settings_; }
  /// Milliseconds the last build() took.
  double buildMs() const { return build_ms_; }
  /// True after a successful build().
  bool built() const { return method_ && method_->built(); }
  /// The built method, or null.
  const Method* method() const { return built() ? method_.get() : nullptr; }

  /// Links start and goal (world units) into the method's graph. Throws QueryError naming
  /// the point when it lies outside the structure.
  void query(Point start, Point goal);
  bool hasQuery() const { return graph() != nullptr; }
  /// The graph the engine searches; null without a query.
  const SearchGraph* graph() const { return method() ? method_->graph() : nullptr; }
  NodeId startNode() const { return method() ? method_->startNode() : kNoNode; }
  NodeId goalNode() const { return method() ? method_->goalNode() : kNoNode; }
  /// Method::worldPath (the search result unchanged without a method).
  Path worldPath(const Path& search) const { return method() ? method_->worldPath(search) : search; }
  /// Method::searchWarning.
  std::string searchWarning() const { return method() ? method_->searchWarning() : std::string(); }
  /// Method::structureSummary, or "not built".
  std::string structureSummary() const { return method() ? method_->structureSummary() : "not built"; }

  void drawStructure(DebugDraw& dd, std::uint32_t layers) const;
  void drawEndpoints(DebugDraw& dd, std::uint32_t layers) const;
  void drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const;
  void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const;

  // Funnel stepping (corridor methods: Method::funnel()) ------------------------------

  /// True when the method has a funnel to step.
  bool hasFunnel() const { return method_ && method_->funnel(); }
  /// FunnelStepper::funnelCount (0 without a funnel).
  int funnelCount(const Path& search) const;
  /// The funnel step shown: -1 (none: the finished path) or 0 .. funnelCount().
  int funnelPosition() const;
  void setFunnelPosition(int k);
  /// FunnelStepper::funnelState (null without a funnel).
  const FunnelState* funnelState(const Path& search, int k) const;
  /// FunnelStepper::funnelPortals (empty without a funnel).
  const std::vector<FunnelPortal>& funnelPortals(const Path& search) const;

 private:
  MethodSettings settings_;
  std::unique_ptr<Method> method_;
  double build_ms_ = 0.0;
};

}  // namespace polypath::editor
