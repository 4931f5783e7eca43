// test_editor_file_dialog.cpp: the editor's file dialog and unsaved-changes questions,
// driven by SDL events (clicks, keys, typed text): navigating a folder, filtering by
// type, typing a name, the Overwrite question, Save / Discard / Cancel; and what the
// editor shows after an invalid map replaced a valid one, and the node inspector's mark.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include "editor/canvas/colours.hpp"
#include "editor/panels/file_actions.hpp"
#include "support/image_scan.hpp"

namespace {

struct DialogDir : TempDir {
  DialogDir() : TempDir("editor-file-dialog") {
    fs::create_directories(path / "sub");
    write("seed.json", kSeedJson);
    write("sub/a.json", kSeedJson);
    write("sub/b.tmx", "<map/>");
    write("sub/notes.txt", "notes");
  }
};

std::vector<std::string> names(const FileDialog& d) {
  std::vector<std::string> out;
  for (const FolderEntry& e : d.entries()) out.push_back(e.folder ? e.name + "/" : e.name);
  return out;
}

bool hasWidget(HeadlessEditor& ed, const std::string& name) { return ed.app->ui().widget_rects.count(name) > 0; }

}  // namespace

TEST_CASE("file dialog: folders, file types, a typed name and the Overwrite question", "[editor][filedialog]") {
  DialogDir dir;
  HeadlessEditor ed(withMap(dir.path / "seed.json"));
  UiState& ui = ed.app->ui();
  const FileDialog& dialog = ui.file_dialog;
  ed.app->scene().setStart(Point{16, 5});
  ed.frames(1);
  REQUIRE(ed.app->scene().dirty());

  // Save As opens the dialog beside the map, proposing its name; .json files only.
  ed.click("Save As");
  ed.frames(1);
  REQUIRE(dialog.isOpen());
  CHECK(dialog.folder() == dir.path);
  CHECK(dialog.name() == "seed.json");
  CHECK(names(dialog) == std::vector<std::string>{"sub/", "seed.json"});

  // Into "sub" with a click on it and Enter; Backspace in the empty name field goes up.
  ed.click("dialog entry sub/");
  ed.frames(1);
  CHECK(dialog.name() == "sub/");
  ed.key(SDL_SCANCODE_RETURN);
  CHECK(dialog.folder() == dir.path / "sub");
  CHECK(dialog.name().empty());
  CHECK(names(dialog) == std::vector<std::string>{"a.json"});
  ed.key(SDL_SCANCODE_BACKSPACE);
  CHECK(dialog.folder() == dir.path);
  ed.type("sub");
  ed.key(SDL_SCANCODE_RETURN);
  REQUIRE(dialog.folder() == dir.path / "sub");
  ed.frames(1);  // the emptied name field takes the keyboard again

  // A name without extension gets the type's: a.json exists, so the dialog asks.
  ed.type("a");
  ed.key(SDL_SCANCODE_RETURN);
  REQUIRE(dialog.overwriteQuestion() == dir.path / "sub" / "a.json");
  ed.click("dialog Cancel");  // keep the file: back to the dialog
  ed.frames(2);  // the name field takes the keyboard again
  CHECK_FALSE(dialog.overwriteQuestion());
  REQUIRE(dialog.isOpen());
  CHECK(loadMap(dir.path / "sub" / "a.json").start == Point{15, 6});
  ed.key(SDL_SCANCODE_RETURN);
  REQUIRE(dialog.overwriteQuestion());
  ed.click("dialog Overwrite");
  CHECK_FALSE(dialog.isOpen());
  CHECK(loadMap(dir.path / "sub" / "a.json").start == Point{16, 5});
  CHECK(ed.app->scene().file() == dir.path / "sub" / "a.json");
  CHECK_FALSE(ed.app->scene().dirty());
  REQUIRE_FALSE(ui.recent_folders.empty());
  CHECK(ui.recent_folders.front() == dir.path / "sub");

  // Open (Ctrl+O): every map by default, then every file; it starts in the last place.
  ed.frames(2);
  ed.key(SDL_SCANCODE_O, KMOD_CTRL);
  ed.frames(1);
  REQUIRE(dialog.isOpen());
  CHECK(dialog.folder() == dir.path / "sub");
  CHECK(names(dialog) == std::vector<std::string>{"a.json", "b.tmx"});
  ed.click("dialog filter All files");
  CHECK(names(dialog) == std::vector<std::string>{"a.json", "b.tmx", "notes.txt"});
  ed.click("dialog filter " + openMapFilters()[1].label);  // polypath maps only
  CHECK(names(dialog) == std::vector<std::string>{"a.json"});
  // Enter on a name that is no file says so under the name field, and opens nothing;
  // typing again takes the message away.
  ed.click("dialog name");
  ed.type("missing.json");
  REQUIRE(dialog.name() == "missing.json");
  ed.key(SDL_SCANCODE_RETURN);
  ed.frames(1);
  CHECK(dialog.nameError() == "There is no file " + (dir.path / "sub" / "missing.json").string() + ".");
  CHECK(hasWidget(ed, "dialog name error"));
  CHECK(dialog.isOpen());
  CHECK_FALSE(ui.open_request);
  ed.type("x");
  ed.frames(1);
  CHECK(dialog.nameError().empty());
  ed.key(SDL_SCANCODE_ESCAPE);  // Escape cancels: nothing opens
  CHECK_FALSE(dialog.isOpen());
  CHECK_FALSE(ui.open_request);
  CHECK(ed.app->scene().file() == dir.path / "sub" / "a.json");
}

