// test_editor.cpp: the desktop editor, driven headless (SDL offscreen driver, software
// renderer): screenshots checked pixel by pixel against the camera transform, scripted
// mouse input pushed into the real loop, the stepped search, files and problems.
//
// [SECTION] Helpers
// [SECTION] Camera and picking
// [SECTION] Scene: rebuild, problems, stepped search, files
// [SECTION] Command line
// [SECTION] Screenshots
// [SECTION] Idle loop
// [SECTION] Scripted input
// [SECTION] Drawing: blending, order, greyed stale data
// [SECTION] Huge coordinates, no display, signals
// [SECTION] Banner and problem marks
// [SECTION] Snap start/goal to the walkable region
// [SECTION] Layout
// [SECTION] Autosave and recovery
#ifdef POLYPATH_HAVE_EDITOR

#include <sys/wait.h>
#include <unistd.h>

#include "support/editor_test.hpp"
#include "support/run_cli.hpp"

#include <chrono>
#include <cmath>
#include <numbers>
#include <cstdio>
#include <memory>
#include <optional>
#include <random>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/debug/debug_draw_navmesh.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "editor/canvas/camera.hpp"
#include "editor/canvas/picking.hpp"
#include "editor/app/preferences.hpp"
#include "editor/app/recovery.hpp"
#include "editor/canvas/recoloured_draw.hpp"
#include "editor/canvas/sdl_draw.hpp"
#include "stb_image.h"
#include "support/image_scan.hpp"
#include "support/scoped_env.hpp"

namespace {

// [SECTION] Helpers

/// A fresh temporary folder for one test (tests/support/temp_dir.hpp).
struct EditorTempDir : polypath::test::TempDir {
  EditorTempDir() : TempDir("editor-test") {}
};

fs::path seedMapFile() { return fs::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json"; }

/// The shortest path computed from scratch (no editor code): the reference.
Path freshPath(const MapDocument& doc, SearchOptions options = {}) {
  const PolygonMap map = buildPolygonMap(doc);
  VisibilityOptions vo;
  vo.corner_offset = doc.settings.corner_offset;
  const VisibilityGraph graph(map, vo);
  return findPath(graph, *doc.start, *doc.goal, options);
}

/// Reflex node positions computed from scratch.
std::vector<Point> freshReflexNodes(const MapDocument& doc) {
  const PolygonMap map = buildPolygonMap(doc);
  const VisibilityGraph graph(map);
  std::vector<Point> out;
  for (const auto& n : graph.nodes()) out.push_back(n.position);
  return out;
}

/// True when some pixel of the 3x3 block around the pixel containing `s` has colour c.
bool colourNear(const Image& img, ScreenPos s, Color c) {
  const int x = static_cast<int>(std::floor(s.x)), y = static_cast<int>(std::floor(s.y));
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const Color p = img.at(x + dx, y + dy);
      if (p.r == c.r && p.g == c.g && p.b == c.b) return true;
    }
  return false;
}

std::string describeNear(const Image& img, ScreenPos s) {
  const int x = static_cast<int>(std::floor(s.x)), y = static_cast<int>(std::floor(s.y));
  std::string out = "pixel (" + std::to_string(x) + ", " + std::to_string(y) + "):";
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const Color p = img.at(x + dx, y + dy);
      out += " (" + std::to_string(p.r) + "," + std::to_string(p.g) + "," + std::to_string(p.b) + ")";
    }
  return out;
}

