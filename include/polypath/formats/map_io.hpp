// map_io.hpp: the JSON map format (version 1) and atomic saving. Validation of a
// document is geom/map_validation.hpp's validateMap().
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
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "polypath/core/clearance_style.hpp"
#include "polypath/core/error.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

// [SECTION] MapDocument

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
class MapFileError : public Error {
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

/// One problem found by validateMap() (or the DragValidator). The first three members
/// are the text; the rest say the same place in structured form, for tools that select
/// or mark it (the editor), so that nothing has to parse `where` or `what` back.
struct MapProblem {
  enum class Severity { Warning, Error };

  MapProblem() = default;
  /// `{severity, where, what}` keeps working everywhere as it did when MapProblem was an
  /// aggregate of those three; a constructor rather than more aggregate members, so that
  /// such initialisations do not trip -Wmissing-field-initializers.
  MapProblem(Severity severity_, std::string where_, std::string what_, RingLocation place_ = {},
             std::optional<Point> point_ = std::nullopt, std::string fix_ = {})
      : severity(severity_), where(std::move(where_)), what(std::move(what_)), place(place_), point(point_),
        fix(std::move(fix_)) {}

  Severity severity = Severity::Error;
  std::string where;  ///< JSON pointer or "polygon 0, hole 1, vertex 3"
  std::string what;   ///< what is wrong and what to do (the complete message, `fix` included)
  /// The polygon, ring and vertex `where` points at, in the document's own numbering
  /// (before the cleaning loading does): `polygon` -1 when the problem is not about a
  /// polygon ("/polygons" summaries, settings, start and goal); `hole` -1 for the outer
  /// ring (or the polygon as a whole: "/polygons/0" gives {0, -1, -1}); `vertex` -1 when
  /// the problem is about the whole ring or polygon rather than one vertex.
  RingLocation place;
  /// The point the message names: where two edges cross, where rings touch (the first of
  /// the places listed), an example point of an overlap or of a hole leaving its outer
  /// ring, the position of the start or goal at fault. nullopt when the message names no
  /// point (a vertex problem names its vertex through `place` instead).
  std::optional<Point> point;
  /// What to do about it, when the validator says so separately: the end of `what` after
  /// "; " ("move a vertex so its edges do not cross"). Empty when the message gives no
  /// separate advice (pinch warnings, dropped duplicate vertices, holes sharing an edge,
  /// a polygon split apart, errors from building the map) or the problem was made from
  /// text alone.
  std::string fix;
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

/// The whole text of a map file of any format, read with loadMap's checks: MapFileError
/// naming the file when it is missing, a folder, not a regular file, empty, unreadable or
/// larger than `limits.max_bytes` (checked before and while reading).
std::string readMapFile(const std::filesystem::path& file, const LoadLimits& limits = {});

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

/// Builds the PolygonMap of a document. Throws GeometryError for invalid rings.
PolygonMap buildPolygonMap(const MapDocument& doc);

}  // namespace polypath
