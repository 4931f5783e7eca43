// message_text.hpp: numbers and points in polypath_geom's messages (12 significant digits,
// as the command-line tool prints them). Internal to polypath_geom.
#pragma once

#include <cstdio>
#include <string>

#include "polypath/core/geometry.hpp"

namespace polypath::geom_text {

/// "%.12g": 12 significant digits.
inline std::string formatNumber(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g", v);
  return buf;
}

/// "(x, y)" with formatNumber's digits.
inline std::string formatPoint(Point p) { return "(" + formatNumber(p.x) + ", " + formatNumber(p.y) + ")"; }

}  // namespace polypath::geom_text
