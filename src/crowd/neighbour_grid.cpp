// neighbour_grid.cpp: a sorted list of (cell, agent) as the spatial hash: deterministic,
// no allocation per query once warm.
#include "polypath/crowd/neighbour_grid.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

namespace polypath::crowd {
namespace {

bool within(Point a, Point b, double reach) {
  const Point d = b - a;
  return dot(d, d) <= reach * reach;
}

}  // namespace

std::int64_t NeighbourGrid::cellOf(double v) const {
  // Clamped so that huge coordinates cannot overflow; such points share edge cells.
  const double c = std::floor(v / cell_);
  constexpr double kLimit = 4.0e18;
  return static_cast<std::int64_t>(std::clamp(c, -kLimit, kLimit));
}

void NeighbourGrid::build(const std::vector<Point>& points, const std::vector<char>& use, double cell) {
  cell_ = cell;
  points_ = points;
  entries_.clear();
  for (std::size_t k = 0; k < points.size(); ++k)
    if (use.empty() || use[k]) entries_.push_back({cellOf(points[k].x), cellOf(points[k].y), k});
  std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.cx, a.cy, a.index) < std::tie(b.cx, b.cy, b.index);
  });
}

void NeighbourGrid::near(Point p, double reach, std::size_t self, std::vector<std::size_t>& out) const {
  out.clear();
  const std::int64_t cx = cellOf(p.x), cy = cellOf(p.y);
  const auto before = [](const Entry& e, std::pair<std::int64_t, std::int64_t> c) {
    return std::tie(e.cx, e.cy) < std::tie(c.first, c.second);
  };
  for (std::int64_t dx = -1; dx <= 1; ++dx) {
    for (std::int64_t dy = -1; dy <= 1; ++dy) {
      const std::pair<std::int64_t, std::int64_t> c{cx + dx, cy + dy};
      for (auto it = std::lower_bound(entries_.begin(), entries_.end(), c, before);
           it != entries_.end() && it->cx == c.first && it->cy == c.second; ++it)
        if (it->index != self && within(p, points_[it->index], reach)) out.push_back(it->index);
    }
  }
  std::sort(out.begin(), out.end());
}

void neighboursBruteForce(const std::vector<Point>& points, const std::vector<char>& use, Point p, double reach,
                          std::size_t self, std::vector<std::size_t>& out) {
  out.clear();
  for (std::size_t k = 0; k < points.size(); ++k)
    if (k != self && (use.empty() || use[k]) && within(p, points[k], reach)) out.push_back(k);
}

}  // namespace polypath::crowd
