// navmesh_build.cpp: a polygon map cut into a navigation mesh: each polygon's constrained
// Delaunay triangulation (core/triangulation), optionally merged into convex polygons.
#include "polypath/geom/navmesh_build.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <queue>
#include <string>
#include <unordered_map>
#include <utility>

#include "polypath/core/triangulation.hpp"

namespace polypath {
namespace {

/// Merges the triangles of one polygon into convex polygons (vertex ids of `tri`), by
/// the rules of Polyanya's mesh merger (Cui, Harabor and Grastien's meshmerger.cpp), which
/// made its published merged meshes: first each dead end (a face with one neighbour) is
/// merged into a neighbour that has at most two, repeatedly, so corridors ending in a dead
/// end become one face; then, greedily, the merge giving the largest face is done first,
/// dead ends never merged, so Polyanya's dead-end pruning keeps cutting them off. Two faces
/// merge across a shared edge when the merged face turns left or runs straight at both of
/// its ends (convex; straight corners are kept as vertices).
std::vector<std::vector<int>> mergeConvex(const Triangulation& tri) {
  const std::vector<Point>& at = tri.vertices;
  const int count = static_cast<int>(tri.triangles.size());
  std::vector<std::vector<int>> faces(tri.triangles.size()), across(tri.triangles.size());
  std::vector<double> area(tri.triangles.size());
  for (int f = 0; f < count; ++f) {
    const auto& t = tri.triangles[f];
    faces[f].assign(t.begin(), t.end());
    across[f].assign(tri.neighbours[f].begin(), tri.neighbours[f].end());
    area[f] = std::abs(cross(at[t[1]] - at[t[0]], at[t[2]] - at[t[0]]));
  }
  std::vector<int> neighbour_count(faces.size(), 0);
  for (int f = 0; f < count; ++f)
    for (int g : across[f]) neighbour_count[f] += g >= 0;
  auto slot = [&](int f, int g) {  // the edge of f facing g
    return static_cast<std::size_t>(std::find(across[f].begin(), across[f].end(), g) - across[f].begin());
  };
  // Whether f and the face g across its edge i make a convex face.
  auto canMerge = [&](int f, std::size_t i, int g) {
    const std::vector<int>& F = faces[f];
    const std::vector<int>& G = faces[g];
    const std::size_t nf = F.size(), ng = G.size();
    const int u = F[i], v = F[(i + 1) % nf];
    const std::size_t gv = slot(g, f);  // G holds v -> u
    const int u_in = F[(i + nf - 1) % nf], u_out = G[(gv + 2) % ng];
    const int v_in = G[(gv + ng - 1) % ng], v_out = F[(i + 2) % nf];
    return u_in != u_out && v_in != v_out && orient(at[u_in], at[u], at[u_out]) >= 0 &&
           orient(at[v_in], at[v], at[v_out]) >= 0;
  };
  std::vector<int> version(faces.size(), 0);
  std::vector<int> merged_v, merged_n;
  auto merge = [&](int f, std::size_t i, int g) {
    const std::vector<int>& F = faces[f];
    const std::vector<int>& G = faces[g];
    const std::size_t nf = F.size(), ng = G.size();
    const std::size_t gv = slot(g, f);
    // The merged cycle: f from v round to u, then g from u round to before v.
    merged_v.clear();
    merged_n.clear();
    for (std::size_t k = 1; k < nf; ++k) {
      merged_v.push_back(F[(i + k) % nf]);
      merged_n.push_back(across[f][(i + k) % nf]);
    }
    for (std::size_t k = 1; k < ng; ++k) {
      merged_v.push_back(G[(gv + k) % ng]);
      const int h = across[g][(gv + k) % ng];
      merged_n.push_back(h);
      if (h >= 0) across[h][slot(h, g)] = f;
    }
    faces[f].assign(merged_v.begin(), merged_v.end());
    across[f].assign(merged_n.begin(), merged_n.end());
    faces[g].clear();
    across[g].clear();
    area[f] += area[g];
    neighbour_count[f] += neighbour_count[g] - 2;
    ++version[f];
    ++version[g];
  };
  // Dead ends grow into the corridors that lead to them.
  for (bool merged = true; merged;) {
    merged = false;
    for (int f = 0; f < count; ++f) {
      // Grown face by face along the corridor while it stays a dead end.
      for (bool grew = true; grew && !faces[f].empty() && neighbour_count[f] == 1;) {
        grew = false;
        for (std::size_t i = 0; i < faces[f].size() && !grew; ++i) {
          const int g = across[f][i];
          if (g >= 0 && neighbour_count[g] <= 2 && canMerge(f, i, g)) {
            merge(f, i, g);
            merged = grew = true;
          }
        }
      }
    }
  }
  // Then the largest merged face first; dead ends stay.
  struct Option {
    double area;
    int f, g, vf, vg;
    bool operator<(const Option& o) const { return area != o.area ? area < o.area : f > o.f; }
  };
  std::priority_queue<Option> options;
  auto offer = [&](int f) {
    if (f < 0 || faces[f].empty() || neighbour_count[f] <= 1) return;
    Option best{-1.0, f, -1, version[f], 0};
    for (std::size_t i = 0; i < faces[f].size(); ++i) {
      const int g = across[f][i];
      if (g >= 0 && area[f] + area[g] > best.area && neighbour_count[g] > 1 && canMerge(f, i, g))
        best = {area[f] + area[g], f, g, version[f], version[g]};
    }
    if (best.g >= 0) options.push(best);
  };
  for (int f = 0; f < count; ++f) offer(f);
  while (!options.empty()) {
    const Option o = options.top();
    options.pop();
    if (faces[o.f].empty() || faces[o.g].empty() || version[o.f] != o.vf || version[o.g] != o.vg) continue;
    merge(o.f, slot(o.f, o.g), o.g);
    offer(o.f);
    for (std::size_t k = 0; k < faces[o.f].size(); ++k) offer(across[o.f][k]);
  }
  std::vector<std::vector<int>> out;
  for (auto& f : faces)
    if (!f.empty()) out.push_back(std::move(f));
  return out;
}

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
      for (std::vector<int>& f : mergeConvex(tri)) {
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
