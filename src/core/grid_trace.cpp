// grid_trace.cpp: boundary tracing of a grid's free cells.
//
// Every side between a free cell and a blocked cell (or the border) is a directed edge,
// oriented around its free cell. At a lattice point where free cells meet only
// diagonally two edges leave; the walk takes the one of the same free cell, so a ring
// never passes from one free cell to the other through the pinch. A ring that still
// visits a lattice point twice (blocked cells touching diagonally inside a free area)
// is cut there into loops, so rings touch but never touch themselves.
#include "polypath/core/grid_trace.hpp"

#include <cstdint>
#include <unordered_map>

namespace polypath {

namespace {

struct Edge {
  std::int64_t from, to;  // lattice point ids y * (width + 1) + x
  int cell;               // the free cell on its side
};

/// Splits a closed vertex loop at repeated vertices into simple loops.
void splitAtRepeats(const std::vector<std::int64_t>& loop, std::vector<std::vector<std::int64_t>>& out) {
  std::vector<std::int64_t> stack;
  std::unordered_map<std::int64_t, std::size_t> at;
  for (std::int64_t v : loop) {
    const auto it = at.find(v);
    if (it == at.end()) {
      at.emplace(v, stack.size());
      stack.push_back(v);
      continue;
    }
    const std::size_t k = it->second;
    std::vector<std::int64_t> piece(stack.begin() + static_cast<std::ptrdiff_t>(k), stack.end());
    for (std::size_t i = k + 1; i < stack.size(); ++i) at.erase(stack[i]);
    stack.resize(k + 1);
    out.push_back(std::move(piece));
  }
  out.push_back(std::move(stack));
}

/// Twice the signed area of a lattice loop (shoelace, exact in 64-bit integers).
std::int64_t twiceArea(const std::vector<std::int64_t>& loop, std::int64_t stride) {
  std::int64_t a = 0;
  for (std::size_t i = 0; i < loop.size(); ++i) {
    const std::int64_t p = loop[i], q = loop[(i + 1) % loop.size()];
    a += (p % stride) * (q / stride) - (q % stride) * (p / stride);
  }
  return a;
}

/// The loop without collinear vertices, in world units.
Ring toRing(const Grid& grid, const std::vector<std::int64_t>& loop, std::int64_t stride) {
  Ring ring;
  const std::size_t n = loop.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t a = loop[(i + n - 1) % n], b = loop[i], c = loop[(i + 1) % n];
    const std::int64_t ux = b % stride - a % stride, uy = b / stride - a / stride;
    const std::int64_t vx = c % stride - b % stride, vy = c / stride - b / stride;
    if (ux * vy - uy * vx == 0) continue;  // straight on: not a corner
    ring.push_back(grid.corner(static_cast<int>(b % stride), static_cast<int>(b / stride)));
  }
  return ring;
}

/// 4-connected components of the free cells, numbered in row-major order of first cells.
std::vector<int> freeComponents(const Grid& grid, int& count) {
  std::vector<int> comp(grid.blocked.size(), -1);
  std::vector<int> todo;
  count = 0;
  for (int start = 0; start < static_cast<int>(comp.size()); ++start) {
    if (grid.blocked[start] || comp[start] >= 0) continue;
    comp[start] = count;
    todo.assign(1, start);
    while (!todo.empty()) {
      const int c = todo.back();
      todo.pop_back();
      const int x = c % grid.width, y = c / grid.width;
      const int nx[4] = {x + 1, x - 1, x, x}, ny[4] = {y, y, y + 1, y - 1};
      for (int k = 0; k < 4; ++k) {
        if (grid.isBlocked(nx[k], ny[k])) continue;
        const int d = grid.index(nx[k], ny[k]);
        if (comp[d] < 0) {
          comp[d] = count;
          todo.push_back(d);
        }
      }
    }
    ++count;
  }
  return comp;
}

}  // namespace

std::vector<Polygon> traceGrid(const Grid& grid) {
  const std::int64_t stride = grid.width + 1;
  auto pt = [&](int x, int y) { return std::int64_t(y) * stride + x; };
  std::vector<Edge> edges;
  for (int y = 0; y < grid.height; ++y) {
    for (int x = 0; x < grid.width; ++x) {
      if (grid.isBlocked(x, y)) continue;
      const int c = grid.index(x, y);
      if (grid.isBlocked(x, y - 1)) edges.push_back({pt(x, y), pt(x + 1, y), c});
      if (grid.isBlocked(x + 1, y)) edges.push_back({pt(x + 1, y), pt(x + 1, y + 1), c});
      if (grid.isBlocked(x, y + 1)) edges.push_back({pt(x + 1, y + 1), pt(x, y + 1), c});
      if (grid.isBlocked(x - 1, y)) edges.push_back({pt(x, y + 1), pt(x, y), c});
    }
  }
  // Up to two edges leave a lattice point (two only at a pinch).
  std::unordered_map<std::int64_t, std::pair<int, int>> out;
  out.reserve(edges.size());
  for (int e = 0; e < static_cast<int>(edges.size()); ++e) {
    auto [it, fresh] = out.try_emplace(edges[e].from, e, -1);
    if (!fresh) it->second.second = e;
  }
  int ncomp = 0;
  const std::vector<int> comp = freeComponents(grid, ncomp);
  std::vector<Polygon> polygons(static_cast<std::size_t>(ncomp));
  std::vector<char> used(edges.size(), 0);
  std::vector<std::vector<std::int64_t>> loops;
  for (int first = 0; first < static_cast<int>(edges.size()); ++first) {
    if (used[first]) continue;
    std::vector<std::int64_t> loop;
    int e = first;
    while (!used[e]) {
      used[e] = 1;
      loop.push_back(edges[e].from);
      const auto& [a, b] = out.at(edges[e].to);
      // At a pinch, stay with the same free cell.
      e = (b >= 0 && edges[b].cell == edges[e].cell) ? b : a;
    }
    loops.clear();
    splitAtRepeats(loop, loops);
    Polygon& poly = polygons[comp[edges[first].cell]];
    for (const auto& l : loops) {
      if (l.size() < 3) continue;
      // Cells are walked (x, y) -> (x+1, y) -> (x+1, y+1): positive area around free space.
      if (twiceArea(l, stride) > 0) poly.outer = toRing(grid, l, stride);
      else poly.holes.push_back(toRing(grid, l, stride));
    }
  }
  return polygons;
}

}  // namespace polypath
