// clearance.cpp: the walkable region eroded by an agent radius (GEOS buffer), placing start
// and goal with clearance, and the per-map cache of radii (see clearance.hpp).
//
// [SECTION] Messages
// [SECTION] Erosion with GEOS
// [SECTION] Walls and placement
// [SECTION] ClearanceLevel and ClearanceSet
// [SECTION] The grid method with a clearance
#include "polypath/geom/clearance.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cmath>
#include <limits>
#include <numbers>
#include <utility>

#include "geom/clipper_offset.hpp"
#include "geom/erosion_frame.hpp"
#include "geom/geos_util.hpp"
#include "geom/message_text.hpp"

namespace polypath {

namespace {

// Relative widening of the buffer distance that covers GEOS's own shortcuts: a join vertex
// closer than 1e-6 r to the previous one is skipped, and offset segments whose ends are
// closer than 1e-3 r are joined without a fillet (cutting at most ~5e-7 r).
constexpr double kRelativeMargin = 1e-5;
// The grid is 2^-kGridBits of the smallest power of two above the largest coordinate.
constexpr int kGridBits = 36;

double millisecondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

using geom_text::formatNumber;
using geom_text::formatPoint;

std::string listIndices(const std::vector<int>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i > 0) s += i + 1 == v.size() ? " and " : ", ";
    s += std::to_string(v[i]);
  }
  return s;
}

}  // namespace

// [SECTION] Messages

std::string DroppedArea::describe(double radius) const {
  const std::string what = whole ? "polygon " + std::to_string(polygon)
                                 : "a separate part of polygon " + std::to_string(polygon);
  return what + " (around " + formatPoint(where) + ", area " + formatNumber(area) + ") erodes away at clearance " +
         formatNumber(radius) + ": no point of it is " + formatNumber(radius) +
         " from every wall, so it is dropped";
}

std::string MergedHoles::describe(double radius) const {
  return "holes " + listIndices(holes) + " of polygon " + std::to_string(polygon) +
         " grow into each other at clearance " + formatNumber(radius) + " and merge into one";
}

double ErodedRegion::guaranteedClearance() const {
  if (radius <= 0.0) return 0.0;
  if (style.joins == ClearanceJoins::Mitre) return radius;
  return radius * std::cos(std::numbers::pi / (4.0 * style.segments));
}

std::vector<std::string> ErodedRegion::notes() const {
  std::vector<std::string> out;
  for (const DroppedArea& d : dropped) out.push_back(d.describe(radius));
  for (const MergedHoles& m : merged) out.push_back(m.describe(radius));
  return out;
}

std::string AreaErosion::describe() const {
  std::string s = "polygon " + std::to_string(polygon) + ": ";
  for (const RejectedErosion& r : rejected) s += std::string(erosionEngineName(r.engine)) + " refused (" + r.problem + "); ";
  return s + erosionEngineName(engine) + " used";
}

ErosionEngine ErodedRegion::engine() const {
  ErosionEngine last = ErosionEngine::Geos;
  for (const AreaErosion& a : areas) last = std::max(last, a.engine);
  return last;
}

std::vector<std::string> ErodedRegion::engineReport() const {
  std::string head = "erosion checked: " + std::to_string(areas.size()) + (areas.size() == 1 ? " area" : " areas");
  std::string parts;
  for (const ErosionEngine e : kErosionEngines) {
    const auto n = std::count_if(areas.begin(), areas.end(), [e](const AreaErosion& a) { return a.engine == e; });
    if (n == static_cast<long>(areas.size())) parts = std::string(", all by ") + erosionEngineName(e);
    else if (n > 0) parts += (parts.empty() ? ": " : ", ") + std::to_string(n) + " by " + erosionEngineName(e);
  }
  head += parts;
  std::vector<std::string> out{head};
  for (const AreaErosion& a : areas)
    if (!a.rejected.empty()) out.push_back(a.describe());
  return out;
}

// [SECTION] Erosion with GEOS

