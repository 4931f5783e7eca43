// movingai.hpp: Moving AI benchmark files: grid maps (.map) read and written, scenario
// files (.scen) read, and a grid map as a polygon map document (for `polypath convert`).
//
// Formats (N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", 2012; movingai.com):
//   type octile / height H / width W / map / H rows of W characters.
//   Legend: '.' 'G' 'S' free (ground, grass, swamp); '@' 'O' 'T' 'W' blocked (out of
//   bounds, tree, water). Row 0 is the first row after "map"; x is the column.
//   Scenario "version 1" (tab-separated) or "version 1.0" (space-separated) lines:
//   bucket, map path, map width, map height, start x, start y, goal x, goal y, optimal
//   octile length (no corner cutting).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/core/grid.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath {

/// Parses a Moving AI map. `source` names the file in errors. Throws MapFileError whose
/// message reads "FILE:LINE:COLUMN: what is wrong" (a missing header line, a width or
/// height that is not a positive integer, a row of the wrong length, an unknown
/// character, missing or extra rows). CR LF line ends are accepted.
Grid parseMovingAiMap(std::string_view text, const std::string& source = "<memory>");
/// Reads a Moving AI map file (MapFileError also when the file cannot be read).
Grid loadMovingAiMap(const std::filesystem::path& file);
/// The grid as Moving AI map text ('.' free, '@' blocked, "type octile", LF line ends).
std::string serializeMovingAiMap(const Grid& grid);
/// Writes the map text atomically (see saveTextFileAtomically).
void saveMovingAiMap(const Grid& grid, const std::filesystem::path& file);

/// One scenario query.
struct ScenarioQuery {
  int line = 0;           ///< 1-based line in the file
  int bucket = 0;
  std::string map;        ///< map path as written in the file
  int map_width = 0, map_height = 0;
  int sx = 0, sy = 0;     ///< start cell (column, row)
  int gx = 0, gy = 0;     ///< goal cell
  double optimal = 0.0;   ///< the file's optimal octile length
  int decimals = 0;       ///< digits printed after the decimal point
  /// Largest difference from `optimal` that still matches the printed value: half a unit
  /// of the last printed digit plus 1e-6 relative (the files' own rounding slack; see
  /// ../shared/data/SOURCES.md).
  double tolerance() const;
};
/// A scenario file.
struct Scenario {
  std::string version;                 ///< "1" or "1.0"
  std::vector<ScenarioQuery> queries;
};
/// Parses a scenario. Throws MapFileError "FILE:LINE:COLUMN: what" for a missing
/// "version" line or a line without 9 fields of the right kind.
Scenario parseScenario(std::string_view text, const std::string& source = "<memory>");
/// Reads a scenario file.
Scenario loadScenario(const std::filesystem::path& file);

/// The grid's free space traced into polygons (traceGrid) as a map document named
/// `name`, in cell units; no start or goal.
MapDocument gridToMapDocument(const Grid& grid, const std::string& name);

}  // namespace polypath
