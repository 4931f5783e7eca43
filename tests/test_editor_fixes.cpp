// test_editor_fixes.cpp: defects a fresh-user trial of the editor found, each pinned by
// a headless test (SDL offscreen driver): the path over the search layers, readable tab
// labels, controls disabled when they do nothing, the grid method's layers, exact
// canvas-only sizes, compare stepping, lesson and option errors, the eroded outline's
// colour, grid autosave, grid exports and fair compare timing.
#ifdef POLYPATH_HAVE_EDITOR

#include <sys/wait.h>
#include <unistd.h>

#include "support/editor_test.hpp"
#include "support/run_cli.hpp"

#include "editor/canvas/camera.hpp"
#include "imgui.h"
#include "editor/lessons/lessons.hpp"
#include "editor/canvas/colours.hpp"
#include "editor/document/scene_method.hpp"
#include "stb_image.h"

namespace {

struct FixTempDir : TempDir {
  FixTempDir() : TempDir("editor-fixes") {}
};

bool sameRgb(Color a, Color b, int tolerance = 2) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

std::string rgb(Color c) {
  return "(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

/// The editor binary run headless with these arguments (each quoted).
std::string editorCommand(const std::vector<std::string>& args) {
  std::string cmd = "SDL_VIDEODRIVER=offscreen timeout 60 '" + std::string(POLYPATH_EDITOR_BIN) + "'";
  for (const std::string& a : args) cmd += " '" + a + "'";
  return cmd;
}

/// The fill colour of a panel button (a pixel inside its frame, left of its label).
Color buttonFill(HeadlessEditor& ed, const Image& img, const std::string& name) {
  const auto it = ed.app->ui().widget_rects.find(name);
  INFO("button " << name);
  REQUIRE(it != ed.app->ui().widget_rects.end());
  return img.at(static_cast<int>(it->second.x) + 2, static_cast<int>(it->second.y) + 2);
}

}  // namespace

// [SECTION] 2: the path over the search layers

TEST_CASE("fixes: the path is drawn over the closed set's parent links", "[editor]") {
  FixTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  scene.finish();  // every node on the path expanded: its parent links run along the path
  REQUIRE(scene.stats().status == SearchStatus::Found);
  const Path& path = scene.shownPath();
  REQUIRE(path.points.size() >= 4);
  ed.frames(1);
  const Image img = ed.shot();
  // The middle of the path's second leg, between two expanded reflex nodes: a closed-set
  // parent link lies right under (before the fix: over) the path there.
  const Point mid = (path.points[1] + path.points[2]) * 0.5;
  const ScreenPos s = ed.app->camera().toScreen(mid);
  const int x = static_cast<int>(std::floor(s.x)), y = static_cast<int>(std::floor(s.y));
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const Color px = img.at(x + dx, y + dy);
      INFO("pixel " << x + dx << "," << y + dy << " " << rgb(px));
      CHECK_FALSE(sameRgb(px, layerColor(LayerClosedSet), 30));
    }
  INFO("centre " << rgb(img.at(x, y)));
  CHECK(sameRgb(img.at(x, y), layerColor(LayerPath)));
}

// [SECTION] 1: readable tab labels

TEST_CASE("fixes: every tab label of the side panel is shown whole at the default window size", "[editor]") {
  FixTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  ed.frames(2);
  const std::size_t problems = ed.app->scene().problems().size();
  const std::string problems_label = "Problems (" + std::to_string(problems) + ")";
  const std::pair<const char*, std::string> tabs[] = {
      {"Layers", "Layers"},   {"Search", "Search"},           {"Compare", "Compare"}, {"Map", "Map"},
      {"History", "History"}, {"Problems", problems_label}, {"Lessons", "Lessons"}, {"Help", "Help"},
      {"Crowd", "Crowd"}};
  const float padding = ImGui::GetStyle().FramePadding.x;
  for (const auto& [name, label] : tabs) {
    INFO("tab " << name << " label '" << label << "'");
    const auto it = ed.app->ui().widget_rects.find(std::string("tab ") + name);
    REQUIRE(it != ed.app->ui().widget_rects.end());
    const ScreenRect r = it->second;
    // The tab holds its whole label (ImGui shrinks a tab and cuts its label to "Histor.."
    // when the bar is too narrow) and lies inside the panel column, not scrolled off.
    CHECK(r.w + 0.5f >= ImGui::CalcTextSize(label.c_str()).x + 2 * padding);
    CHECK(r.x >= 0.0);
    CHECK(r.x + r.w <= panelWidth(kWidth));
  }
}

