// test_core_robustness.cpp: the visibility search does not depend on where the map is,
// on how often or in which order it is asked, on reusing a Search, or on the map's scale.
//
// [SECTION] Maps and queries (maps/ and the oracle test's random families)
// [SECTION] Translation by (100000.1, 200000.3)
// [SECTION] Repeated, reversed and failing queries on one graph
// [SECTION] Search reuse (init twice, init mid-run, another graph)
// [SECTION] Tiny and huge coordinates
//
// Translation: the maps have lattice coordinates (multiples of 1/4) of moderate size, so
// x + 100000.1 is computed exactly (same binade, the lattice fits the ulp) and every exact
// predicate decides the same; random "real" query points are rounded by the shift. The path
// must be the same sequence of corners (each within 1e-6 of the shifted original) with the
// same length to 1e-9 relative.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

// [SECTION] Maps and queries

struct Query {
  Point start, goal;
};

struct Case {
  std::string name;
  std::vector<Polygon> polygons;
  std::vector<Query> queries;
  std::unique_ptr<test::Oracle> oracle;  // random maps only (maps/ are too large for it)
};

std::vector<fs::path> mapFiles() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(fs::path(POLYPATH_SOURCE_DIR) / "maps"))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Every map of maps/ with its own start and goal plus `extra` queries: ring vertices and
// walkable points of the half-unit lattice (decided by the core: these tests compare the
// core with itself).
std::vector<Case> mapFileCases(int extra) {
  std::vector<Case> out;
  for (const fs::path& file : mapFiles()) {
    const MapDocument doc = loadMap(file);
    Case c;
    c.name = file.filename().string();
    c.polygons = doc.polygons;
    if (doc.start && doc.goal) c.queries.push_back({*doc.start, *doc.goal});
    const PolygonMap map(c.polygons);
    std::uint64_t seed = 1469598103934665603ull;  // FNV-1a of the file name: the same queries everywhere
    for (char ch : c.name) seed = (seed ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
    std::mt19937_64 rng(seed);
    auto draw = [&]() -> Point {
      if (rng() % 3 == 0) return map.vertices()[rng() % map.vertices().size()].position;
      const auto b = map.bounds();
      for (int tries = 0; tries < 200; ++tries) {
        const Point p{b.min.x + 0.5 * static_cast<double>(rng() % static_cast<std::uint64_t>(2 * (b.max.x - b.min.x) + 1)),
                      b.min.y + 0.5 * static_cast<double>(rng() % static_cast<std::uint64_t>(2 * (b.max.y - b.min.y) + 1))};
        if (map.isWalkable(p)) return p;
      }
      return map.vertices()[0].position;
    };
    for (int i = 0; i < extra; ++i) c.queries.push_back({draw(), draw()});
    out.push_back(std::move(c));
  }
  return out;
}

// `perFamily` maps of each random family of the oracle test, with its random queries.
std::vector<Case> randomCases(int perFamily, int queries) {
  std::vector<Case> out;
  using Generate = test::RandomMap (*)(std::uint64_t);
  const std::pair<Generate, std::uint64_t> families[] = {{test::randomStarMap, 7001},
                                                         {test::randomOrthogonalMap, 107001},
                                                         {test::randomPinchGridMap, 207001},
                                                         {test::randomStarPinchMap, 307001}};
  for (const auto& [generate, first] : families) {
    for (int i = 0; i < perFamily; ++i) {
      const test::RandomMap m = generate(first + static_cast<std::uint64_t>(i));
      Case c;
      c.name = m.kind + " map seed " + std::to_string(m.seed);
      c.polygons = m.polygons;
      c.oracle = std::make_unique<test::Oracle>(m.polygons);
      for (const test::Query& q : test::randomQueries(m, *c.oracle, m.seed + 17, queries)) c.queries.push_back({q.start, q.goal});
      out.push_back(std::move(c));
    }
  }
  return out;
}

// The random maps the translation and repeated-query tests share (built once: their
// queries need the oracle).
const std::vector<Case>& sharedRandomCases() {
  static const std::vector<Case> cases = randomCases(100, 5);
  return cases;
}

// Failures are collected, so one run lists the first few in full and counts the rest.
struct Report {
  int checked = 0;
  int failures = 0;
  std::vector<std::string> messages;
  void fail(const Case& c, const Query& q, const std::string& what) {
    ++failures;
    if (messages.size() >= 10) return;
    std::ostringstream s;
    s << c.name << ", start " << test::describePoint(q.start) << " goal " << test::describePoint(q.goal) << ": " << what;
    if (c.polygons.size() < 4 && c.name.find(".json") == std::string::npos)
      s << "\n  map: " << test::describeMap(c.polygons, q.start, q.goal);
    messages.push_back(s.str());
  }
  void require() const {
    for (const std::string& m : messages) FAIL_CHECK(m);
    REQUIRE(failures == 0);
  }
};

std::string describe(const Path& p) {
  if (!p.found) return "no path";
  std::ostringstream s;
  s.precision(17);
  s << "length " << p.length << " via " << test::describePoints(p.points);
  return s.str();
}

bool relativelyEqual(double a, double b, double rel) {
  return a == b || std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

// Runs a query; a QueryError becomes "threw" (recorded in `error`).
Path solve(const VisibilityGraph& graph, Point s, Point g, bool& threw, SearchOptions options = {}) {
  threw = false;
  try {
    return findPath(graph, s, g, options);
  } catch (const QueryError&) {
    threw = true;
    return {};
  }
}

template <class F>
std::vector<Polygon> mapPoints(const std::vector<Polygon>& polygons, F f) {
  std::vector<Polygon> out = polygons;
  for (Polygon& p : out) {
    for (Point& v : p.outer) v = f(v);
    for (Ring& h : p.holes)
      for (Point& v : h) v = f(v);
  }
  return out;
}

const Point kShift{100000.1, 200000.3};
Point shifted(Point p) { return {p.x + kShift.x, p.y + kShift.y}; }

// [SECTION] Translation

void checkTranslation(const Case& c, Report& r) {
  const PolygonMap a(c.polygons);
  const PolygonMap b(mapPoints(c.polygons, shifted));
  const VisibilityGraph ga(a), gb(b);
  if (ga.nodes().size() != gb.nodes().size() || ga.links().size() != gb.links().size()) {
    r.fail(c, {}, "the shifted graph differs: " + std::to_string(ga.nodes().size()) + " nodes, " +
                      std::to_string(ga.links().size()) + " links vs " + std::to_string(gb.nodes().size()) + ", " +
                      std::to_string(gb.links().size()));
  }
  for (const Query& q : c.queries) {
    ++r.checked;
    bool threwA = false, threwB = false;
    const Path pa = solve(ga, q.start, q.goal, threwA);
    const Path pb = solve(gb, shifted(q.start), shifted(q.goal), threwB);
    const std::string both = "\n  original: " + describe(pa) + "\n  shifted:  " + describe(pb);
    if (threwA != threwB || pa.found != pb.found) {
      r.fail(c, q, "found (or thrown) differs" + both);
      continue;
    }
    if (!pa.found) continue;
    if (pa.points.size() != pb.points.size() || pa.nodes.size() != pb.nodes.size()) {
      r.fail(c, q, "the shifted path has another number of corners" + both);
      continue;
    }
    for (std::size_t i = 0; i < pa.points.size(); ++i) {
      const Point e = shifted(pa.points[i]);
      if (std::abs(pb.points[i].x - e.x) > 1e-6 || std::abs(pb.points[i].y - e.y) > 1e-6) {
        r.fail(c, q, "corner " + std::to_string(i) + " is not the shifted original" + both);
        break;
      }
    }
    if (!relativelyEqual(pa.length, pb.length, 1e-9) && !(pa.length < 1e-12 && pb.length < 1e-9))
      r.fail(c, q, "length differs" + both);
  }
}

// [SECTION] Repeated, reversed and failing queries

struct ReverseTally {
  int reversed_same = 0;  // the reversed query's path is the forward path reversed
  int ties = 0;           // it is another path of the same length (the optimum is not unique)
};

// The polyline is a path of the map: each segment visible (oracle when there is one, else
// the core's line of sight).
bool validPath(const Case& c, const PolygonMap& map, const std::vector<Point>& pts) {
  if (c.oracle) return c.oracle->pathValid(pts);
  for (std::size_t i = 0; i + 1 < pts.size(); ++i)
    if (!map.lineOfSight(pts[i], pts[i + 1])) return false;
  return true;
}

bool identical(const Path& a, const Path& b) {
  return a.found == b.found && a.length == b.length && a.points == b.points && a.nodes == b.nodes && a.expanded == b.expanded;
}

void checkRepeatedAndReversed(const Case& c, Report& r, ReverseTally& t) {
  const PolygonMap map(c.polygons);
  const VisibilityGraph graph(map);
  const Point outside{map.bounds().max.x + 1.0, map.bounds().max.y + 1.0};
  for (const Query& q : c.queries) {
    ++r.checked;
    bool threw = false, threw2 = false;
    const Path first = solve(graph, q.start, q.goal, threw);
    const Path again = solve(graph, q.start, q.goal, threw2);
    if (threw != threw2 || !identical(first, again)) r.fail(c, q, "the repeated query differs\n  " + describe(first) + "\n  " + describe(again));
    // A failing query in between leaves nothing behind.
    bool failed = false;
    solve(graph, outside, q.goal, failed);
    if (!failed) r.fail(c, q, "a start outside every polygon did not throw QueryError");
    const Path after = solve(graph, q.start, q.goal, threw2);
    if (!identical(first, after)) r.fail(c, q, "the query after a failing query differs\n  " + describe(first) + "\n  " + describe(after));
    // Reversed.
    const Path back = solve(graph, q.goal, q.start, threw2);
    if (back.found != first.found) {
      r.fail(c, q, "the reversed query's found differs\n  forward: " + describe(first) + "\n  reversed: " + describe(back));
      continue;
    }
    if (!first.found) continue;
    if (!relativelyEqual(first.length, back.length, 1e-12) && !(first.length < 1e-12 && back.length < 1e-12))
      r.fail(c, q, "the reversed query's length differs\n  forward: " + describe(first) + "\n  reversed: " + describe(back));
    std::vector<Point> rev = back.points;
    std::reverse(rev.begin(), rev.end());
    if (rev == first.points) {
      ++t.reversed_same;
    } else if (validPath(c, map, rev)) {
      ++t.ties;  // two different shortest paths: the optimum is not unique
    } else {
      r.fail(c, q, "the reversed path is neither the forward path reversed nor a valid path\n  forward: " + describe(first) +
                       "\n  reversed: " + describe(back));
    }
  }
}

// [SECTION] Search reuse

bool sameState(const SearchState& a, const SearchState& b) {
  if (a.status() != b.status() || a.nodeCount() != b.nodeCount() || a.closedSet() != b.closedSet() ||
      a.openSet() != b.openSet() || a.lastExpanded() != b.lastExpanded() || a.start() != b.start() || a.goal() != b.goal())
    return false;
  for (std::size_t n = 0; n < a.nodeCount(); ++n) {
    const NodeRecord& x = a.record(static_cast<NodeId>(n));
    const NodeRecord& y = b.record(static_cast<NodeId>(n));
    if (!(x.g == y.g || (std::isinf(x.g) && std::isinf(y.g))) || x.h != y.h || x.parent != y.parent ||
        x.status != y.status || x.expansion != y.expansion)
      return false;
  }
  return true;
}

}  // namespace

TEST_CASE("translating a map by (100000.1, 200000.3) translates its shortest paths", "[robustness]") {
  Report r;
  const std::vector<Case> files = mapFileCases(20);
  REQUIRE(files.size() >= 8);
  for (const Case& c : files) checkTranslation(c, r);
  for (const Case& c : sharedRandomCases()) checkTranslation(c, r);
  WARN("[robustness] translation: " << files.size() << " maps/ files and " << sharedRandomCases().size()
                                    << " random maps (star, orthogonal, pinch grid, pinch star), " << r.checked
                                    << " queries, " << r.failures << " failures");
  r.require();
}

TEST_CASE("repeated, reversed and failing queries on one graph leave no trace", "[robustness]") {
  Report r;
  ReverseTally t;
  const std::vector<Case> files = mapFileCases(20);
  for (const Case& c : files) checkRepeatedAndReversed(c, r, t);
  for (const Case& c : sharedRandomCases()) checkRepeatedAndReversed(c, r, t);
  WARN("[robustness] repeated/reversed: " << files.size() + sharedRandomCases().size() << " maps, " << r.checked << " queries; reversed path = forward reversed "
                                          << t.reversed_same << ", another shortest path (tie) " << t.ties << ", "
                                          << r.failures << " failures");
  CHECK(t.reversed_same > 10 * t.ties);
  r.require();
}

TEST_CASE("a failing query names the point and leaves the graph usable", "[robustness]") {
  const PolygonMap map({{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{3, 3}, {7, 3}, {7, 7}, {3, 7}}}}});
  const VisibilityGraph graph(map);
  const Path before = findPath(graph, {1, 5}, {9, 5});
  CHECK_THROWS_AS(findPath(graph, {-1, 5}, {9, 5}), QueryError);
  CHECK_THROWS_WITH(findPath(graph, {1, 5}, {5, 5}), Catch::Contains("goal") && Catch::Contains("hole 0"));
  CHECK_THROWS_AS(findPath(graph, {std::nan(""), 5}, {9, 5}), QueryError);
  const Path after = findPath(graph, {1, 5}, {9, 5});
  CHECK(identical(before, after));
  CHECK(after.length == Approx(4 + 4 * std::sqrt(2.0)).epsilon(1e-14));
}

