// VisibilityGraph::update: after random vertex moves, the updated graph is exactly the
// graph a full rebuild gives (nodes, links and their order, adjacency).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <memory>
#include <random>
#include <thread>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "reference/synthetic_maps.hpp"
#include "support/graph_difference.hpp"
#include "support/random_maps.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
using polypath::test::difference;

namespace {

// Moves one vertex: to a nearby lattice point, onto another vertex of the map, or onto
// the midpoint of another edge (so contacts and pinches appear and disappear).
std::vector<Polygon> moveVertex(std::vector<Polygon> polygons, double unit, std::mt19937_64& rng) {
  std::vector<Ring*> rings;
  for (Polygon& p : polygons) {
    rings.push_back(&p.outer);
    for (Ring& h : p.holes) rings.push_back(&h);
  }
  auto pick = [&]() -> Point& {
    Ring& r = *rings[std::uniform_int_distribution<std::size_t>(0, rings.size() - 1)(rng)];
    return r[std::uniform_int_distribution<std::size_t>(0, r.size() - 1)(rng)];
  };
  Point& v = pick();
  switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
    case 0: v = pick(); break;
    case 1: {
      Ring& r = *rings[std::uniform_int_distribution<std::size_t>(0, rings.size() - 1)(rng)];
      const std::size_t k = std::uniform_int_distribution<std::size_t>(0, r.size() - 1)(rng);
      v = (r[k] + r[(k + 1) % r.size()]) * 0.5;
      break;
    }
    default: {
      std::uniform_int_distribution<int> step(-2, 2);
      v = v + Point{step(rng) * unit, step(rng) * unit};
    }
  }
  return polygons;
}

// Moves one vertex far: to a uniform random point of the box [lo, hi] (a lattice point
// when `unit` > 0), so its edges become long and cross much of the map.
std::vector<Polygon> moveVertexFar(std::vector<Polygon> polygons, Point lo, Point hi, double unit,
                                   std::mt19937_64& rng) {
  std::vector<Ring*> rings;
  for (Polygon& p : polygons) {
    rings.push_back(&p.outer);
    for (Ring& h : p.holes) rings.push_back(&h);
  }
  Ring& r = *rings[std::uniform_int_distribution<std::size_t>(0, rings.size() - 1)(rng)];
  Point& v = r[std::uniform_int_distribution<std::size_t>(0, r.size() - 1)(rng)];
  v = {std::uniform_real_distribution<double>(lo.x, hi.x)(rng), std::uniform_real_distribution<double>(lo.y, hi.y)(rng)};
  if (unit > 0) v = {std::round(v.x / unit) * unit, std::round(v.y / unit) * unit};
  return polygons;
}

// True when validateMap finds no error (the editor only builds graphs of such maps; a far
// move can make rings overlap without crossing, which PolygonMap does not reject).
bool validMap(const std::vector<Polygon>& polygons) {
  MapDocument doc;
  doc.polygons = polygons;
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error) return false;
  return true;
}

// Applies `edits` moves made by `move` to `start`, updating one graph and comparing it with
// a full rebuild after each; returns the number of edits compared (moves whose map is
// invalid are skipped, as the editor skips them).
template <class Move>
int checkEdits(const std::vector<Polygon>& start, int edits, VisibilityOptions options, Move&& move,
               const std::string& label) {
  auto map = std::make_unique<PolygonMap>(start);
  VisibilityGraph graph(*map, options);
  std::vector<Polygon> polygons = start;
  int checked = 0;
  for (int e = 0; e < edits; ++e) {
    std::vector<Polygon> edited = move(polygons);
    if (!validMap(edited)) continue;
    std::unique_ptr<PolygonMap> next;
    try {
      next = std::make_unique<PolygonMap>(edited);
    } catch (const GeometryError&) {
      continue;
    }
    graph.update(*next);
    const VisibilityGraph full(*next, options);
    INFO(label << ", edit " << e << "\nbefore: " << test::describeMap(polygons, {}, {})
               << "\nafter: " << test::describeMap(edited, {}, {}));
    const std::string diff = difference(graph, full);
    INFO("first difference: " << diff);
    REQUIRE(diff.empty());
    ++checked;
    map = std::move(next);
    polygons = std::move(edited);
  }
  return checked;
}

