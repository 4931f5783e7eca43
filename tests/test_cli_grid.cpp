// The grid commands of the polypath tool: path --method grid (Moving AI maps and JSON
// polygon maps), scen, convert and bench heuristics, run as separate processes.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <string>

#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

using Catch::Matchers::Contains;
using polypath::test::RunResult;
using polypath::test::runCli;
namespace fs = std::filesystem;

namespace {

const std::string kMaps = std::string(POLYPATH_SOURCE_DIR) + "/maps/";
const std::string kExplorer = kMaps + "astar-explorer.map";
const std::string kCases = std::string(POLYPATH_SHARED_DIR) + "/cases/";

nlohmann::json jsonOf(const RunResult& r) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  return nlohmann::json::parse(r.out);
}

std::vector<std::string> explorerArgs(std::vector<std::string> extra) {
  std::vector<std::string> args = {"path", kExplorer, "--method", "grid", "--start", "6,15", "--goal", "34,9", "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

}  // namespace

TEST_CASE("polypath path --method grid reproduces A-Star Explorer's figures", "[cli-grid]") {
  const nlohmann::json j = jsonOf(runCli(explorerArgs({"--costs", "textbook"})));
  CHECK(j["found"] == true);
  CHECK(j["method"] == "grid");
  CHECK(j["expanded"] == 219);
  CHECK(j["steps"] == 28);
  CHECK(j["cost"] == 3388.0);
  CHECK(j["length"].get<double>() == Approx(33.88).epsilon(1e-12));
  CHECK(j["cells"][0] == nlohmann::json::array({6, 15}));
  CHECK(j["cells"][28] == nlohmann::json::array({34, 9}));
  CHECK(j["path"][0] == nlohmann::json::array({6.5, 15.5}));
  const nlohmann::json dijkstra = jsonOf(runCli(explorerArgs({"--costs", "textbook", "--heuristic", "none"})));
  CHECK(dijkstra["expanded"] == 821);
  const nlohmann::json closed = jsonOf(runCli({"path", kMaps + "astar-explorer-cup-closed.map", "--start", "6,15",
                                                    "--goal", "34,9", "--moves", "4", "--heuristic", "manhattan",
                                                    "--tie-break", "cell", "--costs", "textbook", "--json"}));
  CHECK(closed["expanded"] == 205);
  CHECK(closed["length"].get<double>() == 42.0);
}

TEST_CASE("polypath path on a .map uses the grid method and --smooth adds the straightened path", "[cli-grid]") {
  const nlohmann::json j = jsonOf(runCli({"path", kExplorer, "--start", "6,15", "--goal", "34,9", "--smooth", "--json"}));
  CHECK(j["method"] == "grid");
  const double length = j["length"].get<double>();
  CHECK(length == Approx(14 + 14 * std::sqrt(2.0)).epsilon(1e-9));
  const double smoothed = j["smoothed_length"].get<double>();
  CHECK(smoothed < length);
  CHECK(smoothed >= std::hypot(28.0, 6.0));
  CHECK(j["smoothed"].front() == nlohmann::json::array({6.5, 15.5}));
  CHECK(j["smoothed"].back() == nlohmann::json::array({34.5, 9.5}));
}

TEST_CASE("polypath path --method grid on a JSON polygon map locates world points in cells", "[cli-grid]") {
  const std::string file = kCases + "25-grid-astar-closed-on-push.json";
  if (!fs::exists(file)) {
    WARN("skipped: " << file << " is absent");
    return;
  }
  const nlohmann::json j = jsonOf(runCli({"path", file, "--method", "grid", "--json"}));
  CHECK(j["length"].get<double>() == Approx(7 + std::sqrt(2.0)).epsilon(1e-9));
  const nlohmann::json half = jsonOf(runCli({"path", file, "--method", "grid", "--cell-size", "0.5", "--json"}));
  CHECK(half["found"] == true);
  CHECK(half["length"].get<double>() <= j["length"].get<double>() + 1e-9);
}

TEST_CASE("polypath path --method grid refuses bad cells and options with exit 2", "[cli-grid]") {
  const RunResult blocked = runCli({"path", kExplorer, "--start", "23,10", "--goal", "34,9"});
  CHECK(blocked.exit_code == 2);
  CHECK_THAT(blocked.err, Contains("start cell (23, 10) is blocked"));
  const RunResult outside = runCli({"path", kExplorer, "--start", "6,15", "--goal", "40,9"});
  CHECK(outside.exit_code == 2);
  CHECK_THAT(outside.err, Contains("goal cell (40, 9) is outside the 40 x 24 grid"));
  const RunResult moves = runCli(explorerArgs({"--moves", "6", "--corner-rule", "sometimes"}));
  CHECK(moves.exit_code == 2);
  CHECK_THAT(moves.err, Contains("--moves expects 4 or 8") && Contains("--corner-rule expects no-cut, cut or uniform"));
  const RunResult visibility = runCli({"path", kExplorer, "--method", "visibility", "--start", "6,15", "--goal", "34,9"});
  CHECK(visibility.exit_code == 2);
  CHECK_THAT(visibility.err, Contains("polypath convert X.map X.json"));
  const RunResult missing = runCli({"path", kExplorer});
  CHECK(missing.exit_code == 2);
  CHECK_THAT(missing.err, Contains("pass --start C,R"));
}

TEST_CASE("polypath scen counts matches and names the mismatching lines", "[cli-grid]") {
  polypath::test::TempDir dir("cli-grid");
  dir.write("g.map", "type octile\nheight 3\nwidth 3\nmap\n...\n.@.\n...\n");
  dir.write("g.map.scen", "version 1\n0\tmaps/g.map\t3\t3\t0\t0\t2\t2\t4\n0\tmaps/g.map\t3\t3\t0\t0\t2\t0\t2.5\n");
  const nlohmann::json j = jsonOf(runCli({"scen", (dir.path / "g.map.scen").string(), "--json"}));
  CHECK(j["queries"] == 2);
  CHECK(j["matched"] == 1);
  REQUIRE(j["mismatches"].size() == 1);
  CHECK(j["mismatches"][0]["line"] == 3);
  CHECK(j["mismatches"][0]["length"] == 2.0);
  const RunResult human = runCli({"scen", (dir.path / "g.map.scen").string()});
  CHECK_THAT(human.out, Contains("matched    1 of 2") && Contains("mismatch   line 3: expected 2.5, got 2"));
  const RunResult nomap = runCli({"scen", (dir.path / "g.map.scen").string(), "--map-dir", "/nonexistent"});
  CHECK(nomap.exit_code == 2);
  CHECK_THAT(nomap.err, Contains("map 'maps/g.map' not found"));
}

TEST_CASE("polypath scen runs a real scenario file at 100%", "[cli-grid]") {
  const std::string scen = std::string(POLYPATH_SHARED_DIR) + "/data/movingai/dao/arena.map.scen";
  if (!fs::exists(scen)) {
    WARN("skipped: " << scen << " is absent");
    return;
  }
  for (const char* method : {"grid", "visibility"}) {
    const nlohmann::json j = jsonOf(runCli({"scen", scen, "--method", method, "--json"}));
    CHECK(j["queries"] == 160);
    CHECK(j["matched"] == 160);
  }
}

TEST_CASE("polypath convert traces a .map into a valid polygon map and back", "[cli-grid]") {
  polypath::test::TempDir dir("cli-grid");
  const std::string json = (dir.path / "explorer.json").string();
  const RunResult conv = runCli({"convert", kExplorer, json});
  REQUIRE(conv.exit_code == 0);
  CHECK_THAT(conv.out, Contains("polygons   1 with 1 holes, 12 vertices"));
  const RunResult valid = runCli({"validate", json});
  CHECK(valid.exit_code == 0);
  // Any-angle on the traced map: shorter than the grid's 14 + 14 sqrt 2 between the same centres.
  const nlohmann::json vis = jsonOf(runCli({"path", json, "--start", "6.5,15.5", "--goal", "34.5,9.5", "--json"}));
  CHECK(vis["length"].get<double>() < 14 + 14 * std::sqrt(2.0));
  CHECK(vis["length"].get<double>() >= std::hypot(28.0, 6.0));
  const std::string back = (dir.path / "back.map").string();
  REQUIRE(runCli({"convert", json, back}).exit_code == 0);
  std::ifstream a(kExplorer), b(back);
  const std::string ta((std::istreambuf_iterator<char>(a)), {}), tb((std::istreambuf_iterator<char>(b)), {});
  CHECK(ta == tb);
  const RunResult unknown = runCli({"convert", kExplorer, (dir.path / "x.svg").string()});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Contains("no conversion from '.map' to '.svg'"));
}

