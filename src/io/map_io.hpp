// map_io.hpp: the JSON map format (version 1), atomic saving and validation.
// Implemented in map_io.cpp (format, files) and map_validation.cpp (validateMap, which
// uses GEOS privately: this header does not include it).
//
// [SECTION] MapDocument (the editable, possibly invalid map)
// [SECTION] Errors and problems
// [SECTION] Load, save, validate
//
// Format (see DESIGN.md): {"format": "polypath-map", "version": 1, "name": ...,
// "units": "m", "polygons": [{"outer": [[x,y],...], "holes": [[[x,y],...],...]}],
// "start": [x,y], "goal": [x,y], "settings": {"clearance": 0, "corner_offset": 0}}.
// Settings may also hold "radii": [r, ...], "clearance_joins": "round" | "mitre",
// "clearance_segments": N and "clearance_mitre_limit": L (see MapSettings); these four are
// written only when they differ from their defaults.
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

/// How the corners of the eroded walkable region are shaped (see clearance.hpp): the join
/// style of GEOS's buffer around the convex corners of obstacles.
enum class ClearanceJoins {
  Round,  ///< an arc of radius r around the corner, approximated by chords (settings: "round")
  Mitre,  ///< the offset walls extended until they meet, bevelled beyond the mitre limit ("mitre")
};

/// "round" or "mitre".
const char* clearanceJoinsName(ClearanceJoins joins);
/// Reads "round", "mitre" or "miter"; nothing for any other text.
std::optional<ClearanceJoins> parseClearanceJoins(std::string_view text);

/// The largest accepted "clearance_segments".
constexpr int kMaxClearanceSegments = 64;

/// The shape of the eroded region: settings "clearance_joins", "clearance_segments" and
/// "clearance_mitre_limit". The defaults give round joins with 8 chords per quarter circle.
struct ClearanceStyle {
  ClearanceJoins joins = ClearanceJoins::Round;
  /// Round joins: chords per quarter circle, 1 to kMaxClearanceSegments. Every chord spans at
  /// most 90/segments degrees, so it cuts at most r (1 - cos(pi / (4 segments))) (the arc's
  /// sagitta) into the clearance around a corner.
  int segments = 8;
  /// Mitre joins: a mitre reaching farther than this many radii from its corner is bevelled
  /// there (at least 1, so the bevel never comes closer to the corner than the radius).
  double mitre_limit = 5.0;
  friend bool operator==(const ClearanceStyle&, const ClearanceStyle&) = default;
};

/// Map settings stored in the file ("settings": {...}).
struct MapSettings {
  /// Agent radius in world units used when a query names none (0: paths touch walls).
  /// Applied by eroding the walkable region (clearance.hpp): exact clearance.
  double clearance = 0.0;
  /// Agent radii (world units) the map is meant for, e.g. [0.25, 0.5, 1] for three agent
  /// sizes; a ClearanceSet builds each once. Empty when the file has no "radii".
  std::vector<double> radii;
  ClearanceStyle clearance_style;  ///< "clearance_joins", "clearance_segments", "clearance_mitre_limit"
  /// Push of graph nodes along the corners' bisectors, world units (the seed article's
  /// method). An approximation of clearance: paths keep off the corners but not off the
  /// walls between them, and are no longer shortest. 0 turns it off.
  double corner_offset = 0.0;
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

  /// Same content: every field equal (coordinates compared exactly, NaN unequal to
  /// itself). A missing entry of extra_polygons counts as an empty object, so a document
  /// built in code equals the same document after a save and a load.
  friend bool operator==(const MapDocument& a, const MapDocument& b);
};

// [SECTION] Errors and problems

