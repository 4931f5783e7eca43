// test_editor_exports.cpp: the editor's exports (headless, through the Export menu and
// the command line): the SVG has the path at the CLI's coordinates, the Posthoc trace is
// byte for byte `polypath trace`'s, the PNG is the canvas, and the PNG sequence writes
// one frame per expansion with the expanded node where the engine expanded it.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include <set>

#include "stb_image.h"

#include "polypath/core/search.hpp"
#include "editor/exports/exports.hpp"
#include "polypath/formats/svg_draw.hpp"
#include "support/loaded_map.hpp"
#include "support/run_cli.hpp"
#include "support/svg_checks.hpp"
#include "support/svg_elements.hpp"
#include "support/xml_check.hpp"

namespace {

/// Exports through the Export menu: opens it, sets the name, clicks `item`.
void exportVia(HeadlessEditor& ed, const fs::path& name, const char* item) {
  ed.click("Export");
  ed.frames(1);
  ed.app->ui().export_name = name.string();
  ed.click(item);
  ed.frames(2);
}

}  // namespace

TEST_CASE("editor exports: the SVG parses and has the path at the CLI's coordinates", "[editor][exports]") {
  TempDir dir("ed-export");
  HeadlessEditor ed(withMap(shippedMap("maze.json")));
  exportVia(ed, dir.path / "maze", "export svg");
  INFO(ed.app->ui().status);
  REQUIRE_FALSE(ed.app->ui().status_error);
  const std::string svg = readWholeFile(dir.path / "maze.svg");
  REQUIRE_FALSE(svg.empty());
  CHECK(xmlProblem(svg).empty());

  const std::string cli_out = (dir.path / "cli.svg").string();
  REQUIRE(runCli({"svg", shippedMap("maze.json").string(), "--out", cli_out}).exit_code == 0);
  const std::string cli = readWholeFile(cli_out);
  // The same path polyline, element for element, as `polypath svg` draws it...
  const std::string path_group = svgGroup(svg, "layer-path");
  CHECK(path_group == svgGroup(cli, "layer-path"));
  // ...at the coordinates of the path an independent findPath gives, mapped by the same viewport.
  const LoadedMap m(shippedMap("maze.json"));
  const Path path = findPath(*m.query, m.query->startNode(), m.query->goalNode());
  const SvgViewport v = SvgViewport::fit(m.map, kSvgExportWidth);
  checkPathLayer(svg, v, path.points);
  CHECK(svgElements(svgGroup(svg, "layer-reflex-nodes"), "circle").size() == m.graph->nodes().size());
  // The current layers: a hidden layer is not exported.
  ed.app->ui().layers &= ~static_cast<std::uint32_t>(LayerLosLinks);
  exportVia(ed, dir.path / "nolinks", "export svg");
  const std::string nolinks = readWholeFile(dir.path / "nolinks.svg");
  CHECK(nolinks.find("layer-los-links") == std::string::npos);
  CHECK(svg.find("layer-los-links") != std::string::npos);
}

TEST_CASE("editor exports: the search trace is what polypath trace writes", "[editor][exports]") {
  TempDir dir("ed-export");
  HeadlessEditor ed(withMap(shippedMap("maze.json")));
  exportVia(ed, dir.path / "maze", "export trace");
  INFO(ed.app->ui().status);
  REQUIRE_FALSE(ed.app->ui().status_error);
  const std::string cli_out = (dir.path / "cli.trace.json").string();
  REQUIRE(runCli({"trace", shippedMap("maze.json").string(), "--out", cli_out}).exit_code == 0);
  const std::string mine = readWholeFile(dir.path / "maze.trace.json");
  REQUIRE_FALSE(mine.empty());
  CHECK(mine == readWholeFile(cli_out));
  // With the editor's search options: Dijkstra, as `--heuristic none`.
  SearchOptions dijkstra;
  dijkstra.heuristic = Heuristic::None;
  ed.app->scene().setSearchOptions(dijkstra);
  exportVia(ed, dir.path / "dijkstra", "export trace");
  REQUIRE(runCli({"trace", shippedMap("maze.json").string(), "--out", cli_out, "--heuristic", "none"}).exit_code == 0);
  const std::string dij = readWholeFile(dir.path / "dijkstra.trace.json");
  CHECK(dij == readWholeFile(cli_out));
  CHECK(dij != mine);
}

TEST_CASE("editor exports: an export that cannot be written is an error on the status line", "[editor][exports]") {
  TempDir dir("ed-export");
  HeadlessEditor ed(withMap(shippedMap("maze.json")));
  exportVia(ed, dir.path / "no-such-folder" / "x", "export svg");
  CHECK(ed.app->ui().status_error);
  CHECK(ed.app->ui().status.find("no-such-folder") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path / "no-such-folder"));
  exportVia(ed, dir.path / "no-such-folder" / "x", "export png");
  ed.frames(2);
  CHECK(ed.app->ui().status_error);
  CHECK(ed.app->ui().status.find("no-such-folder") != std::string::npos);
}

