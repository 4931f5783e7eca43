// PolygonMap::lineOfSightSweep (the angular sweep) against PolygonMap::lineOfSight (one
// grid walk per segment), pair by pair, on maps with collinear vertices, contacts,
// shared edges and pinches, and on the synthetic families of the bench.
#include <catch2/catch.hpp>

#include <random>

#include "polypath/core/polygon_map.hpp"
#include "reference/synthetic_maps.hpp"
#include "support/random_maps.hpp"

using namespace polypath;

namespace {

// Every vertex, every edge midpoint and `extra` random points of the bounding box (some
// outside the walkable region), as targets; returns the number of pairs compared.
std::size_t compareFrom(const PolygonMap& map, const std::vector<Point>& apexes, int extra, std::uint64_t seed,
                        const std::string& label) {
  std::vector<Point> targets;
  for (const PolygonMap::Vertex& v : map.vertices()) {
    targets.push_back(v.position);
    const Point q = map.vertices()[v.next].position;
    targets.push_back({(v.position.x + q.x) / 2, (v.position.y + q.y) / 2});
  }
  std::mt19937_64 rng(seed);
  const auto b = map.bounds();
  std::uniform_real_distribution<double> x(b.min.x, b.max.x), y(b.min.y, b.max.y);
  for (int k = 0; k < extra; ++k) targets.push_back({x(rng), y(rng)});
  std::size_t pairs = 0;
  std::vector<char> clear;
  for (const Point a : apexes) {
    map.lineOfSightSweep(a, targets, clear);
    REQUIRE(clear.size() == targets.size());
    for (std::size_t k = 0; k < targets.size(); ++k) {
      const bool expected = map.lineOfSight(a, targets[k]);
      if (static_cast<bool>(clear[k]) != expected) {
        INFO(label << ": from " << test::describePoint(a) << " to " << test::describePoint(targets[k])
                   << ", grid walk " << expected);
        CHECK(static_cast<bool>(clear[k]) == expected);
      }
      ++pairs;
    }
  }
  return pairs;
}

std::vector<Point> vertexPositions(const PolygonMap& map) {
  std::vector<Point> out;
  for (const PolygonMap::Vertex& v : map.vertices()) out.push_back(v.position);
  return out;
}

}  // namespace

TEST_CASE("lineOfSightSweep equals lineOfSight on random maps with contacts and collinear vertices",
          "[core][visibility]") {
  std::size_t pairs = 0, blocked = 0;
  for (std::uint64_t seed = 1; seed <= 250; ++seed) {
    for (int family = 0; family < 5; ++family) {
      const test::RandomMap m = family == 0   ? test::randomStarMap(seed)
                                : family == 1 ? test::randomOrthogonalMap(seed)
                                : family == 2 ? test::randomPinchGridMap(seed)
                                : family == 3 ? test::randomStarPinchMap(seed)
                                              : test::randomTouchingPolygonsMap(seed);
      const PolygonMap map(m.polygons);
      std::vector<Point> apexes = vertexPositions(map);
      for (const Point c : m.contacts) apexes.push_back(c);
      // Lattice points and edge midpoints as apexes too (many targets then lie on one
      // ray through the apex).
      apexes.push_back({(m.min.x + m.max.x) / 2, (m.min.y + m.max.y) / 2});
      apexes.push_back({m.min.x + m.unit, m.min.y + m.unit});
      pairs += compareFrom(map, apexes, 8, seed, m.kind + " seed " + std::to_string(seed));
      std::vector<char> clear;
      map.lineOfSightSweep(apexes[0], vertexPositions(map), clear);
      for (char c : clear) blocked += c == 0;
    }
  }
  // Not vacuous: many pairs, and both answers common.
  CHECK(pairs > 400000);
  CHECK(blocked > 10000);
}

TEST_CASE("lineOfSightSweep equals lineOfSight on the bench's synthetic maps", "[core][visibility]") {
  for (const reference::Family f : reference::allFamilies()) {
    const PolygonMap map(reference::syntheticMap(f, 400, 3));
    // From every reflex vertex and from points just off the comb's collinear corners.
    std::vector<Point> apexes;
    for (int v : map.reflexVertices()) {
      const Point p = map.vertices()[v].position;
      apexes.push_back(p);
      apexes.push_back({p.x + 0.01, p.y - 0.02});
    }
    compareFrom(map, apexes, 50, 7, reference::familyName(f));
  }
}

// lineOfSightFrom picks grid walks or the sweep per call: both parts must give
// lineOfSight's answers, and the choice must follow the walks' cost.
TEST_CASE("lineOfSightFrom walks a few targets and sweeps a long corridor, with lineOfSight's answers",
          "[core][visibility]") {
  auto check = [](const PolygonMap& map, Point a, const std::vector<Point>& targets) {
    std::vector<char> clear;
    const std::size_t walked = map.lineOfSightFrom(a, targets, clear);
    REQUIRE(clear.size() == targets.size());
    std::size_t seen = 0;
    for (std::size_t k = 0; k < targets.size(); ++k) {
      INFO("from " << test::describePoint(a) << " to " << test::describePoint(targets[k]));
      CHECK(static_cast<bool>(clear[k]) == map.lineOfSight(a, targets[k]));
      seen += clear[k] != 0;
    }
    return std::make_pair(walked, seen);
  };
  // The comb's corners on its corridor line see one another along the corridor: from
  // the first, the walks run the length of the map, and the sweep answers most targets.
  const PolygonMap comb(reference::syntheticMap(reference::Family::Comb, 2000, 1));
  const std::vector<Point> corners = [&] {
    std::vector<Point> out;
    for (int v : comb.reflexVertices()) out.push_back(comb.vertices()[v].position);
    return out;
  }();
  REQUIRE(corners.size() == 998);
  // Every corner sees every other (and itself); the walks stop after a few dozen.
  const auto [walkedComb, seenComb] = check(comb, corners[0], corners);
  CHECK(walkedComb >= 8);
  CHECK(walkedComb < 100);
  CHECK(seenComb == corners.size());
  // Five targets: the walks answer all of them.
  const std::vector<Point> few(corners.begin() + 1, corners.begin() + 6);
  const auto [walkedFew, seenFew] = check(comb, corners[0], few);
  CHECK(walkedFew == few.size());
  CHECK(seenFew == few.size());
}