/// Runs the editor binary; returns its exit code.
int runEditor(const std::vector<std::string>& args) {
  std::string cmd = "SDL_VIDEODRIVER=offscreen '" + std::string(POLYPATH_EDITOR_BIN) + "'";
  for (const std::string& a : args) cmd += " '" + a + "'";
  cmd += " 2>/dev/null";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Each channel within `tolerance` of the expected value.
bool closeTo(Color a, Color b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

/// `over` with alpha blended over an opaque `under`.
Color blendOver(Color over, Color under) {
  auto mix = [&](int o, int u) { return static_cast<std::uint8_t>(std::lround((o * over.a + u * (255 - over.a)) / 255.0)); };
  return {mix(over.r, under.r), mix(over.g, under.g), mix(over.b, under.b), 255};
}

/// Every primitive a DebugDraw receives, in order.
struct RecordingDraw final : DebugDraw {
  struct Item {
    enum Kind { kLine, kPoint, kFill, kText } kind;
    Color color;
    float size;  // line width or point radius
    Point a, b;
  };
  std::vector<Item> items;
  void line(Point a, Point b, Color c, float width) override { items.push_back({Item::kLine, c, width, a, b}); }
  void point(Point p, Color c, float radius) override { items.push_back({Item::kPoint, c, radius, p, p}); }
  void fillRings(const std::vector<const Ring*>&, Color c) override { items.push_back({Item::kFill, c, 0, {}, {}}); }
  void text(Point p, std::string_view, Color c) override { items.push_back({Item::kText, c, 0, p, p}); }
  /// Index of the first / last item of this colour (and kind); -1 when none.
  int first(Color c, Item::Kind k) const {
    for (std::size_t i = 0; i < items.size(); ++i)
      if (items[i].color == c && items[i].kind == k) return static_cast<int>(i);
    return -1;
  }
  int last(Color c, Item::Kind k) const {
    for (std::size_t i = items.size(); i-- > 0;)
      if (items[i].color == c && items[i].kind == k) return static_cast<int>(i);
    return -1;
  }
};

constexpr Color kBackground{20, 22, 28, 255};

}  // namespace

// [SECTION] Camera and picking

TEST_CASE("camera keeps the map the same way up as the file and round-trips points", "[editor]") {
  const Camera cam({400, 0, 800, 600}, {10, 20}, 4.0);
  const ScreenPos a = cam.toScreen({10, 20});
  CHECK(a.x == 400.0);
  CHECK(a.y == 0.0);
  const ScreenPos b = cam.toScreen({11, 21});  // larger world y is further down the screen
  CHECK(b.x == 404.0);
  CHECK(b.y == 4.0);
  const Point back = cam.toWorld({523.25, 77.5});
  const ScreenPos again = cam.toScreen(back);
  CHECK(again.x == Approx(523.25));
  CHECK(again.y == Approx(77.5));
}

TEST_CASE("camera fit centres the bounds inside the margins", "[editor]") {
  Camera cam({420, 0, 860, 800}, {0, 0}, 1.0);
  cam.fit({{3, 3}, {24, 24}}, 40.0);
  CHECK(cam.scale() == Approx((800.0 - 80.0) / 21.0));
  const ScreenPos lo = cam.toScreen({3, 3}), hi = cam.toScreen({24, 24});
  CHECK(lo.y == Approx(40.0));
  CHECK(hi.y == Approx(760.0));
  CHECK((lo.x + hi.x) / 2 == Approx(420.0 + 430.0));
  // A single point still gets a usable camera.
  cam.fit({{5, 5}, {5, 5}});
  CHECK(std::isfinite(cam.scale()));
  CHECK(cam.toScreen({5, 5}).x == Approx(420.0 + 430.0));
}

TEST_CASE("camera zoom keeps the world point under the cursor fixed and pan follows the mouse", "[editor]") {
  Camera cam({420, 0, 860, 800}, {0, 0}, 10.0);
  const ScreenPos anchor{700, 300};
  const Point before = cam.toWorld(anchor);
  cam.zoomAt(anchor, 1.2);
  CHECK(cam.scale() == Approx(12.0));
  const Point after = cam.toWorld(anchor);
  CHECK(after.x == Approx(before.x));
  CHECK(after.y == Approx(before.y));
  const ScreenPos p0 = cam.toScreen({5, 5});
  cam.pan(15, -7);
  const ScreenPos p1 = cam.toScreen({5, 5});
  CHECK(p1.x - p0.x == Approx(15));
  CHECK(p1.y - p0.y == Approx(-7));
  cam.zoomAt(anchor, 0.0);  // ignored, no division by zero later
  CHECK(cam.scale() == Approx(12.0));
}

TEST_CASE("canvas is the window minus a panel column of min(480, 40% of the width)", "[editor]") {
  const ScreenRect r = canvasRect(kWidth, kHeight);
  CHECK(panelWidth(kWidth) == 480.0);
  CHECK(r.x == 480.0);
  CHECK(r.w == kWidth - 480.0);
  CHECK(r.h == kHeight);
  CHECK(panelWidth(1920) == 480.0);
  CHECK(panelWidth(800) == 320.0);
  CHECK(panelWidth(320) == 128.0);
  for (int w : {64, 320, 800, 1099, 1280, 1920, 4000}) {
    INFO("width " << w);
    CHECK(canvasRect(w, 600).w >= 0.6 * w);  // the canvas keeps at least 60%
    CHECK(canvasRect(w, 600).x + canvasRect(w, 600).w == Approx(w));
  }
  CHECK(canvasRect(1, 1).w >= 1.0);  // never empty
}

TEST_CASE("picking prefers start and goal over vertices within the hit radius", "[editor]") {
  MapDocument doc = parseMap(kSeedJson);
  doc.start = Point{21, 15.1};  // on top of vertex 11
  const Camera cam({0, 0, 1000, 1000}, {0, 0}, 20.0);
  const ScreenPos v = cam.toScreen({21, 15});
  CHECK(pickHandle(doc, cam, v) == Handle{Handle::Kind::Start});
  doc.start = Point{15, 6};
  CHECK(pickHandle(doc, cam, v) == Handle{Handle::Kind::Vertex, 0, -1, 11});
  CHECK(pickHandle(doc, cam, {v.x + 7, v.y}) == Handle{Handle::Kind::Vertex, 0, -1, 11});
  CHECK_FALSE(pickHandle(doc, cam, {v.x + 9, v.y}));
  CHECK(describeHandle(Handle{Handle::Kind::Vertex, 0, 2, 5}) == "polygon 0, hole 2, vertex 5");
}

// [SECTION] Scene: rebuild, problems, stepped search, files

TEST_CASE("scene builds the seed demo and shows findPath's result", "[editor]") {
  Scene scene;
  scene.setDocument(parseMap(kSeedJson));
  REQUIRE(scene.query() != nullptr);
  CHECK(scene.mapIsCurrent());
  CHECK_FALSE(scene.dirty());
  CHECK(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(kSeedLength).epsilon(1e-12));
  CHECK(&scene.shownPath() == &scene.resultPath());
  CHECK(scene.stats().vertices == 12);
  CHECK(scene.stats().reflex_nodes == 4);
  CHECK(scene.stats().status == SearchStatus::Found);
  CHECK_FALSE(scene.hasErrors());
}

TEST_CASE("an invalid edit keeps the last valid map drawn and lists the problem", "[editor]") {
  Scene scene;
  scene.setDocument(parseMap(kSeedJson));
  const Handle v4{Handle::Kind::Vertex, 0, -1, 4};  // (6, 8)
  // Edge (24,8)-(6,12) crosses edge (6,10)-(24,10): a self-intersecting ring.
  REQUIRE_NOTHROW(scene.moveHandle(v4, {6, 12}));
  CHECK(scene.dirty());
  CHECK_FALSE(scene.mapIsCurrent());
  CHECK(scene.hasErrors());
  REQUIRE(scene.polygonMap() != nullptr);
  CHECK(scene.polygonMap()->vertices()[4].position == Point{6, 8});  // the last valid map
  CHECK(scene.resultPath().length == Approx(kSeedLength));
  // Non-finite coordinates: a problem, never an exception.
  REQUIRE_NOTHROW(scene.moveHandle(v4, {std::nan(""), 8}));
  CHECK(scene.hasErrors());
  // Back to a valid map: rebuilt at once.
  scene.moveHandle(v4, {6, 8});
  CHECK(scene.mapIsCurrent());
  CHECK_FALSE(scene.hasErrors());
  CHECK(scene.resultPath().length == Approx(kSeedLength));
}

TEST_CASE("a start outside the map is a problem, not a crash, and the map stays", "[editor]") {
  Scene scene;
  scene.setDocument(parseMap(kSeedJson));
  REQUIRE_NOTHROW(scene.setStart(Point{100, 100}));
  CHECK(scene.query() == nullptr);
  CHECK(scene.polygonMap() != nullptr);
  CHECK(scene.hasErrors());
  CHECK_FALSE(scene.shownPath().found);
  scene.step();  // no query: nothing to step, no crash
  CHECK_FALSE(scene.stepping());
  scene.setStart(Point{15, 6});
  CHECK(scene.query() != nullptr);
  CHECK(scene.resultPath().length == Approx(kSeedLength));
}

TEST_CASE("stepping makes exactly one expansion per step and ends on findPath's path", "[editor]") {
  Scene scene;
  const MapDocument doc = parseMap(kSeedJson);
  scene.setDocument(doc);
  for (int n = 1; n <= 3; ++n) {
    scene.step();
    REQUIRE(scene.searchState() != nullptr);
    CHECK(scene.searchState()->expandedCount() == n);
  }
  CHECK(scene.stepping());
  CHECK_FALSE(scene.shownPath().found);  // the goal is not reached yet
  CHECK(scene.stats().expansions == 3);
  // Changing an option replays the same number of steps on the new search.
  SearchOptions options = scene.searchOptions();
  options.heuristic = Heuristic::None;
  scene.setSearchOptions(options);
  CHECK(scene.searchState()->expandedCount() == 3);
  scene.finish();
  CHECK(scene.searchState()->status() == SearchStatus::Found);
  const Path fresh = freshPath(doc, options);
  CHECK(scene.shownPath().points == fresh.points);
  CHECK(scene.shownPath().length == Approx(fresh.length).epsilon(1e-12));
  scene.reset();
  CHECK_FALSE(scene.stepping());
  CHECK(scene.searchState()->expandedCount() == 0);
  CHECK(&scene.shownPath() == &scene.resultPath());
}

TEST_CASE("run animates steps at the chosen speed until the search ends", "[editor]") {
  Scene scene;
  scene.setDocument(parseMap(kSeedJson));
  scene.setStepsPerSecond(4.0);
  scene.startRun();
  CHECK(scene.running());
  scene.update(0.5);  // 2 steps
  CHECK(scene.searchState()->expandedCount() == 2);
  scene.pause();
  scene.update(10.0);
  CHECK(scene.searchState()->expandedCount() == 2);
  scene.startRun();
  scene.update(100.0);
  CHECK_FALSE(scene.running());
  CHECK(scene.searchState()->status() == SearchStatus::Found);
  CHECK(scene.shownPath().length == Approx(kSeedLength));
}

TEST_CASE("scene saves atomically, reopens the same document, and reports file errors", "[editor]") {
  EditorTempDir dir;
  Scene scene;
  scene.setDocument(parseMap(kSeedJson));
  scene.moveHandle({Handle::Kind::Goal}, {19, 21});
  CHECK(scene.dirty());
  const fs::path file = dir.path / "edited.json";
  std::string error;
  REQUIRE(scene.saveFile(file, &error));
  CHECK_FALSE(scene.dirty());
  CHECK(scene.file() == file);
  Scene other;
  REQUIRE(other.openFile(file, &error));
  CHECK(other.document().goal == Point{19, 21});
  CHECK(other.document().polygons[0].outer == scene.document().polygons[0].outer);
  // A folder that does not exist: an error message, no exception, the document stays.
  CHECK_FALSE(scene.saveFile(dir.path / "missing" / "x.json", &error));
  CHECK_FALSE(error.empty());
  CHECK(scene.hasErrors());
  // An unreadable file: the current document stays.
  const fs::path bad = dir.write("bad.json", "{ not json");
  CHECK_FALSE(other.openFile(bad, &error));
  CHECK(error.find("bad.json") != std::string::npos);
  CHECK(other.document().goal == Point{19, 21});
  CHECK(other.problems().front().describe().find(bad.string()) != std::string::npos);
}

// [SECTION] Command line

TEST_CASE("editor command line", "[editor]") {
  ParsedCommandLine cl = parseCommandLine({"map.json", "--screenshot", "out.png", "--steps", "5", "--size", "800x600"});
  CHECK(cl.error.empty());
  CHECK(cl.options.map == fs::path("map.json"));
  CHECK(cl.options.screenshot == fs::path("out.png"));
  CHECK(cl.options.headless);
  CHECK(cl.options.steps == 5);
  CHECK(cl.options.width == 800);
  CHECK(cl.options.height == 600);
  cl = parseCommandLine({});
  CHECK(cl.error.empty());
  CHECK_FALSE(cl.options.map);
  CHECK(cl.options.width == 1280);
  CHECK(cl.options.height == 800);
  CHECK_FALSE(parseCommandLine({"--steps", "x"}).error.empty());
  CHECK_FALSE(parseCommandLine({"--steps"}).error.empty());
  CHECK_FALSE(parseCommandLine({"--size", "12"}).error.empty());
  CHECK_FALSE(parseCommandLine({"--bogus"}).error.empty());
  CHECK_FALSE(parseCommandLine({"a.json", "b.json"}).error.empty());
  CHECK(parseCommandLine({"--help"}).help);
}

TEST_CASE("the default map is found next to the executable or in the source tree", "[editor]") {
  const auto candidates = defaultMapCandidates("/opt/polypath/bin");
  REQUIRE(candidates.size() == 4);
  CHECK(candidates[0] == fs::path("/opt/maps/seed-demo.json"));
  CHECK(candidates[1] == fs::path("/opt/polypath/maps/seed-demo.json"));
  CHECK(candidates[2] == fs::path("/opt/polypath/bin/maps/seed-demo.json"));
  CHECK(candidates[3] == seedMapFile());
  const auto found = findDefaultMap("/nonexistent/dir");
  REQUIRE(found);
  CHECK(fs::equivalent(*found, seedMapFile()));
}

// [SECTION] Screenshots

TEST_CASE("screenshot of the default map shows the path and the reflex nodes in their layer colours",
          "[editor]") {
  REQUIRE(fs::exists(seedMapFile()));
  EditorTempDir dir;
  const fs::path png = dir.path / "default.png";
  REQUIRE(runEditor({"--screenshot", png.string()}) == 0);
  const Image img = loadPng(png);
  REQUIRE(img.width == kWidth);
  REQUIRE(img.height == kHeight);

  const MapDocument doc = loadMap(seedMapFile());
  const Camera cam = initialCamera(doc, kWidth, kHeight);
  const Path path = freshPath(doc);
  REQUIRE(path.found);
  REQUIRE(path.points.size() >= 3);
  for (std::size_t i = 1; i < path.points.size(); ++i) {
    const ScreenPos mid = cam.toScreen((path.points[i - 1] + path.points[i]) * 0.5);
    INFO("path segment " << i << " " << describeNear(img, mid));
    CHECK(colourNear(img, mid, layerColor(LayerPath)));
  }
  const std::vector<Point> nodes = freshReflexNodes(doc);
  REQUIRE(nodes.size() == 4);
  for (Point n : nodes) {
    const ScreenPos s = cam.toScreen(n);
    INFO("reflex node (" << n.x << ", " << n.y << ") " << describeNear(img, s));
    CHECK(colourNear(img, s, layerColor(LayerReflexNodes)));
  }
  // Control: inside the walkable region, away from everything, the region colour and no path.
  const ScreenPos empty = cam.toScreen({20.5, 5.5});
  CHECK(colourNear(img, empty, layerColor(LayerRegion)));
  CHECK_FALSE(colourNear(img, empty, layerColor(LayerPath)));
  // The panel column is not the canvas: nothing of the map is drawn under it.
  CHECK(cam.toScreen({3, 3}).x > panelWidth(kWidth));
}

TEST_CASE("in-process screenshot: a reflex node off the path keeps its colour and the path shows", "[editor]") {
  EditorTempDir dir;
  MapDocument doc = parseMap(kSeedJson);
  doc.goal = Point{22, 5};  // the start sees the goal: no reflex node is on the path
  const fs::path file = dir.path / "direct.json";
  saveMap(doc, file);
  HeadlessEditor ed(withMap(file));
  const Image img = ed.shot();
  REQUIRE(img.width == kWidth);
  const Camera& cam = ed.app->camera();
  const Camera expected = initialCamera(doc, kWidth, kHeight);
  CHECK(cam.scale() == expected.scale());
  CHECK(cam.origin() == expected.origin());
  const Path& path = ed.app->scene().shownPath();
  REQUIRE(path.points.size() == 2);
  const ScreenPos mid = cam.toScreen((path.points[0] + path.points[1]) * 0.5);
  INFO(describeNear(img, mid));
  CHECK(colourNear(img, mid, layerColor(LayerPath)));
  for (Point n : freshReflexNodes(doc)) {
    const ScreenPos s = cam.toScreen(n);
    INFO("reflex node (" << n.x << ", " << n.y << ") " << describeNear(img, s));
    CHECK(colourNear(img, s, layerColor(LayerReflexNodes)));
    CHECK_FALSE(colourNear(img, s, layerColor(LayerPath)));
  }
  // Turning the path layer off removes it from the picture.
  ed.app->ui().layers &= ~static_cast<std::uint32_t>(LayerPath);
  const Image off = ed.shot();
  CHECK_FALSE(colourNear(off, mid, layerColor(LayerPath)));
}

TEST_CASE("screenshot after --steps: start and goal on top of the closed set, closed and open nodes", "[editor]") {
  EditorTempDir dir;
  const fs::path map = dir.write("seed.json", kSeedJson);
  const fs::path png = dir.path / "steps.png";
  REQUIRE(runEditor({map.string(), "--steps", "3", "--screenshot", png.string()}) == 0);
  const Image img = loadPng(png);
  REQUIRE(img.width == kWidth);
  const MapDocument doc = parseMap(kSeedJson);
  const Camera cam = initialCamera(doc, kWidth, kHeight);
  // The start is closed after the first step, but its marker is drawn last: a blue disc
  // of kMarkerRadius pixels with a dark outline and an "S". Beside the letter (5 pixels
  // left of the centre) the start colour shows, and the closed set colour does not.
  const ScreenPos start = cam.toScreen(*doc.start);
  const ScreenPos beside{start.x - 5, start.y};
  INFO("start " << describeNear(img, beside));
  CHECK(colourNear(img, beside, layerColor(LayerStartGoal)));
  CHECK_FALSE(colourNear(img, beside, layerColor(LayerClosedSet)));
  CHECK(colourNear(img, {start.x + kMarkerRadius + 1, start.y}, kMarkerInk));  // the outline
  const ScreenPos goal = cam.toScreen(*doc.goal);
  CHECK(colourNear(img, {goal.x - 5, goal.y}, kGoalColor));
  // The same three steps, replayed here: every open node shows the open-set colour, the
  // closed nodes (but the start, under its marker, and the last expanded, white) the closed one.
  Scene scene;
  scene.setDocument(doc);
  for (int i = 0; i < 3; ++i) scene.step();
  const SearchState& st = *scene.searchState();
  REQUIRE(st.expandedCount() == 3);
  REQUIRE_FALSE(st.openSet().empty());
  int closed_checked = 0;
  for (NodeId n : st.closedSet()) {
    if (n == scene.query()->startNode() || n == st.lastExpanded()) continue;
    const ScreenPos s = cam.toScreen(scene.query()->position(n));
    INFO("closed node " << n << " " << describeNear(img, s));
    CHECK(colourNear(img, s, layerColor(LayerClosedSet)));
    ++closed_checked;
  }
  CHECK(closed_checked >= 1);
  const ScreenPos expanded = cam.toScreen(scene.query()->position(st.lastExpanded()));
  CHECK(colourNear(img, expanded, layerColor(LayerExpanded)));
  for (NodeId n : st.openSet()) {
    // Open nodes are hollow rings (closed ones filled discs): the colour is on the ring,
    // a few pixels from the centre.
    const ScreenPos s = cam.toScreen(scene.query()->position(n));
    INFO("open node " << n << " " << describeNear(img, s));
    bool on_ring = false;
    for (int dy = -6; dy <= 6 && !on_ring; dy += 3)
      for (int dx = -6; dx <= 6 && !on_ring; dx += 3) on_ring = colourNear(img, {s.x + dx, s.y + dy}, layerColor(LayerOpenSet));
    CHECK(on_ring);
  }
  // No path yet: the search has not reached the goal.
  CHECK_FALSE(scene.shownPath().found);
}

TEST_CASE("a bad map on the command line: error shown, empty document, screenshot exits 2", "[editor]") {
  EditorTempDir dir;
  const fs::path bad = dir.write("broken.json", "{\"format\": \"polypath-map\", \"polygons\": [");
  const fs::path png = dir.path / "bad.png";
  CHECK(runEditor({bad.string(), "--screenshot", png.string()}) == 2);
  CHECK(fs::exists(png));
  CHECK(runEditor({(dir.path / "missing.json").string(), "--screenshot", png.string()}) == 2);
  CHECK(runEditor({"--steps", "nope"}) == 2);

  HeadlessEditor ed(withMap(bad));
  CHECK_FALSE(ed.app->loadError().empty());
  CHECK(ed.app->scene().document().polygons.empty());
  CHECK(ed.app->scene().polygonMap() == nullptr);
  const auto problems = ed.app->scene().problems();
  REQUIRE_FALSE(problems.empty());
  CHECK(problems.front().severity == MapProblem::Severity::Error);
  CHECK(problems.front().describe().find(bad.string()) != std::string::npos);
  CHECK(ed.app->ui().status_error);
  ed.frames(2);  // keeps running
}

// [SECTION] Idle loop

TEST_CASE("the idle loop sleeps only while nothing animates: a running search keeps it awake, Pause lets it sleep",
          "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  CHECK_FALSE(ed.app->animating());  // an opened map with its path: nothing moves
  scene.startRun();
  CHECK(ed.app->animating());
  ed.frames(1);
  CHECK(ed.app->animating());
  scene.pause();
  CHECK_FALSE(ed.app->animating());
  scene.finish();
  CHECK_FALSE(ed.app->animating());
  CHECK(scene.stepping());  // the stepped view stays while the loop sleeps
  // A PNG export renders a frame: awake until it is written.
  ed.app->ui().exports.requestPng(dir.path / "frame.png", true);
  CHECK(ed.app->animating());
  ed.frames(3);
  CHECK(fs::exists(dir.path / "frame.png"));
  CHECK_FALSE(ed.app->animating());
}

// [SECTION] Scripted input

TEST_CASE("dragging vertex (21,15) with pushed mouse events moves it and updates the path", "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  REQUIRE(scene.resultPath().length == Approx(kSeedLength).epsilon(1e-12));
  const Camera cam = ed.app->camera();
  const Handle v11{Handle::Kind::Vertex, 0, -1, 11};
  const ScreenPos from = cam.toScreen({21, 15});
  const ScreenPos to = cam.toScreen({19, 14});
  const int x0 = static_cast<int>(std::lround(from.x)), y0 = static_cast<int>(std::lround(from.y));
  const int x1 = static_cast<int>(std::lround(to.x)), y1 = static_cast<int>(std::lround(to.y));

  ed.motion(x0, y0);
  CHECK(ed.app->ui().hovered == v11);
  ed.drag(from, to);
  CHECK_FALSE(ed.app->ui().dragged);

  // The grab offset is kept: the vertex moved by exactly the mouse movement.
  const Point grab = Point{21, 15} - cam.toWorld({static_cast<double>(x0), static_cast<double>(y0)});
  const Point expected = cam.toWorld({static_cast<double>(x1), static_cast<double>(y1)}) + grab;
  const Point moved = scene.document().polygons[0].outer[11];
  CHECK(moved.x == Approx(expected.x).margin(1e-9));
  CHECK(moved.y == Approx(expected.y).margin(1e-9));
  CHECK(distance(moved, {19, 14}) < 0.1);
  CHECK(scene.dirty());
  CHECK(scene.mapIsCurrent());

  const Path fresh = freshPath(scene.document());
  REQUIRE(fresh.found);
  CHECK(scene.shownPath().length != Approx(kSeedLength).margin(1e-6));
  CHECK(scene.shownPath().length == Approx(fresh.length).epsilon(1e-12));
  CHECK(scene.shownPath().points == fresh.points);
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "seed.json (Seed demo)* - polypath-editor");
}

