// batch.hpp: many path queries against one map and one method, answered in parallel.
// What `polypath query`, the C API's batch call and Python's Map.paths() run.
//
// Sharing: the method is built once. Each worker of a run() gets its own Method from
// Method::share(): a new method object over the same built structure (visibility graph,
// navmesh and Polyanya's corner arrays, grid), held through shared_ptr and read-only once
// built, with its own query state (the start and goal links, Polyanya's search nodes, the
// funnel). A query only reads the structure, so the workers need no lock and a share costs
// a few pointer copies. A method a program registered that does not implement share() is
// built again per worker per run() (correct, not cheap).
//
// Answers equal a one-shot Method::findPath on the searched map per query, whatever the
// thread count: each query starts from an empty query state and the answers are stored by
// index.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "polypath/core/clearance_style.hpp"
#include "polypath/core/geometry.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"
#include "polypath/methods/registry.hpp"

namespace polypath {

/// One query: start and goal in world units.
struct BatchQuery {
  Point start;
  Point goal;
};

/// The answer to one query. A query the method refuses (an endpoint outside the walkable
/// region or without the clearance, NaN) is not an exception: `error` holds the message
/// (the QueryError's text, or placeEndpoint's problem with a clearance) and `found` is false.
struct BatchAnswer {
  bool found = false;
  double length = 0.0;         ///< world units; 0 when not found
  std::size_t expanded = 0;    ///< nodes the search expanded (closed set size)
  std::vector<Point> points;   ///< the path, start to goal; empty unless kept
  std::string error;           ///< why the query was refused; empty when it ran
};

/// How a batch runs.
struct BatchOptions {
  MethodSettings method;        ///< registered method and its options
  double clearance = 0.0;       ///< agent radius, world units (exact erosion; 0: none)
  ClearanceStyle clearance_style;  ///< joins and segments of the erosion (clearance > 0)
  int threads = 1;              ///< worker threads (>= 1)
  bool keep_points = true;      ///< fill BatchAnswer::points
  SearchOptions search;         ///< heuristic and weight of the engine
};

/// One map with its method built once (on the map eroded by the clearance), answering
/// batches of queries on `threads` workers, each with its own query state over the one
/// built structure. With a clearance, each start and goal is placed by placeEndpoint
/// (endpoint.hpp) against the eroded region without snapping (kept, or nudged by the
/// rounding margin), and a point without room is refused with its problem text.
class PathBatch {
 public:
  /// Builds the method on `map` (copied: the batch does not keep a reference). Throws
  /// MethodError (unknown method, bad options, threads < 1), ClearanceError (a bad radius
  /// or style) or GeometryError. A radius that erodes everything builds on the empty
  /// region; every query is then refused.
  PathBatch(const PolygonMap& map, const BatchOptions& options);
  ~PathBatch();
  PathBatch(const PathBatch&) = delete;
  PathBatch& operator=(const PathBatch&) = delete;

  /// The answers, in the order of `queries`. Thread-safe against other run() calls. A
  /// failure other than a refused query (out of memory, a bug) is rethrown here: the one
  /// of the lowest query index.
  std::vector<BatchAnswer> run(std::span<const BatchQuery> queries) const;
  /// The options the batch was built with.
  const BatchOptions& options() const;
  /// The map the method searches: `map` eroded by the clearance (or `map` itself).
  const PolygonMap& searchedMap() const;
  /// The built method's structure in numbers (Method::structureSummary).
  std::string structureSummary() const;
  /// Wall time of the erosion and the build, milliseconds.
  double buildMilliseconds() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace polypath