/// The random map of `seed`, the family chosen by seed % 5: star, orthogonal, pinch grid,
/// star with pinches, touching polygons.
test::RandomMap randomMapOfFamily(std::uint64_t seed) {
  switch (seed % 5) {
    case 0: return test::randomStarMap(seed);
    case 1: return test::randomOrthogonalMap(seed);
    case 2: return test::randomPinchGridMap(seed);
    case 3: return test::randomStarPinchMap(seed);
    default: return test::randomTouchingPolygonsMap(seed);
  }
}

}  // namespace

TEST_CASE("update after random vertex moves gives exactly the rebuilt graph", "[update]") {
  // The promise holds for valid maps; on maps with crossing or overlapping rings (which
  // the editor refuses to search) update and rebuild may differ, so those are skipped.
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 1200; ++seed) {
    const test::RandomMap rm = randomMapOfFamily(seed);
    const VisibilityOptions options{seed % 7 == 0 ? 0.25 * rm.unit : 0.0};
    std::mt19937_64 rng(seed);
    checked += checkEdits(rm.polygons, 4, options, [&](const std::vector<Polygon>& p) {
      return moveVertex(p, rm.unit, rng);
    }, "seed " + std::to_string(seed) + " (" + rm.kind + ")");
  }
  INFO("checked " << checked);
  CHECK(checked > 2000);
}

TEST_CASE("update after small moves in random directions gives exactly the rebuilt graph", "[update]") {
  // The bench's edit: a vertex moved by a twentieth of its shorter edge, in any direction
  // (no lattice, no contacts), where the screen is the cone over the moved corner.
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const test::RandomMap rm = randomMapOfFamily(seed);
    std::mt19937_64 rng(seed + 77);
    checked += checkEdits(rm.polygons, 4, {},
                          [&](const std::vector<Polygon>& p) { return reference::nudgeVertex(p, rng); },
                          "seed " + std::to_string(seed) + " (" + rm.kind + ")");
  }
  for (reference::Family family : {reference::Family::Rooms, reference::Family::Convex, reference::Family::Comb}) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(family) + 3);
    const int vertices = family == reference::Family::Comb ? 300 : 1000;  // a comb's graph is complete
    checked += checkEdits(reference::syntheticMap(family, vertices, 5), 15, {},
                          [&](const std::vector<Polygon>& p) { return reference::nudgeVertex(p, rng); },
                          "family " + std::to_string(static_cast<int>(family)));
  }
  INFO("checked " << checked);
  CHECK(checked > 900);
}

TEST_CASE("update tests only the pairs through the moved corner, not every pair across its long wall",
          "[update]") {
  // A wall 100 long between two rows of 20 square holes: every pair of holes across it
  // crosses the box of the wall's edges. Moving the wall's right end up by 0.05 frees
  // no ground: the pairs with a changed node are tested again (the moved corner and its
  // two neighbours, 3 of the r nodes) and the few old links that pass by the edit, but none
  // of the 80 x 80 pairs of holes across the wall (a screen by the box of the edit would
  // test them all).
  Polygon p{{{-10, -20}, {120, -20}, {120, 20}, {-10, 20}}, {{{0, -0.5}, {100, -0.5}, {100, 0.5}, {0, 0.5}}}};
  for (int k = 0; k < 20; ++k)
    for (double y : {-10.0, 10.0}) {
      const double x = 5.0 * k;
      p.holes.push_back({{x, y}, {x + 2, y}, {x + 2, y + 2}, {x, y + 2}});
    }
  const PolygonMap before({p});
  VisibilityGraph graph(before);
  const std::int64_t r = static_cast<std::int64_t>(graph.nodes().size());
  REQUIRE(r == 4 + 160);  // the wall's corners and the holes' (the outer ring is convex)
  p.holes[0][2] = {100.0, 0.55};
  const PolygonMap after({p});
  const VisibilityGraph::UpdateStats stats = graph.update(after);
  CHECK(stats.new_nodes == 3);
  INFO("tested " << stats.tested << " of " << r * (r - 1) / 2);
  CHECK(stats.tested < 4 * r);
  CHECK(difference(graph, VisibilityGraph(after)).empty());
}

