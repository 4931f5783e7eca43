// oracle.hpp: an independent, brute-force shortest-path oracle for polygon maps with holes.
//
// [SECTION] Result types
// [SECTION] Oracle
//
// Purpose: the reference the visibility search is checked against (tests/test_oracle.cpp).
// It shares no code with src/core: polypath::Point and polypath::Polygon are used only as
// plain data; every geometric decision is made here, in long double, by a different
// method than the core's exact predicates.
//
// Method (deliberately naive, O(n^3) per map):
//   - Region: the closed set "inside an outer ring and not strictly inside any hole of the
//     same polygon", united over all polygons. A point within `tolerance()` of any ring
//     edge counts as on the boundary, hence walkable; otherwise even-odd ray casting.
//   - Line of sight of [p, q]: every parameter t in [0, 1] where the segment meets the
//     boundary (proper intersection with an edge, both ends of a collinear overlap, every
//     ring vertex on the segment), plus 0 and 1, is collected and sorted. Between two
//     consecutive parameters the open piece of the segment does not meet the boundary, so
//     it is either wholly in the region or wholly out of it: its midpoint decides. The
//     segment is visible iff every midpoint is in the closed region. Spurious extra
//     parameters only split the segment more finely, so contacts are collected generously.
//   - Graph: ALL ring vertices plus start and goal, every visible pair linked (no reflex
//     or tangent pruning), Dijkstra.
//
// Limits: zero-width pinches (rings touching at a point) are NOT modelled: the oracle lets
// a path through such a point, which the core's contract forbids. Random maps for the
// oracle therefore have no pinches. Coordinates should be of moderate size (the tolerance
// is 1e-9 times the map's extent) and features should not be closer than ~1e-6 x extent
// without touching; the stats count decisions that came close to the tolerance.
#pragma once

#include <cstdint>
#include <vector>

#include "core/geometry.hpp"
#include "core/polygon_map.hpp"

namespace polypath::test {

// [SECTION] Result types

/// The oracle's answer to one query.
struct OraclePath {
  bool found = false;
  double length = 0.0;        ///< world units; 0 when not found
  std::vector<Point> points;  ///< start ... goal (one shortest path); empty when not found
};

/// Counters for judging how close to its tolerance the oracle worked.
struct OracleStats {
  std::int64_t segments = 0;     ///< line-of-sight tests
  std::int64_t midpoints = 0;    ///< region tests of piece midpoints
  std::int64_t close_calls = 0;  ///< region tests whose boundary distance was within 10 x tolerance but above it
};

// [SECTION] Oracle

class Oracle {
 public:
  /// Copies the polygons (any winding). Precomputes the visibility of every vertex pair:
  /// O(V^2 * E) for V vertices and E edges.
  explicit Oracle(std::vector<Polygon> polygons);

  /// Distance (world units) below which a point counts as on the boundary.
  double tolerance() const { return static_cast<double>(eps_); }
  /// Euclidean distance from p to the nearest ring edge.
  double boundaryDistance(Point p) const;
  /// p is in the closed walkable region (on-boundary within tolerance() counts as inside).
  bool inRegion(Point p) const;
  /// The closed segment [a, b] stays in the closed walkable region.
  bool lineOfSight(Point a, Point b) const;
  /// Shortest path over all ring vertices plus start and goal (Dijkstra). Not found when
  /// start or goal is outside the region or no path exists.
  OraclePath shortestPath(Point start, Point goal) const;

  /// Every ring vertex, ring after ring, in input order.
  const std::vector<Point>& vertices() const { return vertices_; }
  const std::vector<Polygon>& polygons() const { return polygons_; }
  const OracleStats& stats() const { return stats_; }

 private:
  struct Seg {
    long double ax, ay, bx, by;
  };
  bool inRegionLD(long double x, long double y) const;
  long double boundaryDistanceLD(long double x, long double y) const;

  std::vector<Polygon> polygons_;
  std::vector<Point> vertices_;
  std::vector<Seg> edges_;  // every ring edge of every polygon
  long double eps_ = 0.0L;
  std::vector<std::vector<char>> visible_;  // vertex x vertex
  mutable OracleStats stats_;
};

}  // namespace polypath::test
