// geometry.cpp: exact orientation by a filtered floating-point expansion.
#include "polypath/core/geometry.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace polypath {

Point normalized(Point v) {
  const double len = length(v);
  if (len == 0.0 || !std::isfinite(len)) return {0.0, 0.0};
  return {v.x / len, v.y / len};
}

namespace {

// Knuth's TwoSum: a + b == s + e exactly.
inline void twoSum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bv = s - a;
  const double av = s - bv;
  e = (a - av) + (b - bv);
}

// Adds b to a nonoverlapping expansion of increasing magnitude (Shewchuk's
// Grow-Expansion). `n` is the current length; the result has length n + 1.
inline void growExpansion(std::array<double, 13>& e, int& n, double b) {
  double q = b;
  for (int i = 0; i < n; ++i) {
    double s = 0.0, err = 0.0;
    twoSum(q, e[i], s, err);
    e[i] = err;
    q = s;
  }
  e[n++] = q;
}

int orientExact(Point a, Point b, Point c) {
  // (b-a) x (c-a) expanded into six products of input coordinates; each product is
  // split exactly into a rounded value and its error by a fused multiply-add.
  const std::array<std::array<double, 2>, 6> terms = {{
      {b.x, c.y}, {-b.x, a.y}, {-a.x, c.y}, {-b.y, c.x}, {b.y, a.x}, {a.y, c.x},
  }};
  std::array<double, 13> e{};
  int n = 0;
  for (const auto& t : terms) {
    const double p = t[0] * t[1];
    const double err = std::fma(t[0], t[1], -p);
    growExpansion(e, n, err);
    growExpansion(e, n, p);
    if (n > 11) {  // compress zeros to stay within the fixed buffer
      int m = 0;
      for (int i = 0; i < n; ++i)
        if (e[i] != 0.0) e[m++] = e[i];
      n = m;
    }
  }
  for (int i = n - 1; i >= 0; --i) {
    if (e[i] > 0.0) return 1;
    if (e[i] < 0.0) return -1;
  }
  return 0;
}

// Knuth's TwoDiff: d = fl(a - b); true when the subtraction was exact (zero error).
inline bool exactDifference(double a, double b, double& d) {
  d = a - b;
  const double bv = a - d;
  const double av = d + bv;
  return (a - av) + (bv - b) == 0.0;
}

// A difference whose products cannot underflow (0, or far from the subnormal range).
inline bool safeFactor(double d) { return d == 0.0 || std::abs(d) >= 1e-140; }

// Second filter: when the four coordinate differences, the two products and their
// difference are all exact (checked by TwoDiff and a fused multiply-add), the floating
// determinant is the exact one. This decides the collinear and near-collinear cases of
// maps on integer or binary-fraction lattices (grid maps) without the expansion.
// Returns 2 when it cannot decide.
int orientExactProducts(Point a, Point b, Point c) {
  double dx1, dy1, dx2, dy2;
  if (!exactDifference(b.x, a.x, dx1) || !exactDifference(c.y, a.y, dy2) || !exactDifference(b.y, a.y, dy1) ||
      !exactDifference(c.x, a.x, dx2))
    return 2;
  if (!safeFactor(dx1) || !safeFactor(dy1) || !safeFactor(dx2) || !safeFactor(dy2)) return 2;
  const double left = dx1 * dy2, right = dy1 * dx2;
  if (std::fma(dx1, dy2, -left) != 0.0 || std::fma(dy1, dx2, -right) != 0.0) return 2;
  double det;
  if (!exactDifference(left, right, det)) return 2;
  return det > 0.0 ? 1 : det < 0.0 ? -1 : 0;
}

}  // namespace

int orientAdaptive(Point a, Point b, Point c) {
  // Both products exactly zero (axis-aligned triples, common on grid-like maps).
  if ((b.x == a.x || c.y == a.y) && (b.y == a.y || c.x == a.x)) return 0;
  if (const int o = orientExactProducts(a, b, c); o != 2) return o;
  return orientExact(a, b, c);
}

int smallLatticeExponent(const Point* points, std::size_t count) {
  // The smallest k each point needs, raised point by point; a larger k only scales the
  // points already passed up, so they are checked again at the final k.
  int k = 0;
  for (std::size_t i = 0; i < count; ++i) {
    while (k <= 24 && !onSmallLattice(points[i], k)) ++k;
    if (k > 24) return -1;
  }
  for (std::size_t i = 0; i < count; ++i)
    if (!onSmallLattice(points[i], k)) return -1;
  return k;
}

bool onSegment(Point a, Point b, Point p) {
  if (p.x < std::min(a.x, b.x) || p.x > std::max(a.x, b.x)) return false;
  if (p.y < std::min(a.y, b.y) || p.y > std::max(a.y, b.y)) return false;
  return orient(a, b, p) == 0;
}

bool strictlyInsideSegment(Point a, Point b, Point p) {
  return p != a && p != b && onSegment(a, b, p);
}

bool properlyCross(Point p, Point q, Point a, Point b) {
  const int o1 = orient(p, q, a);
  const int o2 = orient(p, q, b);
  if (o1 == 0 || o2 == 0 || o1 == o2) return false;
  const int o3 = orient(a, b, p);
  const int o4 = orient(a, b, q);
  return o3 != 0 && o4 != 0 && o3 != o4;
}

double polylineLength(const std::vector<Point>& points) {
  double total = 0.0;
  for (std::size_t i = 1; i < points.size(); ++i) total += distance(points[i - 1], points[i]);
  return total;
}

std::vector<Point> canonicalPolyline(const std::vector<Point>& points) {
  std::vector<Point> out = points;
  canonicalizePolyline(out);
  return out;
}

void canonicalizePolyline(std::vector<Point>& points) {
  // The kept points are points[0 .. kept), written over the ones already read.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Point p = points[i];
    const bool last = i + 1 == points.size();
    if (kept > 0 && points[kept - 1] == p) {
      // Equal, though -0.0 and 0.0 differ in bits: the goal's own bits end the path.
      if (last && kept > 1) points[kept - 1] = p;
      continue;
    }
    // Each removal leaves the same point set, so the next test runs on the kept points.
    while (kept >= 2 && strictlyInsideSegment(points[kept - 2], p, points[kept - 1])) --kept;
    points[kept++] = p;
  }
  points.resize(kept);
}

}  // namespace polypath
