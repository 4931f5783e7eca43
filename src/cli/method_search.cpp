// method_search.cpp: the visibility and navmesh methods' search graphs and drawing for
// svg and trace (see method_search.hpp).
#include "cli/method_search.hpp"

#include "cli/path_navmesh.hpp"
#include "core/debug_draw_navmesh.hpp"
#include "core/debug_draw_polyanya.hpp"

namespace polypath::cli {

MethodSearch::MethodSearch(const QueryRequest& r, const LoadedQuery& q) : start_(r.start), goal_(r.goal) {
  if (r.method == "visibility") {
    vis_graph_ = &q.level->graph();
  } else {
    mesh_ = std::make_unique<NavMesh>(buildMethodNavMesh(q.searched(), r.map));
    if (r.node_placement.empty()) pmesh_ = std::make_unique<PolyanyaMesh>(*mesh_);
  }
  if (!r.start || !r.goal) return;
  try {
    if (vis_graph_) {
      vis_query_ = std::make_unique<VisibilityQuery>(*vis_graph_, *r.start, *r.goal);
      graph_ = vis_query_.get();
      start_node_ = vis_query_->startNode();
      goal_node_ = vis_query_->goalNode();
    } else if (pmesh_) {
      poly_query_ = std::make_unique<PolyanyaQuery>(*pmesh_, *r.start, *r.goal);
      graph_ = poly_query_.get();
      start_node_ = PolyanyaQuery::startNode();
      goal_node_ = PolyanyaQuery::goalNode();
    } else {
      NodePlacement placement = NodePlacement::Centre;
      parseNodePlacement(r.node_placement.c_str(), placement);  // queryOptions accepted it
      tri_query_ = std::make_unique<NavMeshQuery>(*mesh_, *r.start, *r.goal, placement);
      graph_ = tri_query_.get();
      start_node_ = tri_query_->startNode();
      goal_node_ = tri_query_->goalNode();
    }
  } catch (const QueryError& e) {
    badInput(r.map + ": " + e.what());
  }
}

MethodSearch::~MethodSearch() = default;

Path MethodSearch::worldPath(const Path& search) const {
  if (!search.found) return search;
  Path out = search;
  if (poly_query_) {
    out.points = poly_query_->pathPoints(search);
  } else if (tri_query_) {
    const NavMeshPath pulled = pullPath(*tri_query_, search);
    out.points = pulled.points;
    out.length = pulled.length;
  }
  return out;
}

void MethodSearch::drawStructure(DebugDraw& dd, std::uint32_t layers) const {
  if (vis_graph_) drawVisibilityGraph(dd, *vis_graph_, layers);
  if (mesh_) drawNavMesh(dd, *mesh_, layers);
}

void MethodSearch::drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const {
  if (poly_query_) drawPolyanya(dd, *poly_query_, state, layers & (LayerClosedSet | LayerOpenSet | LayerExpanded | LayerReflexNodes));
  else if (graph_) polypath::drawSearch(dd, *graph_, state, layers);
}

void MethodSearch::drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const {
  if (tri_query_ && search.found) {
    const NavMeshPath pulled = pullPath(*tri_query_, search);
    drawNavMeshPath(dd, *mesh_, pulled, layers);
    return;
  }
  drawPath(dd, worldPath(search), layers);
}

void MethodSearch::drawEndpoints(DebugDraw& dd, std::uint32_t layers) const {
  if (vis_query_) drawQuery(dd, *vis_query_, layers);
  else drawStartGoal(dd, start_ ? &*start_ : nullptr, goal_ ? &*goal_ : nullptr, layers);
}

}  // namespace polypath::cli
