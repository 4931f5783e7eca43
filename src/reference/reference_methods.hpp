// reference_methods.hpp: slower, simpler shortest-path methods that `polypath bench`
// runs on the same queries as the prebuilt visibility graph, to compare speed and to
// check lengths.
//
// [SECTION] Methods
// [SECTION] Query
//
// Every method runs through the one A* engine (search.hpp) over a SearchGraph built for
// the single query, and uses the core's exact line of sight (PolygonMap::lineOfSight)
// and wedges (PolygonMap::directionInCorner), so that pinch points are honoured. The
// independent oracle with its own geometry lives in tests/support/oracle.hpp.
#pragma once

#include <string>

#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"

namespace polypath::reference {

// [SECTION] Methods

/// The reference methods.
enum class Method {
  /// The seed article "Polygonal A* Pathfinding in C++17" (after D. Gouveia, 2011):
  /// per query, nodes = the reflex corners plus start and goal, every pair tested for
  /// line of sight (no tangent pruning), start linked to goal when visible, A* with the
  /// Euclidean heuristic. O(r^2) line-of-sight tests per query.
  SeedArticle,
  /// D. R. Finley, "Shortest Path Through A Concave Polygon With Holes" (2006): grow a
  /// shortest-path tree from the start over every corner of the map, always adding the
  /// point with the shortest total path back to the start, until the goal joins the
  /// tree. Implemented as Dijkstra (A* with h = 0) whose arcs are found by line-of-sight
  /// tests when a node joins the tree: O(n) tests per settled node.
  FinleyTree,
  /// Brute force: every corner of the map (reflex or not) plus start and goal, the full
  /// n^2 line-of-sight matrix built first, then Dijkstra. Slow and simple.
  BruteForce,
};

/// Short name for tables and JSON: "seed000", "finley004", "brute".
const char* methodName(Method m);

/// Rough number of line-of-sight tests one query costs on `map` (for time budgets).
double estimatedTests(Method m, const PolygonMap& map);

// [SECTION] Query

/// Shortest path from start to goal on `map` by method `m`. Start and goal must be
/// walkable (checked by the caller). `path.expanded` counts the engine's expansions.
Path referencePath(Method m, const PolygonMap& map, Point start, Point goal);

}  // namespace polypath::reference
