// test_editor_grid.cpp: the editor on a Moving AI grid, driven through the
// real App with SDL events: the textbook search's numbers, a painted wall stroke undone
// and redone, Save As, and the colours of explored, wall and path cells in a screenshot.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include "polypath/debug/debug_draw.hpp"
#include "polypath/formats/movingai.hpp"
#include "support/headless_editor.hpp"
#include "support/temp_dir.hpp"

using namespace polypath;
using namespace polypath::test;

namespace {

const std::filesystem::path kExplorer = std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "astar-explorer.map";

std::string readText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The textbook's query (seed 002): start (6, 15), goal (34, 9), 8 moves, no corner
// cutting, costs 100 and 142, octile, ties to larger g.
void textbookQuery(HeadlessEditor& ed) {
  editor::GridScene& g = ed.app->grid();
  REQUIRE(g.setStart(6, 15));
  REQUIRE(g.setGoal(34, 9));
  ed.frames(1);
  ed.click("Grid textbook (100, 142)");
  ed.click("Grid 8");
  ed.click("Grid no-cut");
  ed.click("Grid larger g");
  REQUIRE(g.gridOptions().costs == GridCosts::Textbook);
  REQUIRE(g.searchOptions().heuristic == Heuristic::Octile);
}

ScreenPos cellOnScreen(HeadlessEditor& ed, int x, int y) {
  return ed.app->camera().toScreen(ed.app->grid().grid().cellCenter(x, y));
}

bool near(Color a, Color b, int tol) {
  return std::abs(a.r - b.r) <= tol && std::abs(a.g - b.g) <= tol && std::abs(a.b - b.b) <= tol;
}

}  // namespace

TEST_CASE("editor opens a .map grid and runs the textbook search", "[editor][editorgrid]") {
  HeadlessEditor ed(withMap(kExplorer));
  REQUIRE(ed.app->loadError().empty());
  editor::GridScene& g = ed.app->grid();
  REQUIRE(g.active());
  CHECK(g.grid().width == 40);
  CHECK(g.grid().height == 24);
  textbookQuery(ed);
  ed.click("Grid Reset");
  CHECK(!g.stepping());
  ed.click("Grid Step");
  CHECK(g.stepping());
  CHECK(g.state().expandedCount() == 1);
  CHECK(g.state().status() == SearchStatus::Running);
  ed.click("Grid Finish");
  CHECK(g.state().status() == SearchStatus::Found);
  CHECK(g.state().expandedCount() == 219);
  CHECK(g.pathSteps() == 28);
  CHECK(g.path().length == 3388.0);
  CHECK(g.pathLength() == Approx(33.88).epsilon(1e-12));
  // Settings restart the search: 4 moves is a different search (Manhattan-shaped path).
  ed.click("Grid 4");
  CHECK(g.gridOptions().moves == 4);
  CHECK(g.pathSteps() != 28);
}

TEST_CASE("editor paints a wall stroke on a grid, undoes and redoes it", "[editor][editorgrid]") {
  HeadlessEditor ed(withMap(kExplorer));
  editor::GridScene& g = ed.app->grid();
  REQUIRE(g.active());
  REQUIRE(!g.dirty());
  REQUIRE(!g.grid().isBlocked(2, 2));
  REQUIRE(!g.grid().isBlocked(8, 2));
  ed.click("Grid Wall");
  ed.drag(cellOnScreen(ed, 2, 2), cellOnScreen(ed, 8, 2), 12);
  for (int x = 2; x <= 8; ++x) CHECK(g.grid().isBlocked(x, 2));
  CHECK(!g.grid().isBlocked(2, 3));
  REQUIRE(g.strokes().size() == 1);
  CHECK(g.strokes()[0].changes.size() == 7);
  CHECK(g.dirty());
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "astar-explorer.map* - polypath-editor");
  ed.key(SDL_SCANCODE_Z, KMOD_CTRL);
  for (int x = 2; x <= 8; ++x) CHECK(!g.grid().isBlocked(x, 2));
  CHECK(!g.dirty());
  ed.key(SDL_SCANCODE_Y, KMOD_CTRL);
  for (int x = 2; x <= 8; ++x) CHECK(g.grid().isBlocked(x, 2));
  // Erase a part of it with a second stroke.
  ed.click("Grid Erase");
  ed.drag(cellOnScreen(ed, 4, 2), cellOnScreen(ed, 5, 2), 3);
  CHECK(!g.grid().isBlocked(4, 2));
  CHECK(!g.grid().isBlocked(5, 2));
  CHECK(g.grid().isBlocked(6, 2));
  CHECK(g.strokes().size() == 2);
  ed.click("Grid Undo");
  CHECK(g.grid().isBlocked(4, 2));
}

