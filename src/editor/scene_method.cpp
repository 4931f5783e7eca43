// scene_method.cpp: MethodView: build, query, world path, drawing and funnel steps of
// the editor's search methods on a polygon map.
#include "editor/scene_method.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "core/debug_draw_grid.hpp"
#include "core/debug_draw_navmesh.hpp"
#include "core/debug_draw_polyanya.hpp"
#include "io/navmesh_build.hpp"

namespace polypath::editor {

// [SECTION] Methods

const char* methodName(MethodKind kind) {
  switch (kind) {
    case MethodKind::Visibility: return "visibility graph";
    case MethodKind::NavmeshExact: return "navmesh exact (Polyanya)";
    case MethodKind::NavmeshCentre: return "navmesh triangle A* (centres)";
    case MethodKind::NavmeshPortal: return "navmesh triangle A* (portals)";
    case MethodKind::Grid: return "grid";
  }
  return "?";
}

const char* methodShortName(MethodKind kind) {
  switch (kind) {
    case MethodKind::Visibility: return "visibility";
    case MethodKind::NavmeshExact: return "Polyanya";
    case MethodKind::NavmeshCentre: return "triangle centre";
    case MethodKind::NavmeshPortal: return "triangle portal";
    case MethodKind::Grid: return "grid";
  }
  return "?";
}

bool isNavmesh(MethodKind kind) {
  return kind == MethodKind::NavmeshExact || kind == MethodKind::NavmeshCentre || kind == MethodKind::NavmeshPortal;
}

bool isTriangleSearch(MethodKind kind) {
  return kind == MethodKind::NavmeshCentre || kind == MethodKind::NavmeshPortal;
}

std::string describe(const MethodSettings& s) {
  if (s.kind != MethodKind::Grid) return methodName(s.kind);
  char buf[64];
  std::snprintf(buf, sizeof buf, "grid (cell %.3g)", s.cell_size);
  return buf;
}

bool parseMethod(const std::string& text, MethodSettings& out) {
  MethodSettings m;
  if (text == "visibility") m.kind = MethodKind::Visibility;
  else if (text == "polyanya") m.kind = MethodKind::NavmeshExact;
  else if (text == "centre" || text == "center") m.kind = MethodKind::NavmeshCentre;
  else if (text == "portal") m.kind = MethodKind::NavmeshPortal;
  else if (text == "grid") m.kind = MethodKind::Grid;
  else if (text.rfind("grid:", 0) == 0) {
    m.kind = MethodKind::Grid;
    try {
      std::size_t used = 0;
      m.cell_size = std::stod(text.substr(5), &used);
      if (used != text.size() - 5) return false;
    } catch (const std::exception&) {
      return false;
    }
    if (!(m.cell_size > 0.0) || !std::isfinite(m.cell_size)) return false;
  } else {
    return false;
  }
  out = m;
  return true;
}

std::uint32_t methodLayers(MethodKind kind) {
  std::uint32_t m = LayerRegion | LayerEdges | LayerEdgeNormals | LayerVertexNormals | LayerVertices | LayerPath |
                    LayerStartGoal | LayerExpanded;
  constexpr std::uint32_t kGraphSearch = LayerClosedSet | LayerOpenSet | LayerRelaxed;
  switch (kind) {
    case MethodKind::Visibility: m |= kGraphSearch | LayerReflexNodes | LayerLosLinks | LayerStartGoalLinks; break;
    // Polyanya draws its closed and open intervals, no relaxed arcs (MethodView::drawSearch).
    case MethodKind::NavmeshExact: m |= LayerClosedSet | LayerOpenSet | LayerNavTriangles | LayerNavAdjacency | LayerReflexNodes; break;
    case MethodKind::NavmeshCentre:
    case MethodKind::NavmeshPortal: m |= kGraphSearch | kNavMeshLayers; break;
    // The grid search draws its sets as cells, not as graph nodes and links.
    case MethodKind::Grid: m |= LayerGridCells | LayerGridExplored | LayerGridWaiting; break;
  }
  return m;
}

// [SECTION] MethodView

namespace {

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// Draws every line `width` pixels wide in one colour: the seed 003 portals over the others.
class SteerDraw final : public DebugDraw {
 public:
  explicit SteerDraw(DebugDraw& out) : out_(out) {}
  void line(Point a, Point b, Color, float) override { out_.line(a, b, kSteerPortalColor, 5.0f); }
  void point(Point p, Color, float radius) override { out_.point(p, kSteerPortalColor, radius + 1.5f); }
  void fillRings(const std::vector<const Ring*>&, Color) override {}
  void text(Point, std::string_view, Color) override {}

