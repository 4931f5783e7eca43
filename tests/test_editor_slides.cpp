// test_editor_slides.cpp: slide-ready exports (headless): one scale factor widens lines
// and points together (measured in pixels across the path), lines are anti-aliased, a
// canvas-only export of a lesson has no widgets but the lesson's caption, a sequence
// leaves the live search where it was, the SVG carries S, G, node numbers, the legend
// and the caption as <text>; and lessons step what the class sees: the side-by-side
// panes step with the strip's Step and the Right arrow, and on every step of every
// shipped lesson (but those marked "stepping": false) Step changes the picture.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include <algorithm>
#include <map>

#include "polypath/core/search.hpp"
#include "polypath/debug/palette.hpp"
#include "polypath/formats/lesson.hpp"
#include "editor/debugger/debugger.hpp"
#include "editor/exports/exports.hpp"
#include "editor/exports/slide.hpp"
#include "editor/lessons/lessons.hpp"
#include "editor/lessons/lessons_panel.hpp"
#include "editor/tilegrid/grid_scene.hpp"
#include "support/image_scan.hpp"
#include "support/loaded_map.hpp"
#include "support/svg_elements.hpp"
#include "support/xml_check.hpp"

namespace {

fs::path lessonFile(const char* name) { return fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons" / name; }

/// A canvas-only --screenshot of `map` whose canvas is `w` x `h` (as --canvas-only --size
/// WxH gives), with `scale` (0: from the size); the PNG and the camera it was drawn with.
struct Shot {
  Image png;
  Camera camera;
};
Shot canvasShot(const fs::path& map, int w, int h, double scale, const fs::path& out) {
  AppOptions o = withMap(map);
  o.screenshot = out;
  o.canvas_only = true;
  o.scale = scale;
  HeadlessEditor ed(o, windowWidthForCanvas(w), h);
  REQUIRE(ed.app->runScreenshot() == 0);
  return Shot{loadPng(out), ed.app->camera()};
}

/// The path's width as drawn across the middle of its longest segment, from the pixels
/// within 8 pixels (along the segment) of its midpoint.
struct Across {
  double solid = 0;  ///< width of the pixels of exactly the path's colour, pixels
  int blended = 0;   ///< pixels at the path's edge between its colour and what lies beyond
};
Across acrossPath(const Shot& shot, const std::vector<Point>& path, const ScreenRect& canvas, double half_width) {
  std::size_t best = 1;
  for (std::size_t i = 1; i < path.size(); ++i)
    if (distance(path[i - 1], path[i]) > distance(path[best - 1], path[best])) best = i;
  const ScreenPos a = shot.camera.toScreen(path[best - 1]), b = shot.camera.toScreen(path[best]);
  const double len = std::hypot(b.x - a.x, b.y - a.y);
  REQUIRE(len > 40);
  const double dx = (b.x - a.x) / len, dy = (b.y - a.y) / len;
  const double mx = (a.x + b.x) / 2 - canvas.x, my = (a.y + b.y) / 2 - canvas.y;
  const Color path_colour = layerColor(LayerPath);
  Across r;
  int solid = 0;
  for (int y = static_cast<int>(my) - 14; y <= static_cast<int>(my) + 14; ++y)
    for (int x = static_cast<int>(mx) - 14; x <= static_cast<int>(mx) + 14; ++x) {
      const double px = x + 0.5 - mx, py = y + 0.5 - my;  // pixel centres are sampled
      const double along = px * dx + py * dy, across = -px * dy + py * dx;
      if (std::abs(along) > 8.0) continue;
      const Color c = shot.png.at(x, y);
      if (c == path_colour) ++solid;
      // At the true edge (half a pixel inside or out): the feather, neither the path's
      // colour nor the colour 3 pixels further out.
      const double edge = std::abs(across) - half_width;
      if (std::abs(edge) < 0.35 && !(c == path_colour)) {
        const double out = across > 0 ? 3.0 : -3.0;
        const Color beyond = shot.png.at(static_cast<int>(std::floor(x + 0.5 - dy * out)),
                                         static_cast<int>(std::floor(y + 0.5 + dx * out)));
        if (!(c == beyond)) ++r.blended;
      }
    }
  r.solid = solid / 16.0;  // pixels per pixel of length: the solid width
  return r;
}

}  // namespace

TEST_CASE("editor slides: the scale of an output size", "[editor][slides]") {
  CHECK(slideScaleFor(1280, 800) == 1.0);
  CHECK(slideScaleFor(1920, 1080) == 1.35);
  CHECK(slideScaleFor(3840, 2160) == 2.7);
  CHECK(slideScaleFor(640, 400) == 1.0);  // never smaller than the window's own
  const ParsedCommandLine ok = parseCommandLine({"--scale", "2.5", "--legend", "--caption", "Shortest paths"});
  REQUIRE(ok.error.empty());
  CHECK(ok.options.scale == 2.5);
  CHECK(ok.options.legend);
  CHECK(ok.options.caption == "Shortest paths");
  CHECK(parseCommandLine({"--scale", "0"}).error == "--scale needs a factor 0.25..8, not '0'");
  CHECK(parseCommandLine({"--scale", "x"}).error == "--scale needs a factor 0.25..8, not 'x'");
}

TEST_CASE("editor slides: --theme and --ui-scale for headless pictures", "[editor][slides]") {
  const ParsedCommandLine light = parseCommandLine({"--theme", "light", "--ui-scale", "1.5"});
  REQUIRE(light.error.empty());
  CHECK(light.options.theme == Theme::Light);
  CHECK(light.options.ui_scale == 1.5f);
  CHECK(parseCommandLine({"--ui-scale", "auto"}).options.ui_scale == kUiScaleAuto);
  CHECK(parseCommandLine({"--theme", "blue"}).error == "--theme needs dark or light, not 'blue'");
  CHECK(parseCommandLine({"--ui-scale", "3"}).error == "--ui-scale needs 1, 1.5, 2 or auto, not '3'");
  CHECK(parseCommandLine({"--ui-scale", "0"}).error == "--ui-scale needs 1, 1.5, 2 or auto, not '0'");
  CHECK_FALSE(parseCommandLine({}).options.theme);
  // A canvas-only picture of --size WxH at 1.5x: the window widens by the wider column.
  const ParsedCommandLine wide = parseCommandLine({"--canvas-only", "--size", "1280x800", "--ui-scale", "1.5"});
  CHECK(wide.options.width == 1280 + 720);

  AppOptions o = withMap(shippedMap("seed-demo.json"));
  o.theme = Theme::Light;
  HeadlessEditor ed(o);
  CHECK(ed.app->ui().theme == Theme::Light);
  const Image img = ed.shot();
  const ScreenRect canvas = ed.app->camera().viewport();
  CHECK(img.at(static_cast<int>(canvas.x + canvas.w - 20), static_cast<int>(canvas.y + 6)) == palette::kBackground.light);
}

TEST_CASE("editor slides: a grid's legend names the grid's layers, start and goal", "[editor][slides]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "astar-explorer.map"));
  App& app = *ed.app;
  REQUIRE(app.grid().active());
  for (int i = 0; i < 5; ++i) app.grid().step();
  const GridScene& grid = app.grid();
  const std::vector<LegendEntry> entries =
      legendEntries([&grid](DebugDraw& dd, std::uint32_t layer) { grid.draw(dd, layer); }, app.ui().layers,
                    grid.start() >= 0, grid.goal() >= 0);
  std::vector<std::string> names;
  for (const LegendEntry& e : entries) names.push_back(e.name);
  for (const char* name : {"Grid walls", "Explored cells", "Waiting cells", "Start", "Goal"}) {
    INFO(name);
    CHECK(std::count(names.begin(), names.end(), name) == 1);
  }
  CHECK(std::count(names.begin(), names.end(), "Reflex nodes") == 0);  // the polygon scene's
}

TEST_CASE("editor slides: a whole-map view is fitted beside the legend and above the caption", "[editor][slides]") {
  TempDir dir("ed-slide-fit");
  HeadlessEditor ed(withMap(shippedMap("seed-demo.json")));
  App& app = *ed.app;
  const Camera live = app.camera();
  const ScreenRect canvas = live.viewport();
  app.ui().export_legend = true;
  app.ui().export_caption = "A caption long enough to take a line of the plate along the bottom of the picture";
  const fs::path png = dir.path / "fit.png";
  app.ui().exports.requestPng(png, true);
  for (int k = 0; k < 10 && app.ui().exports.busy(); ++k) ed.frames(1);
  REQUIRE(fs::exists(png));
  CHECK(sameView(app.camera(), live));  // the live view is the user's again
  const SlideText text = exportSlideText(app.scene(), app.ui(), true);
  const SlideLayout layout = slideLayout(canvas, text, canvasScale(app.ui(), true, canvas));
  REQUIRE(layout.legend.w > 0);
  REQUIRE(layout.plate.h > 0);
  // The walkable region's own colour in the picture (canvas-only: x and y from the
  // canvas's corner) ends left of the legend and above the caption's plate.
  const Image img = loadPng(png);
  const Color region = palette::kRegion.dark;
  int right = -1, bottom = -1, count = 0;
  const ScreenRect legend{layout.legend.x - canvas.x, layout.legend.y - canvas.y, layout.legend.w, layout.legend.h};
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      if (img.at(x, y) == region && !legend.contains({x + 0.5, y + 0.5})) {  // not the legend's swatch
        right = std::max(right, x);
        bottom = std::max(bottom, y);
        ++count;
      }
  CHECK(count > 10000);
  CHECK(right < layout.legend.x - canvas.x);
  CHECK(bottom < layout.plate.y - canvas.y);
  // Without the legend and caption the same map reaches under where they were.
  CHECK(live.toScreen(documentBounds(app.scene().document())->max).x > layout.legend.x);
}

TEST_CASE("editor slides: a 1920x1080 export draws the path at least 3 pixels wide, anti-aliased",
          "[editor][slides]") {
  TempDir dir("ed-slide");
  const LoadedMap m(shippedMap("maze.json"));
  const Path path = findPath(*m.query, m.query->startNode(), m.query->goalNode());
  REQUIRE(path.points.size() >= 2);

  const Shot big = canvasShot(shippedMap("maze.json"), 1920, 1080, 0.0, dir.path / "big.png");
  REQUIRE(big.png.width == 1920);
  REQUIRE(big.png.height == 1080);
  // 4 pixels times 1.35 = 5.4: a solid core of 4.4 pixels, a feathered pixel each side.
  const Across at_big = acrossPath(big, path.points, canvasRect(windowWidthForCanvas(1920), 1080), 2.7);
  INFO("solid width " << at_big.solid << ", edge pixels blended " << at_big.blended);
  CHECK(at_big.solid >= 3.0);
  CHECK(at_big.solid == Approx(4.4).margin(0.5));
  CHECK(at_big.blended >= 4);

  // The window's own size: scale 1, the path 4 pixels wide (3 solid); --scale 2 doubles it.
  const Shot one = canvasShot(shippedMap("maze.json"), 1280, 800, 0.0, dir.path / "one.png");
  const Across at_one = acrossPath(one, path.points, canvasRect(windowWidthForCanvas(1280), 800), 2.0);
  CHECK(at_one.solid == Approx(3.0).margin(0.5));
  const Shot two = canvasShot(shippedMap("maze.json"), 1280, 800, 2.0, dir.path / "two.png");
  const Across at_two = acrossPath(two, path.points, canvasRect(windowWidthForCanvas(1280), 800), 4.0);
  CHECK(at_two.solid == Approx(7.0).margin(0.5));

  // Points scale with the lines: the start marker's disc of 8 (+2 outline) pixels, in its colour.
  auto markerPixels = [&](const Shot& s) {
    return countColour(s.png, wholeImage(s.png), layerColor(LayerStartGoal));
  };
  const double ratio = static_cast<double>(markerPixels(two)) / markerPixels(one);
  CHECK(ratio > 3.0);  // the area: about 2 squared (the S label covers a little of each)
  CHECK(ratio < 5.0);
}

TEST_CASE("editor slides: a canvas-only export in a lesson has the caption and no widgets", "[editor][slides][lessons]") {
  TempDir dir("ed-slide");
  AppOptions o;
  o.lesson = lessonFile("astar-vs-dijkstra.json");
  o.lesson_step = 2;  // a prompt: Back, Step and Next are all on the strip
  HeadlessEditor ed(o);
  App& app = *ed.app;
  const ScreenRect canvas = canvasRect(kWidth, kHeight);
  const Image live = ed.shot();
  const ScreenRect step_button = app.ui().widget_rects.at("lesson Step");
  // The button's fill: the most common colour inside it in the live window.
  auto key = [](Color c) { return static_cast<std::uint32_t>((c.r << 16) | (c.g << 8) | c.b); };
  std::map<std::uint32_t, int> colours;
  forEachPixel(live, step_button, [&](int, int, Color c) { ++colours[key(c)]; });
  const auto fill = std::max_element(colours.begin(), colours.end(),
                                     [](const auto& a, const auto& b) { return a.second < b.second; })->first;
  auto isFill = [&](Color c) { return key(c) == fill; };
  REQUIRE(countPixels(live, step_button, isFill) > 100);

  app.ui().exports.requestPng(dir.path / "slide.png", true);
  ed.frames(3);
  const Image png = loadPng(dir.path / "slide.png");
  REQUIRE(png.width == static_cast<int>(canvas.w));
  ScreenRect in_png = step_button;
  in_png.x -= canvas.x;
  in_png.y -= canvas.y;
  CHECK(countPixels(png, in_png, isFill) == 0);  // no button
  // The caption is there instead: light text on the plate along the bottom.
  const double strip = lessonCaptionHeight(canvas);
  const ScreenRect bottom{0, canvas.h - strip, canvas.w, strip};
  CHECK(countPixels(png, bottom, [](Color c) { return isBright(c, 200); }) > 1000);
  // The live window still has its strip after the export.
  ed.frames(1);
  CHECK(countPixels(ed.shot(), step_button, isFill) > 100);
}

TEST_CASE("editor slides: a sequence leaves the live search where it was, frames carry step k of n",
          "[editor][slides]") {
  TempDir dir("ed-slide");
  HeadlessEditor ed(withMap(shippedMap("maze.json")));
  App& app = *ed.app;
  for (int i = 0; i < 5; ++i) app.scene().step();
  REQUIRE(SearchDebugger::position(app.scene()) == 5);
  app.ui().exports.requestSequence(dir.path / "frames", 3, true);
  for (int i = 0; i < 20 && app.ui().exports.busy(); ++i) ed.frames(1);
  CHECK_FALSE(app.ui().exports.busy());
  CHECK(app.ui().exports.written() == 4);
  CHECK(app.scene().stepping());
  CHECK(SearchDebugger::position(app.scene()) == 5);
  // Not stepping before: not stepping after.
  app.scene().reset();
  app.ui().exports.requestSequence(dir.path / "again", 2, true);
  for (int i = 0; i < 20 && app.ui().exports.busy(); ++i) ed.frames(1);
  CHECK_FALSE(app.scene().stepping());
  CHECK(app.ui().exports.frameLabel().empty());  // only while a frame is captured
  // The frames differ at the plate's step line ("Step 0 of 3" against "Step 1 of 3").
  const Image f0 = loadPng(dir.path / "frames" / sequenceFileName(0));
  const Image f3 = loadPng(dir.path / "frames" / sequenceFileName(3));
  REQUIRE(f0.width > 0);
  const ScreenRect step_line{0, f0.height - 60.0, 200, 60};
  CHECK(countPixels(f0, step_line, [](Color c) { return c.b > 200 && c.r < 190; }) > 20);  // the step's blue ink
  int differ = 0;
  forEachPixel(f0, step_line, [&](int x, int y, Color c) { differ += c == f3.at(x, y) ? 0 : 1; });
  CHECK(differ >= 5);  // the 0 and the 3
}

TEST_CASE("editor slides: the SVG carries S, G, node numbers, the legend and the caption as text", "[editor][slides]") {
  TempDir dir("ed-slide");
  HeadlessEditor ed(withMap(shippedMap("maze.json")));
  App& app = *ed.app;
  for (int i = 0; i < 3; ++i) app.scene().step();
  app.ui().export_legend = true;
  app.ui().export_caption = "A* on the maze <3 steps>";
  std::string error;
  const std::optional<std::string> svg = exportedSvg(app.scene(), app.ui(), &error);
  REQUIRE(svg);
  CHECK(xmlProblem(*svg).empty());
  // Node numbers: every node a fresh search has seen after 3 expansions, plus S and G.
  const LoadedMap m(shippedMap("maze.json"));
  Search s;
  s.init(*m.query, m.query->startNode(), m.query->goalNode());
  for (int i = 0; i < 3; ++i) s.step();
  int seen = 0;
  for (std::size_t n = 0; n < m.graph->nodes().size(); ++n)  // the graph's nodes: S and G are labelled apart
    if (s.state().record(static_cast<NodeId>(n)).status != NodeStatus::Unseen) ++seen;
  const std::string labels = svgGroup(*svg, "labels");
  CHECK(static_cast<int>(svgElements(labels, "text").size()) == 2 + seen);
  CHECK(labels.find(">S</text>") != std::string::npos);
  CHECK(labels.find(">G</text>") != std::string::npos);
  // The legend: one swatch and one name per layer drawn, and only those.
  const std::string legend = svgGroup(*svg, "legend");
  const std::vector<LegendEntry> entries = legendEntries(app.scene(), app.ui().layers);
  CHECK(svgElements(legend, "text").size() == entries.size());
  CHECK(legend.find(">Closed set</text>") != std::string::npos);
  CHECK(legend.find(">Open set</text>") != std::string::npos);
  CHECK(legend.find(">Path</text>") == std::string::npos);  // on, but no path found yet
  CHECK(legend.find("Navmesh triangles") == std::string::npos);  // on, but nothing drawn by the visibility graph
  CHECK(legend.find("Grid walls") == std::string::npos);
  // Start and goal: a line each, in their markers' colours.
  CHECK(legend.find(">Start</text>") != std::string::npos);
  CHECK(legend.find(">Goal</text>") != std::string::npos);
  const Color start = palette::kStart.in(app.ui().theme), goal = palette::kGoal.in(app.ui().theme);
  for (const Color c : {start, goal}) {
    const std::string fill = "fill=\"rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")\"";
    CHECK(legend.find(fill) != std::string::npos);
  }
  // The caption, escaped.
  CHECK(svgGroup(*svg, "caption").find(">A* on the maze &lt;3 steps&gt;</text>") != std::string::npos);
  // A hidden layer leaves the legend.
  app.ui().layers &= ~static_cast<std::uint32_t>(LayerClosedSet);
  const std::string without = svgGroup(*exportedSvg(app.scene(), app.ui(), &error), "legend");
  CHECK(without.find(">Closed set</text>") == std::string::npos);
  CHECK(svgElements(without, "text").size() == entries.size() - 1);
}

