// test_cli_svg.cpp: `polypath svg` and `polypath trace`, run as separate processes.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "polypath/debug/layer_names.hpp"
#include "polypath/formats/svg_draw.hpp"
#include "support/loaded_map.hpp"
#include "support/run_cli.hpp"
#include "support/svg_checks.hpp"
#include "support/svg_elements.hpp"
#include "support/temp_dir.hpp"
#include "support/xml_check.hpp"

using namespace polypath;
using namespace polypath::test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {


}  // namespace

TEST_CASE("polypath svg: the path layer has one segment per path edge at the right coordinates", "[cli][svg]") {
  TempDir dir("cli-svg");
  const std::string out = (dir.path / "maze.svg").string();
  const RunResult r = runCli({"svg", shippedMap("maze.json"), "--out", out, "--width", "640"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, StartsWith("wrote " + out + " (640 x "));
  const std::string svg = readWholeFile(out);
  CHECK(xmlProblem(svg).empty());

  const LoadedMap m(shippedMap("maze.json"));
  const Path path = findPath(*m.query, m.query->startNode(), m.query->goalNode());
  const SvgViewport v = SvgViewport::fit(m.map, 640);
  checkPathLayer(svg, v, path.points);
  // Default layers: no search layers without --steps; graph nodes and links are there.
  CHECK(svg.find("layer-closed-set") == std::string::npos);
  CHECK(svgElements(svgGroup(svg, "layer-reflex-nodes"), "circle").size() == m.graph->nodes().size());
  CHECK(svgElements(svgGroup(svg, "layer-los-links"), "line").size() == m.graph->links().size());
  CHECK(svgElements(svgGroup(svg, "layer-edges"), "line").size() == m.map.vertices().size());
  CHECK(svgElements(svgGroup(svg, "layer-start-goal"), "circle").size() == 2);
  // Drawn as the editor's canvas: walls over the graph links, start and goal last.
  CHECK(svg.find("<g id=\"layer-los-links\">") < svg.find("<g id=\"layer-edges\">"));
  CHECK(svg.rfind("<g id=") == svg.find("<g id=\"layer-start-goal\">"));
}

TEST_CASE("polypath svg --steps N draws the search after N expansions", "[cli][svg]") {
  TempDir dir("cli-svg");
  const std::string out = (dir.path / "steps.svg").string();
  const RunResult r = runCli({"svg", shippedMap("maze.json"), "--out", out, "--steps", "7", "--layers",
                                "closed-set,open-set,expanded,path"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Contains(", 7 expansions, running)"));
  const std::string svg = readWholeFile(out);
  CHECK(xmlProblem(svg).empty());
  const LoadedMap m(shippedMap("maze.json"));
  Search s;
  s.init(*m.query, m.query->startNode(), m.query->goalNode());
  s.run(7);
  CHECK(svgElements(svgGroup(svg, "layer-closed-set"), "circle").size() == 7);
  CHECK(svgElements(svgGroup(svg, "layer-closed-set"), "line").size() == 6);  // parent links (not the start)
  CHECK(svgElements(svgGroup(svg, "layer-open-set"), "circle").size() == s.state().openSet().size());
  CHECK(svgElements(svgGroup(svg, "layer-expanded"), "circle").size() == 1);
  CHECK(svgGroup(svg, "layer-path").find("<line") == std::string::npos);  // the goal is not reached yet
  CHECK(svg.find("layer-region") == std::string::npos);                    // only the layers asked for
}

TEST_CASE("polypath trace writes a Posthoc trace with one expanding event per expansion", "[cli][posthoc]") {
  TempDir dir("cli-trace");
  const std::string out = (dir.path / "maze.trace.json").string();
  const RunResult r = runCli({"trace", shippedMap("maze.json"), "--out", out, "--heuristic", "none"});
  REQUIRE(r.exit_code == 0);
  const nlohmann::json trace = nlohmann::json::parse(readWholeFile(out));
  int expanding = 0;
  for (const auto& e : trace["events"]) expanding += e["type"] == "expanding";
  const LoadedMap m(shippedMap("maze.json"));
  SearchOptions dijkstra;
  dijkstra.heuristic = Heuristic::None;
  CHECK(expanding == findPath(*m.query, m.query->startNode(), m.query->goalNode(), dijkstra).expanded);
  CHECK(r.out == "wrote " + out + " (" + std::to_string(trace["events"].size()) + " events, " +
                     std::to_string(expanding) + " expansions)\n");
  CHECK(trace.contains("render"));
  REQUIRE(runCli({"trace", shippedMap("maze.json"), "--out", out, "--no-render"}).exit_code == 0);
  CHECK_FALSE(nlohmann::json::parse(readWholeFile(out)).contains("render"));
}

TEST_CASE("polypath svg and trace: bad input exits 2 with one clear line", "[cli][svg]") {
  TempDir dir("cli-svg");
  const std::string out = (dir.path / "x.svg").string();
  RunResult r = runCli({"svg", shippedMap("maze.json")});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "polypath: svg needs --out F.svg\n");
  r = runCli({"svg", shippedMap("maze.json"), "--out", out, "--layers", "path,pathz"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "polypath: --layers: unknown layer 'pathz' (known: " + layerKeyList() +
                     "; groups: all, default, map, graph, search)\n");
  r = runCli({"svg", shippedMap("maze.json"), "--out", out, "--steps", "1.5"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "polypath: --steps expects a whole number of expansions >= 0, got '1.5'\n");
  r = runCli({"svg", shippedMap("maze.json"), "--out", (dir.path / "no" / "such" / "dir.svg").string()});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, StartsWith("polypath: cannot write " + (dir.path / "no" / "such" / "dir.svg").string() + ": "));
  r = runCli({"svg", shippedMap("maze.json"), "--out", out, "--start", "-5,-5"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, StartsWith("polypath: " + shippedMap("maze.json").string() + ": error: /start: "));
  r = runCli({"trace", shippedMap("maze.json")});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "polypath: trace needs --out F.trace.json\n");
  r = runCli({"trace", (dir.path / "missing.json").string(), "--out", out});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Contains("missing.json: no such file; check the path"));
  CHECK(runCli({"svg", "--help"}).exit_code == 0);
  CHECK_THAT(runCli({"trace", "--help"}).out, Contains("--no-render"));
}