/// A map file that cannot be read. The message names the file, the place (JSON pointer
/// such as /polygons/0/outer/3/1, or line and column for a parse error) and the fix.
class MapFileError : public std::runtime_error {
 public:
  /// `what` is the complete message (it already names the file); `pointer` is the JSON
  /// pointer of the offending value, or empty when the problem is not inside the JSON.
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
/// Throws MapFileError on malformed JSON ("FILE:LINE:COLUMN: not valid JSON: ..."), a key
/// given twice in one object ("FILE: /start: \"start\" is given twice ..."), a missing
/// "version", a wrong "format", a newer "version", or values of the wrong type (with the
/// JSON pointer and the expected type). A missing "format" is allowed; a missing or null
/// "start"/"goal" means none; a missing "name" stays empty.
/// Numbers too large for a double are refused; geometry is not checked (validateMap).
MapDocument parseMap(std::string_view text, const std::string& source = "<memory>");

/// Reads and parses a map file. Throws MapFileError when the file is missing, empty,
/// larger than the limit, or not a valid map (see parseMap). A map without a "name"
/// gets the file name without its extension.
MapDocument loadMap(const std::filesystem::path& file, const LoadLimits& limits = {});

/// The map as pretty-printed JSON (format version 1, indent 1, one [x, y] per line),
/// known keys first (format, version, name, units, polygons, start, goal, settings),
/// then the unknown keys; an unknown key that collides with a known one is not written.
/// Coordinates round-trip exactly. An empty name and an absent start/goal are omitted.
std::string serializeMap(const MapDocument& doc);

/// Writes the map atomically: to "<file>.tmp-<pid>" in the same folder, fsync'ed, then
/// renamed over `file` (an existing file keeps its permission bits; a symbolic link is
/// followed and its target replaced). On failure the temporary file is removed, the old
/// file is untouched, and MapFileError names the file, the cause and what to do.
void saveMap(const MapDocument& doc, const std::filesystem::path& file);
/// Writes `text` to `file` the way saveMap does (temporary file, fsync, rename), with the
/// same MapFileError messages. Used for every file polypath writes (JSON maps, .map grids).
void saveTextFileAtomically(const std::string& text, const std::filesystem::path& file);

/// Every problem that stops the map from being used (Error), plus warnings about what
/// loading changes or what the map does that may surprise its author. Empty when the map
/// is valid and unsurprising. Each problem is reported once, in this order of checks:
///
/// - each ring on its own: NaN or infinite coordinates, coordinates beyond +-1e100
///   (Error, per vertex); repeated and closing duplicate vertices (Warning: dropped on
///   load); consecutive vertices closer than 1e-9 of the map's extent (Warning: kept);
///   fewer than 3 distinct vertices, zero area (Error, per ring);
/// - each ring against itself (exact predicates; GEOS validity detail, GEOSisValidDetail_r
///   on the ring as a polygon, for reason and location): proper crossings with the
///   crossing point and both edges, a spike (the ring turns straight back), edges running
///   along each other, a ring that touches itself and folds over its own area (Error);
///   a ring that only touches itself at points (Warning: a zero-width pinch);
/// - the rings of each polygon (GEOS): a hole outside or partly outside its outer ring,
///   holes overlapping or lying inside each other, holes covering the whole polygon
///   (Error); a hole sharing an edge with the outer ring or another hole, rings touching
///   at points (Warning: allowed, a wall or a pinch), holes splitting a polygon into
///   separate areas (Warning);
/// - polygons against each other: walkable areas overlapping (Error; an island inside a
///   hole is fine); polygons sharing an edge (Warning: they are not connected);
/// - crossings between rings that no problem above explains (Error);
/// - "/start", "/goal": NaN, infinite or beyond +-1e100, or not walkable (Error: says
///   where it is, "inside hole 0 of polygon 0", and the nearest walkable point);
/// - "/settings/clearance", "/settings/radii/I", "/settings/corner_offset": negative or not
///   finite (Error); "/settings/clearance_segments" outside 1..kMaxClearanceSegments,
///   "/settings/clearance_mitre_limit" below 1 or not finite (Error).
///
/// `where` is a JSON pointer into the document: "/polygons" (no polygons, or a summary),
/// "/polygons/0" (the polygon as a whole), a ring ("/polygons/0/holes/1") or a vertex
/// ("/polygons/0/outer/3": the vertex at fault, the first vertex of the first edge of a
/// crossing, or a vertex at the place two rings meet). Indices are those of the document,
/// before the cleaning that loading does. At most 100 crossings and 100 touching places
/// are listed one by one; a last problem counts the rest. Never throws for geometry: when
/// GEOS cannot decide a check, a Warning says which check was skipped.
std::vector<MapProblem> validateMap(const MapDocument& doc);

/// Builds the PolygonMap of a document. Throws GeometryError for invalid rings.
PolygonMap buildPolygonMap(const MapDocument& doc);

}  // namespace polypath
