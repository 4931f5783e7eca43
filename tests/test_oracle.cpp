// test_oracle.cpp: the visibility search against an independent brute-force oracle.
//
// [SECTION] The oracle on hand-made maps with known answers
// [SECTION] The oracle's pinch rule on hand-made and shared cases
// [SECTION] The random map generators
// [SECTION] Visibility search vs oracle on random maps
//
// The oracle (support/oracle.hpp) shares no geometry code with src/core; it is checked
// first on maps whose answers are known by hand (zero-width pinches included), then used
// as the reference for thousands of random star-shaped and orthogonal maps, without and
// with contacts between rings (support/random_maps.hpp).
// POLYPATH_ORACLE_SCALE and POLYPATH_ORACLE_SEED (environment) enlarge or shift the run.
// A failure message carries the seed, the query and the whole map in the map file
// format, so it can be replayed with the CLI or pasted into a unit test.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"

using polypath::Point;
using polypath::Polygon;
using polypath::Ring;
using polypath::test::describeMap;
using polypath::test::Oracle;

namespace {

Polygon squareWithHole() {
  return {{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{3, 3}, {7, 3}, {7, 7}, {3, 7}}}};
}

// A U: the notch x in (3, 7), y in (3, 10] is outside.
Polygon uShape() { return {{{0, 0}, {10, 0}, {10, 10}, {7, 10}, {7, 3}, {3, 3}, {3, 10}, {0, 10}}, {}}; }

Polygon seedDemo() {
  return {{{3, 15}, {3, 3}, {24, 3}, {24, 8}, {6, 8}, {6, 10}, {24, 10}, {24, 24}, {15, 24}, {15, 17}, {21, 17}, {21, 15}},
          {}};
}

bool relativelyEqual(double a, double b, double rel = 1e-9) {
  return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

}  // namespace

// [SECTION] The oracle on hand-made maps

TEST_CASE("oracle: shortest paths on hand-made maps have their known lengths", "[oracle]") {
  SECTION("square with a centred square hole: around two corners") {
    const Oracle o({squareWithHole()});
    const auto p = o.shortestPath({1, 5}, {9, 5});
    REQUIRE(p.found);
    CHECK(p.length == Approx(4.0 + 4.0 * std::sqrt(2.0)).epsilon(1e-12));
    REQUIRE(p.points.size() == 4);
    CHECK(std::abs(p.points[1].x - p.points[2].x) == 4.0);  // runs along one side of the hole
  }
  SECTION("the seed demo polygon") {
    const Oracle o({seedDemo()});
    const auto p = o.shortestPath({15, 6}, {18, 22});
    REQUIRE(p.found);
    CHECK(p.length == Approx(34.861884652980).epsilon(1e-12));
  }
  SECTION("a U shape: down one arm, along the notch's floor, up the other") {
    const Oracle o({uShape()});
    const auto p = o.shortestPath({1, 9}, {9, 9});
    REQUIRE(p.found);
    CHECK(p.length == Approx(4.0 + 4.0 * std::sqrt(10.0)).epsilon(1e-12));
    CHECK(p.points == std::vector<Point>{{1, 9}, {3, 3}, {7, 3}, {9, 9}});
  }
  SECTION("start equal to goal: found with length 0") {
    const Oracle o({uShape()});
    const auto p = o.shortestPath({5, 1}, {5, 1});
    REQUIRE(p.found);
    CHECK(p.length == 0.0);
  }
  SECTION("start equal to goal on a reflex vertex") {
    const Oracle o({uShape()});
    const auto p = o.shortestPath({3, 3}, {3, 3});
    REQUIRE(p.found);
    CHECK(p.length == 0.0);
  }
  SECTION("diagonally past the hole; straight along edges") {
    const Oracle o({squareWithHole()});
    CHECK(o.shortestPath({1, 1}, {9, 9}).length == Approx(4.0 * std::sqrt(10.0)).epsilon(1e-12));  // via (3, 7) or (7, 3)
    CHECK(o.shortestPath({0, 3}, {10, 3}).length == 10.0);  // along the hole's bottom edge
    CHECK(o.shortestPath({0, 0}, {10, 0}).length == 10.0);  // along the outer edge
  }
  SECTION("two disjoint areas: no path between them, paths within each") {
    const Polygon a{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {}};
    const Polygon b{{{6, 0}, {10, 0}, {10, 4}, {6, 4}}, {}};
    const Oracle o({a, b});
    CHECK_FALSE(o.shortestPath({1, 1}, {8, 1}).found);
    CHECK(o.shortestPath({7, 1}, {8, 1}).length == 1.0);
  }
  SECTION("an island inside a hole is walkable but unreachable from outside the hole") {
    const Polygon frame = squareWithHole();
    const Polygon island{{{4, 4}, {6, 4}, {6, 6}, {4, 6}}, {}};
    const Oracle o({frame, island});
    CHECK(o.inRegion({5, 5}));
    CHECK_FALSE(o.inRegion({3.5, 5}));
    CHECK_FALSE(o.shortestPath({5, 5}, {1, 1}).found);
  }
  SECTION("start or goal outside the region: not found") {
    const Oracle o({squareWithHole()});
    CHECK_FALSE(o.shortestPath({5, 5}, {1, 1}).found);   // in the hole
    CHECK_FALSE(o.shortestPath({1, 1}, {11, 1}).found);  // outside
  }
}

