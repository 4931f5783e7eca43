// test_editor_tools.cpp: editing in the editor: document edits, the undo history, the
// tools driven by SDL events pushed into the real loop (click, drag, box select, keys),
// saving what was drawn, preferences, the background image and the grid rule.
//
// [SECTION] Helpers
// [SECTION] Document edits
// [SECTION] History
// [SECTION] Scripted editing in the real loop
// [SECTION] Files: new, drop, unsaved prompt
// [SECTION] Preferences
// [SECTION] Background image
// [SECTION] Grid and snap
#ifdef POLYPATH_HAVE_EDITOR

#include "editor/document/new_map.hpp"
#include "support/editor_test.hpp"

#include <cstring>
#include <optional>
#include <random>

#include "polypath/core/visibility_graph.hpp"
#include "editor/canvas/background.hpp"
#include "editor/document/edit_commands.hpp"
#include "editor/canvas/grid_snap.hpp"
#include "editor/canvas/label_thinning.hpp"
#include "editor/document/history.hpp"
#include "editor/app/preferences.hpp"
#include "stb_image_write.h"
#include "support/scoped_env.hpp"

namespace {

// [SECTION] Helpers

/// The seed map's outer ring (12 vertices, x 3..24, y 3..24).
MapDocument seedDoc() { return parseMap(kSeedJson); }

/// The shortest path computed from scratch (no editor code).
Path freshPath(const MapDocument& doc) {
  const PolygonMap map = buildPolygonMap(doc);
  const VisibilityGraph graph(map);
  return findPath(graph, *doc.start, *doc.goal);
}

/// Screen pixel (rounded) of a world point in the editor's current camera.
ScreenPos pixel(const HeadlessEditor& ed, Point p) {
  const ScreenPos s = ed.app->camera().toScreen(p);
  return {std::round(s.x), std::round(s.y)};
}

/// Clicks (press and release without moving) at a world point.
void clickAt(HeadlessEditor& ed, Point p, Uint8 clicks = 1) {
  const ScreenPos s = pixel(ed, p);
  const int x = static_cast<int>(s.x), y = static_cast<int>(s.y);
  ed.motion(x, y);
  ed.button(true, x, y, SDL_BUTTON_LEFT, clicks);
  ed.button(false, x, y, SDL_BUTTON_LEFT, clicks);
}

/// Each channel within `tolerance`.
bool near(Color a, Color b, int tolerance = 2) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

/// `over` with its alpha blended over an opaque `under`.
Color blendOver(Color over, Color under) {
  auto mix = [&](int o, int u) { return static_cast<std::uint8_t>(std::lround((o * over.a + u * (255 - over.a)) / 255.0)); };
  return {mix(over.r, under.r), mix(over.g, under.g), mix(over.b, under.b), 255};
}

/// The walkable region's colour as drawn over the canvas background.
Color regionColour(const HeadlessEditor& ed) { return blendOver(layerColor(LayerRegion), ed.app->ui().background); }

constexpr Uint16 kCtrl = KMOD_LCTRL;
constexpr Uint16 kCtrlShift = KMOD_LCTRL | KMOD_LSHIFT;

}  // namespace

// [SECTION] Document edits

TEST_CASE("document edits: insert, delete, rings, polygons keep extra_polygons parallel", "[editor]") {
  MapDocument doc = seedDoc();
  doc.extra_polygons = {nlohmann::json{{"tag", "first"}}};
  const RingRef outer{0, -1};

  REQUIRE(insertVertex(doc, outer, 12, {3, 20}));  // appended
  CHECK(doc.polygons[0].outer.size() == 13);
  CHECK(doc.polygons[0].outer.back() == Point{3, 20});
  CHECK_FALSE(insertVertex(doc, outer, 15, {0, 0}));
  CHECK_FALSE(insertVertex(doc, RingRef{0, 0}, 0, {0, 0}));  // no hole 0

  REQUIRE(addHole(doc, 0, Ring{{10, 4}, {12, 4}, {12, 6}}));
  REQUIRE(addPolygon(doc, Ring{{30, 0}, {40, 0}, {40, 10}}));
  CHECK_FALSE(addPolygon(doc, Ring{{0, 0}, {1, 1}}));
  REQUIRE(doc.extra_polygons.size() == 2);
  CHECK(doc.extra_polygons[0]["tag"] == "first");
  CHECK(polygonContaining(doc, {11.5, 4.5}) == 0);
  CHECK(polygonContaining(doc, {39, 1}) == 1);
  CHECK(polygonContaining(doc, {50, 50}) == -1);

  // Deleting every vertex of the hole removes it; of polygon 0's outer ring, the polygon.
  REQUIRE(deleteHandles(doc, ringHandles(doc, RingRef{0, 0})));
  CHECK(doc.polygons[0].holes.empty());
  REQUIRE(deleteHandles(doc, {Handle{Handle::Kind::Vertex, 0, -1, 12}, Handle{Handle::Kind::Start}}));
  CHECK(doc.polygons[0].outer == seedDoc().polygons[0].outer);
  CHECK_FALSE(doc.start);
  REQUIRE(deleteHandles(doc, ringHandles(doc, outer)));
  REQUIRE(doc.polygons.size() == 1);
  CHECK(doc.polygons[0].outer == Ring{{30, 0}, {40, 0}, {40, 10}});
  CHECK(doc.extra_polygons.size() == 1);
  CHECK(doc.extra_polygons[0].empty());

  REQUIRE(reverseRing(doc, RingRef{0, -1}));
  CHECK(doc.polygons[0].outer == Ring{{30, 0}, {40, 10}, {40, 0}});
  REQUIRE(moveRing(doc, RingRef{0, -1}, {1, 2}));
  CHECK(doc.polygons[0].outer == Ring{{31, 2}, {41, 12}, {41, 2}});
  REQUIRE(moveHandles(doc, {Handle{Handle::Kind::Vertex, 0, -1, 0}, Handle{Handle::Kind::Vertex, 0, -1, 0}}, {1, 0}));
  CHECK(doc.polygons[0].outer[0] == Point{32, 2});  // moved once
  REQUIRE(deleteRing(doc, RingRef{0, -1}));
  CHECK(doc.polygons.empty());
  CHECK(doc.extra_polygons.empty());
}

