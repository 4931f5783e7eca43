// test_clearance_property.cpp: clearance on hundreds of random maps with random radii and
// join styles (support/random_maps.hpp). Every path on the eroded region keeps the
// guaranteed clearance from every wall of the ORIGINAL map (segment-segment distances of
// the test's own, support/segment_distance.hpp), stays in the original region, has the
// length the brute-force oracle finds on the eroded polygons, and radius 0 reproduces the
// exact path. A failure message carries the seed, the radius, the style and the map.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/formats/map_io.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"
#include "support/segment_distance.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;

namespace {

// One random case: a map of one of four families, a radius and a style.
struct Case {
  test::RandomMap map;
  double radius = 0.0;
  ClearanceStyle style;
  double scale = 1.0;  ///< largest coordinate magnitude

  std::string describe() const {
    std::ostringstream s;
    s.precision(17);
    s << "seed " << map.seed << " (" << map.kind << "), radius " << radius << ", "
      << (style.joins == ClearanceJoins::Round ? "round joins, segments " + std::to_string(style.segments)
                                               : "mitre joins, limit " + std::to_string(style.mitre_limit))
      << "\nmap: " << test::describeMap(map.polygons, {0, 0}, {0, 0});
    return s.str();
  }
};

// `few_vertices`: round joins with at most 3 segments (the oracle is O(V^3)).
Case makeCase(std::uint64_t seed, bool few_vertices) {
  Case c;
  switch (seed % 4) {
    case 0: c.map = test::randomStarMap(seed); break;
    case 1: c.map = test::randomOrthogonalMap(seed); break;
    case 2: c.map = test::randomStarPinchMap(seed); break;
    default: c.map = test::randomPinchGridMap(seed); break;
  }
  std::mt19937_64 rng(seed * 7919 + 17);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double extent = std::max(c.map.max.x - c.map.min.x, c.map.max.y - c.map.min.y);
  // Grid maps have corridors one cell wide: radii below half a cell keep most of them.
  c.radius = seed % 2 == 1 ? c.map.unit * (0.02 + 0.45 * unit(rng)) : extent * (0.005 + 0.1 * unit(rng));
  if (unit(rng) < 0.35) {
    c.style.joins = ClearanceJoins::Mitre;
    c.style.mitre_limit = 1.0 + 5.0 * unit(rng);
  } else {
    const std::vector<int> segments = few_vertices ? std::vector<int>{1, 2, 3} : std::vector<int>{1, 2, 3, 4, 8, 16};
    c.style.segments = segments[static_cast<std::size_t>(rng() % segments.size())];
  }
  c.scale = std::max({std::fabs(c.map.min.x), std::fabs(c.map.min.y), std::fabs(c.map.max.x), std::fabs(c.map.max.y)});
  return c;
}

// `count` points of the region of `map`: a few of its vertices (on its boundary) and
// uniformly random points inside.
std::vector<Point> samplePoints(const PolygonMap& map, std::uint64_t seed, int count) {
  std::vector<Point> out;
  if (map.empty()) return out;
  std::mt19937_64 rng(seed);
  const auto b = map.bounds();
  std::uniform_real_distribution<double> x(b.min.x, b.max.x), y(b.min.y, b.max.y);
  for (int tries = 0; tries < 200 * count && static_cast<int>(out.size()) < count; ++tries) {
    if (tries % 4 == 3) {
      out.push_back(map.vertices()[rng() % map.vertices().size()].position);
      continue;
    }
    const Point p{x(rng), y(rng)};
    if (map.isWalkable(p)) out.push_back(p);
  }
  return out;
}

// Least distance from the polyline to any ring edge of the polygons.
long double leastWallDistance(const std::vector<Point>& path, const std::vector<Polygon>& polygons) {
  long double least = std::numeric_limits<long double>::infinity();
  auto ring = [&](const Ring& r) {
    for (std::size_t i = 0; i < r.size(); ++i)
      for (std::size_t k = 0; k + 1 < path.size(); ++k)
        least = std::min(least, test::segmentDistance(path[k], path[k + 1], r[i], r[(i + 1) % r.size()]));
  };
  for (const Polygon& p : polygons) {
    ring(p.outer);
    for (const Ring& h : p.holes) ring(h);
  }
  if (path.size() == 1) least = std::min(least, leastWallDistance({path[0], path[0]}, polygons));
  return least;
}

}  // namespace

