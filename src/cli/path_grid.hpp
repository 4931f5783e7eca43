// path_grid.hpp: the grid method's query setup (path_grid.cpp), shared by
// `path --method grid` and the svg and trace commands: its options, and loading a Moving
// AI .map or a rasterized JSON map, eroded by the clearance, with start and goal cells.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/grid_options.hpp"
#include "cli/path_clearance.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/geom/clearance.hpp"

namespace polypath::cli {

/// What a grid query was asked for; unset fields take the map's values.
struct GridRequest {
  std::string map;
  std::optional<Point> start, goal;  ///< cells C,R for a .map, world units for a JSON map
  GridSettings settings;
  std::optional<double> cell_size;
  ClearanceRequest clearance;  ///< radius, joins, segments; unset: the map's settings
  bool snap = false;
  std::optional<Point> start_given, goal_given;  ///< before snapping (set only when snapped)
};

/// Declares the grid query's options on `cl`, writing into `r`: --start, --goal, --method
/// (grid only, else a hint), addGridOptions() (--moves, --corner-rule, --costs,
/// --heuristic, --weight, --tie-break), --cell-size (above 0), --clearance, --joins,
/// --segments and --snap; --node-placement is refused (the grid has no triangles).
void addGridQueryOptions(CommandLine& cl, GridRequest& r);

/// The grid to search and the start and goal cells (indices).
struct GridQuery {
  Grid grid;  ///< the grid searched (with a clearance: the eroded map's, on the original cells)
  int start = -1, goal = -1;
  std::string name;
  std::shared_ptr<const ClearanceLevel> level;  ///< the eroded map; null at clearance 0
};

/// Loads r.map (a .map grid, or a JSON map rasterized at r.cell_size), erodes it by the
/// clearance and locates start and goal in free cells (with r.snap moved to the nearest).
/// Throws BadInput naming the file and the point.
GridQuery loadGridQuery(GridRequest& r);

}  // namespace polypath::cli
