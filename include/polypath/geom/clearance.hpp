// clearance.hpp: agent clearance. The walkable region eroded by an agent radius r (GEOS
// buffer with a negative distance), turned into a PolygonMap that any search method can
// use, and a per-map cache of several radii, each built once.
//
// [SECTION] Errors
// [SECTION] Erosion (ErodedRegion, erodeRegion, erodedDocument)
// [SECTION] Walls and start/goal placement
// [SECTION] ClearanceLevel and ClearanceSet (several radii, each built once)
// [SECTION] The grid method with a clearance
//
// Method: a disc of radius r centred at p fits in the walkable region exactly when p lies
// in the region eroded by r (the Minkowski difference of the region and the disc), so the
// shortest path of a disc-shaped agent is the shortest path of its centre in the eroded
// region (configuration space; Lozano-Perez and Wesley, 1979). The eroded region is the
// GEOS buffer of each walkable area with distance -r: walls move inward by r, convex
// obstacle corners become arcs (round joins, chords of at most 90/segments degrees) or
// mitred points (mitre joins); holes that grow into each other merge; areas narrower than
// 2r vanish and are dropped; corridors narrower than 2r close.
//
// Guarantee: every point of the eroded region is at least guaranteedClearance() from every
// wall (ring edge) of the original map: r with mitre joins, r cos(pi / (4 segments)) with
// round joins (the chord of an arc cuts its sagitta r (1 - cos(pi / (4 segments))) into
// the disc). To keep this despite GEOS's heuristics (it skips join vertices closer than
// 1e-6 r, rounds each arc's chord count to the nearest integer) and the rounding below,
// the buffer distance is r (1 + 1e-5) + 4 g, slightly more than r.
//
// Coordinates: the buffer is snap-rounded (GEOSGeom_setPrecision) to a grid of spacing g,
// a power of two about 2^-36 of the largest coordinate magnitude (1.5e-11 relative), so
// every output vertex is an exact multiple of g, rings cross only at vertices and the
// result is valid under the exact predicates PolygonMap uses. Rounding moves a vertex by
// at most g / sqrt(2), which the 4 g in the buffer distance covers.
//
// Checked: each eroded area must pass the invariants of erosion_check.hpp; when GEOS's
// buffer fails them (libgeos/geos#984 and its kin), the area is eroded again in the map's
// own frame, then with Clipper (ErodedRegion::areas says which engine each area needed).
//
// GEOS and Clipper stay private to polypath_geom: this header includes neither.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "polypath/core/error.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/erosion_check.hpp"

namespace polypath {

// [SECTION] Errors

/// Thrown when a region cannot be eroded: a negative or non-finite radius, a style outside
/// its limits, or (not expected for maps that validateMap accepts) GEOS failing. The
/// message says which polygon and why.
class ClearanceError : public Error {
 public:
  using Error::Error;
};

// [SECTION] Erosion

/// An area of the original map that erosion removed completely: no point of it is r away
/// from every wall.
struct DroppedArea {
  int polygon = -1;     ///< index of the original polygon
  bool whole = true;    ///< the whole polygon (false: one of several separate parts of it)
  Point where;          ///< a point inside the area (world units)
  double area = 0.0;    ///< its area before erosion (world units squared)
  /// "polygon 1 (around (3, 4), area 2.5) erodes away at clearance 1: dropped".
  std::string describe(double radius) const;
};

/// Holes of one original polygon that grew into each other and are one hole of the eroded
/// region.
struct MergedHoles {
  int polygon = -1;        ///< index of the original polygon
  std::vector<int> holes;  ///< indices of its holes (2 or more, ascending)
  /// "holes 0 and 1 of polygon 0 grow into each other at clearance 1 and merge into one".
  std::string describe(double radius) const;
};

/// How one walkable area (a separate part of an original polygon) was eroded: the engine
/// whose result passed the checks (erosion_check.hpp) and the engines refused before it.
struct AreaErosion {
  int polygon = -1;                       ///< index of the original polygon
  ErosionEngine engine = ErosionEngine::Geos;
  std::vector<RejectedErosion> rejected;  ///< empty when GEOS's own buffer passed
  /// "polygon 0: GEOS buffer refused (the eroded region is empty, but ...); Clipper offset used".
  std::string describe() const;
};

/// The walkable region eroded by an agent radius: valid polygons, their PolygonMap, and
/// what erosion did (areas dropped, holes merged).
struct ErodedRegion {
  double radius = 0.0;          ///< agent radius r, world units
  ClearanceStyle style;         ///< joins and segments used
  double buffer_distance = 0.0; ///< distance GEOS eroded by: r (1 + 1e-5) + 4 grid (0 for r = 0)
  double grid = 0.0;            ///< every coordinate is a whole multiple of this (0 for r = 0: unchanged)
  /// The eroded walkable areas, outer ring and holes, as GEOS returned them (closing
  /// vertex dropped). For r = 0, the original polygons unchanged.
  std::vector<Polygon> polygons;
  std::vector<int> source;      ///< per eroded polygon: the original polygon it lies in
  PolygonMap map;               ///< `polygons` normalized and indexed (empty when everything eroded away)
  std::vector<DroppedArea> dropped;  ///< areas that eroded away, by original polygon
  std::vector<MergedHoles> merged;   ///< groups of holes that merged, by original polygon
  double erode_ms = 0.0;        ///< wall time of the erosion and of building `map`
  /// Per walkable area eroded, in order: the engine used (empty for r = 0).
  std::vector<AreaErosion> areas;

