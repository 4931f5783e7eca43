// test_editor_grid_document.cpp: a .map grid as an editor document, driven
// with SDL events: a painted wall saved with Ctrl+S and reloaded byte for byte; the
// unsaved-changes questions on closing the window, opening another file and New; the
// --start / --goal command-line options that put a grid search in a screenshot; the
// smoothed path drawn as lines; and unsaved walls autosaved on SIGTERM and recovered.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include "polypath/debug/debug_draw.hpp"
#include "editor/app/command_line.hpp"
#include "polypath/formats/movingai.hpp"
#include "editor/app/recovery.hpp"
#include "editor/document/new_map.hpp"
#include "support/headless_editor.hpp"
#include "support/scoped_env.hpp"
#include "support/temp_dir.hpp"

using namespace polypath;
using namespace polypath::test;
namespace fs = std::filesystem;

namespace {

const fs::path kMapsDir = fs::path(POLYPATH_SOURCE_DIR) / "maps";
const fs::path kExplorer = kMapsDir / "astar-explorer.map";

std::string readText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

ScreenPos cellOnScreen(HeadlessEditor& ed, int x, int y) {
  return ed.app->camera().toScreen(ed.app->grid().grid().cellCenter(x, y));
}

// A copy of the textbook map in `dir` (so that Ctrl+S may overwrite it).
fs::path copyOfExplorer(const TempDir& dir) {
  const fs::path copy = dir.path / "explorer.map";
  fs::copy_file(kExplorer, copy, fs::copy_options::overwrite_existing);
  return copy;
}

void paintWall(HeadlessEditor& ed, int x0, int x1, int y) {
  ed.click("Grid Wall");
  ed.drag(cellOnScreen(ed, x0, y), cellOnScreen(ed, x1, y), 2 * (x1 - x0 + 1));
}

bool hasButton(HeadlessEditor& ed, const std::string& name) {
  return ed.app->ui().widget_rects.count(name) != 0;
}

}  // namespace

TEST_CASE("editor grid: a painted wall saved with Ctrl+S reloads with the same bytes", "[editor][editorgrid]") {
  TempDir dir("editor-grid-doc");
  const fs::path file = copyOfExplorer(dir);
  HeadlessEditor ed(withMap(file));
  editor::GridScene& g = ed.app->grid();
  REQUIRE(g.active());
  paintWall(ed, 3, 5, 2);
  REQUIRE(g.dirty());
  ed.key(SDL_SCANCODE_S, KMOD_CTRL);
  CHECK(!g.dirty());
  Grid expected = loadMovingAiMap(kExplorer);
  for (int x = 3; x <= 5; ++x) expected.setBlocked(x, 2, true);
  const std::string text = readText(file);
  CHECK(text == serializeMovingAiMap(expected));
  // Row 2 of the text: "map" line, then rows of 40 cells and a newline.
  CHECK(text.substr(text.find("map\n") + 4 + 2 * 41, 8) == "...@@@..");
  // No temporary file is left next to it (the save writes one and renames it).
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path)) files += entry.is_regular_file() ? 1 : 0;
  CHECK(files == 1);
  // Reload: Open the same file (nothing unsaved, so no question).
  ed.app->ui().open_request = file;
  ed.frames(2);
  CHECK(g.file() == file);
  CHECK(g.strokes().empty());
  CHECK(g.grid().blocked == expected.blocked);
  CHECK(serializeMovingAiMap(g.grid()) == text);
}

TEST_CASE("editor grid: closing the window with unsaved walls asks, Cancel keeps them, Discard quits",
          "[editor][editorgrid]") {
  HeadlessEditor ed(withMap(kExplorer));
  editor::GridScene& g = ed.app->grid();
  paintWall(ed, 2, 4, 2);
  REQUIRE(g.dirty());
  ed.closeWindow();
  CHECK_FALSE(ed.app->quitRequested());
  REQUIRE(hasButton(ed, "Grid Discard"));
  ed.click("Grid Cancel");
  ed.frames(1);
  CHECK_FALSE(ed.app->quitRequested());
  CHECK(g.dirty());
  CHECK(g.grid().isBlocked(3, 2));
  CHECK_FALSE(hasButton(ed, "Grid Discard"));
  ed.closeWindow();
  CHECK_FALSE(ed.app->quitRequested());
  ed.click("Grid Discard");
  ed.frames(2);
  CHECK(ed.app->quitRequested());
}

