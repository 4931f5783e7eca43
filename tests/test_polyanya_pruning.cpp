// Polyanya's root-level pruning and dead-end (bridge) pruning on small maps built so that a
// flaw shows: two routes of equal length reach one corner, one seeing it as the right end of
// its cone and the other as the left end; and FaceBridges on meshes whose bridges are known.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "polypath/core/face_bridges.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "support/pinch_meshes.hpp"

using namespace polypath;

namespace {

// Start S = (10, 10); c1 = (13, 12) is the tip of a thin hole, c2 = (19, 16) the tip of a
// spike from the bottom wall, both on the line through S with direction (3, 2), both
// obstacles on the right of it. The goal (52, 30) lies in a pocket behind a second spike from
// the top wall (tip c3 = (42, -2)): the only shortest path is S -> c2 -> c3 -> goal, grazing
// c1. Polyanya reaches c2 twice with the same length: straight from S (c2 is the right end
// of S's cone; the path must turn right there) and through c1 (c2 is the left end of c1's
// cone; it turns left). In doubles sqrt(13) + sqrt(52) < sqrt(117), so the route through c1
// has the smaller g. Pruning per vertex without a tolerance drops the right turn and finds
// no path at all. `mirror` reflects the map in x (the turns swap sides).
PolygonMap twoCornersOnALine(bool mirror) {
  auto p = [mirror](double x, double y) { return Point{mirror ? -x : x, y}; };
  Polygon poly;
  poly.outer = {p(0, -10), p(35, -10), p(19, 16), p(38, -10), p(60, -10),
                p(60, 40), p(45, 40),  p(42, -2), p(41, 40),  p(0, 40)};
  poly.holes = {{p(13, 12), p(17, 7), p(16, 6)}};
  return PolygonMap({poly});
}

/// Edge index of face f whose neighbour is g (-1 if none).
int edgeTo(const NavMesh& mesh, int f, int g) {
  const auto& nb = mesh.faces()[f].neighbour;
  for (std::size_t i = 0; i < nb.size(); ++i)
    if (nb[i] == g) return static_cast<int>(i);
  return -1;
}

}  // namespace

TEST_CASE("polyanya: equal-length routes reaching a corner from both sides of a cone are both kept",
          "[polyanya][pruning]") {
  // The premise: the route through c1 is shorter in doubles than the straight one.
  REQUIRE(std::sqrt(13.0) + std::sqrt(52.0) < std::sqrt(117.0));
  const double expected = std::sqrt(117.0) + std::hypot(23.0, 18.0) + std::hypot(10.0, 32.0);
  for (bool mirror : {false, true}) {
    INFO("mirror " << mirror);
    const PolygonMap map = twoCornersOnALine(mirror);
    const NavMesh mesh = buildNavMesh(map);
    const PolyanyaMesh pmesh(mesh);
    const double sx = mirror ? -1.0 : 1.0;
    const Point start{10 * sx, 10}, goal{52 * sx, 30};
    const Path path = findPolyanyaPath(pmesh, start, goal);
    REQUIRE(path.found);
    CHECK(path.length == Approx(expected).epsilon(1e-12));
    const VisibilityGraph graph(map);
    const Path visibility = findPath(graph, start, goal);
    REQUIRE(visibility.found);
    CHECK(path.length == Approx(visibility.length).epsilon(1e-12));
    REQUIRE(path.points.size() == 4);
    CHECK(path.points[1] == Point{19 * sx, 16});
    CHECK(path.points[2] == Point{42 * sx, -2});
  }
}

TEST_CASE("face bridges: a chain of squares is all bridges, a ring has none", "[polyanya][pruning]") {
  const NavMesh u = test::pinchU();  // faces 0 A, 1 B, 2 C, 3 D, 4 E, 5 F, 6 G; chain A-C-D-E-F-G-B
  const FaceBridges fb(u);
  CHECK(fb.componentCount() == 7);
  int bridges = 0;
  for (int f = 0; f < 7; ++f)
    for (std::size_t i = 0; i < u.faces()[f].v.size(); ++i) bridges += fb.isBridge(f, static_cast<int>(i));
  CHECK(bridges == 12);  // 6 shared edges, each seen from both faces
  // Goal in D (face 3): from C go on to D, never back to A; from E go back to D, not on to F.
  const std::vector<int> goal = {fb.component(3)};
  CHECK(fb.mayLeadTo(2, edgeTo(u, 2, 3), goal));
  CHECK_FALSE(fb.mayLeadTo(2, edgeTo(u, 2, 0), goal));
  CHECK(fb.mayLeadTo(4, edgeTo(u, 4, 3), goal));
  CHECK_FALSE(fb.mayLeadTo(4, edgeTo(u, 4, 5), goal));
  // A goal on the edge between D and E lies in both: both directions across it stay open.
  const std::vector<int> both = {fb.component(3), fb.component(4)};
  CHECK(fb.mayLeadTo(3, edgeTo(u, 3, 4), both));
  CHECK(fb.mayLeadTo(4, edgeTo(u, 4, 3), both));
  CHECK(fb.connected(0, 1));

  // Eight unit squares around the blocked centre of [0,3]x[0,3]: one cycle, no bridge.
  std::vector<Point> v;
  for (int y = 0; y <= 3; ++y)
    for (int x = 0; x <= 3; ++x) v.push_back({static_cast<double>(x), static_cast<double>(y)});
  auto id = [](int x, int y) { return y * 4 + x; };
  std::vector<NavMesh::FaceInput> faces;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x)
      if (x != 1 || y != 1) faces.push_back({{id(x, y), id(x + 1, y), id(x + 1, y + 1), id(x, y + 1)}, 0});
  const NavMesh ring(v, faces);
  const FaceBridges rb(ring);
  CHECK(rb.componentCount() == 1);
  for (int f = 0; f < 8; ++f)
    for (std::size_t i = 0; i < ring.faces()[f].v.size(); ++i) CHECK_FALSE(rb.isBridge(f, static_cast<int>(i)));
}
