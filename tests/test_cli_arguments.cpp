// test_cli_arguments.cpp: argument errors of the polypath tool that a first-time user
// meets: an option given without its value, and options that need another option.
// Run as separate processes (support/run_cli.hpp).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "support/loaded_map.hpp"
#include "support/run_cli.hpp"

using Catch::Matchers::Contains;
using polypath::test::RunResult;
using polypath::test::runCli;
using polypath::test::shippedMap;

namespace {

const std::string kSeed = shippedMap("seed-demo.json").string();
const std::string kExplorer = shippedMap("astar-explorer.map").string();

}  // namespace

TEST_CASE("cli: a value option followed by another option is refused, naming the option and its value", "[cli]") {
  // Each command with one of its value options given no value, followed by another option:
  // the next option is not taken as the value (it was: --start swallowed --goal).
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"path", kSeed, "--start", "--goal", "20,20"}, "--start needs a value X,Y"},
      {{"path", kSeed, "--method", "--json"}, "--method needs a value visibility|navmesh|grid"},
      {{"path", kSeed, "--weight", "--json"}, "--weight needs a value W"},
      {{"path", kSeed, "--clearance", "--snap"}, "--clearance needs a value R"},
      {{"path", kSeed, "--node-placement", "--json"}, "--node-placement needs a value centre|portal"},
      {{"path", kExplorer, "--moves", "--json"}, "--moves needs a value 4|8"},
      {{"path", kExplorer, "--start", "--", "6,15"}, "--start needs a value X,Y"},
      {{"svg", kSeed, "--out", "--layers", "all"}, "--out needs a value F.svg"},
      {{"trace", kSeed, "--out", "--no-render"}, "--out needs a value F.trace.json"},
      {{"convert", "a.json", "--cell-size", "--", "b.map"}, "--cell-size needs a value S"},
      {{"scen", "x.scen", "--map-dir", "--json"}, "--map-dir needs a value DIR"},
      {{"bench", "maps", "--queries", "--json"}, "--queries needs a value N"},
      {{"bench", "navmesh", "--maps", "--queries", "3"}, "--maps needs a value DIR"},
      {{"bench", "heuristics", "--maps", "--seed", "1"}, "--maps needs a value N"},
  };
  for (const auto& [args, message] : cases) {
    std::string shown;
    for (const std::string& a : args) shown += " " + a;
    INFO("polypath" << shown);
    const RunResult r = runCli(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "polypath: " + message + "\n");
  }
  // At the end of the line, the same message.
  CHECK(runCli({"path", kSeed, "--goal"}).err == "polypath: --goal needs a value X,Y\n");
}

TEST_CASE("cli: values that start with one minus sign are still values", "[cli]") {
  // -3,4 is a point left of the map, not an option: the error is about the point.
  const RunResult r = runCli({"path", kSeed, "--start", "-3,4", "--json"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("start (-3, 4) is not walkable"));
  CHECK_THAT(r.err, !Contains("needs a value"));
}

TEST_CASE("cli: --node-placement and --corridor without the navmesh method are refused, naming what they need", "[cli]") {
  const std::string placement =
      "polypath: --node-placement needs --method navmesh (it places the nodes of triangle A*; --method ";
  const std::string corridor =
      "polypath: --corridor needs --method navmesh --node-placement centre|portal (the portal corridor of triangle A*; ";
  // Before, these ran the visibility method and said nothing.
  CHECK(runCli({"path", kSeed, "--node-placement", "centre", "--json"}).err ==
        placement + "visibility has no triangles)\n");
  CHECK(runCli({"path", kSeed, "--corridor"}).err == corridor + "--method visibility has none)\n");
  const RunResult both = runCli({"path", kSeed, "--method", "visibility", "--node-placement", "portal", "--corridor"});
  CHECK(both.exit_code == 2);
  CHECK(both.out.empty());
  CHECK(both.err == placement + "visibility has no triangles)\n" + corridor + "--method visibility has none)\n");
  CHECK(runCli({"svg", kSeed, "--out", "x.svg", "--node-placement", "centre"}).err ==
        placement + "visibility has no triangles)\n");
  CHECK(runCli({"trace", kSeed, "--out", "x.json", "--node-placement", "centre"}).err ==
        placement + "visibility has no triangles)\n");
  // The grid method (a .map, or --method grid on a JSON map).
  CHECK(runCli({"path", kExplorer, "--start", "6,15", "--goal", "34,9", "--node-placement", "centre"}).err ==
        placement + "grid has no triangles)\n");
  CHECK(runCli({"path", kSeed, "--method", "grid", "--corridor"}).err == corridor + "--method grid has none)\n");
  // Navmesh without --node-placement is Polyanya: --corridor is refused before the map is read.
  const RunResult polyanya = runCli({"path", "no-such-map.json", "--method", "navmesh", "--corridor"});
  CHECK(polyanya.exit_code == 2);
  CHECK(polyanya.err == corridor + "Polyanya, navmesh without --node-placement, has none)\n");
  // With the navmesh method both run: triangle A* prints its corridor.
  const RunResult ok = runCli({"path", kSeed, "--method", "navmesh", "--node-placement", "centre", "--corridor"});
  CHECK(ok.exit_code == 0);
  CHECK_THAT(ok.out, Contains("corridor"));
}