TEST_CASE("dragging the goal with pushed mouse events moves it and redoes the query", "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  const Camera cam = ed.app->camera();
  ed.drag(cam.toScreen({18, 22}), cam.toScreen({22, 19}), 6);
  REQUIRE(scene.document().goal);
  const Point goal = *scene.document().goal;
  CHECK(distance(goal, {22, 19}) < 0.1);
  CHECK(scene.document().polygons[0].outer == parseMap(kSeedJson).polygons[0].outer);  // no vertex moved
  const Path fresh = freshPath(scene.document());
  CHECK(scene.shownPath().points == fresh.points);
  CHECK(scene.shownPath().length == Approx(fresh.length).epsilon(1e-12));
  CHECK(scene.shownPath().points.back() == goal);
}

TEST_CASE("right drag pans, the wheel zooms around the cursor and F fits again", "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  const Camera fitted = ed.app->camera();
  const MapDocument doc = ed.app->scene().document();
  ed.drag({800, 400}, {860, 380}, 3, SDL_BUTTON_RIGHT);
  const ScreenPos moved = ed.app->camera().toScreen({10, 10});
  const ScreenPos before = fitted.toScreen({10, 10});
  CHECK(moved.x - before.x == Approx(60));
  CHECK(moved.y - before.y == Approx(-20));
  CHECK(ed.app->scene().document().polygons[0].outer == doc.polygons[0].outer);  // panning edits nothing

  const Point under = ed.app->camera().toWorld({900, 300});
  ed.wheel(900, 300, 1);  // one notch: 1.2 times closer
  CHECK(ed.app->camera().scale() == Approx(fitted.scale() * 1.2));
  const Point still = ed.app->camera().toWorld({900, 300});
  CHECK(still.x == Approx(under.x));
  CHECK(still.y == Approx(under.y));

  ed.key(SDL_SCANCODE_F);
  CHECK(ed.app->camera().scale() == fitted.scale());
  CHECK(ed.app->camera().origin() == fitted.origin());
}

TEST_CASE("the Step button makes one expansion per press, Run ends on findPath's path, Reset restarts", "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  const MapDocument doc = scene.document();
  REQUIRE(scene.searchState() != nullptr);
  CHECK(scene.searchState()->expandedCount() == 0);
  CHECK_FALSE(scene.stepping());
  const int n = 3;
  for (int i = 1; i <= n; ++i) {
    ed.click("Step");
    CHECK(scene.searchState()->expandedCount() == i);
  }
  CHECK(scene.stepping());
  CHECK_FALSE(scene.shownPath().found);  // path only once the goal is found

  // A scripted drag while stepping keeps the stepped view with the same expansions.
  const Camera cam = ed.app->camera();
  ed.drag(cam.toScreen({18, 22}), cam.toScreen({19, 21}), 2);
  CHECK(scene.stepping());
  CHECK(scene.searchState()->expandedCount() == n);

  scene.setStepsPerSecond(1000.0);
  ed.click("Run");
  for (int i = 0; i < 2000 && scene.running(); ++i) ed.frames(1);
  CHECK_FALSE(scene.running());
  REQUIRE(scene.searchState()->status() == SearchStatus::Found);
  const Path fresh = freshPath(scene.document());
  CHECK(scene.shownPath().points == fresh.points);
  CHECK(scene.shownPath().length == Approx(fresh.length).epsilon(1e-12));
  CHECK(scene.searchState()->expandedCount() == fresh.expanded);

  ed.click("Reset");
  CHECK_FALSE(scene.stepping());
  CHECK(scene.searchState()->expandedCount() == 0);
  CHECK(scene.shownPath().points == fresh.points);  // the result view again
}

