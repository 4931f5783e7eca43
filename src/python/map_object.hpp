// map_object.hpp: the state behind polypath.Map: a loaded map document, its clearance
// levels (eroded once per radius) and the methods built on them (once per method,
// options and radius), answering path queries and making stepped searches.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "polypath/core/method.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/methods/registry.hpp"
#include "python/result.hpp"
#include "python/stepper.hpp"

namespace polypath::python {

/// What one query asks for: the method with its options, the agent radius, the engine's options.
struct QueryOptions {
  MethodSettings method;
  double clearance = 0.0;  ///< agent radius, world units (0: none)
  SearchOptions search;
};

/// A map loaded from a file, with everything built for it cached. Not thread-safe (the
/// Python calls that use it hold the GIL).
class MapObject {
 public:
  MapObject(std::string file, MapDocument doc);

  const std::string& file() const { return file_; }
  const MapDocument& document() const { return doc_; }

  /// Every problem `polypath validate` lists: validateMap's, then the start and goal
  /// checked against the map's clearance settings.
  std::vector<MapProblem> validate() const;

  /// QueryOptions from the Python keywords: `method` "NAME" or "NAME:VALUE" (as the
  /// command line's --method; VALUE sets the method's first option), clearance and
  /// corner offset defaulting to the map's settings, the heuristic (unset) to the command
  /// line's: octile for the grid method, else euclidean. Raises MethodError for an unknown
  /// method, ValueError for a bad value.
  QueryOptions options(const std::string& method, std::optional<double> clearance,
                       std::optional<double> corner_offset, const std::optional<std::string>& heuristic, double weight,
                       const std::string& tie_break) const;

  /// The map's start (`which` "start") or goal, or `given` when set. Raises QueryError
  /// when neither is there.
  Point endpoint(const std::optional<Point>& given, const char* which) const;

  /// The shortest path by the options' method. Raises GeometryError when the map is not
  /// valid (every error listed), QueryError for a start or goal that is not walkable or
  /// has no clearance, ClearanceError, MethodError.
  Result path(Point start, Point goal, const QueryOptions& q);

  /// Many queries at once on `threads` workers (PathBatch, methods/batch.hpp), the method
  /// built once for the call; starts[i] to goals[i] gives result i. A refused query is a
  /// Result with found false and `error` set, not an exception. Call with the GIL
  /// released: it touches no Python object. Raises (as C++ exceptions) GeometryError
  /// when the map is not valid (call original() first, with the GIL), MethodError,
  /// ClearanceError.
  std::vector<Result> paths(const std::vector<Point>& starts, const std::vector<Point>& goals, const QueryOptions& q,
                            int threads, bool keep_points) const;

  /// A fresh method of the options, built on the map eroded by the clearance, with start
  /// and goal linked in: what polypath.Search steps. Raises as path() does.
  std::unique_ptr<SteppedGraph> stepped(Point start, Point goal, const QueryOptions& q);

  /// The map as built and checked: raises GeometryError listing validateMap's errors
  /// (those about the map, not its own start and goal) when it is not valid.
  const PolygonMap& original();

 private:
  /// The map after original() succeeded.
  const PolygonMap& checkedOriginal() const { return clearance_->original(); }
  /// The clearance level of `radius` (ClearanceError when it erodes nothing usable).
  std::shared_ptr<const ClearanceLevel> level(double radius);
  /// p checked for a search on `level` (QueryError: not finite, not walkable, no clearance).
  Point place(const ClearanceLevel& level, Point p, const char* which);

  std::string file_;
  MapDocument doc_;
  std::optional<ClearanceSet> clearance_;
  struct Built {
    MethodSettings settings;
    double radius = 0.0;
    std::shared_ptr<const ClearanceLevel> level;  ///< the map the method is built on
    std::unique_ptr<Method> method;
  };
  std::vector<Built> built_;
};

}  // namespace polypath::python
