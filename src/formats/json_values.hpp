// json_values.hpp: JSON reading and writing shared by the map formats written in JSON
// (polypath maps, GeoJSON): strict parsing (syntax errors with line and column, numbers
// too large, keys given twice), JSON pointers, "got X" descriptions of values, and the
// writer that keeps points on one line with numbers that read back exactly.
// Internal to polypath_io: not installed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace polypath::json_syntax {

/// The JSON value of `text`. Throws MapFileError naming `source` for malformed JSON
/// ("FILE:LINE:COLUMN: not valid JSON: ..."), a number too large for a double, or a key
/// given twice in one object ("FILE: /start: \"start\" is given twice ...", with its
/// pointer).
nlohmann::json parseMapJson(std::string_view text, const std::string& source);

/// A short description of a value for "expected X, got Y" messages: "the string \"a\"",
/// "an array of 3 elements", "the number 2", "null", "an object".
std::string describeValue(const nlohmann::json& v);

/// JSON pointer of member `key` of the value at `parent` (RFC 6901 escaping).
std::string childPointer(const std::string& parent, const std::string& key);
/// JSON pointer of element `index` of the array at `parent`.
std::string childPointer(const std::string& parent, std::size_t index);

/// A coordinate as JSON: whole numbers as integers ("15" rather than "15.0"), everything
/// else as the shortest double that reads back exactly. -0.0 keeps its sign.
nlohmann::ordered_json numberJson(double v);

/// `v` pretty-printed with indent 1, arrays of scalars (points) on one line, and a final
/// newline.
std::string prettyJson(const nlohmann::ordered_json& v);

}  // namespace polypath::json_syntax
