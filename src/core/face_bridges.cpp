// face_bridges.cpp: Tarjan's bridges on the face adjacency graph, the 2-edge-connected
// components and the DFS numbering of the bridge forest.
#include "polypath/core/face_bridges.hpp"

#include <algorithm>

namespace polypath {

namespace {

/// Index k with f.v[k] == a and f.v[k+1] == b, or -1.
int edgeIndex(const NavMesh::Face& f, int a, int b) {
  const int n = static_cast<int>(f.v.size());
  for (int k = 0; k < n; ++k)
    if (f.v[k] == a && f.v[(k + 1) % n] == b) return k;
  return -1;
}

}  // namespace

FaceBridges::FaceBridges(const NavMesh& mesh) {
  const auto& faces = mesh.faces();
  const int nf = static_cast<int>(faces.size());
  offset_.assign(nf + 1, 0);
  for (int f = 0; f < nf; ++f) offset_[f + 1] = offset_[f] + static_cast<int>(faces[f].v.size());
  const int slots = offset_[nf];
  // Per slot: the face across and the slot of the same edge seen from there (-1: a wall).
  std::vector<int> across(slots, -1), reverse(slots, -1), owner(slots);
  for (int f = 0; f < nf; ++f) {
    const int n = static_cast<int>(faces[f].v.size());
    for (int i = 0; i < n; ++i) {
      owner[offset_[f] + i] = f;
      const int g = faces[f].neighbour[i];
      if (g < 0) continue;
      const int j = edgeIndex(faces[g], faces[f].v[(i + 1) % n], faces[f].v[i]);
      if (j < 0) continue;
      across[offset_[f] + i] = g;
      reverse[offset_[f] + i] = offset_[g] + j;
    }
  }

  // Bridges: iterative DFS with discovery times and low links. A tree edge u -> v is a
  // bridge when nothing below v reaches above v. Only the arriving edge itself is skipped,
  // so two faces sharing two edges (a straight angle) are not joined by a bridge.
  std::vector<int> disc(nf, -1), low(nf, 0);
  std::vector<char> bridge(slots, 0);
  struct Frame {
    int face, in_slot, next;  // in_slot: the slot (in `face`) of the edge we arrived through
  };
  std::vector<Frame> stack;
  int timer = 0;
  for (int s = 0; s < nf; ++s) {
    if (disc[s] >= 0) continue;
    disc[s] = low[s] = timer++;
    stack.push_back({s, -1, offset_[s]});
    while (!stack.empty()) {
      Frame& top = stack.back();
      const int u = top.face;
      if (top.next < offset_[u + 1]) {
        const int slot = top.next++;
        const int v = across[slot];
        if (v < 0 || slot == top.in_slot) continue;
        if (disc[v] < 0) {
          disc[v] = low[v] = timer++;
          stack.push_back({v, reverse[slot], offset_[v]});
        } else {
          low[u] = std::min(low[u], disc[v]);
        }
        continue;
      }
      const int in_slot = top.in_slot;
      stack.pop_back();
      if (stack.empty()) continue;
      const int p = stack.back().face;
      low[p] = std::min(low[p], low[u]);
      if (low[u] > disc[p]) bridge[in_slot] = bridge[reverse[in_slot]] = 1;
    }
  }

  // 2-edge-connected components: flood fill over shared edges that are not bridges.
  comp_.assign(nf, -1);
  int ncomp = 0;
  std::vector<int> queue;
  for (int s = 0; s < nf; ++s) {
    if (comp_[s] >= 0) continue;
    comp_[s] = ncomp;
    queue.assign(1, s);
    while (!queue.empty()) {
      const int u = queue.back();
      queue.pop_back();
      for (int slot = offset_[u]; slot < offset_[u + 1]; ++slot) {
        const int v = across[slot];
        if (v < 0 || bridge[slot] || comp_[v] >= 0) continue;
        comp_[v] = ncomp;
        queue.push_back(v);
      }
    }
    ++ncomp;
  }

  // The bridge forest: components joined by bridges; DFS pre-order intervals per component.
  std::vector<int> cstart(ncomp + 1, 0), cedges;
  for (int slot = 0; slot < slots; ++slot)
    if (bridge[slot]) ++cstart[comp_[owner[slot]] + 1];
  for (int c = 0; c < ncomp; ++c) cstart[c + 1] += cstart[c];
  cedges.resize(cstart[ncomp]);
  {
    std::vector<int> fill(cstart.begin(), cstart.end() - 1);
    for (int slot = 0; slot < slots; ++slot)
      if (bridge[slot]) cedges[fill[comp_[owner[slot]]]++] = comp_[across[slot]];
  }
  // Components are renumbered by their pre-order time (tin), so a component's number is its
  // tin and the interval test needs only the tout of the bridge's child; tout_ and tree_ are
  // indexed by the new numbers.
  std::vector<int> tin(ncomp, -1);  // pre-order number per old component number
  tout_.assign(ncomp, -1);
  tree_.assign(ncomp, -1);
  std::vector<int> parent(ncomp, -1);
  struct CFrame {
    int comp, next;
  };
  std::vector<CFrame> cstack;
  int clock = 0;
  for (int r = 0; r < ncomp; ++r) {
    if (tin[r] >= 0) continue;
    tin[r] = clock++;
    tree_[tin[r]] = tin[r];
    cstack.push_back({r, cstart[r]});
    while (!cstack.empty()) {
      CFrame& top = cstack.back();
      if (top.next < cstart[top.comp + 1]) {
        const int d = cedges[top.next++];
        if (tin[d] >= 0) continue;  // the parent (a forest has no other visited neighbour)
        tin[d] = clock++;
        tree_[tin[d]] = tin[r];
        parent[d] = top.comp;
        cstack.push_back({d, cstart[d]});
        continue;
      }
      tout_[tin[top.comp]] = clock - 1;
      cstack.pop_back();
    }
  }

  slot_.assign(slots, -1);
  for (int slot = 0; slot < slots; ++slot) {
    if (!bridge[slot]) continue;
    const int cf = comp_[owner[slot]], cg = comp_[across[slot]];
    slot_[slot] = parent[cg] == cf ? 2 * tin[cg] + 1 : 2 * tin[cf];
  }
  for (int& c : comp_) c = tin[c];
}

}  // namespace polypath