TEST_CASE("typing a coordinate into the vertex table moves the vertex and updates the path", "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)), kWidth, 1600);  // tall: the table is visible
  Scene& scene = ed.app->scene();
  ed.click("tab Map");
  CHECK(ed.app->ui().tab == PanelTab::Map);
  ed.click("vertex 0,-1,11 x");  // vertex (21, 15); a click selects the whole number
  ed.type("1");
  ed.type("9");
  ed.key(SDL_SCANCODE_RETURN);
  CHECK(scene.document().polygons[0].outer[11] == Point{19, 15});
  CHECK(scene.dirty());
  // Typing into one cell is one undoable command, however many characters.
  REQUIRE(scene.history().size() == 1);
  CHECK(scene.history().command(0).label == "Move polygon 0, outer ring, vertex 11");
  const Path fresh = freshPath(scene.document());
  CHECK(scene.shownPath().length != Approx(kSeedLength).margin(1e-6));
  CHECK(scene.shownPath().points == fresh.points);
  // A value that breaks the map: the problem is listed, the last valid map stays.
  ed.click("vertex 0,-1,4 y");  // vertex (6, 8) -> (6, 12): its edge crosses (6,10)-(24,10)
  ed.type("12");
  ed.key(SDL_SCANCODE_RETURN);
  CHECK(scene.document().polygons[0].outer[4] == Point{6, 12});
  CHECK(scene.history().size() == 2);
  CHECK_FALSE(scene.mapIsCurrent());
  CHECK(scene.hasErrors());
  CHECK(scene.shownPath().points == fresh.points);
  const Image img = ed.shot();  // still draws
  CHECK(img.height == 1600);
}

TEST_CASE("Save As through the panel writes the file and clears the unsaved mark", "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  const Camera cam = ed.app->camera();
  ed.drag(cam.toScreen({15, 6}), cam.toScreen({16, 5}), 2);  // move the start
  CHECK(ed.app->scene().dirty());
  const fs::path out = dir.path / "saved.json";
  ed.click("Save As");
  ed.chooseFile(out);
  REQUIRE(fs::exists(out));
  CHECK_FALSE(ed.app->scene().dirty());
  CHECK_FALSE(ed.app->ui().status_error);
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "saved.json (Seed demo) - polypath-editor");
  const MapDocument saved = loadMap(out);
  CHECK(saved.start == ed.app->scene().document().start);
  // Open of a broken file: status line error, the document stays.
  const fs::path broken = dir.write("broken.json", "[1,2");
  ed.click("Open");
  ed.chooseFile(broken);
  CHECK(ed.app->ui().status_error);
  CHECK(ed.app->scene().document().start == saved.start);
  CHECK_FALSE(ed.app->scene().problems().empty());
}

// [SECTION] Drawing: blending, order, greyed stale data

TEST_CASE("SdlDebugDraw blends translucent colours whatever blend mode the renderer had", "[editor]") {
  SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGBA32);
  REQUIRE(surface != nullptr);
  SDL_Renderer* renderer = SDL_CreateSoftwareRenderer(surface);
  REQUIRE(renderer != nullptr);
  SDL_SetRenderDrawColor(renderer, kBackground.r, kBackground.g, kBackground.b, 255);
  SDL_RenderClear(renderer);
  SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);  // what the editor sets to clear
  const Camera cam({0, 0, 64, 64}, {0, 0}, 1.0);
  const Color grid{255, 255, 255, 16};
  {
    SdlDebugDraw dd(renderer, cam);
    dd.line({0, 32}, {64, 32}, grid, 4.0f);
    dd.flush();
  }
  SDL_BlendMode mode = SDL_BLENDMODE_NONE;
  SDL_GetRenderDrawBlendMode(renderer, &mode);
  CHECK(mode == SDL_BLENDMODE_BLEND);
  SDL_RenderPresent(renderer);
  Image img;
  img.width = img.height = 64;
  img.rgba.assign(64 * 64 * 4, 0);
  REQUIRE(SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, img.rgba.data(), 64 * 4) == 0);
  const Color px = img.at(10, 32);
  INFO("pixel " << int(px.r) << "," << int(px.g) << "," << int(px.b));
  CHECK(closeTo(px, blendOver(grid, kBackground), 3));
  SDL_DestroyRenderer(renderer);
  SDL_FreeSurface(surface);
}

namespace {
// Draws `points` as discs of `radius` (pixels) into a fresh 96x96 software canvas; with
// `one_batch` false each disc goes through its own SdlDebugDraw (no level of detail).
// `dense_radius`: the radius a dense batch was drawn with (SdlDebugDraw::lastDenseRadius).
Image drawDiscs(const std::vector<Point>& points, bool one_batch, int* skipped, float radius = 4.0f,
                double* dense_radius = nullptr) {
  SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 96, 96, 32, SDL_PIXELFORMAT_RGBA32);
  SDL_Renderer* renderer = SDL_CreateSoftwareRenderer(surface);
  SDL_SetRenderDrawColor(renderer, kBackground.r, kBackground.g, kBackground.b, 255);
  SDL_RenderClear(renderer);
  const Camera cam({0, 0, 96, 96}, {0, 0}, 1.0);
  constexpr Color orange{255, 150, 40, 255};
  if (one_batch) {
    SdlDebugDraw dd(renderer, cam);
    for (const Point& p : points) dd.point(p, orange, radius);
    dd.flush();
    *skipped = dd.discsSkipped();
    if (dense_radius) *dense_radius = dd.lastDenseRadius();
  } else {
    for (const Point& p : points) {
      SdlDebugDraw dd(renderer, cam);
      dd.point(p, orange, radius);
    }
  }
  SDL_RenderPresent(renderer);
  Image img;
  img.width = img.height = 96;
  img.rgba.assign(96 * 96 * 4, 0);
  SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, img.rgba.data(), 96 * 4);
  SDL_DestroyRenderer(renderer);
  SDL_FreeSurface(surface);
  return img;
}
}  // namespace

TEST_CASE("SdlDebugDraw draws one disc per colour and cell of a quarter radius: dense nodes cost the screen, not the map",
          "[editor]") {
  // 20,000 nodes in a 30 x 30 pixel patch (a whole big map in the window): the discs
  // shrink to kMinDiscRadius (they are far closer than that), at most one disc per 1-pixel
  // cell is drawn, and the picture differs from drawing every disc at that radius only
  // along the patch's rim.
  std::vector<Point> points;
  std::uint64_t state = 12345;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  for (int i = 0; i < 20000; ++i) points.push_back({30 + 30 * next(), 30 + 30 * next()});
  int skipped = 0;
  double dense_radius = 0.0;
  const Image thinned = drawDiscs(points, true, &skipped, 4.0f, &dense_radius);
  CHECK(dense_radius == SdlDebugDraw::kMinDiscRadius);
  CHECK(skipped >= 20000 - 31 * 31);
  int unused = 0;
  const Image every = drawDiscs(points, false, &unused, static_cast<float>(SdlDebugDraw::kMinDiscRadius));
  // Pixels nearer the disc colour than the background: the shape the eye sees (shades
  // differ: thousands of translucent feathered rims pile up in the unthinned picture).
  const Color orange{255, 150, 40, 255};
  auto dist = [](Color a, Color b) { return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b); };
  auto inked = [&](Color c) { return dist(c, orange) < dist(c, kBackground); };
  int differ = 0, covered = 0;
  for (int y = 0; y < 96; ++y)
    for (int x = 0; x < 96; ++x) {
      if (inked(every.at(x, y))) ++covered;
      if (inked(every.at(x, y)) != inked(thinned.at(x, y))) ++differ;
    }
  CHECK(covered > 28 * 28);
  CHECK(differ <= 4 * 34);  // at most a one-pixel band around the patch (about 32 x 32)
  // Apart by more than a cell, nothing is left out.
  std::vector<Point> sparse;
  for (int i = 0; i < 8; ++i) sparse.push_back({10.0 + 10 * i, 48.0});
  drawDiscs(sparse, true, &skipped);
  CHECK(skipped == 0);
}

TEST_CASE("SdlDebugDraw shrinks a dense run of discs with their spacing, and leaves spaced or few discs alone",
          "[editor]") {
  auto row = [](int n, double gap) {
    std::vector<Point> points;
    for (int i = 0; i < n; ++i) points.push_back({4.0 + gap * (i % 15), 10.0 + gap * (i / 15)});
    return points;
  };
  int skipped = 0;
  double r = -1.0;
  drawDiscs(row(40, 6.0), true, &skipped, 4.0f, &r);  // overlapping at radius 4: radius 0.4 x 6
  CHECK(r == Approx(SdlDebugDraw::kDiscSpacingRadius * 6.0));
  drawDiscs(row(40, 10.0), true, &skipped, 4.0f, &r);  // 2.5 radii apart: as given
  CHECK(r == 0.0);
  drawDiscs(row(SdlDebugDraw::kDenseDiscs - 1, 1.0), true, &skipped, 4.0f, &r);  // too few (markers)
  CHECK(r == 0.0);
  // Rings (the open set) likewise.
  SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 96, 96, 32, SDL_PIXELFORMAT_RGBA32);
  SDL_Renderer* renderer = SDL_CreateSoftwareRenderer(surface);
  {
    SdlDebugDraw dd(renderer, Camera({0, 0, 96, 96}, {0, 0}, 1.0));
    for (const Point& p : row(40, 6.0)) dd.ring(p, Color{60, 200, 170, 255}, 5.0f, 2.0f);
    dd.flush();
    CHECK(dd.lastDenseRadius() == Approx(SdlDebugDraw::kDiscSpacingRadius * 6.0));
  }
  SDL_DestroyRenderer(renderer);
  SDL_FreeSurface(surface);
}

