// navmesh_build.cpp: constrained Delaunay triangulation of each polygon through GEOS.
#include "polypath/geom/navmesh_build.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "geom/geos_util.hpp"

namespace polypath {

namespace {

/// Twice the signed area of a ring (shoelace about its first vertex).
double twiceArea(const Ring& ring) {
  double a = 0.0;
  for (std::size_t i = 1; i + 1 < ring.size(); ++i) a += cross(ring[i] - ring[0], ring[i + 1] - ring[0]);
  return a;
}

/// Appends the triangles of a GEOS triangulation result; false when one is malformed.
bool readTriangles(geos::Context& ctx, const GEOSGeometry* tris, std::vector<std::array<Point, 3>>& out) {
  const int n = GEOSGetNumGeometries_r(ctx.handle(), tris);
  for (int i = 0; i < n; ++i) {
    const GEOSGeometry* t = GEOSGetGeometryN_r(ctx.handle(), tris, i);
    const GEOSGeometry* shell = GEOSGetExteriorRing_r(ctx.handle(), t);
    const std::vector<Point> pts = shell ? geos::coordinates(ctx, shell) : std::vector<Point>{};
    if (pts.size() != 4) return false;
    if (orient(pts[0], pts[1], pts[2]) == 0) continue;  // a sliver of zero area
    out.push_back({pts[0], pts[1], pts[2]});
  }
  return true;
}

/// Constrained Delaunay triangles of a polygon (or multipolygon). GEOS 3.11's hole joiner
/// and ear clipper fail on some polygons with holes ("Unable to find a convex corner",
/// fixed by GEOS 3.12's rewrite). Then the polygon is cut by a vertical line through the
/// middle of its median hole (or of its extent) into two halves, each triangulated the
/// same way, at most `kMaxDepth` cuts deep. Both halves share the cut line's exact box edge, so
/// GEOS computes the same crossing points on it for both and the halves' triangles meet
/// edge to edge there (the caller's area check and adjacency confirm it).
bool triangulate(geos::Context& ctx, const GEOSGeometry* g, int depth, std::vector<std::array<Point, 3>>& out) {
  constexpr int kMaxDepth = 24;
  if (GEOSisEmpty_r(ctx.handle(), g)) return true;
  const geos::Geometry tris = geos::own(ctx, GEOSConstrainedDelaunayTriangulation_r(ctx.handle(), g));
  if (tris) return readTriangles(ctx, tris.get(), out);
  if (depth >= kMaxDepth) return false;
  double minx = 0, miny = 0, maxx = 0, maxy = 0;
  if (!GEOSGeom_getXMin_r(ctx.handle(), g, &minx) || !GEOSGeom_getXMax_r(ctx.handle(), g, &maxx) ||
      !GEOSGeom_getYMin_r(ctx.handle(), g, &miny) || !GEOSGeom_getYMax_r(ctx.handle(), g, &maxy))
    return false;
  // Cut through the hole whose middle is the median of all holes' middles, so each half
  // keeps about half the holes; without holes, cut the extent in half.
  std::vector<double> middles;
  const int polys = GEOSGetNumGeometries_r(ctx.handle(), g);
  for (int i = 0; i < polys; ++i) {
    const GEOSGeometry* poly = GEOSGetGeometryN_r(ctx.handle(), g, i);
    const int holes = GEOSGetNumInteriorRings_r(ctx.handle(), poly);
    for (int h = 0; h < holes; ++h) {
      double hx0 = INFINITY, hx1 = -INFINITY;
      for (const Point& p : geos::coordinates(ctx, GEOSGetInteriorRingN_r(ctx.handle(), poly, h))) {
        hx0 = std::min(hx0, p.x);
        hx1 = std::max(hx1, p.x);
      }
      if (hx0 < hx1) middles.push_back(0.5 * (hx0 + hx1));
    }
  }
  double cut = 0.5 * (minx + maxx);
  if (!middles.empty()) {
    std::nth_element(middles.begin(), middles.begin() + middles.size() / 2, middles.end());
    cut = middles[middles.size() / 2];
  }
  const double pad = std::max(1.0, std::max(maxx - minx, maxy - miny));
  const Ring left = {{minx - pad, miny - pad}, {cut, miny - pad}, {cut, maxy + pad}, {minx - pad, maxy + pad}};
  const Ring right = {{cut, miny - pad}, {maxx + pad, miny - pad}, {maxx + pad, maxy + pad}, {cut, maxy + pad}};
  for (const Ring* box : {&left, &right}) {
    const geos::Geometry b = geos::polygon(ctx, *box);
    if (!b) return false;
    const geos::Geometry half = geos::own(ctx, GEOSIntersection_r(ctx.handle(), g, b.get()));
    if (!half) return false;
    // Keep only the areal parts (the intersection may also hold points or lines on the cut).
    const int parts = GEOSGetNumGeometries_r(ctx.handle(), half.get());
    for (int i = 0; i < parts; ++i) {
      const GEOSGeometry* part = GEOSGetGeometryN_r(ctx.handle(), half.get(), i);
      const int type = GEOSGeomTypeId_r(ctx.handle(), part);
      if (type != GEOS_POLYGON && type != GEOS_MULTIPOLYGON) continue;
      if (!triangulate(ctx, part, depth + 1, out)) return false;
    }
  }
  return true;
}

}  // namespace

NavMesh buildNavMesh(const PolygonMap& map) {
  geos::Context ctx;
  std::vector<Point> vertices;
  std::map<std::pair<double, double>, int> index;
  auto vertexId = [&](Point p) {
    const auto [it, added] = index.emplace(std::pair{p.x, p.y}, static_cast<int>(vertices.size()));
    if (added) vertices.push_back(p);
    return it->second;
  };
  std::vector<NavMesh::FaceInput> faces;
  for (std::size_t pi = 0; pi < map.polygons().size(); ++pi) {
    const Polygon& poly = map.polygons()[pi];
    RingLocation where;
    where.polygon = static_cast<int>(pi);
    std::vector<const Ring*> holes;
    for (const Ring& h : poly.holes) holes.push_back(&h);
    const geos::Geometry g = geos::polygon(ctx, poly.outer, holes);
    if (!g) throw GeometryError(where, "GEOS could not build the polygon: " + ctx.takeError());
    std::vector<std::array<Point, 3>> triangles;
    if (!triangulate(ctx, g.get(), 0, triangles))
      throw GeometryError(where, "GEOS's constrained Delaunay triangulation failed: " + ctx.takeError() +
                                     " (validate the map: polypath validate MAP)");
    double expected = std::abs(twiceArea(poly.outer));
    for (const Ring& h : poly.holes) expected -= std::abs(twiceArea(h));
    double covered = 0.0;
    for (const auto& pts : triangles) {
      covered += std::abs(cross(pts[1] - pts[0], pts[2] - pts[0]));
      faces.push_back({{vertexId(pts[0]), vertexId(pts[1]), vertexId(pts[2])}, static_cast<int>(pi)});
    }
    if (std::abs(covered - expected) > 1e-9 * std::abs(expected))
      throw GeometryError(where, "the triangles cover area " + std::to_string(covered / 2) + " instead of " +
                                     std::to_string(expected / 2) + " (validate the map: polypath validate MAP)");
  }
  return NavMesh(std::move(vertices), std::move(faces));
}

}  // namespace polypath
