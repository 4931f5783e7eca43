// Crowd simulation (polypath::crowd): ORCA, steering, determinism, metrics, the CLI.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "polypath/crowd/crowd.hpp"
#include "polypath/crowd/metrics.hpp"
#include "polypath/crowd/orca.hpp"
#include "polypath/crowd/wall_index.hpp"
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

// Runs `agents` agents of radius 0.4 from the doorways map's start to its goal (arriving
// within 2 r) for at most `max_steps` steps.
CrowdMetrics runDoorways(const MapDocument& doc, int agents, Steer steer, int max_steps) {
  CrowdConfig c;
  c.agents = agents;
  c.radius = 0.4;
  c.steer = steer;
  c.max_steps = max_steps;
  c.start = *doc.start;
  c.goal = *doc.goal;
  c.arrive_distance = 0.8;
  ClearanceSet set(doc);
  Crowd crowd(set, c);
  return crowd.run();
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
  const double r = 0.4, segments = ClearanceSet(doc).style().segments;
  for (Steer steer : {Steer::Funnel, Steer::Portals}) {
    const CrowdMetrics m = runDoorways(doc, 20, steer, 300);
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
  const test::RunResult grid = test::runCli({"crowd", "room.map", "--agents", "3", "--steer", "funnel"});
  CHECK(grid.exit_code == 2);
  CHECK(grid.err.find("room.map: crowds walk polygon maps; convert the grid first: polypath convert room.map room.json") !=
        std::string::npos);
}

TEST_CASE("ORCA's obstacle line lets a point agent reach a wall no sooner than the obstacle time horizon", "[crowd]") {
  // A wall along y = 0 from x = -5 to 5 with free space above (obstacle order: right of
  // (5, 0) -> (-5, 0)); its neighbours run up at both ends (box corners: not convex for
  // the obstacle). The agent at (0, 0.5) heads straight down at speed 1; with tau = 1 s it
  // may close the 0.5 in no less than 1 s: velocity (0, -0.5).
  WallEdge w;
  w.left = {5, 0};
  w.right = {-5, 0};
  w.before = {0, -1};
  w.after = {0, 1};
  std::vector<OrcaLine> lines;
  addObstacleLines({0, 0.5}, {0, -1}, {w}, 1.0, lines);
  REQUIRE(lines.size() == 1);
  const Point v = solveVelocity(lines, lines.size(), 1.0, {0, -1});
  CHECK(v.x == Approx(0.0).margin(1e-12));
  CHECK(v.y == Approx(-0.5).epsilon(1e-12));
  // Walking along the wall is not slowed.
  const Point along = solveVelocity(lines, lines.size(), 1.0, {1, 0});
  CHECK(along.x == Approx(1.0).epsilon(1e-12));
  CHECK(along.y == Approx(0.0).margin(1e-12));
  // An agent behind the wall (y < 0) gets no line from it.
  const PolygonMap room({box(10, 10)});
  const WallIndex index(room);
  std::vector<WallEdge> walls;
  index.wallsNear({5, -1}, 2.0, walls);
  CHECK(walls.empty());
  // From inside the box near its bottom edge: that edge, nearest first, as an obstacle edge.
  index.wallsNear({5, 0.5}, 1.0, walls);
  REQUIRE(walls.size() == 1);
  CHECK(walls[0].left == Point{10, 0});
  CHECK(walls[0].right == Point{0, 0});
}

TEST_CASE("ten agents all get through the doorways of crowd-doorways.json in both steering modes", "[crowd]") {
  // The narrow door is 1.5 wide, 0.7 after erosion by r = 0.4: one agent at a time. Within
  // 600 steps (60 s) every agent arrives in both modes (they need 355 and 348 steps).
  const MapDocument doc = loadMap(kDoorways);
  for (Steer steer : {Steer::Funnel, Steer::Portals}) {
    const CrowdMetrics m = runDoorways(doc, 10, steer, 600);
    CHECK(m.arrived == 10);
    CHECK(m.time_all.has_value());
  }
}

TEST_CASE("local density counts only agents that left their spawn place, with every agent as a neighbour", "[crowd]") {
  // Two agents 0.5 apart, density disc of radius 1: 2 / pi once one of them counts.
  MetricsRecorder none(2, 1.0), one(2, 1.0);
  const std::vector<Point> centres{{0, 0}, {0.5, 0}};
  const std::vector<double> radii{0.2, 0.2}, walls{1, 1};
  none.observe(centres, radii, walls, {0, 0});
  one.observe(centres, radii, walls, {0, 1});
  CHECK(none.result(1).density_max == 0.0);
  CHECK(one.result(1).density_max == Approx(2.0 / M_PI).epsilon(1e-12));
}

TEST_CASE("an agent on a convex corner of an obstacle gets no line from that corner's edges", "[crowd]") {
  // A 10 x 10 room with a 2 x 2 pillar at (4..6, 4..6). At the pillar's corner (6, 6) the
  // free wedge spans 270 degrees, more than any half-plane: the two edges through the corner
  // give no line and the two far edges have the agent behind them.
  const PolygonMap room({Polygon{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{4, 4}, {6, 4}, {6, 6}, {4, 6}}}}});
  const WallIndex index(room);
  std::vector<WallEdge> walls;
  index.wallsNear({6, 6}, 1.0, walls);
  CHECK(walls.size() == 2);
  std::vector<OrcaLine> lines;
  addObstacleLines({6, 6}, {1, 0}, walls, 1.0, lines);
  CHECK(lines.empty());
  // Half a unit above the top edge, heading down at speed 1: the top edge's cut-off line.
  index.wallsNear({5, 6.5}, 1.0, walls);
  lines.clear();
  addObstacleLines({5, 6.5}, {0, -1}, walls, 1.0, lines);
  REQUIRE(lines.size() == 1);
  const Point v = solveVelocity(lines, lines.size(), 1.0, {0, -1});
  CHECK(v.y == Approx(-0.5).epsilon(1e-12));
}