TEST_CASE("clearance property: every path keeps the guaranteed clearance from every original wall", "[clearance][property]") {
  int maps = 0, empty = 0, paths = 0, dropped = 0, merged = 0;
  double least_slack = std::numeric_limits<double>::infinity();  // (distance - bound) / r
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const Case c = makeCase(seed, false);
    INFO(c.describe());
    const ErodedRegion e = erodeRegion(c.map.polygons, c.radius, c.style);
    ++maps;
    dropped += static_cast<int>(e.dropped.size());
    merged += static_cast<int>(e.merged.size());
    if (e.map.empty()) {
      ++empty;
      continue;
    }
    const PolygonMap original(c.map.polygons);
    const VisibilityGraph graph(e.map);
    const double bound = e.guaranteedClearance();
    const double tolerance = 1e-12 * c.scale;
    // Every vertex of the eroded region keeps the clearance too.
    for (const auto& v : e.map.vertices()) {
      INFO("eroded vertex " << test::describePoint(v.position));
      CHECK(leastWallDistance({v.position}, c.map.polygons) >= bound - tolerance);
    }
    const std::vector<Point> points = samplePoints(e.map, seed, 8);
    for (std::size_t i = 0; i + 1 < points.size(); i += 2) {
      INFO("query " << test::describePoint(points[i]) << " -> " << test::describePoint(points[i + 1]));
      const Path path = findPath(graph, points[i], points[i + 1]);
      if (!path.found) continue;
      ++paths;
      const long double least = leastWallDistance(path.points, c.map.polygons);
      INFO("path " << test::describePoints(path.points) << ", least wall distance " << static_cast<double>(least));
      CHECK(least >= bound - tolerance);
      least_slack = std::min(least_slack, static_cast<double>((least - bound) / c.radius));
      for (std::size_t k = 0; k + 1 < path.points.size(); ++k)
        CHECK(original.lineOfSight(path.points[k], path.points[k + 1]));
    }
  }
  WARN("clearance property: " << maps << " maps (" << empty << " eroded away entirely), " << paths
                              << " paths checked, " << dropped << " areas dropped, " << merged
                              << " hole merges; least slack above the bound " << least_slack << " r");
  CHECK(maps == 400);
  CHECK(paths >= 800);   // the property was really exercised
  CHECK(dropped >= 20);  // and areas eroding away were among the cases
  CHECK(merged >= 5);    // and holes merging
}

TEST_CASE("clearance property: path lengths on the eroded region equal the oracle's", "[clearance][property][oracle]") {
  int compared = 0, found = 0;
  for (std::uint64_t seed = 1001; seed <= 1160; ++seed) {
    const Case c = makeCase(seed, true);
    INFO(c.describe());
    const ErodedRegion e = erodeRegion(c.map.polygons, c.radius, c.style);
    if (e.map.empty() || e.map.vertices().size() > 260) continue;
    const VisibilityGraph graph(e.map);
    const test::Oracle oracle(e.polygons);
    const std::vector<Point> points = samplePoints(e.map, seed, 6);
    for (std::size_t i = 0; i + 1 < points.size(); i += 2) {
      INFO("query " << test::describePoint(points[i]) << " -> " << test::describePoint(points[i + 1]));
      const Path path = findPath(graph, points[i], points[i + 1]);
      const test::OraclePath expected = oracle.shortestPath(points[i], points[i + 1]);
      ++compared;
      REQUIRE(path.found == expected.found);
      if (!path.found) continue;
      ++found;
      CHECK(path.length == Approx(expected.length).epsilon(1e-9));
      std::string why;
      CHECK(oracle.pathValid(path.points, &why));
      INFO(why);
    }
  }
  WARN("clearance oracle: " << compared << " queries compared, " << found << " with a path");
  CHECK(found >= 150);
}

TEST_CASE("clearance property: radius 0 reproduces the exact path", "[clearance][property]") {
  int paths = 0;
  for (std::uint64_t seed = 2001; seed <= 2200; ++seed) {
    const Case c = makeCase(seed, false);
    INFO(c.describe());
    ClearanceSet set(c.map.polygons, c.style);
    const auto zero = set.level(0.0);
    const VisibilityGraph exact_graph(set.original());
    const std::vector<Point> points = samplePoints(set.original(), seed, 6);
    for (std::size_t i = 0; i + 1 < points.size(); i += 2) {
      const Path exact = findPath(exact_graph, points[i], points[i + 1]);
      const Path with_zero = findPath(zero->graph(), points[i], points[i + 1]);
      CHECK(with_zero.found == exact.found);
      CHECK(with_zero.points == exact.points);
      CHECK(with_zero.length == exact.length);
      paths += exact.found ? 1 : 0;
    }
  }
  CHECK(paths >= 300);
}

TEST_CASE("clearance property: eroded regions validate without errors", "[clearance][property]") {
  int validated = 0;
  for (std::uint64_t seed = 3001; seed <= 3120; ++seed) {
    const Case c = makeCase(seed, false);
    INFO(c.describe());
    MapDocument doc;
    doc.polygons = c.map.polygons;
    const ErodedRegion e = erodeRegion(doc.polygons, c.radius, c.style);
    if (e.polygons.empty()) continue;
    ++validated;
    for (const MapProblem& p : validateMap(erodedDocument(doc, e))) {
      INFO(p.describe());
      CHECK(p.severity == MapProblem::Severity::Warning);
    }
  }
  CHECK(validated >= 80);
}
