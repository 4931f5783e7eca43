// json_values.cpp: see json_values.hpp.
#include "formats/json_values.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "formats/json_duplicates.hpp"
#include "formats/json_syntax.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::json_syntax {

using nlohmann::json;
using nlohmann::ordered_json;

json parseMapJson(std::string_view text, const std::string& source) {
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    throw MapFileError(source, "", syntaxError(source, text, e));
  } catch (const json::out_of_range& e) {
    throw MapFileError(source, "", numberError(source, text, e));
  }
  // nlohmann keeps the last of two equal keys without a word: the file's author may mean
  // the first. Found with nlohmann's SAX interface on the text just parsed.
  if (const auto dup = firstDuplicateKey(text))
    throw MapFileError(source, dup->pointer,
                       source + ": " + dup->pointer + ": \"" + dup->key +
                           "\" is given twice in the same object; only one can count, so remove the other");
  return root;
}

std::string describeValue(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case json::value_t::string: {
      std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
      if (s.size() > 40) s = s.substr(0, 37) + "...\"";
      return "the string " + s;
    }
    case json::value_t::array: return "an array of " + std::to_string(v.size()) + " elements";
    case json::value_t::object: return "an object";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return "the number " + v.dump();
    default: return v.type_name();
  }
}

std::string childPointer(const std::string& parent, const std::string& key) {
  return parent + "/" + escapePointerToken(key);
}

std::string childPointer(const std::string& parent, std::size_t index) { return parent + "/" + std::to_string(index); }

ordered_json numberJson(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9007199254740992.0 && !(v == 0.0 && std::signbit(v)))
    return static_cast<std::int64_t>(v);
  return v;
}

namespace {

bool isScalar(const ordered_json& v) { return !v.is_array() && !v.is_object(); }

std::string scalarText(const ordered_json& v) { return v.dump(-1, ' ', false, ordered_json::error_handler_t::replace); }

// Pretty printer with indent 1 that keeps arrays of scalars (points) on one line.
void writeJson(std::string& out, const ordered_json& v, int depth) {
  const std::string inner(static_cast<std::size_t>(depth + 1), ' ');
  if (v.is_array()) {
    if (v.empty()) {
      out += "[]";
    } else if (std::all_of(v.begin(), v.end(), isScalar)) {
      out += '[';
      for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + scalarText(v[i]);
      out += ']';
    } else {
      out += "[\n";
      for (std::size_t i = 0; i < v.size(); ++i) {
        out += inner;
        writeJson(out, v[i], depth + 1);
        out += i + 1 < v.size() ? ",\n" : "\n";
      }
      out += std::string(static_cast<std::size_t>(depth), ' ') + "]";
    }
  } else if (v.is_object()) {
    if (v.empty()) {
      out += "{}";
      return;
    }
    out += "{\n";
    std::size_t i = 0;
    for (const auto& [key, value] : v.items()) {
      out += inner + scalarText(ordered_json(key)) + ": ";
      writeJson(out, value, depth + 1);
      out += ++i < v.size() ? ",\n" : "\n";
    }
    out += std::string(static_cast<std::size_t>(depth), ' ') + "}";
  } else {
    out += scalarText(v);
  }
}

}  // namespace

std::string prettyJson(const ordered_json& v) {
  std::string out;
  writeJson(out, v, 0);
  out += '\n';
  return out;
}

}  // namespace polypath::json_syntax
