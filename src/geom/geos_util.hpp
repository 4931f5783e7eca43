// geos_util.hpp: a thin RAII layer over the GEOS C API (reentrant _r functions) for
// validation and erosion (clearance.cpp). Internal to polypath_io: the core never sees GEOS, and no public header
// includes geos_c.h.
//
// [SECTION] Context (handle plus captured error and notice messages)
// [SECTION] Geometries (owning pointer, construction from rings)
// [SECTION] Queries (validity, predicates, overlay results as points and lines)
//
// Every function returns an empty result (null geometry, std::nullopt, or a Tri of
// Unknown) when GEOS fails; Context::takeError() then says why.
#pragma once

#define GEOS_USE_ONLY_R_API
#include <geos_c.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "polypath/core/polygon_map.hpp"

namespace polypath::geos {

// [SECTION] Context

/// One GEOS context for one thread. GEOS's error and notice messages are captured here
/// instead of being printed. Not copyable or movable: GEOS holds a pointer to it.
class Context {
 public:
  /// Creates the context. Throws std::runtime_error when GEOS cannot initialize.
  Context();
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  /// The handle every _r function takes.
  GEOSContextHandle_t handle() const { return handle_; }
  /// The last error GEOS reported since the previous call ("" when none), then clears it.
  std::string takeError();
  /// Every notice GEOS reported (diagnostics only; validation does not depend on them).
  const std::vector<std::string>& notices() const { return notices_; }

 private:
  static void onError(const char* message, void* self);
  static void onNotice(const char* message, void* self);
  GEOSContextHandle_t handle_ = nullptr;
  std::string error_;
  std::vector<std::string> notices_;
};

// [SECTION] Geometries

/// Destroys a geometry with the context that made it.
struct GeometryDeleter {
  GEOSContextHandle_t handle = nullptr;
  void operator()(GEOSGeometry* g) const;
};

/// An owned GEOS geometry; null when GEOS failed.
using Geometry = std::unique_ptr<GEOSGeometry, GeometryDeleter>;

/// Takes ownership of a geometry a GEOS function returned (null stays null).
Geometry own(Context& ctx, GEOSGeometry* g);

/// The ring as a closed LinearRing (the first vertex repeated at the end). The ring
/// needs at least 3 vertices; no validity is checked.
Geometry linearRing(Context& ctx, const Ring& ring);

/// A polygon whose shell is the ring and which has no holes.
Geometry polygon(Context& ctx, const Ring& ring);

/// A polygon with the given shell and holes (each a ring as in linearRing()).
Geometry polygon(Context& ctx, const Ring& shell, const std::vector<const Ring*>& holes);

/// The polygon's outer ring and holes as one GEOS polygon.
Geometry polygon(Context& ctx, const Polygon& p);

/// The polygons as one MultiPolygon (empty for none); null when a ring has fewer than 3
/// vertices or GEOS fails.
Geometry multiPolygon(Context& ctx, const std::vector<Polygon>& polygons);

// [SECTION] Queries

/// A GEOS predicate answer: GEOS returns 2 on failure.
enum class Tri { False, True, Unknown };

/// GEOSisValidDetail_r's answer.
struct Validity {
  bool failed = false;               ///< GEOS could not decide (see Context::takeError)
  bool valid = false;
  std::string reason;                ///< "Self-intersection", "Interior is disconnected", ...
  std::optional<Point> location;     ///< where the first problem is
};

/// Validity of g. flags: 0 (OGC) or GEOSVALID_ALLOW_SELFTOUCHING_RING_FORMING_HOLE.
Validity validity(Context& ctx, const GEOSGeometry* g, int flags);

/// GEOSRelatePattern_r(a, b, pattern), e.g. "T********": the interiors intersect.
Tri relatePattern(Context& ctx, const GEOSGeometry* a, const GEOSGeometry* b, const char* pattern);

/// GEOSCovers_r: every point of b lies in a (closed sets).
Tri covers(Context& ctx, const GEOSGeometry* a, const GEOSGeometry* b);

/// The point where segments [a, b] and [c, d] intersect (GEOSSegmentIntersection_r),
/// or nothing when they do not intersect or GEOS fails.
std::optional<Point> segmentIntersection(Context& ctx, Point a, Point b, Point c, Point d);

/// A point inside g's area (GEOSPointOnSurface_r), for messages.
std::optional<Point> pointOnSurface(Context& ctx, const GEOSGeometry* g);

/// The linework of a geometry: its points and its lines (each line merged as far as
/// possible and given as the list of its vertices).
struct Parts {
  std::vector<Point> points;
  std::vector<std::vector<Point>> lines;
  bool failed = false;  ///< GEOS failed to compute or read the geometry
};

/// Where two linear geometries meet: the intersection's points and (merged) lines.
Parts intersectionParts(Context& ctx, const GEOSGeometry* a, const GEOSGeometry* b);

/// The coordinates of a Point, LineString or LinearRing (a ring's closing point included);
/// empty when GEOS fails.
std::vector<Point> coordinates(Context& ctx, const GEOSGeometry* g);

/// Number of polygons in a Polygon or MultiPolygon (0 for empty; -1 when GEOS fails).
int polygonCount(Context& ctx, const GEOSGeometry* g);

/// The polygons of a Polygon, MultiPolygon or collection (other parts ignored), each as an
/// outer ring and holes without the closing vertex. Nothing when GEOS fails (`failed` set).
std::vector<Polygon> readPolygons(Context& ctx, const GEOSGeometry* g, bool& failed);

/// The area of g (world units squared); NaN when GEOS fails.
double area(Context& ctx, const GEOSGeometry* g);

}  // namespace polypath::geos