// [SECTION] History

TEST_CASE("history: undo, redo, jump, merge and the saved mark", "[editor]") {
  MapDocument a = seedDoc(), b = a, c = a, d = a;
  b.start = Point{16, 6};
  c.start = Point{17, 6};
  d.goal = Point{19, 22};
  History h;
  h.reset(a);
  CHECK(h.atSaved());
  h.push({"b", b, ""});
  h.push({"c", c, "key"});
  h.push({"c2", d, "key"});  // merges into "c": same key, merge open
  REQUIRE(h.size() == 2);
  CHECK(h.command(1).label == "c");
  CHECK(h.current() == d);
  h.closeMerge();
  h.push({"c3", c, "key"});  // merge closed: a new command
  REQUIRE(h.size() == 3);
  CHECK_FALSE(h.atSaved());
  REQUIRE(h.jumpTo(1));
  CHECK(h.current() == b);
  CHECK(h.canUndo());
  CHECK(h.canRedo());
  h.markSaved();
  CHECK(h.atSaved());
  REQUIRE(h.jumpTo(0) == a);
  CHECK_FALSE(h.atSaved());
  CHECK_FALSE(h.jumpTo(0));
  CHECK_FALSE(h.jumpTo(4));
  REQUIRE(h.jumpTo(1));
  CHECK(h.atSaved());
  h.push({"e", d, ""});  // drops the two undone commands
  CHECK(h.size() == 2);
  CHECK_FALSE(h.canRedo());
  h.reset(a, false);  // recovered work: never saved
  CHECK_FALSE(h.atSaved());
}

TEST_CASE("history keeps at most kMaxHistory commands, forgetting the oldest", "[editor]") {
  MapDocument doc = seedDoc();
  History h;
  h.reset(doc);
  for (std::size_t i = 0; i < kMaxHistory + 5; ++i) {
    doc.start = Point{15 + 0.001 * static_cast<double>(i), 6};
    h.push({"move", doc, ""});
  }
  CHECK(h.size() == kMaxHistory);
  CHECK(h.position() == kMaxHistory);
  CHECK_FALSE(h.atSaved());  // the saved state was forgotten
  REQUIRE(h.jumpTo(0));
  CHECK(h.current().start == Point{15 + 0.001 * 4, 6});
}

TEST_CASE("undo and redo through 300 random edits give back every document exactly", "[editor]") {
  std::mt19937 rng(2026);
  auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  auto pick = [&](std::size_t n) { return static_cast<int>(std::uniform_int_distribution<std::size_t>(0, n - 1)(rng)); };
  Scene scene;
  scene.setDocument(seedDoc());
  std::vector<MapDocument> states{scene.document()};
  for (int i = 0; i < 300; ++i) {
    const MapDocument& d = scene.document();
    const int kind = pick(8);
    bool done = false;
    if (d.polygons.empty() || kind == 0) {
      const double x = uniform(-50, 50), y = uniform(-50, 50);
      done = scene.edit("Add polygon", [&](MapDocument& m) { return addPolygon(m, Ring{{x, y}, {x + 3, y}, {x + 1, y + 2}}); });
    } else {
      const int p = pick(d.polygons.size());
      const int h = pick(d.polygons[static_cast<std::size_t>(p)].holes.size() + 1) - 1;
      const RingRef r{p, h};
      const int n = static_cast<int>(ringAt(d, r)->size());
      const Point at{uniform(0, 30), uniform(0, 30)};
      switch (kind) {
        case 1: done = scene.edit("insert", [&](MapDocument& m) { return insertVertex(m, r, pick(static_cast<std::size_t>(n) + 1), at); }); break;
        case 2: done = scene.moveHandle(Handle{Handle::Kind::Vertex, p, h, pick(static_cast<std::size_t>(n))}, at); scene.closeMerge(); break;
        case 3: done = scene.edit("delete", [&](MapDocument& m) { return deleteHandles(m, {Handle{Handle::Kind::Vertex, p, h, pick(static_cast<std::size_t>(n))}}); }); break;
        case 4: done = scene.edit("reverse", [&](MapDocument& m) { return reverseRing(m, r); }); break;
        case 5: done = scene.edit("hole", [&](MapDocument& m) { return addHole(m, p, Ring{at, at + Point{1, 0}, at + Point{0, 1}}); }); break;
        case 6: done = scene.edit("move ring", [&](MapDocument& m) { return moveRing(m, r, {uniform(-1, 1), uniform(-1, 1)}); }); break;
        default: done = scene.edit("delete ring", [&](MapDocument& m) { return deleteRing(m, r); }); break;
      }
    }
    if (done) states.push_back(scene.document());
  }
  REQUIRE(scene.history().size() == states.size() - 1);
  for (std::size_t i = states.size() - 1; i > 0; --i) {
    REQUIRE(scene.undo());
    REQUIRE(scene.document() == states[i - 1]);
  }
  CHECK_FALSE(scene.dirty());
  for (std::size_t i = 1; i < states.size(); ++i) {
    REQUIRE(scene.redo());
    REQUIRE(scene.document() == states[i]);
  }
  REQUIRE(scene.jumpTo(states.size() / 2));
  CHECK(scene.document() == states[states.size() / 2]);
}