TEST_CASE("update keeps the link state of pairs far from the edit", "[update]") {
  // A row of 12 square holes: moving a corner of the last hole leaves the pairs among
  // the first holes untested, and the result equals a rebuild.
  Polygon p{{{0, 0}, {130, 0}, {130, 20}, {0, 20}}, {}};
  for (int k = 0; k < 12; ++k) {
    const double x = 5.0 + 10.0 * k;
    p.holes.push_back({{x, 8}, {x + 4, 8}, {x + 4, 12}, {x, 12}});
  }
  const PolygonMap before({p});
  VisibilityGraph graph(before);
  p.holes.back()[1] = {119.0, 7.0};
  const PolygonMap after({p});
  const VisibilityGraph::UpdateStats stats = graph.update(after);
  CHECK(stats.changed_edges == 4);  // two edges out, two edges in
  CHECK(stats.new_nodes == 3);      // the moved corner and the two corners whose rays end at it
  CHECK(stats.kept > stats.tested);
  CHECK(stats.kept + stats.tested == 48 * 47 / 2);
  CHECK(difference(graph, VisibilityGraph(after)).empty());
}

TEST_CASE("update on 1000-vertex rooms and convex maps gives exactly the rebuilt graph", "[update]") {
  // Big maps, where most pairs are screened out by the cone over the edit: a vertex moved
  // by a small step, onto another vertex or onto an edge midpoint (moveVertex).
  int checked = 0;
  std::int64_t tested = 0, pairs = 0;
  for (reference::Family family : {reference::Family::Rooms, reference::Family::Convex}) {
    const std::vector<Polygon> start = reference::syntheticMap(family, 1000, 7);
    std::mt19937_64 rng(static_cast<std::uint64_t>(family) + 5);
    auto map = std::make_unique<PolygonMap>(start);
    VisibilityGraph graph(*map);
    std::vector<Polygon> polygons = start;
    for (int e = 0; e < 40; ++e) {
      std::vector<Polygon> edited = moveVertex(polygons, 0.5, rng);
      if (!validMap(edited)) continue;  // as the editor, which updates only valid maps
      std::unique_ptr<PolygonMap> next;
      try {
        next = std::make_unique<PolygonMap>(edited);
      } catch (const GeometryError&) {
        continue;
      }
      const VisibilityGraph::UpdateStats stats = graph.update(*next);
      const VisibilityGraph full(*next);
      INFO("family " << static_cast<int>(family) << ", edit " << e);
      REQUIRE(difference(graph, full).empty());
      ++checked;
      tested += stats.tested;
      pairs += stats.tested + stats.kept;
      map = std::move(next);
      polygons = std::move(edited);
    }
  }
  CHECK(checked >= 20);
  // Moves onto far vertices and edge midpoints make long edges whose boxes many pairs
  // cross; even so fewer than a quarter of the pairs are tested again (19% here).
  INFO("tested " << tested << " of " << pairs << " pairs");
  CHECK(tested * 4 < pairs);
}

TEST_CASE("update after moving a vertex far across random maps gives exactly the rebuilt graph", "[update]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 250; ++seed) {
    const test::RandomMap rm = randomMapOfFamily(seed);
    std::mt19937_64 rng(seed + 1000);
    const VisibilityOptions options{seed % 7 == 0 ? 0.25 * rm.unit : 0.0};
    checked += checkEdits(rm.polygons, 4, options, [&](const std::vector<Polygon>& p) {
      return moveVertexFar(p, rm.min, rm.max, rm.unit, rng);
    }, "seed " + std::to_string(seed) + " (" + rm.kind + ")");
  }
  // Most far moves make a ring cross itself or another ring; those maps are skipped.
  CHECK(checked > 150);
}

TEST_CASE("update on rooms convex and comb maps after near and far moves gives exactly the rebuilt graph",
          "[update]") {
  int checked = 0;
  for (reference::Family family : {reference::Family::Rooms, reference::Family::Convex, reference::Family::Comb}) {
    const std::vector<Polygon> start = reference::syntheticMap(family, 300, 11);
    const PolygonMap::Bounds b = PolygonMap(start).bounds();
    std::mt19937_64 rng(static_cast<std::uint64_t>(family) + 17);
    const std::string label = "family " + std::to_string(static_cast<int>(family));
    checked += checkEdits(start, 60, {}, [&](const std::vector<Polygon>& p) {
      return std::uniform_int_distribution<int>(0, 2)(rng) == 0 ? moveVertexFar(p, b.min, b.max, 0.0, rng)
                                                               : moveVertex(p, 0.25, rng);
    }, label);
  }
  // Most moves onto other vertices or far away make an invalid map (skipped).
  INFO("checked " << checked);
  CHECK(checked >= 50);
}

