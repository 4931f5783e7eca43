// grid.hpp: the grid method's data: a raster of free and blocked cells (from a Moving AI
// map or rasterized from a polygon map) and GridGraph, the grid as a SearchGraph for the
// one A* engine, with 4 or 8 moves, three corner rules and two cost models.
//
// [SECTION] Grid
// [SECTION] Rasterizing a polygon map
// [SECTION] GridGraph
//
// Sources: the tile-map A* of the two seed articles (../shared/seeds/001: every diagonal
// allowed at the cost of a straight step; 002: "A-Star Explorer", integer costs 100 and
// 142, diagonals only between two free side cells, neighbour order right, left, down,
// up, then the diagonals), and the Moving AI benchmarks (N. Sturtevant, "Benchmarks for
// Grid-Based Pathfinding", 2012: octile costs 1 and sqrt 2, no corner cutting).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"

namespace polypath {

// [SECTION] Grid

/// A width x height raster of cells, row-major (cell (x, y) has index y * width + x;
/// x is the column, y the row, rows grow downwards as in Moving AI files). Cell (x, y)
/// covers the world square origin + cell_size * ([x, x+1] x [y, y+1]).
struct Grid {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> blocked;  ///< 1 = blocked (wall), 0 = free; width * height entries
  double cell_size = 1.0;             ///< world units per cell side
  Point origin;                       ///< world position of the corner of cell (0, 0)

  Grid() = default;
  /// A grid of free cells. Throws polypath::Error for a negative size or more than
  /// 2^31 - 1 cells.
  Grid(int width, int height, double cell_size = 1.0, Point origin = {});