namespace {

struct BufferParamsDeleter {
  GEOSContextHandle_t handle = nullptr;
  void operator()(GEOSBufferParams* p) const {
    if (p) GEOSBufferParams_destroy_r(handle, p);
  }
};
using BufferParams = std::unique_ptr<GEOSBufferParams, BufferParamsDeleter>;

// One erosion: the GEOS context, the buffer parameters and the report being filled.
class Eroder {
 public:
  Eroder(const std::vector<Polygon>& polygons, ErodedRegion& out) : polygons_(polygons), out_(out) {}

  void run() {
    chooseGrid();
    makeParams();
    frame_ = ErosionFrame::of(polygons_);
    bounds_ = {out_.buffer_distance, out_.guaranteedClearance(), out_.grid, out_.style};
    for (std::size_t i = 0; i < polygons_.size(); ++i) erodePolygon(static_cast<int>(i));
  }

 private:
  // `polygon` -1: a step that concerns no one polygon.
  [[noreturn]] void fail(int polygon, const std::string& step) {
    std::string why = geos_.takeError();
    if (why.empty()) why = "no reason given";
    const std::string where = polygon < 0 ? "" : "polygon " + std::to_string(polygon) + ": ";
    throw ClearanceError(where + "cannot erode by " + formatNumber(out_.radius) + " (" + step +
                         " failed in GEOS: " + why + "); check the map with polypath validate");
  }

  // g: a power of two 2^-kGridBits below the largest coordinate magnitude (or the radius).
  void chooseGrid() {
    double scale = out_.radius;
    for (const Polygon& p : polygons_) {
      for (const Point& v : p.outer) scale = std::max({scale, std::fabs(v.x), std::fabs(v.y)});
      for (const Ring& h : p.holes)
        for (const Point& v : h) scale = std::max({scale, std::fabs(v.x), std::fabs(v.y)});
    }
    out_.grid = std::ldexp(1.0, std::ilogb(scale) + 1 - kGridBits);
    out_.buffer_distance = out_.radius * (1.0 + kRelativeMargin) + 4.0 * out_.grid;
  }

  void makeParams() {
    params_ = BufferParams(GEOSBufferParams_create_r(geos_.handle()), BufferParamsDeleter{geos_.handle()});
    if (!params_) fail(-1, "creating buffer parameters");
    const ClearanceStyle& s = out_.style;
    // GEOS splits an arc of angle a into round(a / (90 deg / Q)) chords, so a chord may span
    // up to 1.5 (90 deg / Q): Q = ceil(1.5 segments) keeps every chord within 90 deg / segments.
    const int quadrant_segments = (3 * s.segments + 1) / 2;
    const bool ok =
        GEOSBufferParams_setJoinStyle_r(geos_.handle(), params_.get(),
                                        s.joins == ClearanceJoins::Mitre ? GEOSBUF_JOIN_MITRE : GEOSBUF_JOIN_ROUND) &&
        GEOSBufferParams_setQuadrantSegments_r(geos_.handle(), params_.get(), quadrant_segments) &&
        GEOSBufferParams_setMitreLimit_r(geos_.handle(), params_.get(), s.mitre_limit);
    if (!ok) fail(-1, "setting buffer parameters");
  }