TEST_CASE("a reused Search gives what a fresh one gives", "[robustness]") {
  std::vector<Case> cases = mapFileCases(6);
  std::vector<Case> random = randomCases(15, 4);
  for (Case& c : random) cases.push_back(std::move(c));
  // Every query of every map through ONE Search object, interleaving maps of different
  // sizes, options and abandoned runs; each result compared with a fresh Search.
  std::vector<std::unique_ptr<PolygonMap>> maps;
  std::vector<std::unique_ptr<VisibilityGraph>> graphs;
  for (const Case& c : cases) {
    maps.push_back(std::make_unique<PolygonMap>(c.polygons));
    graphs.push_back(std::make_unique<VisibilityGraph>(*maps.back()));
  }
  const SearchOptions optionSets[] = {{Heuristic::Euclidean, 1.0, TieBreak::LargerG},
                                      {Heuristic::None, 1.0, TieBreak::None},
                                      {Heuristic::Euclidean, 2.0, TieBreak::None}};
  Search reused;
  int runs = 0, failures = 0;
  std::vector<std::string> messages;
  for (std::size_t round = 0; round < 2; ++round) {
    for (std::size_t ci = 0; ci < cases.size(); ++ci) {
      // Alternate the visiting order so a big graph is followed by a small one and back.
      const std::size_t i = round == 0 ? ci : cases.size() - 1 - ci;
      for (std::size_t qi = 0; qi < cases[i].queries.size(); ++qi) {
        const Query& q = cases[i].queries[qi];
        if (!maps[i]->isWalkable(q.start) || !maps[i]->isWalkable(q.goal)) continue;
        const VisibilityQuery vq(*graphs[i], q.start, q.goal);
        const SearchOptions opt = optionSets[(ci + qi + round) % 3];
        // Abandon a run half-way now and then: init must forget it.
        if ((qi + round) % 2 == 0) {
          reused.init(vq, vq.startNode(), vq.goalNode(), opt);
          reused.run(2);
        }
        reused.init(vq, vq.startNode(), vq.goalNode(), opt);
        reused.run();
        const Path a = reused.finalize();
        Search fresh;
        fresh.init(vq, vq.startNode(), vq.goalNode(), opt);
        fresh.run();
        const Path b = fresh.finalize();
        ++runs;
        if (!identical(a, b) || !sameState(reused.state(), fresh.state())) {
          ++failures;
          if (messages.size() < 8)
            messages.push_back(cases[i].name + " start " + test::describePoint(q.start) + " goal " +
                               test::describePoint(q.goal) + ": reused " + describe(a) + ", fresh " + describe(b));
        }
        // init twice in a row on the same problem: identical.
        reused.init(vq, vq.startNode(), vq.goalNode(), opt);
        reused.init(vq, vq.startNode(), vq.goalNode(), opt);
        reused.run();
        if (!identical(reused.finalize(), b)) ++failures;
      }
    }
  }
  WARN("[robustness] Search reuse: " << cases.size() << " maps, " << runs << " reused runs, " << failures << " failures");
  for (const std::string& m : messages) FAIL_CHECK(m);
  REQUIRE(runs > 200);
  REQUIRE(failures == 0);
}

