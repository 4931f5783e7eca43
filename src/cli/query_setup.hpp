// query_setup.hpp: what the commands that draw or trace a search (svg, trace) share:
// the query options (--start, --goal, --corner-offset, --heuristic, --weight,
// --tie-break), loading and checking the map, and building the graph and query.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "core/polygon_map.hpp"
#include "core/search.hpp"
#include "core/visibility_graph.hpp"
#include "io/map_io.hpp"

namespace polypath::cli {

/// The query a command was asked for; unset fields take the map's values.
struct QueryRequest {
  std::string map;                      ///< map file
  std::optional<Point> start, goal;     ///< world units
  std::optional<double> corner_offset;  ///< world units
  std::optional<double> weight;
  SearchOptions search;
};

/// The options --start, --goal, --corner-offset, --heuristic, --weight, --tie-break
/// writing into `r`.
std::vector<Option> queryOptions(QueryRequest& r);
/// Help lines for queryOptions(), indented as the commands' usage texts.
extern const char* const kQueryOptionsHelp;

/// A loaded map with its graph and, when start and goal are known, its query.
struct LoadedQuery {
  MapDocument doc;
  PolygonMap map;
  std::unique_ptr<VisibilityGraph> graph;
  std::unique_ptr<VisibilityQuery> query;  ///< null without start or goal
  Point start, goal;                       ///< the points used (valid when query is set)
};

/// Loads r.map, fills the unset fields from the map, validates it (warnings to stderr)
/// and builds the graph and the query. Throws BadInput naming the file for an unreadable
/// or invalid map, a non-zero clearance in the map (not implemented), a start or goal
/// that is not walkable, or (when `need_query`) a missing start or goal.
std::unique_ptr<LoadedQuery> loadQuery(QueryRequest& r, bool need_query);

}  // namespace polypath::cli
