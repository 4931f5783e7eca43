// triangulation.hpp: the constrained Delaunay triangulation of a polygon with holes.
//
// Method: incremental Delaunay insertion of the ring vertices along a Hilbert curve, each
// located by a remembering stochastic walk (Devillers, Pion and Teillaud, "Walking in a
// triangulation", 2002) and made Delaunay again by Lawson's flips; then each ring edge is
// forced in by flipping the edges it crosses (Sloan, "A fast algorithm for generating
// constrained Delaunay triangulations", 1993) and the flipped edges made Delaunay again;
// finally the triangles inside are kept by the parity of ring edges crossed from outside.
// Orientation is exact (orient()); the in-circle test flips only when its floating-point
// filter (Shewchuk's error bound) is sure, so flips always terminate and lattice maps are
// decided exactly. Expected O(n log n) for n ring vertices.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "polypath/core/geometry.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// Triangles over a vertex list: each triangle is three indices into `vertices`,
/// counter-clockwise in a y-up frame (orient() > 0).
struct Triangulation {
  std::vector<Point> vertices;                 ///< world units, each distinct point once
  std::vector<std::array<int, 3>> triangles;  ///< indices into vertices
  /// neighbours[t][i]: the triangle across the edge from triangles[t][i] to
  /// triangles[t][(i + 1) % 3], or -1 where that edge lies on a ring.
  std::vector<std::array<int, 3>> neighbours;
};

/// The constrained Delaunay triangulation of one polygon with its holes: every ring edge
/// is an edge of some triangles (split where a ring vertex lies on it), the triangles
/// cover exactly the area inside the outer ring and outside the holes, and no triangle's
/// circumcircle holds a vertex visible from inside it (up to in-circle ties, which are
/// left as found). Ring vertices with equal coordinates (pinches) become one vertex.
/// A polygon with n ring vertices and h holes, none repeated, gives n + 2h - 2 triangles.
/// Throws GeometryError (at `where`, the polygon) when two ring edges cross: validate the
/// map first (PolygonMap does).
Triangulation triangulatePolygon(const Polygon& polygon, RingLocation where = {});

/// Twice the area the triangles cover (each counted once, whatever its orientation).
/// triangulatePolygon(poly) covers twiceArea(poly) up to rounding when the rings are
/// where they belong (no hole outside its outer ring, no two holes overlapping).
double twiceArea(const Triangulation& tri);

/// Position of cell (x, y) of a 2^16 x 2^16 grid along the Hilbert curve (the classic
/// rotate-and-flip walk down the quadrant tree). Sorting points or faces by it keeps
/// neighbours on the map near each other in order.
std::uint64_t hilbertIndex(std::uint32_t x, std::uint32_t y);

/// hilbertIndex of the cell holding p on a 2^16 x 2^16 grid whose corner is `min` and whose
/// cells are 1 / `scale` world units wide; points past the grid are clamped onto its edge.
std::uint64_t hilbertIndex(Point p, Point min, double scale);

}  // namespace polypath
