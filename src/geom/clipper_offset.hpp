// clipper_offset.hpp: the second offsetting engine of clearance erosion, Clipper 6.4's
// ClipperOffset (libpolyclipping-dev), used when GEOS's buffer fails the erosion checks.
// Internal to polypath_geom: clipper.hpp is included only by clipper_offset.cpp.
#pragma once

#include <vector>

#include "geom/erosion_frame.hpp"
#include "polypath/core/clearance_style.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// `area` (an outer ring and its holes, world units) offset inward by `distance` world
/// units with Clipper, in integer coordinates: `frame`'s coordinates times 2^40 rounded
/// (steps of frame.scale 2^-40). Round joins get chords of at most 90 / segments degrees
/// (Clipper rounds each arc's chord count to the nearest integer, so its arc tolerance is
/// that of ceil(1.5 segments) chords per quarter circle); mitre joins the style's limit
/// (Clipper squares a mitre beyond it; its floor is 2). Returns the eroded polygons in world
/// units (unrounded: the caller snaps them). Throws ClearanceError when Clipper fails.
std::vector<Polygon> clipperErode(const Polygon& area, double distance, const ClearanceStyle& style,
                                  const ErosionFrame& frame);

}  // namespace polypath
