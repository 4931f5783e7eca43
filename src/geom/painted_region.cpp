// painted_region.cpp: paintRegion (painted_region.hpp): the rings as drawn when they
// already are the region, else GEOS unions and differences.
#include "polypath/geom/painted_region.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "geom/geos_util.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath {
namespace {

struct Box {
  Point min, max;
  bool contains(const Box& b) const {
    return min.x <= b.min.x && min.y <= b.min.y && b.max.x <= max.x && b.max.y <= max.y;
  }
  bool meets(const Box& b) const { return min.x <= b.max.x && b.min.x <= max.x && min.y <= b.max.y && b.min.y <= max.y; }
};

Box boxOf(const Ring& r) {
  Box b{r.front(), r.front()};
  for (const Point& p : r) {
    b.min = {std::min(b.min.x, p.x), std::min(b.min.y, p.y)};
    b.max = {std::max(b.max.x, p.x), std::max(b.max.y, p.y)};
  }
  return b;
}

[[noreturn]] void geosFailed(geos::Context& ctx, const std::string& what) {
  throw GeometryError(RingLocation{}, "GEOS could not " + what + ": " + ctx.takeError());
}

/// The polygons as drawn, or nothing when the rings do not already form the region.
std::optional<std::vector<Polygon>> asDrawn(const std::vector<PaintedRing>& shapes) {
  geos::Context ctx;
  std::vector<geos::Geometry> geometry;
  std::vector<Box> boxes;
  std::vector<int> polygon_of(shapes.size(), -1);  // adding ring -> its polygon index
  MapDocument doc;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    geometry.push_back(geos::polygon(ctx, shapes[i].ring));
    if (!geometry.back()) return std::nullopt;
    boxes.push_back(boxOf(shapes[i].ring));
    if (shapes[i].adds) {
      polygon_of[i] = static_cast<int>(doc.polygons.size());
      doc.polygons.push_back(Polygon{shapes[i].ring, {}});
      continue;
    }
    // The container: the latest adding ring before it that covers it (painted on top).
    int container = -1;
    for (std::size_t k = i; k-- > 0 && container < 0;)
      if (shapes[k].adds && boxes[k].contains(boxes[i]) &&
          geos::covers(ctx, geometry[k].get(), geometry[i].get()) == geos::Tri::True)
        container = static_cast<int>(k);
    if (container < 0) return std::nullopt;
    // Every other earlier adding ring, with the holes cut into it so far, must not meet
    // the obstacle's inside: the obstacle would cut it too.
    for (std::size_t k = 0; k < i; ++k) {
      if (!shapes[k].adds || static_cast<int>(k) == container || !boxes[k].meets(boxes[i])) continue;
      const Polygon& so_far = doc.polygons[static_cast<std::size_t>(polygon_of[k])];
      std::vector<const Ring*> holes;
      for (const Ring& h : so_far.holes) holes.push_back(&h);
      const geos::Geometry painted = geos::polygon(ctx, so_far.outer, holes);
      if (!painted || geos::relatePattern(ctx, painted.get(), geometry[i].get(), "T********") != geos::Tri::False)
        return std::nullopt;
    }
    doc.polygons[static_cast<std::size_t>(polygon_of[static_cast<std::size_t>(container)])].holes.push_back(shapes[i].ring);
  }
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error) return std::nullopt;
  return doc.polygons;
}

/// The union of the rings [first, last) of `shapes`.
geos::Geometry unite(geos::Context& ctx, const std::vector<PaintedRing>& shapes, std::size_t first, std::size_t last) {
  std::vector<GEOSGeometry*> parts;
  for (std::size_t i = first; i < last; ++i) {
    geos::Geometry g = geos::polygon(ctx, shapes[i].ring);
    if (!g) {
      for (GEOSGeometry* p : parts) GEOSGeom_destroy_r(ctx.handle(), p);
      geosFailed(ctx, "build shape " + std::to_string(i));
    }
    parts.push_back(g.release());
  }
  // The collection takes ownership of the parts.
  const geos::Geometry all = geos::own(
      ctx, GEOSGeom_createCollection_r(ctx.handle(), GEOS_MULTIPOLYGON, parts.data(), static_cast<unsigned>(parts.size())));
  if (!all) geosFailed(ctx, "collect the shapes");
  geos::Geometry merged = geos::own(ctx, GEOSUnaryUnion_r(ctx.handle(), all.get()));
  if (!merged) geosFailed(ctx, "unite the shapes");
  return merged;
}

}  // namespace

std::vector<Polygon> paintRegion(const std::vector<PaintedRing>& shapes) {
  if (auto drawn = asDrawn(shapes)) return *drawn;
  geos::Context ctx;
  geos::Geometry region = geos::own(ctx, GEOSGeom_createEmptyPolygon_r(ctx.handle()));
  if (!region) geosFailed(ctx, "start an empty region");
  for (std::size_t first = 0; first < shapes.size();) {
    std::size_t last = first;
    while (last < shapes.size() && shapes[last].adds == shapes[first].adds) ++last;
    const geos::Geometry run = unite(ctx, shapes, first, last);
    region = geos::own(ctx, shapes[first].adds ? GEOSUnion_r(ctx.handle(), region.get(), run.get())
                                               : GEOSDifference_r(ctx.handle(), region.get(), run.get()));
    if (!region) geosFailed(ctx, shapes[first].adds ? "add the walkable shapes" : "cut out the obstacles");
    first = last;
  }
  bool failed = false;
  std::vector<Polygon> out = geos::readPolygons(ctx, region.get(), failed);
  if (failed) geosFailed(ctx, "read the region");
  return out;
}

}  // namespace polypath
