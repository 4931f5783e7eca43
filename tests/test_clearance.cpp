// test_clearance.cpp: the walkable region eroded by an agent radius (io/clearance.hpp):
// eroded shapes, merged holes, dropped areas, the clearance of paths, start and goal
// placement, and the per-map cache of radii.
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/formats/map_io.hpp"
#include "support/oracle.hpp"
#include "support/segment_distance.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
using Catch::Matchers::Contains;

namespace {

Polygon square(double x0, double y0, double x1, double y1) { return {{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, {}}; }

Ring squareRing(double x0, double y0, double x1, double y1) { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

// A 10 x 10 room with the square hole [3, 7] x [3, 7].
std::vector<Polygon> roomWithHole() {
  Polygon room = square(0, 0, 10, 10);
  room.holes.push_back(squareRing(3, 3, 7, 7));
  return {room};
}

ClearanceStyle mitre() {
  ClearanceStyle s;
  s.joins = ClearanceJoins::Mitre;
  return s;
}

// Least distance from the polyline to any ring edge of `walls`.
double leastWallDistance(const std::vector<Point>& path, const std::vector<Polygon>& walls) {
  long double least = std::numeric_limits<long double>::infinity();
  auto ring = [&](const Ring& r) {
    for (std::size_t i = 0; i < r.size(); ++i)
      for (std::size_t k = 0; k + 1 < path.size(); ++k)
        least = std::min(least, test::segmentDistance(path[k], path[k + 1], r[i], r[(i + 1) % r.size()]));
  };
  for (const Polygon& p : walls) {
    ring(p.outer);
    for (const Ring& h : p.holes) ring(h);
  }
  return static_cast<double>(least);
}

// Least distance from a ring's vertices and edges to the walls (a one-ring "path" closed up).
double leastRingDistance(const Ring& r, const std::vector<Polygon>& walls) {
  std::vector<Point> closed(r.begin(), r.end());
  closed.push_back(r.front());
  return leastWallDistance(closed, walls);
}

}  // namespace

TEST_CASE("clearance: mitre erosion of a room with a square hole gives the offset squares", "[clearance]") {
  const ErodedRegion e = erodeRegion(roomWithHole(), 1.0, mitre());
  const double d = e.buffer_distance;
  CHECK(d > 1.0);
  CHECK(d < 1.0 + 2e-5);  // r (1 + 1e-5) + 4 grid
  REQUIRE(e.polygons.size() == 1);
  REQUIRE(e.polygons[0].holes.size() == 1);
  const PolygonMap& m = e.map;
  // The outer wall moves in by d, the hole grows by d, corners stay square (mitre).
  REQUIRE(m.polygons()[0].outer.size() == 4);
  REQUIRE(m.polygons()[0].holes[0].size() == 4);
  for (const Point& p : m.polygons()[0].outer) {
    CHECK(std::min(p.x, 10 - p.x) == Approx(d).margin(1e-9));
    CHECK(std::min(p.y, 10 - p.y) == Approx(d).margin(1e-9));
  }
  for (const Point& p : m.polygons()[0].holes[0]) {
    CHECK(std::fabs(p.x - 5) == Approx(2 + d).margin(1e-9));
    CHECK(std::fabs(p.y - 5) == Approx(2 + d).margin(1e-9));
  }
  CHECK(e.guaranteedClearance() == 1.0);
  CHECK(e.dropped.empty());
  CHECK(e.merged.empty());
}

TEST_CASE("clearance: round joins put arcs around the hole's corners, chords within the sagitta", "[clearance]") {
  for (int segments : {1, 2, 3, 8, 20}) {
    INFO("segments " << segments);
    ClearanceStyle style;
    style.segments = segments;
    const ErodedRegion e = erodeRegion(roomWithHole(), 1.0, style);
    REQUIRE(e.polygons.size() == 1);
    REQUIRE(e.polygons[0].holes.size() == 1);
    const Ring& hole = e.polygons[0].holes[0];
    // Each of the 4 corners becomes an arc of a quarter circle cut into at least `segments` chords.
    CHECK(hole.size() >= static_cast<std::size_t>(4 * (segments + 1)));
    const double sagitta = 1.0 - std::cos(std::numbers::pi / (4.0 * segments));
    CHECK(e.guaranteedClearance() == Approx(1.0 - sagitta).epsilon(1e-15));
    // Every chord of the grown hole keeps the guaranteed clearance from the original walls,
    // and its vertices lie on the arcs of radius d (up to the grid rounding).
    const double least = leastRingDistance(hole, roomWithHole());
    CHECK(least >= e.guaranteedClearance());
    CHECK(least <= e.buffer_distance + 1e-9);
    for (const Point& p : hole) {
      const double corner_dist = std::hypot(std::max(std::fabs(p.x - 5) - 2, 0.0), std::max(std::fabs(p.y - 5) - 2, 0.0));
      CHECK(corner_dist == Approx(e.buffer_distance).margin(4 * e.grid));
    }
  }
}

TEST_CASE("clearance: eroded coordinates are whole multiples of the grid, a power of two", "[clearance]") {
  std::vector<Polygon> polys = roomWithHole();
  polys[0].holes[0] = {{3, 3}, {7, 3.3}, {6.6, 7}, {3.1, 6.2}};  // slanted walls: offsets are not on any decimal grid
  const ErodedRegion e = erodeRegion(polys, 0.37);
  CHECK(e.grid == std::ldexp(1.0, -32));  // largest coordinate 10 -> 2^4 x 2^-36
  for (const Polygon& p : e.polygons) {
    for (const Point& v : p.outer) {
      CHECK(v.x / e.grid == std::floor(v.x / e.grid));
      CHECK(v.y / e.grid == std::floor(v.y / e.grid));
    }
    for (const Ring& h : p.holes)
      for (const Point& v : h) CHECK(v.x / e.grid == std::floor(v.x / e.grid));
  }
  MapDocument doc;
  doc.polygons = polys;
  for (const MapProblem& problem : validateMap(erodedDocument(doc, e))) {
    INFO(problem.describe());
    CHECK(problem.severity == MapProblem::Severity::Warning);
  }
}

TEST_CASE("clearance: radius 0 keeps the map and reproduces the exact path", "[clearance]") {
  const std::vector<Polygon> polys = roomWithHole();
  const ErodedRegion e = erodeRegion(polys, 0.0);
  REQUIRE(e.polygons.size() == 1);
  CHECK(e.polygons[0].outer == polys[0].outer);
  CHECK(e.polygons[0].holes == polys[0].holes);
  CHECK(e.grid == 0.0);
  CHECK(e.guaranteedClearance() == 0.0);

  ClearanceSet set(polys);
  const auto level = set.level(0.0);
  const PolygonMap map(polys);
  const VisibilityGraph graph(map);
  const Path exact = findPath(graph, {1, 1}, {9, 9});
  const Path zero = findPath(level->graph(), {1, 1}, {9, 9});
  CHECK(zero.points == exact.points);
  CHECK(zero.length == exact.length);
  CHECK(zero.length == Approx(2 * std::hypot(6.0, 2.0)).epsilon(1e-15));  // (1, 1) -> (7, 3) -> (9, 9)
}

TEST_CASE("clearance: a path around the grown hole keeps the radius and matches the oracle", "[clearance]") {
  const std::vector<Polygon> polys = roomWithHole();
  for (ClearanceJoins joins : {ClearanceJoins::Round, ClearanceJoins::Mitre}) {
    ClearanceStyle style;
    style.joins = joins;
    const ErodedRegion e = erodeRegion(polys, 1.0, style);
    const VisibilityGraph graph(e.map);
    const Path path = findPath(graph, {1.5, 5}, {8.5, 5});
    REQUIRE(path.found);
    CHECK(leastWallDistance(path.points, polys) >= e.guaranteedClearance());
    const test::Oracle oracle(e.polygons);
    const test::OraclePath expected = oracle.shortestPath({1.5, 5}, {8.5, 5});
    REQUIRE(expected.found);
    CHECK(path.length == Approx(expected.length).epsilon(1e-9));
    if (joins == ClearanceJoins::Mitre) {
      // Around the square grown by d: (1.5, 5) -> (2 - d', 2 - d') -> (8 + d', 2 - d') -> (8.5, 5).
      const double g = e.buffer_distance - 1.0;
      const double expected_length = 2 * std::hypot(0.5 - g, 3 + g) + 6 + 2 * g;
      CHECK(path.length == Approx(expected_length).margin(1e-8));  // vertices rounded to the grid, 2^-32
    }
  }
}

TEST_CASE("clearance: holes that grow into each other merge into one hole", "[clearance]") {
  Polygon room = square(0, 0, 20, 20);
  room.holes.push_back(squareRing(5, 8, 9, 12));
  room.holes.push_back(squareRing(10, 8, 14, 12));  // 1 apart
  room.holes.push_back(squareRing(9, 16, 11, 17));  // far from both
  const std::vector<Polygon> polys = {room};

  const ErodedRegion apart = erodeRegion(polys, 0.4);  // 2 x 0.4 < 1: a gap stays
  REQUIRE(apart.polygons.size() == 1);
  CHECK(apart.polygons[0].holes.size() == 3);
  CHECK(apart.merged.empty());
  const Path through = findPath(VisibilityGraph(apart.map), {9.5, 2}, {9.5, 14});
  REQUIRE(through.found);
  CHECK(through.length == Approx(12.0).margin(1e-12));  // straight through the gap along x = 9.5

  const ErodedRegion merged = erodeRegion(polys, 0.6);  // 2 x 0.6 > 1: the holes meet
  REQUIRE(merged.polygons.size() == 1);
  CHECK(merged.polygons[0].holes.size() == 2);
  REQUIRE(merged.merged.size() == 1);
  CHECK(merged.merged[0].polygon == 0);
  CHECK(merged.merged[0].holes == std::vector<int>{0, 1});
  CHECK(merged.notes() == std::vector<std::string>{
                              "holes 0 and 1 of polygon 0 grow into each other at clearance 0.6 and merge into one"});
  const Path around = findPath(VisibilityGraph(merged.map), {9.5, 2}, {9.5, 14});
  REQUIRE(around.found);
  CHECK(around.length > 14.0);  // no gap: around the merged hole, at least 4.5 + 0.6 to the side
  CHECK(leastWallDistance(around.points, polys) >= merged.guaranteedClearance());
  const test::OraclePath expected = test::Oracle(merged.polygons).shortestPath({9.5, 2}, {9.5, 14});
  CHECK(around.length == Approx(expected.length).epsilon(1e-9));
}

TEST_CASE("clearance: areas narrower than twice the radius erode away and are dropped with a note", "[clearance]") {
  // Polygon 0: a 10 x 10 room; polygon 1: a strip 1 wide; polygon 2: a room whose hole
  // runs along its outer ring and splits it into a wide part and a strip 0.5 wide.
  Polygon split = square(30, 0, 40, 10);
  split.holes.push_back({{34, 0}, {39.5, 0}, {39.5, 10}, {34, 10}});
  const std::vector<Polygon> polys = {square(0, 0, 10, 10), square(20, 0, 30, 1), split};
  const ErodedRegion e = erodeRegion(polys, 0.3);
  REQUIRE(e.dropped.size() == 1);  // the 0.5 strip of polygon 2; the 1-wide strip survives 0.3
  CHECK(e.dropped[0].polygon == 2);
  CHECK_FALSE(e.dropped[0].whole);
  CHECK(e.dropped[0].area == Approx(5.0).epsilon(1e-12));

  const ErodedRegion wide = erodeRegion(polys, 0.6);
  REQUIRE(wide.dropped.size() == 2);
  CHECK(wide.dropped[0].polygon == 1);
  CHECK(wide.dropped[0].whole);
  CHECK(wide.dropped[0].area == Approx(10.0).epsilon(1e-12));
  CHECK(wide.dropped[0].where.x > 20);
  CHECK(wide.dropped[0].where.x < 30);
  CHECK(wide.dropped[1].polygon == 2);
  CHECK(wide.source == std::vector<int>{0, 2});
  REQUIRE(wide.polygons.size() == 2);
  CHECK_THAT(wide.notes()[0],
             Contains("polygon 1 (around (") &&
                 Contains("area 10) erodes away at clearance 0.6: no point of it is 0.6 from every wall, so it is dropped"));
  CHECK_THAT(wide.notes()[1], Contains("a separate part of polygon 2 (around ("));

  const ErodedRegion none = erodeRegion({square(20, 0, 30, 1)}, 0.6);
  CHECK(none.polygons.empty());
  CHECK(none.map.empty());
  CHECK(none.dropped.size() == 1);
}

TEST_CASE("clearance: separate polygons erode on their own, touching ones keep the radius from each other", "[clearance]") {
  const std::vector<Polygon> polys = {square(0, 0, 10, 10), square(10, 0, 20, 10)};  // share the wall x = 10
  const ErodedRegion e = erodeRegion(polys, 1.0, mitre());
  REQUIRE(e.polygons.size() == 2);
  for (const Polygon& p : e.polygons) CHECK(leastRingDistance(p.outer, polys) >= 1.0);
  CHECK_FALSE(findPath(VisibilityGraph(e.map), {5, 5}, {15, 5}).found);
}

TEST_CASE("clearance: pinches and holes along the outer ring erode without errors", "[clearance]") {
  // Two holes touching at a corner, a hole touching the outer ring at a vertex, a hole
  // sharing an edge with another hole.
  Polygon room = square(0, 0, 20, 20);
  room.holes.push_back(squareRing(4, 4, 8, 8));
  room.holes.push_back(squareRing(8, 8, 12, 12));   // touches the first at (8, 8)
  room.holes.push_back(squareRing(12, 8, 14, 12));  // shares the edge x = 12 with the second
  room.holes.push_back({{20, 15}, {17, 17}, {17, 13}});  // touches the outer ring at (20, 15)
  MapDocument doc;
  doc.polygons = {room};
  for (const MapProblem& p : validateMap(doc)) REQUIRE(p.severity == MapProblem::Severity::Warning);
  const ErodedRegion e = erodeRegion(doc.polygons, 0.5);
  REQUIRE(e.polygons.size() == 1);
  CHECK(e.merged.size() == 1);  // holes 0, 1 and 2 are one obstacle
  CHECK(e.merged[0].holes == std::vector<int>{0, 1, 2});
  for (const MapProblem& p : validateMap(erodedDocument(doc, e))) {
    INFO(p.describe());
    CHECK(p.severity == MapProblem::Severity::Warning);
  }
  const Path path = findPath(VisibilityGraph(e.map), {1, 1}, {19, 19});
  REQUIRE(path.found);
  CHECK(leastWallDistance(path.points, doc.polygons) >= e.guaranteedClearance());
}

TEST_CASE("clearance: bad radii and styles are refused with a message", "[clearance]") {
  const std::vector<Polygon> polys = roomWithHole();
  CHECK_THROWS_WITH(erodeRegion(polys, -1.0), "clearance -1 is not a radius; give a finite number, 0 or more");
  CHECK_THROWS_AS(erodeRegion(polys, std::nan("")), ClearanceError);
  ClearanceStyle style;
  style.segments = 0;
  CHECK_THROWS_WITH(erodeRegion(polys, 1.0, style), "clearance segments 0 is out of range; give 1 to 64");
  style = mitre();
  style.mitre_limit = 0.5;
  CHECK_THROWS_WITH(erodeRegion(polys, 1.0, style), "mitre limit 0.5 is below 1; give 1 or more radii");
  ClearanceSet set(polys);
  CHECK_THROWS_AS(set.level(std::nan("")), ClearanceError);
  CHECK_THROWS_AS(set.level(-0.5), ClearanceError);
}

TEST_CASE("clearance: nearestWall finds the closest edge and names its ring", "[clearance]") {
  const PolygonMap map(roomWithHole());
  const NearestWall w = nearestWall(map, {1, 5});
  CHECK(w.distance == 1.0);
  CHECK(w.point == Point{0, 5});
  CHECK(describeWall(map, w) == "polygon 0, outer ring");
  const NearestWall h = nearestWall(map, {2, 2});
  CHECK(h.distance == Approx(std::sqrt(2.0)).epsilon(1e-15));
  CHECK(h.point == Point{3, 3});
  CHECK(describeWall(map, h) == "polygon 0, hole 0");
  CHECK(std::isinf(nearestWall(PolygonMap(), {0, 0}).distance));
}

TEST_CASE("clearance: start and goal closer than the radius are refused, or snapped to the nearest point with clearance", "[clearance]") {
  ClearanceSet set(roomWithHole());
  const auto level = set.level(1.0);
  // Far enough: kept as it is.
  CHECK(requireClearance(*level, set.original(), {1.5, 5}, "start") == Point{1.5, 5});
  // Exactly r from the wall: moved onto the eroded region by at most the margin.
  const ClearancePlacement exact = placeWithClearance(*level, set.original(), {1, 5});
  CHECK(exact.ok);
  CHECK(exact.moved);
  CHECK(distance(exact.point, {1, 5}) <= level->eroded().buffer_distance - 1.0 + 2 * level->eroded().grid);
  CHECK(level->map().isWalkable(exact.point));
  // Too close: a clear error with the point, the distance, the wall and the radius.
  CHECK_THROWS_WITH(requireClearance(*level, set.original(), {0.5, 5}, "start"),
                    "start (0.5, 5) is 0.5 from the nearest wall (polygon 0, outer ring, at (0, 5)), closer than the "
                    "clearance radius 1");
  CHECK_THROWS_WITH(requireClearance(*level, set.original(), {7.25, 5}, "goal"),
                    "goal (7.25, 5) is 0.25 from the nearest wall (polygon 0, hole 0, at (7, 5)), closer than the "
                    "clearance radius 1");
  CHECK_THROWS_WITH(requireClearance(*level, set.original(), {5, 5}, "goal"),
                    "goal (5, 5) is not walkable: it is inside hole 0 of polygon 0");
  // Snapping: the nearest point of the eroded region, at least r from every wall.
  const Point snapped = snapToClearance(*level, {0.5, 5});
  CHECK(snapped.x == Approx(1.0).margin(2e-5));
  CHECK(snapped.y == 5.0);
  CHECK(nearestWall(set.original(), snapped).distance >= 1.0);
  const Point from_hole = snapToClearance(*level, {6.5, 5});
  CHECK(from_hole.x == Approx(8.0).margin(2e-5));
  CHECK(nearestWall(set.original(), from_hole).distance >= 1.0);
}

TEST_CASE("clearance: a point far enough from the walls but in a mitre's shadow is refused with a reason", "[clearance]") {
  Polygon room = square(0, 0, 20, 20);
  room.holes.push_back({{10, 5}, {12, 15}, {8, 15}});  // sharp corner at (10, 5)
  ClearanceStyle style = mitre();
  ClearanceSet mitred({room}, style);
  const auto level = mitred.level(1.0);
  CHECK_THROWS_WITH(requireClearance(*level, mitred.original(), {10, 3.5}, "start"),
                    Contains("start (10, 3.5) is 1.5 from the nearest wall (polygon 0, hole 0, at (10, 5)) but outside "
                             "the region eroded by 1 with mitre joins"));
  ClearanceSet round({room});
  CHECK(requireClearance(*round.level(1.0), round.original(), {10, 3.5}, "start") == Point{10, 3.5});
}

TEST_CASE("clearance: a region that erodes away everywhere refuses start and goal and snapping", "[clearance]") {
  ClearanceSet set({square(0, 0, 10, 1)});
  const auto level = set.level(1.0);
  CHECK(level->map().empty());
  CHECK_THROWS_WITH(requireClearance(*level, set.original(), {5, 0.5}, "start"),
                    "start (5, 0.5) cannot have clearance 1: every walkable area erodes away (it is 0.5 from the "
                    "nearest wall (polygon 0, outer ring, at (5, 0))); use a smaller radius");
  CHECK_THROWS_WITH(snapToClearance(*level, {5, 0.5}),
                    "no point has clearance 1: every walkable area erodes away; use a smaller radius");
}

TEST_CASE("ClearanceSet builds each radius once and caches the most recently used", "[clearance]") {
  MapDocument doc;
  doc.polygons = roomWithHole();
  doc.settings.radii = {0.25, 0.5, 1};
  doc.settings.clearance_style = mitre();
  doc.settings.corner_offset = 0.1;
  ClearanceSet set(doc, 3);
  CHECK(set.style() == mitre());
  set.prepare(doc.settings.radii);
  CHECK(set.builds() == 3);
  CHECK(set.cachedRadii() == std::vector<double>{0.25, 0.5, 1});
  const auto half = set.level(0.5);
  CHECK(set.level(0.5) == half);  // the same object: not rebuilt
  set.prepare(doc.settings.radii);
  CHECK(set.builds() == 3);
  CHECK(half->radius() == 0.5);
  CHECK(half->eroded().style == mitre());
  CHECK(half->erodeMilliseconds() > 0.0);
  CHECK(half->graphMilliseconds() == 0.0);  // the graph is built on first use
  const VisibilityGraph& graph = half->graph();
  CHECK(&half->graph() == &graph);  // once
  CHECK(half->graphMilliseconds() > 0.0);
  CHECK(graph.options().corner_offset == 0.1);
  // A fourth radius evicts the least recently used (0.25); a held level stays valid.
  const auto quarter = set.level(0.25);
  set.level(0.5);
  set.level(1);
  set.level(2);
  CHECK(set.builds() == 4);
  CHECK(set.cachedRadii() == std::vector<double>{0.5, 1, 2});
  CHECK(quarter->map().polygons().size() == 1);
  set.level(0.25);
  CHECK(set.builds() == 5);
}

TEST_CASE("erodedDocument replaces the polygons and clears the applied clearance", "[clearance]") {
  MapDocument doc;
  doc.name = "room";
  doc.polygons = roomWithHole();
  doc.extra_polygons = {nlohmann::json{{"tag", 1}}};
  doc.start = Point{1.5, 1.5};
  doc.settings.clearance = 1;
  doc.settings.radii = {1, 2};
  doc.settings.corner_offset = 0.5;
  const ErodedRegion e = erodeRegion(doc.polygons, 1.0);
  const MapDocument out = erodedDocument(doc, e);
  CHECK(out.name == "room");
  CHECK(out.start == doc.start);
  CHECK(out.polygons.size() == 1);
  CHECK(out.polygons[0].outer == e.polygons[0].outer);
  CHECK(out.extra_polygons.empty());
  CHECK(out.settings.clearance == 0.0);
  CHECK(out.settings.radii.empty());
  CHECK(out.settings.corner_offset == 0.5);
  CHECK(parseMap(serializeMap(out)) == out);  // saves and loads back exactly
}
