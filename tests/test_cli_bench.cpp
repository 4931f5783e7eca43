// test_cli_bench.cpp: what `polypath bench` reports, run as a separate process on small
// maps in a temporary folder: the table's words and what it counts as checked.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "reference/synthetic_maps.hpp"
#include "support/loaded_map.hpp"
#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

using Catch::Matchers::Contains;
using polypath::test::linesOf;
using polypath::test::RunResult;
using polypath::test::runCli;
namespace fs = std::filesystem;

TEST_CASE("cli bench: the table says links where --json says edges, both the visibility graph's link count", "[cli][bench]") {
  polypath::test::TempDir dir("bench-links");
  fs::copy_file(polypath::test::shippedMap("seed-demo.json"), dir.path / "seed-demo.json");
  const polypath::PolygonMap map = polypath::buildPolygonMap(polypath::loadMap(dir.path / "seed-demo.json"));
  const std::size_t links = polypath::VisibilityGraph(map).links().size();
  REQUIRE(links == 3);  // the seed article's four reflex corners: three bitangent links

  const std::vector<std::string> args = {"bench", "maps", "--dir", dir.path.string(), "--queries", "2",
                                         "--no-references", "--edits", "0"};
  const RunResult table = runCli(args);
  REQUIRE(table.exit_code == 0);
  const std::vector<std::string> lines = linesOf(table.out);
  REQUIRE(!lines.empty());
  CHECK_THAT(lines[0], Contains("seed-demo: 12 vertices, 4 reflex, 3 links; build "));
  CHECK_THAT(table.out, !Contains("edges"));

  std::vector<std::string> json_args = args;
  json_args.push_back("--json");
  const RunResult json = runCli(json_args);
  REQUIRE(json.exit_code == 0);
  CHECK(nlohmann::json::parse(linesOf(json.out).at(0))["edges"] == links);  // the field keeps its name

  const RunResult help = runCli({"bench", "--help"});
  CHECK_THAT(help.out, Contains("edges (the visibility\n                       graph's line-of-sight links)"));
}

TEST_CASE("cli bench movingai --no-references still checks lengths against the scenario's octile optima", "[cli][bench]") {
  // A 6 x 4 grid with a wall in row 1 and its scenario: (0,0)-(5,0) with its true octile
  // optimum 5, and (0,3)-(5,3) with a wrong optimum 4 that the any-angle length 5 exceeds.
  polypath::test::TempDir dir("bench-octile");
  fs::create_directories(dir.path / "data" / "movingai" / "tiny");
  fs::create_directories(dir.path / "converted");
  const std::string grid = dir.write("data/movingai/tiny/tiny.map",
                                     "type octile\nheight 4\nwidth 6\nmap\n......\n..@@..\n......\n......\n");
  dir.write("data/movingai/tiny/tiny.map.scen",
            "version 1\n0\ttiny.map\t6\t4\t0\t0\t5\t0\t5.00000000\n0\ttiny.map\t6\t4\t0\t3\t5\t3\t4.00000000\n");
  REQUIRE(runCli({"convert", grid, (dir.path / "converted" / "tiny.json").string()}).exit_code == 0);
  const std::vector<std::string> args = {"bench", "movingai", "--data", (dir.path / "data").string(), "--converted",
                                         (dir.path / "converted").string(), "--edits", "0", "--json"};
  for (bool references : {false, true}) {
    std::vector<std::string> a = args;
    if (!references) a.push_back("--no-references");
    INFO("references " << references);
    const RunResult r = runCli(a);
    REQUIRE(r.exit_code == 0);
    const nlohmann::json j = nlohmann::json::parse(linesOf(r.out).at(0));
    CHECK(j["name"] == "tiny");
    CHECK(j["queries"] == 2);
    CHECK(j["checked"] == 2);     // both against their octile optimum (was 0 with --no-references)
    CHECK(j["mismatches"] == 1);  // the second: 5 > 4
    CHECK(j["references"].empty() == !references);
  }
  std::vector<std::string> table = args;
  table.back() = "--no-references";
  const RunResult human = runCli(table);
  CHECK_THAT(human.out, Contains("2 found; 2 checked, 1 mismatches") &&
                            Contains("mismatch   start (0, 3) goal (5, 3): length 5.000000, expected at most 4.000000"));
}

TEST_CASE("cli bench scale: one row per map with its vertex and link counts, and fitted exponents", "[cli][bench]") {
  polypath::test::TempDir dir("bench-scale");  // an empty data folder: the synthetic maps only
  const RunResult r = runCli({"bench", "scale", "--max-vertices", "300", "--queries", "5", "--data", dir.path.string()});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.err, Contains("Aurora.map: not found"));
  int rows = 0;
  for (polypath::reference::Family fam : {polypath::reference::Family::Rooms, polypath::reference::Family::Convex})
    for (int size : {100, 300}) {
      const std::string name = std::string(polypath::reference::familyName(fam)) + "-" + std::to_string(size);
      const polypath::PolygonMap map(polypath::reference::syntheticMap(fam, size, 1));
      const std::size_t links = polypath::VisibilityGraph(map).linkCount();
      for (const std::string& line : linesOf(r.out)) {
        if (line.rfind(name + " ", 0) != 0) continue;
        ++rows;
        std::istringstream in(line.substr(name.size()));
        double vertices = 0, reflex = 0, validate = 0, navmesh = 0, faces = 0, polyanya = 0, visibility = 0, n_links = 0;
        in >> vertices >> reflex >> validate >> navmesh >> faces >> polyanya >> visibility >> n_links;
        INFO(line);
        CHECK(vertices == static_cast<double>(map.vertices().size()));
        CHECK(reflex == static_cast<double>(map.reflexCorners().size()));
        CHECK(n_links == static_cast<double>(links));
        CHECK(faces > 0);
        CHECK_THAT(line, !Contains("differ"));  // Polyanya's lengths equal the visibility graph's
      }
    }
  CHECK(rows == 4);
  CHECK_THAT(r.out, Contains("navmesh build: n^"));
  CHECK_THAT(r.out, Contains("visibility build: n^"));
  CHECK_THAT(r.out, Contains("(4 maps)"));
}