TEST_CASE("editor slides: in the side-by-side lesson step, Step and Right step both panes and count", "[editor][slides][lessons]") {
  AppOptions o;
  o.lesson = lessonFile("astar-vs-dijkstra.json");
  o.lesson_step = 7;  // "compare heuristic none", "reset", prompt: 5 presses
  HeadlessEditor ed(o);
  App& app = *ed.app;
  LessonSession& s = app.ui().lessons;
  REQUIRE(s.current() == 6);
  REQUIRE(app.ui().tab == PanelTab::Compare);
  SearchComparison* c = app.ui().compare.comparison();
  REQUIRE(c);
  REQUIRE(c->position() == 0);
  REQUIRE(s.promptRemaining() == 5);
  auto expanded = [&](int side) { return c->side(side).search().state().expandedCount(); };
  ed.click("lesson Step");
  CHECK(c->position() == 1);
  CHECK(expanded(0) == 1);
  CHECK(expanded(1) == 1);
  CHECK(s.promptRemaining() == 4);  // both stepped together: one press
  ed.key(SDL_SCANCODE_RIGHT);
  CHECK(c->position() == 2);
  CHECK(expanded(1) == 2);
  CHECK(s.promptRemaining() == 3);
  ed.click("cmp Step");  // the panes' own Step counts too
  CHECK(c->position() == 3);
  CHECK(s.promptRemaining() == 2);
  ed.key(SDL_SCANCODE_LEFT);  // back: both panes, no count
  CHECK(c->position() == 2);
  CHECK(s.promptRemaining() == 2);
  ed.click("lesson Step");  // stepping again after Back counts: the audience pressed Step
  CHECK(c->position() == 3);
  CHECK(s.current() == 6);
  CHECK(s.promptRemaining() == 1);
  ed.click("lesson Step");
  CHECK(s.current() == 7);  // the prompt is satisfied
}

