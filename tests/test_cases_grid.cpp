// The grid answers of ../shared/cases (22, 23, 25, 27): each polygon map rasterized at
// cell size 1, start and goal located in their cells, and the "expect" field's figures.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <optional>

#include "polypath/core/grid.hpp"
#include "polypath/formats/map_io.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

const fs::path kCases = fs::path(POLYPATH_SHARED_DIR) / "cases";

/// A case rasterized at cell size 1, with its start and goal cells.
struct GridCase {
  Grid grid;
  NodeId start = kNoNode, goal = kNoNode;
};

std::optional<GridCase> loadCase(const char* name) {
  const fs::path file = kCases / name;
  if (!fs::exists(file)) {
    WARN("skipped: " << file << " is absent");
    return std::nullopt;
  }
  const MapDocument doc = loadMap(file);
  GridCase c;
  c.grid = rasterize(buildPolygonMap(doc), 1.0);
  c.start = c.grid.locate(*doc.start);
  c.goal = c.grid.locate(*doc.goal);
  REQUIRE(c.start >= 0);
  REQUIRE(c.goal >= 0);
  return c;
}

Path solve(const GridCase& c, CornerRule rule, TieBreak tie = TieBreak::LargerG) {
  const GridGraph graph(c.grid, {8, rule, GridCosts::Exact});
  return findPath(graph, c.start, c.goal, {Heuristic::Octile, 1.0, tie});
}

const double kSqrt2 = std::sqrt(2.0);

}  // namespace

TEST_CASE("case 22: no corner cutting costs 4, cutting the hole's corner 2 + sqrt 2", "[cases-grid]") {
  const auto c = loadCase("22-grid-corner-cutting.json");
  if (!c) return;
  CHECK(c->grid.width == 3);
  CHECK(c->grid.freeCount() == 8);
  CHECK(c->grid.isBlocked(1, 1));
  const Path nocut = solve(*c, CornerRule::NoCut);
  REQUIRE(nocut.found);
  CHECK(nocut.length == Approx(4.0).epsilon(1e-9));
  const Path cut = solve(*c, CornerRule::Cut);
  REQUIRE(cut.found);
  CHECK(cut.length == Approx(2.0 + kSqrt2).epsilon(1e-9));
}

TEST_CASE("case 23: no squeezing between two diagonal blocked cells", "[cases-grid]") {
  const auto c = loadCase("23-grid-diagonal-squeeze-only-exit.json");
  if (!c) return;
  CHECK(c->grid.freeCount() == 6);
  CHECK_FALSE(solve(*c, CornerRule::NoCut).found);
  CHECK_FALSE(solve(*c, CornerRule::Cut).found);
  // Only the rule that allows every diagonal (seed 001's) squeezes through: 3 uniform steps.
  const Path uniform = solve(*c, CornerRule::Uniform);
  REQUIRE(uniform.found);
  CHECK(uniform.nodes.size() == 4);
  CHECK(uniform.length == 3.0);
}

TEST_CASE("case 25: A* that closes cells when they are popped goes under the hole, 7 + sqrt 2", "[cases-grid]") {
  const auto c = loadCase("25-grid-astar-closed-on-push.json");
  if (!c) return;
  CHECK(c->grid.width == 8);
  CHECK(c->grid.height == 3);
  const Path p = solve(*c, CornerRule::NoCut);
  REQUIRE(p.found);
  CHECK(p.length == Approx(7.0 + kSqrt2).epsilon(1e-9));
}

TEST_CASE("case 27: open field, 9 + 10 sqrt 2, tie-breaking toward larger g expands 20 cells", "[cases-grid]") {
  const auto c = loadCase("27-tie-breaking-open-field.json");
  if (!c) return;
  CHECK(c->grid.freeCount() == 400);
  const Path g = solve(*c, CornerRule::NoCut, TieBreak::LargerG);
  REQUIRE(g.found);
  CHECK(g.length == Approx(9.0 + 10.0 * kSqrt2).epsilon(1e-9));
  CHECK(g.expanded == 20);
  const Path cell = solve(*c, CornerRule::NoCut, TieBreak::None);
  CHECK(cell.length == Approx(9.0 + 10.0 * kSqrt2).epsilon(1e-9));
  CHECK(cell.expanded == 110);
  // Deterministic run to run: the same cells in the same order.
  for (int i = 0; i < 3; ++i) {
    CHECK(solve(*c, CornerRule::NoCut, TieBreak::LargerG).nodes == g.nodes);
    CHECK(solve(*c, CornerRule::NoCut, TieBreak::None).nodes == cell.nodes);
  }
}