TEST_CASE("oracle: region and line of sight on hand-made contacts", "[oracle]") {
  const Oracle sq({squareWithHole()});
  const Oracle u({uShape()});
  SECTION("region: boundary walkable, hole interior and outside not") {
    CHECK(sq.inRegion({0, 0}));
    CHECK(sq.inRegion({5, 0}));
    CHECK(sq.inRegion({3, 5}));
    CHECK(sq.inRegion({7, 7}));
    CHECK_FALSE(sq.inRegion({5, 5}));
    CHECK_FALSE(sq.inRegion({3.001, 5}));
    CHECK_FALSE(sq.inRegion({-0.001, 5}));
    CHECK(u.inRegion({5, 3}));
    CHECK_FALSE(u.inRegion({5, 4}));
    CHECK_FALSE(u.inRegion({5, 10}));
  }
  SECTION("running along an edge is visible") {
    CHECK(sq.lineOfSight({3, 3}, {7, 3}));
    CHECK(sq.lineOfSight({1, 3}, {9, 3}));
    CHECK(sq.lineOfSight({0, 10}, {10, 10}));
    CHECK(u.lineOfSight({3, 10}, {3, 3}));
    CHECK(u.lineOfSight({3, 3}, {7, 3}));
  }
  SECTION("touching a corner is visible, crossing a hole or the outside is not") {
    CHECK(sq.lineOfSight({2, 4}, {4, 2}));
    CHECK(sq.lineOfSight({0, 6}, {6, 0}));
    CHECK_FALSE(sq.lineOfSight({1, 5}, {9, 5}));
    CHECK_FALSE(sq.lineOfSight({3, 3}, {7, 7}));  // the hole's diagonal: both ends on the boundary
    CHECK_FALSE(sq.lineOfSight({1, 1}, {9, 9}));
    CHECK_FALSE(sq.lineOfSight({3, 5}, {7, 5}));
    CHECK(u.lineOfSight({2, 4}, {4, 2}));         // wraps the reflex corner (3, 3)
    CHECK_FALSE(u.lineOfSight({1, 1}, {5, 5}));   // through the reflex corner into the notch
    CHECK_FALSE(u.lineOfSight({3, 10}, {7, 10})); // across the notch's mouth, between two vertices
    CHECK_FALSE(u.lineOfSight({1, 9}, {9, 9}));
    CHECK(u.lineOfSight({1, 2}, {9, 2}));
  }
  SECTION("collinear straight vertices on the way do not block") {
    const Oracle o({Polygon{{{0, 0}, {2, 0}, {4, 0}, {6, 0}, {6, 6}, {0, 6}}, {}}});
    CHECK(o.lineOfSight({0, 0}, {6, 0}));
    CHECK(o.lineOfSight({2, 0}, {4, 0}));
    CHECK(o.shortestPath({0, 0}, {6, 0}).length == 6.0);
  }
}

// [SECTION] The oracle's pinch rule

