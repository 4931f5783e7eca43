// geos_util.cpp: the RAII layer over the GEOS C API (see geos_util.hpp).
#include "geom/geos_util.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace polypath::geos {

// [SECTION] Context

Context::Context() : handle_(GEOS_init_r()) {
  if (!handle_) throw Error("cannot initialize GEOS (GEOS_init_r failed)");
  GEOSContext_setErrorMessageHandler_r(handle_, &Context::onError, this);
  GEOSContext_setNoticeMessageHandler_r(handle_, &Context::onNotice, this);
}

Context::~Context() { GEOS_finish_r(handle_); }

std::string Context::takeError() { return std::exchange(error_, std::string()); }

void Context::onError(const char* message, void* self) {
  static_cast<Context*>(self)->error_ = message ? message : "unknown GEOS error";
}

void Context::onNotice(const char* message, void* self) {
  constexpr std::size_t kMaxNotices = 100;
  auto* ctx = static_cast<Context*>(self);
  if (message && ctx->notices_.size() < kMaxNotices) ctx->notices_.emplace_back(message);
}

// [SECTION] Geometries

void GeometryDeleter::operator()(GEOSGeometry* g) const {
  if (g) GEOSGeom_destroy_r(handle, g);
}

Geometry own(Context& ctx, GEOSGeometry* g) { return Geometry(g, GeometryDeleter{ctx.handle()}); }

namespace {

GEOSGeometry* rawRing(Context& ctx, const Ring& ring) {
  if (ring.size() < 3) return nullptr;
  std::vector<double> xs, ys;
  xs.reserve(ring.size() + 1);
  ys.reserve(ring.size() + 1);
  for (const Point& p : ring) {
    xs.push_back(p.x);
    ys.push_back(p.y);
  }
  xs.push_back(ring.front().x);
  ys.push_back(ring.front().y);
  GEOSCoordSequence* seq = GEOSCoordSeq_copyFromArrays_r(ctx.handle(), xs.data(), ys.data(), nullptr, nullptr,
                                                         static_cast<unsigned>(xs.size()));
  if (!seq) return nullptr;
  return GEOSGeom_createLinearRing_r(ctx.handle(), seq);  // takes the sequence, even on failure
}

void collectParts(Context& ctx, const GEOSGeometry* g, Parts& parts) {
  switch (GEOSGeomTypeId_r(ctx.handle(), g)) {
    case GEOS_POINT:
      if (!GEOSisEmpty_r(ctx.handle(), g))
        for (const Point& p : coordinates(ctx, g)) parts.points.push_back(p);
      break;
    case GEOS_LINESTRING:
    case GEOS_LINEARRING:
      if (!GEOSisEmpty_r(ctx.handle(), g)) parts.lines.push_back(coordinates(ctx, g));
      break;
    case GEOS_MULTIPOINT:
    case GEOS_MULTILINESTRING:
    case GEOS_GEOMETRYCOLLECTION: {
      const int n = GEOSGetNumGeometries_r(ctx.handle(), g);
      for (int i = 0; i < n; ++i) collectParts(ctx, GEOSGetGeometryN_r(ctx.handle(), g, i), parts);
      break;
    }
    case -1: parts.failed = true; break;
    default: break;  // areas do not arise from intersecting lines
  }
}

}  // namespace

std::vector<Point> coordinates(Context& ctx, const GEOSGeometry* g) {
  std::vector<Point> out;
  const GEOSCoordSequence* seq = GEOSGeom_getCoordSeq_r(ctx.handle(), g);
  unsigned size = 0;
  if (!seq || !GEOSCoordSeq_getSize_r(ctx.handle(), seq, &size)) return out;
  for (unsigned i = 0; i < size; ++i) {
    double x = 0.0, y = 0.0;
    if (GEOSCoordSeq_getXY_r(ctx.handle(), seq, i, &x, &y)) out.push_back({x, y});
  }
  return out;
}

