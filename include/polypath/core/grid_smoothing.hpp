// grid_smoothing.hpp: line of sight between cell centres on a grid, and the smoothing of
// grid paths that skips to the furthest cell in sight (seed 002, "Smoothing").
#pragma once

#include <vector>

#include "polypath/core/grid.hpp"
#include "polypath/core/search.hpp"

namespace polypath {

/// Exact: the segment between the centres of cells (ax, ay) and (bx, by) meets no
/// blocked cell's closed square (nor leaves the grid). Touching a blocked cell's side or
/// corner counts as meeting it, so a segment never squeezes past a corner: the rule of
/// CornerRule::NoCut. Cost grows with the segment's length in cells; it stops at the first
/// blocked cell found.
bool gridLineOfSight(const Grid& grid, int ax, int ay, int bx, int by);

/// A grid path (Path::nodes, cell indices from GridGraph) straightened: from each kept
/// cell, go straight to the furthest later cell of the path in sight (gridLineOfSight),
/// until the goal. Returns the kept cells' centres in world units, start ... goal; empty
/// when the path was not found. Its length is never above the grid path's length in
/// world units, as every kept segment replaces a run of steps it is in sight of.
std::vector<Point> smoothGridPath(const Grid& grid, const Path& path);

}  // namespace polypath
