// polygon_map.hpp: a valid, normalized polygon map (walkable areas with holes) and the
// queries every method builds on: point location, line of sight, normals, reflex vertices.
//
// [SECTION] Input shapes (Ring, Polygon)
// [SECTION] Errors
// [SECTION] PolygonMap
#pragma once

#include <stdexcept>
#include <string>
#include <span>
#include <vector>

#include "polypath/core/error.hpp"
#include "polypath/core/geometry.hpp"

namespace polypath {

// [SECTION] Input shapes

/// A closed ring of vertices in world units; the closing edge back to the first vertex
/// is implied. Any orientation: PolygonMap normalizes it.
using Ring = std::vector<Point>;

/// One walkable area: an outer ring and the holes cut out of it (earcut's and GeoJSON's
/// ring model).
struct Polygon {
  Ring outer;               ///< boundary of the walkable area
  std::vector<Ring> holes;  ///< obstacles inside it
};

/// The number of ring vertices of a polygon: its outer ring's and every hole's.
inline std::size_t ringVertexCount(const Polygon& poly) {
  std::size_t n = poly.outer.size();
  for (const Ring& h : poly.holes) n += h.size();
  return n;
}

/// The number of ring vertices of all the polygons.
inline std::size_t ringVertexCount(const std::vector<Polygon>& polygons) {
  std::size_t n = 0;
  for (const Polygon& poly : polygons) n += ringVertexCount(poly);
  return n;
}

/// Twice the signed area of a ring (shoelace about its first vertex; positive when
/// counter-clockwise in a y-up frame).
double twiceArea(const Ring& ring);

/// Twice the walkable area of a polygon: its outer ring's area less its holes'.
double twiceArea(const Polygon& poly);

// [SECTION] Errors

/// Where in a map's polygons an input problem is. `hole` is -1 for the outer ring;
/// `vertex` is -1 when the whole ring is meant.
struct RingLocation {
  int polygon = -1;
  int hole = -1;
  int vertex = -1;
  /// "polygon 0, hole 2, vertex 5" or "polygon 1, outer ring".
  std::string describe() const;
};

/// Thrown when a polygon map cannot be built: the message names the ring and vertex
/// and what to do about it.
class GeometryError : public Error {
 public:
  GeometryError(RingLocation where, const std::string& what);
  const RingLocation& where() const { return where_; }

 private:
  RingLocation where_;
};

/// Thrown when a query point (start or goal) is not in the walkable region.
class QueryError : public Error {
 public:
  using Error::Error;
};

// [SECTION] PolygonMap

/// Where a point lies relative to the walkable region (closed set: the boundary is walkable).
struct PointLocation {
  enum class Kind { Inside, OnBoundary, InHole, Outside };
  Kind kind = Kind::Outside;
  int polygon = -1;  ///< polygon containing the point (Inside, OnBoundary, InHole)
  int hole = -1;     ///< hole containing the point (InHole)
  bool walkable() const { return kind == Kind::Inside || kind == Kind::OnBoundary; }
  /// Human-readable: "inside polygon 0", "inside hole 2 of polygon 0", "outside every polygon".
  std::string describe() const;
};

/// An immutable, normalized set of walkable polygons with holes.
///
/// Normalization on construction: consecutive duplicate vertices and a repeated closing
/// vertex are dropped; outer rings are made counter-clockwise and holes clockwise (in a
/// y-up frame), so the walkable region always lies to the left of every directed edge.
/// Reflex vertices therefore do not depend on the input winding.
///
/// The walkable region is closed: inside an outer ring and not strictly inside a hole.
/// Zero-width pinches block: where rings touch at a point (holes meeting at a corner, a
/// hole corner on the outer ring), the free directions at that point form several
/// wedges, and a path that passes through or turns at the point stays in one wedge.
/// A vertex of one ring lying inside an edge of another is inserted into that edge, so
/// every contact is between vertices. Boundary stretches shared by two rings (a hole
/// along the outer ring, two holes side by side) have zero width: a path may cross them
/// at a point only within one wedge and never runs along them. Separate polygons are
/// separate areas: a path never passes from one to another, even where they touch.
/// Errors: GeometryError for non-finite coordinates or coordinates beyond 1e100 in
/// size, rings with fewer than 3 distinct vertices, or rings whose vertices all lie on
/// one line. (Self-intersection is reported by validation.)
class PolygonMap {
 public:
  /// One ring vertex after normalization, with its neighbours in the ring.
  struct Vertex {
    Point position;             ///< world units
    int ring = -1;              ///< index into rings()
    int prev = -1;              ///< previous vertex of the same ring (index into vertices())
    int next = -1;              ///< next vertex of the same ring
    bool reflex = false;        ///< interior angle of the walkable region exceeds 180 degrees
    Point edge_normal;          ///< unit normal of edge (this -> next), pointing into the walkable region
    Point vertex_normal;        ///< normalized sum of the two incident edge normals (inward bisector)
  };
  /// One normalized ring: a contiguous run of vertices().
  struct RingInfo {
    int polygon = -1;  ///< index into polygons()
    int hole = -1;     ///< -1 for the outer ring
    int first = 0;     ///< first vertex index
    int count = 0;     ///< number of vertices
  };
  /// A corner of the walkable region: one wedge of free directions at a boundary point.
  /// An ordinary vertex has one corner, the angle between its two edges; a pinch point,
  /// where several ring vertices coincide, has one corner per free wedge between them.
  /// The wedge sweeps counter-clockwise (y-up frame) from the ray towards `first` to the
  /// ray towards `last`; both rays are edges and belong to the wedge.
  struct Corner {
    Point position;      ///< world units
    Point first;         ///< a point on the wedge's first bounding ray (a ring vertex)
    Point last;          ///< a point on the wedge's last bounding ray (a ring vertex)
    int vertex = -1;     ///< a ring vertex at this position (index into vertices())
    bool reflex = false; ///< the wedge is wider than 180 degrees: a graph node
    bool pinch = false;  ///< several ring vertices meet here
    Point normal;        ///< unit bisector pointing into the wedge
  };
  /// Axis-aligned bounds in world units.
  struct Bounds {
    Point min, max;
  };

