// svg_elements.hpp: reads elements and their attributes back out of an SVG text, for
// tests that count and measure what an SVG export drew.
#pragma once

#include <map>
#include <regex>
#include <string>
#include <vector>

namespace polypath::test {

using SvgAttributes = std::map<std::string, std::string>;

/// Every <tag ...> element of `svg` (in order), as attribute maps.
inline std::vector<SvgAttributes> svgElements(const std::string& svg, const std::string& tag) {
  std::vector<SvgAttributes> out;
  const std::regex element("<" + tag + "((\\s+[\\w:-]+=\"[^\"]*\")*)\\s*/?>");
  const std::regex attribute("([\\w:-]+)=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), element); it != std::sregex_iterator(); ++it) {
    SvgAttributes attrs;
    const std::string body = (*it)[1].str();
    for (auto a = std::sregex_iterator(body.begin(), body.end(), attribute); a != std::sregex_iterator(); ++a)
      attrs[(*a)[1].str()] = (*a)[2].str();
    out.push_back(std::move(attrs));
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
