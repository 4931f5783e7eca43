// oracle.hpp: an independent, brute-force shortest-path oracle for polygon maps with holes,
// including the zero-width pinch rule.
//
// [SECTION] Result types
// [SECTION] Oracle
//
// Purpose: the reference the visibility search is checked against (tests/test_oracle.cpp).
// It shares no code with src/core: polypath::Point and polypath::Polygon are used only as
// plain data; every geometric decision is made here, in long double with a distance
// tolerance, by a different method than the core's exact predicates.
//
// Method (deliberately naive, O(n^3) per map):
//   - Region: the closed set "inside an outer ring and not strictly inside any hole of the
//     same polygon", united over all polygons. A point within `tolerance()` of any ring
//     edge counts as on the boundary, hence walkable; otherwise even-odd ray casting.
//   - Contact points: ring vertices closer than the tolerance are one point; a vertex lying
//     inside an edge (of any ring, the same ring included) splits that edge. After that every
//     contact between rings is a shared vertex ("node").
//   - Free wedges at a node, by sampling, not by ring orientation: the directions of the
//     edges leaving the node are sorted by atan2 (long double, directions within 1e-12 rad
//     of each other are one); the sector between two consecutive directions is free when a
//     point on its angular bisector, at half the distance to the nearest edge not touching
//     the node, is strictly inside the region. Each free sector is one wedge (closed: its
//     bounding rays belong to it). Two rings sharing an edge leave no sector between them
//     (the directions coincide): a zero-width gap is no wedge. An ordinary vertex has one
//     wedge; a pinch point (rings touching) may have several, or none.
//   - Closed edges: an edge of the split rings with the region on neither side (two holes
//     sharing an edge, a hole lying along the outer ring), found by sampling both sides of
//     its midpoint.
//   - Line of sight of [p, q]: every parameter t in [0, 1] where the segment meets the
//     boundary (proper intersection with an edge, both ends of a collinear overlap, every
//     node on the segment), plus 0 and 1, is collected and sorted. Between two consecutive
//     parameters the open piece of the segment does not meet the boundary except along an
//     edge, so it is either wholly in the region or wholly out of it: its midpoint decides.
//     In addition (the pinch rule): a piece running along a closed edge is blocked; at every
//     node strictly inside the segment, the directions towards p and towards q lie in one
//     common wedge; at a node at p or q, the segment leaves into some wedge.
//   - Graph: nodes are (node, wedge) pairs of ALL nodes plus start and goal; (P, w) and
//     (Q, v) are linked when P sees Q, the direction P->Q lies in w and Q->P lies in v, so a
//     path that arrives at a node in a wedge leaves it in the same wedge. Start or goal at a
//     node may use any of its wedges. No reflex or tangent pruning; dense Dijkstra.
//
// Limits: an edge with the region on both sides (two separate polygons sharing an edge)
// may be crossed in its interior, while at its ends the free sectors on either side count
// as two wedges; random maps have no such edge (separate polygons touch at single points). Coordinates should be of moderate size (the
// tolerance is 1e-9 times the map's extent) and features should not be closer than
// ~1e-6 x extent without touching; the stats count decisions that came close to the
// tolerance.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "polypath/core/geometry.hpp"
#include "polypath/core/polygon_map.hpp"

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

/// A point where rings touch: several ring vertices coincide there (after splitting edges
/// at contact points).
struct OracleContact {
  Point position;
  int vertices = 0;  ///< ring vertices at this point (2 or more)
  int wedges = 0;    ///< free wedges at this point (0, 1, 2, ...)
};

// [SECTION] Oracle

class Oracle {
 public:
  /// Copies the polygons (any winding). Precomputes contact points, wedges, closed edges
  /// and the visibility of every node pair: O(V^2 * E) for V vertices and E edges.
  /// `pinchRule` false turns the wedge and closed-edge rules off (the region and its
  /// boundary stay the same): for measuring how often the rule changes an answer.
  explicit Oracle(std::vector<Polygon> polygons, bool pinchRule = true);

