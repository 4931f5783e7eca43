// scene_method.cpp: MethodView: build, query, world path, drawing and funnel steps of
// the editor's search methods on a polygon map.
#include "editor/document/scene_method.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "polypath/debug/debug_draw_grid.hpp"
#include "polypath/debug/debug_draw_navmesh.hpp"
#include "polypath/debug/debug_draw_polyanya.hpp"
#include "polypath/geom/navmesh_build.hpp"

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
  std::uint32_t m = LayerRegion | LayerEdges | LayerClearanceOutline | LayerEdgeNormals | LayerVertexNormals |
                    LayerVertices | LayerPath | LayerStartGoal | LayerExpanded;
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

}  // namespace

MethodView::MethodView() = default;
MethodView::~MethodView() = default;

void MethodView::dropQuery() {
  run_.dropQuery();
  funnel_ready_ = false;
}

void MethodView::clear() {
  run_.clear();
  funnel_ready_ = false;
  funnel_nodes_.clear();
  funnel_steps_.clear();
}

void MethodView::build(const PolygonMap& map, const VisibilityGraph* graph, const MethodSettings& settings) {
  clear();
  const auto t0 = std::chrono::steady_clock::now();
  run_.build(map, graph, settings);
  build_ms_ = msSince(t0);
}

void MethodView::query(Point start, Point goal) {
  dropQuery();
  run_.query(start, goal, kMaxPolyanyaNodes);
}

Path MethodView::worldPath(const Path& search) const {
  if (run_.triangleQuery() && search.found) prepareFunnel(search);
  return run_.worldPath(search, run_.triangleQuery() ? &funnel_path_ : nullptr);
}

std::string MethodView::searchWarning() const {
  if (!run_.recorded() || !run_.recorded()->truncated()) return {};
  char buf[160];
  std::snprintf(buf, sizeof buf, "Polyanya stopped after %zu search nodes without reaching the goal (the editor's limit)",
                kMaxPolyanyaNodes);
  return buf;
}

std::string MethodView::structureSummary() const {
  char buf[96];
  if (const NavMesh* mesh = run_.navMesh())
    std::snprintf(buf, sizeof buf, "%zu triangles, %zu portals", mesh->faces().size(), mesh->portals().size());
  else if (const Grid* grid = run_.grid())
    std::snprintf(buf, sizeof buf, "%d x %d cells, %lld free", grid->width, grid->height,
                  static_cast<long long>(grid->freeCount()));
  else if (const VisibilityGraph* vis = run_.visibilityGraph())
    std::snprintf(buf, sizeof buf, "%zu nodes, %zu links", vis->nodes().size(), vis->linkCount());
  else
    return "not built";
  return buf;
}

void MethodView::drawStructure(DebugDraw& dd, std::uint32_t layers) const {
  if (const NavMesh* mesh = run_.navMesh()) drawNavMesh(dd, *mesh, layers & (LayerNavTriangles | LayerNavAdjacency));
  if (const Grid* grid = run_.grid()) drawGrid(dd, *grid, layers & LayerGridCells);
  if (const VisibilityGraph* vis = run_.visibilityGraph()) drawVisibilityGraph(dd, *vis, layers & LayerLosLinks);
}

void MethodView::drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const {
  const SearchGraph* graph = run_.graph();
  if (!graph) return;
  if (const Grid* grid = run_.grid()) {
    drawGridSearch(dd, *grid, state, layers & (LayerGridExplored | LayerGridWaiting | LayerExpanded));
    return;
  }
  if (const PolyanyaQuery* poly = run_.polyanyaQuery()) {
    drawPolyanya(dd, *poly, state, layers & (LayerClosedSet | LayerOpenSet | LayerExpanded | LayerReflexNodes));
    return;
  }
  // One call per layer so each set is drawn over the previous one.
  for (Layer l : {LayerClosedSet, LayerOpenSet, LayerRelaxed, LayerExpanded})
    if (layers & l) polypath::drawSearch(dd, *graph, state, l);
}

void MethodView::drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const {
  if (!run_.graph()) return;
  if (run_.triangleQuery() && search.found) {
    prepareFunnel(search);
    drawCorridor(dd, *run_.navMesh(), funnel_path_.corridor, layers);
    drawPortals(dd, funnel_path_.portals, layers);
    drawSteerPortals(dd, portalCorridor(funnel_path_.portals).portals, layers);
    const FunnelState* f = funnel_position_ >= 0 ? funnelState(search, funnel_position_) : nullptr;
    if (f) {
      drawFunnel(dd, *f, funnel_path_.portals, layers);
    } else {
      drawPath(dd, worldPath(search), layers & LayerPath);
      if (!funnel_steps_.empty()) drawFunnel(dd, funnel_steps_.back(), funnel_path_.portals, layers & LayerFunnelApex);
    }
    return;
  }
  if (run_.grid() && search.found) drawGridPath(dd, *run_.grid(), search, {}, layers & LayerPath);
  drawPath(dd, worldPath(search), layers & LayerPath);
}

void MethodView::prepareFunnel(const Path& search) const {
  const NavMeshQuery* tri = run_.triangleQuery();
  if (!tri) return;
  if (funnel_ready_ && funnel_nodes_ == search.nodes) return;
  funnel_path_ = pullPath(*tri, search);
  funnel_steps_ = funnel_path_.portals.size() >= 2 ? funnelSteps(funnel_path_.portals) : std::vector<FunnelState>{};
  funnel_nodes_ = search.nodes;
  funnel_ready_ = true;
}

int MethodView::funnelCount(const Path& search) const {
  if (!run_.triangleQuery() || !search.found) return 0;
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