  /// True when (x, y) is a cell of the grid.
  bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
  /// Cell index y * width + x (the textbook's cell number). Precondition: contains(x, y).
  int index(int x, int y) const { return y * width + x; }
  /// True when (x, y) is outside the grid or blocked.
  bool isBlocked(int x, int y) const { return !contains(x, y) || blocked[index(x, y)] != 0; }
  /// Sets cell (x, y) blocked or free. Precondition: contains(x, y).
  void setBlocked(int x, int y, bool b) { blocked[index(x, y)] = b ? 1 : 0; }
  /// Number of free cells.
  int freeCount() const;
  /// World position of the centre of cell (x, y).
  Point cellCenter(int x, int y) const {
    return {origin.x + (x + 0.5) * cell_size, origin.y + (y + 0.5) * cell_size};
  }
  /// World position of the corner (x, y) of the lattice (cell (x, y)'s minimum corner).
  Point corner(int x, int y) const { return {origin.x + x * cell_size, origin.y + y * cell_size}; }
  /// A free cell whose closed square contains world point p, as an index: the cell
  /// floor((p - origin) / cell_size) when it is free, else (p on a side or corner) the
  /// first free one of its left, upper and upper-left neighbours that contains p; -1 when
  /// no free cell contains p.
  int locate(Point p) const;
};

/// The free cell whose centre is nearest to world point p (Euclidean; among equal
/// distances the lowest cell number), as an index; -1 when no cell is free. O(cells).
/// What `--snap` moves a start or goal to when it is not in a free cell.
int nearestFreeCell(const Grid& grid, Point p);

// [SECTION] Rasterizing a polygon map

/// The grid of a polygon map at a cell size (world units): the lattice starts at the
/// map's minimum bounds corner and covers its bounds. A cell is free exactly when its
/// closed square lies in one walkable area: its centre and corners are walkable, its four
/// sides have line of sight (PolygonMap::lineOfSight, so a side may run along a wall but
/// not through a zero-width pinch), and no ring vertex or ring edge reaches the square's
/// open interior. All decisions use the exact predicates. Throws polypath::Error
/// when cell_size is not positive and finite or the grid would exceed 2^26 cells.
Grid rasterize(const PolygonMap& map, double cell_size);

/// The lattice rasterize(map, cell_size) fills: width, height, cell_size and origin (the
/// map's minimum bounds corner), every cell free; 0 x 0 for an empty map. Throws
/// polypath::Error like rasterize.
Grid latticeOf(const PolygonMap& map, double cell_size);

/// `map` rasterized onto a given lattice (`lattice`'s width, height, cell_size and origin;
/// its cells are overwritten): a cell is free exactly as in rasterize(map, cell_size), and
/// every cell when `map` is empty is blocked. Used to rasterize a map eroded by an agent
/// radius on the original map's lattice, so that its cells are the original's cells
/// (rasterize(map, s) == rasterize(map, latticeOf(map, s))).
Grid rasterize(const PolygonMap& map, Grid lattice);

// [SECTION] GridGraph

/// Which diagonal moves are allowed, and what they cost.
enum class CornerRule {
  NoCut,    ///< diagonal only when both side cells are free (Moving AI, seed 002)
  Cut,      ///< diagonal when at least one side cell is free (cuts a wall's corner, never squeezes between two)
  Uniform,  ///< every diagonal into a free cell, at the cost of a straight step (seed 001)
};
/// Step costs.
enum class GridCosts {
  Exact,     ///< cell_size and cell_size * sqrt 2 (world units; sqrt 2 rounded to 32 binary
             ///< places, error < 1.2e-10, so that sums of steps are exact and equal costs tie)
  Textbook,  ///< the integers 100 and 142 (seed 002: 100 sqrt 2 rounded up), one cell = 100
};
/// Parses "no-cut", "cut", "uniform"; false if unknown.
bool parseCornerRule(const std::string& name, CornerRule& out);
/// The name parseCornerRule accepts.
const char* cornerRuleName(CornerRule r);

/// How a GridGraph moves.
struct GridOptions {
  int moves = 8;                         ///< 4 (straight only) or 8 (with diagonals)
  CornerRule corner = CornerRule::NoCut;
  GridCosts costs = GridCosts::Exact;
};

/// A grid as a SearchGraph. Node id = cell index y * width + x, so TieBreak::None orders
/// equal f by cell number and TieBreak::LargerG by -g then cell number, exactly the queue
/// order of seed 002's A-Star Explorer. Blocked cells are nodes without arcs. Arcs are
/// listed in the order right, left, down (+y), up (-y), then (1,1), (1,-1), (-1,1),
/// (-1,-1). Positions are cell centres in world units.
///
/// heuristic(): with exact costs the heuristics of search.hpp on the cell offsets times
/// cell_size (octile with the diagonal step's sqrt 2); with textbook costs seed 002's integers: Manhattan 100 (dx + dy), Euclidean
/// the integer part of 100 sqrt(dx^2 + dy^2), Chebyshev 100 max, octile 100 max +
/// (diagonal - 100) min.
class GridGraph : public SearchGraph {
 public:
  /// The grid must outlive the graph. Throws polypath::Error when moves is not 4 or 8.
  GridGraph(const Grid& grid, GridOptions options = {});

  std::size_t nodeCount() const override { return grid_->blocked.size(); }
  Point position(NodeId n) const override { return grid_->cellCenter(n % grid_->width, n / grid_->width); }
  void neighbours(NodeId n, std::vector<Arc>& out) const override;
  double heuristic(Heuristic h, NodeId n, NodeId goal) const override;

  const Grid& grid() const { return *grid_; }
  const GridOptions& options() const { return options_; }
  /// Cost of a straight step (cell_size, or 100 with textbook costs).
  double straightCost() const { return straight_; }
  /// Cost of a diagonal step (straight * sqrt 2 or 142; equal to straightCost() under Uniform).
  double diagonalCost() const { return diagonal_; }
  /// What one world unit of length costs: 1, or 100 / cell_size with textbook costs
  /// (divide a path's cost by it to get world units).
  double costPerUnit() const { return straight_ / grid_->cell_size; }
  /// True when the single move from cell a to the adjacent cell b is allowed.
  bool canStep(int ax, int ay, int dx, int dy) const;

 private:
  const Grid* grid_;
  GridOptions options_;
  double straight_ = 1.0, diagonal_ = 1.0;
};

}  // namespace polypath