TEST_CASE("update on shared case 20 (400-hole lattice) gives exactly the rebuilt graph", "[update]") {
  const std::filesystem::path file =
      std::filesystem::path(POLYPATH_SHARED_DIR) / "cases" / "20-perf-lattice-400-holes.json";
  const std::vector<Polygon> start = loadMap(file).polygons;
  const PolygonMap::Bounds b = PolygonMap(start).bounds();
  std::mt19937_64 rng(20);
  int step = 0;
  // Near moves (lattice steps, onto vertices and midpoints) and far moves, alternating.
  const int checked = checkEdits(start, 16, {}, [&](const std::vector<Polygon>& p) {
    return ++step % 3 == 0 ? moveVertexFar(p, b.min, b.max, 0.0, rng) : moveVertex(p, 0.25, rng);
  }, "case 20");
  INFO("checked " << checked);
  CHECK(checked >= 6);
}

TEST_CASE("a graph built on two threads is the one-thread graph, link for link", "[visibility][threads]") {
  const PolygonMap map(reference::syntheticMap(reference::Family::Convex, 2000, 3));
  REQUIRE(map.reflexCorners().size() >= 1024);  // below that the build stays on one thread
  VisibilityOptions one, two;
  one.threads = 1;
  two.threads = 2;
  const VisibilityGraph a(map, one), b(map, two);
  REQUIRE(a.linkCount() > 1000);
  CHECK(difference(a, b).empty());
}

TEST_CASE("a two-thread build cancelled while it runs throws and stops early", "[visibility][threads]") {
  // Rooms of 10^4 vertices: 8,216 reflex corners, about 1.8 s to build on two threads.
  const PolygonMap map(reference::syntheticMap(reference::Family::Rooms, 10000, 3));
  REQUIRE(map.reflexCorners().size() >= 1024);
  VisibilityOptions o;
  o.threads = 2;
  BuildMonitor monitor;
  std::jthread canceller([&] {
    while (monitor.items() == 0) std::this_thread::yield();
    monitor.cancel();
  });
  CHECK_THROWS_AS(VisibilityGraph(map, o, &monitor), BuildCancelled);
  CHECK(monitor.fraction() < 0.5);  // stopped at a block's check, far from the end
}

TEST_CASE("a build reports its progress to the end and stops when cancelled", "[visibility][threads]") {
  const PolygonMap map(reference::syntheticMap(reference::Family::Convex, 2000, 3));
  for (int threads : {1, 2}) {
    VisibilityOptions o;
    o.threads = threads;
    BuildMonitor watched;
    const VisibilityGraph g(map, o, &watched);
    CHECK(watched.fraction() == 1.0);
    BuildMonitor cancelled;
    cancelled.cancel();
    CHECK_THROWS_AS(VisibilityGraph(map, o, &cancelled), BuildCancelled);
    CHECK(cancelled.fraction() < 0.01);  // stopped at its first check
    BuildMonitor capped;
    capped.setItemLimit(100);
    CHECK_THROWS_AS(VisibilityGraph(map, o, &capped), BuildTooLarge);
    CHECK(capped.items() > 100);
    CHECK(capped.items() < watched.items());  // stopped early
    CHECK(watched.items() == g.linkCount());
  }
  // The expansion build's estimate follows the links (sampled); a build with
  // every pair a candidate, as a corner offset builds, grows with the square of the
  // reflex corners and is estimated so.
  const double expansion = VisibilityGraph::estimateBuildSeconds(map);
  CHECK(expansion < 0.2);
  CHECK(expansion > 0.0);
  CHECK(VisibilityGraph::estimateBuildSeconds(map) == expansion);  // a fixed sample
  VisibilityOptions pairwise;
  pairwise.candidates = VisibilityOptions::Candidates::Pairwise;
  VisibilityOptions offset;
  offset.corner_offset = 0.1;
  CHECK(VisibilityGraph::estimateBuildSeconds(map, pairwise) > 3 * expansion);
  CHECK(VisibilityGraph::estimateBuildSeconds(map, offset) == VisibilityGraph::estimateBuildSeconds(map, pairwise));
}