TEST_CASE("scene: every edit is a command, and undo back to the saved state is clean again", "[editor]") {
  Scene scene;
  scene.setDocument(seedDoc(), fs::path("seed.json"));
  CHECK_FALSE(scene.dirty());
  scene.setGoal(Point{19, 21});
  scene.setCornerOffset(0.1);
  scene.setCornerOffset(0.2);  // merges with the previous one
  REQUIRE(scene.history().size() == 2);
  CHECK(scene.history().command(1).label == "Corner offset");
  CHECK(scene.dirty());
  REQUIRE(scene.undo());
  CHECK(scene.document().settings.corner_offset == 0.0);
  REQUIRE(scene.undo());
  CHECK(scene.document() == seedDoc());
  CHECK_FALSE(scene.dirty());
  CHECK(scene.resultPath().length == Approx(kSeedLength).epsilon(1e-12));
  CHECK_FALSE(scene.undo());
  REQUIRE(scene.redo());
  REQUIRE(scene.redo());
  CHECK(scene.document().settings.corner_offset == 0.2);
  // A gesture is one command however often it changes the document; cancel restores.
  scene.beginGesture();
  for (int i = 1; i <= 5; ++i)
    scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, Handle{Handle::Kind::Start}, {15.0 + i, 6}); });
  CHECK(scene.document().start == Point{20, 6});
  scene.endGesture("Move start");
  CHECK(scene.history().size() == 3);
  scene.beginGesture();
  scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, Handle{Handle::Kind::Start}, {16, 7}); });
  scene.cancelGesture();
  CHECK(scene.document().start == Point{20, 6});
  CHECK(scene.history().size() == 3);
}

// [SECTION] Scripted editing in the real loop

TEST_CASE("a scripted drag is one command, and Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z undo and redo it exactly", "[editor]") {
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  const MapDocument original = scene.document();
  ed.drag(pixel(ed, {21, 15}), pixel(ed, {19, 14}), 6);
  const MapDocument dragged = scene.document();
  REQUIRE(dragged != original);
  CHECK(distance(dragged.polygons[0].outer[11], {19, 14}) < 0.1);
  REQUIRE(scene.history().size() == 1);
  CHECK(scene.history().command(0).label == "Move polygon 0, outer ring, vertex 11");

  ed.key(SDL_SCANCODE_Z, kCtrl);
  CHECK(scene.document() == original);
  CHECK_FALSE(scene.dirty());
  CHECK(scene.shownPath().length == Approx(kSeedLength).epsilon(1e-12));
  ed.key(SDL_SCANCODE_Y, kCtrl);
  CHECK(scene.document() == dragged);
  CHECK(scene.shownPath().points == freshPath(dragged).points);
  ed.key(SDL_SCANCODE_Z, kCtrl);
  ed.key(SDL_SCANCODE_Z, kCtrlShift);
  CHECK(scene.document() == dragged);
  CHECK(scene.dirty());

  // The History tab lists it; clicking the first entry goes back to the opened map.
  ed.click("tab History");
  ed.click("history 0");
  CHECK(scene.document() == original);
  ed.click("history 1");
  CHECK(scene.document() == dragged);
}

TEST_CASE("pressing an edge inserts a vertex on it, and Del deletes it again, and undo restores", "[editor]") {
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  const MapDocument original = scene.document();
  // The wall from (3,3) to (24,3) is edge 1 (vertex 1 to vertex 2).
  ed.motion(static_cast<int>(pixel(ed, {12, 3}).x), static_cast<int>(pixel(ed, {12, 3}).y));
  const auto& hovered = ed.app->tools().overlay().hovered_edge;
  REQUIRE(hovered);
  CHECK(hovered->edge == 1);
  clickAt(ed, {12, 3});
  const Ring& ring = scene.document().polygons[0].outer;
  REQUIRE(ring.size() == 13);
  const Point inserted = ring[2];
  CHECK(std::abs(inserted.y - 3.0) < 1e-9);  // on the wall
  CHECK(std::abs(inserted.x - 12.0) < 0.1);
  CHECK(ring[1] == Point{3, 3});
  CHECK(ring[3] == Point{24, 3});
  REQUIRE(scene.history().size() == 1);
  CHECK(scene.history().command(0).label == "Insert vertex on polygon 0, outer ring");
  REQUIRE(ed.app->tools().selection().size() == 1);
  CHECK(ed.app->tools().selection()[0] == Handle{Handle::Kind::Vertex, 0, -1, 2});
  // The path is unchanged (a vertex on a straight wall) and still the fresh one.
  CHECK(scene.shownPath().length == Approx(kSeedLength).epsilon(1e-12));

  ed.key(SDL_SCANCODE_DELETE);
  CHECK(scene.document() == original);
  CHECK(scene.history().size() == 2);
  ed.key(SDL_SCANCODE_Z, kCtrl);
  CHECK(scene.document().polygons[0].outer.size() == 13);
  CHECK(scene.document().polygons[0].outer[2] == inserted);
}

