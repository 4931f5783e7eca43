// grid_smoothing.cpp: grid line of sight (rows walked, each candidate cell tested exactly
// in doubled integer coordinates) and greedy furthest-visible smoothing.
#include "polypath/core/grid_smoothing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace polypath {

namespace {

using I64 = std::int64_t;

/// Exact in doubled coordinates (centres are odd, cell sides even): the segment a-b meets
/// the closed square [2c, 2c+2] x [2r, 2r+2].
bool segmentMeetsCell(I64 ax, I64 ay, I64 bx, I64 by, I64 c, I64 r) {
  const I64 x0 = 2 * c, y0 = 2 * r, x1 = x0 + 2, y1 = y0 + 2;
  if (std::max(ax, bx) < x0 || std::min(ax, bx) > x1 || std::max(ay, by) < y0 || std::min(ay, by) > y1) return false;
  const I64 dx = bx - ax, dy = by - ay;
  auto side = [&](I64 px, I64 py) {
    const I64 s = dx * (py - ay) - dy * (px - ax);
    return (s > 0) - (s < 0);
  };
  const int s0 = side(x0, y0), s1 = side(x1, y0), s2 = side(x1, y1), s3 = side(x0, y1);
  // The line misses the square only when all four corners lie strictly on one side.
  return !((s0 > 0 && s1 > 0 && s2 > 0 && s3 > 0) || (s0 < 0 && s1 < 0 && s2 < 0 && s3 < 0));
}

}  // namespace

bool gridLineOfSight(const Grid& grid, int ax, int ay, int bx, int by) {
  if (grid.isBlocked(ax, ay) || grid.isBlocked(bx, by)) return false;
  const I64 pax = 2 * I64(ax) + 1, pay = 2 * I64(ay) + 1, pbx = 2 * I64(bx) + 1, pby = 2 * I64(by) + 1;
  const int step = by >= ay ? 1 : -1;
  const int xmin = std::min(ax, bx), xmax = std::max(ax, bx);
  for (int r = ay;; r += step) {
    // The part of the segment within row r's strip, widened by a cell: candidates only,
    // each decided exactly.
    int c0 = xmin, c1 = xmax;
    if (ay != by) {
      const double t0 = std::clamp((double(r) - (ay + 0.5)) / double(by - ay), 0.0, 1.0);
      const double t1 = std::clamp((double(r + 1) - (ay + 0.5)) / double(by - ay), 0.0, 1.0);
      const double xa = ax + 0.5 + t0 * (bx - ax), xb = ax + 0.5 + t1 * (bx - ax);
      c0 = std::max(xmin, static_cast<int>(std::floor(std::min(xa, xb))) - 1);
      c1 = std::min(xmax, static_cast<int>(std::floor(std::max(xa, xb))) + 1);
    }
    const bool forward = bx >= ax;
    for (int i = 0; i <= c1 - c0; ++i) {
      const int c = forward ? c0 + i : c1 - i;
      if (segmentMeetsCell(pax, pay, pbx, pby, c, r) && grid.isBlocked(c, r)) return false;
    }
    if (r == by) break;
  }
  return true;
}

std::vector<Point> smoothGridPath(const Grid& grid, const Path& path) {
  std::vector<Point> out;
  if (!path.found || path.nodes.empty()) return out;
  const auto& cells = path.nodes;
  const int n = static_cast<int>(cells.size());
  auto cx = [&](int i) { return cells[i] % grid.width; };
  auto cy = [&](int i) { return cells[i] / grid.width; };
  out.push_back(grid.cellCenter(cx(0), cy(0)));
  for (int i = 0; i < n - 1;) {
    int j = n - 1;
    while (j > i + 1 && !gridLineOfSight(grid, cx(i), cy(i), cx(j), cy(j))) --j;
    out.push_back(grid.cellCenter(cx(j), cy(j)));
    i = j;
  }
  return out;
}

}  // namespace polypath