namespace {

// The polygons of ../shared/cases 02, 04, 05 and 23 (copied here so the check runs
// without the shared folder; the files themselves are checked too when present).
Polygon case02() { return {{{0, 0}, {12, 0}, {12, 10}, {0, 10}}, {{{0, 4}, {12, 4}, {12, 6}, {0, 6}}}}; }
Polygon case04() {
  return {{{0, 0}, {16, 0}, {16, 12}, {0, 12}}, {{{0, 6}, {4, 4}, {4, 8}}, {{9, 4}, {11, 4}, {11, 8}, {9, 8}}}};
}
Polygon case05() {
  return {{{0, 0}, {12, 0}, {12, 12}, {0, 12}}, {{{3, 3}, {6, 3}, {6, 6}, {3, 6}}, {{6, 6}, {9, 6}, {9, 9}, {6, 9}}}};
}
Polygon case23() {
  return {{{0, 0}, {4, 0}, {4, 2}, {0, 2}}, {{{1, 1}, {2, 1}, {2, 2}, {1, 2}}, {{2, 0}, {3, 0}, {3, 1}, {2, 1}}}};
}

struct SharedCase {
  const char* file;
  Polygon polygon;
  Point start, goal;
  bool found;
  double length;
};

std::vector<SharedCase> sharedPinchCases() {
  return {{"02-hole-splits-map.json", case02(), {6, 2}, {6, 8}, false, 0.0},
          {"04-hole-vertex-on-outer-edge.json", case04(), {2, 2}, {2, 10}, true, 4 + 4 * std::sqrt(2.0)},
          {"05-holes-touch-at-vertex.json", case05(), {8, 4}, {4, 8}, true, 6 + 2 * std::sqrt(5.0)},
          {"23-grid-diagonal-squeeze-only-exit.json", case23(), {0.5, 0.5}, {3.5, 1.5}, false, 0.0}};
}

void checkOracleAnswer(const std::vector<Polygon>& polygons, const SharedCase& c) {
  const Oracle o(polygons);
  const auto p = o.shortestPath(c.start, c.goal);
  CHECK(p.found == c.found);
  if (c.found) CHECK(p.length == Approx(c.length).epsilon(1e-12));
  CHECK(o.pathValid(p.points));
  // Without the pinch rule the same oracle squeezes through (the rule is what decides).
  const Oracle blind(polygons, false);
  const auto q = blind.shortestPath(c.start, c.goal);
  CHECK((q.found != p.found || q.length < p.length - 1e-9));
}

}  // namespace

TEST_CASE("oracle: the shared pinch cases 02, 04, 05 and 23 have their stated answers", "[oracle]") {
  for (const SharedCase& c : sharedPinchCases()) {
    INFO("case " << c.file << " (polygons copied into the test)");
    checkOracleAnswer({c.polygon}, c);
  }
  for (const SharedCase& c : sharedPinchCases()) {
    const std::filesystem::path file = std::filesystem::path(POLYPATH_SHARED_DIR) / "cases" / c.file;
    if (!std::filesystem::exists(file)) {
      WARN("skipped: " << file << " is absent (the copied polygons were checked)");
      continue;
    }
    INFO("case " << file);
    const polypath::MapDocument doc = polypath::loadMap(file);
    REQUIRE(doc.start.has_value());
    REQUIRE(doc.goal.has_value());
    SharedCase fromFile = c;
    fromFile.start = *doc.start;
    fromFile.goal = *doc.goal;
    checkOracleAnswer(doc.polygons, fromFile);
  }
}

