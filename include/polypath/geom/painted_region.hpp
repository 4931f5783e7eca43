// painted_region.hpp: a walkable region painted from shapes in order, each adding or
// removing its area (the union of walkable shapes minus the union of obstacles, when the
// walkable ones come first), for importers of formats whose obstacles overlap each other
// and the border (Tiled maps). GEOS stays private.
#pragma once

#include <vector>

#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// One shape of a painted region: a simple ring (at least 3 vertices, no self-crossing;
/// check it first, e.g. with validateMap) whose area is added or removed.
struct PaintedRing {
  Ring ring;          ///< world units, either orientation
  bool adds = true;   ///< true: walkable area; false: an obstacle cut out of what is there
};

/// The region left after painting `shapes` in order: an adding ring's area is added to the
/// region, a removing ring's area is cut out of it; the region is the closure of what
/// remains, as polygons with holes.
///
/// Rings are kept as drawn when they already form the region: every removing ring lies
/// inside an adding ring painted before it (the latest such ring is its polygon) and meets
/// the inside of no other earlier adding ring as painted so far (its holes cut), and the
/// polygons so formed (one per adding ring, in order, its removing rings as holes, in
/// order) pass validateMap without errors. Then the
/// result is exactly those polygons, vertex for vertex. Otherwise GEOS computes the region
/// by unions and differences (each run of adding or removing rings united, then added or
/// cut), and rings start and turn as GEOS gives them (closing vertex dropped); where
/// shapes overlap, the result has their intersection points as vertices.
///
/// Throws GeometryError when GEOS fails (a ring that crosses itself makes it fail).
std::vector<Polygon> paintRegion(const std::vector<PaintedRing>& shapes);

}  // namespace polypath