// [SECTION] 4: buttons that would do nothing are disabled

TEST_CASE("fixes: search buttons are disabled (drawn dim) while they would do nothing", "[editor]") {
  FixTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  ed.frames(1);
  Image img = ed.shot();
  // Not stepping, not running: Pause (disabled since ever) is the dim reference, Step the bright one.
  const Color dim = buttonFill(ed, img, "Pause");
  const Color bright = buttonFill(ed, img, "Step");
  INFO("dim " << rgb(dim) << " bright " << rgb(bright));
  REQUIRE_FALSE(sameRgb(dim, bright, 4));
  CHECK(sameRgb(buttonFill(ed, img, "Run"), bright));
  CHECK(sameRgb(buttonFill(ed, img, "Finish"), bright));
  CHECK(sameRgb(buttonFill(ed, img, "Reset"), dim));  // nothing stepped to reset
  // At the end of the stepped search: no expansion left for Step or Finish.
  ed.click("Finish");
  REQUIRE(ed.app->scene().stats().status == SearchStatus::Found);
  ed.motion(2000, 10);  // off the buttons: no hover colour
  img = ed.shot();
  CHECK(sameRgb(buttonFill(ed, img, "Step"), dim));
  CHECK(sameRgb(buttonFill(ed, img, "Finish"), dim));
  CHECK(sameRgb(buttonFill(ed, img, "Pause"), dim));
  CHECK(sameRgb(buttonFill(ed, img, "Reset"), bright));
  CHECK(sameRgb(buttonFill(ed, img, "Run"), bright));  // Run starts over
  const int expanded = ed.app->scene().stats().expansions;
  ed.click("Step");  // a disabled button does not act either
  CHECK(ed.app->scene().stats().expansions == expanded);
  // Running: Pause lights up, Run goes dim.
  ed.click("Run");
  REQUIRE(ed.app->scene().running());
  ed.motion(2000, 10);
  img = ed.shot();
  CHECK(sameRgb(buttonFill(ed, img, "Pause"), bright));
  CHECK(sameRgb(buttonFill(ed, img, "Run"), dim));
}

TEST_CASE("fixes: the grid's Step, Finish and Reset are disabled while they would do nothing", "[editor][editorgrid]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "astar-explorer.map"));
  GridScene& g = ed.app->grid();
  REQUIRE(g.active());
  REQUIRE(g.hasSearch());
  ed.motion(2000, 10);
  Image img = ed.shot();
  const Color bright = buttonFill(ed, img, "Grid Step");
  const Color dim = buttonFill(ed, img, "Grid Reset");  // not stepping: nothing to reset
  INFO("dim " << rgb(dim) << " bright " << rgb(bright));
  REQUIRE_FALSE(sameRgb(dim, bright, 4));
  g.finish();
  ed.frames(1);
  img = ed.shot();
  CHECK(sameRgb(buttonFill(ed, img, "Grid Step"), dim));
  CHECK(sameRgb(buttonFill(ed, img, "Grid Finish"), dim));
  CHECK(sameRgb(buttonFill(ed, img, "Grid Reset"), bright));
  CHECK(sameRgb(buttonFill(ed, img, "Grid Run"), bright));
}

// [SECTION] 5: the Layers list of the grid method

TEST_CASE("fixes: the Layers list shows only the layers the chosen method draws", "[editor]") {
  FixTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  ed.frames(1);
  auto listed = [&](const std::string& row) { return ed.app->ui().widget_rects.count("legend " + row) > 0; };
  CHECK(listed("Closed set"));
  CHECK(listed("Relaxed arcs"));
  CHECK_FALSE(listed("Explored cells"));
  MethodSettings grid;
  grid.name = "grid";
  grid.options.cell_size = 1.0;
  ed.app->scene().setMethod(grid);
  ed.frames(2);
  for (const char* row : {"Closed set", "Open set", "Relaxed arcs", "Reflex nodes", "Line-of-sight links"}) {
    INFO(row);
    CHECK_FALSE(listed(row));
  }
  for (const char* row : {"Grid walls", "Explored cells", "Waiting cells", "Expanded node", "Path"}) {
    INFO(row);
    CHECK(listed(row));
  }
  // Polyanya draws no relaxed arcs either.
  MethodSettings polyanya;
  polyanya.name = "polyanya";
  ed.app->scene().setMethod(polyanya);
  ed.frames(2);
  CHECK(listed("Closed set"));
  CHECK_FALSE(listed("Relaxed arcs"));
}