TEST_CASE("oracle: contact points, free wedges and closed edges on hand-made pinches", "[oracle]") {
  SECTION("a hole spanning the map lies along the outer ring: closed edges, one wedge at each contact") {
    const Oracle o({case02()});
    CHECK(o.closedEdgeCount() == 2);
    CHECK(o.contacts().size() == 4);
    CHECK(o.wedgesAt({0, 4}) == 1);
    CHECK(o.wedgesAt({12, 6}) == 1);
    CHECK(o.wedgesAt({6, 4}) == -1);              // not a node
    CHECK_FALSE(o.lineOfSight({0, 2}, {0, 8}));   // along the outer edge through the closed gap
    CHECK_FALSE(o.lineOfSight({0, 4}, {0, 6}));   // exactly the closed edge
    CHECK_FALSE(o.lineOfSight({0, 4.5}, {0, 5.5}));  // inside the closed edge
    CHECK(o.lineOfSight({0, 0}, {0, 4}));         // up to the contact point
    CHECK(o.lineOfSight({0, 4}, {12, 4}));        // along the hole's walkable side
    CHECK(o.inRegion({0, 5}));                    // the closed edge is walkable as a point
  }
  SECTION("a hole vertex inside the outer edge (T-junction): two wedges") {
    const Oracle o({case04()});
    CHECK(o.contacts().size() == 1);
    CHECK(o.wedgesAt({0, 6}) == 2);
    CHECK(o.closedEdgeCount() == 0);
    CHECK_FALSE(o.lineOfSight({0, 0}, {0, 12}));  // along the wall through the contact
    CHECK_FALSE(o.lineOfSight({2, 2}, {2, 10}));
    CHECK(o.lineOfSight({2, 2}, {0, 6}));         // to the contact point and no further
    CHECK(o.lineOfSight({0, 6}, {2, 10}));
    CHECK_FALSE(o.lineOfSight({1, 4}, {1, 8}));
  }
  SECTION("two holes touching at a vertex: two wedges, no passing from one to the other") {
    const Oracle o({case05()});
    CHECK(o.wedgesAt({6, 6}) == 2);
    CHECK_FALSE(o.lineOfSight({8, 4}, {4, 8}));
    CHECK(o.lineOfSight({8, 4}, {6, 6}));
    CHECK(o.lineOfSight({6, 6}, {4, 8}));
    CHECK_FALSE(o.pathValid({{8, 4}, {6, 6}, {4, 8}}));  // turning at the pinch into the other wedge
    CHECK(o.pathValid({{8, 4}, {6, 6}, {7, 3}}));        // turning back within one wedge
    CHECK(o.shortestPath({6, 6}, {4, 8}).length == Approx(std::sqrt(8.0)).epsilon(1e-12));  // start at the pinch
    CHECK(o.shortestPath({8, 4}, {6, 6}).length == Approx(std::sqrt(8.0)).epsilon(1e-12));  // goal at the pinch
  }
  SECTION("two diagonal cells: around one of them, 2 + sqrt 2") {
    const Polygon p{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{{1, 1}, {2, 1}, {2, 2}, {1, 2}}, {{2, 2}, {3, 2}, {3, 3}, {2, 3}}}};
    const Oracle o({p});
    CHECK(o.wedgesAt({2, 2}) == 2);
    const auto r = o.shortestPath({1.5, 2.5}, {2.5, 1.5});
    REQUIRE(r.found);
    CHECK(r.length == Approx(2 + std::sqrt(2.0)).epsilon(1e-12));
  }
  SECTION("two holes sharing an edge: the edge is closed, its ends are single wedges") {
    const Polygon p{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{2, 2}, {4, 2}, {4, 4}, {2, 4}}, {{4, 2}, {6, 2}, {6, 4}, {4, 4}}}};
    const Oracle o({p});
    CHECK(o.closedEdgeCount() == 1);
    CHECK(o.wedgesAt({4, 2}) == 1);
    CHECK_FALSE(o.lineOfSight({4, 1}, {4, 5}));
    CHECK_FALSE(o.lineOfSight({4, 2.5}, {4, 3.5}));
    CHECK(o.lineOfSight({1, 2}, {7, 2}));  // along the holes' bottom edges
    CHECK(o.shortestPath({4, 1}, {4, 5}).length == Approx(2 * std::sqrt(5.0) + 2).epsilon(1e-12));  // round one hole
    CHECK_FALSE(o.shortestPath({4, 2.5}, {4, 3.5}).found);  // both ends on the closed edge
    CHECK(o.shortestPath({4, 3}, {4, 3}).found);
  }
  SECTION("a hole edge partly along another hole's edge: T-junctions split the longer edge") {
    const Polygon p{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{2, 2}, {6, 2}, {6, 4}, {2, 4}}, {{3, 4}, {5, 4}, {5, 6}, {3, 6}}}};
    const Oracle o({p});
    CHECK(o.contacts().size() == 2);
    CHECK(o.wedgesAt({3, 4}) == 1);
    CHECK(o.closedEdgeCount() == 1);
    CHECK(o.lineOfSight({1, 4}, {3, 4}));
    CHECK_FALSE(o.lineOfSight({1, 4}, {4, 4}));
    CHECK_FALSE(o.lineOfSight({1, 4}, {7, 4}));
  }
  SECTION("an outer ring touching itself at a vertex: two lobes, no way between them") {
    // Two squares joined at (2, 2) in one ring (a figure eight).
    const Polygon p{{{0, 0}, {2, 0}, {2, 2}, {4, 2}, {4, 4}, {2, 4}, {2, 2}, {0, 2}}, {}};
    const Oracle o({p});
    CHECK(o.wedgesAt({2, 2}) == 2);
    CHECK_FALSE(o.shortestPath({1, 1}, {3, 3}).found);
    CHECK(o.shortestPath({1, 1}, {2, 2}).found);
    CHECK(o.shortestPath({2, 2}, {3, 3}).found);
  }
  SECTION("a corner filled by a hole: a contact with no free wedge") {
    const Polygon p{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}};
    const Oracle o({p});
    CHECK(o.wedgesAt({0, 0}) == 0);
    CHECK(o.inRegion({0, 0}));
    CHECK_FALSE(o.shortestPath({0, 0}, {2, 2}).found);
    CHECK(o.shortestPath({0, 0}, {0, 0}).found);
  }
}

// [SECTION] The random map generators

