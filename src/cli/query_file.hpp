// query_file.hpp: the queries of `polypath query --queries F`: plain lines "sx sy gx gy"
// (an optional fifth column is the Euclidean optimum, as in the published-optima tables),
// or a Moving AI / Polyanya scenario (.scen, first line "version 1"), whose ninth column
// is the octile grid optimum.
#pragma once

#include <string>
#include <vector>

#include "polypath/methods/batch.hpp"

namespace polypath::cli {

/// What a query file's optima are.
enum class OptimumKind {
  None,       ///< no optima: nothing to compare
  Euclidean,  ///< the shortest any-angle length: an exact method must match it
  Octile,     ///< an 8-connected grid optimum: an upper bound of the Euclidean length
};

/// Where a scenario's cell (x, y) lies in the polygon map (a converted .map: cell (x, y)
/// is the unit square [x, x+1] x [y, y+1]).
enum class ScenarioPoints {
  Centre,  ///< (x + 0.5, y + 0.5): Moving AI's cells (what `polypath scen` and convert use)
  Corner,  ///< (x, y): Polyanya's scenario runner on its meshes
};

/// The queries of a file and, per query, its optimum.
struct QueryFile {
  std::vector<BatchQuery> queries;
  OptimumKind kind = OptimumKind::None;
  std::vector<double> optimum;    ///< per query when kind != None, world units
  std::vector<double> tolerance;  ///< per query: the largest difference that still matches the printed optimum
};

/// Reads `file`. A scenario (its first non-blank line starts with "version") is read by
/// loadScenario, cells placed by `points`. Otherwise each line is "sx sy gx gy" or "sx sy
/// gx gy length" (numbers separated by spaces or tabs, every line the same kind); blank
/// lines, lines starting with '#' and a header line "sx sy gx gy [length]" are skipped.
/// The tolerance of a printed optimum is half a unit of its last printed digit plus 1e-6
/// relative (ScenarioQuery::tolerance). Throws BadInput "FILE: cannot read it" or
/// "FILE:LINE: what is wrong".
QueryFile loadQueryFile(const std::string& file, ScenarioPoints points);

/// "euclidean", "octile" or "none".
const char* optimumKindName(OptimumKind kind);

}  // namespace polypath::cli