TEST_CASE("SdlDebugDraw draws a share of a run of one-pixel lines that would paint the canvas over", "[editor]") {
  SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 96, 96, 32, SDL_PIXELFORMAT_RGBA32);
  SDL_Renderer* renderer = SDL_CreateSoftwareRenderer(surface);
  const Camera cam({0, 0, 96, 96}, {0, 0}, 1.0);
  constexpr Color link{120, 140, 170, 255};
  auto draw = [&](int lines) {
    SDL_SetRenderDrawColor(renderer, kBackground.r, kBackground.g, kBackground.b, 255);
    SDL_RenderClear(renderer);
    SdlDebugDraw dd(renderer, cam);
    for (int i = 0; i < lines; ++i) dd.line({0.5, (i * 37) % 96 + 0.5}, {95.5, (i * 61) % 96 + 0.5}, link, 1.0f);
    dd.flush();
    SDL_RenderPresent(renderer);
    Image img;
    img.width = img.height = 96;
    img.rgba.assign(96 * 96 * 4, 0);
    SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, img.rgba.data(), 96 * 4);
    return std::pair{dd.hairlinesSkipped(), countColour(img, wholeImage(img), link)};
  };
  const auto [few_skipped, few_painted] = draw(10);  // 10 x 96 pixels: well under a fifth of the canvas
  CHECK(few_skipped == 0);
  CHECK(few_painted > 0);
  const auto [many_skipped, many_painted] = draw(2000);  // 20 times the canvas: a fifth of it drawn
  CHECK(many_skipped > 1800);
  CHECK(many_painted < 96 * 96 / 4);
  CHECK(many_painted > 96 * 96 / 10);
  SDL_DestroyRenderer(renderer);
  SDL_FreeSurface(surface);
}

namespace {
// A 300 x 300 room with 3 x 3 staircase holes of unit steps: 1,000 reflex corners whose
// neighbours lie a unit apart along each staircase (a grid map's diagonal walls, as on
// the game maps), a few pixels apart at fit-to-window.
MapDocument staircaseRoom() {
  MapDocument doc;
  Polygon room;
  room.outer = {{0, 0}, {300, 0}, {300, 300}, {0, 300}};
  constexpr int kSteps = 55;
  constexpr double kBand = 3.0;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      const double x0 = 15 + 100 * c, y0 = 20 + 100 * r;
      Ring upper, lower;
      for (int i = 0; i < kSteps; ++i) {
        upper.push_back({x0 + i, y0 + i + 1});
        upper.push_back({x0 + i + 1, y0 + i + 1});
        lower.push_back({x0 + i + kBand, y0 + i + 1 - kBand});
        lower.push_back({x0 + i + 1 + kBand, y0 + i + 1 - kBand});
      }
      Ring hole = upper;
      hole.insert(hole.end(), lower.rbegin(), lower.rend());
      room.holes.push_back(hole);
    }
  doc.polygons.push_back(room);
  doc.start = Point{5, 5};
  doc.goal = Point{295, 295};
  return doc;
}
}  // namespace

TEST_CASE("editor screenshot: a dense reflex-node layer reads as dots at fit-to-window, discs close up",
          "[editor][screenshot]") {
  EditorTempDir dir;
  const fs::path file = dir.path / "stairs.json";
  saveMap(staircaseRoom(), file);
  AppOptions options = withMap(file);
  options.method = "visibility";
  HeadlessEditor ed(options);
  REQUIRE(ed.app->scene().method().name == "visibility");
  const VisibilityGraph* graph = ed.app->scene().graph();
  REQUIRE(graph != nullptr);
  REQUIRE(graph->nodes().size() >= 900);
  // The canvas with no layer, and with the reflex nodes only: the pixels that differ are
  // the ones the nodes paint.
  const ScreenRect canvas = ed.app->camera().viewport();
  auto painted = [&](const ScreenRect& r) {
    ed.app->ui().layers = 0;
    const Image bare = ed.shot();
    ed.app->ui().layers = LayerReflexNodes;
    const Image nodes = ed.shot();
    int n = 0;
    forEachPixel(nodes, r, [&](int x, int y, Color c) {
      const Color b = bare.at(x, y);
      n += std::abs(c.r - b.r) + std::abs(c.g - b.g) + std::abs(c.b - b.b) > 60 ? 1 : 0;
    });
    return n;
  };
  // Fit-to-window: nodes a unit (about 2.5 pixels) apart along each staircase. Discs of
  // radius 4 painted a band 9 pixels wide along each (4.6% of the canvas); dots of a
  // pixel's radius paint 1.4%.
  REQUIRE(ed.app->camera().scale() < 3.0);
  const int fit = painted(canvas);
  INFO("painted at fit-to-window: " << fit << " of " << canvas.w * canvas.h);
  CHECK(fit < 0.025 * canvas.w * canvas.h);
  CHECK(fit > 0.003 * canvas.w * canvas.h);  // the dots are there
  // Close up (30 pixels a unit): a node's disc has its full radius of 4 pixels.
  const Point node = graph->nodes()[graph->nodes().size() / 2].position;
  for (int i = 0; i < 60 && ed.app->camera().scale() < 30.0; ++i) {
    const ScreenPos at = ed.app->camera().toScreen(node);
    ed.wheel(static_cast<int>(at.x), static_cast<int>(at.y), 1);
  }
  REQUIRE(ed.app->camera().scale() >= 30.0);
  const ScreenPos at = ed.app->camera().toScreen(node);
  const int disc = painted({at.x - 7, at.y - 7, 14, 14});
  INFO("painted around the node close up: " << disc);
  CHECK(disc >= 40);  // pi x 4 x 4 = 50, its feathered rim half painted
}

TEST_CASE("SdlDebugDraw culls to its viewport in world units and a margin, and the picture is the same as unculled",
          "[editor]") {
  SDL_Surface* surface = SDL_CreateRGBSurfaceWithFormat(0, 96, 96, 32, SDL_PIXELFORMAT_RGBA32);
  REQUIRE(surface != nullptr);
  SDL_Renderer* renderer = SDL_CreateSoftwareRenderer(surface);
  REQUIRE(renderer != nullptr);
  // 10 pixels per unit from (3.3, 4.7): the canvas shows [3.3, 12.9] x [4.7, 14.3], cutting
  // through the walls, faces and links of a 20 x 20 room with holes.
  const Camera cam({0, 0, 96, 96}, {3.3, 4.7}, 10.0);
  {
    SdlDebugDraw dd(renderer, cam);
    REQUIRE(dd.view.has_value());
    const double m = SdlDebugDraw::kViewMargin / 10.0;
    CHECK(dd.view->min.x == Approx(3.3 - m));
    CHECK(dd.view->min.y == Approx(4.7 - m));
    CHECK(dd.view->max.x == Approx(12.9 + m));
    CHECK(dd.view->max.y == Approx(14.3 + m));
    dd.setScale(2.0);  // wider lines and discs: a wider margin
    CHECK(dd.view->min.x == Approx(3.3 - 2 * m));
    CHECK(dd.view->max.y == Approx(14.3 + 2 * m));
    dd.min_detail = 0.25;
    RecolouredDraw grey(dd, greyed);  // stale data is culled as its target
    CHECK(grey.min_detail == 0.25);
    REQUIRE(grey.view.has_value());
    CHECK(grey.view->min.x == dd.view->min.x);
    CHECK(grey.view->max.y == dd.view->max.y);
  }
  const PolygonMap map({{{{0, 0}, {20, 0}, {20, 20}, {0, 20}},
                         {{{5, 5}, {8, 5}, {8, 8}, {5, 8}},
                          {{11, 12}, {15, 11}, {14, 16}},
                          {{2, 13}, {4, 13}, {3, 17}}}}});
  const NavMesh mesh = buildNavMesh(map);
  auto picture = [&](bool culled) {
    SDL_SetRenderDrawColor(renderer, kBackground.r, kBackground.g, kBackground.b, 255);
    SDL_RenderClear(renderer);
    {
      SdlDebugDraw dd(renderer, cam);
      if (!culled) dd.view.reset();
      drawMap(dd, map, LayerRegion | LayerEdges | LayerVertices | LayerEdgeNormals | LayerVertexNormals, {2.0});
      drawNavMesh(dd, mesh, LayerNavTriangles | LayerNavAdjacency);
    }
    SDL_RenderPresent(renderer);
    Image img;
    img.width = img.height = 96;
    img.rgba.assign(96 * 96 * 4, 0);
    REQUIRE(SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, img.rgba.data(), 96 * 4) == 0);
    return img;
  };
  const Image culled = picture(true), whole = picture(false);
  int inked = 0;
  for (int y = 0; y < 96; ++y)
    for (int x = 0; x < 96; ++x) inked += culled.at(x, y) == kBackground ? 0 : 1;
  CHECK(inked > 96 * 96 / 2);  // the region, walls and mesh fill the canvas
  CHECK(culled.rgba == whole.rgba);
  SDL_DestroyRenderer(renderer);
  SDL_FreeSurface(surface);
}

TEST_CASE("with the OpenGL renderer the grid is translucent, not white", "[editor]") {
  // The accelerated renderer of a real window; the offscreen driver offers it through EGL
  // where Mesa is installed. Without it there is nothing to check here.
  EditorTempDir dir;
  AppOptions options = withMap(dir.write("seed.json", kSeedJson));
  options.headless = true;
  options.autosave = false;
  options.renderer = "opengl";
  App app(options);
  std::string error;
  if (!app.init(&error)) {
    WARN("no OpenGL renderer here (" << error << "): skipped");
    return;
  }
  for (int i = 0; i < 2; ++i) app.frame();
  Image img;
  app.frame(&img);
  REQUIRE(img.width == kWidth);
  // A vertical grid line at the top of the canvas, above the map (in its fit margin).
  const Camera& cam = app.camera();
  const double min_step = 28.0 / cam.scale();
  const double base = std::pow(10.0, std::floor(std::log10(min_step)));
  double step = base;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (base * m >= min_step) {
      step = base * m;
      break;
    }
  const Point top_left = cam.toWorld({cam.viewport().x, cam.viewport().y});
  const double x = std::ceil(top_left.x / step) * step;
  const int sx = static_cast<int>(std::floor(cam.toScreen({x, 0}).x));
  const int sy = static_cast<int>(cam.viewport().y) + 12;
  bool seen_grid = false;
  for (int dx = -1; dx <= 1; ++dx) {
    const Color px = img.at(sx + dx, sy);
    INFO("pixel " << sx + dx << "," << sy << ": " << int(px.r) << "," << int(px.g) << "," << int(px.b));
    CHECK(px.r < 80);  // never opaque white
    seen_grid = seen_grid || closeTo(px, blendOver({255, 255, 255, 16}, kBackground), 4);
  }
  CHECK(seen_grid);
}

