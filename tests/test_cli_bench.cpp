// test_cli_bench.cpp: what `polypath bench` reports, run as a separate process on small
// maps in a temporary folder: the table's words and what it counts as checked.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "core/visibility_graph.hpp"
#include "io/map_io.hpp"
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
