// erosion_check.hpp: checks an eroded area against invariants any correct erosion keeps,
// and picks the first offsetting engine whose erosion passes them.
//
// Offsetting libraries can return a wrong erosion for a valid polygon: GEOS 3.11's buffer
// returns an empty erosion for small, nearly triangular rings with extra vertices near the
// apexes (libgeos/geos#984), and inward offsets can shrink or lose holes instead of growing
// them (libgeos/geos#1125, AngusJohnson/Clipper2#533). So every eroded area is checked before
// use, with these invariants of an erosion E of an area A by a distance d (the buffer
// distance), each cheap (O(n log n) in the vertices, with indexed GEOS geometries):
//
//  1. E is a valid polygon set (GEOS validity).
//  2. Holes only grow: no hole of A has its inside point in E.
//  3. E lies in A (once 4 holds, the boundaries are apart: one vertex per ring decides).
//  4. Clearance: E's boundary is at least the guaranteed clearance (d up to the sagitta of
//     the round joins' chords) from A's boundary, less the tolerance.
//  5. Nothing that should stay vanishes: area(E) is at least area(A) minus an upper bound of
//     the band the erosion removes: d per unit of wall length, plus a sector of radius k d
//     of the turn at each reflex corner (k = 1 for round joins; for mitre joins the mitre
//     limit, at least 2), less rounding.
//  6. Inradius probe: the centre of A's largest inscribed circle (GEOS, to a tolerance of
//     d / 4) lies in E when that circle's radius exceeds k d plus the tolerance.
//
// Round joins cut chords into the exact erosion's arcs, so E contains the exact erosion by
// d and invariants 5 and 6 hold; mitre joins remove at most a sector of radius k d at each
// reflex corner.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "polypath/core/clearance_style.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// How an area was offset inward, in the order erodeRegion tries them.
enum class ErosionEngine {
  Geos,          ///< GEOS buffer in world coordinates
  GeosMapFrame,  ///< GEOS buffer in a frame translated to the map's centre and scaled to its extent
  Clipper,       ///< Clipper 6.4's ClipperOffset on integers scaled to the map's extent
};

/// Every engine, in the order they are tried.
inline constexpr ErosionEngine kErosionEngines[] = {ErosionEngine::Geos, ErosionEngine::GeosMapFrame,
                                                    ErosionEngine::Clipper};

/// "GEOS buffer", "GEOS buffer in the map's frame", "Clipper offset".
const char* erosionEngineName(ErosionEngine engine);

/// What a correct erosion of one area must satisfy (world units).
struct ErosionBounds {
  double distance = 0.0;   ///< the offset distance d (> 0)
  double clearance = 0.0;  ///< least distance from the eroded boundary to the area's walls (d up to the sagitta)
  double tolerance = 0.0;  ///< rounding allowed (the snap grid's spacing)
  ClearanceStyle style;    ///< round or mitre joins (and the mitre limit)
};

/// The verdict on one eroded area.
struct ErosionCheck {
  bool ok = true;
  /// Which invariant failed and by how much, e.g. "the eroded region is empty, but the area's
  /// largest inscribed circle (centre (3, 4), radius 33.2) holds a disc of radius 5"; "" when ok.
  std::string problem;
};

/// Checks `eroded` (the erosion of `area`, one walkable area: an outer ring and its holes)
/// against the invariants listed above. Never throws for bad geometry: an erosion GEOS
/// cannot read is a failed check. Throws polypath::Error only when GEOS cannot start.
ErosionCheck checkErosion(const Polygon& area, const std::vector<Polygon>& eroded, const ErosionBounds& bounds);

/// One engine whose erosion was refused, and why.
struct RejectedErosion {
  ErosionEngine engine = ErosionEngine::Geos;
  std::string problem;  ///< the failed check, or the engine's own error
};

/// The erosion chosen for one area.
struct ErosionChoice {
  bool ok = false;                        ///< an engine's erosion passed the checks
  ErosionEngine engine = ErosionEngine::Geos;  ///< the engine used (when ok)
  std::vector<Polygon> polygons;          ///< its erosion (when ok)
  std::vector<RejectedErosion> rejected;  ///< engines tried before it (all of them when not ok)
};

/// Computes one area's erosion by one engine; may throw polypath::Error (the engine failed).
using AreaEroder = std::function<std::vector<Polygon>(ErosionEngine engine)>;

/// Tries `erode` with each engine of kErosionEngines in order and returns the first erosion
/// that passes checkErosion(area, ..., bounds); an engine that throws polypath::Error is
/// rejected with its message. Not ok when every engine is rejected.
ErosionChoice chooseErosion(const Polygon& area, const ErosionBounds& bounds, const AreaEroder& erode);

}  // namespace polypath