// [SECTION] Tiny and huge coordinates

TEST_CASE("the seed demo at 1e-6 and 1e9 times its size gives the scaled length", "[robustness]") {
  const MapDocument doc = loadMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json");
  const double unscaled = 34.861884652980;  // 6 + sqrt(4 + 81) + ... (the seed article's path)
  const std::vector<Point> corners{{15, 6}, {6, 8}, {6, 10}, {21, 15}, {21, 17}, {18, 22}};
  for (double scale : {1e-6, 1e9, 1.0, 0x1p-30, 0x1p40}) {
    INFO("scale " << scale);
    const auto scaledPoint = [scale](Point p) { return Point{p.x * scale, p.y * scale}; };
    const PolygonMap map(mapPoints(doc.polygons, scaledPoint));
    const VisibilityGraph graph(map);
    CHECK(graph.nodes().size() == 4);
    const Path p = findPath(graph, scaledPoint(*doc.start), scaledPoint(*doc.goal));
    REQUIRE(p.found);
    CHECK(relativelyEqual(p.length, unscaled * scale, 1e-9));
    REQUIRE(p.points.size() == corners.size());
    for (std::size_t i = 0; i < corners.size(); ++i) {
      CHECK(std::abs(p.points[i].x - corners[i].x * scale) <= 1e-12 * 24 * scale);
      CHECK(std::abs(p.points[i].y - corners[i].y * scale) <= 1e-12 * 24 * scale);
    }
  }
}

