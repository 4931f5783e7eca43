// buildNavMesh (io, GEOS constrained Delaunay): exact area cover, per-polygon areas, pinch
// points left closed, T-junction contacts triangulated.
#include <catch2/catch.hpp>

#include <cmath>

#include "polypath/core/navmesh.hpp"
#include "polypath/geom/navmesh_build.hpp"

using namespace polypath;

TEST_CASE("navmesh build: a square with a square hole", "[navmesh]") {
  const PolygonMap map({Polygon{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{4, 4}, {6, 4}, {6, 6}, {4, 6}}}}});
  const NavMesh mesh = buildNavMesh(map);
  CHECK(mesh.vertices().size() == 8);
  CHECK(mesh.faces().size() == 8);  // V + 2H - 2 = 8 + 2 - 2 for a polygon with one hole
  CHECK(mesh.area() == Approx(96.0).epsilon(1e-12));
  CHECK(mesh.facesContaining({5, 5}).empty());  // inside the hole
  CHECK(mesh.facesContaining({4, 5}).size() >= 1);  // on the hole's wall
  const NavMeshPath path = findNavMeshPath(mesh, {5, 1}, {5, 9}, NodePlacement::Centre);
  REQUIRE(path.found);
  CHECK(path.length == Approx(2.0 + 2.0 * std::sqrt(10.0)).epsilon(1e-12));  // (5,1) (4,4) (4,6) (5,9) or mirrored
}

TEST_CASE("navmesh build: holes touching at a vertex leave the pinch closed", "[navmesh]") {
  // Two square holes meet at (5,5); every triangle pair across that point meets only there.
  const PolygonMap map({Polygon{{{0, 0}, {10, 0}, {10, 10}, {0, 10}},
                                {{{3, 3}, {5, 3}, {5, 5}, {3, 5}}, {{5, 5}, {7, 5}, {7, 7}, {5, 7}}}}});
  const NavMesh mesh = buildNavMesh(map);
  CHECK(mesh.area() == Approx(92.0).epsilon(1e-12));
  // (4.5, 5.5) and (5.5, 4.5) sit in the two wedges of the pinch: the straight line through
  // (5,5) is blocked, so the navmesh path goes around a hole.
  const NavMeshPath path = findNavMeshPath(mesh, {4.5, 5.5}, {5.5, 4.5}, NodePlacement::Portal);
  REQUIRE(path.found);
  CHECK(path.length > distance({4.5, 5.5}, {5.5, 4.5}) + 1.0);
}

TEST_CASE("navmesh build: separate polygons get separate areas", "[navmesh]") {
  const PolygonMap map({Polygon{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {}}, Polygon{{{4, 0}, {8, 0}, {8, 4}, {4, 4}}, {}}});
  const NavMesh mesh = buildNavMesh(map);
  CHECK(mesh.faces().size() == 4);
  CHECK(mesh.portals().size() == 2);  // one diagonal inside each square; the shared wall is not a portal
  CHECK_FALSE(findNavMeshPath(mesh, {1, 2}, {7, 2}, NodePlacement::Centre).found);
}