TEST_CASE("editor saves a painted grid as a .map file", "[editor][editorgrid]") {
  TempDir dir("editor-grid");
  HeadlessEditor ed(withMap(kExplorer));
  editor::GridScene& g = ed.app->grid();
  ed.click("Grid Wall");
  ed.drag(cellOnScreen(ed, 1, 20), cellOnScreen(ed, 1, 22), 6);
  REQUIRE(g.dirty());
  const std::filesystem::path out = dir.path / "painted.map";
  ed.click("Grid Save As");
  ed.chooseFile(out);
  CHECK(!g.dirty());
  CHECK(std::string(SDL_GetWindowTitle(ed.app->window())) == "painted.map - polypath-editor");
  // The expected text: the original file with '@' at (1, 20), (1, 21), (1, 22).
  Grid expected = loadMovingAiMap(kExplorer);
  for (int y = 20; y <= 22; ++y) expected.setBlocked(1, y, true);
  const std::string text = readText(out);
  CHECK(text == serializeMovingAiMap(expected));
  const std::size_t row20 = text.find("map\n") + 4 + 20 * 41;
  CHECK(text.substr(row20, 3) == ".@.");
}

TEST_CASE("editor grid screenshot colours explored, wall and path cells", "[editor][editorgrid]") {
  HeadlessEditor ed(withMap(kExplorer));
  editor::GridScene& g = ed.app->grid();
  textbookQuery(ed);
  ed.click("Grid Finish");
  REQUIRE(g.path().found);
  const Grid& grid = g.grid();
  std::vector<char> on_path(grid.blocked.size(), 0);
  for (NodeId n : g.path().nodes) on_path[n] = 1;
  // An explored (closed) cell off the path, not the last expanded one; a path cell that is
  // neither start nor goal; a wall cell.
  int explored = -1;
  for (NodeId n : g.state().closedSet())
    if (!on_path[n] && n != g.state().lastExpanded()) explored = n;
  REQUIRE(explored >= 0);
  const int path_cell = g.path().nodes[g.path().nodes.size() / 2];
  REQUIRE(grid.isBlocked(23, 10));
  const editor::Image img = ed.shot();
  auto pixel = [&](int c) {
    const ScreenPos p = cellOnScreen(ed, c % grid.width, c / grid.width);
    // A little off the centre: the centre of the path cell holds no marker, but stay clear of any dot.
    return img.at(static_cast<int>(p.x) + 3, static_cast<int>(p.y) + 3);
  };
  const Color explored_colour = layerColor(LayerGridExplored), wall_colour = layerColor(LayerGridCells);
  Color path_colour = layerColor(LayerPath);
  // The path's cells are LayerPath at alpha 110 over the explored colour.
  auto blend = [](int top, int under) { return (top * 110 + under * (255 - 110)) / 255; };
  path_colour = Color{static_cast<std::uint8_t>(blend(path_colour.r, explored_colour.r)),
                      static_cast<std::uint8_t>(blend(path_colour.g, explored_colour.g)),
                      static_cast<std::uint8_t>(blend(path_colour.b, explored_colour.b)), 255};
  CHECK(near(pixel(explored), explored_colour, 1));
  CHECK(near(pixel(grid.index(23, 10)), wall_colour, 1));
  CHECK(near(pixel(path_cell), path_colour, 3));
  CHECK(!near(pixel(path_cell), explored_colour, 10));
}
