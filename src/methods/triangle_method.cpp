// triangle_method.cpp: triangle A* on the constrained Delaunay navmesh, then the funnel
// (Lee and Preparata 1984; Demyen and Buro's TA* without its exactness). Two placements
// of the search nodes: triangle centres (seed 003) and portal midpoints (Recast/Detour).
// Fast, not always shortest. The funnel can be stepped one portal at a time.
#include <algorithm>
#include <memory>

#include "methods/builtin.hpp"
#include "methods/method_base.hpp"
#include "polypath/debug/debug_draw_navmesh.hpp"

namespace polypath {
namespace {

constexpr std::uint32_t kTriangleLayers = kBaseMethodLayers | kGraphSearchLayers | kNavMeshLayers;

const MethodInfo kCentreInfo{
    .name = "centre",
    .label = "navmesh triangle A* (centres)",
    .short_label = "triangle centre",
    .help = "Triangle A* as in seed 003: one node per triangle at its centre, then the funnel pulls the path "
            "taut through the corridor's portals. Fast but not always shortest.",
    .layers = kTriangleLayers,
    .exact = false,
    .options = {},
};

const MethodInfo kPortalInfo{
    .name = "portal",
    .label = "navmesh triangle A* (portals)",
    .short_label = "triangle portal",
    .help = "Triangle A* with nodes at portal (shared edge) midpoints, as Recast/Detour places them, then the "
            "funnel. Not always shortest.",
    .layers = kTriangleLayers,
    .exact = false,
    .options = {},
};

class TriangleMethod final : public NavMeshMethod, public FunnelStepper {
 public:
  explicit TriangleMethod(NodePlacement placement) : placement_(placement) {}
  const MethodInfo& info() const override { return placement_ == NodePlacement::Centre ? kCentreInfo : kPortalInfo; }

  void query(Point start, Point goal) override {
    dropQuery();
    if (!mesh()) return;
    query_ = std::make_unique<NavMeshQuery>(*mesh(), start, goal, placement_);
    setQuery(query_.get(), query_->startNode(), query_->goalNode(), start, goal);
  }
  void dropQuery() override {
    clearQuery();
    query_.reset();
    funnel_ready_ = false;
  }
  std::unique_ptr<Method> share() const override {
    if (!built()) return nullptr;
    auto copy = std::make_unique<TriangleMethod>(placement_);
    copy->shareMesh(*this);
    return copy;
  }

  /// The funnel path through the corridor's portals (its length, not the node-to-node cost).
  Path tracePath(const Path& search) const override {
    if (!search.found || !query_) return search;
    prepareFunnel(search);
    Path out = search;
    out.points = funnel_path_.points;
    out.length = funnel_path_.length;
    return out;
  }

  /// Corridor, portals and seed 003's steer portals under the search; then the path, or
  /// the funnel at the step shown.
  void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const override {
    if (!query_) return;
    if (!search.found) {
      drawPath(dd, search, layers & LayerPath);
      return;
    }
    prepareFunnel(search);
    drawCorridor(dd, *mesh(), funnel_path_.corridor, layers);
    drawPortals(dd, funnel_path_.portals, layers);
    drawSteerPortals(dd, portalCorridor(funnel_path_.portals).portals, layers);
    const FunnelState* f = funnel_position_ >= 0 ? funnelState(search, funnel_position_) : nullptr;
    if (f) {
      drawFunnel(dd, *f, funnel_path_.portals, layers);
    } else {
      drawPath(dd, worldPath(search), layers & LayerPath);
      if (!funnel_steps_.empty()) drawFunnel(dd, funnel_steps_.back(), funnel_path_.portals, layers & LayerFunnelApex);
    }
  }

  FunnelStepper* funnel() override { return this; }
  int funnelCount(const Path& search) const override {
    if (!query_ || !search.found) return 0;
    prepareFunnel(search);
    return funnel_steps_.empty() ? 0 : static_cast<int>(funnel_steps_.size()) - 1;
  }
  int funnelPosition() const override { return funnel_position_; }
  void setFunnelPosition(int k) override { funnel_position_ = k; }
  const FunnelState* funnelState(const Path& search, int k) const override {
    if (funnelCount(search) <= 0) return nullptr;
    k = std::clamp(k, 0, static_cast<int>(funnel_steps_.size()) - 1);
    return &funnel_steps_[static_cast<std::size_t>(k)];
  }
  const std::vector<FunnelPortal>& funnelPortals(const Path& search) const override {
    prepareFunnel(search);
    return funnel_path_.portals;
  }

 private:
  // The funnel of the last path asked about, cached by its node sequence.
  void prepareFunnel(const Path& search) const {
    if (!query_ || (funnel_ready_ && funnel_nodes_ == search.nodes)) return;
    funnel_path_ = pullPath(*query_, search);
    funnel_steps_ = funnel_path_.portals.size() >= 2 ? funnelSteps(funnel_path_.portals) : std::vector<FunnelState>{};
    funnel_nodes_ = search.nodes;
    funnel_ready_ = true;
  }

  NodePlacement placement_;
  std::unique_ptr<NavMeshQuery> query_;
  mutable std::vector<NodeId> funnel_nodes_;
  mutable bool funnel_ready_ = false;
  mutable NavMeshPath funnel_path_;
  mutable std::vector<FunnelState> funnel_steps_;
  int funnel_position_ = -1;
};

}  // namespace

std::unique_ptr<Method> makeTriangleCentreMethod() { return std::make_unique<TriangleMethod>(NodePlacement::Centre); }
std::unique_ptr<Method> makeTrianglePortalMethod() { return std::make_unique<TriangleMethod>(NodePlacement::Portal); }

}  // namespace polypath