TEST_CASE("every map in maps/ at 1e-6 and 1e9 times its size gives the scaled lengths", "[robustness]") {
  Report r;
  for (const Case& c : mapFileCases(10)) {
    const PolygonMap base(c.polygons);
    const VisibilityGraph baseGraph(base);
    for (double scale : {1e-6, 1e9}) {
      const auto sc = [scale](Point p) { return Point{p.x * scale, p.y * scale}; };
      const PolygonMap map(mapPoints(c.polygons, sc));
      const VisibilityGraph graph(map);
      for (const Query& q : c.queries) {
        ++r.checked;
        bool threwA = false, threwB = false;
        const Path a = solve(baseGraph, q.start, q.goal, threwA);
        const Path b = solve(graph, sc(q.start), sc(q.goal), threwB);
        if (threwA != threwB || a.found != b.found) {
          r.fail(c, q, "found differs at scale " + std::to_string(scale));
          continue;
        }
        if (a.found && !relativelyEqual(a.length * scale, b.length, 1e-9) && !(a.length < 1e-12 && b.length < 1e-12 * scale))
          r.fail(c, q, "length at scale " + std::to_string(scale) + ": " + describe(b) + " vs " + describe(a));
      }
    }
  }
  WARN("[robustness] scales 1e-6 and 1e9: maps/ files, " << r.checked << " queries, " << r.failures << " failures");
  r.require();
}