  // The polygon's walkable area: its outer ring made valid (a ring touching itself at a
  // point becomes its lobes) minus the union of its holes (each made valid).
  geos::Geometry walkableArea(int index) {
    const Polygon& poly = polygons_[static_cast<std::size_t>(index)];
    geos::Geometry shell = geos::polygon(geos_, poly.outer);
    if (!shell) fail(index, "building the outer ring");
    geos::Geometry area = geos::own(geos_, GEOSMakeValid_r(geos_.handle(), shell.get()));
    if (!area) fail(index, "making the outer ring valid");
    if (poly.holes.empty()) return area;
    std::vector<GEOSGeometry*> holes;
    for (const Ring& h : poly.holes) {
      geos::Geometry ring = geos::polygon(geos_, h);
      GEOSGeometry* valid = ring ? GEOSMakeValid_r(geos_.handle(), ring.get()) : nullptr;
      if (!valid) {
        for (GEOSGeometry* made : holes) GEOSGeom_destroy_r(geos_.handle(), made);
        fail(index, "making a hole valid");
      }
      holes.push_back(valid);
    }
    const geos::Geometry collection = geos::own(
        geos_, GEOSGeom_createCollection_r(geos_.handle(), GEOS_GEOMETRYCOLLECTION, holes.data(),
                                           static_cast<unsigned>(holes.size())));
    if (!collection) fail(index, "collecting the holes");  // GEOS frees the parts on failure
    const geos::Geometry all_holes = geos::own(geos_, GEOSUnaryUnion_r(geos_.handle(), collection.get()));
    if (!all_holes) fail(index, "uniting the holes");
    geos::Geometry walkable = geos::own(geos_, GEOSDifference_r(geos_.handle(), area.get(), all_holes.get()));
    if (!walkable) fail(index, "subtracting the holes");
    return walkable;
  }

  // The area's erosion by one engine, snapped to the grid. Throws ClearanceError when the
  // engine fails (chooseErosion then tries the next).
  std::vector<Polygon> erodeWith(ErosionEngine engine, const GEOSGeometry* part, const Polygon& area) {
    switch (engine) {
      case ErosionEngine::Geos: return snapped(buffered(part, out_.buffer_distance));
      case ErosionEngine::GeosMapFrame: {
        const geos::Geometry framed = geos::polygon(geos_, frame_.map({area}, false).front());
        if (!framed) throwGeos("building the area in the map's frame");
        const geos::Geometry b = buffered(framed.get(), out_.buffer_distance / frame_.scale);
        bool failed = false;
        std::vector<Polygon> pieces = geos::readPolygons(geos_, b.get(), failed);
        if (failed) throwGeos("reading the eroded area");
        return snapped(frame_.map(std::move(pieces), true));
      }
      case ErosionEngine::Clipper: return snapped(clipperErode(area, out_.buffer_distance, out_.style, frame_));
    }
    return {};
  }

  [[noreturn]] void throwGeos(const std::string& step) {
    std::string why = geos_.takeError();
    throw ClearanceError(step + " failed in GEOS: " + (why.empty() ? "no reason given" : why));
  }

  geos::Geometry buffered(const GEOSGeometry* g, double distance) {
    geos::Geometry b = geos::own(geos_, GEOSBufferWithParams_r(geos_.handle(), g, params_.get(), -distance));
    if (!b) throwGeos("buffering");
    return b;
  }

  std::vector<Polygon> snapped(const geos::Geometry& g) {
    const geos::Geometry s = geos::own(geos_, GEOSGeom_setPrecision_r(geos_.handle(), g.get(), out_.grid, 0));
    if (!s) throwGeos("rounding to the grid");
    bool failed = false;
    std::vector<Polygon> pieces = geos::readPolygons(geos_, s.get(), failed);
    if (failed) throwGeos("reading the eroded area");
    return pieces;
  }

  std::vector<Polygon> snapped(const std::vector<Polygon>& pieces) {
    const geos::Geometry g = geos::multiPolygon(geos_, pieces);
    if (!g) throwGeos("building the eroded area");
    return snapped(g);
  }

