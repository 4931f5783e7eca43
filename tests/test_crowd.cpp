// Crowd simulation (polypath::crowd): ORCA, steering, determinism, metrics, the CLI.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "polypath/crowd/crowd.hpp"
#include "polypath/crowd/orca.hpp"
#include "support/run_cli.hpp"

using namespace polypath;
using namespace polypath::crowd;

namespace {

const std::string kDoorways = std::string(POLYPATH_SOURCE_DIR) + "/maps/crowd-doorways.json";

Polygon box(double w, double h) { return Polygon{{{0, 0}, {w, 0}, {w, h}, {0, h}}, {}}; }

// The crowd's agents in a fixed state, compared bit for bit.
std::vector<double> snapshot(const Crowd& c) {
  std::vector<double> out;
  for (const Agent& a : c.agents()) {
    out.insert(out.end(), {a.position.x, a.position.y, a.velocity.x, a.velocity.y, a.walked});
  }
  return out;
}

}  // namespace

TEST_CASE("ORCA keeps two head-on agents in the open apart", "[crowd]") {
  // Two agents 4 apart heading at each other at speed 1, radius 0.5: the new velocities stay
  // out of each other's velocity obstacle for tau = 2 s.
  const Point p{0, 0}, q{4, 0};
  const Point v{1, 0}, u{-1, 0};
  const OrcaLine l = agentLine(p, v, 0.5, q, u, 0.5, 2.0, 0.1);
  const OrcaLine m = agentLine(q, u, 0.5, p, v, 0.5, 2.0, 0.1);
  const Point nv = solveVelocity({l}, 0, 1.0, Point{1, 0.001});
  const Point nu = solveVelocity({m}, 0, 1.0, Point{-1, -0.001});
  // Every relative position over the horizon stays at least the sum of radii apart.
  for (int k = 0; k <= 200; ++k) {
    const double t = 2.0 * k / 200;
    CHECK(distance(p + nv * t, q + nu * t) >= 1.0 - 1e-9);
  }
  CHECK(length(nv) <= 1.0 + 1e-12);
}

TEST_CASE("a single agent in an empty room walks straight to its goal in whole steps", "[crowd]") {
  ClearanceSet set({box(20, 10)});
  CrowdConfig c;
  c.agents = 1;
  c.radius = 0.5;
  c.speed = 1.0;
  c.dt = 0.1;
  c.from = Rect{2.9, 4.9, 0.2, 0.2};  // one lattice point near (3, 5)
  c.spacing = 1.0;
  c.goal = {13.05, 5.0};
  c.start = {3, 5};
  Crowd crowd(set, c);
  REQUIRE(crowd.agents().size() == 1);
  const Point s = crowd.agents()[0].spawn;
  const double d = distance(s, c.goal);
  const CrowdMetrics m = crowd.run();
  CHECK(m.arrived == 1);
  CHECK(m.steps == static_cast<int>(std::ceil(d / (c.speed * c.dt))));
  REQUIRE(m.time_all.has_value());
  CHECK(*m.time_all == Approx(m.steps * 0.1).epsilon(1e-12));
  CHECK(m.length_ratio_mean == Approx(1.0).epsilon(1e-9));
  CHECK(crowd.agents()[0].walked == Approx(d).epsilon(1e-9));
  CHECK(m.overlap_steps == 0);
}