TEST_CASE("oracle: random maps are deterministic and within the oracle's size", "[oracle]") {
  for (std::uint64_t seed : {1u, 2u, 77u}) {
    const auto a = polypath::test::randomStarMap(seed), b = polypath::test::randomStarMap(seed);
    CHECK(describeMap(a.polygons, {}, {}) == describeMap(b.polygons, {}, {}));
    CHECK(a.vertexCount() <= 42 + 2 * 8);
    const auto c = polypath::test::randomOrthogonalMap(seed), d = polypath::test::randomOrthogonalMap(seed);
    CHECK(describeMap(c.polygons, {}, {}) == describeMap(d.polygons, {}, {}));
    CHECK(c.vertexCount() <= 80);
  }
  CHECK(describeMap(polypath::test::randomStarMap(3).polygons, {}, {}) !=
        describeMap(polypath::test::randomStarMap(4).polygons, {}, {}));
  for (std::uint64_t seed : {1u, 2u, 77u}) {
    const auto a = polypath::test::randomPinchGridMap(seed), b = polypath::test::randomPinchGridMap(seed);
    CHECK(describeMap(a.polygons, {}, {}) == describeMap(b.polygons, {}, {}));
    CHECK(a.vertexCount() <= 80);
    CHECK_FALSE(a.contacts.empty());
    const auto c = polypath::test::randomStarPinchMap(seed), d = polypath::test::randomStarPinchMap(seed);
    CHECK(describeMap(c.polygons, {}, {}) == describeMap(d.polygons, {}, {}));
    CHECK(c.vertexCount() <= 44 + 2 * 8);
    CHECK_FALSE(c.contacts.empty());
  }
}

TEST_CASE("oracle: the pinch generators make the contacts they promise", "[oracle]") {
  // Over a few hundred maps each family shows every kind of contact, as the oracle sees it.
  int gridTwoWedges = 0, gridClosed = 0, gridSelfTouch = 0, gridTJunction = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const auto m = polypath::test::randomPinchGridMap(seed);
    const Oracle o(m.polygons);
    REQUIRE(o.hasPinch());
    for (const auto& c : o.contacts()) {
      gridTwoWedges += c.wedges >= 2 ? 1 : 0;
      // A contact point that is not a vertex of every ring meeting there: a T-junction.
      int asVertex = 0;
      for (const Point& v : o.vertices()) asVertex += v == c.position ? 1 : 0;
      gridTJunction += asVertex < c.vertices ? 1 : 0;
    }
    gridClosed += o.closedEdgeCount() > 0 ? 1 : 0;
    for (const Polygon& p : m.polygons) {
      std::vector<Point> outer = p.outer;
      std::sort(outer.begin(), outer.end(), [](Point a, Point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
      if (std::adjacent_find(outer.begin(), outer.end()) != outer.end()) ++gridSelfTouch;
    }
  }
  int starTwoWedges = 0, starTJunction = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const auto m = polypath::test::randomStarPinchMap(seed);
    const Oracle o(m.polygons);
    REQUIRE(o.hasPinch());
    for (const auto& c : o.contacts()) {
      starTwoWedges += c.wedges >= 2 ? 1 : 0;
      int asVertex = 0;
      for (const Point& v : o.vertices()) asVertex += v == c.position ? 1 : 0;
      starTJunction += asVertex < c.vertices ? 1 : 0;
    }
  }
  WARN("[oracle] pinch generators, 300 maps each: grid: " << gridTwoWedges << " contacts with 2+ wedges, " << gridTJunction
       << " T-junctions, " << gridClosed << " maps with closed edges, " << gridSelfTouch
       << " outer rings touching themselves; star: " << starTwoWedges << " contacts with 2+ wedges, " << starTJunction
       << " T-junctions");
  CHECK(gridTwoWedges > 100);
  CHECK(gridTJunction > 50);
  CHECK(gridClosed > 50);
  CHECK(gridSelfTouch > 5);
  CHECK(starTwoWedges > 50);
  CHECK(starTJunction > 20);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto m = polypath::test::randomTouchingPolygonsMap(seed);
    CHECK(m.polygons.size() >= 2);
    CHECK(describeMap(m.polygons, {}, {}) == describeMap(polypath::test::randomTouchingPolygonsMap(seed).polygons, {}, {}));
    // Some outer ring shares a point with another polygon's outer ring.
    bool touch = false;
    for (std::size_t i = 0; i < m.polygons.size(); ++i)
      for (std::size_t j = i + 1; j < m.polygons.size(); ++j)
        for (const Point& a : m.polygons[i].outer)
          for (const Point& b : m.polygons[j].outer) touch = touch || a == b;
    CHECK(touch);
  }
}

// [SECTION] Visibility search vs oracle

