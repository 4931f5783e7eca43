// test_canonical_paths.cpp: every method's world path is in canonical form
// (canonicalPolyline, Method::worldPath): start and goal bit for bit as given, no repeated
// point, no inner point where the path runs straight. Checked on the random map families
// (support/random_maps.hpp) for the visibility graph, Polyanya and triangle A* + funnel
// (both node placements), whose lengths are also checked against the brute-force oracle
// (support/oracle.hpp), and on rasterized random maps for the grid method's cell paths and
// smoothed grid paths (smoothGridPath).
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "polypath/core/grid.hpp"
#include "polypath/core/grid_smoothing.hpp"
#include "polypath/core/method.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/methods/registry.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"

using namespace polypath;

namespace {

bool sameBits(Point a, Point b) {
  return std::bit_cast<std::uint64_t>(a.x) == std::bit_cast<std::uint64_t>(b.x) &&
         std::bit_cast<std::uint64_t>(a.y) == std::bit_cast<std::uint64_t>(b.y);
}

/// The canonical form, checked point by point: start and goal bit for bit, no repeated
/// point, every inner point a turn (the three points not collinear).
void checkCanonical(const std::vector<Point>& points, Point start, Point goal) {
  INFO("path " << test::describePoints(points));
  REQUIRE(!points.empty());
  CHECK(sameBits(points.front(), start));
  CHECK(sameBits(points.back(), goal));
  if (start == goal) CHECK(points.size() == 1);
  for (std::size_t i = 1; i < points.size(); ++i) CHECK(points[i] != points[i - 1]);
  for (std::size_t i = 1; i + 1 < points.size(); ++i) CHECK(orient(points[i - 1], points[i], points[i + 1]) != 0);
}

struct Counts {
  int maps = 0, untriangulated = 0, paths = 0, straightened = 0;
};

const char* const kPolygonMethods[] = {"visibility", "polyanya", "centre", "portal"};

void checkMap(const test::RandomMap& rm, Counts& counts) {
  const PolygonMap map(rm.polygons);
  std::vector<std::unique_ptr<Method>> ms;
  try {
    for (const char* name : kPolygonMethods) {
      ms.push_back(methods().create(name));
      ms.back()->build(map, {});
    }
  } catch (const GeometryError& e) {
    WARN("not triangulated: " << e.what());
    ++counts.untriangulated;
    return;
  }
  ++counts.maps;
  const test::Oracle oracle(rm.polygons);
  for (const test::Query& q : test::randomQueries(rm, oracle, rm.seed, 6)) {
    const test::OraclePath best = oracle.shortestPath(q.start, q.goal);
    for (const std::unique_ptr<Method>& m : ms) {
      INFO(test::describeMap(rm.polygons, q.start, q.goal) << "\n" << q.how << ", method " << m->info().name);
      try {
        m->query(q.start, q.goal);
      } catch (const QueryError&) {
        continue;  // a boundary point in no triangle (zero-width stretch): navmesh methods refuse it
      }
      const Path search = findPath(*m->graph(), m->startNode(), m->goalNode());
      const Path p = m->worldPath(search);
      REQUIRE(p.found == best.found);
      if (!p.found) continue;
      ++counts.paths;
      checkCanonical(p.points, q.start, q.goal);
      CHECK(p.length == Approx(polylineLength(p.points)).epsilon(1e-12).margin(1e-12));
      if (m->info().exact) CHECK(p.length == Approx(best.length).epsilon(1e-9).margin(1e-12));
      std::string why;
      const bool valid = oracle.pathValid(p.points, &why);
      INFO(why);
      CHECK(valid);
      // The visibility graph's engine path is its raw world path: count the straight runs taken out.
      if (m->info().name == "visibility" && search.points.size() > p.points.size()) ++counts.straightened;
    }
  }
}

}  // namespace

TEST_CASE("canonical paths on random maps: visibility, Polyanya, triangle A* + funnel", "[canonical][random]") {
  Counts counts;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    checkMap(test::randomStarMap(seed), counts);
    checkMap(test::randomOrthogonalMap(seed), counts);
    checkMap(test::randomPinchGridMap(seed), counts);
    checkMap(test::randomStarPinchMap(seed), counts);
    checkMap(test::randomTouchingPolygonsMap(seed), counts);
  }
  CHECK(counts.untriangulated == 0);
  CHECK(counts.maps == 150);
  CHECK(counts.paths > 2000);
  // Paths that went straight through a wall vertex before canonical form did occur.
  CHECK(counts.straightened > 0);
  WARN("maps " << counts.maps << ", paths " << counts.paths << ", visibility paths straightened "
               << counts.straightened);
}

TEST_CASE("canonical paths on rasterized random maps: grid cell paths and smoothed grid paths", "[canonical][random]") {
  int paths = 0, smoothed_points = 0, cell_points = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    for (const test::RandomMap& rm : {test::randomOrthogonalMap(seed), test::randomPinchGridMap(seed)}) {
      const PolygonMap map(rm.polygons);
      MethodOptions options;
      options.cell_size = rm.unit;
      std::unique_ptr<Method> m = methods().create("grid");
      m->build(map, options);
      const Grid grid = rasterize(map, rm.unit);
      std::vector<int> free;
      for (int i = 0; i < grid.width * grid.height; ++i)
        if (!grid.blocked[static_cast<std::size_t>(i)]) free.push_back(i);
      if (free.size() < 2) continue;
      std::mt19937_64 rng(seed);
      std::uniform_int_distribution<std::size_t> pick(0, free.size() - 1);
      for (int k = 0; k < 8; ++k) {
        const int a = free[pick(rng)], b = free[pick(rng)];
        const Point start = grid.cellCenter(a % grid.width, a / grid.width);
        const Point goal = grid.cellCenter(b % grid.width, b / grid.width);
        INFO(test::describeMap(rm.polygons, start, goal) << "\nseed " << seed << " (" << rm.kind << ")");
        const Path p = m->findPath(start, goal);
        if (!p.found) continue;
        ++paths;
        checkCanonical(p.points, start, goal);
        cell_points += static_cast<int>(p.points.size());
        const Path cells = findPath(GridGraph(grid), a, b, {Heuristic::Octile});
        REQUIRE(cells.found);
        const std::vector<Point> smooth = smoothGridPath(grid, cells);
        checkCanonical(smooth, start, goal);
        smoothed_points += static_cast<int>(smooth.size());
        CHECK(polylineLength(smooth) <= polylineLength(p.points) * (1.0 + 1e-12));
      }
    }
  }
  CHECK(paths > 200);
  WARN("grid paths " << paths << ": " << cell_points << " cell path points, " << smoothed_points << " smoothed points");
}
