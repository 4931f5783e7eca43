// oracle.cpp: brute-force region test, line of sight by boundary contacts, Dijkstra.
// Uses nothing from src/core but the Point and Polygon structs (see oracle.hpp).
#include "support/oracle.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace polypath::test {

namespace {

using LD = long double;

// Distance from (px, py) to the closed segment (ax, ay)-(bx, by).
LD segmentDistance(LD px, LD py, LD ax, LD ay, LD bx, LD by) {
  const LD dx = bx - ax, dy = by - ay;
  const LD len2 = dx * dx + dy * dy;
  LD t = 0.0L;
  if (len2 > 0.0L) t = std::clamp(((px - ax) * dx + (py - ay) * dy) / len2, 0.0L, 1.0L);
  const LD cx = ax + t * dx - px, cy = ay + t * dy - py;
  return std::sqrt(cx * cx + cy * cy);
}

// Even-odd ray casting towards +x. Only called for points that are not near the ring,
// so the half-open rule on y and the long double crossing abscissa are reliable.
bool strictlyInsideRing(const Ring& ring, LD px, LD py) {
  bool inside = false;
  const std::size_t n = ring.size();
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    const LD ax = ring[j].x, ay = ring[j].y, bx = ring[i].x, by = ring[i].y;
    if ((ay > py) != (by > py)) {
      const LD x = ax + (py - ay) * (bx - ax) / (by - ay);
      if (x > px) inside = !inside;
    }
  }
  return inside;
}

}  // namespace

Oracle::Oracle(std::vector<Polygon> polygons) : polygons_(std::move(polygons)) {
  LD minX = std::numeric_limits<LD>::infinity(), minY = minX, maxX = -minX, maxY = -minX;
  auto addRing = [&](const Ring& r) {
    for (std::size_t i = 0; i < r.size(); ++i) {
      const Point a = r[i], b = r[(i + 1) % r.size()];
      vertices_.push_back(a);
      edges_.push_back({a.x, a.y, b.x, b.y});
      minX = std::min<LD>(minX, a.x);
      maxX = std::max<LD>(maxX, a.x);
      minY = std::min<LD>(minY, a.y);
      maxY = std::max<LD>(maxY, a.y);
    }
  };
  for (const Polygon& p : polygons_) {
    addRing(p.outer);
    for (const Ring& h : p.holes) addRing(h);
  }
  LD extent = 1.0L;
  if (!vertices_.empty()) extent = std::max({extent, maxX - minX, maxY - minY});
  eps_ = 1e-9L * extent;

  const std::size_t n = vertices_.size();
  visible_.assign(n, std::vector<char>(n, 0));
  for (std::size_t i = 0; i < n; ++i) {
    visible_[i][i] = 1;
    for (std::size_t j = i + 1; j < n; ++j)
      visible_[i][j] = visible_[j][i] = lineOfSight(vertices_[i], vertices_[j]) ? 1 : 0;
  }
}

long double Oracle::boundaryDistanceLD(long double x, long double y) const {
  LD best = std::numeric_limits<LD>::infinity();
  for (const Seg& e : edges_) best = std::min(best, segmentDistance(x, y, e.ax, e.ay, e.bx, e.by));
  return best;
}

double Oracle::boundaryDistance(Point p) const { return static_cast<double>(boundaryDistanceLD(p.x, p.y)); }

bool Oracle::inRegionLD(long double x, long double y) const {
  const LD d = boundaryDistanceLD(x, y);
  if (d <= eps_) return true;  // on the boundary: walkable
  if (d <= 10.0L * eps_) ++stats_.close_calls;  // decided, but nearer the tolerance than is comfortable
  for (const Polygon& poly : polygons_) {
    if (!strictlyInsideRing(poly.outer, x, y)) continue;
    bool inHole = false;
    for (const Ring& h : poly.holes) inHole = inHole || strictlyInsideRing(h, x, y);
    if (!inHole) return true;
  }
  return false;
}

bool Oracle::inRegion(Point p) const { return inRegionLD(p.x, p.y); }

