// test_cli.cpp: the polypath command-line tool, run as a separate process.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
namespace fs = std::filesystem;

namespace {

using polypath::test::linesOf;
using polypath::test::RunResult;
using polypath::test::runCli;
using CliTempDir = polypath::test::TempDir;

// The seed article's map: one ring with four reflex corners.
const char* kSeedMap = R"({
 "format": "polypath-map", "version": 1, "name": "Seed demo",
 "polygons": [{"outer": [[3,15],[3,3],[24,3],[24,8],[6,8],[6,10],[24,10],[24,24],[15,24],[15,17],[21,17],[21,15]]}],
 "start": [15, 6], "goal": [18, 22]
})";

// A 10 x 10 square with a 3..7 hole.
const char* kHoleMap = R"({
 "format": "polypath-map", "version": 1,
 "polygons": [{"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[3,3],[7,3],[7,7],[3,7]]]}],
 "start": [1, 1], "goal": [9, 9]
})";

// Two separate areas: no path between them.
const char* kTwoAreas = R"({
 "version": 1,
 "polygons": [{"outer": [[0,0],[4,0],[4,4],[0,4]]}, {"outer": [[10,0],[14,0],[14,4],[10,4]]}],
 "start": [1, 1], "goal": [12, 2]
})";

void checkSeedPath(const nlohmann::json& path) {
  const std::vector<std::pair<double, double>> expected = {{15, 6}, {6, 8}, {6, 10}, {21, 15}, {21, 17}, {18, 22}};
  REQUIRE(path.is_array());
  REQUIRE(path.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("point " << i);
    CHECK(path[i][0].get<double>() == expected[i].first);
    CHECK(path[i][1].get<double>() == expected[i].second);
  }
}

}  // namespace

