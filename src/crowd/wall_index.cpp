// wall_index.cpp: uniform grid over a map's ring edges.
#include "polypath/crowd/wall_index.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace polypath::crowd {

Point nearestOnSegment(Point p, Point a, Point b) {
  const Point ab = b - a;
  const double len_sq = dot(ab, ab);
  if (len_sq <= 0.0) return a;
  const double t = std::clamp(dot(p - a, ab) / len_sq, 0.0, 1.0);
  return a + ab * t;
}

WallIndex::WallIndex(const PolygonMap& map) : map_(&map) {
  const auto& v = map.vertices();
  if (v.empty()) return;
  const PolygonMap::Bounds b = map.bounds();
  double total = 0.0;
  for (const auto& vertex : v) total += distance(vertex.position, v[vertex.next].position);
  const double extent = std::max(b.max.x - b.min.x, b.max.y - b.min.y);
  cell_ = std::max(total / static_cast<double>(v.size()), extent / 1024.0);
  if (!(cell_ > 0.0)) cell_ = 1.0;
  min_ = b.min;
  w_ = static_cast<int>(std::floor((b.max.x - b.min.x) / cell_)) + 1;
  h_ = static_cast<int>(std::floor((b.max.y - b.min.y) / cell_)) + 1;
  std::vector<int> count(static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_) + 1, 0);
  auto forCells = [&](int e, auto&& f) {
    const Point a = v[e].position, c = v[v[e].next].position;
    for (int y = cellY(std::min(a.y, c.y)); y <= cellY(std::max(a.y, c.y)); ++y)
      for (int x = cellX(std::min(a.x, c.x)); x <= cellX(std::max(a.x, c.x)); ++x) f(y * w_ + x);
  };
  for (int e = 0; e < static_cast<int>(v.size()); ++e) forCells(e, [&](int c) { ++count[c + 1]; });
  start_.assign(count.size(), 0);
  for (std::size_t c = 1; c < count.size(); ++c) start_[c] = start_[c - 1] + count[c];
  edges_.resize(static_cast<std::size_t>(start_.back()));
  std::vector<int> fill(start_.begin(), start_.end() - 1);
  for (int e = 0; e < static_cast<int>(v.size()); ++e) forCells(e, [&](int c) { edges_[fill[c]++] = e; });
  seen_.assign(v.size(), 0);
}

int WallIndex::cellX(double x) const { return std::clamp(static_cast<int>(std::floor((x - min_.x) / cell_)), 0, w_ - 1); }
int WallIndex::cellY(double y) const { return std::clamp(static_cast<int>(std::floor((y - min_.y) / cell_)), 0, h_ - 1); }

void WallIndex::wallsNear(Point p, double range, std::vector<WallEdge>& out) const {
  out.clear();
  if (w_ == 0) return;
  const auto& v = map_->vertices();
  ++stamp_;
  std::vector<std::pair<double, int>> found;  // (distance, edge)
  for (int y = cellY(p.y - range); y <= cellY(p.y + range); ++y) {
    for (int x = cellX(p.x - range); x <= cellX(p.x + range); ++x) {
      const int c = y * w_ + x;
      for (int k = start_[c]; k < start_[c + 1]; ++k) {
        const int e = edges_[k];
        if (seen_[e] == stamp_) continue;
        seen_[e] = stamp_;
        const Point a = v[e].position, b = v[v[e].next].position;
        if (orient(a, b, p) < 0) continue;  // p behind the edge: the region is on its left
        const double d = distance(p, nearestOnSegment(p, a, b));
        if (d <= range) found.emplace_back(d, e);
      }
    }
  }
  std::sort(found.begin(), found.end());  // nearest first, then edge order: independent of the grid walk
  for (const auto& [d, e] : found) {
    // The region's edge a -> b has the walkable side on its left; ORCA's obstacle edge runs
    // b -> a with free space on its right.
    const int a = e, b = v[e].next;
    WallEdge w;
    w.left = v[b].position;
    w.right = v[a].position;
    w.left_convex = v[b].reflex;
    w.right_convex = v[a].reflex;
    w.before = normalized(v[b].position - v[v[b].next].position);
    w.after = normalized(v[v[a].prev].position - v[a].position);
    out.push_back(w);
  }
}

int WallIndex::nearestEdge(Point p) const {
  if (w_ == 0) return -1;
  const auto& v = map_->vertices();
  const int cx = cellX(p.x), cy = cellY(p.y);
  double best = std::numeric_limits<double>::infinity();
  int nearest = -1;
  for (int ring = 0; ring <= std::max(w_, h_); ++ring) {
    for (int y = cy - ring; y <= cy + ring; ++y) {
      if (y < 0 || y >= h_) continue;
      const bool edge_row = y == cy - ring || y == cy + ring;
      for (int x = cx - ring; x <= cx + ring; x += (edge_row || ring == 0) ? 1 : 2 * ring) {
        if (x < 0 || x >= w_) continue;
        const int c = y * w_ + x;
        for (int k = start_[c]; k < start_[c + 1]; ++k) {
          const int e = edges_[k];
          const double d = distance(p, nearestOnSegment(p, v[e].position, v[v[e].next].position));
          if (d < best || (d == best && e < nearest)) {
            best = d;
            nearest = e;
          }
        }
      }
    }
    // Cells of ring + 1 and beyond lie at least `ring` cell sizes from p (also when p lies
    // outside the grid and was clamped to its nearest cell).
    if (best <= static_cast<double>(ring) * cell_) break;
  }
  return nearest;
}

double WallIndex::nearestDistance(Point p) const {
  const int e = nearestEdge(p);
  if (e < 0) return std::numeric_limits<double>::infinity();
  const auto& v = map_->vertices();
  return distance(p, nearestOnSegment(p, v[e].position, v[v[e].next].position));
}

}  // namespace polypath::crowd
