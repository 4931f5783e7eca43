// method_base.cpp: the navmesh methods' shared build, summary and drawing.
#include "methods/method_base.hpp"

#include "polypath/debug/debug_draw_navmesh.hpp"
#include "polypath/geom/navmesh_build.hpp"

namespace polypath {

void NavMeshMethod::build(const PolygonMap& map, const MethodOptions& options, const VisibilityGraph*) {
  dropQuery();
  mesh_.reset();
  options_ = options;
  auto mesh = std::make_shared<const NavMesh>(buildNavMesh(map, mergedFaces()));
  buildSearch(*mesh);
  mesh_ = std::move(mesh);
}

std::string NavMeshMethod::structureSummary() const {
  if (!mesh_) return "not built";
  return std::to_string(mesh_->faces().size()) + (mergedFaces() ? " faces, " : " triangles, ") + std::to_string(mesh_->portals().size()) + " portals";
}

void NavMeshMethod::drawStructure(DebugDraw& dd, std::uint32_t layers) const {
  if (mesh_) drawNavMesh(dd, *mesh_, layers & (LayerNavTriangles | LayerNavAdjacency));
}

}  // namespace polypath