  /// The last engine of kErosionEngines that any area needed (Geos when none did).
  ErosionEngine engine() const;
  /// What --verbose prints: "erosion checked: 3 areas by GEOS buffer", then one
  /// AreaErosion::describe() line per area that needed another engine.
  std::vector<std::string> engineReport() const;

  /// The least distance from any point of `map` to any wall of the original map: r for
  /// mitre joins, r cos(pi / (4 segments)) for round joins, 0 for r = 0.
  double guaranteedClearance() const;
  /// One line per dropped area and per merge (see DroppedArea and MergedHoles).
  std::vector<std::string> notes() const;
};

/// Erodes the walkable region of a valid map (validateMap reports no error for its
/// polygons) by `radius` world units, each polygon on its own (separate polygons stay
/// separate areas). Per polygon, its area is the outer ring (made valid, so a ring touching
/// itself at a point becomes two lobes) minus the union of its holes (so holes that share
/// edges, or lie along the outer ring, are handled), each separate part is buffered by
/// -buffer_distance with GEOSBufferWithParams (round joins: GEOS quadrant segments
/// ceil(1.5 segments), since GEOS rounds each arc's chord count to the nearest integer;
/// mitre joins with the style's limit), snap-rounded to the grid, and every resulting
/// polygon becomes one eroded polygon. Each part's erosion is checked (checkErosion); when
/// it fails, the part is eroded again in the map's frame (translated to the centre of the
/// map's bounding box, scaled to its extent), then with Clipper, and the first erosion that
/// passes is used (recorded in `areas`). A part whose checked erosion is empty is listed in
/// `dropped`.
/// Radius 0 returns the original polygons untouched (and their map).
/// Throws ClearanceError (negative or non-finite radius, segments outside
/// 1..kMaxClearanceSegments, mitre limit below 1 or not finite, GEOS failure, or every
/// engine's erosion of some area failing the checks: the message lists why each failed) and
/// GeometryError when `polygons` themselves cannot be built into a PolygonMap.
ErodedRegion erodeRegion(const std::vector<Polygon>& polygons, double radius, const ClearanceStyle& style = {});

/// `doc` with its polygons replaced by the eroded ones (a MapDocument any method or the
/// editor can use, or save): unknown per-polygon keys dropped, settings.clearance and
/// settings.radii cleared (the clearance is applied), name, start, goal and other settings kept.
MapDocument erodedDocument(const MapDocument& doc, const ErodedRegion& eroded);

// [SECTION] Walls and start/goal placement

/// The wall (ring edge) of a map nearest to a point.
struct NearestWall {
  double distance = 0.0;  ///< world units (floating point, not exact); infinity for an empty map
  Point point;            ///< the nearest point of that edge
  int vertex = -1;        ///< the edge's first vertex (index into PolygonMap::vertices()); -1 for an empty map
};

/// The ring edge of `map` nearest to p, by brute force over every edge (O(n)).
NearestWall nearestWall(const PolygonMap& map, Point p);

/// "polygon 0, hole 2" or "polygon 1, outer ring": the ring of the wall.
std::string describeWall(const PolygonMap& map, const NearestWall& wall);

// [SECTION] ClearanceLevel and ClearanceSet

/// One radius of a ClearanceSet: the eroded region, and its visibility graph built once on
/// first use (a navmesh or grid method needs only map()). Not copyable or movable (the
/// graph points at the map); shared through shared_ptr. graph() is safe to call from
/// several threads (std::call_once).
class ClearanceLevel {
 public:
  /// Keeps the region; the visibility graph of `eroded.map` is built with `options`
  /// (corner_offset applies to the eroded region's corners) when graph() is first called.
  ClearanceLevel(ErodedRegion eroded, VisibilityOptions options);
  ClearanceLevel(const ClearanceLevel&) = delete;
  ClearanceLevel& operator=(const ClearanceLevel&) = delete;

  double radius() const { return eroded_.radius; }
  const ErodedRegion& eroded() const { return eroded_; }
  /// The eroded region as a PolygonMap: what every search method builds on.
  const PolygonMap& map() const { return eroded_.map; }
  /// The visibility graph of map(), built on the first call.
  const VisibilityGraph& graph() const;
  /// Wall time of the erosion and of building map().
  double erodeMilliseconds() const { return eroded_.erode_ms; }
  /// Wall time of building graph(); 0 until it is built.
  double graphMilliseconds() const { return graph_ms_; }