TEST_CASE("editor grid: SDL_QUIT (SIGTERM) autosaves unsaved walls, and the next start's Recover restores them",
          "[editor][editorgrid]") {
  TempDir dir("editor-grid-recovery");
  ScopedEnv xdg("XDG_CONFIG_HOME", (dir.path / "config").string());
  const fs::path recovery = dir.path / "config" / "polypath" / "recovery.json";
  const fs::path file = copyOfExplorer(dir);
  // The map file is older than the autosave below (else the recovery is not offered).
  fs::last_write_time(file, fs::last_write_time(file) - std::chrono::hours(1));
  const std::string original = readText(file);
  // The expected .map text, edited by hand: rows of 40 cells and a newline after "map\n";
  // cells 3..5 of row 2 become walls (they are free in the textbook map).
  std::string walled = original;
  const std::size_t row2 = walled.find("map\n") + 4 + 2 * 41;
  REQUIRE(walled.substr(row2 + 3, 3) == "...");
  walled.replace(row2 + 3, 3, "@@@");
  {
    HeadlessEditor ed(withMap(file), kWidth, kHeight, true);
    editor::GridScene& g = ed.app->grid();
    REQUIRE(g.active());
    CHECK(ed.app->ui().recovery_prompt.empty());
    paintWall(ed, 3, 5, 2);
    REQUIRE(g.dirty());
    CHECK_FALSE(fs::exists(recovery));  // one edit, less than 30 s: not yet
    ed.quitSignal();
    CHECK(ed.app->quitRequested());
  }  // the editor is gone: the recovery file stays
  REQUIRE(fs::exists(recovery));
  // The recovery file: the grid's .map text and the file it was edited from, as JSON.
  std::string escaped;
  for (char c : walled) escaped += c == '\n' ? std::string("\\n") : std::string(1, c);
  CHECK(readText(recovery) == "{\n \"movingai_map\": \"" + escaped + "\",\n \"recovery_of\": \"" +
                                  fs::absolute(file).string() + "\"\n}\n");
  CHECK(readText(file) == original);  // the map itself is untouched
  {
    HeadlessEditor ed(withMap(file), kWidth, kHeight, true);
    editor::GridScene& g = ed.app->grid();
    const std::string prompt = ed.app->ui().recovery_prompt;
    CHECK(prompt.find("Recover unsaved work from ") == 0);
    CHECK(prompt.find(fs::absolute(file).string()) != std::string::npos);
    CHECK(serializeMovingAiMap(g.grid()) == original);  // not yet
    ed.frames(1);
    ed.click("Recover");
    CHECK(ed.app->ui().recovery_prompt.empty());
    REQUIRE(g.active());
    CHECK(serializeMovingAiMap(g.grid()) == walled);
    for (int x = 2; x <= 6; ++x) CHECK(g.grid().isBlocked(x, 2) == (x >= 3 && x <= 5));
    CHECK(g.dirty());
    CHECK(g.file() == fs::absolute(file));
    ed.frames(1);
    CHECK(fs::exists(recovery));  // kept until the work is saved
    ed.key(SDL_SCANCODE_S, KMOD_CTRL);
    CHECK_FALSE(g.dirty());
    ed.frames(1);
    CHECK_FALSE(fs::exists(recovery));
    CHECK(readText(file) == walled);
  }
}

TEST_CASE("editor grid: nothing unsaved, closing the window quits at once", "[editor][editorgrid]") {
  HeadlessEditor ed(withMap(kExplorer));
  REQUIRE(ed.app->grid().active());
  ed.closeWindow();
  CHECK(ed.app->quitRequested());
}

TEST_CASE("editor grid: opening another file or New with unsaved walls asks first", "[editor][editorgrid]") {
  HeadlessEditor ed(withMap(kExplorer));
  editor::GridScene& g = ed.app->grid();
  paintWall(ed, 2, 4, 2);
  REQUIRE(g.dirty());
  // Another .map: Cancel keeps the painted grid.
  const fs::path cup = kMapsDir / "astar-explorer-cup-closed.map";
  ed.app->ui().open_request = cup;
  ed.frames(2);
  CHECK(g.file() == kExplorer);
  REQUIRE(hasButton(ed, "Grid Discard"));
  ed.click("Grid Cancel");
  ed.frames(1);
  CHECK(g.file() == kExplorer);
  CHECK(g.dirty());
  // Again, Discard: the other grid opens.
  ed.app->ui().open_request = cup;
  ed.frames(2);
  ed.click("Grid Discard");
  ed.frames(2);
  CHECK(g.file() == cup);
  CHECK(!g.dirty());
  CHECK(g.grid().isBlocked(15, 10));  // the wall closing the cup
  // A polygon map: Discard leaves grid mode and opens it.
  paintWall(ed, 2, 4, 2);
  REQUIRE(g.dirty());
  ed.app->ui().open_request = kMapsDir / "seed-demo.json";
  ed.frames(2);
  CHECK(g.active());
  ed.click("Grid Discard");
  ed.frames(3);
  CHECK(!g.active());
  CHECK(ed.app->scene().document().name == "Seed demo");
  // New (Ctrl+N) from a grid with unsaved walls asks too; Discard gives the default room.
  ed.app->ui().open_request = kExplorer;
  ed.frames(2);
  REQUIRE(g.active());
  paintWall(ed, 2, 4, 2);
  ed.key(SDL_SCANCODE_N, KMOD_CTRL);
  ed.frames(1);
  CHECK(g.active());
  REQUIRE(hasButton(ed, "Grid Discard"));
  ed.click("Grid Discard");
  ed.frames(3);
  CHECK(!g.active());
  CHECK(ed.app->scene().document() == editor::defaultRoom());
}