  // One separate part of a polygon's walkable area, eroded by the first engine whose result
  // passes the checks (erosion_check.hpp).
  std::vector<Polygon> erodePart(int index, const GEOSGeometry* part) {
    bool failed = false;
    const std::vector<Polygon> read = geos::readPolygons(geos_, part, failed);
    if (failed || read.size() != 1) fail(index, "reading the walkable area");
    const Polygon& area = read.front();
    ErosionChoice choice = chooseErosion(area, bounds_, [&](ErosionEngine e) { return erodeWith(e, part, area); });
    AreaErosion report{index, choice.engine, std::move(choice.rejected)};
    if (!choice.ok) {
      std::string why;
      for (const RejectedErosion& r : report.rejected) why += std::string("; ") + erosionEngineName(r.engine) + ": " + r.problem;
      throw ClearanceError("polygon " + std::to_string(index) + ": cannot erode by " + formatNumber(out_.radius) +
                           ", every offsetting engine's result fails the checks" + why + "; please report this map");
    }
    out_.areas.push_back(std::move(report));
    return std::move(choice.polygons);
  }

  void erodePolygon(int index) {
    const geos::Geometry area = walkableArea(index);
    const int type = GEOSGeomTypeId_r(geos_.handle(), area.get());
    const int parts = type == GEOS_POLYGON ? 1 : GEOSGetNumGeometries_r(geos_.handle(), area.get());
    if (parts < 0) fail(index, "reading the walkable area");
    int nonempty_parts = 0;
    std::vector<DroppedArea> dropped;
    for (int k = 0; k < parts; ++k) {
      const GEOSGeometry* part = type == GEOS_POLYGON ? area.get() : GEOSGetGeometryN_r(geos_.handle(), area.get(), k);
      if (GEOSisEmpty_r(geos_.handle(), part) == 1 || GEOSGeomTypeId_r(geos_.handle(), part) != GEOS_POLYGON) continue;
      ++nonempty_parts;
      std::vector<Polygon> pieces = erodePart(index, part);
      if (pieces.empty()) {
        DroppedArea d;
        d.polygon = index;
        d.where = geos::pointOnSurface(geos_, part).value_or(Point{});
        d.area = geos::area(geos_, part);
        dropped.push_back(d);
      }
      for (Polygon& piece : pieces) {
        out_.polygons.push_back(std::move(piece));
        out_.source.push_back(index);
      }
    }
    for (DroppedArea& d : dropped) {
      d.whole = nonempty_parts == 1;
      out_.dropped.push_back(d);
    }
  }

  const std::vector<Polygon>& polygons_;
  ErodedRegion& out_;
  geos::Context geos_;
  BufferParams params_;
  ErosionFrame frame_;
  ErosionBounds bounds_;
};

// Groups the holes of each original polygon by the eroded hole that now contains them.
std::vector<MergedHoles> findMergedHoles(const std::vector<Polygon>& original, const ErodedRegion& eroded) {
  std::vector<MergedHoles> merged;
  if (eroded.map.empty()) return merged;
  geos::Context geos;
  for (std::size_t p = 0; p < original.size(); ++p) {
    std::map<std::pair<int, int>, std::vector<int>> groups;  // (eroded polygon, eroded hole) -> original holes
    for (std::size_t h = 0; h < original[p].holes.size(); ++h) {
      const geos::Geometry hole = geos::polygon(geos, original[p].holes[h]);
      const std::optional<Point> inside = hole ? geos::pointOnSurface(geos, hole.get()) : std::nullopt;
      if (!inside) continue;
      const PointLocation loc = eroded.map.locate(*inside);
      if (loc.kind != PointLocation::Kind::InHole) continue;
      if (eroded.source[static_cast<std::size_t>(loc.polygon)] != static_cast<int>(p)) continue;
      groups[{loc.polygon, loc.hole}].push_back(static_cast<int>(h));
    }
    for (auto& [key, holes] : groups)
      if (holes.size() >= 2) merged.push_back({static_cast<int>(p), std::move(holes)});
  }
  return merged;
}

}  // namespace