TEST_CASE("editor exports: Export PNG writes the canvas as the screenshot shows it", "[editor][exports]") {
  TempDir dir("ed-export");
  HeadlessEditor ed(withMap(shippedMap("seed-demo.json")));
  exportVia(ed, dir.path / "seed", "export png");
  INFO(ed.app->ui().status);
  REQUIRE_FALSE(ed.app->ui().status_error);
  const Image png = loadPng(dir.path / "seed.png");
  REQUIRE(png.width > 0);
  const ScreenRect canvas = canvasRect(kWidth, kHeight);
  CHECK(png.width == static_cast<int>(canvas.w));
  CHECK(png.height == static_cast<int>(canvas.h));
  // The start marker's centre, moved by the panel column's width.
  const ScreenPos s = ed.app->camera().toScreen(*ed.app->scene().document().start);
  const Color start = png.at(static_cast<int>(s.x - canvas.x) + 6, static_cast<int>(s.y - canvas.y));
  CHECK(start == layerColor(LayerStartGoal));
}

TEST_CASE("editor exports: --screenshot-sequence writes N+1 frames, the expanded node moving", "[editor][exports]") {
  TempDir dir("ed-seq");
  const int n = 6;
  AppOptions o = withMap(shippedMap("maze.json"));
  o.screenshot_sequence = dir.path / "frames";
  o.steps = n;
  o.canvas_only = true;
  HeadlessEditor ed(o);
  REQUIRE(ed.app->runScreenshotSequence() == 0);
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir.path / "frames")) names.insert(e.path().filename().string());
  REQUIRE(names.size() == static_cast<std::size_t>(n + 1));
  for (int k = 0; k <= n; ++k) CHECK(names.count(sequenceFileName(k)) == 1);
  CHECK(sequenceFileName(7) == "step-0007.png");

  // The expanded node of each frame, from a fresh engine: white (LayerExpanded) in its
  // frame, not white in the frame before.
  const LoadedMap m(shippedMap("maze.json"));
  Search s;
  s.init(*m.query, m.query->startNode(), m.query->goalNode());
  std::vector<NodeId> order;
  for (int k = 0; k < n; ++k) {
    s.step();
    REQUIRE(s.state().expandedCount() == k + 1);
    order.push_back(s.state().lastExpanded());
  }
  const ScreenRect canvas = canvasRect(kWidth, kHeight);
  const Camera camera = initialCamera(m.doc, kWidth, kHeight);
  std::vector<Image> frames;
  for (int k = 0; k <= n; ++k) {
    frames.push_back(loadPng(dir.path / "frames" / sequenceFileName(k)));
    REQUIRE(frames.back().width > 0);
  }
  CHECK(frames[0].width == static_cast<int>(canvas.w));
  const Color white = layerColor(LayerExpanded);
  for (int k = 2; k <= n; ++k) {  // expansion 1 is the start, under its marker
    INFO("frame " << k << ", node " << order[static_cast<std::size_t>(k - 1)]);
    const ScreenPos p = camera.toScreen(m.query->position(order[static_cast<std::size_t>(k - 1)]));
    const int x = static_cast<int>(p.x - canvas.x), y = static_cast<int>(p.y - canvas.y);
    CHECK(frames[static_cast<std::size_t>(k)].at(x, y) == white);
    CHECK_FALSE(frames[static_cast<std::size_t>(k - 1)].at(x, y) == white);
  }
  CHECK(frames[0].rgba != frames[1].rgba);
}

TEST_CASE("editor exports: a sequence to a folder that cannot be made fails with a message", "[editor][exports]") {
  TempDir dir("ed-seq");
  const std::string file = dir.write("taken", "x");  // a file where the folder should be
  AppOptions o = withMap(shippedMap("seed-demo.json"));
  o.screenshot_sequence = fs::path(file) / "frames";
  HeadlessEditor ed(o);
  CHECK(ed.app->runScreenshotSequence() == 1);
  CHECK(ed.app->ui().status_error);
  CHECK(ed.app->ui().status.find("taken") != std::string::npos);
}

TEST_CASE("editor exports: the command line's lesson and export options", "[editor][exports]") {
  const ParsedCommandLine ok = parseCommandLine({"--lesson", "l.json", "--lesson-step", "3", "--screenshot-sequence",
                                                 "frames", "--steps", "9", "--canvas-only"});
  REQUIRE(ok.error.empty());
  CHECK(ok.options.lesson == fs::path("l.json"));
  CHECK(ok.options.lesson_step == 3);
  CHECK(ok.options.screenshot_sequence == fs::path("frames"));
  CHECK(ok.options.steps == 9);
  CHECK(ok.options.canvas_only);
  CHECK(ok.options.headless);
  const ParsedCommandLine svg = parseCommandLine({"m.json", "--svg", "out.svg"});
  CHECK(svg.options.svg == fs::path("out.svg"));
  CHECK(svg.options.headless);
  CHECK(parseCommandLine({"--lesson-step", "0"}).error == "--lesson-step needs a step number >= 1, not '0'");
  CHECK(parseCommandLine({"--lesson"}).error == "--lesson needs a value FILE");
  CHECK(parseCommandLine({"--screenshot", "a.png", "--screenshot-sequence", "d"}).error ==
        "give --screenshot or --screenshot-sequence, not both");
}

#endif  // POLYPATH_HAVE_EDITOR
