// map_formats.hpp: the polygon-map file formats polypath reads and writes, chosen by the
// file's extension: polypath's own JSON, Polyanya meshes and the formats of other tools.
// `polypath convert` and the editor's Import and Export go through this one table; add a
// format = one entry in map_formats.cpp.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/formats/map_io.hpp"

namespace polypath {

/// One file format a polygon map can be read from or written to. A format is text:
/// importMap reads the file (readMapFile's checks and size limit) and parses it,
/// exportMap serializes and saves atomically; the fuzz targets call `parse` directly.
struct MapFormat {
  std::string name;                     ///< what the user sees: "Tiled map (XML)"
  std::vector<std::string> extensions;  ///< lower case, with the dot: {".tmx"}
  /// Parses a file's text into an editable document (start, goal and name when the
  /// format has them); `source` names the file in messages. Throws MapFileError (or
  /// MeshFileError) naming the source, the place (line, JSON pointer, element) and what
  /// is wrong. Empty when the format cannot be read.
  std::function<MapDocument(std::string_view text, const std::string& source)> parse;
  /// The document as the format's text. Formats other than polypath JSON need a valid
  /// map: throws MapFileError naming `target` and the first problem otherwise. Empty when
  /// the format cannot be written.
  std::function<std::string(const MapDocument& doc, const std::string& target)> serialize;
};

/// Every registered format, polypath JSON first.
const std::vector<MapFormat>& mapFormats();

/// The format whose extensions include `file`'s (compared case-insensitively), or
/// nullptr when none does.
const MapFormat* mapFormatFor(const std::filesystem::path& file);

/// Reads a map from any readable format, picked by extension; a file whose extension no
/// format claims (".txt", none) is read as polypath JSON (loadMap). Throws what the
/// format's reader throws (always a polypath::Error naming the file: MapFileError,
/// MeshFileError).
MapDocument importMap(const std::filesystem::path& file);

/// Writes a map in the format its extension names (atomically). Throws MapFileError
/// naming the file and listing the writable extensions when no format writes this one,
/// or when the map is not valid where the format needs it to be.
void exportMap(const MapDocument& doc, const std::filesystem::path& file);

/// "json, mesh, tmx, ..." : the extensions (without dots) that can be read, or written
/// when `writable`, for messages and file dialogs.
std::string mapFormatExtensions(bool writable);

}  // namespace polypath