// [SECTION] 8: --canvas-only images have the --size asked for

TEST_CASE("fixes: --canvas-only with --size WxH writes a WxH image of the canvas", "[editor]") {
  for (int w : {2, 64, 300, 719, 720, 800, 1280, 4000}) {
    INFO("canvas " << w);
    const int window = windowWidthForCanvas(w);
    CHECK(canvasRect(window, 100).w == w);
    CHECK(canvasRect(window - 1, 100).w < w);  // the smallest such window
  }
  FixTempDir dir;
  const std::string map = dir.write("seed.json", kSeedJson);
  for (const char* size : {"640x400", "1280x800", "300x200"}) {
    INFO("--size " << size);
    const fs::path png = dir.path / (std::string(size) + ".png");
    std::string out;
    REQUIRE(runShell(editorCommand({map, "--size", size, "--canvas-only", "--screenshot", png.string()}), &out) == 0);
    const Image img = loadPng(png);
    int w = 0, h = 0;
    REQUIRE(std::sscanf(size, "%dx%d", &w, &h) == 2);
    CHECK(img.width == w);
    CHECK(img.height == h);
    // The map fills the canvas (fitted): the walkable region's colour at the image centre
    // row somewhere, and no ImGui panel (its background) at the left edge.
    bool region = false;
    for (int x = 0; x < img.width; ++x) region = region || sameRgb(img.at(x, img.height / 2), layerColor(LayerRegion), 8);
    CHECK(region);
  }
  const ParsedCommandLine parsed = parseCommandLine({"--size", "640x400", "--canvas-only"});
  CHECK(parsed.options.height == 400);
  CHECK(canvasRect(parsed.options.width, parsed.options.height).w == 640);
}

// [SECTION] 9: --compare P --steps N

TEST_CASE("fixes: --compare P --steps N stands both searches after N expansions", "[editor]") {
  FixTempDir dir;
  for (const int n : {2, 4}) {
    AppOptions o = withMap(dir.write("seed.json", kSeedJson));
    o.compare = "astar-dijkstra";
    o.steps = n;
    HeadlessEditor ed(o);
    const SearchComparison* c = ed.app->ui().compare.comparison();
    REQUIRE(c != nullptr);
    INFO("steps " << n << ", counts " << c->stats(0).expanded_total << " and " << c->stats(1).expanded_total);
    REQUIRE(c->stats(0).expanded_total > n);  // neither search ends before N: both really at N
    REQUIRE(c->stats(1).expanded_total > n);
    CHECK(c->position() == n);
    CHECK(c->stats(0).expanded_now == n);
    CHECK(c->stats(1).expanded_now == n);
    CHECK(c->stats(0).status_now == SearchStatus::Running);
  }
  AppOptions end = withMap(dir.write("seed.json", kSeedJson));
  end.compare = "astar-dijkstra";  // no --steps: both at their end
  HeadlessEditor ed(end);
  const SearchComparison* c = ed.app->ui().compare.comparison();
  REQUIRE(c != nullptr);
  CHECK(c->position() == c->count());
  CHECK(c->stats(1).expanded_now == c->stats(1).expanded_total);
}

// [SECTION] 11: options that would be ignored are refused

