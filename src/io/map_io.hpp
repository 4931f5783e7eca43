// map_io.hpp: the JSON map format (version 1), atomic saving and validation.
//
// [SECTION] MapDocument (the editable, possibly invalid map)
// [SECTION] Errors and problems
// [SECTION] Load, save, validate
//
// Format (see DESIGN.md): {"format": "polypath-map", "version": 1, "name": ...,
// "units": "m", "polygons": [{"outer": [[x,y],...], "holes": [[[x,y],...],...]}],
// "start": [x,y], "goal": [x,y], "settings": {"clearance": 0, "corner_offset": 0}}.
// Unknown keys (top level, in settings and in each polygon) are kept on save.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/polygon_map.hpp"

namespace polypath {

// [SECTION] MapDocument

/// Map settings stored in the file.
struct MapSettings {
  double clearance = 0.0;      ///< agent radius in world units (0: paths touch walls)
  double corner_offset = 0.0;  ///< push of graph nodes along vertex normals, world units
};

/// A map as the user edits it: may be invalid (self-intersecting, too few vertices...).
/// Build a PolygonMap from `polygons` once validateMap() reports no errors.
struct MapDocument {
  std::string name;                 ///< display name
  std::string units = "m";          ///< unit of every coordinate
  std::vector<Polygon> polygons;    ///< walkable areas, each an outer ring with holes
  std::optional<Point> start;       ///< query start, world units
  std::optional<Point> goal;        ///< query goal, world units
  MapSettings settings;
  nlohmann::json extra = nlohmann::json::object();           ///< unknown top-level keys, kept on save
  nlohmann::json extra_settings = nlohmann::json::object();  ///< unknown keys inside "settings"
  std::vector<nlohmann::json> extra_polygons;                ///< unknown keys per polygon (parallel to polygons)
};

// [SECTION] Errors and problems

/// A map file that cannot be read. The message names the file, the place (JSON pointer
/// such as /polygons/0/outer/3/1, or line and column for a parse error) and the fix.
class MapFileError : public std::runtime_error {
 public:
  MapFileError(std::string file, std::string pointer, const std::string& what);
  const std::string& file() const { return file_; }
  const std::string& pointer() const { return pointer_; }

 private:
  std::string file_;
  std::string pointer_;
};

/// One problem found by validateMap().
struct MapProblem {
  enum class Severity { Warning, Error };
  Severity severity = Severity::Error;
  std::string where;  ///< JSON pointer or "polygon 0, hole 1, vertex 3"
  std::string what;   ///< what is wrong and what to do
  /// "error: /polygons/0/outer: ring has fewer than 3 distinct vertices; ..."
  std::string describe() const;
};

// [SECTION] Load, save, validate

/// Limits applied when reading a file.
struct LoadLimits {
  std::uintmax_t max_bytes = 64u * 1024u * 1024u;  ///< larger files are refused before parsing
};

/// Parses a map from JSON text. `source` names the file in error messages.
/// Throws MapFileError on malformed JSON (with line and column), a wrong "format",
/// a newer "version", or values of the wrong type (with the JSON pointer).
MapDocument parseMap(std::string_view text, const std::string& source = "<memory>");

/// Reads and parses a map file. Throws MapFileError when the file is missing, empty,
/// larger than the limit, or not a valid map (see parseMap).
MapDocument loadMap(const std::filesystem::path& file, const LoadLimits& limits = {});

/// The map as pretty-printed JSON (format version 1), unknown keys included.
std::string serializeMap(const MapDocument& doc);

/// Writes the map atomically: to a temporary file in the same folder, flushed, then
/// renamed over `file`. On failure the old file is untouched. Throws MapFileError.
void saveMap(const MapDocument& doc, const std::filesystem::path& file);

/// Every problem that stops the map from being used, plus warnings (for example
/// duplicate vertices that loading drops). Empty when the map is valid.
std::vector<MapProblem> validateMap(const MapDocument& doc);

/// Builds the PolygonMap of a document. Throws GeometryError for invalid rings.
PolygonMap buildPolygonMap(const MapDocument& doc);

}  // namespace polypath
