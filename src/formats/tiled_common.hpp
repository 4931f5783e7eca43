// tiled_common.hpp: the checks the .tmx and .tmj readers share (format version,
// orientation) and their wording. Internal to polypath_formats: not installed.
#pragma once

#include <charconv>
#include <optional>
#include <string>

namespace polypath::tiled_common {

/// Nothing when `version` is a Tiled format version polypath reads (1.x: "1", "1.2",
/// "1.10"); else what is wrong, for a message that adds the file and the place.
inline std::optional<std::string> versionProblem(const std::string& version) {
  int major = 0;
  const char* end = version.data() + version.size();
  const auto r = std::from_chars(version.data(), end, major);
  const bool ok = r.ec == std::errc() && major == 1 && (r.ptr == end || *r.ptr == '.');
  if (ok) return std::nullopt;
  return "unknown Tiled format version \"" + version +
         "\": polypath reads versions 1.x (the formats of Tiled 1.0 and later); save the map with Tiled 1.x";
}

/// Nothing for "orthogonal"; else what is wrong.
inline std::optional<std::string> orientationProblem(const std::string& orientation) {
  if (orientation == "orthogonal") return std::nullopt;
  return "orientation \"" + orientation +
         "\" is not supported: polypath reads orthogonal maps, whose object coordinates are plain pixels; "
         "draw the level on an orthogonal map";
}

/// What to say about an object made from a template file.
inline std::string templateProblem(const std::string& file) {
  return "the object comes from the template \"" + file +
         "\", which polypath does not read; detach it in Tiled (Detach Template) so the map holds its shape";
}

}  // namespace polypath::tiled_common