TEST_CASE("polypath bench heuristics prints the heuristic table", "[cli-grid]") {
  const RunResult r = runCli({"bench", "heuristics", "--maps", "10"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("10 random 40 x 24 maps") && Contains("octile") && Contains("Manhattan") &&
                        Contains("weight 1.8"));
  CHECK(runCli({"bench", "other"}).exit_code == 2);
}

TEST_CASE("polypath convert: a polygon map's round trip through .map keeps its coordinates, start and goal in X.map.scen", "[cli-grid]") {
  // seed-demo lies in [3, 24] x [3, 24] with integer corners: the .map starts at the world
  // origin (3 blocked rows and columns of margin), so .json -> .map -> .json gives the same
  // ring, and the start (15, 6) and goal (18, 22) travel in the companion scenario.
  polypath::test::TempDir dir("cli-grid-roundtrip");
  const std::string grid = (dir.path / "seed.map").string(), back = (dir.path / "back.json").string();
  const RunResult to_grid = runCli({"convert", kMaps + "seed-demo.json", grid});
  REQUIRE(to_grid.exit_code == 0);
  CHECK(to_grid.err.empty());
  CHECK_THAT(to_grid.out, Contains("(24 x 24 cells of 1, 285 free)") && Contains("scenario   " + grid + ".scen"));
  std::ifstream scen(grid + ".scen");
  const std::string scen_text((std::istreambuf_iterator<char>(scen)), {});
  // The octile optimum equals the grid method's length between the same cells' centres.
  CHECK(scen_text == "version 1\n0\tseed.map\t24\t24\t15\t6\t18\t22\t40.31370850\n");
  const nlohmann::json on_grid = jsonOf(runCli({"path", kMaps + "seed-demo.json", "--method", "grid", "--json"}));
  CHECK(on_grid["length"].get<double>() == Approx(40.31370850).margin(5e-9));
  // The scenario is a valid Moving AI scenario of that .map: scen finds its optimum.
  const nlohmann::json scen_run = jsonOf(runCli({"scen", grid + ".scen", "--json"}));
  CHECK(scen_run["matched"] == 1);

  const RunResult to_json = runCli({"convert", grid, back});
  REQUIRE(to_json.exit_code == 0);
  CHECK(to_json.err == "polypath: note: start (15.5, 6.5) and goal (18.5, 22.5) are the cell centres of the first "
                       "query of " + grid + ".scen\n");
  std::ifstream in(back);
  const nlohmann::json j = nlohmann::json::parse(in);
  const nlohmann::json ring = {{3, 3},  {24, 3},  {24, 8},  {6, 8},   {6, 10},  {24, 10},
                               {24, 24}, {15, 24}, {15, 17}, {21, 17}, {21, 15}, {3, 15}};
  CHECK(j["polygons"].size() == 1);
  CHECK(j["polygons"][0]["outer"] == ring);  // the original's corners (was shifted by -3, -3)
  CHECK(j["start"] == nlohmann::json::array({15.5, 6.5}));
  CHECK(j["goal"] == nlohmann::json::array({18.5, 22.5}));
}

TEST_CASE("polypath convert: a map the .map cannot place says so and still writes the grid", "[cli-grid]") {
  polypath::test::TempDir dir("cli-grid-offset");
  const std::string map = dir.write("neg.json", R"({"format": "polypath-map", "version": 1,
    "polygons": [{"outer": [[-2,-2],[4,-2],[4,4],[-2,4]]}]})");
  const std::string grid = (dir.path / "neg.map").string();
  const RunResult r = runCli({"convert", map, grid});
  REQUIRE(r.exit_code == 0);
  CHECK(r.err == "polypath: note: a .map has no origin: its cell (0, 0) is the map's corner (-2, -2), so converting "
                 "it back gives coordinates shifted by (2, 2)\n");
  CHECK_THAT(r.out, Contains("(6 x 6 cells of 1, 36 free)"));
  CHECK_FALSE(fs::exists(grid + ".scen"));  // no start or goal, no scenario
}
