// Polyanya on small hand-made meshes: start == goal, start and goal on edges and vertices, a
// pinch vertex (two squares touching at a corner: never passed), a path around a corner of
// degree > 2, stepping through the one engine (nodes created while searching) and drawing.
#include <catch2/catch.hpp>

#include <cmath>

#include "polypath/debug/debug_draw_polyanya.hpp"
#include "polypath/core/polyanya.hpp"

#include "support/pinch_meshes.hpp"

using namespace polypath;

namespace {

// An L-shaped room: [0,2]x[0,1] and [0,1]x[1,2], triangles fanning around the reflex corner
// (1,1), which has degree 5.
NavMesh lRoom() {
  return NavMesh({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}},
                 {{{0, 1, 3}}, {{1, 2, 3}}, {{0, 3, 5}}, {{3, 4, 5}}});
}

struct CountingDraw final : DebugDraw {
  int lines = 0, points = 0;
  void line(Point, Point, Color, float) override { ++lines; }
  void point(Point, Color, float) override { ++points; }
  void fillRings(const std::vector<const Ring*>&, Color) override {}
  void text(Point, std::string_view, Color) override {}
};

}  // namespace

TEST_CASE("polyanya: around a corner of degree 5, from and to vertices and edges", "[polyanya]") {
  const NavMesh mesh = lRoom();
  const PolyanyaMesh pm(mesh);
  struct Q {
    Point s, g;
    double length;
    std::size_t points;
  };
  const Q queries[] = {
      {{1.5, 0.5}, {0.5, 1.5}, 2 * std::hypot(0.5, 0.5), 2},  // straight through the corner
      {{1.5, 0.75}, {0.75, 1.5}, 2 * std::hypot(0.5, 0.25), 3},  // turns at (1,1)
      {{2, 1}, {1, 2}, 2.0, 3},                               // vertex to vertex around the corner
      {{2, 0.5}, {0.5, 2}, 2 * std::hypot(1.0, 0.5), 3},      // edge points
      {{1, 1}, {0, 0}, std::sqrt(2.0), 2},                    // from the corner itself
      {{0, 0}, {2, 0}, 2.0, 2},                               // along a wall
      {{0.25, 0.25}, {0.25, 0.25}, 0.0, 1},                   // start == goal
      {{1, 1}, {1, 1}, 0.0, 1},                               // start == goal on the corner
  };
  for (const Q& q : queries) {
    INFO("(" << q.s.x << ", " << q.s.y << ") -> (" << q.g.x << ", " << q.g.y << ")");
    const Path p = findPolyanyaPath(pm, q.s, q.g);
    REQUIRE(p.found);
    CHECK(p.length == Approx(q.length).epsilon(1e-12).margin(1e-15));
    CHECK(p.points.size() == q.points);
    CHECK(polylineLength(p.points) == Approx(p.length).epsilon(1e-12).margin(1e-15));
  }
  CHECK_THROWS_AS(PolyanyaQuery(pm, {1.5, 1.5}, {0, 0}), QueryError);
}

TEST_CASE("polyanya: a pinch vertex is never passed, the path goes around", "[polyanya]") {
  const NavMesh mesh = test::pinchU();
  const PolyanyaMesh pm(mesh);
  // From A to B: the straight line passes the pinch (1,1); the path goes round the U:
  // (0.9,1.1) -> (1,2) -> (2,2) -> (2,1) -> (1.1,0.9).
  const Path p = findPolyanyaPath(pm, {0.9, 1.1}, {1.1, 0.9});
  REQUIRE(p.found);
  CHECK(p.length == Approx(2 * std::hypot(0.1, 0.9) + 2.0).epsilon(1e-12));
  REQUIRE(p.points.size() == 5);
  CHECK(p.points[1] == Point{1, 2});
  CHECK(p.points[2] == Point{2, 2});
  CHECK(p.points[3] == Point{2, 1});
  // Start at the pinch vertex itself: it belongs to both squares.
  CHECK(findPolyanyaPath(pm, {1, 1}, {1.5, 0.5}).length == Approx(std::hypot(0.5, 0.5)).epsilon(1e-12));
}