TEST_CASE("box select then drag moves the group by the same offset as one command", "[editor]") {
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  const MapDocument original = scene.document();
  // A box around (15,17), (21,17), (21,15) and nothing else (start, goal and the other
  // vertices are outside it): from (14,14.2) to (22,18) is empty space inside the map.
  ed.drag(pixel(ed, {14, 14.2}), pixel(ed, {22, 18}), 4);
  std::vector<Handle> sel = ed.app->tools().selection();
  std::sort(sel.begin(), sel.end(), [](const Handle& a, const Handle& b) { return a.vertex < b.vertex; });
  REQUIRE(sel.size() == 3);
  CHECK(sel[0].vertex == 9);
  CHECK(sel[1].vertex == 10);
  CHECK(sel[2].vertex == 11);
  CHECK(scene.history().size() == 0);  // selecting is no edit

  // Snap on (step 1): the grabbed vertex lands on whole units and the group follows.
  ed.app->ui().snap = true;
  ed.app->ui().snap_step = 1.0;
  ed.drag(pixel(ed, {21, 17}), pixel(ed, {20, 18}), 5);
  const Ring& ring = scene.document().polygons[0].outer;
  CHECK(ring[9] == Point{14, 18});
  CHECK(ring[10] == Point{20, 18});
  CHECK(ring[11] == Point{20, 16});
  for (int v = 0; v < 9; ++v) CHECK(ring[static_cast<std::size_t>(v)] == original.polygons[0].outer[static_cast<std::size_t>(v)]);
  REQUIRE(scene.history().size() == 1);
  CHECK(scene.history().command(0).label == "Move 3 points");
  ed.key(SDL_SCANCODE_Z, kCtrl);
  CHECK(scene.document() == original);
}

TEST_CASE("Add vertex tool: clicks continue the ring after the selected vertex", "[editor]") {
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  ed.app->ui().snap = true;
  clickAt(ed, {3, 15});  // select vertex 0
  REQUIRE(ed.app->tools().selection() == std::vector<Handle>{Handle{Handle::Kind::Vertex, 0, -1, 0}});
  ed.key(SDL_SCANCODE_A);
  CHECK(ed.app->tools().tool() == Tool::AddVertex);
  clickAt(ed, {2, 12});
  clickAt(ed, {2, 6});
  const Ring& ring = scene.document().polygons[0].outer;
  REQUIRE(ring.size() == 14);
  CHECK(ring[0] == Point{3, 15});
  CHECK(ring[1] == Point{2, 12});
  CHECK(ring[2] == Point{2, 6});
  CHECK(ring[3] == Point{3, 3});
  CHECK(scene.mapIsCurrent());
  CHECK(scene.history().size() == 2);
}

TEST_CASE("drawing a hole and a polygon with clicks, saving, and the pixels of the result", "[editor]") {
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  ed.app->ui().snap = true;
  ed.app->ui().snap_step = 1.0;

  // A hole in the top room, clicked a little off the grid: snapping puts it on whole units.
  ed.key(SDL_SCANCODE_H);
  for (Point p : {Point{9.1, 4.2}, Point{13.2, 3.9}, Point{12.8, 6.9}, Point{9.2, 7.1}}) clickAt(ed, p);
  CHECK(ed.app->tools().overlay().drawing.size() == 4);
  ed.key(SDL_SCANCODE_RETURN);
  REQUIRE(scene.document().polygons[0].holes.size() == 1);
  CHECK(scene.document().polygons[0].holes[0] == Ring{{9, 4}, {13, 4}, {13, 7}, {9, 7}});
  CHECK(scene.mapIsCurrent());
  CHECK(scene.history().command(0).label == "Add hole to polygon 0");

  // A separate polygon in the empty bottom-left corner; a double-click closes it.
  ed.key(SDL_SCANCODE_P);
  clickAt(ed, {5, 18});
  clickAt(ed, {12, 18});
  clickAt(ed, {12, 23});
  ed.key(SDL_SCANCODE_BACKSPACE);  // drops (12, 23)
  clickAt(ed, {10, 22});
  clickAt(ed, {10, 22}, 2);
  REQUIRE(scene.document().polygons.size() == 2);
  CHECK(scene.document().polygons[1].outer == Ring{{5, 18}, {12, 18}, {10, 22}});
  CHECK(scene.mapIsCurrent());
  // Esc drops a ring being drawn.
  clickAt(ed, {6, 23});
  ed.key(SDL_SCANCODE_ESCAPE);
  CHECK(ed.app->tools().overlay().drawing.empty());
  CHECK(scene.history().size() == 2);

  // The path is a fresh computation's on the drawn document.
  CHECK(scene.shownPath().points == freshPath(scene.document()).points);

  // Pixels: inside the hole the canvas background shows, the region fill is gone; inside
  // the new polygon the region is drawn.
  ed.key(SDL_SCANCODE_V);
  ed.motion(5, 5);  // the mouse away from the canvas: no hover marks
  const Image img = ed.shot();
  const ScreenPos hole_inside = pixel(ed, {11.5, 5.5});
  const ScreenPos poly_inside = pixel(ed, {9.5, 19.5});
  const ScreenPos outside = pixel(ed, {4.5, 23.5});
  const Color background = ed.app->ui().background;
  CHECK(near(img.at(static_cast<int>(hole_inside.x), static_cast<int>(hole_inside.y)), background));
  CHECK(near(img.at(static_cast<int>(poly_inside.x), static_cast<int>(poly_inside.y)), regionColour(ed)));
  CHECK(near(img.at(static_cast<int>(outside.x), static_cast<int>(outside.y)), background));
  CHECK_FALSE(near(regionColour(ed), background, 4));  // the checks above can tell them apart

  // Ctrl+S writes the file; its content is the document.
  const fs::path file = dir.path / "seed.json";
  ed.key(SDL_SCANCODE_S, kCtrl);
  CHECK_FALSE(scene.dirty());
  const MapDocument saved = loadMap(file);
  CHECK(saved.polygons.size() == 2);
  CHECK(saved.polygons[0].holes[0] == Ring{{9, 4}, {13, 4}, {13, 7}, {9, 7}});
  CHECK(saved.polygons[1].outer == Ring{{5, 18}, {12, 18}, {10, 22}});
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "seed.json (Seed demo) - polypath-editor");
}

