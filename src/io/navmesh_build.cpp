// navmesh_build.cpp: constrained Delaunay triangulation of each polygon through GEOS.
#include "io/navmesh_build.hpp"

#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "io/geos_util.hpp"

namespace polypath {

namespace {

/// Twice the signed area of a ring (shoelace about its first vertex).
double twiceArea(const Ring& ring) {
  double a = 0.0;
  for (std::size_t i = 1; i + 1 < ring.size(); ++i) a += cross(ring[i] - ring[0], ring[i + 1] - ring[0]);
  return a;
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
    geos::Geometry tris = geos::own(ctx, GEOSConstrainedDelaunayTriangulation_r(ctx.handle(), g.get()));
    if (!tris) {
      // GEOS 3.11's ear clipper can fail on rings that touch themselves or each other at a
      // point ("Unable to find a convex corner"). buffer(0) rebuilds the polygon, splitting
      // it at such pinch points, which closes nothing that was open: triangles of the
      // pieces meet only at the pinch and are not neighbours.
      const std::string first_error = ctx.takeError();
      const geos::Geometry rebuilt = geos::own(ctx, GEOSBuffer_r(ctx.handle(), g.get(), 0.0, 8));
      if (rebuilt) tris = geos::own(ctx, GEOSConstrainedDelaunayTriangulation_r(ctx.handle(), rebuilt.get()));
      if (!tris)
        throw GeometryError(where, "GEOS's constrained Delaunay triangulation failed: " + first_error +
                                       " (validate the map: polypath validate MAP)");
    }
    if (!tris)
      throw GeometryError(where, "GEOS's constrained Delaunay triangulation failed: " + ctx.takeError() +
                                     " (validate the map: polypath validate MAP)");
    double expected = std::abs(twiceArea(poly.outer));
    for (const Ring& h : poly.holes) expected -= std::abs(twiceArea(h));
    double covered = 0.0;
    const int n = GEOSGetNumGeometries_r(ctx.handle(), tris.get());
    for (int i = 0; i < n; ++i) {
      const GEOSGeometry* t = GEOSGetGeometryN_r(ctx.handle(), tris.get(), i);
      const GEOSGeometry* shell = GEOSGetExteriorRing_r(ctx.handle(), t);
      std::vector<Point> pts = shell ? geos::coordinates(ctx, shell) : std::vector<Point>{};
      if (pts.size() != 4) throw GeometryError(where, "GEOS returned a triangle with " + std::to_string(pts.size()) + " ring points");
      pts.pop_back();
      const double twice = cross(pts[1] - pts[0], pts[2] - pts[0]);
      if (twice == 0.0 && orient(pts[0], pts[1], pts[2]) == 0) continue;  // a sliver of zero area: skip
      covered += std::abs(twice);
      faces.push_back({{vertexId(pts[0]), vertexId(pts[1]), vertexId(pts[2])}, static_cast<int>(pi)});
    }
    if (std::abs(covered - expected) > 1e-9 * std::abs(expected))
      throw GeometryError(where, "the triangles cover area " + std::to_string(covered / 2) + " instead of " +
                                     std::to_string(expected / 2) + " (validate the map: polypath validate MAP)");
  }
  return NavMesh(std::move(vertices), std::move(faces));
}

}  // namespace polypath