Geometry linearRing(Context& ctx, const Ring& ring) { return own(ctx, rawRing(ctx, ring)); }

Geometry polygon(Context& ctx, const Ring& ring) { return polygon(ctx, ring, {}); }

Geometry polygon(Context& ctx, const Ring& shell, const std::vector<const Ring*>& holes) {
  GEOSGeometry* s = rawRing(ctx, shell);
  if (!s) return own(ctx, nullptr);
  std::vector<GEOSGeometry*> hs;
  for (const Ring* h : holes) {
    GEOSGeometry* r = rawRing(ctx, *h);
    if (!r) {
      GEOSGeom_destroy_r(ctx.handle(), s);
      for (GEOSGeometry* made : hs) GEOSGeom_destroy_r(ctx.handle(), made);
      return own(ctx, nullptr);
    }
    hs.push_back(r);
  }
  return own(ctx, GEOSGeom_createPolygon_r(ctx.handle(), s, hs.empty() ? nullptr : hs.data(),
                                           static_cast<unsigned>(hs.size())));
}

Geometry polygon(Context& ctx, const Polygon& p) {
  std::vector<const Ring*> holes;
  for (const Ring& h : p.holes) holes.push_back(&h);
  return polygon(ctx, p.outer, holes);
}

Geometry multiPolygon(Context& ctx, const std::vector<Polygon>& polygons) {
  std::vector<GEOSGeometry*> parts;
  for (const Polygon& p : polygons) {
    Geometry g = polygon(ctx, p);
    if (!g) {
      for (GEOSGeometry* made : parts) GEOSGeom_destroy_r(ctx.handle(), made);
      return own(ctx, nullptr);
    }
    parts.push_back(g.release());
  }
  return own(ctx, GEOSGeom_createCollection_r(ctx.handle(), GEOS_MULTIPOLYGON, parts.empty() ? nullptr : parts.data(),
                                              static_cast<unsigned>(parts.size())));
}

// [SECTION] Queries

Validity validity(Context& ctx, const GEOSGeometry* g, int flags) {
  Validity v;
  char* reason = nullptr;
  GEOSGeometry* location = nullptr;
  const char r = GEOSisValidDetail_r(ctx.handle(), g, flags, &reason, &location);
  const Geometry loc = own(ctx, location);
  if (r == 2) {
    v.failed = true;
    return v;
  }
  v.valid = r == 1;
  if (reason) {
    v.reason = reason;
    GEOSFree_r(ctx.handle(), reason);
  }
  if (loc) {
    double x = 0.0, y = 0.0;
    if (GEOSGeomGetX_r(ctx.handle(), loc.get(), &x) && GEOSGeomGetY_r(ctx.handle(), loc.get(), &y)) v.location = Point{x, y};
  }
  return v;
}

namespace {
Tri tri(char r) { return r == 1 ? Tri::True : r == 0 ? Tri::False : Tri::Unknown; }
}  // namespace

Tri relatePattern(Context& ctx, const GEOSGeometry* a, const GEOSGeometry* b, const char* pattern) {
  return tri(GEOSRelatePattern_r(ctx.handle(), a, b, pattern));
}

Tri covers(Context& ctx, const GEOSGeometry* a, const GEOSGeometry* b) { return tri(GEOSCovers_r(ctx.handle(), a, b)); }

std::optional<Point> segmentIntersection(Context& ctx, Point a, Point b, Point c, Point d) {
  double x = 0.0, y = 0.0;
  if (GEOSSegmentIntersection_r(ctx.handle(), a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y, &x, &y) != 1)
    return std::nullopt;
  return Point{x, y};
}

std::optional<Point> pointOnSurface(Context& ctx, const GEOSGeometry* g) {
  const Geometry p = own(ctx, GEOSPointOnSurface_r(ctx.handle(), g));
  double x = 0.0, y = 0.0;
  if (!p || GEOSisEmpty_r(ctx.handle(), p.get()) != 0) return std::nullopt;
  if (!GEOSGeomGetX_r(ctx.handle(), p.get(), &x) || !GEOSGeomGetY_r(ctx.handle(), p.get(), &y)) return std::nullopt;
  return Point{x, y};
}

