// query_setup.hpp: the query setup of `polypath path`, shared by the commands that draw or
// trace a search (svg, trace): the query options (--start, --goal, --method,
// --node-placement, --corner-offset, --heuristic, --weight, --tie-break, --snap,
// --clearance, --joins, --segments, --verbose), loading and checking the map, eroding it by the
// clearance and placing start and goal. (The grid method has its own: path_grid.hpp.)
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "cli/path_clearance.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::cli {

/// The query a command was asked for; unset fields take the map's values.
struct QueryRequest {
  std::string map;                      ///< map file
  std::optional<Point> start, goal;     ///< world units
  std::string method = "visibility";    ///< visibility, navmesh, grid or finley
  std::string node_placement;           ///< navmesh: triangle A*'s node placement; empty: Polyanya (exact)
  ClearanceRequest clearance;           ///< radius, joins, segments; unset: the map's
  ClearanceStyle clearance_style;       ///< the map's style with the request's overrides
  std::optional<double> corner_offset;  ///< world units; unset: the map's
  std::optional<double> weight;
  SearchOptions search;
  bool snap = false;  ///< move a start or goal without room (outside, or without clearance) to the nearest point with it
  std::optional<Point> start_given, goal_given;  ///< before snapping (set only when snapped)
};

/// Declares the options --start, --goal, --method, --node-placement, --clearance, --joins,
/// --segments, --verbose, --corner-offset, --heuristic, --weight, --tie-break and --snap on `cl`,
/// writing into `r`.
void addQueryOptions(CommandLine& cl, QueryRequest& r);

/// Refuses a method that runs only as a benchmark reference (finley), naming it; `command`
/// is "path", "svg" or "trace". Also refuses options the method would ignore:
/// --node-placement without --method navmesh, and (`corridor`: path's --corridor given)
/// --corridor without --method navmesh --node-placement. Throws BadInput, one line each.
void requireSearchMethod(const QueryRequest& r, const std::string& command, bool corridor = false);
/// "--node-placement needs --method navmesh (...; --method METHOD has no triangles)".
std::string nodePlacementNeedsNavmesh(const std::string& method);
/// "--corridor needs --method navmesh --node-placement centre|portal (...)", naming what
/// `method` runs instead.
std::string corridorNeedsTriangleAstar(const std::string& method);

/// A loaded, checked map, eroded by the clearance, with the start and goal to search from.
struct LoadedQuery {
  MapDocument doc;
  std::optional<ClearanceSet> clearance;        ///< the original map and its eroded levels
  std::shared_ptr<const ClearanceLevel> level;  ///< the map eroded by the radius (0: the map itself)
  double build_ms = 0.0;                        ///< erosion (and, for visibility, the graph)
  /// The map as loaded (walls as drawn, wall distances in messages).
  const PolygonMap& original() const { return clearance->original(); }
  /// The map the methods search: the eroded region, or the map itself at clearance 0.
  const PolygonMap& searched() const { return level->map(); }
};

/// Loads r.map and fills the request's unset fields from the map (start, goal, clearance,
/// corner offset). Checks the map with the query's start, goal and settings (warnings to
/// stderr); with r.snap a start or goal outside the walkable region is moved to the
/// nearest walkable point first (a note on stderr). Erodes the map by the clearance (notes
/// on stderr) and checks start and goal against it (placeEndpoint: with r.snap moved to
/// the nearest point with clearance). For the visibility method builds the graph too.
/// Throws BadInput naming the file for an unreadable or invalid map, a start or goal with
/// no room, or (when `need_query`) a missing start or goal.
std::unique_ptr<LoadedQuery> loadQuery(QueryRequest& r, bool need_query);

}  // namespace polypath::cli