TEST_CASE("fixes: --lesson-step past the lesson's end and --funnel-step without triangle A* are refused", "[editor]") {
  const fs::path lesson = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons" / "astar-vs-dijkstra.json";
  FixTempDir dir;
  const fs::path png = dir.path / "out.png";
  std::string out;
  CHECK(runShell(editorCommand({"--lesson", lesson.string(), "--lesson-step", "99", "--screenshot", png.string()}), &out) == 2);
  INFO(out);
  CHECK(out.find("polypath-editor: --lesson-step 99: " + lesson.string() + " has 8 steps (1..8)") != std::string::npos);
  CHECK_FALSE(fs::exists(png));
  CHECK(lessonStepError(lesson, 8).empty());  // the last step is fine
  CHECK(lessonStepError(lesson, 9) == "--lesson-step 9: " + lesson.string() + " has 8 steps (1..8)");
  CHECK(runShell(editorCommand({"--lesson", lesson.string(), "--lesson-step", "8", "--screenshot", png.string()})) == 0);
  CHECK(fs::exists(png));

  const std::string map = dir.write("seed.json", kSeedJson);
  std::string out2;
  CHECK(runShell(editorCommand({map, "--funnel-step", "2", "--screenshot", png.string()}), &out2) == 2);
  CHECK(out2.find("polypath-editor: --funnel-step needs --method centre or portal (the funnel of triangle A*)") !=
        std::string::npos);
  CHECK(parseCommandLine({"--method", "polyanya", "--funnel-step", "1"}).error ==
        "--funnel-step needs --method centre or portal (the funnel of triangle A*)");
  CHECK(parseCommandLine({"--method", "portal", "--funnel-step", "1"}).error.empty());
  CHECK(parseCommandLine({"--funnel-step", "1", "--method", "centre"}).error.empty());  // in any order
}

// [SECTION] 10: a broken lesson file's error

TEST_CASE("fixes: a broken lesson file's error names the file, line, column and what is wrong", "[editor]") {
  FixTempDir dir;
  const std::string lesson = dir.write("broken.json", "{\n  \"format\": \"polypath-lesson\",\n  \"title\": \"t\"\n  \"steps\": []\n}\n");
  const fs::path png = dir.path / "out.png";
  std::string out;
  CHECK(runShell(editorCommand({"--lesson", lesson, "--screenshot", png.string()}), &out) == 2);
  INFO(out);
  // Line 4, column 9: the end of the key after the missing comma, where the parser stopped.
  CHECK(out.find(lesson + ":4:9: not valid JSON: syntax error while parsing object - unexpected string literal; "
                          "expected '}'") != std::string::npos);
  CHECK(out.find("json.exception") == std::string::npos);  // not nlohmann's raw message
  // The Lessons tab's status line says the same.
  AppOptions o;
  o.lesson = lesson;
  HeadlessEditor ed(o);
  CHECK(ed.app->loadError().find(lesson + ":4:9: not valid JSON: ") != std::string::npos);
}

// [SECTION] 3: the eroded outline's own colour

TEST_CASE("fixes: the eroded outline's colour differs from every layer and editor colour", "[editor]") {
  std::vector<std::pair<std::string, Color>> others = {
      {"selection", kSelectionColor}, {"edge under mouse", kHoverEdgeColor}, {"hover", kHoverRing},
      {"dragged", kDragRing},         {"new ring", kDrawingColor},         {"error", kProblemColor},
      {"warning", kWarningColor},     {"goal", kGoalColor}};
  for (const LayerInfo& info : layerInfos())
    if (info.layer != LayerClearanceOutline) others.emplace_back(info.name, info.color);
  const Color outline = layerColor(LayerClearanceOutline);
  for (const auto& [name, c] : others) {
    INFO(name << " " << rgb(c) << " against " << rgb(outline));
    const int d = std::max({std::abs(c.r - outline.r), std::abs(c.g - outline.g), std::abs(c.b - outline.b)});
    CHECK(d >= 60);  // told apart at a glance on the dark canvas
  }
}

// [SECTION] 7: --screenshot-sequence and --svg on a .map grid

