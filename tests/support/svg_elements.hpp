// svg_elements.hpp: reads elements and their attributes back out of an SVG text, for
// tests that count and measure what an SVG export drew.
#pragma once

#include <cctype>
#include <map>
#include <string>
#include <vector>

namespace polypath::test {

using SvgAttributes = std::map<std::string, std::string>;

/// Every <tag ...> element of `svg` (in order), as attribute maps. A plain scanner, not
/// std::regex: libstdc++'s regex recurses once per character, and a long attribute (the
/// region's path data on a large map) overflows the stack under AddressSanitizer.
inline std::vector<SvgAttributes> svgElements(const std::string& svg, const std::string& tag) {
  const auto isName = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':' || c == '-'; };
  const auto isSpace = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  std::vector<SvgAttributes> out;
  const std::string open = "<" + tag;
  for (std::size_t at = svg.find(open); at != std::string::npos; at = svg.find(open, at + 1)) {
    std::size_t i = at + open.size();
    if (i < svg.size() && isName(svg[i])) continue;  // a longer tag name ("<pathx")
    SvgAttributes attrs;
    bool ok = false;
    while (i < svg.size()) {
      std::size_t k = i;
      while (k < svg.size() && isSpace(svg[k])) ++k;
      if (k < svg.size() && (svg[k] == '>' || (svg[k] == '/' && k + 1 < svg.size() && svg[k + 1] == '>'))) {
        ok = true;
        break;
      }
      if (k == i) break;  // attributes are separated by white space
      std::size_t name_end = k;
      while (name_end < svg.size() && isName(svg[name_end])) ++name_end;
      if (name_end == k || svg.compare(name_end, 2, "=\"") != 0) break;
      const std::size_t value_end = svg.find('"', name_end + 2);
      if (value_end == std::string::npos) break;
      attrs[svg.substr(k, name_end - k)] = svg.substr(name_end + 2, value_end - name_end - 2);
      i = value_end + 1;
    }
    if (ok) out.push_back(std::move(attrs));
  }
  return out;
}

/// The text between <g id="ID"> and its </g> (groups inside it are not expected).
inline std::string svgGroup(const std::string& svg, const std::string& id) {
  const std::string open = "<g id=\"" + id + "\">";
  const std::size_t start = svg.find(open);
  if (start == std::string::npos) return "";
  const std::size_t end = svg.find("</g>", start);
  return svg.substr(start + open.size(), end - start - open.size());
}

}  // namespace polypath::test
