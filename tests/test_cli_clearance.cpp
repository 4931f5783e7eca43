// test_cli_clearance.cpp: `polypath path --clearance R [--joins] [--segments] [--snap]`,
// run as a separate process: lengths against the library, the map's clearance settings,
// start and goal too close to a wall, snapping, dropped areas, option errors.
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/formats/map_io.hpp"
#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

using namespace polypath;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using test::RunResult;
using test::runCli;

namespace {

// A 10 x 10 room with the square hole [3, 7] x [3, 7]; corridors 3 wide.
const char* kRoom = R"({
 "version": 1,
 "polygons": [{"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[3,3],[7,3],[7,7],[3,7]]]}],
 "start": [1.5, 5], "goal": [8.5, 5]
})";

// The room plus a separate strip 1 wide, where the goal is.
const char* kRoomAndStrip = R"({
 "version": 1,
 "polygons": [{"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[3,3],[7,3],[7,7],[3,7]]]},
              {"outer": [[20,0],[30,0],[30,1],[20,1]]}],
 "start": [1.5, 5], "goal": [25, 0.5]
})";

std::string withSettings(const std::string& map, const std::string& settings) {
  std::string out = map;
  out.insert(out.rfind('}'), ", \"settings\": " + settings);
  return out;
}

// The library's answer for the room: erode, build, search.
Path libraryPath(double radius, ClearanceStyle style, Point start, Point goal) {
  const MapDocument doc = parseMap(kRoom);
  const ErodedRegion e = erodeRegion(doc.polygons, radius, style);
  return findPath(VisibilityGraph(e.map), start, goal);
}

}  // namespace

