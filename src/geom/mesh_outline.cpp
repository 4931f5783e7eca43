// mesh_outline.cpp: polygonsFromMesh2 (see mesh_outline.hpp), by GEOS's unary union.
#include "polypath/geom/mesh_outline.hpp"

#include <string>

#include "geom/geos_util.hpp"

namespace polypath {

std::vector<Polygon> polygonsFromMesh2(const Mesh2& mesh) {
  geos::Context ctx;
  std::vector<GEOSGeometry*> parts;
  for (std::size_t i = 0; i < mesh.polygons.size(); ++i) {
    if (i < mesh.traversable.size() && !mesh.traversable[i]) continue;  // an obstacle face
    Ring ring;
    for (int v : mesh.polygons[i]) ring.push_back(mesh.vertices[v]);
    geos::Geometry g = geos::polygon(ctx, ring);
    if (!g) {
      for (GEOSGeometry* p : parts) GEOSGeom_destroy_r(ctx.handle(), p);
      throw GeometryError(RingLocation{}, "mesh polygon " + std::to_string(i) + ": GEOS could not build it: " + ctx.takeError());
    }
    parts.push_back(g.release());
  }
  // The collection takes ownership of the parts.
  const geos::Geometry all = geos::own(
      ctx, GEOSGeom_createCollection_r(ctx.handle(), GEOS_MULTIPOLYGON, parts.data(), static_cast<unsigned>(parts.size())));
  if (!all) throw GeometryError(RingLocation{}, "GEOS could not collect the mesh polygons: " + ctx.takeError());
  const geos::Geometry merged = geos::own(ctx, GEOSUnaryUnion_r(ctx.handle(), all.get()));
  if (!merged) throw GeometryError(RingLocation{}, "GEOS could not merge the mesh polygons: " + ctx.takeError());
  std::vector<Polygon> out;
  const int n = GEOSGetNumGeometries_r(ctx.handle(), merged.get());
  for (int i = 0; i < n; ++i) {
    const GEOSGeometry* poly = GEOSGetGeometryN_r(ctx.handle(), merged.get(), i);
    if (GEOSGeomTypeId_r(ctx.handle(), poly) != GEOS_POLYGON || GEOSisEmpty_r(ctx.handle(), poly)) continue;
    auto ring = [&](const GEOSGeometry* r) {
      Ring pts = geos::coordinates(ctx, r);
      if (!pts.empty() && pts.front() == pts.back()) pts.pop_back();
      return pts;
    };
    Polygon p;
    p.outer = ring(GEOSGetExteriorRing_r(ctx.handle(), poly));
    const int holes = GEOSGetNumInteriorRings_r(ctx.handle(), poly);
    for (int h = 0; h < holes; ++h) p.holes.push_back(ring(GEOSGetInteriorRingN_r(ctx.handle(), poly, h)));
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace polypath