TEST_CASE("fixes: on a .map grid --screenshot-sequence writes one frame per expansion, --svg says it cannot", "[editor]") {
  const std::string map = (fs::path(POLYPATH_SOURCE_DIR) / "maps" / "astar-explorer.map").string();
  FixTempDir dir;
  const fs::path frames = dir.path / "frames";
  std::string out;
  REQUIRE(runShell(editorCommand({map, "--screenshot-sequence", frames.string(), "--steps", "4", "--canvas-only",
                               "--size", "400x300"}),
                &out) == 0);
  INFO(out);
  CHECK(out.find("polypath-editor: Wrote 5 frames to " + frames.string()) != std::string::npos);
  // Frame k shows k explored (closed) cells: count the pixels of that colour.
  std::vector<long> explored;
  for (int k = 0; k <= 4; ++k) {
    char name[32];
    std::snprintf(name, sizeof name, "step-%04d.png", k);
    const Image img = loadPng(frames / name);
    REQUIRE(img.width == 400);
    REQUIRE(img.height == 300);
    long n = 0;
    for (int y = 0; y < img.height; ++y)
      for (int x = 0; x < img.width; ++x) n += sameRgb(img.at(x, y), layerColor(LayerGridExplored), 3) ? 1 : 0;
    explored.push_back(n);
    // "Step k of 4" in the plate along the bottom (its ink a light blue).
    long ink = 0;
    for (int y = img.height - 40; y < img.height; ++y)
      for (int x = 0; x < 150; ++x) ink += sameRgb(img.at(x, y), Color{150, 200, 255, 255}, 30) ? 1 : 0;
    CHECK(ink > 20);
  }
  CHECK_FALSE(fs::exists(frames / "step-0005.png"));
  // One more closed cell each frame (the first, the start cell, lies under the start marker).
  for (int k = 2; k <= 4; ++k) CHECK(explored[k] > explored[k - 1]);

  const fs::path svg = dir.path / "grid.svg";
  std::string out2;
  CHECK(runShell(editorCommand({map, "--svg", svg.string()}), &out2) == 2);
  CHECK(out2.find("polypath-editor: --svg exports polygon maps; " + map + " is a grid (.map): use --screenshot OUT.png "
                  "or --screenshot-sequence DIR") != std::string::npos);
  CHECK_FALSE(fs::exists(svg));
}


// [SECTION] Leftovers: an option without its value

TEST_CASE("fixes: an editor option followed by another option is refused, naming the option and its value", "[editor]") {
  // The next option is never taken as the value (--start must not swallow --goal).
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--start", "--goal", "3,4"}, "--start needs a value X,Y"},
      {{"m.json", "--goal", "--steps", "3"}, "--goal needs a value X,Y"},
      {{"--screenshot", "--canvas-only"}, "--screenshot needs a value OUT.png"},
      {{"--screenshot-sequence", "--steps", "2"}, "--screenshot-sequence needs a value DIR"},
      {{"--svg", "--canvas-only"}, "--svg needs a value OUT.svg"},
      {{"--lesson", "--lesson-step", "2"}, "--lesson needs a value FILE"},
      {{"--lesson-step", "--canvas-only"}, "--lesson-step needs a value K"},
      {{"--steps", "--size", "640x400"}, "--steps needs a value N"},
      {{"--size", "--canvas-only"}, "--size needs a value WxH"},
      {{"--bench-drag", "--size", "640x400"}, "--bench-drag needs a value N"},
      {{"--method", "--steps", "1"}, "--method needs a value M"},
      {{"--funnel-step", "--method", "centre"}, "--funnel-step needs a value K"},
      {{"--compare", "--steps", "1"}, "--compare needs a value P"},
      {{"--steps"}, "--steps needs a value N"},  // at the end of the line
  };
  for (const auto& [args, message] : cases) {
    INFO(args.front() << " ...");
    CHECK(parseCommandLine(args).error == message);
  }
  // A value with one minus sign is a value: -3,4 is a point.
  const ParsedCommandLine negative = parseCommandLine({"--start", "-3,4", "--goal", "-1.5,-2"});
  CHECK(negative.error.empty());
  REQUIRE(negative.options.start);
  CHECK(negative.options.start->x == -3.0);
  CHECK(negative.options.goal->y == -2.0);
}


TEST_CASE("fixes: a bad editor argument prints one line and where the usage is, not the whole usage", "[editor]") {
  // Each bad argument: exactly one line, "polypath-editor: ERROR (run polypath-editor --help
  // for usage)", exit 2 (the full usage text followed every error before).
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--bogus"}, "unknown option '--bogus'"},
      {{"--start", "--goal", "3,4"}, "--start needs a value X,Y"},
      {{"--steps", "x"}, "--steps needs a number >= 0, not 'x'"},
      {{"a.json", "b.json"}, "more than one map given ('a.json' and 'b.json')"},
  };
  for (const auto& [args, message] : cases) {
    std::string out;
    INFO(args.front() << " ...");
    CHECK(runShell(editorCommand(args), &out) == 2);
    CHECK(out == "polypath-editor: " + message + " (run polypath-editor --help for usage)\n");
  }
  std::string help;
  CHECK(runShell(editorCommand({"--help"}), &help) == 0);
  CHECK(help == usage());  // the usage is still there, on --help
}

#endif  // POLYPATH_HAVE_EDITOR
