// json_duplicates.hpp: finds a key given twice in one JSON object (RFC 8259 allows it,
// nlohmann keeps the last value silently), with nlohmann's SAX interface. Used by the map
// loader, which refuses such files. Internal to polypath_io: not installed.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace polypath::json_syntax {

/// A key given twice in one object.
struct DuplicateKey {
  std::string pointer;  ///< JSON pointer (RFC 6901) of the key: "/start", "/polygons/0/outer"
  std::string key;      ///< the key as written (unescaped)
};

/// The first key that occurs a second time in the same object of `text`, in document
/// order; nothing when every object's keys are distinct. `text` should be valid JSON
/// (parse it first for syntax errors: on invalid text this stops at the error and reports
/// only what it saw before).
std::optional<DuplicateKey> firstDuplicateKey(std::string_view text);

/// RFC 6901 escaping of one reference token: "~" as "~0", "/" as "~1".
std::string escapePointerToken(const std::string& key);

}  // namespace polypath::json_syntax