TEST_CASE("Space + left drag pans instead of editing, and middle drag pans too", "[editor]") {
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  const MapDocument original = ed.app->scene().document();
  const Camera before = ed.app->camera();
  SDL_Event e{};
  e.type = SDL_KEYDOWN;
  e.key.windowID = SDL_GetWindowID(ed.app->window());
  e.key.keysym.scancode = SDL_SCANCODE_SPACE;
  e.key.keysym.sym = SDLK_SPACE;
  e.key.state = SDL_PRESSED;
  SDL_PushEvent(&e);
  ed.frames(1);
  // Pressing on the start vertex would drag it without Space.
  const ScreenPos start = pixel(ed, {15, 6});
  ed.drag(start, ScreenPos{start.x + 40, start.y + 30}, 4);
  e.type = SDL_KEYUP;
  e.key.state = SDL_RELEASED;
  SDL_PushEvent(&e);
  ed.frames(1);
  CHECK(ed.app->scene().document() == original);
  CHECK(ed.app->scene().history().size() == 0);
  const ScreenPos a = before.toScreen({10, 10}), b = ed.app->camera().toScreen({10, 10});
  CHECK(b.x - a.x == Approx(40));
  CHECK(b.y - a.y == Approx(30));
  ed.drag({900, 400}, {880, 390}, 2, SDL_BUTTON_MIDDLE);
  const ScreenPos c = ed.app->camera().toScreen({10, 10});
  CHECK(c.x - b.x == Approx(-20));
  CHECK(c.y - b.y == Approx(-10));
}

// [SECTION] Files: new, drop, unsaved prompt

TEST_CASE("New with unsaved changes asks first, and Cancel keeps the map, Discard starts the default room", "[editor]") {
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  Scene& scene = ed.app->scene();
  ed.drag(pixel(ed, {15, 6}), pixel(ed, {16, 5}), 2);
  REQUIRE(scene.dirty());
  const MapDocument edited = scene.document();
  ed.key(SDL_SCANCODE_N, kCtrl);
  ed.frames(1);
  ed.click("Cancel");
  CHECK(scene.document() == edited);
  ed.click("New");
  ed.frames(1);
  ed.click("Discard changes");
  // A usable room at once: one 40 x 24 ring, no problem, start and goal 28 m apart.
  CHECK(scene.document() == defaultRoom());
  REQUIRE(scene.document().polygons.size() == 1);
  CHECK(scene.document().polygons[0].outer.size() == 4);
  CHECK(scene.problems().empty());
  REQUIRE(scene.resultPath().found);
  CHECK(std::abs(scene.resultPath().length - 28.0) < 1e-9);
  CHECK_FALSE(scene.dirty());
  CHECK_FALSE(scene.file());
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "untitled - polypath-editor");

  // A file dropped on the window opens at once when nothing is unsaved, and goes first
  // in the recent files.
  const std::string other = dir.write("other.json", kSeedJson);
  SDL_Event e{};
  e.type = SDL_DROPFILE;
  e.drop.file = static_cast<char*>(SDL_malloc(other.size() + 1));
  std::memcpy(e.drop.file, other.c_str(), other.size() + 1);
  e.drop.windowID = SDL_GetWindowID(ed.app->window());
  SDL_PushEvent(&e);
  ed.frames(2);
  CHECK(scene.document() == parseMap(kSeedJson));
  REQUIRE(scene.file());
  CHECK(*scene.file() == fs::path(other));
  // The title names the file, then the map's own name, and marks unsaved changes.
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "other.json (Seed demo) - polypath-editor");
  scene.setStart(Point{16, 5});
  ed.frames(1);
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "other.json (Seed demo)* - polypath-editor");
  scene.undo();
  REQUIRE_FALSE(ed.app->ui().recent.empty());
  CHECK(ed.app->ui().recent.front() == fs::path(other));
}

