// method_run.cpp: MethodRun: build and query of the search methods on a polygon map
// (see method_run.hpp).
#include "polypath/methods/method_run.hpp"

#include <cstdio>
#include <stdexcept>

#include "polypath/geom/navmesh_build.hpp"

namespace polypath {

void MethodRun::dropQuery() {
  tri_query_.reset();
  recorded_.reset();
  poly_query_.reset();
  vis_query_.reset();
  graph_ = nullptr;
  start_node_ = goal_node_ = kNoNode;
}

void MethodRun::clear() {
  dropQuery();
  grid_graph_.reset();
  grid_.reset();
  pmesh_.reset();
  mesh_.reset();
  vis_graph_ = nullptr;
  built_ = false;
}

void MethodRun::build(const PolygonMap& map, const VisibilityGraph* graph, const MethodSettings& settings) {
  clear();
  settings_ = settings;
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
  built_ = true;
}

void MethodRun::query(Point start, Point goal, std::size_t polyanya_limit) {
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
      if (polyanya_limit > 0) recorded_ = std::make_unique<RecordedGraph>(*poly_query_, polyanya_limit);
      graph_ = recorded_ ? static_cast<const SearchGraph*>(recorded_.get()) : poly_query_.get();
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
      if (s < 0 || g < 0) {
        const Point p = s < 0 ? start : goal;
        char buf[160];
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

Path MethodRun::worldPath(const Path& search, const NavMeshPath* pulled) const {
  if (!search.found || !graph_) return search;
  Path out = search;
  if (poly_query_) {
    out.points = poly_query_->pathPoints(search);
  } else if (tri_query_) {
    const NavMeshPath own = pulled ? NavMeshPath{} : pullPath(*tri_query_, search);
    const NavMeshPath& p = pulled ? *pulled : own;
    out.points = p.points;
    out.length = p.length;
  } else if (grid_graph_) {
    out.length = search.length / grid_graph_->costPerUnit();
  }
  return out;
}

}  // namespace polypath