TEST_CASE("unsaved changes: Save, Discard and Cancel, and Save of an untitled map through Save As",
          "[editor][filedialog]") {
  DialogDir dir;
  const fs::path seed = dir.path / "seed.json", other = dir.path / "sub" / "a.json";
  HeadlessEditor ed(withMap(seed));
  UiState& ui = ed.app->ui();
  Scene& scene = ed.app->scene();
  auto openOther = [&] {
    ed.click("Open");
    ed.chooseFile(other);
    ed.frames(1);
    REQUIRE(hasWidget(ed, "Save changes"));
    REQUIRE(hasWidget(ed, "Discard changes"));
    REQUIRE(hasWidget(ed, "Cancel"));
  };

  // Cancel: nothing happens.
  scene.setStart(Point{16, 5});
  openOther();
  ed.click("Cancel");
  ed.frames(1);
  CHECK(scene.file() == seed);
  CHECK(scene.dirty());
  CHECK_FALSE(ui.open_request);
  CHECK_FALSE(hasWidget(ed, "Save changes"));

  // Discard: the other map opens, seed.json stays as it was.
  openOther();
  ed.click("Discard changes");
  ed.frames(1);
  CHECK(scene.file() == other);
  CHECK(loadMap(seed).start == Point{15, 6});

  // Save: seed.json is written, then the other map opens.
  ed.click("Open");
  ed.chooseFile(seed);
  ed.frames(1);
  REQUIRE(scene.file() == seed);
  scene.setStart(Point{17, 5});
  openOther();
  ed.click("Save changes");
  ed.frames(2);
  CHECK(loadMap(seed).start == Point{17, 5});
  CHECK(scene.file() == other);

  // An untitled map: Save asks where (Save As); cancelling that cancels the open.
  ed.key(SDL_SCANCODE_N, KMOD_CTRL);
  ed.frames(1);
  REQUIRE_FALSE(scene.file());
  scene.setStart(Point{3, 3});
  REQUIRE(scene.dirty());
  openOther();
  ed.click("Save changes");
  ed.frames(1);
  REQUIRE(ui.file_dialog.isOpen());
  ed.key(SDL_SCANCODE_ESCAPE);
  ed.frames(2);
  CHECK_FALSE(ui.file_dialog.isOpen());
  CHECK_FALSE(ui.open_request);
  CHECK_FALSE(hasWidget(ed, "Save changes"));
  CHECK_FALSE(scene.file());
  CHECK(scene.dirty());
  // ... and choosing a file saves there, then opens the other map.
  openOther();
  ed.click("Save changes");
  ed.chooseFile(dir.path / "room.json");
  ed.frames(2);
  REQUIRE(fs::exists(dir.path / "room.json"));
  CHECK(loadMap(dir.path / "room.json").start == Point{3, 3});
  CHECK(scene.file() == other);
  CHECK_FALSE(scene.dirty());
}

