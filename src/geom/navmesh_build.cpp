// navmesh_build.cpp: a polygon map cut into a navigation mesh: each polygon's constrained
// Delaunay triangulation (core/triangulation), optionally merged into convex polygons.
#include "polypath/geom/navmesh_build.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>

#include "polypath/core/face_merge.hpp"
#include "polypath/core/triangulation.hpp"

namespace polypath {
namespace {

/// Orders the faces along a Hilbert curve through their centres, so faces near each other
/// on the map are near each other in memory (a search walks from a face to its neighbours).
/// `box` holds every vertex (the map's bounds: cell vertices lie inside the map).
void orderAlongHilbertCurve(const std::vector<Point>& at, const PolygonMap::Bounds& box,
                            std::vector<NavMesh::FaceInput>& faces) {
  if (faces.empty()) return;
  const Point lo = box.min, hi = box.max;
  const double scale = 65535.0 / std::max({hi.x - lo.x, hi.y - lo.y, 1e-300});
  std::vector<std::pair<std::uint64_t, std::size_t>> order(faces.size());
  for (std::size_t f = 0; f < faces.size(); ++f) {
    Point c{0, 0};
    for (int v : faces[f].v) c = c + at[v];
    c = c * (1.0 / static_cast<double>(faces[f].v.size()));
    // Clamped: a centre rounded just past the box must not wrap round the grid.
    order[f] = {hilbertIndex(c, lo, scale), f};
  }
  std::sort(order.begin(), order.end());
  std::vector<NavMesh::FaceInput> sorted;
  sorted.reserve(faces.size());
  for (const auto& [key, f] : order) sorted.push_back(std::move(faces[f]));
  faces.swap(sorted);
}

}  // namespace

NavMesh buildNavMesh(const PolygonMap& map, bool merge_convex) {
  std::vector<Point> vertices;
  std::unordered_map<Point, int, PointHash> index;
  std::vector<NavMesh::FaceInput> faces;
  for (std::size_t pi = 0; pi < map.polygons().size(); ++pi) {
    const Polygon& poly = map.polygons()[pi];
    RingLocation where;
    where.polygon = static_cast<int>(pi);
    const Triangulation tri = triangulatePolygon(poly, where);
    std::vector<int> id(tri.vertices.size());
    for (std::size_t k = 0; k < tri.vertices.size(); ++k) {
      const auto [it, added] = index.emplace(tri.vertices[k], static_cast<int>(vertices.size()));
      if (added) vertices.push_back(tri.vertices[k]);
      id[k] = it->second;
    }
    const double expected = twiceArea(poly), covered = twiceArea(tri);
    if (std::abs(covered - expected) > 1e-9 * std::abs(expected))
      throw GeometryError(where, "the triangles cover area " + std::to_string(covered / 2) + " instead of " +
                                     std::to_string(expected / 2) + " (validate the map: polypath validate MAP)");
    if (merge_convex) {
      std::vector<std::vector<int>> triangles, across;
      for (std::size_t t = 0; t < tri.triangles.size(); ++t) {
        triangles.emplace_back(tri.triangles[t].begin(), tri.triangles[t].end());
        across.emplace_back(tri.neighbours[t].begin(), tri.neighbours[t].end());
      }
      for (std::vector<int>& f : mergeConvexFaces(tri.vertices, std::move(triangles), std::move(across))) {
        if (f.empty()) continue;  // merged into another face
        for (int& v : f) v = id[v];
        faces.push_back({std::move(f), static_cast<int>(pi)});
      }
    } else {
      for (const auto& t : tri.triangles) faces.push_back({{id[t[0]], id[t[1]], id[t[2]]}, static_cast<int>(pi)});
    }
  }
  orderAlongHilbertCurve(vertices, map.bounds(), faces);
  // Vertices numbered in the order the faces first use them: a face's corners are then
  // near its neighbours' in memory too.
  std::vector<int> renumber(vertices.size(), -1);
  std::vector<Point> ordered;
  ordered.reserve(vertices.size());
  for (auto& f : faces)
    for (int& v : f.v) {
      if (renumber[v] < 0) {
        renumber[v] = static_cast<int>(ordered.size());
        ordered.push_back(vertices[v]);
      }
      v = renumber[v];
    }
  return NavMesh(std::move(ordered), std::move(faces));
}

}  // namespace polypath
