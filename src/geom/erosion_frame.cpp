// erosion_frame.cpp: the map's own frame for offsetting (see erosion_frame.hpp).
#include "geom/erosion_frame.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace polypath {

ErosionFrame ErosionFrame::of(const std::vector<Polygon>& polygons) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  Point lo{inf, inf}, hi{-inf, -inf};
  for (const Polygon& p : polygons)
    for (const Point& v : p.outer) {  // holes lie inside their outer ring
      lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)};
      hi = {std::max(hi.x, v.x), std::max(hi.y, v.y)};
    }
  ErosionFrame f;
  if (!(lo.x <= hi.x)) return f;
  f.origin = {lo.x + (hi.x - lo.x) / 2.0, lo.y + (hi.y - lo.y) / 2.0};
  const double half = std::max(hi.x - lo.x, hi.y - lo.y) / 2.0;
  f.scale = half > 0.0 ? std::ldexp(1.0, std::ilogb(half) + 1) : 1.0;
  return f;
}

std::vector<Polygon> ErosionFrame::map(std::vector<Polygon> polygons, bool to_world) const {
  const auto move = [&](Ring& ring) {
    for (Point& p : ring) p = to_world ? toWorld(p) : toFrame(p);
  };
  for (Polygon& p : polygons) {
    move(p.outer);
    for (Ring& h : p.holes) move(h);
  }
  return polygons;
}

}  // namespace polypath
