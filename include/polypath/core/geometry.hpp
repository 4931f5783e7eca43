// geometry.hpp: points, vectors and the exact predicates every topological decision uses.
//
// [SECTION] Point and vector helpers
// [SECTION] Exact predicates (orientation, on-segment, segment crossing)
//
// Coordinates are doubles in world units. Orientation is decided exactly: a fast
// floating-point filter (Shewchuk's error bound for orient2d) and, when the filter
// cannot decide, a second filter that accepts the floating determinant when every
// difference and product in it was exact (lattice coordinates, as in grid maps), and
// otherwise an exact sum of the six coordinate products as a floating-point expansion (J. R. Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast
// Robust Geometric Predicates", 1997). No epsilon decides whether two segments cross.
#pragma once

#include <cmath>
#include <vector>
#include <cstdint>
#include <functional>

namespace polypath {

// [SECTION] Point and vector helpers

/// A point or vector in world units. y points down on screen; the math does not care.
struct Point {
  double x = 0.0;  ///< world units
  double y = 0.0;  ///< world units
  friend bool operator==(const Point&, const Point&) = default;
};

inline Point operator+(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
inline Point operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
inline Point operator*(Point a, double s) { return {a.x * s, a.y * s}; }
/// Dot product (world units squared).
inline double dot(Point a, Point b) { return a.x * b.x + a.y * b.y; }
/// z component of the 2-D cross product a x b (floating point, not exact).
inline double cross(Point a, Point b) { return a.x * b.y - a.y * b.x; }
/// Euclidean length of a vector (world units).
inline double length(Point a) { return std::hypot(a.x, a.y); }
/// Euclidean distance between two points (world units).
inline double distance(Point a, Point b) { return std::hypot(b.x - a.x, b.y - a.y); }
/// Euclidean length of a polyline: the sum of its segments' lengths (world units).
double polylineLength(const std::vector<Point>& points);
/// The canonical form of a path's polyline, the form every method's world path has
/// (Method::worldPath): a point equal to the one before it is dropped, and so is every inner
/// point lying strictly inside the segment between the points kept around it (orient() == 0
/// and between them, decided exactly). A point where the path touches a wall vertex or edge
/// while running straight goes; a point where it turns, or reverses, stays. The polyline
/// covers the same points in the same order, so its length is unchanged up to rounding.
/// The first and last points are kept bit for bit (a path whose start equals its goal becomes
/// that one point); an empty or one-point polyline is returned as it is.
std::vector<Point> canonicalPolyline(const std::vector<Point>& points);
/// canonicalPolyline() in place (no allocation).
void canonicalizePolyline(std::vector<Point>& points);
/// The vector scaled to length 1; the zero vector stays zero.
Point normalized(Point v);
/// True when both coordinates are finite (no NaN, no infinity).
inline bool isFinite(Point p) { return std::isfinite(p.x) && std::isfinite(p.y); }

/// Hash of a point's coordinates for unordered containers keyed by exact position (-0 and
/// 0 hash alike, as they compare equal).
struct PointHash {
  std::size_t operator()(Point p) const {
    const std::size_t hx = std::hash<double>()(p.x), hy = std::hash<double>()(p.y);
    return hx ^ (hy + 0x9E3779B97F4A7C15ull + (hx << 6) + (hx >> 2));
  }
};

// [SECTION] Exact predicates

/// The exact stages of orient() (after its floating-point filter could not decide).
int orientAdaptive(Point a, Point b, Point c);

/// The floating-point filter of orient() (Shewchuk's error bound for orient2d): +1 or -1
/// when the rounded determinant already has the exact sign, 2 when it cannot tell (then
/// orientAdaptive decides). Never 2 for a clear answer, never wrong: a caller may test cheap
/// special cases (c equal to a or b, which always gives 2) only after the filter failed.
inline int orientFilter(Point a, Point b, Point c) {
  const double detLeft = (b.x - a.x) * (c.y - a.y);
  const double detRight = (b.y - a.y) * (c.x - a.x);
  const double det = detLeft - detRight;
  // Shewchuk's ccwerrboundA = (3 + 16 eps) eps with eps = 2^-53.
  constexpr double eps = 0.5 * 2.220446049250313080847263336181640625e-16;
  constexpr double errBoundA = (3.0 + 16.0 * eps) * eps;
  const double bound = errBoundA * (std::abs(detLeft) + std::abs(detRight));
  if (det > bound) return 1;
  if (-det > bound) return -1;
  return 2;
}

/// Exact sign of the orientation of the triangle (a, b, c): +1 when c lies to the
/// left of the directed line a->b (counter-clockwise in a y-up frame), -1 to the
/// right, 0 when the three points are collinear. Exact for all finite inputs whose
/// coordinate products neither overflow nor underflow. The filter is inline (searches
/// call this in their inner loops); the exact stages are in geometry.cpp.
inline int orient(Point a, Point b, Point c) {
  const int o = orientFilter(a, b, c);
  return o != 2 ? o : orientAdaptive(a, b, c);
}

/// The smallest k in 0 .. 24 such that every coordinate of points[0 .. count) is a multiple of
/// 2^-k of magnitude at most 2^(24 - k): a small lattice, on which orientOnLattice() is exact
/// (integer coordinates up to 16,777,216, as on maps made from grids, have k = 0). -1 when
/// there is none (any other coordinate, NaN or infinity among them).
int smallLatticeExponent(const Point* points, std::size_t count);

/// p lies on the small lattice of exponent k (smallLatticeExponent()); false for k < 0.
/// Inline and free of library calls: a query tests its start with it.
inline bool onSmallLattice(Point p, int k) {
  if (k < 0 || k > 24) return false;
  const double scale = static_cast<double>(std::int32_t{1} << k);  // exact: scaling changes no bit
  for (double x : {p.x * scale, p.y * scale})
    if (!(std::abs(x) <= 16777216.0) || x != static_cast<double>(static_cast<std::int32_t>(x))) return false;
  return true;
}

/// The orientation determinant of (a, b, c), exact when all three lie on one small lattice
/// (smallLatticeExponent()): then each coordinate difference has at most 25 significant bits,
/// each product at most 50 and the determinant at most 51, so the double arithmetic makes no
/// rounding error. Its sign is orientOnLattice(); for other points it is only an estimate.
inline double latticeDeterminant(Point a, Point b, Point c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

/// Exact sign of the orientation of (a, b, c) when all three lie on one small lattice
/// (latticeDeterminant(): no filter is needed). Wrong for other points: use orient().
inline int orientOnLattice(Point a, Point b, Point c) {
  const double det = latticeDeterminant(a, b, c);
  return (det > 0.0) - (det < 0.0);
}

/// Exact: p lies on the closed segment [a, b] (endpoints included).
bool onSegment(Point a, Point b, Point p);

/// Exact: p lies on the open segment (a, b): on it and distinct from both endpoints.
bool strictlyInsideSegment(Point a, Point b, Point p);

/// Exact: the open segments (p, q) and (a, b) cross at one point interior to both
/// ("proper crossing"). Touching at an endpoint or overlapping collinearly is not a
/// proper crossing.
bool properlyCross(Point p, Point q, Point a, Point b);

}  // namespace polypath