TEST_CASE("scene draws walls over graph links, the search over walls, start and goal last", "[editor]") {
  Scene scene;
  scene.setDocument(parseMap(kSeedJson));
  for (int i = 0; i < 3; ++i) scene.step();
  RecordingDraw rec;
  scene.draw(rec, kAllLayers);
  using K = RecordingDraw::Item;
  const int last_los = rec.last(layerColor(LayerLosLinks), K::kLine);
  const int last_sg_link = rec.last(layerColor(LayerStartGoalLinks), K::kLine);
  const int first_wall = rec.first(layerColor(LayerEdges), K::kLine);
  const int first_closed = rec.first(layerColor(LayerClosedSet), K::kLine);
  REQUIRE(last_los >= 0);
  REQUIRE(last_sg_link >= 0);
  REQUIRE(first_wall >= 0);
  REQUIRE(first_closed >= 0);
  CHECK(last_los < first_wall);
  CHECK(last_sg_link < first_wall);
  CHECK(first_wall < first_closed);
  for (const auto& item : rec.items) {
    if (item.kind != K::kLine) continue;
    if (item.color == layerColor(LayerEdges)) CHECK(item.size == kWallWidth);
    for (Layer l : {LayerClosedSet, LayerOpenSet, LayerRelaxed})
      if (item.color == layerColor(l)) CHECK(item.size < kWallWidth);  // the wall shows beside it
  }
  // The last four primitives: the outlined start and goal markers.
  REQUIRE(rec.items.size() >= 4);
  const auto& end = rec.items;
  const std::size_t n = end.size();
  CHECK(end[n - 4].color == kMarkerInk);
  CHECK(end[n - 3].color == layerColor(LayerStartGoal));
  CHECK(end[n - 3].size == kMarkerRadius);
  CHECK(end[n - 3].a == *scene.document().start);
  CHECK(end[n - 2].color == kMarkerInk);
  CHECK(end[n - 1].color == kGoalColor);
  CHECK(end[n - 1].a == *scene.document().goal);
}

TEST_CASE("an invalid edit greys the last valid map and path, and a bad start greys the last path", "[editor]") {
  Scene scene;
  scene.setDocument(parseMap(kSeedJson));
  scene.moveHandle({Handle::Kind::Vertex, 0, -1, 4}, {6, 12});  // crosses itself
  REQUIRE_FALSE(scene.mapIsCurrent());
  RecordingDraw rec;
  scene.draw(rec, kAllLayers);
  REQUIRE(rec.items.size() > 4);
  // Everything but the four marker discs at the end is stale: greyed and translucent.
  for (std::size_t i = 0; i + 4 < rec.items.size(); ++i) CHECK(rec.items[i].color.a < 255);
  CHECK(rec.first(greyed(layerColor(LayerPath)), RecordingDraw::Item::kLine) >= 0);
  CHECK(rec.first(greyed(layerColor(LayerRegion)), RecordingDraw::Item::kFill) >= 0);

  // A valid map, the start moved into the wall: no query, the last path greyed.
  scene.moveHandle({Handle::Kind::Vertex, 0, -1, 4}, {6, 8});
  REQUIRE(scene.mapIsCurrent());
  scene.setStart(Point{10, 9});  // between the walls at y 8 and 10: outside the region
  REQUIRE(scene.query() == nullptr);
  CHECK(scene.startProblem() == "Start is outside every polygon");
  CHECK(scene.lastFoundPath().found);
  RecordingDraw rec2;
  scene.draw(rec2, kAllLayers);
  CHECK(rec2.first(greyed(layerColor(LayerPath)), RecordingDraw::Item::kLine) >= 0);
  CHECK(rec2.first(layerColor(LayerPath), RecordingDraw::Item::kLine) < 0);
  CHECK(rec2.first(layerColor(LayerEdges), RecordingDraw::Item::kLine) >= 0);  // the map itself is current
}

// [SECTION] Huge coordinates, no display, signals

TEST_CASE("maps with huge coordinates render and exit (no endless grid loop)", "[editor]") {
  EditorTempDir dir;
  std::vector<std::pair<std::string, MapDocument>> maps;
  MapDocument far = parseMap(kSeedJson);
  far.polygons[0].outer[5] = {1e300, 10};
  maps.emplace_back("vertex-1e300.json", far);
  MapDocument moved = parseMap(kSeedJson);
  for (Point& p : moved.polygons[0].outer) p = p + Point{1e16, 1e16};
  moved.start = *moved.start + Point{1e16, 1e16};
  moved.goal = *moved.goal + Point{1e16, 1e16};
  maps.emplace_back("translated-1e16.json", moved);
  MapDocument both_ends = parseMap(kSeedJson);
  both_ends.polygons[0].outer[0] = {-1e308, -1e308};
  both_ends.polygons[0].outer[6] = {1e308, 1e308};
  maps.emplace_back("vertices-1e308.json", both_ends);
  MapDocument far_start = parseMap(kSeedJson);
  far_start.start = Point{1e300, -1e300};
  maps.emplace_back("start-1e300.json", far_start);
  for (const auto& [name, doc] : maps) {
    INFO(name);
    const fs::path map = dir.path / name;
    saveMap(doc, map);
    const fs::path png = dir.path / (name + ".png");
    for (const char* steps : {"0", "5"}) {
      const std::string cmd = "SDL_VIDEODRIVER=offscreen timeout 20 '" + std::string(POLYPATH_EDITOR_BIN) + "' '" +
                              map.string() + "' --steps " + steps + " --screenshot '" + png.string() + "'";
      std::string output;
      const int code = runShell(cmd, &output);
      INFO("steps " << steps << " output: " << output);
      CHECK(code == 0);  // 124 would be the timeout
      CHECK(fs::exists(png));
    }
  }
}

TEST_CASE("without a display the editor says so and exits 2 instead of running invisibly", "[editor]") {
  EditorTempDir dir;
  const fs::path map = dir.write("seed.json", kSeedJson);
  const std::string cmd = "env -u DISPLAY -u WAYLAND_DISPLAY -u XDG_RUNTIME_DIR -u SDL_VIDEODRIVER timeout 20 '" +
                          std::string(POLYPATH_EDITOR_BIN) + "' '" + map.string() + "'";
  std::string output;
  const int code = runShell(cmd, &output);
  INFO(output);
  CHECK(code == 2);
  CHECK(output.find("polypath-editor: no display available (is DISPLAY set?); use --screenshot OUT.png to render "
                    "without one") != std::string::npos);
  // Asking for the offscreen or dummy driver outside screenshot mode is no display either.
  for (const char* driver : {"offscreen", "dummy"}) {
    std::string out2;
    CHECK(runShell(std::string("SDL_VIDEODRIVER=") + driver + " timeout 20 '" + POLYPATH_EDITOR_BIN + "' '" +
                       map.string() + "'",
                   &out2) == 2);
    CHECK(out2.find("no display available") != std::string::npos);
  }
}

TEST_CASE("SDL_QUIT (SIGTERM) quits at once, autosaving unsaved work, and closing the window asks", "[editor]") {
  EditorTempDir dir;
  ScopedEnv xdg("XDG_CONFIG_HOME", (dir.path / "config").string());
  const fs::path recovery = dir.path / "config" / "polypath" / "recovery.json";
  {
    HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)), kWidth, kHeight, true);
    ed.app->scene().setGoal(Point{19, 21});
    ed.closeWindow();
    CHECK_FALSE(ed.app->quitRequested());  // "Quit without saving?" is open
    ed.app->ui().quit_request = false;
    ed.quitSignal();
    CHECK(ed.app->quitRequested());
    REQUIRE(fs::exists(recovery));
    CHECK(loadMap(recovery).goal == Point{19, 21});
  }
  {
    HeadlessEditor ed(withMap(dir.write("clean.json", kSeedJson)), kWidth, kHeight, false);
    ed.quitSignal();
    CHECK(ed.app->quitRequested());  // nothing unsaved: no question either
  }
}

TEST_CASE("under Xvfb the editor opens a window on a map with huge coordinates, stops on SIGTERM, keeps preferences",
          "[editor]") {
  if (runShell("command -v xvfb-run") != 0) {
    WARN("xvfb-run is not installed: skipped (apt-get install xvfb)");
    return;
  }
  EditorTempDir dir;
  MapDocument far = parseMap(kSeedJson);
  far.polygons[0].outer[5] = {1e300, 10};
  const fs::path map = dir.path / "far.json";
  saveMap(far, map);
  // Remembered preferences: the window opens at their size, and at exit they are
  // written back with the map added to the recent files.
  const fs::path prefs_file = dir.path / "config" / "polypath" / "preferences.json";
  Preferences prefs;
  prefs.window_width = 900;
  prefs.window_height = 640;
  prefs.snap = true;
  REQUIRE(savePreferences(prefs, prefs_file));
  // The editor runs in the background for 3 seconds, then gets SIGTERM: it must exit 0
  // at once (the old grid loop never returned to the event loop, and SIGTERM did nothing).
  const std::string script = "'" + std::string(POLYPATH_EDITOR_BIN) + "' '" + map.string() +
                             "' & pid=\\$!; sleep 3; kill -0 \\$pid || exit 3; kill -TERM \\$pid; wait \\$pid";
  std::string output;
  // (Headless editors earlier in this process set SDL_VIDEODRIVER=offscreen: not for this one.)
  const int code = runShell("env -u SDL_VIDEODRIVER XDG_CONFIG_HOME='" + (dir.path / "config").string() +
                                "' timeout 60 xvfb-run -a -s '-screen 0 1280x800x24' sh -c \"" + script + "\"",
                            &output);
  INFO(output);
  CHECK(code == 0);  // 3: it had already exited; 124: the timeout; other: a crash or the no-display exit
  std::string message;
  const Preferences after = loadPreferences(prefs_file, &message);
  CHECK(message.empty());
  CHECK(after.window_width == 900);
  CHECK(after.window_height == 640);
  CHECK(after.snap);
  REQUIRE(after.recent.size() == 1);
  CHECK(after.recent[0] == fs::absolute(map).lexically_normal());
}

// [SECTION] Banner and problem marks

