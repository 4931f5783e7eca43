// batch.hpp: many path queries against one map and one method, answered in parallel.
// What `polypath query`, the C API's batch call and Python's Map.paths() run.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

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
/// region, NaN) is not an exception: `error` holds the message and `found` is false.
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
  int threads = 1;              ///< worker threads (>= 1)
  bool keep_points = true;      ///< fill BatchAnswer::points
  SearchOptions search;         ///< heuristic and weight of the engine
};

/// One map with its method built once (on the map eroded by the clearance), answering
/// batches of queries on `threads` workers, each with its own query state over the one
/// built structure.
class PathBatch {
 public:
  /// Builds the method on `map`. Throws MethodError (unknown method, bad options),
  /// ClearanceError (a radius that erodes everything) or GeometryError.
  PathBatch(const PolygonMap& map, const BatchOptions& options);
  ~PathBatch();
  PathBatch(const PathBatch&) = delete;
  PathBatch& operator=(const PathBatch&) = delete;

  /// The answers, in the order of `queries`. Thread-safe against other run() calls.
  std::vector<BatchAnswer> run(std::span<const BatchQuery> queries) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace polypath