Parts intersectionParts(Context& ctx, const GEOSGeometry* a, const GEOSGeometry* b) {
  Parts parts;
  const Geometry meet = own(ctx, GEOSIntersection_r(ctx.handle(), a, b));
  if (!meet) {
    parts.failed = true;
    return parts;
  }
  collectParts(ctx, meet.get(), parts);
  if (parts.lines.size() > 1) {
    // Join the pieces of a shared run of edges into one line each.
    Parts only_lines;
    const Geometry merged = own(ctx, GEOSLineMerge_r(ctx.handle(), meet.get()));
    if (merged) {
      collectParts(ctx, merged.get(), only_lines);
      if (!only_lines.failed && !only_lines.lines.empty()) parts.lines = std::move(only_lines.lines);
    }
  }
  return parts;
}

namespace {

// Appends the ring's vertices without the closing one; false when GEOS fails.
bool readRing(Context& ctx, const GEOSGeometry* ring, Ring& out) {
  if (!ring) return false;
  out = coordinates(ctx, ring);
  if (out.size() >= 2 && out.front() == out.back()) out.pop_back();
  return true;
}

void collectPolygons(Context& ctx, const GEOSGeometry* g, std::vector<Polygon>& out, bool& failed) {
  const int type = GEOSGeomTypeId_r(ctx.handle(), g);
  if (type == -1) {
    failed = true;
    return;
  }
  if (GEOSisEmpty_r(ctx.handle(), g) == 1) return;
  if (type == GEOS_POLYGON) {
    Polygon p;
    if (!readRing(ctx, GEOSGetExteriorRing_r(ctx.handle(), g), p.outer)) failed = true;
    const int holes = GEOSGetNumInteriorRings_r(ctx.handle(), g);
    if (holes < 0) failed = true;
    for (int h = 0; h < holes; ++h) {
      p.holes.emplace_back();
      if (!readRing(ctx, GEOSGetInteriorRingN_r(ctx.handle(), g, h), p.holes.back())) failed = true;
    }
    out.push_back(std::move(p));
  } else if (type == GEOS_MULTIPOLYGON || type == GEOS_GEOMETRYCOLLECTION) {
    const int n = GEOSGetNumGeometries_r(ctx.handle(), g);
    if (n < 0) failed = true;
    for (int i = 0; i < n; ++i) collectPolygons(ctx, GEOSGetGeometryN_r(ctx.handle(), g, i), out, failed);
  }
}

}  // namespace

std::vector<Polygon> readPolygons(Context& ctx, const GEOSGeometry* g, bool& failed) {
  std::vector<Polygon> out;
  failed = false;
  collectPolygons(ctx, g, out, failed);
  if (failed) out.clear();
  return out;
}

double area(Context& ctx, const GEOSGeometry* g) {
  double a = 0.0;
  return GEOSArea_r(ctx.handle(), g, &a) ? a : std::nan("");
}

int polygonCount(Context& ctx, const GEOSGeometry* g) {
  const int type = GEOSGeomTypeId_r(ctx.handle(), g);
  if (type == -1) return -1;
  if (GEOSisEmpty_r(ctx.handle(), g) == 1) return 0;
  if (type == GEOS_POLYGON) return 1;
  if (type == GEOS_MULTIPOLYGON) return GEOSGetNumGeometries_r(ctx.handle(), g);
  if (type == GEOS_GEOMETRYCOLLECTION) {
    int count = 0;
    const int n = GEOSGetNumGeometries_r(ctx.handle(), g);
    for (int i = 0; i < n; ++i) count += std::max(0, polygonCount(ctx, GEOSGetGeometryN_r(ctx.handle(), g, i)));
    return count;
  }
  return 0;
}

}  // namespace polypath::geos
