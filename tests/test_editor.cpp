// test_editor.cpp: the desktop editor, driven headless (SDL offscreen driver, software
// renderer): screenshots checked pixel by pixel against the camera transform, scripted
// mouse input pushed into the real loop, the stepped search, files and problems.
//
// [SECTION] Helpers
// [SECTION] Camera and picking
// [SECTION] Scene: rebuild, problems, stepped search, files
// [SECTION] Command line
// [SECTION] Screenshots
// [SECTION] Scripted input
#ifdef POLYPATH_HAVE_EDITOR

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/debug_draw.hpp"
#include "core/visibility_graph.hpp"
#include "editor/app.hpp"
#include "editor/camera.hpp"
#include "editor/command_line.hpp"
#include "editor/picking.hpp"
#include "editor/scene.hpp"
#include "io/map_io.hpp"
#include "stb_image.h"

namespace fs = std::filesystem;
using namespace polypath;
using namespace polypath::editor;

namespace {

// [SECTION] Helpers

constexpr double kSeedLength = 34.861884652980;
constexpr int kWidth = 1280;
constexpr int kHeight = 800;

const char* const kSeedJson =
    R"({"format":"polypath-map","version":1,"name":"Seed demo","units":"m","polygons":[{"outer":[[3,15],[3,3],)"
    R"([24,3],[24,8],[6,8],[6,10],[24,10],[24,24],[15,24],[15,17],[21,17],[21,15]],"holes":[]}],"start":[15,6],)"
    R"("goal":[18,22],"settings":{"clearance":0,"corner_offset":0}})";

/// A fresh temporary folder, removed with everything in it.
struct EditorTempDir {
  fs::path path;
  EditorTempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() / ("polypath-editor-test-" + std::to_string(::getpid()) + "-" +
                                        std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~EditorTempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  EditorTempDir(const EditorTempDir&) = delete;
  EditorTempDir& operator=(const EditorTempDir&) = delete;
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return path / name;
  }
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

/// A PNG read with stb_image.
Image loadPng(const fs::path& file) {
  Image img;
  int channels = 0;
  unsigned char* data = stbi_load(file.string().c_str(), &img.width, &img.height, &channels, 4);
  if (!data) return Image{};
  img.rgba.assign(data, data + static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 4);
  stbi_image_free(data);
  return img;
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

/// An editor running headless in this process, with helpers that push SDL events.
struct HeadlessEditor {
  std::unique_ptr<App> app;
  explicit HeadlessEditor(AppOptions options, int width = kWidth, int height = kHeight) {
    options.headless = true;
    options.width = width;
    options.height = height;
    app = std::make_unique<App>(options);
    std::string error;
    const bool started = app->init(&error);
    INFO(error);
    REQUIRE(started);
    frames(2);
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) app->frame();
  }
  void motion(int x, int y) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = SDL_GetWindowID(app->window());
    e.motion.x = x;
    e.motion.y = y;
    SDL_PushEvent(&e);
    frames(1);
  }
  void button(bool down, int x, int y, Uint8 which = SDL_BUTTON_LEFT) {
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.windowID = SDL_GetWindowID(app->window());
    e.button.button = which;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    SDL_PushEvent(&e);
    frames(1);
  }
  /// Moves there, presses, moves in `steps` steps to the target, releases.
  void drag(ScreenPos from, ScreenPos to, int steps = 4, Uint8 which = SDL_BUTTON_LEFT) {
    const int x0 = static_cast<int>(std::lround(from.x)), y0 = static_cast<int>(std::lround(from.y));
    const int x1 = static_cast<int>(std::lround(to.x)), y1 = static_cast<int>(std::lround(to.y));
    motion(x0, y0);
    button(true, x0, y0, which);
    for (int i = 1; i <= steps; ++i) motion(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
    button(false, x1, y1, which);
  }
  /// Clicks the centre of a named panel button (its rectangle from the last frame).
  void click(const std::string& name) {
    const auto it = app->ui().widget_rects.find(name);
    INFO("button " << name);
    REQUIRE(it != app->ui().widget_rects.end());
    const ScreenRect r = it->second;
    const int x = static_cast<int>(r.x + r.w / 2), y = static_cast<int>(r.y + r.h / 2);
    motion(x, y);
    button(true, x, y);
    button(false, x, y);
  }
  void wheel(int x, int y, int amount) {
    motion(x, y);
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.windowID = SDL_GetWindowID(app->window());
    e.wheel.y = amount;
    e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    SDL_PushEvent(&e);
    frames(1);
  }
  void key(SDL_Scancode code) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.windowID = SDL_GetWindowID(app->window());
    e.key.keysym.scancode = code;
    e.key.keysym.sym = SDL_GetKeyFromScancode(code);
    e.key.state = SDL_PRESSED;
    SDL_PushEvent(&e);
    frames(1);  // ImGui sees keys held at the start of a frame: release in the next one
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    SDL_PushEvent(&e);
    frames(1);
  }
  void type(const std::string& text) {
    SDL_Event e{};
    e.type = SDL_TEXTINPUT;
    e.text.windowID = SDL_GetWindowID(app->window());
    std::snprintf(e.text.text, sizeof e.text.text, "%s", text.c_str());
    SDL_PushEvent(&e);
    frames(1);
  }
  Image shot() {
    Image img;
    app->frame(&img);
    return img;
  }
};

AppOptions withMap(const fs::path& map) {
  AppOptions o;
  o.map = map;
  return o;
}

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

TEST_CASE("canvas is the window minus the panel column", "[editor]") {
  const ScreenRect r = canvasRect(kWidth, kHeight);
  CHECK(r.x == kPanelWidth);
  CHECK(r.w == kWidth - kPanelWidth);
  CHECK(r.h == kHeight);
  CHECK(canvasRect(100, 50).w >= 1.0);  // never empty
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
  CHECK(cam.toScreen({3, 3}).x > kPanelWidth);
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

TEST_CASE("screenshot after --steps shows the closed set at the start and the open set", "[editor]") {
  EditorTempDir dir;
  const fs::path map = dir.write("seed.json", kSeedJson);
  const fs::path png = dir.path / "steps.png";
  REQUIRE(runEditor({map.string(), "--steps", "3", "--screenshot", png.string()}) == 0);
  const Image img = loadPng(png);
  REQUIRE(img.width == kWidth);
  const MapDocument doc = parseMap(kSeedJson);
  const Camera cam = initialCamera(doc, kWidth, kHeight);
  const ScreenPos start = cam.toScreen(*doc.start);
  INFO("start " << describeNear(img, start));
  CHECK(colourNear(img, start, layerColor(LayerClosedSet)));
  // The same three steps, replayed here: every open node shows the open-set colour.
  Scene scene;
  scene.setDocument(doc);
  for (int i = 0; i < 3; ++i) scene.step();
  const SearchState& st = *scene.searchState();
  REQUIRE(st.expandedCount() == 3);
  REQUIRE_FALSE(st.openSet().empty());
  for (NodeId n : st.openSet()) {
    const ScreenPos s = cam.toScreen(scene.query()->position(n));
    INFO("open node " << n << " " << describeNear(img, s));
    CHECK(colourNear(img, s, layerColor(LayerOpenSet)));
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
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "Seed demo* - polypath-editor");
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
  ed.click("vertex 0,-1,11 x");  // vertex (21, 15); a click selects the whole number
  ed.type("19");
  ed.key(SDL_SCANCODE_RETURN);
  CHECK(scene.document().polygons[0].outer[11] == Point{19, 15});
  CHECK(scene.dirty());
  const Path fresh = freshPath(scene.document());
  CHECK(scene.shownPath().length != Approx(kSeedLength).margin(1e-6));
  CHECK(scene.shownPath().points == fresh.points);
  // A value that breaks the map: the problem is listed, the last valid map stays.
  ed.click("vertex 0,-1,4 y");  // vertex (6, 8) -> (6, 12): its edge crosses (6,10)-(24,10)
  ed.type("12");
  ed.key(SDL_SCANCODE_RETURN);
  CHECK(scene.document().polygons[0].outer[4] == Point{6, 12});
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
  ed.app->ui().path_text = out.string();
  ed.click("Save As");
  REQUIRE(fs::exists(out));
  CHECK_FALSE(ed.app->scene().dirty());
  CHECK_FALSE(ed.app->ui().status_error);
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "Seed demo - polypath-editor");
  const MapDocument saved = loadMap(out);
  CHECK(saved.start == ed.app->scene().document().start);
  // Open of a broken file: status line error, the document stays.
  ed.app->ui().path_text = dir.write("broken.json", "[1,2").string();
  ed.click("Open");
  CHECK(ed.app->ui().status_error);
  CHECK(ed.app->scene().document().start == saved.start);
  CHECK_FALSE(ed.app->scene().problems().empty());
}

#endif  // POLYPATH_HAVE_EDITOR
