// path_navmesh.hpp: `polypath path --method navmesh`, called by cmd_path.cpp once the map
// is loaded, validated and start and goal are known.
#pragma once

#include <string>

#include "polypath/core/navmesh.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"

namespace polypath::cli {

/// What a navmesh path query needs from the path command.
struct NavmeshPathRequest {
  std::string map_file;       ///< for messages
  std::string units;          ///< the map's units, for the human-readable output
  Point start, goal;          ///< world units (after --snap)
  std::string node_placement; ///< "centre" or "portal" (triangle A*), or empty: Polyanya
  bool corridor = false;      ///< print the seed article's portal corridor
  bool json = false;
  bool snapped = false;       ///< --snap was given: JSON also lists start and goal
  SearchOptions search;
};

/// The navmesh of `map` (GEOS constrained Delaunay triangulation). Throws BadInput
/// "MAP_FILE: cannot build the navigation mesh: reason" when it cannot be built.
NavMesh buildMethodNavMesh(const PolygonMap& map, const std::string& map_file);

/// Builds the navmesh (GEOS constrained Delaunay) and runs, with no node placement given,
/// Polyanya (the exact search; JSON: found, length, path, expanded, method, "search":
/// "exact"), else triangle A* and the funnel (JSON: ..., "search": "triangle",
/// node_placement; with --corridor also "corridor": {start, goal, portals: [[left, right],
/// ...]}). Returns the exit code; throws BadInput when the mesh cannot be built, start/goal
/// are outside it, or --corridor is given without a node placement.
int runPathNavmesh(const NavmeshPathRequest& r, const PolygonMap& map);

}  // namespace polypath::cli