namespace {

struct Tally {
  int maps = 0, vertices = 0, queries = 0, found = 0, no_path = 0, equal_points = 0, bent = 0;
  int pinch_maps = 0;          // maps where the oracle sees rings touching (contact point or closed edge)
  int contacts = 0;            // contact points (oracle), of which
  int multi_wedge = 0;         //   with two or more free wedges
  int contact_queries = 0;     // queries with start or goal on a contact point
  int via_contact = 0;         // found paths (core) that pass or turn at a contact point
  int rule_decides = 0;        // queries where the pinch-blind oracle answers differently
  int closed_edge_queries = 0; // queries with both ends inside one zero-width edge
  long long expanded_astar = 0, expanded_dijkstra = 0;
  long long close_calls = 0;
  int failures = 0;
  std::vector<std::string> messages;  // the first few failures, in full
};

// Every family adds to this, for the grand total printed after each family.
Tally& grandTotal() {
  static Tally total;
  return total;
}

std::string describePath(bool found, double length, const std::vector<Point>& points) {
  if (!found) return "no path";
  std::ostringstream s;
  s.precision(17);
  s << "length " << length << " via " << polypath::test::describePoints(points);
  return s.str();
}

// Checks every query of one map; failures are recorded, not thrown, so one run lists all.
// `blindCheck`: also ask the pinch-blind oracle, to count the answers the rule decides.
void checkMap(const polypath::test::RandomMap& map, int queryCount, Tally& t, bool blindCheck = false) {
  using namespace polypath;
  const test::Oracle oracle(map.polygons);
  std::unique_ptr<test::Oracle> blind;
  if (blindCheck) blind = std::make_unique<test::Oracle>(map.polygons, false);
  ++t.maps;
  t.vertices += map.vertexCount();
  const std::vector<test::OracleContact> contacts = oracle.contacts();
  if (oracle.hasPinch()) ++t.pinch_maps;
  t.contacts += static_cast<int>(contacts.size());
  for (const auto& c : contacts) t.multi_wedge += c.wedges >= 2 ? 1 : 0;
  auto isContact = [&](Point p) {
    for (const auto& c : contacts)
      if (c.position == p) return true;
    return false;
  };
  auto fail = [&](const std::string& what, const test::Query* q, const std::string& detail) {
    ++t.failures;
    if (t.messages.size() >= 12) return;
    std::ostringstream s;
    s << map.kind << " map seed " << map.seed << ": " << what;
    if (q) s << "\n  query (" << q->how << ") start " << test::describePoint(q->start) << " goal " << test::describePoint(q->goal);
    if (!detail.empty()) s << "\n  " << detail;
    if (!contacts.empty()) {
      s << "\n  contacts (oracle):";
      for (const auto& c : contacts) s << " " << test::describePoint(c.position) << " x" << c.vertices << " " << c.wedges << " wedges;";
    }
    s << "\n  map: " << test::describeMap(map.polygons, q ? q->start : Point{}, q ? q->goal : Point{});
    t.messages.push_back(s.str());
  };

  std::unique_ptr<PolygonMap> pm;
  try {
    pm = std::make_unique<PolygonMap>(map.polygons);
  } catch (const std::exception& e) {
    fail(std::string("the core rejected a valid map: ") + e.what(), nullptr, "");
    return;
  }
  const VisibilityGraph graph(*pm);

  const auto queries = test::randomQueries(map, oracle, map.seed * 0x9E3779B97F4A7C15ull + 1, queryCount);
  for (const test::Query& q : queries) {
    ++t.queries;
    if (q.start == q.goal) ++t.equal_points;
    if (isContact(q.start) || isContact(q.goal)) ++t.contact_queries;
    if (q.start != q.goal && oracle.closedEdgeAt(q.start) >= 0 && oracle.closedEdgeAt(q.start) == oracle.closedEdgeAt(q.goal))
      ++t.closed_edge_queries;
    const test::OraclePath expect = oracle.shortestPath(q.start, q.goal);
    if (blind) {
      const test::OraclePath b = blind->shortestPath(q.start, q.goal);
      if (b.found != expect.found || (b.found && !relativelyEqual(b.length, expect.length))) ++t.rule_decides;
    }
    Path got, dijkstra, weighted;
    try {
      got = findPath(graph, q.start, q.goal, {Heuristic::Euclidean, 1.0});
      dijkstra = findPath(graph, q.start, q.goal, {Heuristic::None, 1.0});
      weighted = findPath(graph, q.start, q.goal, {Heuristic::Euclidean, 2.0});
    } catch (const std::exception& e) {
      fail(std::string("the core threw on a walkable query: ") + e.what(), &q, "");
      continue;
    }
    const std::string both = "oracle: " + describePath(expect.found, expect.length, expect.points) +
                             "\n  core:   " + describePath(got.found, got.length, got.points);
    expect.found ? ++t.found : ++t.no_path;
    if (got.found != expect.found) {
      fail("found disagrees", &q, both);
      continue;
    }
    if (!got.found) {
      if (dijkstra.found || weighted.found) fail("A* found no path but Dijkstra or weighted A* did", &q, both);
      continue;
    }
    if (!relativelyEqual(got.length, expect.length)) fail("length disagrees", &q, both);
    if (got.points.empty() || got.points.front() != q.start || got.points.back() != q.goal)
      fail("path does not run from start to goal", &q, both);
    double sum = 0.0;
    for (std::size_t i = 0; i + 1 < got.points.size(); ++i) sum += distance(got.points[i], got.points[i + 1]);
    for (std::size_t i = 1; i + 1 < got.points.size(); ++i)
      if (isContact(got.points[i])) {
        ++t.via_contact;
        break;
      }
    std::string why;
    if (!oracle.pathValid(got.points, &why)) fail("the core's path breaks the rules: " + why, &q, both);
    if (!relativelyEqual(sum, got.length) && !(sum == 0.0 && got.length == 0.0))
      fail("path length is not the sum of its segments", &q, both);
    if (!dijkstra.found || !relativelyEqual(dijkstra.length, got.length))
      fail("Dijkstra (heuristic none) length differs from A*", &q,
           both + "\n  dijkstra: " + describePath(dijkstra.found, dijkstra.length, dijkstra.points));
    if (dijkstra.expanded < got.expanded)
      fail("Dijkstra expanded fewer nodes than A* (" + std::to_string(dijkstra.expanded) + " < " +
               std::to_string(got.expanded) + ")",
           &q, both);
    if (!weighted.found || weighted.length < got.length * (1 - 1e-9) || weighted.length > 2.0 * got.length * (1 + 1e-9))
      fail("weighted A* (w = 2) is outside [optimal, 2 x optimal]", &q,
           both + "\n  weighted: " + describePath(weighted.found, weighted.length, weighted.points));
    if (expect.points.size() > 2) ++t.bent;
    t.expanded_astar += got.expanded;
    t.expanded_dijkstra += dijkstra.expanded;
  }
  t.close_calls += oracle.stats().close_calls;
  if (blind) t.close_calls += blind->stats().close_calls;
}

void add(Tally& total, const Tally& t) {
  total.maps += t.maps;
  total.vertices += t.vertices;
  total.queries += t.queries;
  total.found += t.found;
  total.no_path += t.no_path;
  total.pinch_maps += t.pinch_maps;
  total.contact_queries += t.contact_queries;
  total.via_contact += t.via_contact;
  total.failures += t.failures;
}

void report(const char* family, const Tally& t, double seconds, double cpuSeconds) {
  Tally& total = grandTotal();
  add(total, t);
  std::ostringstream s;
  s << "[oracle] " << family << ": " << t.maps << " maps (" << t.vertices << " vertices, " << t.pinch_maps
    << " with pinches: " << t.contacts << " contact points, " << t.multi_wedge << " with 2+ wedges), " << t.queries
    << " queries (" << t.found << " found, " << t.no_path << " no path, " << t.bent << " bending at a corner, "
    << t.equal_points << " start == goal, " << t.contact_queries << " from or to a contact point, " << t.via_contact
    << " paths through a contact point";
  if (t.rule_decides) s << ", " << t.rule_decides << " decided by the pinch rule";
  if (t.closed_edge_queries) s << ", " << t.closed_edge_queries << " with both ends inside one zero-width edge";
  s << "), expansions A* " << t.expanded_astar << " vs Dijkstra " << t.expanded_dijkstra << ", oracle close calls "
    << t.close_calls << ", " << t.failures << " failures, " << seconds << " s (" << cpuSeconds << " s CPU)\n"
    << "[oracle] total so far: " << total.maps << " maps (" << total.pinch_maps << " with pinches), " << total.queries
    << " queries (" << total.found << " found, " << total.no_path << " no path, " << total.contact_queries
    << " from or to a contact point, " << total.via_contact << " through one), " << total.failures << " failures";
  WARN(s.str());
  for (const std::string& m : t.messages) FAIL_CHECK(m);
  REQUIRE(t.failures == 0);
  REQUIRE(t.close_calls == 0);  // the oracle never decided anything near its tolerance
}

// Soak runs: POLYPATH_ORACLE_SCALE=N checks N times as many maps, POLYPATH_ORACLE_SEED=S
// shifts every seed by S (to explore other maps). The defaults are what CI runs.
std::uint64_t environmentNumber(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

// `blindEvery`: every n-th map is also run through the pinch-blind oracle (0: never).
template <class Generate>
Tally runFamily(const char* family, Generate generate, std::uint64_t firstSeed, int maps, int queriesPerMap,
                int blindEvery = 0) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  maps *= static_cast<int>(environmentNumber("POLYPATH_ORACLE_SCALE", 1));
  firstSeed += environmentNumber("POLYPATH_ORACLE_SEED", 0);
  Tally t;
  for (int i = 0; i < maps; ++i)
    checkMap(generate(firstSeed + static_cast<std::uint64_t>(i)), queriesPerMap, t, blindEvery > 0 && i % blindEvery == 0);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  report(family, t, seconds, static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
  return t;
}

}  // namespace

TEST_CASE("visibility search matches the brute-force oracle on 2000 random star-shaped maps with holes", "[oracle]") {
  runFamily("star maps", polypath::test::randomStarMap, 1, 2000, 6);
}

TEST_CASE("visibility search matches the brute-force oracle on 1000 random orthogonal room maps", "[oracle]") {
  runFamily("orthogonal maps", polypath::test::randomOrthogonalMap, 100001, 1000, 5);
}

TEST_CASE("visibility search matches the pinch-aware oracle on 1500 grid maps that keep diagonal contacts", "[oracle]") {
  const Tally t = runFamily("pinch grid maps", polypath::test::randomPinchGridMap, 200001, 1500, 6, 4);
  CHECK(t.pinch_maps == t.maps);
  CHECK(t.rule_decides > 0);
}

TEST_CASE("visibility search matches the pinch-aware oracle on 1000 star maps with holes touching the boundary and each other", "[oracle]") {
  const Tally t = runFamily("pinch star maps", polypath::test::randomStarPinchMap, 300001, 1000, 8, 4);
  CHECK(t.pinch_maps == t.maps);
  CHECK(t.rule_decides > 0);
}

// Regression: where two SEPARATE walkable polygons touch at a vertex, each polygon's free
// wedges must be found among its own rings (treating each outer ring's outside as blocked
// made two 270-degree wedges spanning both polygons, and paths crossed through the point).
TEST_CASE("two separate polygons touching at a corner: no path through the corner", "[oracle]") {
  using namespace polypath;
  const std::vector<Polygon> squares{{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}, {}}, {{{2, 2}, {4, 2}, {4, 4}, {2, 4}}, {}}};
  const Oracle o(squares);
  CHECK(o.wedgesAt({2, 2}) == 2);
  CHECK_FALSE(o.shortestPath({1, 1}, {3, 3}).found);
  const PolygonMap map(squares);
  const VisibilityGraph graph(map);
  CHECK_FALSE(map.lineOfSight({1, 1}, {3, 3}));
  CHECK_FALSE(findPath(graph, {1.5, 1}, {3, 3.5}).found);
  const PolygonMap eight({{{{0, 0}, {2, 0}, {2, 2}, {4, 2}, {4, 4}, {2, 4}, {2, 2}, {0, 2}}, {}}});
  CHECK_FALSE(eight.lineOfSight({1, 1}, {3, 3}));              // one ring touching itself
}