TEST_CASE("polypath path --json on the seed demo map gives the shortest path", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("seed.json", kSeedMap);
  const RunResult r = runCli({"path", map, "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  REQUIRE(linesOf(r.out).size() == 1);  // one JSON object on one line
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j.size() == 5);
  CHECK(j["found"] == true);
  CHECK(j["method"] == "visibility");
  CHECK(j["length"].get<double>() == Approx(34.861884652980).margin(1e-9));
  checkSeedPath(j["path"]);
  CHECK(j["expanded"].is_number_integer());
  CHECK(j["expanded"].get<int>() >= 2);
}

TEST_CASE("polypath path --corner-offset pushes the nodes off the corners", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("seed.json", kSeedMap);
  const RunResult r = runCli({"path", map, "--corner-offset", "1", "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["found"] == true);
  CHECK(j["length"].get<double>() == Approx(39.094572439560).margin(1e-9));
  REQUIRE(j["path"].size() == 6);
  CHECK(j["path"][1][0].get<double>() == Approx(6 - std::sqrt(0.5)).margin(1e-12));  // (6,8) pushed out by 1

  // The same offset read from the map's settings.
  std::string with_setting = kSeedMap;
  with_setting.insert(with_setting.rfind('}'), ", \"settings\": {\"corner_offset\": 1}");
  const RunResult s = runCli({"path", dir.write("seed-offset.json", with_setting), "--json"});
  INFO(s.err);
  REQUIRE(s.exit_code == 0);
  CHECK(nlohmann::json::parse(s.out)["length"].get<double>() == Approx(39.094572439560).margin(1e-9));
}

TEST_CASE("polypath path --start and --goal override the map's points", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("hole.json", kHoleMap);
  const RunResult r = runCli({"path", map, "--start", "1,5", "--goal=9,5", "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  // Around the hole: (1,5) -> (3,3) -> (7,3) -> (9,5), or the mirror route.
  CHECK(j["length"].get<double>() == Approx(4 + 2 * std::sqrt(8.0)).margin(1e-12));
  CHECK(j["path"].front() == nlohmann::json::array({1.0, 5.0}));
  CHECK(j["path"].back() == nlohmann::json::array({9.0, 5.0}));
}

TEST_CASE("polypath path: search options give the same optimal length", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("seed.json", kSeedMap);
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--heuristic", "none"}, {"--heuristic", "octile", "--tie-break", "none"},
        {"--weight", "1", "--method", "visibility", "--clearance", "0"}}) {
    std::vector<std::string> args = {"path", map, "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = runCli(args);
    INFO(extra[0] << " " << extra[1] << "\n" << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(nlohmann::json::parse(r.out)["length"].get<double>() == Approx(34.861884652980).margin(1e-9));
  }
}

TEST_CASE("polypath path without --json prints a human summary", "[cli]") {
  CliTempDir dir;
  const RunResult r = runCli({"path", dir.write("seed.json", kSeedMap)});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("found      yes\n"));
  CHECK_THAT(r.out, Contains("length     34.861884653 m\n"));
  CHECK_THAT(r.out, Contains("path       6 points\n"));
  CHECK_THAT(r.out, Contains("(6, 10)\n"));
  CHECK_THAT(r.out, Contains("graph      4 nodes, "));
  CHECK_THAT(r.out, Contains("time       build "));
}

TEST_CASE("polypath path exits 0 when no path exists", "[cli]") {
  CliTempDir dir;
  const RunResult r = runCli({"path", dir.write("two.json", kTwoAreas), "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["found"] == false);
  CHECK(j["path"].empty());
}

TEST_CASE("polypath path refuses a start inside a hole with exit 2", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("hole.json", kHoleMap);
  const RunResult r = runCli({"path", map, "--start", "5,5", "--json"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, StartsWith("polypath: "));
  CHECK_THAT(r.err, Contains("error: /start: start (5, 5) is not walkable") && Contains("inside hole 0 of polygon 0") &&
                        Contains("pass --snap"));
  CHECK(linesOf(r.err).size() == 1);

  const RunResult g = runCli({"path", map, "--goal", "20,20"});
  CHECK(g.exit_code == 2);
  CHECK_THAT(g.err, Contains("error: /goal: goal (20, 20) is not walkable: it is outside every polygon") &&
                        Contains("the nearest walkable point is (10, 10)"));
}

TEST_CASE("polypath path reports bad arguments, one line each, with exit 2", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("seed.json", kSeedMap);
  const RunResult r = runCli({"path", map, "--start", "abc", "--weight", "x", "--frobnicate", "--goal"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  const std::vector<std::string> lines = linesOf(r.err);
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "polypath: --start expects X,Y, got 'abc'");
  CHECK(lines[1] == "polypath: --weight expects a number, got 'x'");
  CHECK(lines[2] == "polypath: unknown option '--frobnicate' for 'path' (see polypath path --help)");
  CHECK(lines[3] == "polypath: --goal needs a value X,Y");

  CHECK(runCli({"path", map, "--corner-offset", "-1"}).err == "polypath: --corner-offset must be 0 or more, got -1\n");
  CHECK(runCli({"path", map, "--heuristic", "cosine"}).exit_code == 2);
  CHECK(runCli({"path", map, "--tie-break", "h"}).exit_code == 2);
  CHECK(runCli({"path", map, "--start", "1,2,3"}).err == "polypath: --start expects X,Y, got '1,2,3'\n");
  CHECK(runCli({"path"}).err == "polypath: path needs a map file: polypath path MAP [options]\n");
  CHECK(runCli({"path", map, "other.json"}).exit_code == 2);
}

TEST_CASE("polypath path, svg, trace and validate: no map file or a second one exits 2 naming the command", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("seed.json", kSeedMap);
  const std::vector<std::pair<std::vector<std::string>, std::string>> missing = {
      {{"path"}, "path needs a map file: polypath path MAP [options]"},
      {{"path", "--method", "grid"}, "path needs a map file: polypath path MAP --method grid [options]"},
      {{"svg", "--out", "x.svg"}, "svg needs a map file: polypath svg MAP --out F.svg"},
      {{"trace", "--out", "x.json"}, "trace needs a map file: polypath trace MAP --out F.trace.json"},
      {{"validate"}, "validate needs a map file: polypath validate MAP"},
  };
  for (const auto& [args, message] : missing) {
    const RunResult r = runCli(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "polypath: " + message + "\n");
    std::vector<std::string> two = args;
    two.insert(two.begin() + 1, {map, "other.json"});
    const RunResult t = runCli(two);
    CHECK(t.exit_code == 2);
    CHECK(t.err == "polypath: unexpected argument 'other.json' (" + args[0] + " takes one map file)\n");
  }
}

TEST_CASE("polypath path: methods that are not implemented exit 2", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("seed.json", kSeedMap);
  // --method navmesh and grid are implemented (test_navmesh_cli.cpp, test_cli_grid.cpp).
  const RunResult finley = runCli({"path", map, "--method", "finley"});
  CHECK(finley.exit_code == 2);
  CHECK(finley.err ==
        "polypath: method 'finley' runs only as a reference in polypath bench (use --method visibility, navmesh or grid)\n");
}

TEST_CASE("polypath path: unreadable or invalid maps exit 2 and name the file", "[cli]") {
  CliTempDir dir;
  const std::string missing = (dir.path / "missing.json").string();
  const RunResult m = runCli({"path", missing});
  CHECK(m.exit_code == 2);
  CHECK(m.err == "polypath: " + missing + ": no such file; check the path\n");

  const std::string broken = dir.write("broken.json", "{\n \"polygons\": [,]\n}\n");
  const RunResult b = runCli({"path", broken});
  CHECK(b.exit_code == 2);
  CHECK_THAT(b.err, StartsWith("polypath: " + broken + ":2:15: not valid JSON: "));

  const std::string crossing = dir.write(
      "crossing.json", R"({"version": 1, "polygons": [{"outer": [[0,0],[10,10],[10,0],[0,6]]}], "start": [1,0.5], "goal": [9,1]})");
  const RunResult c = runCli({"path", crossing});
  CHECK(c.exit_code == 2);
  CHECK_THAT(c.err, StartsWith("polypath: " + crossing +
                                ": error: /polygons/0/outer/0: the ring crosses itself at (3.75, 3.75): edge (0, 0)-(10, "
                                "10) (vertices 0 and 1) crosses edge (10, 0)-(0, 6) (vertices 2 and 3); move a vertex so "
                                "its edges do not cross\n"));
  CHECK(c.out.empty());

  const std::string no_goal = dir.write("no-goal.json", R"({"version": 1, "polygons": [{"outer": [[0,0],[1,0],[0,1]]}]})");
  const RunResult n = runCli({"path", no_goal, "--start", "0.1,0.1"});
  CHECK(n.exit_code == 2);
  CHECK(n.err == "polypath: " + no_goal + ": the map has no goal; pass --goal X,Y\n");
}

TEST_CASE("polypath validate prints ok for a valid map and exits 0", "[cli]") {
  CliTempDir dir;
  const RunResult r = runCli({"validate", dir.write("seed.json", kSeedMap)});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "ok\n");
  CHECK(r.err.empty());
}

TEST_CASE("polypath validate prints warnings before ok", "[cli]") {
  CliTempDir dir;
  const RunResult r = runCli({"validate", dir.write("dup.json", R"({"version": 1, "polygons": [{"outer": [[0,0],[4,0],[4,4],[0,0]]}]})")});
  CHECK(r.exit_code == 0);
  CHECK(r.out ==
        "warning: /polygons/0/outer/3: the last vertex repeats the first (0, 0); rings close by themselves, so it is "
        "dropped on load\nok\n");
}

TEST_CASE("polypath validate lists every problem and exits 1", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("bad.json", R"({
    "version": 1,
    "polygons": [{"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[1,1],[2,2]], [[8,1],[12,1],[12,3],[8,3]]]}],
    "start": [1, 1], "settings": {"corner_offset": -1}})");
  const RunResult r = runCli({"validate", map});
  CHECK(r.exit_code == 1);
  const std::vector<std::string> lines = linesOf(r.out);
  INFO(r.out);
  REQUIRE(lines.size() >= 3);
  for (const std::string& line : lines) CHECK_THAT(line, StartsWith("error: "));
  CHECK_THAT(r.out, Contains("error: /polygons/0/holes/0: ring has fewer than 3 distinct vertices"));
  CHECK_THAT(r.out, Contains("error: /polygons/0/holes/1/1: hole vertex (12, 1) lies outside"));
  CHECK_THAT(r.out, Contains("error: /settings/corner_offset: "));
  CHECK(r.out.find("ok") == std::string::npos);
}

TEST_CASE("polypath validate exits 2 when the file cannot be read", "[cli]") {
  CliTempDir dir;
  const RunResult r = runCli({"validate", dir.path.string()});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, StartsWith("polypath: " + dir.path.string() + ": is a folder"));
  const std::string newer = dir.write("v2.json", R"({"format": "polypath-map", "version": 2})");
  const RunResult v = runCli({"validate", newer});
  CHECK(v.exit_code == 2);
  CHECK(v.err == "polypath: " + newer + ": version 2 is newer than this polypath reads (1); update polypath\n");
}

TEST_CASE("polypath --help, --version and no arguments", "[cli]") {
  const RunResult help = runCli({"--help"});
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.out, Contains("path MAP") && Contains("validate MAP"));
  const RunResult path_help = runCli({"path", "--help"});
  CHECK(path_help.exit_code == 0);
  CHECK_THAT(path_help.out, Contains("--corner-offset") && Contains("--json") && Contains("--snap"));
  const RunResult version = runCli({"--version"});
  CHECK(version.exit_code == 0);
  CHECK_THAT(version.out, StartsWith("polypath "));
  const RunResult none = runCli({});
  CHECK(none.exit_code == 2);
  CHECK_THAT(none.err, Contains("usage: polypath"));
  const RunResult unknown = runCli({"frobnicate"});
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err == "polypath: unknown command 'frobnicate' (see polypath --help)\n");
}

// Shared case 31: an L-shaped room; the goal (8, 6) is outside, its nearest walkable point (8, 4).
constexpr const char* kGoalOutside = R"({
 "version": 1,
 "polygons": [{"outer": [[0,0],[10,0],[10,4],[4,4],[4,10],[0,10]], "holes": []}],
 "start": [2, 2], "goal": [8, 6]
})";

TEST_CASE("polypath path refuses a goal outside the map, naming it, where it is and --snap", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("l.json", kGoalOutside);
  const RunResult r = runCli({"path", map, "--json"});
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err == "polypath: " + map +
                     ": error: /goal: goal (8, 6) is not walkable: it is outside every polygon; move it into the "
                     "walkable region (the nearest walkable point is (8, 4)); or pass --snap to use that point\n");
}

TEST_CASE("polypath path --snap moves a goal outside the map to the nearest walkable point", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("l.json", kGoalOutside);
  const RunResult r = runCli({"path", map, "--snap", "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err == "polypath: goal (8, 6) is outside every polygon; snapped to (8, 4)\n");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["found"] == true);
  CHECK(j["length"].get<double>() == Approx(2 * std::sqrt(10.0)).margin(1e-9));
  REQUIRE(j["path"].size() == 2);  // straight: (8, 4) lies on the edge (10,4)-(4,4), which is walkable
  CHECK(j["path"][1] == nlohmann::json::array({8.0, 4.0}));
  CHECK(j["start"] == nlohmann::json::array({2.0, 2.0}));
  CHECK(j["goal"] == nlohmann::json::array({8.0, 4.0}));
  CHECK(j.size() == 7);

  const RunResult human = runCli({"path", map, "--snap"});
  INFO(human.err);
  REQUIRE(human.exit_code == 0);
  CHECK_THAT(human.out, Contains("goal       (8, 4) (snapped from (8, 6))\n") && Contains("path       2 points\n"));
}

TEST_CASE("polypath path --snap moves a start out of a hole and names the hole", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("hole.json", kHoleMap);
  const RunResult r = runCli({"path", map, "--start", "5,3.5", "--snap", "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err == "polypath: start (5, 3.5) is inside hole 0 of polygon 0; snapped to (5, 3)\n");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["start"] == nlohmann::json::array({5.0, 3.0}));
  CHECK(j["path"].front() == nlohmann::json::array({5.0, 3.0}));
  CHECK(j["found"] == true);
}

TEST_CASE("polypath path --snap leaves walkable points alone and does not hide map errors", "[cli]") {
  CliTempDir dir;
  const RunResult ok = runCli({"path", dir.write("hole.json", kHoleMap), "--snap", "--json"});
  INFO(ok.err);
  REQUIRE(ok.exit_code == 0);
  CHECK(ok.err.empty());
  const nlohmann::json j = nlohmann::json::parse(ok.out);
  CHECK(j["start"] == nlohmann::json::array({1.0, 1.0}));
  CHECK(j["goal"] == nlohmann::json::array({9.0, 9.0}));

  const std::string overlapping = dir.write("overlap.json", R"({"version": 1, "polygons": [
    {"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[2,2],[6,2],[6,6],[2,6]], [[4,4],[8,4],[8,8],[4,8]]]}],
    "start": [5, 5], "goal": [20, 20]})");
  const RunResult bad = runCli({"path", overlapping, "--snap"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.out.empty());
  CHECK_THAT(bad.err, Contains("error: /polygons/0/holes/1: hole 1 and hole 0 overlap"));
  CHECK(bad.err.find("snapped") == std::string::npos);
}

TEST_CASE("polypath path on a map whose hole splits it: warnings on stderr, no path, exit 0", "[cli]") {
  CliTempDir dir;
  const std::string map = dir.write("split.json", R"({"version": 1, "polygons": [
    {"outer": [[0,0],[12,0],[12,10],[0,10]], "holes": [[[0,4],[12,4],[12,6],[0,6]]]}], "start": [6, 2], "goal": [6, 8]})");
  const RunResult r = runCli({"path", map, "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(nlohmann::json::parse(r.out)["found"] == false);
  const std::vector<std::string> lines = linesOf(r.err);
  REQUIRE(lines.size() == 2);
  CHECK_THAT(lines[0], StartsWith("polypath: " + map + ": warning: /polygons/0/holes/0/3: hole 0 shares edges with "
                                  "the outer ring of polygon 0"));
  CHECK(lines[1] == "polypath: " + map + ": warning: /polygons/0: the holes split polygon 0 into 2 separate walkable "
                                         "areas; no path leads from one to another");
}

TEST_CASE("polypath validate: pinches are warnings and the map is ok", "[cli]") {
  CliTempDir dir;
  const RunResult r = runCli({"validate", dir.write("pinch.json", R"({"version": 1, "polygons": [
    {"outer": [[0,0],[12,0],[12,12],[0,12]], "holes": [[[3,3],[6,3],[6,6],[3,6]], [[6,6],[9,6],[9,9],[6,9]]]}]})")});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "warning: /polygons/0/holes/1/0: hole 1 touches hole 0 at (6, 6): a zero-width pinch, paths cannot "
                 "pass through it\nok\n");
  CHECK(r.err.empty());
}

TEST_CASE("polypath validate reports overlapping holes and polygons and rings crossing themselves", "[cli]") {
  CliTempDir dir;
  const RunResult r = runCli({"validate", dir.write("bad.json", R"({"version": 1, "polygons": [
    {"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[2,2],[6,2],[6,6],[2,6]], [[4,4],[8,4],[8,8],[4,8]]]},
    {"outer": [[9,9],[15,9],[15,15],[9,15]]},
    {"outer": [[20,0],[30,10],[30,0],[20,10]]}]})")});
  CHECK(r.exit_code == 1);
  INFO(r.out);
  const std::vector<std::string> lines = linesOf(r.out);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "error: /polygons/2/outer/0: the ring crosses itself at (25, 5): edge (20, 0)-(30, 10) (vertices 0 "
                    "and 1) crosses edge (30, 0)-(20, 10) (vertices 2 and 3); move a vertex so its edges do not cross");
  CHECK_THAT(lines[1], StartsWith("error: /polygons/0/holes/1: hole 1 and hole 0 overlap (for example at ("));
  CHECK_THAT(lines[2], StartsWith("error: /polygons/1/outer: polygon 1 overlaps polygon 0 (for example at ("));
}

TEST_CASE("cli: an inadmissible heuristic for any-angle paths gets a warning", "[cli]") {
  const auto mapFile = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "maze.json";
  const RunResult manhattan = runCli({"path", mapFile.string(), "--heuristic", "manhattan", "--json"});
  CHECK(manhattan.exit_code == 0);
  CHECK_THAT(manhattan.err, Catch::Contains("warning: the manhattan heuristic can overestimate"));
  const RunResult euclidean = runCli({"path", mapFile.string(), "--heuristic", "euclidean", "--json"});
  CHECK(euclidean.err.empty());
}

TEST_CASE("polypath bench maps --json prints one object per map with the named fields", "[cli][bench]") {
  const std::string dir = std::string(POLYPATH_SOURCE_DIR) + "/maps";
  std::size_t maps = 0;
  for (const auto& e : fs::directory_iterator(dir)) maps += e.path().extension() == ".json" ? 1 : 0;
  const RunResult r = runCli({"bench", "maps", "--dir", dir, "--json", "--queries", "4", "--budget", "0.05", "--edits", "2"});
  REQUIRE(r.exit_code == 0);
  const std::vector<std::string> lines = linesOf(r.out);
  REQUIRE(lines.size() == maps);
  std::size_t requeried = 0;
  for (const std::string& line : lines) {
    const nlohmann::json j = nlohmann::json::parse(line);
    INFO(line);
    for (const char* key : {"vertices", "reflex", "edges", "build_ms", "bytes", "query_us_median", "query_us_p90",
                            "query_us_p99", "query_us_mean", "expanded_mean", "checked", "mismatches"})
      CHECK(j.contains(key));
    CHECK(j["queries"] == 4);
    CHECK(j["mismatches"] == 0);
    CHECK(j["checked"].get<int>() >= 1);  // the seed article's method runs at least one query
    CHECK(j["vertices"].get<int>() >= 3);
    for (const char* m : {"seed000", "finley004", "brute"}) REQUIRE(j["references"].contains(m));
    CHECK(j["update"]["differed"] == 0);
    CHECK(j["update"]["edits"].get<int>() >= 1);
    CHECK(j["update"]["edits"].get<int>() <= 2);
    // The timing includes re-answering the path query after each edit (its ends walkable).
    CHECK(j["update"]["requeried"].get<int>() <= j["update"]["edits"].get<int>());
    requeried += j["update"]["requeried"].get<int>();
    CHECK(j["update"]["update_ms_median"].get<double>() <= j["update"]["update_ms_p90"].get<double>());
    CHECK(j["update"]["update_ms_p90"].get<double>() <= j["update"]["update_ms_max"].get<double>());
  }
  CHECK(requeried >= maps);  // a 5% vertex move rarely puts a query end in a wall
}

TEST_CASE("polypath bench refuses an unknown set and names every set", "[cli][bench]") {
  const std::string known = "heuristics, navmesh, polyanya, scale, maps, synthetic, movingai";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"bench", "--set", "nosuch"}, std::vector<std::string>{"bench", "nosuch"}}) {
    const RunResult r = runCli(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "polypath: unknown bench set 'nosuch' (known: " + known + ")\n");
  }
  // The same sets, in the same order, as `bench --help` lists them.
  const RunResult help = runCli({"bench", "--help"});
  REQUIRE(help.exit_code == 0);
  std::vector<std::string> listed;
  bool in_sets = false;
  for (const std::string& line : linesOf(help.out)) {
    if (line == "sets:") in_sets = true;
    else if (line.empty()) in_sets = false;
    else if (in_sets && line.size() > 2 && line[2] != ' ') listed.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  std::string listed_text;
  for (const std::string& name : listed) listed_text += (listed_text.empty() ? "" : ", ") + name;
  CHECK(listed_text == known);
  // `polypath --help` lists them too.
  CHECK_THAT(runCli({"--help"}).out, Contains("sets:\n                       " + known + "\n"));
  // A set with options of its own named by --set says how to run it.
  const RunResult own = runCli({"bench", "--set", "navmesh"});
  CHECK(own.exit_code == 2);
  CHECK(own.err ==
        "polypath: the navmesh set takes options of its own: polypath bench navmesh [options] (see polypath bench "
        "navmesh --help)\n");
}
