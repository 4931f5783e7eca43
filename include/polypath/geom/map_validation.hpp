// map_validation.hpp: checking a MapDocument before it becomes a PolygonMap (exact
// predicates, GEOS for validity reasons and ring relations; GEOS stays private).
#pragma once

#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath {

/// Every problem that stops the map from being used (Error), plus warnings about what
/// loading changes or what the map does that may surprise its author. Empty when the map
/// is valid and unsurprising. Each problem is reported once, in this order of checks:
///
/// - each ring on its own: NaN or infinite coordinates, coordinates beyond +-1e100
///   (Error, per vertex); repeated and closing duplicate vertices (Warning: dropped on
///   load); consecutive vertices closer than 1e-9 of the map's extent (Warning: kept);
///   fewer than 3 distinct vertices, zero area (Error, per ring);
/// - each ring against itself (exact predicates; GEOS validity detail, GEOSisValidDetail_r
///   on the ring as a polygon, for reason and location): proper crossings with the
///   crossing point and both edges, a spike (the ring turns straight back), edges running
///   along each other, a ring that touches itself and folds over its own area (Error);
///   a ring that only touches itself at points (Warning: a zero-width pinch);
/// - the rings of each polygon (GEOS): a hole outside or partly outside its outer ring,
///   holes overlapping or lying inside each other, holes covering the whole polygon
///   (Error); a hole sharing an edge with the outer ring or another hole, rings touching
///   at points (Warning: allowed, a wall or a pinch), holes splitting a polygon into
///   separate areas (Warning);
/// - polygons against each other: walkable areas overlapping (Error; an island inside a
///   hole is fine); polygons sharing an edge (Warning: they are not connected);
/// - crossings between rings that no problem above explains (Error);
/// - "/start", "/goal": NaN, infinite or beyond +-1e100, or not walkable (Error: says
///   where it is, "inside hole 0 of polygon 0", and the nearest walkable point);
/// - "/settings/clearance", "/settings/radii/I", "/settings/corner_offset": negative or not
///   finite (Error); "/settings/clearance_segments" outside 1..kMaxClearanceSegments,
///   "/settings/clearance_mitre_limit" below 1 or not finite (Error).
///
/// Each problem also carries its place structured (MapProblem::place: polygon, hole, vertex
/// in the document's numbering), the point it is about when there is one (a crossing, a
/// touching point, the start or goal) and the fix on its own (MapProblem::fix).
///
/// `where` is a JSON pointer into the document: "/polygons" (no polygons, or a summary),
/// "/polygons/0" (the polygon as a whole), a ring ("/polygons/0/holes/1") or a vertex
/// ("/polygons/0/outer/3": the vertex at fault, the first vertex of the first edge of a
/// crossing, or a vertex at the place two rings meet). Indices are those of the document,
/// before the cleaning that loading does. At most 100 crossings and 100 touching places
/// are listed one by one; a last problem counts the rest. Never throws for geometry: when
/// GEOS cannot decide a check, a Warning says which check was skipped.
std::vector<MapProblem> validateMap(const MapDocument& doc);


}  // namespace polypath
