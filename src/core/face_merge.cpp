// face_merge.cpp: neighbouring convex faces merged into larger convex faces (Polyanya's
// mesh merger rules; see face_merge.hpp).
#include "polypath/core/face_merge.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <utility>

namespace polypath {

std::vector<std::vector<int>> mergeConvexFaces(const std::vector<Point>& at, std::vector<std::vector<int>> faces,
                                               std::vector<std::vector<int>> across) {
  const int count = static_cast<int>(faces.size());
  std::vector<double> area(faces.size(), 0.0);
  std::vector<int> neighbour_count(faces.size(), 0);
  for (int f = 0; f < count; ++f) {
    const std::vector<int>& F = faces[f];
    // Twice the area, as a fan from the first corner (for a triangle, the one cross product).
    for (std::size_t i = 1; i + 1 < F.size(); ++i) area[f] += cross(at[F[i]] - at[F[0]], at[F[i + 1]] - at[F[0]]);
    area[f] = std::abs(area[f]);
    for (int g : across[f]) neighbour_count[f] += g >= 0;
  }
  // The edge of face g that runs v -> u (the edge u -> v of its neighbour), or its size.
  auto edgeOf = [&](int g, int v, int u) {
    const std::vector<int>& G = faces[g];
    for (std::size_t k = 0; k < G.size(); ++k)
      if (G[k] == v && G[(k + 1) % G.size()] == u) return k;
    return G.size();
  };
  // Whether f and the face g across its edge i make a convex face: at both ends of the
  // edge the merged face turns left or runs straight, and the faces share no further edge there.
  auto canMerge = [&](int f, std::size_t i, int g) {
    const std::vector<int>& F = faces[f];
    const std::vector<int>& G = faces[g];
    const std::size_t nf = F.size(), ng = G.size();
    const int u = F[i], v = F[(i + 1) % nf];
    const std::size_t gv = edgeOf(g, v, u);  // G holds v -> u
    if (gv == ng) return false;
    const int u_in = F[(i + nf - 1) % nf], u_out = G[(gv + 2) % ng];
    const int v_in = G[(gv + ng - 1) % ng], v_out = F[(i + 2) % nf];
    return u_in != u_out && v_in != v_out && orient(at[u_in], at[u], at[u_out]) >= 0 &&
           orient(at[v_in], at[v], at[v_out]) >= 0;
  };
  std::vector<int> version(faces.size(), 0);
  std::vector<int> merged_v, merged_n;
  // Merges g, across edge i of f, into f (canMerge(f, i, g) holds).
  auto merge = [&](int f, std::size_t i, int g) {
    const std::vector<int>& F = faces[f];
    const std::vector<int>& G = faces[g];
    const std::size_t nf = F.size(), ng = G.size();
    const std::size_t gv = edgeOf(g, F[(i + 1) % nf], F[i]);
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
      if (h >= 0) std::replace(across[h].begin(), across[h].end(), g, f);
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
          if (g >= 0 && g != f && neighbour_count[g] <= 2 && canMerge(f, i, g)) {
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
    std::size_t edge;  // of f, facing g (valid while f's version is vf)
    bool operator<(const Option& o) const { return area != o.area ? area < o.area : f > o.f; }
  };
  std::priority_queue<Option> options;
  auto offer = [&](int f) {
    if (f < 0 || faces[f].empty() || neighbour_count[f] <= 1) return;
    Option best{-1.0, f, -1, version[f], 0, 0};
    for (std::size_t i = 0; i < faces[f].size(); ++i) {
      const int g = across[f][i];
      if (g >= 0 && g != f && area[f] + area[g] > best.area && neighbour_count[g] > 1 && canMerge(f, i, g))
        best = {area[f] + area[g], f, g, version[f], version[g], i};
    }
    if (best.g >= 0) options.push(best);
  };
  for (int f = 0; f < count; ++f) offer(f);
  while (!options.empty()) {
    const Option o = options.top();
    options.pop();
    if (faces[o.f].empty() || faces[o.g].empty() || version[o.f] != o.vf || version[o.g] != o.vg) continue;
    merge(o.f, o.edge, o.g);
    offer(o.f);
    for (std::size_t k = 0; k < faces[o.f].size(); ++k) offer(across[o.f][k]);
  }
  return faces;
}

NavMesh mergeConvexFaces(const NavMesh& mesh) {
  const auto& src = mesh.faces();
  std::vector<std::vector<int>> faces(src.size()), across(src.size());
  for (std::size_t f = 0; f < src.size(); ++f) {
    faces[f] = src[f].v;
    across[f] = src[f].neighbour;
  }
  std::vector<std::vector<int>> merged = mergeConvexFaces(mesh.vertices(), std::move(faces), std::move(across));
  // A merged face keeps the slot, and so the area id, of the face that absorbed the others
  // (faces merge only with neighbours, and neighbours share an area).
  std::vector<NavMesh::FaceInput> out;
  for (std::size_t f = 0; f < merged.size(); ++f)
    if (!merged[f].empty()) out.push_back({std::move(merged[f]), src[f].area});
  return NavMesh(mesh.vertices(), std::move(out));
}

}  // namespace polypath
