// debug_draw_grid.hpp: the grid method's draw functions (cells, the search's explored and
// waiting cells, the path's cells and the smoothed path) through the DebugDraw interface.
#pragma once

#include <cstdint>
#include <vector>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/core/grid.hpp"

namespace polypath {

/// Free cells filled in LayerRegion's colour and blocked cells in LayerGridCells' colour
/// (by layer). Runs of equal cells in a row are filled as one rectangle.
void drawGrid(DebugDraw& dd, const Grid& grid, std::uint32_t layers);

/// The cells a grid search closed (LayerGridExplored) and the cells waiting in its open
/// set (LayerGridWaiting), filled, as seed 002 colours them; and the cell the last step
/// expanded (LayerExpanded) as a dot. `state` must come from a search on a GridGraph of
/// this grid (node id = cell index). Nothing is drawn before init().
void drawGridSearch(DebugDraw& dd, const Grid& grid, const SearchState& state, std::uint32_t layers);

/// The path's cells filled in a translucent LayerPath colour, and `smoothed` (world
/// units, from smoothGridPath; may be empty) as a thick polyline (LayerPath).
void drawGridPath(DebugDraw& dd, const Grid& grid, const Path& path, const std::vector<Point>& smoothed,
                  std::uint32_t layers);

}  // namespace polypath