ErodedRegion erodeRegion(const std::vector<Polygon>& polygons, double radius, const ClearanceStyle& style) {
  if (!std::isfinite(radius) || radius < 0.0)
    throw ClearanceError("clearance " + formatNumber(radius) + " is not a radius; give a finite number, 0 or more");
  if (style.segments < 1 || style.segments > kMaxClearanceSegments)
    throw ClearanceError("clearance segments " + std::to_string(style.segments) + " is out of range; give 1 to " +
                         std::to_string(kMaxClearanceSegments));
  if (!std::isfinite(style.mitre_limit) || style.mitre_limit < 1.0)
    throw ClearanceError("mitre limit " + formatNumber(style.mitre_limit) + " is below 1; give 1 or more radii");
  const auto t0 = std::chrono::steady_clock::now();
  ErodedRegion out;
  out.radius = radius;
  out.style = style;
  if (radius == 0.0) {
    out.polygons = polygons;
    out.source.resize(polygons.size());
    for (std::size_t i = 0; i < polygons.size(); ++i) out.source[i] = static_cast<int>(i);
  } else {
    Eroder(polygons, out).run();
  }
  try {
    out.map = PolygonMap(out.polygons);
  } catch (const GeometryError& e) {
    if (radius == 0.0) throw;
    throw ClearanceError(std::string("the eroded region cannot be built (") + e.what() + "); please report this map");
  }
  if (radius > 0.0) out.merged = findMergedHoles(polygons, out);
  out.erode_ms = millisecondsSince(t0);
  return out;
}

MapDocument erodedDocument(const MapDocument& doc, const ErodedRegion& eroded) {
  MapDocument out = doc;
  out.polygons = eroded.polygons;
  out.extra_polygons.clear();
  out.settings.clearance = 0.0;
  out.settings.radii.clear();
  return out;
}

// [SECTION] Walls and placement

NearestWall nearestWall(const PolygonMap& map, Point p) {
  NearestWall best;
  best.distance = std::numeric_limits<double>::infinity();
  const auto& vertices = map.vertices();
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const Point a = vertices[i].position;
    const Point b = vertices[static_cast<std::size_t>(vertices[i].next)].position;
    const Point ab = b - a;
    const double len2 = dot(ab, ab);
    const double t = len2 > 0.0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const Point q = t >= 1.0 ? b : a + ab * t;
    const double d = distance(p, q);
    if (d < best.distance) best = {d, q, static_cast<int>(i)};
  }
  return best;
}

std::string describeWall(const PolygonMap& map, const NearestWall& wall) {
  if (wall.vertex < 0) return "no wall";
  const auto& ring = map.rings()[static_cast<std::size_t>(map.vertices()[static_cast<std::size_t>(wall.vertex)].ring)];
  return "polygon " + std::to_string(ring.polygon) +
         (ring.hole < 0 ? std::string(", outer ring") : ", hole " + std::to_string(ring.hole));
}

ClearancePlacement placeWithClearance(const ClearanceLevel& level, const PolygonMap& original, Point p) {
  ClearancePlacement out;
  out.point = p;
  out.wall = nearestWall(original, p);
  const ErodedRegion& e = level.eroded();
  if (level.map().isWalkable(p)) {
    out.ok = true;
    return out;
  }
  if (e.radius == 0.0 || level.map().empty() || !original.isWalkable(p) || !(out.wall.distance >= e.radius)) return out;
  // At least r from every wall, yet outside: within the margin the buffer adds, or in the
  // extra space a mitre keeps clear around a sharp corner (not ok).
  const Point q = level.map().nearestWalkable(p);
  const double margin = e.buffer_distance - e.radius + 2.0 * e.grid;
  if (distance(p, q) <= margin) {
    out.ok = true;
    out.moved = true;
    out.point = q;
  }
  return out;
}

