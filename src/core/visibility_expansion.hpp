// visibility_expansion.hpp: the vertices a reflex corner may see, found by triangular
// expansion over the map's constrained Delaunay triangulation (private to polypath_core).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// The constrained Delaunay triangulations of a map's polygons (triangulatePolygon), joined
/// into one triangle array with each vertex's fan, and the graph nodes at each vertex.
/// Finds, for a graph node, a superset of the nodes it sees along directions tangent at its
/// corner, by triangular expansion (Bungiu, Hemmer, Hershberger, Huang and Kröller,
/// "Efficient computation of visibility polygons", 2014): from the corner, the triangles
/// are walked through their non-ring edges (portals), narrowing a closed wedge of
/// directions at each portal with exact orientation tests, starting from the two cones of
/// directions in which both ring edges of the corner lie on one side of the line. Every
/// vertex reached inside a wedge is a candidate, and the ray from the corner through it is
/// walked on beyond it where the wedges may not carry it (a vertex on a wedge's boundary
/// ray, whose ray may go on through any triangle of its fan), so a candidate set is a
/// superset of the nodes linked to the corner. The caller confirms with the exact
/// line-of-sight test the candidates not strictly inside a wedge.
class VisibilityExpansion {
 public:
  /// Per-thread working memory of candidates().
  struct Scratch {
    std::vector<std::uint32_t> reached;  // per vertex: the stamp of the last expansion that reached it
    std::vector<std::uint32_t> sure;     // per vertex: the stamp of the last expansion that proved it visible
    std::vector<std::uint32_t> walked;   // per vertex: the stamp of the last expansion that walked its ray
    std::uint32_t stamp = 0;
    std::vector<int> vertices;            // vertices reached by the current expansion
    std::vector<int> walks;               // vertices whose ray is still to be walked
    struct Ray {
      Point q;
      int s;  // the direction s * (q - origin)
    };
    struct Portal {
      int triangle, edge;  // the triangle entered and its edge crossed
      Ray right, left;     // the wedge, counter-clockwise from right to left, narrower than 180 degrees
    };
    std::vector<Portal> stack;
  };

  /// Triangulates every polygon of `map` and indexes `node_corners` (indices into
  /// map.corners(), one per graph node, reflex corners) by vertex. usable() is false when a
  /// polygon cannot be triangulated, its triangles do not cover its area (rings that cross
  /// or lie outside their outer ring), two polygons share a stretch of boundary (a line
  /// of sight may then run along it from one polygon into the other), or a ring touches
  /// itself (a lobe it closes may be judged inside by the triangulation's parity and
  /// blocked by the wedges at the touching point): build pairwise then.
  VisibilityExpansion(const PolygonMap& map, const std::vector<int>& node_corners);

  bool usable() const { return usable_; }

  /// The checks of the constructor that need no triangulation: true when two polygons
  /// share a stretch of boundary or a ring touches itself (the expansion is not usable
  /// then). O(vertices).
  static bool refusesCheaply(const PolygonMap& map);

  /// Appends every node other than `node` at a vertex that the expansion from `node`'s
  /// corner reaches within its tangent directions (each node once, in no order) to
  /// `visible` when the expansion proves that the node's corner sees it (it lies strictly
  /// inside a wedge: the segment runs through the interiors of triangles and portals), else
  /// to `maybe`. Every node linked to `node` in the reduced visibility graph is in one of
  /// them. The proof holds on valid maps (validateMap finds no error; rings of separate
  /// polygons do not overlap).
  /// With `later_only`, only nodes at positions lexicographically (x, then y) at or after
  /// `node`'s are needed: the expansion then keeps to the directions with x not
  /// decreasing (half the work); other nodes may still be listed.
  void candidates(int node, bool later_only, Scratch& scratch, std::vector<int>& visible, std::vector<int>& maybe) const;

  /// The same for a walkable point p that is not a node, in every direction: appends every
  /// node at a vertex the expansion from p reaches to `visible` when p provably sees it,
  /// else to `maybe` (each node once, in no order); every node p sees is in one of them.
  /// The expansion starts in the triangle holding p (a uniform grid over the triangles
  /// finds it: locateStarts()), or in both triangles of the edge p lies on. Reads only the
  /// triangles within p's view and the vertices they reach (the first call with a scratch
  /// sizes its per-vertex marks). Returns false, appending nothing, when p lies on a
  /// triangulation vertex or in no triangle (not walkable), or without locateStarts():
  /// test every node then.
  bool candidatesFrom(Point p, Scratch& scratch, std::vector<int>& visible, std::vector<int>& maybe) const;

  /// Builds the point location candidatesFrom() needs: a uniform grid of about one cell per
  /// triangle, each cell listing the triangles whose bounding box meets it. Returns false,
  /// keeping no grid, when that would list more than 16 entries per triangle (long thin
  /// triangles across a wide open map): candidatesFrom() then declines every point.
  bool locateStarts();

  /// Bytes held by the triangulation, its indexes and the grid.
  std::size_t memoryBytes() const;

 private:
  void begin(Scratch& s) const;
  void startIn(int triangle, int on_edge, Scratch& s) const;
  void emit(int skip, Scratch& s, std::vector<int>& visible, std::vector<int>& maybe) const;
  int cellOf(double v, double origin, int cells) const;
  void expandWedges(Point p, Scratch& s) const;
  void push(int triangle, int edge, const Scratch::Ray& right, const Scratch::Ray& left, Scratch& s) const;
  void walkRays(Point p, Scratch& s) const;
  void reach(int v, bool walk, Scratch& s) const;
  std::vector<char> walk_on_;                   // per vertex: a ray through it may go on (not a convex corner)

  const PolygonMap* map_;
  bool usable_ = false;
  std::vector<Point> points_;                   // every triangulation vertex (per polygon: one per position)
  std::vector<std::array<int, 3>> triangles_;   // counter-clockwise, indices into points_
  std::vector<std::array<int, 3>> neighbours_;  // across edge (k, k + 1); -1 on a ring edge
  std::vector<int> fan_start_, fan_;            // per vertex: its triangles (CSR)
  std::vector<int> node_start_, node_at_;       // per vertex: the nodes there, any polygon (CSR)
  std::vector<int> node_vertex_;                // per node: its vertex in its polygon's triangulation
  std::vector<int> node_corner_;                // per node: index into map.corners()
  // Point location: a uniform grid of square cells over the triangles' bounding box, each
  // cell listing the triangles whose bounding box meets it (CSR).
  Point grid_origin_;
  double grid_inverse_cell_ = 1.0;
  int grid_columns_ = 1, grid_rows_ = 1;
  std::vector<int> cell_start_, cell_triangles_;
};

}  // namespace polypath
