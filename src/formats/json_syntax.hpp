// json_syntax.hpp: messages for JSON text nlohmann cannot read, naming the file, the line
// and column and what is wrong ("maps/a.json:3:15: not valid JSON: syntax error ...").
// Shared by the map, lesson, GeoJSON and Tiled JSON loaders. Internal to polypath_io: not
// installed.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace polypath::json_syntax {

/// "LINE:COLUMN" of a byte offset of `text`, both counted from 1 (columns in bytes).
inline std::string lineColumn(std::string_view text, std::size_t offset) {
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return std::to_string(line) + ":" + std::to_string(offset - line_start + 1);
}

/// What nlohmann says is wrong, without its "[json.exception...] parse error at line L,
/// column C: " prefix.
inline std::string parseErrorDetail(const nlohmann::json::parse_error& e) {
  std::string w = e.what();
  const std::size_t column = w.find("column ");
  if (column != std::string::npos) {
    const std::size_t colon = w.find(": ", column);
    if (colon != std::string::npos) return w.substr(colon + 2);
  }
  const std::size_t bracket = w.find("] ");
  return bracket == std::string::npos ? w : w.substr(bracket + 2);
}

/// "SOURCE:LINE:COLUMN: not valid JSON: DETAIL" for a syntax error in `text` (read from
/// `source`). e.byte is the 1-based position of the byte that stopped the parser (one
/// past the end for a premature end of input).
inline std::string syntaxError(const std::string& source, std::string_view text, const nlohmann::json::parse_error& e) {
  const std::size_t offset = std::min(e.byte > 0 ? e.byte - 1 : 0, text.size());
  return source + ":" + lineColumn(text, offset) + ": not valid JSON: " + parseErrorDetail(e);
}

/// "SOURCE:LINE:COLUMN: number 1e400 is too large for a double; ..." for the number
/// nlohmann refuses (out_of_range 406, which has no position: the first place the
/// number's text occurs is given).
inline std::string numberError(const std::string& source, std::string_view text, const nlohmann::json::out_of_range& e) {
  const std::string w = e.what();
  const std::size_t open = w.find('\''), close = w.rfind('\'');
  const std::string number = open != std::string::npos && close > open ? w.substr(open + 1, close - open - 1) : "";
  const std::size_t at = number.empty() ? std::string_view::npos : text.find(number);
  const std::string place = at == std::string_view::npos ? "" : ":" + lineColumn(text, at);
  return source + place + ": number " + number + " is too large for a double; use values below 1.7e308";
}

}  // namespace polypath::json_syntax
