// The grid method: seed 002's published A-Star Explorer figures, seed 001's example, the
// corner rules, costs, heuristics, and the engine's stepping on grids.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include "polypath/core/grid.hpp"
#include "polypath/formats/movingai.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

const fs::path kMaps = fs::path(POLYPATH_SOURCE_DIR) / "maps";

/// Seed 002's start (column 6, row 15) and goal (column 34, row 9) as cell numbers.
constexpr NodeId kStart = 15 * 40 + 6;
constexpr NodeId kGoal = 9 * 40 + 34;

struct Run {
  Path path;
  int steps() const { return static_cast<int>(path.nodes.size()) - 1; }
};

Run explorer(const char* file, int moves, Heuristic h, TieBreak tie, double weight = 1.0) {
  const Grid grid = loadMovingAiMap(kMaps / file);
  const GridGraph graph(grid, {moves, CornerRule::NoCut, GridCosts::Textbook});
  return {findPath(graph, kStart, kGoal, {h, weight, tie})};
}

/// Seed 001's 5 x 5 grid: a wall at x = 2, y = 1..3.
Grid seed001Grid() {
  Grid g(5, 5);
  for (int y = 1; y <= 3; ++y) g.setBlocked(2, y, true);
  return g;
}

}  // namespace

TEST_CASE("the textbook starting map is 40 x 24 with 930 open cells", "[grid]") {
  const Grid grid = loadMovingAiMap(kMaps / "astar-explorer.map");
  CHECK(grid.width == 40);
  CHECK(grid.height == 24);
  CHECK(grid.freeCount() == 930);
  CHECK(grid.isBlocked(23, 5));
  CHECK(grid.isBlocked(15, 18));
  CHECK_FALSE(grid.isBlocked(15, 10));
  const Grid closed = loadMovingAiMap(kMaps / "astar-explorer-cup-closed.map");
  CHECK(closed.freeCount() == 930 - 12);
  CHECK(closed.isBlocked(15, 10));
}

TEST_CASE("A-Star Explorer: octile with diagonals explores 219 cells, 28 steps costing 33.88", "[grid]") {
  const Run r = explorer("astar-explorer.map", 8, Heuristic::Octile, TieBreak::LargerG);
  REQUIRE(r.path.found);
  CHECK(r.path.expanded == 219);
  CHECK(r.steps() == 28);
  CHECK(r.path.length == 3388.0);
}

TEST_CASE("A-Star Explorer: no heuristic explores 821 cells for the same cost", "[grid]") {
  const Run r = explorer("astar-explorer.map", 8, Heuristic::None, TieBreak::LargerG);
  REQUIRE(r.path.found);
  CHECK(r.path.expanded == 821);
  CHECK(r.path.length == 3388.0);
}

TEST_CASE("A-Star Explorer: the other published figures of its walkthrough", "[grid]") {
  // Manhattan with diagonals overestimates: 31 steps costing 36.46.
  const Run manhattan = explorer("astar-explorer.map", 8, Heuristic::Manhattan, TieBreak::LargerG);
  CHECK(manhattan.steps() == 31);
  CHECK(manhattan.path.length == 3646.0);
  // Euclidean and Chebyshev find the best path exploring 256 and 351 cells.
  const Run euclid = explorer("astar-explorer.map", 8, Heuristic::Euclidean, TieBreak::LargerG);
  CHECK(euclid.path.expanded == 256);
  CHECK(euclid.path.length == 3388.0);
  const Run cheb = explorer("astar-explorer.map", 8, Heuristic::Chebyshev, TieBreak::LargerG);
  CHECK(cheb.path.expanded == 351);
  CHECK(cheb.path.length == 3388.0);
  // Weight 1.8: 193 cells, a path costing 34.72.
  const Run heavy = explorer("astar-explorer.map", 8, Heuristic::Octile, TieBreak::LargerG, 1.8);
  CHECK(heavy.path.expanded == 193);
  CHECK(heavy.path.length == 3472.0);
  // No diagonals: the best costs 42.00; Manhattan explores 278, 301 without tie-breaking.
  const Run four = explorer("astar-explorer.map", 4, Heuristic::Manhattan, TieBreak::LargerG);
  CHECK(four.path.length == 4200.0);
  CHECK(four.path.expanded == 278);
  const Run four_no_tie = explorer("astar-explorer.map", 4, Heuristic::Manhattan, TieBreak::None);
  CHECK(four_no_tie.path.expanded == 301);
}

