// grid_trace.hpp: a grid's free space traced into polygons with holes, so that the
// any-angle methods (visibility graph, navigation mesh) run on grid maps.
#pragma once

#include <vector>

#include "polypath/core/grid.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// The free cells of a grid as polygons with holes, in world units (cell (x, y) is the
/// square grid.corner(x, y) .. grid.corner(x + 1, y + 1)). One polygon per 4-connected
/// component of free cells (row-major order of each component's first cell); its outer
/// ring and holes run along the cell sides between free and blocked cells (or the grid's
/// border). Where free cells touch only diagonally (a zero-width pinch), the rings touch
/// at that point and are not joined: two polygons touching, a hole touching the outer
/// ring, or two holes touching; no ring touches itself. Collinear vertices are merged,
/// so every vertex is a corner. Rings have integer lattice coordinates scaled by
/// cell_size and shifted by origin; orientation as traced (PolygonMap normalizes it).
/// The area of the polygons equals the free cells' area.
std::vector<Polygon> traceGrid(const Grid& grid);

}  // namespace polypath
