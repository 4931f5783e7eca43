// io_text.hpp: number, point and JSON-pointer text shared by parsing and validation.
// Internal to polypath_io: not installed, not included by map_io.hpp.
#pragma once

#include <array>
#include <charconv>
#include <cstddef>
#include <string>

#include "polypath/core/geometry.hpp"

namespace polypath::io_text {

/// Shortest text that reads back as the same double ("15", "0.1", "1e+300", "nan").
inline std::string formatNumber(double v) {
  std::array<char, 64> buf{};
  const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  return std::string(buf.data(), r.ptr);
}

/// "(x, y)" with formatNumber's shortest round-trip digits.
inline std::string formatPoint(Point p) { return "(" + formatNumber(p.x) + ", " + formatNumber(p.y) + ")"; }

/// JSON pointer of a ring: "/polygons/0/outer" (hole < 0) or "/polygons/0/holes/2".
inline std::string ringPointer(std::size_t polygon, int hole) {
  std::string p = "/polygons/" + std::to_string(polygon);
  return hole < 0 ? p + "/outer" : p + "/holes/" + std::to_string(hole);
}

/// JSON pointer of a ring vertex in the document's own numbering: "/polygons/0/holes/1/3".
inline std::string vertexPointer(std::size_t polygon, int hole, std::size_t vertex) {
  return ringPointer(polygon, hole) + "/" + std::to_string(vertex);
}

}  // namespace polypath::io_text