TEST_CASE("banner and red ring when the start is in a hole, and banner when there is no path", "[editor]") {
  EditorTempDir dir;
  MapDocument doc = loadMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "room-with-holes.json");
  doc.start = Point{10, 8};  // inside hole 0 ([8,6]-[12,10])
  const fs::path file = dir.path / "start-in-hole.json";
  saveMap(doc, file);
  {
    HeadlessEditor ed(withMap(file));
    const Image img = ed.shot();
    const auto& banner = ed.app->ui().banner;
    REQUIRE_FALSE(banner.empty());
    CHECK(banner[0].error);
    CHECK(banner[0].text.find("Start is inside hole 0 of polygon 0") == 0);
    CHECK(ed.app->scene().startProblem() == "Start is inside hole 0 of polygon 0");
    const Camera& cam = ed.app->camera();
    const ScreenPos s = cam.toScreen(*doc.start);
    const double ring = kMarkerRadius + kMarkerOutline + 4.0;
    INFO("ring " << describeNear(img, {s.x + ring, s.y}));
    CHECK(colourNear(img, {s.x + ring, s.y}, kProblemColor));
    CHECK(colourNear(img, {s.x, s.y - ring}, kProblemColor));
    // The banner's dark plate at the canvas's top-left corner, with a red frame.
    const ScreenRect canvas = cam.viewport();
    CHECK(closeTo(img.at(static_cast<int>(canvas.x) + 14, static_cast<int>(canvas.y) + 14), {12, 13, 18, 255}, 3));
    bool frame = false;
    for (int x = 8; x <= 12; ++x) {
      const Color c = img.at(static_cast<int>(canvas.x) + x, static_cast<int>(canvas.y) + 20);
      frame = frame || (c.r > 100 && c.g < 80 && c.b < 80);
    }
    CHECK(frame);
  }
  {
    // Start and goal in separate polygons: no path, and the banner says why.
    HeadlessEditor two(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "two-areas.json"));
    two.frames(1);
    REQUIRE(two.app->scene().query() != nullptr);
    CHECK_FALSE(two.app->scene().resultPath().found);
    REQUIRE_FALSE(two.app->ui().banner.empty());
    CHECK(two.app->ui().banner.back().text == "No path: start and goal are in separate areas.");
  }
  {
    // A valid map with a path: no banner.
    HeadlessEditor seed(withMap(dir.write("seed.json", kSeedJson)));
    seed.frames(1);
    CHECK(seed.app->ui().banner.empty());
  }
}

TEST_CASE("an invalid map is drawn: greyed last valid map, edited rings, red crossing point and ring", "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  const Camera cam = ed.app->camera();
  const ScreenPos region = cam.toScreen({20.5, 5.5});  // inside the region, away from everything
  const Image valid = ed.shot();
  CHECK(colourNear(valid, region, layerColor(LayerRegion)));

  ed.app->scene().moveHandle({Handle::Kind::Vertex, 0, -1, 4}, {6, 12});  // crosses itself at (15, 10)
  const Image img = ed.shot();
  REQUIRE_FALSE(ed.app->scene().mapIsCurrent());
  // The last valid region, greyed.
  const Color grey_region = blendOver(greyed(layerColor(LayerRegion)), kBackground);
  INFO("region " << describeNear(img, region));
  CHECK(closeTo(img.at(static_cast<int>(region.x), static_cast<int>(region.y)), grey_region, 3));
  // The crossing point the problem names, marked red; the offending vertex ringed.
  bool named = false;
  for (const MapProblem& p : ed.app->scene().problems()) named = named || p.what.find(" at (15, 10)") != std::string::npos;
  CHECK(named);
  const ScreenPos crossing = cam.toScreen({15, 10});
  INFO("crossing " << describeNear(img, crossing));
  CHECK(colourNear(img, crossing, kProblemColor));
  CHECK(ed.app->ui().banner.front().text.find("The edited map is invalid") == 0);

  // A ring with zero area: the whole ring outlined in red (the problem is about the ring).
  MapDocument flat = parseMap(kSeedJson);
  flat.polygons[0].holes.push_back({{16, 20}, {18, 20}, {20, 20}});
  ed.app->scene().setDocument(flat);
  const Image img2 = ed.shot();
  bool ring_problem = false;
  for (const MapProblem& p : ed.app->scene().problems()) ring_problem = ring_problem || p.where == "/polygons/0/holes/0";
  CHECK(ring_problem);
  const ScreenPos mid = ed.app->camera().toScreen({17, 20});
  INFO("flat hole " << describeNear(img2, mid));
  CHECK(colourNear(img2, mid, kProblemColor));
}

TEST_CASE("random edits, including huge and non-finite coordinates, never crash the editor", "[editor]") {
  EditorTempDir dir;
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  std::mt19937 rng(12345);
  const double specials[] = {std::nan(""), INFINITY, -INFINITY, 1e300, -1e300, 1e16, 0.0, 3.0, 24.0, 15.0};
  auto coordinate = [&]() {
    if (rng() % 4 == 0) return specials[rng() % std::size(specials)];
    return std::uniform_real_distribution<double>(-5.0, 30.0)(rng);
  };
  // POLYPATH_EDITOR_FUZZ_EDITS=N runs longer (240 by default).
  const char* edits_env = std::getenv("POLYPATH_EDITOR_FUZZ_EDITS");
  const int edits = edits_env ? std::max(1, std::atoi(edits_env)) : 240;
  for (int i = 0; i < edits; ++i) {
    const int what = static_cast<int>(rng() % 10);
    const Point p{coordinate(), coordinate()};
    INFO("edit " << i);
    if (what == 0)
      REQUIRE_NOTHROW(scene.setStart(p));
    else if (what == 1)
      REQUIRE_NOTHROW(scene.setGoal(p));
    else if (what == 2)
      REQUIRE_NOTHROW(scene.setSnapToWalkable(!scene.snapToWalkable()));
    else if (what == 3)
      REQUIRE_NOTHROW(scene.step());
    else
      REQUIRE_NOTHROW(scene.moveHandle({Handle::Kind::Vertex, 0, -1, static_cast<int>(rng() % 12)}, p));
    if (i % 8 == 0) {
      const Image img = ed.shot();
      CHECK(img.width == kWidth);
    } else {
      ed.frames(1);
    }
  }
}

TEST_CASE("a file that fails to load leaves the open document untouched", "[editor]") {
  EditorTempDir dir;
  Scene scene;
  const fs::path good = dir.write("seed.json", kSeedJson);
  REQUIRE(scene.openFile(good));
  scene.setGoal(Point{19, 21});
  const MapDocument before = scene.document();
  const auto generation = scene.documentGeneration();
  for (const std::string& text : {std::string("{ not json"), std::string("[1,2"), std::string(""),
                                   std::string(R"({"format":"polypath-map","version":99,"polygons":[]})")}) {
    INFO(text);
    const fs::path bad = dir.write("bad.json", text);
    std::string error;
    CHECK_FALSE(scene.openFile(bad, &error));
    CHECK_FALSE(error.empty());
    CHECK(scene.document() == before);
    CHECK(scene.dirty());
    CHECK(scene.file() == good);
    CHECK(scene.documentGeneration() == generation);
    CHECK(scene.query() != nullptr);
  }
  CHECK_FALSE(scene.openFile(dir.path / "missing.json"));
  CHECK(scene.document() == before);
  // A map with more ring vertices than the editor draws at frame rate: refused, saying so.
  MapDocument huge;
  Ring ring;
  const std::size_t n = kMaxEditorVertices + 1;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(n);
    ring.push_back({1000 * std::cos(a), 1000 * std::sin(a)});
  }
  huge.polygons.push_back({ring, {}});
  const fs::path big = dir.path / "huge.json";
  saveMap(huge, big);
  std::string error;
  CHECK_FALSE(scene.openFile(big, &error));
  CHECK(error == big.string() + " has 150001 ring vertices; the editor opens maps of up to 150000 (beyond that a frame "
                                "of the whole map takes over a second). polypath validate, path, query and convert work "
                                "on it from the command line");
  CHECK(scene.document() == before);
  CHECK(scene.documentGeneration() == generation);
}

// [SECTION] Snap start/goal to the walkable region

TEST_CASE("snap start/goal: a start in a hole searches from the nearest walkable point", "[editor]") {
  EditorTempDir dir;
  MapDocument doc = loadMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "room-with-holes.json");
  doc.start = Point{10, 8.5};  // inside hole 0 ([8,6]-[12,10]), nearest to its top edge... y=10
  const fs::path file = dir.path / "snap.json";
  saveMap(doc, file);
  HeadlessEditor ed(withMap(file));
  Scene& scene = ed.app->scene();
  REQUIRE(scene.query() == nullptr);
  CHECK(scene.hasErrors());
  ed.app->ui().tab_request = PanelTab::Map;
  ed.frames(2);
  ed.click("Snap start/goal");
  REQUIRE(scene.snapToWalkable());
  REQUIRE(scene.query() != nullptr);
  const Point expected = buildPolygonMap(doc).nearestWalkable(*doc.start);
  REQUIRE(scene.snappedStart());
  CHECK(*scene.snappedStart() == expected);
  CHECK(scene.document().start == doc.start);  // the document keeps the point as placed
  CHECK_FALSE(scene.dirty());
  CHECK(scene.startProblem().empty());
  CHECK_FALSE(scene.hasErrors());  // the start problem is a warning now
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().points.front() == expected);
  MapDocument snapped_doc = doc;
  snapped_doc.start = expected;
  CHECK(scene.resultPath().length == Approx(freshPath(snapped_doc).length).epsilon(1e-12));
  const Image img = ed.shot();
  const Camera& cam = ed.app->camera();
  // The snapped point: a small start-coloured disc; the banner explains it.
  INFO("snapped " << describeNear(img, cam.toScreen(expected)));
  bool disc = false;
  for (double d : {0.0, 2.0, -2.0}) disc = disc || colourNear(img, cam.toScreen(expected + Point{d / cam.scale(), 0}), layerColor(LayerStartGoal));
  CHECK(disc);
  bool explained = false;
  for (const BannerLine& l : ed.app->ui().banner) explained = explained || l.text.find("nearest walkable point") != std::string::npos;
  CHECK(explained);
  // Off again: back to the problem.
  scene.setSnapToWalkable(false);
  CHECK(scene.query() == nullptr);
  CHECK_FALSE(scene.snappedStart());
}

// [SECTION] Layout

