// method_search.cpp: the visibility and navmesh methods' search graphs and drawing for
// svg and trace (see method_search.hpp).
#include "cli/method_search.hpp"

#include "polypath/debug/debug_draw_navmesh.hpp"
#include "polypath/debug/debug_draw_polyanya.hpp"

namespace polypath::cli {

namespace {

/// The shared method `r` asks for: visibility, or navmesh with Polyanya (no node
/// placement) or triangle A* (centre or portal nodes; queryOptions checked the name).
MethodSettings methodSettings(const QueryRequest& r) {
  MethodSettings s;
  if (r.method == "visibility") {
    s.kind = MethodKind::Visibility;
  } else if (r.node_placement.empty()) {
    s.kind = MethodKind::NavmeshExact;
  } else {
    NodePlacement placement = NodePlacement::Centre;
    parseNodePlacement(r.node_placement.c_str(), placement);  // queryOptions accepted it
    s.kind = placement == NodePlacement::Centre ? MethodKind::NavmeshCentre : MethodKind::NavmeshPortal;
  }
  return s;
}

}  // namespace

MethodSearch::MethodSearch(const QueryRequest& r, const LoadedQuery& q) : start_(r.start), goal_(r.goal) {
  const MethodSettings settings = methodSettings(r);
  try {
    run_.build(q.searched(), settings.kind == MethodKind::Visibility ? &q.level->graph() : nullptr, settings);
  } catch (const GeometryError& e) {
    badInput(r.map + ": cannot build the navigation mesh: " + e.what());
  }
  if (!r.start || !r.goal) return;
  try {
    run_.query(*r.start, *r.goal);
  } catch (const QueryError& e) {
    badInput(r.map + ": " + e.what());
  }
}

MethodSearch::~MethodSearch() = default;

Path MethodSearch::worldPath(const Path& search) const { return run_.worldPath(search); }

void MethodSearch::drawStructure(DebugDraw& dd, std::uint32_t layers) const {
  if (const VisibilityGraph* vis = run_.visibilityGraph()) drawVisibilityGraph(dd, *vis, layers);
  if (const NavMesh* mesh = run_.navMesh()) drawNavMesh(dd, *mesh, layers);
}

void MethodSearch::drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const {
  if (const PolyanyaQuery* poly = run_.polyanyaQuery())
    drawPolyanya(dd, *poly, state, layers & (LayerClosedSet | LayerOpenSet | LayerExpanded | LayerReflexNodes));
  else if (const SearchGraph* graph = run_.graph())
    polypath::drawSearch(dd, *graph, state, layers);
}

void MethodSearch::drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const {
  if (const NavMeshQuery* tri = run_.triangleQuery(); tri && search.found) {
    const NavMeshPath pulled = pullPath(*tri, search);
    drawNavMeshPath(dd, *run_.navMesh(), pulled, layers);
    return;
  }
  drawPath(dd, worldPath(search), layers);
}

void MethodSearch::drawEndpoints(DebugDraw& dd, std::uint32_t layers) const {
  if (const VisibilityQuery* vis = run_.visibilityQuery()) drawQuery(dd, *vis, layers);
  else drawStartGoal(dd, start_ ? &*start_ : nullptr, goal_ ? &*goal_ : nullptr, layers);
}

}  // namespace polypath::cli
