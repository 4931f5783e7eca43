// random_maps.hpp: seeded, deterministic random polygon maps and queries for the oracle test.
//
// [SECTION] Maps
// [SECTION] Queries
// [SECTION] Printing (for reproducible failure messages)
//
// Every map is generated on an integer lattice and checked with integer-exact geometry of
// its own (no src/core code). The star and orthogonal families have no contacts: rings
// simple, no ring touching another ring (no zero-width pinches, no vertex of one ring on
// another), holes strictly inside their outer ring, islands strictly inside a hole. The
// pinch families make contacts on purpose (rings touching at a vertex, a vertex inside
// another ring's edge, rings sharing an edge) and check only that no two edges cross and
// that interiors do not overlap. Lattice coordinates are then scaled by `unit` (a power of
// two or 10) and shifted by an integer offset, so world coordinates stay exact doubles and
// collinear or touching configurations are decided exactly by any correct predicate.
// Ring orientation and the first vertex of every ring are random: the core must normalize.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "polypath/core/geometry.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath::test {

class Oracle;

// [SECTION] Maps

struct RandomMap {
  std::vector<Polygon> polygons;
  std::uint64_t seed = 0;
  std::string kind;   ///< "star", "orthogonal", "pinch grid", "pinch star", "touching polygons (...)"
  double unit = 1.0;  ///< world units per lattice step
  Point min, max;     ///< bounds of all vertices (world units)
  /// Points where rings touch (a vertex of two rings, or of one ring twice, or a vertex
  /// inside another edge), found by the generator's own integer geometry. Empty for the
  /// star and orthogonal families.
  std::vector<Point> contacts;
  int vertexCount() const;
};

/// A star-shaped outer ring (sorted random angles, random radii, snapped to a small
/// lattice, so collinear vertices and edges aligned with other vertices are common) with
/// 0-4 small convex holes apart from each other and from the boundary; sometimes a second,
/// disjoint convex polygon. At most ~42 vertices.
RandomMap randomStarMap(std::uint64_t seed);

/// Free cells of a random W x H blocked grid (5..14 cells a side; sometimes with a wall
/// across or a closed frame drawn in), repaired so no two blocked (or free) cells touch only
/// diagonally, traced into rings (cell (x, y) is the square [x, x+1] x [y, y+1]). Either the
/// largest 4-connected free component alone, or every component as its own polygon (so
/// islands sit inside other polygons' holes and some queries have no path). Collinear
/// vertices are kept with a per-map probability. At most 80 vertices.
RandomMap randomOrthogonalMap(std::uint64_t seed);

/// Orthogonal maps that KEEP diagonal contacts. A random W x H blocked grid (4..11 cells a
/// side) with a few 2x2 windows forced into a diagonal pattern. Blocked cells are split
/// into random pieces (single cells up to whole components), each its own hole ring, so
/// holes share edges (zero-width gaps, T-junctions) and touch at corners. The outer ring is
/// either the grid's frame (holes then lie along it: shared edges, T-junctions) or the
/// traced boundary of the blocked cells connected to the outside; where that boundary
/// touches itself diagonally it stays one ring touching itself at a vertex. Traced rings follow the blocked side at a
/// diagonal contact, so two diagonally blocked cells become two rings touching at a corner,
/// never one merged ring. Straight vertices are thinned with a per-map probability (a
/// vertex of one ring then lies inside another ring's edge). At most 80 vertices; retried
/// until the map has at least one contact.
RandomMap randomPinchGridMap(std::uint64_t seed);

/// A star-shaped outer ring (as randomStarMap) with 1-4 small convex holes, most of them
/// placed so that one hole vertex lands exactly on an outer vertex, on a lattice point
/// inside an outer edge, on another hole's vertex or inside another hole's edge (sometimes
/// with a shared edge). Retried until the map has at least one contact. At most 44 vertices.
RandomMap randomStarPinchMap(std::uint64_t seed);

/// Separate walkable polygons touching at a vertex: for even seeds a pinch grid map whose
/// traced outer boundary falls into lobes, each its own polygon, touching at corners; for
/// odd seeds a pinch star map plus a convex polygon touching its outer ring from outside at
/// exactly one vertex (no shared edge).
RandomMap randomTouchingPolygonsMap(std::uint64_t seed);

/// One of the generators above, by name.
struct MapFamily {
  const char* name;
  RandomMap (*make)(std::uint64_t seed);
};
/// Every generator above, for tests that run over each family.
inline constexpr MapFamily kMapFamilies[] = {
    {"star", randomStarMap},
    {"orthogonal", randomOrthogonalMap},
    {"pinch grid", randomPinchGridMap},
    {"star pinch", randomStarPinchMap},
    {"touching polygons", randomTouchingPolygonsMap},
};

// [SECTION] Queries

struct Query {
  Point start, goal;
  std::string how;  ///< how start and goal were drawn, for failure messages
};

/// `count` start/goal pairs in the closed region (as judged by the oracle): lattice points
/// on a 1/8 sub-lattice, ring vertices, edge midpoints and other exact edge points, random
/// real points not within 1e-6 of the boundary, contact points (when the map has any), and
/// sometimes start == goal.
std::vector<Query> randomQueries(const RandomMap& map, const Oracle& oracle, std::uint64_t seed, int count);

// [SECTION] Printing

/// The polygons as a polypath map file (format version 1), with exact coordinates.
std::string describeMap(const std::vector<Polygon>& polygons, Point start, Point goal);
/// "[x, y]" with enough digits to round-trip.
std::string describePoint(Point p);
/// "[[x, y], ...]"
std::string describePoints(const std::vector<Point>& points);

}  // namespace polypath::test