  /// Distance (world units) below which a point counts as on the boundary.
  double tolerance() const { return static_cast<double>(eps_); }
  /// Euclidean distance from p to the nearest ring edge.
  double boundaryDistance(Point p) const;
  /// p is in the closed walkable region (on-boundary within tolerance() counts as inside).
  bool inRegion(Point p) const;
  /// The closed segment [a, b] stays in the closed walkable region and obeys the pinch rule.
  bool lineOfSight(Point a, Point b) const;
  /// Shortest path over all (node, wedge) pairs plus start and goal (Dijkstra). Not found
  /// when start or goal is outside the region or no path exists.
  OraclePath shortestPath(Point start, Point goal) const;
  /// Every segment of the polyline is visible, and at every node the polyline passes or
  /// turns at, its incoming and outgoing directions lie in one wedge. On failure `why`
  /// (if given) says where.
  bool pathValid(const std::vector<Point>& points, std::string* why = nullptr) const;

  /// Number of free wedges at p when p is a node (ring vertex or contact point), else -1.
  int wedgesAt(Point p) const;
  /// The points where rings touch, with their wedge counts.
  std::vector<OracleContact> contacts() const;
  /// Edges (of the split rings) with the region on neither side.
  int closedEdgeCount() const { return static_cast<int>(closed_.size()); }
  /// Index of the closed edge whose interior holds p (within the tolerance, away from its
  /// ends), or -1.
  int closedEdgeAt(Point p) const;
  /// Some rings touch (a contact point or a closed edge).
  bool hasPinch() const;

  /// Every ring vertex, ring after ring, in input order.
  const std::vector<Point>& vertices() const { return vertices_; }
  const std::vector<Polygon>& polygons() const { return polygons_; }
  const OracleStats& stats() const { return stats_; }

 private:
  using LD = long double;
  struct Seg {
    LD ax, ay, bx, by;
    int a = -1, b = -1;  // node ids of the ends
    LD ex = 0, ey = 0, len2 = 0, len = 0;                 // b - a, its squared length, its length
    LD minx = 0, maxx = 0, miny = 0, maxy = 0;            // bounding box
  };
  static Seg makeSeg(LD ax, LD ay, LD bx, LD by, int a, int b);
  // A distinct vertex position of the split rings.
  struct Node {
    Point p;
    int vertices = 0;              // ring vertices here
    std::vector<LD> angle;         // incident edge directions, sorted, distinct
    std::vector<LD> dx, dy;        // the same directions as vectors
    std::vector<int> wedge;        // sector k (from direction k counter-clockwise to k + 1): wedge id or -1
    int wedges = 0;
  };

  bool inRegionLD(LD x, LD y) const;
  // +1 strictly inside (farther than the tolerance from the boundary), -1 strictly outside,
  // 0 within the tolerance.
  int regionSide(LD x, LD y) const;
  LD boundaryDistanceLD(LD x, LD y) const;
  // Bit w set: the direction (dx, dy) from node n lies in n's closed wedge w.
  std::uint32_t wedgeMask(int n, LD dx, LD dy) const;
  int nodeAt(Point p) const;  // -1 when p is not within the tolerance of a node
  void buildNodes();
  void buildWedges();
  void buildClosedEdges();

  std::vector<Polygon> polygons_;
  bool pinch_rule_ = true;
  std::vector<Point> vertices_;
  std::vector<Node> nodes_;
  std::vector<std::vector<int>> rings_;  // split rings as node ids
  std::vector<Seg> edges_;               // every edge of the split rings
  std::vector<Seg> closed_;              // closed edges (each once)
  LD eps_ = 0.0L;
  std::vector<std::vector<char>> visible_;             // node x node
  std::vector<std::vector<std::uint32_t>> dir_mask_;   // [n][m]: wedges of n containing the direction to m
  mutable OracleStats stats_;
};

}  // namespace polypath::test