 private:
  ErodedRegion eroded_;
  VisibilityOptions options_;
  mutable std::once_flag graph_once_;
  mutable std::unique_ptr<VisibilityGraph> graph_;
  mutable double graph_ms_ = 0.0;
};

/// Where a start or goal stands once the clearance is applied.
struct ClearancePlacement {
  bool ok = false;      ///< the point (or `point`) has clearance
  bool moved = false;   ///< ok, but moved onto the eroded region by the rounding margin
  Point point;          ///< the point to search from (p, or p moved by at most the margin)
  NearestWall wall;     ///< p's nearest wall in the original map
};

/// Checks p against a level. p is accepted as it is when it lies in the eroded region;
/// a p at least r from every wall of `original` that lies just outside the eroded region
/// (within the buffer's margin, r 1e-5 + 4 grid, plus the rounding) is moved onto it
/// (`moved`); anything else is not ok.
ClearancePlacement placeWithClearance(const ClearanceLevel& level, const PolygonMap& original, Point p);

/// The message for a point that is not ok: "start (1, 5) is 0.5 from the nearest wall
/// (polygon 0, outer ring, at (0.5, 5)), closer than the clearance radius 1"; for a point
/// that is far enough from the walls but outside a mitred region, says so.
std::string clearanceProblem(const ClearanceLevel& level, const PolygonMap& original, Point p,
                             const ClearancePlacement& placement, const char* which);

/// The point to use for p: placeWithClearance's point when ok, else throws QueryError with
/// clearanceProblem's message. `which` is "start" or "goal".
Point requireClearance(const ClearanceLevel& level, const PolygonMap& original, Point p, const char* which);

/// The point with clearance nearest to p (p itself when it has clearance): the nearest
/// walkable point of the eroded region. Throws QueryError when every area eroded away.
Point snapToClearance(const ClearanceLevel& level, Point p);

/// Several radii of one map, each eroded and built once, on demand, and cached (the map's
/// "radii" setting lists the agent sizes it is meant for). The cache keeps the `capacity`
/// most recently used radii; a level stays alive while a caller holds it. Radii are keys
/// as given (0.5 and 0.50000001 are two levels). Not thread-safe.
class ClearanceSet {
 public:
  /// `polygons`: the original map, valid. Throws GeometryError when it cannot be built.
  explicit ClearanceSet(std::vector<Polygon> polygons, ClearanceStyle style = {}, VisibilityOptions options = {},
                        std::size_t capacity = 16);
  /// The document's polygons, with the style and corner offset from its settings.
  explicit ClearanceSet(const MapDocument& doc, std::size_t capacity = 16);

  /// The level for `radius` world units: built on the first request, then cached. Radius
  /// 0 is the original map and its graph. Throws ClearanceError (see erodeRegion).
  std::shared_ptr<const ClearanceLevel> level(double radius);
  /// Builds every radius in `radii` that is not cached yet (e.g. the settings' radii).
  void prepare(const std::vector<double>& radii);

  /// The original map (for wall distances and messages).
  const PolygonMap& original() const { return original_; }
  const ClearanceStyle& style() const { return style_; }
  /// The radii cached now, ascending.
  std::vector<double> cachedRadii() const;
  /// How many levels were built since construction (a cached radius is not rebuilt).
  std::size_t builds() const { return builds_; }

 private:
  std::vector<Polygon> polygons_;
  ClearanceStyle style_;
  VisibilityOptions options_;
  std::size_t capacity_;
  PolygonMap original_;
  struct Entry {
    std::shared_ptr<const ClearanceLevel> level;
    std::size_t last_use = 0;
  };
  std::map<double, Entry> levels_;
  std::size_t clock_ = 0;
  std::size_t builds_ = 0;
};

// [SECTION] The grid method with a clearance

/// The grid of a clearance level on a given lattice (usually the original map's, see
/// latticeOf, or a Moving AI grid's own cells): rasterize(level.map(), lattice), so a cell
/// is free exactly when its closed square lies in the region eroded by the radius, and
/// every point of a free cell is at least level.eroded().guaranteedClearance() from every
/// wall of the original map. At radius 0 this is the original map's grid, cell for cell.
/// Throws polypath::Error for a lattice whose cell size is not positive and finite.
Grid clearanceGrid(const ClearanceLevel& level, const Grid& lattice);

/// The grid method's raster of `set`'s map eroded by `radius` at `cell_size` world units,
/// on the original map's lattice (latticeOf(set.original(), cell_size)): the same cells as
/// rasterize(set.original(), cell_size), each free only when its square keeps the radius
/// from every wall. The level is built once and cached by the set (what the editor's
/// clearance slider needs). Throws ClearanceError (see erodeRegion) and
/// polypath::Error (cell size, see rasterize).
Grid clearanceGrid(ClearanceSet& set, double radius, double cell_size);

}  // namespace polypath