TEST_CASE("the column never hides the file and search buttons, at any window size", "[editor]") {
  EditorTempDir dir;
  const fs::path map = dir.write("seed.json", kSeedJson);
  struct Size {
    int w, h;
    bool fits;  // the whole top part is visible without scrolling
  };
  for (const Size size : {Size{1280, 800, true}, Size{800, 600, true}, Size{1920, 1080, true}, Size{320, 200, false}}) {
    INFO(size.w << "x" << size.h);
    HeadlessEditor ed(withMap(map), size.w, size.h);
    // A long status line and a broken map (many problems) must not push the buttons away.
    ed.app->scene().moveHandle({Handle::Kind::Vertex, 0, -1, 4}, {6, 12});
    setStatus(ed.app->ui(), std::string(600, 'x') + " a very long message", true);
    ed.frames(2);
    const double column = panelWidth(size.w);
    for (const char* name : {"Open", "Save", "Save As", "Step", "Run", "Pause", "Reset", "Finish", "tab Layers",
                             "tab Search", "tab Map", "tab Problems"}) {
      INFO(name);
      const auto it = ed.app->ui().widget_rects.find(name);
      REQUIRE(it != ed.app->ui().widget_rects.end());
      const ScreenRect r = it->second;
      CHECK(r.x >= 0);
      CHECK(r.x + r.w <= column);  // inside the column: never under the canvas, never cut off sideways
      if (size.fits) CHECK(r.y + r.h <= size.h);
    }
    if (size.fits) {
      CHECK(ed.app->ui().widget_rects.count("legend Start / goal") == 1);
    }
    CHECK(ed.app->camera().viewport().x == column);
  }
}

TEST_CASE("at UI scale 1.5 and 2 the column widens with the font and keeps every button whole", "[editor]") {
  CHECK(panelWidth(1920, 1.5) == 720.0);
  CHECK(panelWidth(2560, 2.0) == 960.0);
  CHECK(panelWidth(1280, 2.0) == 512.0);  // still at most 40% of the window
  CHECK(panelWidth(1280, 0.5) == 480.0);  // below 1: as at 1
  CHECK(windowWidthForCanvas(1280, 1.5) == 1280 + 720);
  EditorTempDir dir;
  const fs::path map = dir.write("seed.json", kSeedJson);
  struct Case {
    float scale;
    int w, h;
  };
  for (const Case c : {Case{1.5f, 1920, 1080}, Case{2.0f, 2560, 1440}}) {
    INFO("scale " << c.scale);
    AppOptions o = withMap(map);
    o.ui_scale = c.scale;
    HeadlessEditor ed(o, c.w, c.h);
    ed.frames(2);
    REQUIRE(ed.app->appearance().scale() == c.scale);
    const double column = panelWidth(c.w, c.scale);
    CHECK(column == 480.0 * c.scale);
    CHECK(ed.app->camera().viewport().x == column);
    int tabs_in_first_row = 0;
    double first_row_y = -1;
    for (const char* name : {"Open", "Save", "Save As", "Step", "Run", "Pause", "Reset", "Finish", "tab Layers",
                             "tab Search", "tab Compare", "tab Crowd", "tab Map", "tab History", "tab Problems",
                             "tab Lessons", "tab Help"}) {
      INFO(name);
      const auto it = ed.app->ui().widget_rects.find(name);
      REQUIRE(it != ed.app->ui().widget_rects.end());
      const ScreenRect r = it->second;
      CHECK(r.x >= 0);
      CHECK(r.x + r.w <= column);
      CHECK(r.y + r.h <= c.h);
      if (std::string(name).rfind("tab ", 0) == 0) {
        if (first_row_y < 0) first_row_y = r.y;
        if (r.y == first_row_y) ++tabs_in_first_row;
      }
    }
    CHECK(tabs_in_first_row >= 5);  // as at scale 1: the strip wraps into two rows, not nine
  }
}

// [SECTION] Autosave and recovery

TEST_CASE("autosave writes a recovery file, and the next start offers it and Recover restores the work", "[editor]") {
  EditorTempDir dir;
  ScopedEnv xdg("XDG_CONFIG_HOME", (dir.path / "config").string());
  const fs::path recovery = dir.path / "config" / "polypath" / "recovery.json";
  REQUIRE(defaultRecoveryFile() == recovery);
  {
    ScopedEnv no_xdg("XDG_CONFIG_HOME", std::nullopt);
    ScopedEnv home("HOME", "/home/someone");
    CHECK(defaultRecoveryFile() == fs::path("/home/someone/.config/polypath/recovery.json"));
  }
  const fs::path map = dir.write("seed.json", kSeedJson);
  // The map file is older than anything written below.
  fs::last_write_time(map, fs::last_write_time(map) - std::chrono::hours(1));
  MapDocument edited;
  {
    HeadlessEditor ed(withMap(map), kWidth, kHeight, true);
    REQUIRE(ed.app->recoveryFile() == recovery);
    CHECK(ed.app->ui().recovery_prompt.empty());
    CHECK_FALSE(ed.app->autosaveNow());  // nothing unsaved
    CHECK_FALSE(fs::exists(recovery));
    ed.app->scene().setGoal(Point{19, 21});
    ed.frames(1);  // one edit, less than 30 s: not yet
    CHECK_FALSE(fs::exists(recovery));
    REQUIRE(ed.app->autosaveNow());
    REQUIRE(fs::exists(recovery));
    fs::remove(recovery);
    // Every kAutosaveEdits-th edit autosaves (setting the same goal again is no edit).
    for (std::uint64_t i = 1; i < kAutosaveEdits; ++i) ed.app->scene().setGoal(Point{19, 21 + 0.01 * static_cast<double>(i)});
    ed.frames(1);
    CHECK_FALSE(fs::exists(recovery));
    ed.app->scene().setGoal(Point{19.5, 21});
    ed.frames(1);
    REQUIRE(fs::exists(recovery));
    edited = ed.app->scene().document();
    const MapDocument saved = loadMap(recovery);
    CHECK(saved.goal == Point{19.5, 21});
    CHECK(saved.extra.value(kRecoveryOfKey, std::string()) == fs::absolute(map).string());
  }  // the editor "crashes": the recovery file stays
  REQUIRE(fs::exists(recovery));
  {
    HeadlessEditor ed(withMap(map), kWidth, kHeight, true);
    const std::string prompt = ed.app->ui().recovery_prompt;
    CHECK(prompt.find("Recover unsaved work from ") == 0);
    CHECK(prompt.find(fs::absolute(map).string()) != std::string::npos);
    CHECK(ed.app->scene().document() == parseMap(kSeedJson, "seed"));  // not yet
    ed.frames(1);
    ed.click("Recover");
    CHECK(ed.app->ui().recovery_prompt.empty());
    CHECK(ed.app->scene().document() == edited);
    CHECK(ed.app->scene().dirty());
    CHECK(ed.app->scene().file() == fs::absolute(map));
    CHECK(fs::exists(recovery));  // kept until the work is saved
    ed.click("Save");
    CHECK_FALSE(ed.app->scene().dirty());
    ed.frames(1);
    CHECK_FALSE(fs::exists(recovery));
    CHECK(loadMap(map).goal == Point{19.5, 21});
  }
  // Discard deletes the recovery file and keeps the map as it is on disk.
  fs::last_write_time(map, fs::last_write_time(map) - std::chrono::hours(1));
  {
    HeadlessEditor ed(withMap(map), kWidth, kHeight, true);
    ed.app->scene().setGoal(Point{20, 20});
    REQUIRE(ed.app->autosaveNow());
  }
  {
    HeadlessEditor ed(withMap(map), kWidth, kHeight, true);
    REQUIRE_FALSE(ed.app->ui().recovery_prompt.empty());
    ed.frames(1);
    ed.click("Discard");
    CHECK_FALSE(fs::exists(recovery));
    CHECK(ed.app->scene().document().goal == Point{19.5, 21});
    CHECK_FALSE(ed.app->scene().dirty());
  }
  // A recovery file older than the map (the map was saved since) is not offered.
  {
    HeadlessEditor ed(withMap(map), kWidth, kHeight, true);
    ed.app->scene().setGoal(Point{20, 20});
    REQUIRE(ed.app->autosaveNow());
  }
  fs::last_write_time(map, fs::last_write_time(recovery) + std::chrono::hours(1));
  {
    HeadlessEditor ed(withMap(map), kWidth, kHeight, true);
    CHECK(ed.app->ui().recovery_prompt.empty());
  }
}

// [SECTION] Review screenshots (hidden)

TEST_CASE("review screenshots of states only reachable by editing", "[.][editor-shots]") {
  // Run with: polypath_tests "[editor-shots]"; writes PNGs to $POLYPATH_SHOTS_DIR (or the
  // temporary folder) for a person to look at: nothing is checked here.
  const char* env = std::getenv("POLYPATH_SHOTS_DIR");
  const fs::path out = env ? fs::path(env) : fs::temp_directory_path();
  EditorTempDir dir;
  auto write = [&](HeadlessEditor& ed, const char* name) {
    const Image img = ed.shot();
    REQUIRE(writePng(img, out / name));
  };
  {
    HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
    ed.app->scene().moveHandle({Handle::Kind::Vertex, 0, -1, 4}, {6, 12});
    write(ed, "editor-stale-map.png");
  }
  {
    MapDocument doc = loadMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "room-with-holes.json");
    doc.start = Point{10, 8.5};
    const fs::path file = dir.path / "snap.json";
    saveMap(doc, file);
    HeadlessEditor ed(withMap(file));
    ed.app->scene().setSnapToWalkable(true);
    ed.app->ui().tab_request = PanelTab::Map;
    write(ed, "editor-snapped-start.png");
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", (dir.path / "config").string());
    const fs::path map = dir.write("seed2.json", kSeedJson);
    fs::last_write_time(map, fs::last_write_time(map) - std::chrono::hours(1));
    {
      HeadlessEditor ed(withMap(map), kWidth, kHeight, true);
      ed.app->scene().setGoal(Point{19, 21});
      ed.app->autosaveNow();
    }
    HeadlessEditor ed(withMap(map), kWidth, kHeight, true);
    ed.frames(1);
    write(ed, "editor-recovery.png");
  }
  {
    HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "maze.json"));
    for (int i = 0; i < 5; ++i) ed.app->scene().step();
    const ScreenRect legend = ed.app->ui().widget_rects.at("legend Relaxed arcs");
    ed.motion(static_cast<int>(legend.x + 10), static_cast<int>(legend.y + 5));
    ed.frames(1);
    write(ed, "editor-legend-tooltip.png");
    ed.app->ui().tab_request = PanelTab::Search;
    ed.frames(1);
    write(ed, "editor-search-tab.png");
  }
}

#endif  // POLYPATH_HAVE_EDITOR