TEST_CASE("Add start and Add goal put the point on walkable ground, apart from the other one", "[editor]") {
  // The seed demo: bounds x 3..24, y 3..24; the quarter points (8.25, 13.5) and
  // (18.75, 13.5) are walkable.
  MapDocument doc = parseMap(kSeedJson);
  const PolygonMap map = buildPolygonMap(doc);
  doc.start.reset();
  CHECK(addedEndpoint(doc, &map, true) == Point{8.25, 13.5});
  CHECK(addedEndpoint(doc, &map, false) == Point{18.75, 13.5});
  // A ring whose quarter points lie in a hole: the walkable lattice point farthest from
  // the goal (0..16 square, hole 2..14 x 2..14, goal at (15, 15)).
  MapDocument ring;
  Polygon square;
  square.outer = {{0, 0}, {16, 0}, {16, 16}, {0, 16}};
  square.holes = {{{2, 2}, {2, 14}, {14, 14}, {14, 2}}};
  ring.polygons.push_back(square);
  ring.goal = Point{15, 15};
  const PolygonMap ring_map = buildPolygonMap(ring);
  const Point s = addedEndpoint(ring, &ring_map, true);
  CHECK(ring_map.isWalkable(s));
  CHECK(s == Point{16.0 * 0.5 / 17, 16.0 * 0.5 / 17});  // the lattice corner opposite the goal
  // Without a built map (an invalid document) the quarter point; without bounds the origin.
  CHECK(addedEndpoint(ring, nullptr, true) == Point{4, 8});
  CHECK(addedEndpoint(MapDocument{}, nullptr, false) == Point{0, 0});
}

// [SECTION] Preferences

TEST_CASE("preferences round-trip, and a broken file is ignored with a message naming it", "[editor]") {
  TempDir dir("editor-tools");
  const fs::path file = dir.path / "polypath" / "preferences.json";
  Preferences p;
  p.layers = LayerEdges | LayerPath;
  p.show_grid = false;
  p.snap = true;
  p.snap_step = 0.5;
  p.background = {1, 2, 3, 255};
  p.window_width = 900;
  p.window_height = 700;
  p.recent = {"/maps/a.json", "/maps/b.json"};
  std::string error, message;
  REQUIRE(savePreferences(p, file, &error));
  CHECK(loadPreferences(file, &message) == p);
  CHECK(message.empty());
  CHECK(loadPreferences(dir.path / "missing.json", &message) == Preferences{});
  CHECK(message.empty());

  std::ofstream(file) << "{\"layers\": 3, \"snap_step\": -1,";  // cut short
  CHECK(loadPreferences(file, &message) == Preferences{});
  CHECK(message.find(file.string()) != std::string::npos);
  CHECK(message.find("not valid JSON") != std::string::npos);
  std::ofstream(file) << R"({"layers": 3, "snap_step": -1, "window": [10, 10]})";
  const Preferences partly = loadPreferences(file, &message);
  CHECK(partly.layers == (3u | LayerNavSteerPortals | LayerClearanceOutline));  // layers newer than the file start shown
  CHECK(partly.snap_step == 1.0);
  CHECK(partly.window_width == 1280);
  CHECK(message.find("snap_step") != std::string::npos);
  CHECK(message.find("window") != std::string::npos);
  // A file that knew every layer keeps a hidden one hidden.
  std::ofstream(file) << R"({"layers": 3, "layers_known": )" << kAllLayers << "}";
  CHECK(loadPreferences(file, &message).layers == 3u);
}

TEST_CASE("the editor reads its preferences at start and writes them when they change", "[editor]") {
  TempDir dir("editor-tools");
  ScopedEnv xdg("XDG_CONFIG_HOME", (dir.path / "config").string());
  const fs::path file = dir.path / "config" / "polypath" / "preferences.json";
  REQUIRE(defaultPreferencesFile() == file);
  Preferences p;
  p.layers = LayerEdges | LayerPath | LayerStartGoal;
  p.snap = true;
  p.snap_step = 2.0;
  REQUIRE(savePreferences(p, file));
  AppOptions options = withMap(dir.write("seed.json", kSeedJson));
  options.headless = true;
  options.autosave = false;
  App app(options);  // preferences on (the default), unlike HeadlessEditor's
  REQUIRE(app.init());
  CHECK(app.ui().layers == p.layers);
  CHECK(app.ui().snap);
  CHECK(app.ui().snap_step == 2.0);
  app.ui().show_grid = false;
  app.frame();
  const Preferences written = loadPreferences(file);
  CHECK_FALSE(written.show_grid);
  CHECK(written.layers == p.layers);
  REQUIRE_FALSE(written.recent.empty());  // opening the map put it in the recent files
  CHECK(written.recent.front() == fs::absolute(dir.path / "seed.json").lexically_normal());
}

// [SECTION] Background image