std::string clearanceProblem(const ClearanceLevel& level, const PolygonMap& original, Point p,
                             const ClearancePlacement& placement, const char* which) {
  const ErodedRegion& e = level.eroded();
  const std::string head = std::string(which) + " " + formatPoint(p) + " ";
  if (!original.isWalkable(p)) return head + "is not walkable: it is " + original.locate(p).describe();
  const std::string wall = "the nearest wall (" + describeWall(original, placement.wall) + ", at " +
                           formatPoint(placement.wall.point) + ")";
  if (level.map().empty())
    return head + "cannot have clearance " + formatNumber(e.radius) + ": every walkable area erodes away (it is " +
           formatNumber(placement.wall.distance) + " from " + wall + "); use a smaller radius";
  if (placement.wall.distance < e.radius)
    return head + "is " + formatNumber(placement.wall.distance) + " from " + wall + ", closer than the clearance radius " +
           formatNumber(e.radius);
  return head + "is " + formatNumber(placement.wall.distance) + " from " + wall + " but outside the region eroded by " +
         formatNumber(e.radius) + " with mitre joins, which keep farther than the radius from sharp corners";
}

Point requireClearance(const ClearanceLevel& level, const PolygonMap& original, Point p, const char* which) {
  const ClearancePlacement placement = placeWithClearance(level, original, p);
  if (!placement.ok) throw QueryError(clearanceProblem(level, original, p, placement, which));
  return placement.point;
}

Point snapToClearance(const ClearanceLevel& level, Point p) {
  if (level.map().empty())
    throw QueryError("no point has clearance " + formatNumber(level.radius()) +
                     ": every walkable area erodes away; use a smaller radius");
  return level.map().nearestWalkable(p);
}

// [SECTION] ClearanceLevel and ClearanceSet

ClearanceLevel::ClearanceLevel(ErodedRegion eroded, VisibilityOptions options)
    : eroded_(std::move(eroded)), options_(options) {}

const VisibilityGraph& ClearanceLevel::graph() const {
  std::call_once(graph_once_, [this] {
    const auto t0 = std::chrono::steady_clock::now();
    graph_ = std::make_unique<VisibilityGraph>(eroded_.map, options_);
    graph_ms_ = millisecondsSince(t0);
  });
  return *graph_;
}

ClearanceSet::ClearanceSet(std::vector<Polygon> polygons, ClearanceStyle style, VisibilityOptions options,
                           std::size_t capacity)
    : polygons_(std::move(polygons)),
      style_(style),
      options_(options),
      capacity_(std::max<std::size_t>(capacity, 1)),
      original_(polygons_) {}

ClearanceSet::ClearanceSet(const MapDocument& doc, std::size_t capacity)
    : ClearanceSet(doc.polygons, doc.settings.clearance_style, VisibilityOptions{doc.settings.corner_offset}, capacity) {}

std::shared_ptr<const ClearanceLevel> ClearanceSet::level(double radius) {
  if (!std::isfinite(radius) || radius < 0.0)  // before the lookup: NaN cannot be a map key
    throw ClearanceError("clearance " + formatNumber(radius) + " is not a radius; give a finite number, 0 or more");
  ++clock_;
  const auto found = levels_.find(radius);
  if (found != levels_.end()) {
    found->second.last_use = clock_;
    return found->second.level;
  }
  auto made = std::make_shared<const ClearanceLevel>(erodeRegion(polygons_, radius, style_), options_);
  ++builds_;
  if (levels_.size() >= capacity_) {
    const auto oldest = std::min_element(levels_.begin(), levels_.end(), [](const auto& a, const auto& b) {
      return a.second.last_use < b.second.last_use;
    });
    levels_.erase(oldest);
  }
  levels_[radius] = Entry{made, clock_};
  return made;
}

void ClearanceSet::prepare(const std::vector<double>& radii) {
  for (double r : radii) level(r);
}

std::vector<double> ClearanceSet::cachedRadii() const {
  std::vector<double> out;
  for (const auto& [r, entry] : levels_) out.push_back(r);
  return out;
}

// [SECTION] The grid method with a clearance

Grid clearanceGrid(const ClearanceLevel& level, const Grid& lattice) { return rasterize(level.map(), lattice); }

Grid clearanceGrid(ClearanceSet& set, double radius, double cell_size) {
  const Grid lattice = latticeOf(set.original(), cell_size);
  return clearanceGrid(*set.level(radius), lattice);
}

}  // namespace polypath

