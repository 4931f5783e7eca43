// buildNavMesh (polypath's constrained Delaunay triangulation): exact area cover, per-polygon areas, pinch
// points left closed, T-junction contacts triangulated.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include <random>

#include "polypath/core/navmesh.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "reference/synthetic_maps.hpp"

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

TEST_CASE("navmesh build: merged, a square with a square hole becomes four convex faces", "[navmesh][merge]") {
  const PolygonMap map({Polygon{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{4, 4}, {6, 4}, {6, 6}, {4, 6}}}}});
  const NavMesh mesh = buildNavMesh(map, true);
  // Eight triangles; the ring between the squares cannot be fewer than four convex faces
  // (each hole corner is reflex for the region and must end a portal).
  CHECK(mesh.faces().size() == 4);
  CHECK(mesh.portals().size() == 4);
  CHECK(mesh.area() == Approx(96.0).epsilon(1e-12));
  for (std::size_t f = 0; f < mesh.faces().size(); ++f) {
    const auto& v = mesh.faces()[f].v;
    for (std::size_t i = 0; i < v.size(); ++i)  // strictly convex, counter-clockwise
      CHECK(orient(mesh.corner(static_cast<int>(f), static_cast<int>(i)),
                   mesh.corner(static_cast<int>(f), static_cast<int>((i + 1) % v.size())),
                   mesh.corner(static_cast<int>(f), static_cast<int>((i + 2) % v.size()))) > 0);
  }
}

TEST_CASE("navmesh build: merging keeps the pinch closed and the areas apart", "[navmesh][merge]") {
  const PolygonMap pinch({Polygon{{{0, 0}, {10, 0}, {10, 10}, {0, 10}},
                                  {{{3, 3}, {5, 3}, {5, 5}, {3, 5}}, {{5, 5}, {7, 5}, {7, 7}, {5, 7}}}}});
  const NavMesh mesh = buildNavMesh(pinch, true);
  CHECK(mesh.area() == Approx(92.0).epsilon(1e-12));
  CHECK(mesh.faces().size() < buildNavMesh(pinch).faces().size());
  // The two wedges of the pinch are in no common face and no face spans the pinch.
  const std::vector<int> a = mesh.facesContaining({4.5, 5.5}), b = mesh.facesContaining({5.5, 4.5});
  REQUIRE(!a.empty());
  REQUIRE(!b.empty());
  for (int f : a) CHECK(std::find(b.begin(), b.end(), f) == b.end());
  const NavMeshPath around = findNavMeshPath(mesh, {4.5, 5.5}, {5.5, 4.5}, NodePlacement::Portal);
  REQUIRE(around.found);
  CHECK(around.length > distance({4.5, 5.5}, {5.5, 4.5}) + 1.0);
  const PolygonMap two({Polygon{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {}}, Polygon{{{4, 0}, {8, 0}, {8, 4}, {4, 4}}, {}}});
  const NavMesh squares = buildNavMesh(two, true);
  CHECK(squares.faces().size() == 2);  // one square each, not merged across the polygons' wall
  CHECK(squares.portals().empty());
}

TEST_CASE("navmesh build: a polygon of thousands of vertices gives the visibility graph's lengths",
          "[navmesh][large]") {
  // One field with about 3,000 obstacle vertices, triangulated whole.
  const PolygonMap map(reference::syntheticMap(reference::Family::Convex, 3000, 4));
  REQUIRE(map.polygons().size() == 1);
  REQUIRE(map.vertices().size() > 2000);
  const VisibilityGraph graph(map);
  auto area = [](const Ring& r) {  // shoelace
    double a = 0.0;
    for (std::size_t i = 0; i < r.size(); ++i) a += cross(r[i], r[(i + 1) % r.size()]);
    return std::abs(a) / 2;
  };
  double region = area(map.polygons()[0].outer);
  for (const Ring& h : map.polygons()[0].holes) region -= area(h);
  for (bool merged : {false, true}) {
    INFO((merged ? "merged" : "triangles"));
    const NavMesh mesh = buildNavMesh(map, merged);
    // No vertex is added: n ring vertices and h holes, none touching, make n + 2h - 2
    // triangles.
    CHECK(mesh.vertices().size() == map.vertices().size());
    if (!merged) CHECK(mesh.faces().size() == map.vertices().size() + 2 * map.polygons()[0].holes.size() - 2);
    CHECK(mesh.area() == Approx(region).epsilon(1e-9));
    const PolyanyaMesh pmesh(mesh);
    const PolygonMap::Bounds b = map.bounds();
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> ux(b.min.x, b.max.x), uy(b.min.y, b.max.y);
    int compared = 0;
    while (compared < 40) {
      const Point s{ux(rng), uy(rng)}, g{ux(rng), uy(rng)};
      if (!map.isWalkable(s) || !map.isWalkable(g)) continue;
      const Path want = findPath(graph, s, g);
      const Path got = findPolyanyaPath(pmesh, s, g);
      REQUIRE(got.found == want.found);
      CHECK(got.length == Approx(want.length).epsilon(1e-9));
      ++compared;
    }
  }
}