TEST_CASE("background image: settings round-trip through the file and the picture is drawn", "[editor]") {
  TempDir dir("editor-tools");
  // A 4 x 2 picture: left half pure red, right half pure blue.
  std::vector<std::uint8_t> rgba;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) {
      const bool left = x < 2;
      rgba.insert(rgba.end(), {static_cast<std::uint8_t>(left ? 255 : 0), 0, static_cast<std::uint8_t>(left ? 0 : 255), 255});
    }
  REQUIRE(stbi_write_png((dir.path / "art.png").c_str(), 4, 2, 4, rgba.data(), 16));

  MapDocument doc = parseMap(kSeedJson);
  BackgroundSettings b;
  b.image = "art.png";  // relative to the map's folder
  b.offset = {3, 18};   // below the top room, in the empty bottom-left corner...
  b.scale = 2.0;        // ...8 x 4 world units
  b.opacity = 1.0;
  setBackground(doc, b);
  const fs::path map = dir.path / "bg.json";
  saveMap(doc, map);
  const MapDocument loaded = loadMap(map);
  REQUIRE(backgroundOf(loaded) == b);
  CHECK(resolveBackgroundImage("art.png", map) == dir.path / "art.png");
  CHECK(resolveBackgroundImage("/abs/art.png", map) == fs::path("/abs/art.png"));
  std::string error;
  MapDocument bad = doc;
  bad.extra_settings["background"]["opacity"] = 7;
  CHECK(backgroundOf(bad, &error)->opacity == 0.5);
  CHECK(error.find("opacity") != std::string::npos);

  HeadlessEditor ed(withMap(map));
  ed.motion(5, 5);
  Image img = ed.shot();
  const ScreenPos red = pixel(ed, {4.5, 19.5}), blue = pixel(ed, {9.5, 20.5}), beyond = pixel(ed, {12.5, 20.5});
  CHECK(near(img.at(static_cast<int>(red.x), static_cast<int>(red.y)), Color{255, 0, 0, 255}));
  CHECK(near(img.at(static_cast<int>(blue.x), static_cast<int>(blue.y)), Color{0, 0, 255, 255}));
  CHECK(near(img.at(static_cast<int>(beyond.x), static_cast<int>(beyond.y)), ed.app->ui().background));

  // Half opacity through an undoable edit: half red over the background.
  ed.app->scene().edit("Place background image", [&](MapDocument& d) {
    b.opacity = 0.5;
    setBackground(d, b);
    return true;
  });
  img = ed.shot();
  CHECK(near(img.at(static_cast<int>(red.x), static_cast<int>(red.y)), blendOver({255, 0, 0, 128}, ed.app->ui().background), 3));
  ed.key(SDL_SCANCODE_Z, kCtrl);
  CHECK(backgroundOf(ed.app->scene().document())->opacity == 1.0);

  // A missing picture: the map still shows, the Map tab says why.
  ed.app->scene().edit("Set background image", [&](MapDocument& d) {
    b.image = "missing.png";
    setBackground(d, b);
    return true;
  });
  ed.frames(1);
  CHECK(ed.app->ui().background_error.find("missing.png") != std::string::npos);
}

// [SECTION] Grid and snap

TEST_CASE("the command line takes --bench-drag N: a headless benchmark of N frames", "[editor]") {
  const ParsedCommandLine ok = parseCommandLine({"map.json", "--bench-drag", "25"});
  CHECK(ok.error.empty());
  CHECK(ok.options.bench_drag == 25);
  CHECK(ok.options.headless);
  CHECK(parseCommandLine({"--bench-drag", "0"}).error.find("--bench-drag") != std::string::npos);
  CHECK(parseCommandLine({"--bench-drag"}).error.find("--bench-drag") != std::string::npos);
  CHECK(parseCommandLine({"--size", "900x700"}).options.size_given);
  CHECK_FALSE(parseCommandLine({}).options.size_given);
}

TEST_CASE("node labels are thinned to one per cell and culled outside the canvas", "[editor]") {
  const Camera camera(ScreenRect{10, 20, 100, 100}, Point{0, 0}, 10.0);  // 10 px per unit
  // Cells of 20 px: (0.5, 0.5) and (1.5, 1.5) share the first one; (2.5, 0.5) is the next
  // cell along x; (10.5, 0.5) lies right of the canvas; (-0.1, 5) left of it.
  const std::vector<Point> anchors{{0.5, 0.5}, {1.5, 1.5}, {2.5, 0.5}, {10.5, 0.5}, {-0.1, 5}, {9.9, 9.9}, {1.9, 1.0}};
  CHECK(thinLabels(anchors, camera, 20.0) == std::vector<std::size_t>{0, 2, 5});
  // Zoomed in four times, the labels still inside have cells of their own ((2.5, 0.5) is
  // now on the canvas's right edge, which is outside).
  const Camera closer(ScreenRect{10, 20, 100, 100}, Point{0, 0}, 40.0);
  CHECK(thinLabels(anchors, closer, 20.0) == std::vector<std::size_t>{0, 1, 6});
}

TEST_CASE("the pan benchmark zooms in 8x, pans a circle and zooms back out per 60 frames", "[editor]") {
  const ParsedCommandLine ok = parseCommandLine({"map.json", "--bench-pan", "60"});
  CHECK(ok.error.empty());
  CHECK(ok.options.bench_pan == 60);
  CHECK(ok.options.headless);
  CHECK(parseCommandLine({"--bench-pan", "x"}).error.find("--bench-pan") != std::string::npos);

  TempDir dir("editor-bench-pan");
  AppOptions options = withMap(dir.write("seed.json", kSeedJson));
  options.bench_pan = 40;  // the zoom in and the circle: the view ends 8x closer, centred as it began
  HeadlessEditor ed(options);
  const Camera fitted = ed.app->camera();
  const ScreenRect v = fitted.viewport();
  const Point centre = fitted.toWorld({v.x + v.w / 2.0, v.y + v.h / 2.0});
  CHECK(ed.app->runBenchPan() == 0);
  const Camera& after = ed.app->camera();
  CHECK(after.scale() == Approx(8.0 * fitted.scale()).epsilon(1e-9));
  const Point seen = after.toWorld({v.x + v.w / 2.0, v.y + v.h / 2.0});
  CHECK(seen.x == Approx(centre.x).margin(1e-6));
  CHECK(seen.y == Approx(centre.y).margin(1e-6));
}