TEST_CASE("polypath path --clearance searches the eroded region, and --json adds clearance", "[cli][clearance]") {
  test::TempDir dir("clearance");
  const std::string map = dir.write("room.json", kRoom);
  const RunResult r = runCli({"path", map, "--clearance", "1", "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j.size() == 6);
  CHECK(j["found"] == true);
  CHECK(j["method"] == "visibility");
  CHECK(j["clearance"].get<double>() == 1.0);
  const Path expected = libraryPath(1.0, {}, {1.5, 5}, {8.5, 5});
  CHECK(j["length"].get<double>() == Approx(expected.length).epsilon(1e-12));
  REQUIRE(j["path"].size() == expected.points.size());
  CHECK(j["path"][1][0].get<double>() == Approx(expected.points[1].x).epsilon(1e-12));

  // Mitre joins: around the square grown to [2, 8]^2 (by the radius plus its 1e-5 margin).
  const RunResult m = runCli({"path", map, "--clearance", "1", "--joins", "mitre", "--json"});
  REQUIRE(m.exit_code == 0);
  const nlohmann::json jm = nlohmann::json::parse(m.out);
  CHECK(jm["length"].get<double>() == Approx(2 * std::hypot(0.5, 3.0) + 6).margin(1e-4));
  CHECK(jm["path"].size() == 4);
  CHECK(jm["length"].get<double>() > j["length"].get<double>());  // the mitred region is smaller

  // Segments change the arcs: 1 chord per quarter circle against the library's answer.
  ClearanceStyle one;
  one.segments = 1;
  const RunResult s = runCli({"path", map, "--clearance", "1", "--segments", "1", "--json"});
  REQUIRE(s.exit_code == 0);
  CHECK(nlohmann::json::parse(s.out)["length"].get<double>() ==
        Approx(libraryPath(1.0, one, {1.5, 5}, {8.5, 5}).length).epsilon(1e-12));

  // Without a clearance the JSON is as before: no "clearance" key.
  const RunResult plain = runCli({"path", map, "--json"});
  REQUIRE(plain.exit_code == 0);
  CHECK_FALSE(nlohmann::json::parse(plain.out).contains("clearance"));
  const RunResult zero = runCli({"path", map, "--clearance", "0", "--json"});
  CHECK(zero.out == plain.out);
}

TEST_CASE("polypath path uses the map's clearance settings unless options override them", "[cli][clearance]") {
  test::TempDir dir("clearance");
  const std::string plain = dir.write("room.json", kRoom);
  const std::string set = dir.write(
      "set.json", withSettings(kRoom, R"({"clearance": 1, "radii": [0.5, 1], "clearance_joins": "mitre"})"));
  const RunResult from_file = runCli({"path", set, "--json"});
  INFO(from_file.err);
  REQUIRE(from_file.exit_code == 0);
  const RunResult from_options = runCli({"path", plain, "--clearance", "1", "--joins", "mitre", "--json"});
  CHECK(from_file.out == from_options.out);
  // Options win over the file.
  CHECK(runCli({"path", set, "--clearance", "0", "--json"}).out == runCli({"path", plain, "--json"}).out);
  CHECK(runCli({"path", set, "--joins", "round", "--json"}).out ==
        runCli({"path", plain, "--clearance", "1", "--json"}).out);
  // Bad settings in the file are reported with their pointer.
  const std::string bad = dir.write("bad.json", withSettings(kRoom, R"({"clearance_segments": 0})"));
  const RunResult b = runCli({"path", bad});
  CHECK(b.exit_code == 2);
  CHECK_THAT(b.err, Contains("error: /settings/clearance_segments: clearance_segments is 0; give 1 to 64"));
}

TEST_CASE("polypath path --clearance: a start or goal too close to a wall is an error naming it", "[cli][clearance]") {
  test::TempDir dir("clearance");
  const std::string map = dir.write("room.json", kRoom);
  const RunResult r = runCli({"path", map, "--clearance", "1", "--start", "0.5,5"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, StartsWith("polypath: " + map +
                               ": start (0.5, 5) is 0.5 from the nearest wall (polygon 0, outer ring, at (0, 5)), "
                               "closer than the clearance radius 1; move it, or pass --snap to use the nearest point "
                               "with clearance, (1.00001"));
  CHECK(test::linesOf(r.err).size() == 1);
  const RunResult g = runCli({"path", map, "--clearance", "1", "--goal", "7.25,5"});
  CHECK(g.exit_code == 2);
  CHECK_THAT(g.err, Contains("goal (7.25, 5) is 0.25 from the nearest wall (polygon 0, hole 0, at (7, 5)), closer "
                             "than the clearance radius 1"));
  // Exactly the radius from the wall is allowed (moved onto the eroded region by its margin).
  const RunResult edge = runCli({"path", map, "--clearance", "1", "--start", "1,5", "--json"});
  INFO(edge.err);
  REQUIRE(edge.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(edge.out);
  CHECK(j["start"][0].get<double>() == Approx(1.0).margin(2e-5));
}

TEST_CASE("polypath path --clearance --snap moves the start to the nearest point with clearance", "[cli][clearance]") {
  test::TempDir dir("clearance");
  const std::string map = dir.write("room.json", kRoom);
  const RunResult r = runCli({"path", map, "--clearance", "1", "--start", "0.5,5", "--snap", "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.err, StartsWith("polypath: " + map + ": start (0.5, 5) is 0.5 from the nearest wall") &&
                        Contains("; snapped to (1.00001"));
  const nlohmann::json j = nlohmann::json::parse(r.out);
  const Point start{j["start"][0].get<double>(), j["start"][1].get<double>()};
  CHECK(start.x >= 1.0);
  CHECK(start.x == Approx(1.0).margin(2e-5));
  CHECK(start.y == 5.0);
  CHECK(j["path"][0][0].get<double>() == start.x);
  CHECK(j["goal"][0].get<double>() == 8.5);
  // A start inside the hole: snapped past the grown hole, not just onto the hole's edge.
  const RunResult h = runCli({"path", map, "--clearance", "1", "--start", "6.5,5", "--snap", "--json"});
  INFO(h.err);
  REQUIRE(h.exit_code == 0);
  CHECK(nlohmann::json::parse(h.out)["start"][0].get<double>() == Approx(8.0).margin(2e-5));
  // The human output says where it came from.
  const RunResult human = runCli({"path", map, "--clearance", "1", "--start", "0.5,5", "--snap"});
  CHECK_THAT(human.out, Contains("(snapped from (0.5, 5))"));
}

TEST_CASE("polypath path --clearance: areas that erode away are noted, and a goal there is refused", "[cli][clearance]") {
  test::TempDir dir("clearance");
  const std::string map = dir.write("strip.json", kRoomAndStrip);
  const RunResult r = runCli({"path", map, "--clearance", "0.6"});
  CHECK(r.exit_code == 2);
  const std::vector<std::string> lines = test::linesOf(r.err);
  REQUIRE(lines.size() == 2);
  CHECK_THAT(lines[0], StartsWith("polypath: " + map + ": note: polygon 1 (around (") &&
                           Contains("area 10) erodes away at clearance 0.6: no point of it is 0.6 from every wall, so "
                                    "it is dropped"));
  CHECK_THAT(lines[1], Contains("goal (25, 0.5) is 0.5 from the nearest wall (polygon 1, outer ring, at (25, 0)), "
                                "closer than the clearance radius 0.6"));
  // With a smaller radius the strip stays, but it is a separate area: no path.
  const RunResult small = runCli({"path", map, "--clearance", "0.4", "--json"});
  INFO(small.err);
  REQUIRE(small.exit_code == 0);
  CHECK(small.err.empty());
  CHECK(nlohmann::json::parse(small.out)["found"] == false);
  // Everything erodes away: one clear line.
  const RunResult all = runCli({"path", map, "--clearance", "2"});
  CHECK(all.exit_code == 2);
  CHECK_THAT(all.err, Contains("start (1.5, 5) cannot have clearance 2: every walkable area erodes away"));
}

TEST_CASE("polypath path: human output describes the clearance and the eroded region", "[cli][clearance]") {
  test::TempDir dir("clearance");
  const std::string map = dir.write("room.json", kRoom);
  const RunResult r = runCli({"path", map, "--clearance", "1"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("clearance  1 (round joins, 8 segments per quarter circle; at least 0.995184726672 from "
                             "every wall)\n"));
  CHECK_THAT(r.out, Contains("eroded     1 polygon, 1 hole, "));
  CHECK_THAT(r.out, Contains(" 0 areas dropped, 0 hole merges; erosion "));
  const RunResult m = runCli({"path", map, "--clearance", "1", "--joins", "mitre"});
  CHECK_THAT(m.out, Contains("clearance  1 (mitre joins, limit 5; at least 1 from every wall)\n"));
  CHECK_THAT(m.out, Contains("eroded     1 polygon, 1 hole, 8 vertices;"));
}

TEST_CASE("polypath path: bad --clearance, --joins and --segments values exit 2", "[cli][clearance]") {
  test::TempDir dir("clearance");
  const std::string map = dir.write("room.json", kRoom);
  CHECK(runCli({"path", map, "--clearance", "-1"}).err == "polypath: --clearance must be 0 or more, got -1\n");
  CHECK(runCli({"path", map, "--joins", "bevel"}).err == "polypath: --joins expects round or mitre, got 'bevel'\n");
  CHECK(runCli({"path", map, "--segments", "0"}).err ==
        "polypath: --segments expects a whole number from 1 to 64, got '0'\n");
  CHECK(runCli({"path", map, "--segments", "2.5"}).exit_code == 2);
  CHECK(runCli({"path", map, "--segments", "65"}).exit_code == 2);
  CHECK(runCli({"path", map, "--segments", "64", "--clearance", "1"}).exit_code == 0);
}

TEST_CASE("polypath validate checks start and goal against the map's clearance and radii", "[cli][clearance][validate]") {
  test::TempDir dir("clearance");
  // kRoom with another start and goal and the given settings.
  const auto room = [&dir](const char* name, const char* start, const char* goal, const char* settings) {
    std::string map = kRoom;
    map.replace(map.find("[1.5, 5]"), 8, start);
    map.replace(map.find("[8.5, 5]"), 8, goal);
    return dir.write(name, withSettings(map, settings));
  };
  // Clearance 1: the start (0.5 from the outer wall) has none, the goal (1.5 from the hole) has.
  const std::string near = room("near.json", "[0.5, 5]", "[8.5, 5]", R"({"clearance": 1})");
  const RunResult r = runCli({"validate", near});
  CHECK(r.exit_code == 1);
  CHECK(r.err.empty());
  CHECK(r.out ==
        "error: /start: start (0.5, 5) is 0.5 from the nearest wall (polygon 0, outer ring, at (0, 5)), closer than "
        "the clearance radius 1 (/settings/clearance); move it, or lower the clearance (polypath path refuses it)\n");
  // `path` on the same map refuses the same point with the same measurements.
  const RunResult p = runCli({"path", near});
  CHECK(p.exit_code == 2);
  CHECK_THAT(p.err, Contains("start (0.5, 5) is 0.5 from the nearest wall (polygon 0, outer ring, at (0, 5)), closer "
                             "than the clearance radius 1"));

  // Radii other than the clearance: warnings (the map still prints ok). Start and goal are
  // 1.25 from the outer wall and 1.75 from the hole: they fit radius 1, not 1.5.
  const std::string radii = room("radii.json", "[1.25, 5]", "[8.75, 5]", R"({"radii": [1, 1.5]})");
  const RunResult w = runCli({"validate", radii});
  CHECK(w.exit_code == 0);
  CHECK(w.out ==
        "warning: /start: start (1.25, 5) is 1.25 from the nearest wall (polygon 0, outer ring, at (0, 5)), closer "
        "than the clearance radius 1.5 (/settings/radii/1); an agent of this radius cannot start or end there\n"
        "warning: /goal: goal (8.75, 5) is 1.25 from the nearest wall (polygon 0, outer ring, at (10, 5)), closer "
        "than the clearance radius 1.5 (/settings/radii/1); an agent of this radius cannot start or end there\n"
        "ok\n");

  // Both fit: ok, nothing else; an unwalkable start is reported once (not again for clearance).
  CHECK(runCli({"validate", dir.write("fits.json", withSettings(kRoom, R"({"clearance": 1, "radii": [1.25]})"))}).out ==
        "ok\n");
  const RunResult hole = runCli({"validate", room("hole.json", "[5, 5]", "[8.5, 5]", R"({"clearance": 1})")});
  CHECK(hole.exit_code == 1);
  REQUIRE(test::linesOf(hole.out).size() == 1);
  CHECK_THAT(hole.out, StartsWith("error: /start: "));
  CHECK_THAT(hole.out, Contains("hole 0"));
}