  PolygonMap() = default;
  /// Normalizes and indexes the polygons. Throws GeometryError (see class comment).
  explicit PolygonMap(std::vector<Polygon> polygons);

  /// The normalized polygons (outer CCW, holes CW in a y-up frame).
  const std::vector<Polygon>& polygons() const { return polygons_; }
  /// Every ring vertex of every polygon, ring after ring.
  const std::vector<Vertex>& vertices() const { return vertices_; }
  const std::vector<RingInfo>& rings() const { return rings_; }
  /// Indices of the vertices whose own two edges make a reflex angle, in vertex order.
  /// At a pinch point this is a property of one ring only: the graph uses reflexCorners().
  const std::vector<int>& reflexVertices() const { return reflex_; }
  /// Every corner (free wedge) of the walkable region.
  const std::vector<Corner>& corners() const { return corners_; }
  /// Indices into corners() of the reflex corners: the visibility graph's nodes.
  const std::vector<int>& reflexCorners() const { return reflex_corners_; }
  /// Exact: the direction from corner c's position towards t lies in its closed wedge.
  bool directionInCorner(int c, Point t) const;
  /// True when two separate polygons share a stretch of boundary (an edge of one is an
  /// edge of the other, run backwards): a line of sight may then pass along it from one
  /// polygon into the other.
  bool polygonsShareEdges() const;
  Bounds bounds() const { return bounds_; }
  /// Bytes held by the map's arrays (rings, vertices, corners, the edge grid).
  std::size_t memoryBytes() const;
  bool empty() const { return vertices_.empty(); }

  /// Exact point location against the closed walkable region. Reads the edges of p's row
  /// of the line-of-sight grid on the side nearer p (about the square root of the vertex
  /// count of a map with evenly spread edges), not every ring.
  PointLocation locate(Point p) const;
  /// Exact: p is in the closed walkable region.
  bool isWalkable(Point p) const { return locate(p).walkable(); }

  /// The walkable point nearest to p: p itself when walkable, else the nearest point of
  /// the boundary (world units). The projection is rounded; when the rounded point is
  /// not walkable it is nudged along the edge's inward normal (bounded doubling), and
  /// the nearer edge end is used as a last resort, so the result is always walkable.
  /// An empty map returns p.
  Point nearestWalkable(Point p) const;

  /// Exact line-of-sight test for the closed segment [a, b]: true when the segment
  /// stays in the closed walkable region. Touching a vertex and running along an edge
  /// are allowed; crossing an edge, or entering a hole or the outside through a vertex,
  /// is not. Precondition: a is walkable. Only the edges in the cells of a uniform grid
  /// that the segment passes near are tested, so the cost grows with the segment's
  /// length in cells, not with the size of the map.
  bool lineOfSight(Point a, Point b) const;