TEST_CASE("A-Star Explorer: with the cup closed, Manhattan, 4 moves, no tie-break explores 205", "[grid]") {
  const Run r = explorer("astar-explorer-cup-closed.map", 4, Heuristic::Manhattan, TieBreak::None);
  REQUIRE(r.path.found);
  CHECK(r.path.expanded == 205);
  CHECK(r.path.length == 4200.0);
}

TEST_CASE("seed 001's 5 x 5 example takes 4 steps with uniform diagonals", "[grid]") {
  const Grid grid = seed001Grid();
  const NodeId start = grid.index(1, 2), goal = grid.index(3, 2);
  for (Heuristic h : {Heuristic::None, Heuristic::Chebyshev}) {
    const GridGraph uniform(grid, {8, CornerRule::Uniform, GridCosts::Exact});
    const Path p = findPath(uniform, start, goal, {h, 1.0, TieBreak::LargerG});
    REQUIRE(p.found);
    CHECK(p.nodes.size() == 5);
    CHECK(p.length == 4.0);
  }
  // Cutting a corner needs one free side cell: also 4 steps, two of them diagonal.
  const GridGraph cut(grid, {8, CornerRule::Cut, GridCosts::Exact});
  const Path c = findPath(cut, start, goal, {Heuristic::Octile, 1.0, TieBreak::LargerG});
  CHECK(c.nodes.size() == 5);
  CHECK(c.length == Approx(2.0 + 2.0 * std::sqrt(2.0)).epsilon(1e-9));
  // Without corner cutting no diagonal gets past the wall's ends: 6 straight steps.
  const GridGraph nocut(grid, {8, CornerRule::NoCut, GridCosts::Exact});
  const Path n = findPath(nocut, start, goal, {Heuristic::Octile, 1.0, TieBreak::LargerG});
  CHECK(n.nodes.size() == 7);
  CHECK(n.length == 6.0);
}

TEST_CASE("grid neighbours come right, left, down, up, then the diagonals", "[grid]") {
  const Grid grid(3, 3);
  const GridGraph graph(grid, {8, CornerRule::NoCut, GridCosts::Textbook});
  std::vector<Arc> arcs;
  graph.neighbours(grid.index(1, 1), arcs);
  const std::vector<int> expected = {grid.index(2, 1), grid.index(0, 1), grid.index(1, 2), grid.index(1, 0),
                                     grid.index(2, 2), grid.index(2, 0), grid.index(0, 2), grid.index(0, 0)};
  REQUIRE(arcs.size() == 8);
  for (std::size_t i = 0; i < 8; ++i) {
    CHECK(arcs[i].to == expected[i]);
    CHECK(arcs[i].cost == (i < 4 ? 100.0 : 142.0));
  }
  const GridGraph four(grid, {4, CornerRule::NoCut, GridCosts::Exact});
  arcs.clear();
  four.neighbours(grid.index(0, 0), arcs);
  REQUIRE(arcs.size() == 2);
  CHECK(arcs[0].to == grid.index(1, 0));
  CHECK(arcs[1].to == grid.index(0, 1));
  CHECK(arcs[0].cost == 1.0);
}

TEST_CASE("corner rules: no-cut needs both side cells, cut one, uniform none", "[grid]") {
  Grid grid(2, 2);
  grid.setBlocked(1, 0, true);
  const GridGraph nocut(grid, {8, CornerRule::NoCut, GridCosts::Exact});
  const GridGraph cut(grid, {8, CornerRule::Cut, GridCosts::Exact});
  const GridGraph uniform(grid, {8, CornerRule::Uniform, GridCosts::Exact});
  CHECK_FALSE(nocut.canStep(0, 0, 1, 1));
  CHECK(cut.canStep(0, 0, 1, 1));
  CHECK(uniform.canStep(0, 0, 1, 1));
  grid.setBlocked(0, 1, true);  // now (0,0) and (1,1) touch only diagonally
  CHECK_FALSE(cut.canStep(0, 0, 1, 1));
  CHECK(uniform.canStep(0, 0, 1, 1));
  CHECK(uniform.diagonalCost() == uniform.straightCost());
  CHECK(nocut.diagonalCost() == Approx(std::sqrt(2.0)).epsilon(1e-10));
  CHECK_THROWS_AS(GridGraph(grid, {6, CornerRule::NoCut, GridCosts::Exact}), Error);
}

