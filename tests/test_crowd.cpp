// Crowd simulation (polypath::crowd): ORCA, steering, determinism, metrics, the CLI.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "polypath/crowd/crowd.hpp"
#include "polypath/crowd/orca.hpp"
#include "polypath/formats/map_io.hpp"
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

TEST_CASE("a crowd run is deterministic: the same seed gives the same run bit for bit", "[crowd]") {
  for (Steer steer : {Steer::Funnel, Steer::Portals}) {
    CrowdConfig c;
    c.agents = 12;
    c.steer = steer;
    c.seed = 7;
    c.max_steps = 150;
    c.start = {6, 12};
    c.goal = {34, 12};
    c.arrive_distance = 0.8;
    MapDocument doc = loadMap(kDoorways);
    ClearanceSet set1(doc), set2(doc);
    Crowd a(set1, c), b(set2, c);
    for (int k = 0; k < 150; ++k) {
      a.step();
      b.step();
    }
    CHECK(snapshot(a) == snapshot(b));
    const CrowdMetrics ma = a.metrics(), mb = b.metrics();
    CHECK(ma.density_max == mb.density_max);
    CHECK(ma.overlap_max == mb.overlap_max);
    CHECK(ma.wall_distance_min == mb.wall_distance_min);
    c.seed = 8;  // another seed moves the spawn lattice
    ClearanceSet set3(doc);
    Crowd other(set3, c);
    CHECK(other.agents()[0].spawn != a.agents()[0].spawn);
  }
}

TEST_CASE("two agents head-on in a corridor pass each other without overlapping", "[crowd]") {
  // A corridor 4 wide; agents of radius 0.5 start 16 apart on its centre line, each going to
  // the other's start.
  ClearanceSet set({box(20, 4)});
  for (Steer steer : {Steer::Funnel, Steer::Portals}) {
    CrowdConfig c;
    c.radius = 0.5;
    c.steer = steer;
    c.max_steps = 400;
    c.placements = {{{2, 2}, {18, 2}}, {{18, 2}, {2, 2}}};
    Crowd crowd(set, c);
    const CrowdMetrics m = crowd.run();
    CHECK(m.arrived == 2);
    CHECK(m.overlap_max <= 1e-6);
    // Swapping ends in a corridor, each had to step aside: both walked farther than 16.
    CHECK(m.length_ratio_mean > 1.0 + 1e-6);
    CHECK(m.wall_distance_min >= crowd.level().eroded().guaranteedClearance() - 1e-9);
  }
}

TEST_CASE("crowd agents keep their radius from every wall, to the round join's sagitta", "[crowd]") {
  const MapDocument doc = loadMap(kDoorways);
  for (Steer steer : {Steer::Funnel, Steer::Portals}) {
    ClearanceSet set(doc);
    CrowdConfig c;
    c.agents = 20;
    c.steer = steer;
    c.max_steps = 300;
    c.start = *doc.start;
    c.goal = *doc.goal;
    c.arrive_distance = 0.8;
    Crowd crowd(set, c);
    const CrowdMetrics m = crowd.run();
    const double r = c.radius, segments = set.style().segments;
    CHECK(m.wall_distance_min >= r * std::cos(M_PI / (4 * segments)) - 1e-9);
    CHECK(m.wall_distance_min <= r + 0.5);  // they do walk along walls at the doors
  }
}

TEST_CASE("polypath crowd prints the metrics as JSON and refuses bad input with exit 2", "[crowd]") {
  const test::RunResult r =
      test::runCli({"crowd", kDoorways, "--agents", "10", "--steer", "portals", "--steps", "300", "--json"});
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  for (const char* key : {"agents", "arrived", "time_all", "time_mean", "time_worst", "length_ratio_mean", "density_max",
                          "overlap_steps", "overlap_max", "wall_distance_min", "steer"})
    CHECK(j.contains(key));
  CHECK(j["agents"] == 10);
  CHECK(j["steer"] == "portals");

  const test::RunResult many = test::runCli({"crowd", kDoorways, "--agents", "5000", "--steer", "funnel",
                                             "--from", "1,1,3,3"});
  CHECK(many.exit_code == 2);
  CHECK(many.err.find("holds") != std::string::npos);
  const test::RunResult outside = test::runCli({"crowd", kDoorways, "--agents", "3", "--steer", "funnel",
                                                "--from", "100,100,5,5"});
  CHECK(outside.exit_code == 2);
  CHECK(outside.err.find("no walkable point") != std::string::npos);
  const test::RunResult eroded = test::runCli({"crowd", kDoorways, "--agents", "3", "--steer", "funnel",
                                               "--radius", "50"});
  CHECK(eroded.exit_code == 2);
  CHECK(eroded.err.find("erodes the whole walkable region") != std::string::npos);
  const test::RunResult steer = test::runCli({"crowd", kDoorways, "--agents", "3", "--steer", "zigzag"});
  CHECK(steer.exit_code == 2);
  CHECK(steer.err.find("--steer expects funnel or portals") != std::string::npos);
}