  /// lineOfSight(a, b) for every b in `targets`: clear[k] is the answer for targets[k]
  /// (1 or 0; `clear` is resized). Grid walks, one per target, while their work (cells
  /// and edge entries visited) stays under the cost of one lineOfSightSweep() over the
  /// map's n vertices and the k targets, (n + k) log(n + k), and the mean of the first
  /// walks does not project past it; then the sweep answers the remaining targets. So
  /// never much more than twice the cheaper of the two. Returns how many targets (the
  /// first ones) the walks answered.
  std::size_t lineOfSightFrom(Point a, std::span<const Point> targets, std::vector<char>& clear) const;

  /// lineOfSightFrom() by an angular sweep around a (the visibility polygon of a, as in
  /// D. T. Lee, "Visibility of a simple polygon", 1983): the edges are sorted by
  /// direction from a, a segment tree over the directions keeps the edge nearest to a
  /// for each range, and each target is checked exactly against the few edges above its
  /// direction, the edges through a, and the vertices on its own ray. O((n + k) log(n +
  /// k)) for n vertices and k targets. Equal to lineOfSight() on maps whose edges do not
  /// cross (validateMap accepts them). Targets on crowded rays (many vertices on one
  /// line through a) are decided by a binary search with lineOfSight() along the ray.
  void lineOfSightSweep(Point a, std::span<const Point> targets, std::vector<char>& clear) const;

  /// lineOfSight() restricted to some edges (each given by its first vertex, an index
  /// into vertices()): true when [a, b] neither crosses one of them, nor runs along one
  /// of zero width, nor passes the first vertex of one outside its free wedges.
  /// lineOfSight(a, b) is this test over every edge (for a != b). Used by incremental
  /// graph updates to re-check a segment against the edges an edit changed.
  bool clearOfEdges(Point a, Point b, const std::vector<int>& edges) const;

  /// Exact: the direction from vertex v towards t lies in the closed cone of walkable
  /// directions at v (between its two edges, on the walkable side).
  bool directionIsFree(int v, Point t) const;

  /// Corner c's position pushed by `offset` world units along its bisector (the method
  /// of the seed article "Polygonal A* Pathfinding in C++17", which pushes along the
  /// vertex normal). When the pushed point is not walkable the push is halved, at most
  /// 32 times, and the corner itself is returned if no push lands inside: the loop is
  /// always bounded.
  Point offsetCorner(int c, double offset) const;

 private:
  std::vector<Polygon> polygons_;
  std::vector<Vertex> vertices_;
  std::vector<RingInfo> rings_;
  std::vector<int> reflex_;
  Bounds bounds_{};

  void insertContactPoints();
  void buildCorners();
  void addPolygonWedges(Point o, std::vector<int> occurrences);  // the free wedges of one polygon at o
  void findZeroWidthEdges();
  std::vector<char> zero_width_;   // per edge (by first vertex): a ring of the same polygon runs along it backwards
  std::vector<char> shared_with_other_polygon_;  // per edge: another polygon's ring runs along it backwards
  std::vector<Corner> corners_;
  std::vector<int> reflex_corners_;
  std::vector<int> vertex_group_;  // per vertex: index into group_first_ (coincident vertices)
  std::vector<int> group_first_;   // per group: first corner; group g's corners end at group_first_[g + 1]
  std::vector<char> group_pinch_;  // per group: several vertices coincide

  // Uniform grid over the edges for line of sight: cell (cx, cy) lists the edges
  // (by their first vertex) whose bounding box overlaps it, in CSR form.
  void buildEdgeGrid();
  // The grid column (origin bounds_.min.x, count grid_w_) or row holding coordinate v.
  int cellIndex(double v, double origin, int count) const;
  // locate() by every ring in turn (maps without a grid, or a row crossing many rings).
  PointLocation locateByRings(Point p) const;
  bool segmentClearOfEdge(int i, Point a, Point b) const;
  // lineOfSight(), adding to `work` the cells it visits and the edges listed in them.
  bool walkLineOfSight(Point a, Point b, std::size_t& work) const;
  // Vertex vi lies on the closed segment [a, b]: the segment may touch or pass it only
  // within one free wedge.
  bool passesCorner(int vi, Point a, Point b) const;
  double cell_size_ = 1.0;
  int grid_w_ = 0, grid_h_ = 0;
  std::vector<int> cell_start_;
  std::vector<int> cell_edges_;
};

}  // namespace polypath