TEST_CASE("textbook heuristics are seed 002's integers, exact ones scale with the cell size", "[grid]") {
  const Grid grid(10, 10, 2.0);
  const GridGraph textbook(grid, {8, CornerRule::NoCut, GridCosts::Textbook});
  const NodeId a = grid.index(1, 1), b = grid.index(4, 8);  // dx 3, dy 7
  CHECK(textbook.heuristic(Heuristic::Octile, a, b) == 700.0 + 42.0 * 3);
  CHECK(textbook.heuristic(Heuristic::Manhattan, a, b) == 1000.0);
  CHECK(textbook.heuristic(Heuristic::Chebyshev, a, b) == 700.0);
  CHECK(textbook.heuristic(Heuristic::Euclidean, a, b) == 761.0);  // 100 sqrt 58 = 761.58
  CHECK(textbook.heuristic(Heuristic::None, a, b) == 0.0);
  const GridGraph exact(grid, {8, CornerRule::NoCut, GridCosts::Exact});
  CHECK(exact.heuristic(Heuristic::Octile, a, b) == Approx(2.0 * (7 + 3 * (std::sqrt(2.0) - 1))).epsilon(1e-10));
  CHECK(exact.heuristic(Heuristic::Euclidean, a, b) == Approx(2.0 * std::sqrt(58.0)).epsilon(1e-14));
  CHECK(exact.straightCost() == 2.0);
  CHECK(exact.costPerUnit() == 1.0);
  CHECK(textbook.costPerUnit() == 50.0);
}

TEST_CASE("a grid search steps one cell at a time and stepping equals findPath", "[grid]") {
  const Grid grid = loadMovingAiMap(kMaps / "astar-explorer.map");
  const GridGraph graph(grid, {8, CornerRule::NoCut, GridCosts::Exact});
  const SearchOptions opt{Heuristic::Octile, 1.0, TieBreak::LargerG};
  const Path once = findPath(graph, kStart, kGoal, opt);
  Search s;
  s.init(graph, kStart, kGoal, opt);
  int steps = 0;
  while (s.step() == SearchStatus::Running) ++steps;
  const Path stepped = s.finalize();
  CHECK(steps + 1 == once.expanded);
  CHECK(stepped.nodes == once.nodes);
  CHECK(stepped.length == Approx(14 * std::sqrt(2.0) + 14).epsilon(1e-9));
  // Exact costs order the queue like the textbook's integers here: 219 cells too.
  CHECK(once.expanded == 219);
}

TEST_CASE("a blocked goal or a walled-in start gives no path", "[grid]") {
  Grid grid(5, 5);
  for (int y = 0; y < 5; ++y) grid.setBlocked(2, y, true);
  const GridGraph graph(grid);
  const Path p = findPath(graph, grid.index(0, 0), grid.index(4, 4), {Heuristic::Octile, 1.0, TieBreak::LargerG});
  CHECK_FALSE(p.found);
  CHECK(p.expanded == 10);
  const Path q = findPath(graph, grid.index(0, 0), grid.index(2, 2), {Heuristic::Octile, 1.0, TieBreak::LargerG});
  CHECK_FALSE(q.found);
}

TEST_CASE("Grid::locate finds the free cell containing a world point", "[grid]") {
  Grid grid(4, 3, 2.0, {10.0, 20.0});
  grid.setBlocked(1, 1, true);
  CHECK(grid.locate({10.5, 20.5}) == grid.index(0, 0));
  CHECK(grid.locate({13.0, 23.0}) == -1);               // inside the blocked cell
  CHECK(grid.locate({12.0, 23.0}) == grid.index(0, 1));  // on its left side: the free neighbour
  CHECK(grid.locate({18.0, 26.0}) == grid.index(3, 2));  // the far corner
  CHECK(grid.locate({18.1, 26.0}) == -1);
  CHECK(grid.locate({9.9, 21.0}) == -1);
  CHECK(grid.cellCenter(3, 2).x == 17.0);
}
