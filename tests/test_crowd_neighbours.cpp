// The crowd's neighbour grid: the same neighbours in the same order as testing every pair.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "polypath/crowd/crowd.hpp"
#include "polypath/crowd/neighbour_grid.hpp"
#include "polypath/formats/map_io.hpp"

using namespace polypath;
using namespace polypath::crowd;

namespace {

const std::string kDoorways = std::string(POLYPATH_SOURCE_DIR) + "/maps/crowd-doorways.json";

// Every agent's position, velocity and distance walked, compared bit for bit.
std::vector<double> snapshot(const Crowd& c) {
  std::vector<double> out;
  for (const Agent& a : c.agents()) out.insert(out.end(), {a.position.x, a.position.y, a.velocity.x, a.velocity.y, a.walked});
  return out;
}

}  // namespace

TEST_CASE("the neighbour grid lists the points within reach in index order, as testing every pair does", "[crowd][neighbours]") {
  // 400 points from a fixed generator over a 30 x 20 area, some of them left out, cells of
  // side 2.5; reaches up to the cell side, around every point and some points between.
  Random random(7);
  std::vector<Point> points;
  std::vector<char> use;
  for (int k = 0; k < 400; ++k) {
    points.push_back({-5.0 + 30.0 * random.uniform(), -3.0 + 20.0 * random.uniform()});
    use.push_back(k % 7 == 3 ? 0 : 1);
  }
  points[12] = points[11];  // a coincident pair (both entered)
  points[20] = {0.0, 2.5};  // on cell borders
  points[21] = {2.5, 0.0};
  NeighbourGrid grid;
  grid.build(points, use, 2.5);
  std::vector<std::size_t> got, want;
  std::size_t total = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (double reach : {2.5, 1.0, 0.0}) {
      grid.near(points[i], reach, i, got);
      neighboursBruteForce(points, use, points[i], reach, i, want);
      REQUIRE(got == want);
      total += got.size();
    }
    const Point between{points[i].x + 0.3, points[i].y - 1.1};
    grid.near(between, 2.5, points.size(), got);
    neighboursBruteForce(points, use, between, 2.5, points.size(), want);
    REQUIRE(got == want);
  }
  CHECK(total > 1000);  // the lists are not trivially empty
  grid.near(points[11], 0.0, 11, got);
  CHECK(got == std::vector<std::size_t>{12});  // the coincident point, at distance 0
  grid.near(points[3], 2.5, 0, got);
  CHECK(std::find(got.begin(), got.end(), std::size_t{3}) == got.end());  // left out
}

TEST_CASE("200 agents step bit for bit the same with the neighbour grid and with all pairs", "[crowd][neighbours]") {
  const MapDocument doc = loadMap(kDoorways);
  CrowdConfig c;
  c.agents = 200;
  c.radius = 0.4;
  c.steer = Steer::Portals;
  c.start = *doc.start;
  c.goal = *doc.goal;
  c.arrive_distance = 0.8;
  c.max_steps = 150;
  ClearanceSet set(doc);
  Crowd grid(set, c);
  c.all_pairs = true;
  Crowd pairs(set, c);
  double grid_seconds = 0.0, pairs_seconds = 0.0;
  for (int s = 0; s < c.max_steps; ++s) {
    const auto t0 = std::chrono::steady_clock::now();
    grid.step();
    const auto t1 = std::chrono::steady_clock::now();
    pairs.step();
    const auto t2 = std::chrono::steady_clock::now();
    grid_seconds += std::chrono::duration<double>(t1 - t0).count();
    pairs_seconds += std::chrono::duration<double>(t2 - t1).count();
    REQUIRE(snapshot(grid) == snapshot(pairs));
  }
  const CrowdMetrics m = grid.metrics(), n = pairs.metrics();
  CHECK(m.arrived == n.arrived);
  CHECK(m.density_max == n.density_max);
  CHECK(m.overlap_steps == n.overlap_steps);
  // Shown, not asserted (no timed tests): milliseconds per step of 200 agents.
  std::printf("200 agents, %d steps: neighbour grid %.3f ms per step, all pairs %.3f ms per step\n", c.max_steps,
              1e3 * grid_seconds / c.max_steps, 1e3 * pairs_seconds / c.max_steps);
}