TEST_CASE("editor slides: on every step of every shipped lesson, Step changes what the class sees",
          "[editor][slides][lessons]") {
  int lessons = 0, stepped = 0, still = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons")) {
    if (entry.path().extension() != ".json") continue;
    ++lessons;
    const Lesson lesson = loadLesson(entry.path());
    AppOptions o;
    o.lesson = entry.path();
    HeadlessEditor ed(o);
    App& app = *ed.app;
    LessonSession& s = app.ui().lessons;
    const ScreenRect canvas = canvasRect(kWidth, kHeight);
    ScreenRect above = canvas;  // the canvas above the caption strip: the map and the search
    above.h -= lessonCaptionHeight(canvas);
    for (int i = 0; i < s.stepCount(); ++i) {
      INFO(entry.path().filename().string() << " step " << i + 1);
      s.goTo(i, app.scene(), app.ui());
      ed.frames(2);
      if (!lesson.steps[static_cast<std::size_t>(i)].stepping) {
        ++still;
        continue;
      }
      const Image before = ed.shot();
      ed.click("lesson Step");
      ed.frames(1);
      const Image after = ed.shot();
      int changed = 0;
      forEachPixel(before, above, [&](int x, int y, Color c) { changed += c == after.at(x, y) ? 0 : 1; });
      CHECK(changed > 20);
      ++stepped;
    }
  }
  CHECK(lessons == 5);
  CHECK(stepped == 8);
  CHECK(still == 22);  // 17, and the 5 steps of the crowd lesson (its crowd plays in the Crowd tab)
}

#endif  // POLYPATH_HAVE_EDITOR