TEST_CASE("after a valid map, an invalid one shows none of the old map, path or clearance", "[editor][filedialog]") {
  TempDir dir("editor-stale");
  std::string valid = kSeedJson;
  valid.replace(valid.find("\"clearance\":0"), 13, "\"clearance\":0.5");
  const std::string good = dir.write("good.json", valid);
  // A bow-tie: the ring crosses itself; it reads, but is no valid map.
  const std::string bad = dir.write(
      "bad.json",
      R"({"format":"polypath-map","version":1,"name":"Bow tie","polygons":[{"outer":[[3,3],[24,24],[24,3],[3,24]],)"
      R"("holes":[]}],"start":[6,5],"goal":[21,5],"settings":{"clearance":0.5,"corner_offset":0}})");
  HeadlessEditor ed(withMap(good));
  Scene& scene = ed.app->scene();
  REQUIRE(scene.stats().path_found);
  REQUIRE(scene.searchMap() != nullptr);
  ed.click("Open");
  ed.chooseFile(bad);
  ed.frames(2);
  REQUIRE(scene.file() == fs::path(bad));
  CHECK(scene.polygonMap() == nullptr);
  CHECK(scene.searchMap() == nullptr);
  CHECK_FALSE(scene.stats().path_found);
  CHECK(scene.search() == nullptr);
  // The scene's draw list holds the new start and goal only: no greyed map, path or
  // eroded outline of good.json.
  struct Record : DebugDraw {
    std::vector<Point> at;
    int fills = 0;
    void line(Point a, Point b, Color, float) override { at.insert(at.end(), {a, b}); }
    void point(Point p, Color, float) override { at.push_back(p); }
    void fillRings(const std::vector<const Ring*>&, Color) override { ++fills; }
    void text(Point p, std::string_view, Color) override { at.push_back(p); }
  } drawn;
  scene.draw(drawn, kAllLayers, DrawStyle{});
  CHECK(drawn.fills == 0);
  for (const Point& p : drawn.at) CHECK((p == Point{6, 5} || p == Point{21, 5}));
  // What is said: the map is invalid; nothing about a last valid map or its path.
  bool invalid = false;
  for (const BannerLine& line : ed.app->ui().banner) {
    CHECK(line.text.find("last valid") == std::string::npos);
    invalid = invalid || line.text.rfind("The map is invalid", 0) == 0;
  }
  CHECK(invalid);
}

TEST_CASE("the node inspector rings its node, follows it through a rebuild and clears it when it moves",
          "[editor][filedialog]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json"));
  Scene& scene = ed.app->scene();
  UiState& ui = ed.app->ui();
  ui.show_grid = false;
  REQUIRE(scene.search());
  // A node at a vertex of the outer ring (not the start or the goal), and another vertex.
  const SearchGraph& graph = *scene.search()->graph();
  const std::vector<Point>& outer = scene.document().polygons[0].outer;
  NodeId node = kNoNode;
  int vertex = -1;
  for (std::size_t i = 0; i < graph.nodeCount() && node == kNoNode; ++i)
    for (std::size_t v = 0; v < outer.size(); ++v)
      if (graph.position(static_cast<NodeId>(i)) == outer[v]) {
        node = static_cast<NodeId>(i);
        vertex = static_cast<int>(v);
      }
  REQUIRE(node != kNoNode);
  const Point at = outer[static_cast<std::size_t>(vertex)];
  const int other = (vertex + 6) % static_cast<int>(outer.size());
  const Point other_at = outer[static_cast<std::size_t>(other)];
  ui.debugger.inspected = node;
  auto ringPixels = [&](Point where) {
    const Image img = ed.shot();
    const ScreenPos p = ed.app->camera().toScreen(where);
    return countColour(img, ScreenRect{p.x - 16, p.y - 16, 32, 32}, kInspectedMark);
  };
  CHECK(ringPixels(at) > 20);

  // Another vertex moves: the graph is rebuilt, the inspector stays on its vertex.
  const std::uint64_t generation = scene.searchGeneration();
  REQUIRE(scene.moveHandle(Handle{Handle::Kind::Vertex, 0, -1, other}, Point{other_at.x + 0.25, other_at.y + 0.25}));
  ed.frames(2);
  REQUIRE(scene.searchGeneration() != generation);
  REQUIRE(ui.debugger.inspected != kNoNode);
  CHECK(scene.search()->graph()->position(ui.debugger.inspected) == at);
  CHECK(ringPixels(at) > 20);

  // Its own vertex moves: the node is gone, the inspector clears and the ring with it.
  const Point moved{at.x + 0.25, at.y + 0.25};
  REQUIRE(scene.moveHandle(Handle{Handle::Kind::Vertex, 0, -1, vertex}, moved));
  ed.frames(2);
  CHECK(ui.debugger.inspected == kNoNode);
  CHECK(ringPixels(moved) == 0);
}

#endif  // POLYPATH_HAVE_EDITOR
