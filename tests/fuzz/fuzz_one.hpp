// fuzz_one.hpp: one fuzz input through load, validate, build and path queries.
//
// The same function runs in the libFuzzer target (tests/fuzz/fuzz_map.cpp) and in the
// normal test binary (tests/test_fuzz_regressions.cpp, tag [fuzz]), so an input that
// once crashed the fuzzer is replayed by every test run.
//
// The input bytes are JSON text. parseMap -> validateMap -> (no errors) buildPolygonMap
// -> VisibilityGraph (maps with more than Limits::max_vertices vertices are skipped) ->
// findPath for the map's start and goal and a few points derived from the input (ring
// vertices, edge midpoints, nearestWalkable of points around the map).
//
// The documented exceptions are expected: MapFileError from parseMap, QueryError for a
// derived point that is not walkable. Everything else is a finding: a crash, a sanitizer
// report, an uncaught exception, a hang, or a broken invariant (InvariantError).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include "polypath/geom/map_validation.hpp"

namespace polypath::fuzz {

/// Work bounds, so one input stays well under a second even with sanitizers.
struct Limits {
  std::size_t max_vertices = 200;  ///< larger maps are parsed and validated, not built
  int max_points = 8;              ///< query points besides start and goal
};

/// How far an input got.
enum class Stage {
  ParseError,  ///< parseMap threw MapFileError
  Invalid,     ///< validateMap reported at least one error
  TooLarge,    ///< valid, but more than Limits::max_vertices vertices: not built
  Queried,     ///< built, graph built, paths queried
};

/// What one input did (the tests print it; the fuzzer ignores it).
struct Result {
  Stage stage = Stage::ParseError;
  int queries = 0;        ///< findPath calls that returned
  int found = 0;          ///< of those, paths found
  int query_errors = 0;   ///< findPath calls refused with QueryError (derived points only)
};

/// Thrown when an invariant does not hold; the message says which and with what values.
class InvariantError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// Runs one input. Throws InvariantError for a broken invariant and lets every
/// exception that is not documented for the stage escape.
///
/// Invariants checked:
/// - a map that validateMap accepts builds (no GeometryError) and its start and goal
///   are accepted by findPath (no QueryError);
/// - serializeMap then parseMap gives back an equal document;
/// - every ring vertex is walkable; nearestWalkable always returns a walkable point;
/// - a found path starts at the start and ends at the goal, its length is finite, at
///   least the straight distance, equal to the sum of its segments, and each segment
///   has line of sight; when the start sees the goal the path is that one segment;
/// - A* (Euclidean) and Dijkstra agree on found and on the length (relative 1e-9).
Result runOne(std::string_view text, const Limits& limits = {});

/// "parse error", "invalid", "too large", "queried".
const char* stageName(Stage s);

}  // namespace polypath::fuzz