bool Oracle::lineOfSight(Point a, Point b) const {
  ++stats_.segments;
  const LD px = a.x, py = a.y;
  const LD dx = static_cast<LD>(b.x) - px, dy = static_cast<LD>(b.y) - py;
  const LD len2 = dx * dx + dy * dy;
  if (len2 == 0.0L) {
    ++stats_.midpoints;
    return inRegionLD(px, py);
  }
  const LD len = std::sqrt(len2);
  // Parameters are accepted a little beyond [0, 1] and clamped: extras are harmless.
  const LD slack = 4.0L * eps_ / len;
  std::vector<LD> ts{0.0L, 1.0L};
  auto add = [&](LD t) {
    if (t >= -slack && t <= 1.0L + slack) ts.push_back(std::clamp(t, 0.0L, 1.0L));
  };
  for (const Seg& e : edges_) {
    const LD ex = e.bx - e.ax, ey = e.by - e.ay;
    const LD wx = e.ax - px, wy = e.ay - py;
    const LD denom = dx * ey - dy * ex;  // cross(d, e)
    const LD elen = std::sqrt(ex * ex + ey * ey);
    if (std::fabs(denom) > 1e-12L * len * elen) {
      // Lines cross at one point: a + t d = e.a + s e.
      const LD t = (wx * ey - wy * ex) / denom;
      const LD s = (wx * dy - wy * dx) / denom;
      const LD sslack = 4.0L * eps_ / elen;
      if (s >= -sslack && s <= 1.0L + sslack) add(t);
    } else if (std::fabs(wx * dy - wy * dx) / len <= eps_) {
      // Collinear: both ends of the overlap (the segment's own ends are already in ts).
      add((wx * dx + wy * dy) / len2);
      add(((e.bx - px) * dx + (e.by - py) * dy) / len2);
    }
  }
  // Every ring vertex lying on the segment.
  for (const Seg& e : edges_) {
    if (segmentDistance(e.ax, e.ay, px, py, static_cast<LD>(b.x), static_cast<LD>(b.y)) <= eps_)
      add(((e.ax - px) * dx + (e.ay - py) * dy) / len2);
  }
  std::sort(ts.begin(), ts.end());
  for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
    if (ts[i + 1] == ts[i]) continue;
    const LD tm = 0.5L * (ts[i] + ts[i + 1]);
    ++stats_.midpoints;
    if (!inRegionLD(px + tm * dx, py + tm * dy)) return false;
  }
  return true;
}

OraclePath Oracle::shortestPath(Point start, Point goal) const {
  OraclePath out;
  if (!inRegion(start) || !inRegion(goal)) return out;
  const std::size_t v = vertices_.size();
  const std::size_t s = v, g = v + 1, n = v + 2;
  auto pos = [&](std::size_t i) { return i < v ? vertices_[i] : (i == s ? start : goal); };
  // Visibility of every node pair: precomputed between vertices, tested for start and goal.
  std::vector<std::vector<char>> vis(n, std::vector<char>(n, 0));
  for (std::size_t i = 0; i < v; ++i)
    for (std::size_t j = 0; j < v; ++j) vis[i][j] = visible_[i][j];
  for (std::size_t i = 0; i < v; ++i) {
    vis[s][i] = vis[i][s] = lineOfSight(start, vertices_[i]) ? 1 : 0;
    vis[g][i] = vis[i][g] = lineOfSight(goal, vertices_[i]) ? 1 : 0;
  }
  vis[s][g] = vis[g][s] = lineOfSight(start, goal) ? 1 : 0;
  vis[s][s] = vis[g][g] = 1;

  // Dense Dijkstra.
  const LD inf = std::numeric_limits<LD>::infinity();
  std::vector<LD> dist(n, inf);
  std::vector<std::size_t> parent(n, n);
  std::vector<char> done(n, 0);
  dist[s] = 0.0L;
  for (;;) {
    std::size_t u = n;
    for (std::size_t i = 0; i < n; ++i)
      if (!done[i] && dist[i] < inf && (u == n || dist[i] < dist[u])) u = i;
    if (u == n || u == g) break;
    done[u] = 1;
    const Point pu = pos(u);
    for (std::size_t w = 0; w < n; ++w) {
      if (done[w] || !vis[u][w]) continue;
      const Point pw = pos(w);
      const LD ddx = static_cast<LD>(pw.x) - pu.x, ddy = static_cast<LD>(pw.y) - pu.y;
      const LD cand = dist[u] + std::sqrt(ddx * ddx + ddy * ddy);
      if (cand < dist[w]) {
        dist[w] = cand;
        parent[w] = u;
      }
    }
  }
  if (dist[g] == inf) return out;
  out.found = true;
  out.length = static_cast<double>(dist[g]);
  for (std::size_t i = g; i != n; i = parent[i]) out.points.push_back(pos(i));
  std::reverse(out.points.begin(), out.points.end());
  return out;
}

}  // namespace polypath::test