TEST_CASE("polyanya: stepping creates nodes, the engine grows its records, drawing", "[polyanya]") {
  const NavMesh mesh = test::pinchU();
  const PolyanyaMesh pm(mesh);
  const PolyanyaQuery query(pm, {0.9, 1.1}, {1.1, 0.9});
  CHECK(query.nodeCount() == 2);
  Search search;
  search.init(query, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode());
  search.step();
  CHECK(query.nodeCount() > 2);
  CHECK(search.state().nodeCount() == query.nodeCount());
  CountingDraw dd;
  drawPolyanya(dd, query, search.state(), kAllLayers);
  // Every open interval node: the interval and two root lines.
  CHECK(dd.lines == 3 * static_cast<int>(search.state().openSet().size()));
  search.run();
  const Path path = search.finalize();
  REQUIRE(path.found);
  CHECK(path.length == Approx(findPolyanyaPath(pm, {0.9, 1.1}, {1.1, 0.9}).length).epsilon(1e-15));
  CHECK(query.pathPoints(path).size() == 5);
}

TEST_CASE("polyanya: a run along a line past a vertex inside the region turns at the next corner", "[polyanya]") {
  // The room [0,4]x[0,4] meshed round a vertex inside it, c = (2,2), as the mesh builder's
  // cells leave such vertices: F1 (the bottom half, straight at c), F2 and F3 (the top
  // quarters). A corridor C1 leaves F1 through x = 4 and turns up into C2, behind the
  // wall from (4,2) to (5,2). From s = (1,2), on the edge F1 | F2, the edge (4,2)-(2,2) of F1
  // lies on the line through s: the path runs along it, past c and (4,2), to the corner
  // (5,2), then up to the goal.
  const NavMesh mesh({{0, 0}, {4, 0}, {4, 2}, {2, 2}, {0, 2}, {2, 4}, {0, 4}, {4, 4}, {7, 0}, {7, 2}, {5, 2}, {7, 6}, {5, 6}},
                     {{{0, 1, 2, 3, 4}},  // F1
                      {{4, 3, 5, 6}},     // F2
                      {{3, 2, 7, 5}},     // F3
                      {{1, 8, 9, 10, 2}},  // C1
                      {{10, 9, 11, 12}}});  // C2
  const PolyanyaMesh pm(mesh);
  PolyanyaPathfinder finder(pm);
  finder.setExpansionLimit(1000);  // rooted at c, the search walked round it for ever
  const Path p = finder.find({1, 2}, {6, 5});
  REQUIRE_FALSE(finder.truncated());
  REQUIRE(p.found);
  CHECK(std::abs(p.length - (4.0 + std::sqrt(10.0))) < 1e-12);
  // The turn at (5,2); a root on the way there (at the corner (4,2)) may be listed too.
  REQUIRE(p.points.size() >= 3);
  CHECK(p.points[p.points.size() - 2] == Point{5, 2});
  for (std::size_t i = 1; i + 1 < p.points.size(); ++i) CHECK(p.points[i].y == 2.0);
  CHECK(p.expanded < 20);
}

TEST_CASE("polyanya: start and goal in parts of the mesh that share no edge: no path, no node made", "[polyanya]") {
  // Two unit squares apart, and two touching only at a corner (a pinch: not passable). The
  // first two are cut in four triangles round their centres: a cycle of faces, which the
  // bridge pruning (FaceBridges) does not close off, so a search would have work to do.
  const NavMesh mesh({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5, 0.5}, {3, 0}, {4, 0}, {4, 1}, {3, 1}, {3.5, 0.5}, {5, 1},
                      {5, 2}, {4, 2}},
                     {{{0, 1, 4}}, {{1, 2, 4}}, {{2, 3, 4}}, {{3, 0, 4}},
                      {{5, 6, 9}}, {{6, 7, 9}}, {{7, 8, 9}}, {{8, 5, 9}},
                      {{7, 10, 11, 12}}});
  const PolyanyaMesh pm(mesh);
  struct Q {
    Point s, g;
  };
  for (const Q& q : {Q{{0.5, 0.2}, {3.5, 0.2}}, Q{{0.5, 0.2}, {4.5, 1.5}}, Q{{3.5, 0.2}, {4.5, 1.5}}}) {
    INFO("(" << q.s.x << ", " << q.s.y << ") -> (" << q.g.x << ", " << q.g.y << ")");
    const PolyanyaQuery query(pm, q.s, q.g);
    const Path p = findPath(query, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode());
    CHECK_FALSE(p.found);
    CHECK(p.expanded == 1);          // the start
    CHECK(query.nodeCount() == 2);  // start and goal: nothing was searched
  }
  // The same squares joined to nothing else still search their own triangles.
  const PolyanyaQuery within(pm, {3.5, 0.2}, {3.2, 0.8});
  CHECK(findPath(within, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode()).length ==
        Approx(std::hypot(0.3, 0.6)).epsilon(1e-12));
  CHECK(within.nodeCount() > 2);
}
