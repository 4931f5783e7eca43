// segment_distance.hpp: the Euclidean distance between two closed segments, computed in
// long double with no src/core code, for checking that paths keep their clearance.
#pragma once

#include <algorithm>
#include <cmath>

#include "polypath/core/geometry.hpp"

namespace polypath::test {

/// Distance from point p to the closed segment [a, b] (long double arithmetic).
inline long double pointSegmentDistance(Point p, Point a, Point b) {
  using LD = long double;
  const LD abx = LD(b.x) - a.x, aby = LD(b.y) - a.y;
  const LD apx = LD(p.x) - a.x, apy = LD(p.y) - a.y;
  const LD len2 = abx * abx + aby * aby;
  LD t = len2 > 0 ? (apx * abx + apy * aby) / len2 : 0;
  t = std::clamp<LD>(t, 0, 1);
  const LD dx = apx - t * abx, dy = apy - t * aby;
  return std::sqrt(dx * dx + dy * dy);
}

/// Distance between the closed segments [p, q] and [a, b]: 0 when they cross (orientation
/// signs in long double), else the least of the four endpoint-to-segment distances.
inline long double segmentDistance(Point p, Point q, Point a, Point b) {
  using LD = long double;
  auto side = [](Point o, Point u, Point v) {
    const LD s = (LD(u.x) - o.x) * (LD(v.y) - o.y) - (LD(u.y) - o.y) * (LD(v.x) - o.x);
    return s > 0 ? 1 : s < 0 ? -1 : 0;
  };
  const int s1 = side(p, q, a), s2 = side(p, q, b), s3 = side(a, b, p), s4 = side(a, b, q);
  if (s1 * s2 < 0 && s3 * s4 < 0) return 0;
  return std::min({pointSegmentDistance(p, a, b), pointSegmentDistance(q, a, b), pointSegmentDistance(a, p, q),
                   pointSegmentDistance(b, p, q)});
}

}  // namespace polypath::test