TEST_CASE("the zoom and centre options: the pan benchmark and a screenshot zoom in F times about the point given", "[editor]") {
  const ParsedCommandLine ok = parseCommandLine({"map.json", "--zoom", "4", "--centre", "12,9"});
  CHECK(ok.error.empty());
  CHECK(ok.options.zoom == 4.0);
  REQUIRE(ok.options.centre);
  CHECK(*ok.options.centre == Point{12, 9});
  CHECK(parseCommandLine({"--zoom", "0.5"}).error.find("--zoom") != std::string::npos);
  CHECK(parseCommandLine({"--centre", "x"}).error.find("--centre") != std::string::npos);

  TempDir dir("editor-zoom");
  const std::string map = dir.write("seed.json", kSeedJson);
  for (const bool screenshot : {false, true}) {
    INFO((screenshot ? "screenshot" : "bench-pan"));
    AppOptions options = withMap(map);
    options.zoom = 4.0;
    options.centre = Point{12, 9};
    if (screenshot)
      options.screenshot = dir.path / "zoomed.png";
    else
      options.bench_pan = 40;  // the zoom in and the circle: the view ends zoomed in, centred as it began
    HeadlessEditor ed(options);
    const Camera fitted = ed.app->camera();
    CHECK((screenshot ? ed.app->runScreenshot() : ed.app->runBenchPan()) == 0);
    const Camera& after = ed.app->camera();
    CHECK(after.scale() == Approx(4.0 * fitted.scale()).epsilon(1e-9));
    const ScreenRect v = after.viewport();
    const Point seen = after.toWorld({v.x + v.w / 2.0, v.y + v.h / 2.0});
    CHECK(seen.x == Approx(12.0).margin(1e-6));
    CHECK(seen.y == Approx(9.0).margin(1e-6));
  }
}

TEST_CASE("grid step: 1-2-5 steps at least kMinGridPixels apart, and with snapping, multiples of the snap step", "[editor]") {
  CHECK(gridStep(28.0) == 1.0);
  CHECK(gridStep(27.9) == 2.0);
  CHECK(gridStep(10.0) == 5.0);
  CHECK(gridStep(100.0) == Approx(0.5));
  CHECK(gridStep(28.0, 0.25) == 1.25);   // 1 unit needed: 0.25 times 5 (4 is no 1-2-5 multiple)
  CHECK(gridStep(200.0, 0.25) == 0.25);  // zoomed in: the snap step itself
  CHECK(gridStep(0.0) == 0.0);
  CHECK(snapToGrid({1.26, -0.74}, 0.5) == Point{1.5, -0.5});
  CHECK(snapToGrid({1.26, -0.74}, 0.0) == Point{1.26, -0.74});
}

TEST_CASE("with snapping on, the drawn grid lines are the snap positions", "[editor]") {
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  ed.app->ui().snap = true;
  ed.app->ui().snap_step = 0.5;
  ed.app->ui().layers = 0;  // only the grid on the canvas
  ed.motion(5, 5);
  const Image img = ed.shot();
  const double step = gridStep(ed.app->camera().scale(), 0.5);
  REQUIRE(step > 0);
  const Color background = ed.app->ui().background;
  // A vertical grid line at x = k * step, none half way between two lines.
  const double k = std::ceil(10.0 / step);
  const ScreenPos on = ed.app->camera().toScreen({k * step, 10.3});
  const ScreenPos between = ed.app->camera().toScreen({(k + 0.5) * step, 10.3});
  bool line = false;
  for (int dx = -1; dx <= 1; ++dx)
    line |= !near(img.at(static_cast<int>(std::floor(on.x)) + dx, static_cast<int>(on.y)), background, 0);
  CHECK(line);
  CHECK(near(img.at(static_cast<int>(between.x), static_cast<int>(between.y)), background, 0));
  // And a dragged point lands on one.
  ed.app->ui().layers = kDefaultLayers;
  ed.drag(pixel(ed, {15, 6}), pixel(ed, {16.3, 5.2}), 3);
  const Point s = *ed.app->scene().document().start;
  CHECK(s == snapToGrid(s, 0.5));
}

TEST_CASE("review screenshots of the editing tools", "[.][editor-shots]") {
  // Run with: polypath_tests "[editor-shots]"; writes PNGs to $POLYPATH_SHOTS_DIR (or the
  // temporary folder) for a person to look at: nothing is checked here.
  const char* env = std::getenv("POLYPATH_SHOTS_DIR");
  const fs::path out = env ? fs::path(env) : fs::temp_directory_path();
  TempDir dir("editor-tools");
  HeadlessEditor ed(withMap(dir.write("seed.json", kSeedJson)));
  ed.app->ui().snap = true;
  // A selected ring half way through a box selection, and the edge under the mouse.
  ed.drag(pixel(ed, {14, 14.2}), pixel(ed, {22, 18}), 2);
  ed.motion(static_cast<int>(pixel(ed, {12, 3.05}).x), static_cast<int>(pixel(ed, {12, 3.05}).y));
  REQUIRE(writePng(ed.shot(), out / "editor-selection-hover-edge.png"));
  // A hole being drawn.
  ed.key(SDL_SCANCODE_H);
  for (Point p : {Point{9, 4}, Point{13, 4}, Point{13, 7}}) clickAt(ed, p);
  ed.motion(static_cast<int>(pixel(ed, {9.2, 6.8}).x), static_cast<int>(pixel(ed, {9.2, 6.8}).y));
  ed.click("tab History");
  REQUIRE(writePng(ed.shot(), out / "editor-drawing-hole.png"));
  ed.key(SDL_SCANCODE_RETURN);
  ed.click("tab Help");
  REQUIRE(writePng(ed.shot(), out / "editor-help.png"));
  ed.click("tab Map");
  REQUIRE(writePng(ed.shot(), out / "editor-map-tab.png"));
}

#endif  // POLYPATH_HAVE_EDITOR