TEST_CASE("editor --start and --goal: cells on a grid, so a screenshot shows that search", "[editor][editorgrid]") {
  const editor::ParsedCommandLine parsed =
      editor::parseCommandLine({kExplorer.string(), "--start", "6,15", "--goal", "34,9", "--steps", "30"});
  REQUIRE(parsed.error.empty());
  REQUIRE(parsed.options.start);
  CHECK(*parsed.options.start == Point{6, 15});
  CHECK(*parsed.options.goal == Point{34, 9});
  CHECK(editor::parseCommandLine({"--start", "6"}).error ==
        "--start needs X,Y (world units on a polygon map, cell column,row on a .map), not '6'");
  CHECK(!editor::parseCommandLine({"--goal", "1,nan"}).error.empty());

  {
  HeadlessEditor ed(parsed.options);  // one editor at a time (one ImGui context)
  REQUIRE(ed.app->loadError().empty());
  editor::GridScene& g = ed.app->grid();
  CHECK(g.start() == g.grid().index(6, 15));
  CHECK(g.goal() == g.grid().index(34, 9));
  CHECK(g.stepping());
  CHECK(g.state().expandedCount() == 30);
  const editor::Image img = ed.shot();
  auto pixelAt = [&](int x, int y) {
    const ScreenPos p = cellOnScreen(ed, x, y);  // left of and above the "S"/"G" letter, inside the disc
    return img.at(static_cast<int>(p.x) - 5, static_cast<int>(p.y) - 3);
  };
  CHECK(pixelAt(6, 15) == layerColor(LayerStartGoal));
  CHECK(pixelAt(34, 9) == kGoalColor);
  g.finish();
  CHECK(g.state().expandedCount() == 219);
  CHECK(g.pathSteps() == 28);
  }

  // A wall or a fraction is refused with a message; the map's own markers stay.
  AppOptions bad = withMap(kExplorer);
  bad.start = Point{23, 10};
  bad.goal = Point{3.5, 2};
  {
    HeadlessEditor ed2(bad);
    CHECK(ed2.app->loadError() ==
          "--start 23,10: cell (23, 10) is a wall of the 40 x 24 grid; --goal 3.5,2: a grid cell needs whole numbers C,R");
    CHECK(ed2.app->grid().start() == 0);
  }

  // On a polygon map they are world points.
  AppOptions poly = withMap(kMapsDir / "seed-demo.json");
  poly.start = Point{16, 5};
  poly.goal = Point{19, 21};
  HeadlessEditor ed3(poly);
  CHECK(ed3.app->scene().document().start == Point{16, 5});
  CHECK(ed3.app->scene().document().goal == Point{19, 21});
}

TEST_CASE("editor grid: the smoothed path is drawn as lines in the path colour", "[editor][editorgrid]") {
  AppOptions o = withMap(kExplorer);
  o.start = Point{6, 15};
  o.goal = Point{34, 9};
  HeadlessEditor ed(o);
  editor::GridScene& g = ed.app->grid();
  REQUIRE(g.path().found);
  REQUIRE(g.smoothed().empty());
  // The midpoint of the longest smoothed segment: no cell centre, a line only when smoothing is on.
  g.setSmoothing(true);  // what the "smooth the path" checkbox does
  ed.frames(1);
  const std::vector<Point>& s = g.smoothed();
  REQUIRE(s.size() >= 3);
  CHECK(s.front() == g.grid().cellCenter(6, 15));
  CHECK(s.back() == g.grid().cellCenter(34, 9));
  std::size_t longest = 1;
  for (std::size_t i = 1; i < s.size(); ++i)
    if (distance(s[i - 1], s[i]) > distance(s[longest - 1], s[longest])) longest = i;
  const Point mid = (s[longest - 1] + s[longest]) * 0.5;
  const ScreenPos m = ed.app->camera().toScreen(mid);
  const int px = static_cast<int>(std::floor(m.x)), py = static_cast<int>(std::floor(m.y));  // the pixel holding it
  const Color want = layerColor(LayerPath);
  // Lines are anti-aliased: the exact colour is on the line's core, which may pass through
  // a neighbour of the pixel holding the midpoint. Count the 3 x 3 pixels around it in it.
  auto pathPixels = [&](const editor::Image& image) {
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const Color c = image.at(px + dx, py + dy);
        n += std::abs(c.r - want.r) <= 1 && std::abs(c.g - want.g) <= 1 && std::abs(c.b - want.b) <= 1;
      }
    return n;
  };
  CHECK(pathPixels(ed.shot()) >= 1);
  g.setSmoothing(false);
  CHECK(pathPixels(ed.shot()) == 0);
}