 private:
  DebugDraw& out_;
};

}  // namespace

MethodView::MethodView() = default;
MethodView::~MethodView() = default;

void MethodView::dropQuery() {
  tri_query_.reset();
  recorded_.reset();
  poly_query_.reset();
  vis_query_.reset();
  graph_ = nullptr;
  start_node_ = goal_node_ = kNoNode;
  funnel_ready_ = false;
}

void MethodView::clear() {
  dropQuery();
  grid_graph_.reset();
  grid_.reset();
  pmesh_.reset();
  mesh_.reset();
  vis_graph_ = nullptr;
  built_ = false;
  funnel_ready_ = false;
  funnel_nodes_.clear();
  funnel_steps_.clear();
}

void MethodView::build(const PolygonMap& map, const VisibilityGraph* graph, const MethodSettings& settings) {
  const int funnel = funnel_position_;
  clear();
  settings_ = settings;
  funnel_position_ = funnel;
  const auto t0 = std::chrono::steady_clock::now();
  switch (settings.kind) {
    case MethodKind::Visibility:
      if (!graph) throw std::invalid_argument("the visibility graph is not built");
      vis_graph_ = graph;
      break;
    case MethodKind::NavmeshExact:
    case MethodKind::NavmeshCentre:
    case MethodKind::NavmeshPortal:
      mesh_ = std::make_unique<NavMesh>(buildNavMesh(map));
      if (settings.kind == MethodKind::NavmeshExact) pmesh_ = std::make_unique<PolyanyaMesh>(*mesh_);
      break;
    case MethodKind::Grid:
      grid_ = std::make_unique<Grid>(rasterize(map, settings.cell_size));
      grid_graph_ = std::make_unique<GridGraph>(*grid_);
      break;
  }
  build_ms_ = msSince(t0);
  built_ = true;
}

void MethodView::query(Point start, Point goal) {
  dropQuery();
  if (!built_) return;
  switch (settings_.kind) {
    case MethodKind::Visibility:
      vis_query_ = std::make_unique<VisibilityQuery>(*vis_graph_, start, goal);
      graph_ = vis_query_.get();
      start_node_ = vis_query_->startNode();
      goal_node_ = vis_query_->goalNode();
      break;
    case MethodKind::NavmeshExact:
      poly_query_ = std::make_unique<PolyanyaQuery>(*pmesh_, start, goal);
      recorded_ = std::make_unique<RecordedGraph>(*poly_query_, kMaxPolyanyaNodes);
      graph_ = recorded_.get();
      start_node_ = PolyanyaQuery::startNode();
      goal_node_ = PolyanyaQuery::goalNode();
      break;
    case MethodKind::NavmeshCentre:
    case MethodKind::NavmeshPortal:
      tri_query_ = std::make_unique<NavMeshQuery>(
          *mesh_, start, goal,
          settings_.kind == MethodKind::NavmeshCentre ? NodePlacement::Centre : NodePlacement::Portal);
      graph_ = tri_query_.get();
      start_node_ = tri_query_->startNode();
      goal_node_ = tri_query_->goalNode();
      break;
    case MethodKind::Grid: {
      const int s = grid_->locate(start), g = grid_->locate(goal);
      char buf[160];
      if (s < 0 || g < 0) {
        const Point p = s < 0 ? start : goal;
        std::snprintf(buf, sizeof buf, "%s (%.6g, %.6g) lies on no free cell of the grid (cell %.3g); use a smaller cell",
                      s < 0 ? "start" : "goal", p.x, p.y, settings_.cell_size);
        throw QueryError(buf);
      }
      graph_ = grid_graph_.get();
      start_node_ = s;
      goal_node_ = g;
      break;
    }
  }
}

Path MethodView::worldPath(const Path& search) const {
  if (!search.found || !graph_) return search;
  Path out = search;
  if (poly_query_) {
    out.points = poly_query_->pathPoints(search);
  } else if (tri_query_) {
    prepareFunnel(search);
    out.points = funnel_path_.points;
    out.length = funnel_path_.length;
  } else if (grid_graph_) {
    out.length = search.length / grid_graph_->costPerUnit();
  }
  return out;
}

std::string MethodView::searchWarning() const {
  if (!recorded_ || !recorded_->truncated()) return {};
  char buf[160];
  std::snprintf(buf, sizeof buf, "Polyanya stopped after %zu search nodes without reaching the goal (the editor's limit)",
                kMaxPolyanyaNodes);
  return buf;
}

std::string MethodView::structureSummary() const {
  char buf[96];
  if (mesh_)
    std::snprintf(buf, sizeof buf, "%zu triangles, %zu portals", mesh_->faces().size(), mesh_->portals().size());
  else if (grid_)
    std::snprintf(buf, sizeof buf, "%d x %d cells, %lld free", grid_->width, grid_->height,
                  static_cast<long long>(grid_->freeCount()));
  else if (vis_graph_)
    std::snprintf(buf, sizeof buf, "%zu nodes, %zu links", vis_graph_->nodes().size(), vis_graph_->links().size());
  else
    return "not built";
  return buf;
}

void MethodView::drawStructure(DebugDraw& dd, std::uint32_t layers) const {
  if (mesh_) drawNavMesh(dd, *mesh_, layers & (LayerNavTriangles | LayerNavAdjacency));
  if (grid_) drawGrid(dd, *grid_, layers & LayerGridCells);
  if (vis_graph_) drawVisibilityGraph(dd, *vis_graph_, layers & LayerLosLinks);
}

void MethodView::drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const {
  if (!graph_) return;
  if (grid_) {
    drawGridSearch(dd, *grid_, state, layers & (LayerGridExplored | LayerGridWaiting | LayerExpanded));
    return;
  }
  if (poly_query_) {
    drawPolyanya(dd, *poly_query_, state, layers & (LayerClosedSet | LayerOpenSet | LayerExpanded | LayerReflexNodes));
    return;
  }
  // One call per layer so each set is drawn over the previous one.
  for (Layer l : {LayerClosedSet, LayerOpenSet, LayerRelaxed, LayerExpanded})
    if (layers & l) polypath::drawSearch(dd, *graph_, state, l);
}

void MethodView::drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const {
  if (!graph_) return;
  if (tri_query_ && search.found) {
    prepareFunnel(search);
    drawCorridor(dd, *mesh_, funnel_path_.corridor, layers);
    drawPortals(dd, funnel_path_.portals, layers);
    SteerDraw steer(dd);
    drawPortals(steer, portalCorridor(funnel_path_.portals).portals, layers);
    const FunnelState* f = funnel_position_ >= 0 ? funnelState(search, funnel_position_) : nullptr;
    if (f) {
      drawFunnel(dd, *f, funnel_path_.portals, layers);
    } else {
      drawPath(dd, worldPath(search), layers & LayerPath);
      if (!funnel_steps_.empty()) drawFunnel(dd, funnel_steps_.back(), funnel_path_.portals, layers & LayerFunnelApex);
    }
    return;
  }
  if (grid_ && search.found) drawGridPath(dd, *grid_, search, {}, layers & LayerPath);
  drawPath(dd, worldPath(search), layers & LayerPath);
}

void MethodView::prepareFunnel(const Path& search) const {
  if (!tri_query_) return;
  if (funnel_ready_ && funnel_nodes_ == search.nodes) return;
  funnel_path_ = pullPath(*tri_query_, search);
  funnel_steps_ = funnel_path_.portals.size() >= 2 ? funnelSteps(funnel_path_.portals) : std::vector<FunnelState>{};
  funnel_nodes_ = search.nodes;
  funnel_ready_ = true;
}

int MethodView::funnelCount(const Path& search) const {
  if (!tri_query_ || !search.found) return 0;
  prepareFunnel(search);
  return funnel_steps_.empty() ? 0 : static_cast<int>(funnel_steps_.size()) - 1;
}

const FunnelState* MethodView::funnelState(const Path& search, int k) const {
  if (funnelCount(search) <= 0) return nullptr;
  k = std::max(0, std::min(k, static_cast<int>(funnel_steps_.size()) - 1));
  return &funnel_steps_[static_cast<std::size_t>(k)];
}

const std::vector<FunnelPortal>& MethodView::funnelPortals(const Path& search) const {
  prepareFunnel(search);
  return funnel_path_.portals;
}

}  // namespace polypath::editor