// Regression: a segment whose two ends lie strictly inside one zero-width edge (a hole
// lying along the outer ring, two holes sharing an edge) runs along the closed gap and
// must be blocked, not only at the edge's ends.
TEST_CASE("a segment inside a zero-width edge is blocked", "[oracle]") {
  using namespace polypath;
  const Oracle o({case02()});
  CHECK_FALSE(o.lineOfSight({0, 4.5}, {0, 5.5}));
  CHECK_FALSE(o.shortestPath({0, 4.5}, {0, 5.5}).found);
  const PolygonMap map({case02()});
  const VisibilityGraph graph(map);
  CHECK_FALSE(map.lineOfSight({0, 4}, {0, 6}));
  CHECK_FALSE(map.lineOfSight({0, 3}, {0, 5}));
  CHECK_FALSE(map.lineOfSight({0, 4.5}, {0, 5.5}));
  CHECK_FALSE(findPath(graph, {0, 4.5}, {0, 5.5}).found);
  const PolygonMap holes({{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{2, 2}, {4, 2}, {4, 4}, {2, 4}}, {{4, 2}, {6, 2}, {6, 4}, {4, 4}}}}});
  CHECK_FALSE(holes.lineOfSight({4, 2.5}, {4, 3.5}));
}

TEST_CASE("visibility search matches the pinch-aware oracle on 300 maps of separate polygons touching at a vertex", "[oracle]") {
  const Tally t = runFamily("touching polygons", polypath::test::randomTouchingPolygonsMap, 400001, 300, 6, 4);
  CHECK(t.pinch_maps == t.maps);
}
