// test_oracle.cpp: the visibility search against an independent brute-force oracle.
//
// [SECTION] The oracle on hand-made maps with known answers
// [SECTION] The random map generators
// [SECTION] Visibility search vs oracle on random maps
//
// The oracle (support/oracle.hpp) shares no geometry code with src/core; it is checked
// first on maps whose answers are known by hand, then used as the reference for
// thousands of random star-shaped and orthogonal maps (support/random_maps.hpp).
// POLYPATH_ORACLE_SCALE and POLYPATH_ORACLE_SEED (environment) enlarge or shift the run.
// A failure message carries the seed, the query and the whole map in the map file
// format, so it can be replayed with the CLI or pasted into a unit test.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/polygon_map.hpp"
#include "core/visibility_graph.hpp"
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
}

// [SECTION] Visibility search vs oracle

namespace {

struct Tally {
  int maps = 0, vertices = 0, queries = 0, found = 0, no_path = 0, equal_points = 0, bent = 0;
  long long expanded_astar = 0, expanded_dijkstra = 0;
  long long close_calls = 0;
  int failures = 0;
  std::vector<std::string> messages;  // the first few failures, in full
};

std::string describePath(bool found, double length, const std::vector<Point>& points) {
  if (!found) return "no path";
  std::ostringstream s;
  s.precision(17);
  s << "length " << length << " via " << polypath::test::describePoints(points);
  return s.str();
}

// Checks every query of one map; failures are recorded, not thrown, so one run lists all.
void checkMap(const polypath::test::RandomMap& map, int queryCount, Tally& t) {
  using namespace polypath;
  const test::Oracle oracle(map.polygons);
  ++t.maps;
  t.vertices += map.vertexCount();
  auto fail = [&](const std::string& what, const test::Query* q, const std::string& detail) {
    ++t.failures;
    if (t.messages.size() >= 12) return;
    std::ostringstream s;
    s << map.kind << " map seed " << map.seed << ": " << what;
    if (q) s << "\n  query (" << q->how << ") start " << test::describePoint(q->start) << " goal " << test::describePoint(q->goal);
    if (!detail.empty()) s << "\n  " << detail;
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
    const test::OraclePath expect = oracle.shortestPath(q.start, q.goal);
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
    for (std::size_t i = 0; i + 1 < got.points.size(); ++i) {
      sum += distance(got.points[i], got.points[i + 1]);
      if (!oracle.lineOfSight(got.points[i], got.points[i + 1]))
        fail("path segment " + std::to_string(i) + " has no line of sight (oracle)", &q, both);
    }
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
}

void report(const char* family, const Tally& t, double seconds) {
  std::ostringstream s;
  s << "[oracle] " << family << ": " << t.maps << " maps (" << t.vertices << " vertices), " << t.queries
    << " queries (" << t.found << " found, " << t.no_path << " no path, " << t.bent
    << " bending at a corner, " << t.equal_points << " start == goal), expansions A* " << t.expanded_astar << " vs Dijkstra " << t.expanded_dijkstra
    << ", oracle close calls " << t.close_calls << ", " << t.failures << " failures, " << seconds << " s";
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

template <class Generate>
void runFamily(const char* family, Generate generate, std::uint64_t firstSeed, int maps, int queriesPerMap) {
  const auto t0 = std::chrono::steady_clock::now();
  maps *= static_cast<int>(environmentNumber("POLYPATH_ORACLE_SCALE", 1));
  firstSeed += environmentNumber("POLYPATH_ORACLE_SEED", 0);
  Tally t;
  for (int i = 0; i < maps; ++i) checkMap(generate(firstSeed + static_cast<std::uint64_t>(i)), queriesPerMap, t);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  report(family, t, seconds);
}

}  // namespace

TEST_CASE("visibility search matches the brute-force oracle on 2000 random star-shaped maps with holes", "[oracle]") {
  runFamily("star maps", polypath::test::randomStarMap, 1, 2000, 6);
}

TEST_CASE("visibility search matches the brute-force oracle on 1000 random orthogonal room maps", "[oracle]") {
  runFamily("orthogonal maps", polypath::test::randomOrthogonalMap, 100001, 1000, 5);
}
