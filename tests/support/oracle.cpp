// oracle.cpp: brute-force region test, contact points and free wedges by sampling, line of
// sight by boundary contacts, Dijkstra over (node, wedge) pairs.
// Uses nothing from src/core but the Point and Polygon structs (see oracle.hpp).
#include "support/oracle.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>
#include <sstream>
#include <utility>

namespace polypath::test {

namespace {

using LD = long double;

// Sine of the angle below which two directions from one point count as the same.
constexpr LD kSameDirection = 1e-12L;

// Distance from (px, py) to the closed segment (ax, ay)-(bx, by).
LD segmentDistance(LD px, LD py, LD ax, LD ay, LD bx, LD by) {
  const LD dx = bx - ax, dy = by - ay;
  const LD len2 = dx * dx + dy * dy;
  LD t = 0.0L;
  if (len2 > 0.0L) t = std::clamp(((px - ax) * dx + (py - ay) * dy) / len2, 0.0L, 1.0L);
  const LD cx = ax + t * dx - px, cy = ay + t * dy - py;
  return std::sqrt(cx * cx + cy * cy);
}

LD pointDistance(LD ax, LD ay, LD bx, LD by) { return std::hypot(bx - ax, by - ay); }

// Squared distance from (px, py) to the closed segment from (ax, ay) along (ex, ey), whose
// squared length is len2 (> 0).
LD segmentDistance2(LD px, LD py, LD ax, LD ay, LD ex, LD ey, LD len2) {
  const LD t = std::clamp(((px - ax) * ex + (py - ay) * ey) / len2, 0.0L, 1.0L);
  const LD cx = ax + t * ex - px, cy = ay + t * ey - py;
  return cx * cx + cy * cy;
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

bool sameDirection(LD ux, LD uy, LD vx, LD vy) {
  const LD cr = ux * vy - uy * vx, dt = ux * vx + uy * vy;
  return dt > 0.0L && std::fabs(cr) <= kSameDirection * std::hypot(ux, uy) * std::hypot(vx, vy);
}

}  // namespace

Oracle::Seg Oracle::makeSeg(LD ax, LD ay, LD bx, LD by, int a, int b) {
  Seg e{ax, ay, bx, by, a, b};
  e.ex = bx - ax;
  e.ey = by - ay;
  e.len2 = e.ex * e.ex + e.ey * e.ey;
  e.len = std::sqrt(e.len2);
  e.minx = std::min(ax, bx);
  e.maxx = std::max(ax, bx);
  e.miny = std::min(ay, by);
  e.maxy = std::max(ay, by);
  return e;
}

Oracle::Oracle(std::vector<Polygon> polygons, bool pinchRule) : polygons_(std::move(polygons)), pinch_rule_(pinchRule) {
  LD minX = std::numeric_limits<LD>::infinity(), minY = minX, maxX = -minX, maxY = -minX;
  auto addRing = [&](const Ring& r) {
    for (const Point& a : r) {
      vertices_.push_back(a);
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

  buildNodes();
  buildWedges();
  buildClosedEdges();

  const std::size_t n = nodes_.size();
  dir_mask_.assign(n, std::vector<std::uint32_t>(n, 0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      if (i != j)
        dir_mask_[i][j] = wedgeMask(static_cast<int>(i), static_cast<LD>(nodes_[j].p.x) - nodes_[i].p.x,
                                    static_cast<LD>(nodes_[j].p.y) - nodes_[i].p.y);
  visible_.assign(n, std::vector<char>(n, 0));
  for (std::size_t i = 0; i < n; ++i) {
    visible_[i][i] = 1;
    for (std::size_t j = i + 1; j < n; ++j)
      visible_[i][j] = visible_[j][i] = lineOfSight(nodes_[i].p, nodes_[j].p) ? 1 : 0;
  }
}

// Vertices closer than the tolerance become one node; every node lying inside an edge
// (not at its ends) is inserted into that edge, in order along it.
void Oracle::buildNodes() {
  auto nodeFor = [&](Point p) {
    for (std::size_t k = 0; k < nodes_.size(); ++k)
      if (pointDistance(p.x, p.y, nodes_[k].p.x, nodes_[k].p.y) <= eps_) return static_cast<int>(k);
    nodes_.push_back({});
    nodes_.back().p = p;
    return static_cast<int>(nodes_.size()) - 1;
  };
  std::vector<std::vector<int>> raw;
  for (const Polygon& poly : polygons_) {
    auto add = [&](const Ring& r) {
      std::vector<int> ids;
      for (const Point& p : r) ids.push_back(nodeFor(p));
      raw.push_back(std::move(ids));
    };
    add(poly.outer);
    for (const Ring& h : poly.holes) add(h);
  }
  for (const std::vector<int>& r : raw) {
    std::vector<int> out;
    for (std::size_t i = 0; i < r.size(); ++i) {
      const int a = r[i], b = r[(i + 1) % r.size()];
      out.push_back(a);
      if (a == b) continue;
      const LD ax = nodes_[a].p.x, ay = nodes_[a].p.y, bx = nodes_[b].p.x, by = nodes_[b].p.y;
      const LD len2 = (bx - ax) * (bx - ax) + (by - ay) * (by - ay);
      std::vector<std::pair<LD, int>> inside;
      for (std::size_t k = 0; k < nodes_.size(); ++k) {
        if (static_cast<int>(k) == a || static_cast<int>(k) == b) continue;
        const LD px = nodes_[k].p.x, py = nodes_[k].p.y;
        if (segmentDistance(px, py, ax, ay, bx, by) > eps_) continue;
        if (pointDistance(px, py, ax, ay) <= eps_ || pointDistance(px, py, bx, by) <= eps_) continue;
        inside.push_back({((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2, static_cast<int>(k)});
      }
      std::sort(inside.begin(), inside.end());
      for (const auto& [t, k] : inside) out.push_back(k);
    }
    std::vector<int> clean;
    for (int id : out)
      if (clean.empty() || clean.back() != id) clean.push_back(id);
    while (clean.size() > 1 && clean.front() == clean.back()) clean.pop_back();
    rings_.push_back(std::move(clean));
  }
  for (const std::vector<int>& r : rings_) {
    for (std::size_t i = 0; i < r.size(); ++i) {
      const Node& a = nodes_[r[i]];
      const Node& b = nodes_[r[(i + 1) % r.size()]];
      edges_.push_back(makeSeg(a.p.x, a.p.y, b.p.x, b.p.y, r[i], r[(i + 1) % r.size()]));
      ++nodes_[r[i]].vertices;
    }
  }
}

// Directions of the edges at each node, sorted by angle; each sector between two
// consecutive directions is sampled on its bisector.
void Oracle::buildWedges() {
  std::vector<std::vector<int>> neighbours(nodes_.size());
  for (const std::vector<int>& r : rings_) {
    const std::size_t m = r.size();
    for (std::size_t i = 0; i < m; ++i) {
      neighbours[r[i]].push_back(r[(i + m - 1) % m]);
      neighbours[r[i]].push_back(r[(i + 1) % m]);
    }
  }
  for (std::size_t n = 0; n < nodes_.size(); ++n) {
    Node& nd = nodes_[n];
    const LD px = nd.p.x, py = nd.p.y;
    std::vector<std::pair<LD, std::pair<LD, LD>>> dirs;
    for (int m : neighbours[n]) {
      if (m == static_cast<int>(n)) continue;
      const LD dx = static_cast<LD>(nodes_[m].p.x) - px, dy = static_cast<LD>(nodes_[m].p.y) - py;
      dirs.push_back({std::atan2(dy, dx), {dx, dy}});
    }
    std::sort(dirs.begin(), dirs.end());
    for (const auto& d : dirs) {
      bool dup = false;
      for (std::size_t k = 0; k < nd.angle.size() && !dup; ++k) dup = sameDirection(nd.dx[k], nd.dy[k], d.second.first, d.second.second);
      if (dup) continue;  // a shared edge: the zero-width gap between the two rings is no sector
      nd.angle.push_back(d.first);
      nd.dx.push_back(d.second.first);
      nd.dy.push_back(d.second.second);
    }
    const std::size_t cnt = nd.angle.size();
    if (cnt == 0) continue;
    // Sample radius: half the distance to the nearest edge not touching the node (and half
    // the shortest edge at it), so within it only the node's own edges cut the disc.
    LD radius = std::numeric_limits<LD>::infinity();
    for (const Seg& e : edges_) {
      if (e.a == static_cast<int>(n) || e.b == static_cast<int>(n))
        radius = std::min(radius, pointDistance(e.ax, e.ay, e.bx, e.by));
      else
        radius = std::min(radius, segmentDistance(px, py, e.ax, e.ay, e.bx, e.by));
    }
    radius *= 0.5L;
    nd.wedge.assign(cnt, -1);
    for (std::size_t k = 0; k < cnt; ++k) {
      const LD a0 = nd.angle[k];
      const LD a1 = k + 1 < cnt ? nd.angle[k + 1] : nd.angle[0] + 2.0L * std::numbers::pi_v<LD>;
      const LD mid = cnt == 1 ? a0 + std::numbers::pi_v<LD> : 0.5L * (a0 + a1);
      const int side = regionSide(px + radius * std::cos(mid), py + radius * std::sin(mid));
      if (side == 0) ++stats_.close_calls;  // a sample on the boundary: the sector is too thin to judge
      if (side > 0) nd.wedge[k] = nd.wedges++;
    }
  }
}

// An edge with the region on neither side: both sides of its midpoint sampled, closer
// than any other edge.
void Oracle::buildClosedEdges() {
  if (!pinch_rule_) return;
  std::set<std::pair<int, int>> seen;
  for (const Seg& e : edges_) {
    if (!seen.insert({std::min(e.a, e.b), std::max(e.a, e.b)}).second) continue;
    const LD mx = 0.5L * (e.ax + e.bx), my = 0.5L * (e.ay + e.by);
    const LD len = pointDistance(e.ax, e.ay, e.bx, e.by);
    const LD nx = -(e.by - e.ay) / len, ny = (e.bx - e.ax) / len;
    LD delta = 0.25L * len;
    for (const Seg& f : edges_) {
      const LD d = segmentDistance(mx, my, f.ax, f.ay, f.bx, f.by);
      if (d > eps_) delta = std::min(delta, 0.5L * d);
    }
    const int left = regionSide(mx + delta * nx, my + delta * ny);
    const int right = regionSide(mx - delta * nx, my - delta * ny);
    if (left == 0 || right == 0) ++stats_.close_calls;
    if (left <= 0 && right <= 0) closed_.push_back(e);
  }
}

long double Oracle::boundaryDistanceLD(long double x, long double y) const {
  LD best = std::numeric_limits<LD>::infinity();
  for (const Seg& e : edges_) best = std::min(best, segmentDistance2(x, y, e.ax, e.ay, e.ex, e.ey, e.len2));
  return std::sqrt(best);
}

double Oracle::boundaryDistance(Point p) const { return static_cast<double>(boundaryDistanceLD(p.x, p.y)); }

int Oracle::regionSide(long double x, long double y) const {
  const LD d = boundaryDistanceLD(x, y);
  if (d <= eps_) return 0;
  if (d <= 10.0L * eps_) ++stats_.close_calls;  // decided, but nearer the tolerance than is comfortable
  for (const Polygon& poly : polygons_) {
    if (!strictlyInsideRing(poly.outer, x, y)) continue;
    bool inHole = false;
    for (const Ring& h : poly.holes) inHole = inHole || strictlyInsideRing(h, x, y);
    if (!inHole) return 1;
  }
  return -1;
}

bool Oracle::inRegionLD(long double x, long double y) const { return regionSide(x, y) >= 0; }

bool Oracle::inRegion(Point p) const { return inRegionLD(p.x, p.y); }

std::uint32_t Oracle::wedgeMask(int n, long double dx, long double dy) const {
  if (!pinch_rule_) return 1u;
  const Node& nd = nodes_[n];
  const std::size_t cnt = nd.angle.size();
  if (cnt == 0) return 0u;
  auto bit = [&](std::size_t sector) { return nd.wedge[sector] >= 0 ? 1u << nd.wedge[sector] : 0u; };
  for (std::size_t k = 0; k < cnt; ++k)
    if (sameDirection(nd.dx[k], nd.dy[k], dx, dy)) return bit((k + cnt - 1) % cnt) | bit(k);  // a bounding ray
  const LD a = std::atan2(dy, dx);
  for (std::size_t k = 0; k < cnt; ++k) {
    const LD a0 = nd.angle[k];
    const LD a1 = k + 1 < cnt ? nd.angle[k + 1] : nd.angle[0] + 2.0L * std::numbers::pi_v<LD>;
    const LD at = a < a0 ? a + 2.0L * std::numbers::pi_v<LD> : a;
    if (at > a0 && at < a1) return bit(k);
  }
  return 0u;
}

int Oracle::nodeAt(Point p) const {
  for (std::size_t k = 0; k < nodes_.size(); ++k)
    if (pointDistance(p.x, p.y, nodes_[k].p.x, nodes_[k].p.y) <= eps_) return static_cast<int>(k);
  return -1;
}

bool Oracle::lineOfSight(Point a, Point b) const {
  ++stats_.segments;
  const LD px = a.x, py = a.y, qx = b.x, qy = b.y;
  const LD dx = qx - px, dy = qy - py;
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
  // Bounding box of the segment, grown by the tolerance: nothing outside it can touch it.
  const LD bminx = std::min(px, qx) - 4.0L * eps_, bmaxx = std::max(px, qx) + 4.0L * eps_;
  const LD bminy = std::min(py, qy) - 4.0L * eps_, bmaxy = std::max(py, qy) + 4.0L * eps_;
  // Every node on the segment: a contact parameter, and (pinch rule) the wedge test.
  for (std::size_t k = 0; k < nodes_.size(); ++k) {
    const LD nx = nodes_[k].p.x, ny = nodes_[k].p.y;
    if (nx < bminx || nx > bmaxx || ny < bminy || ny > bmaxy) continue;
    if (segmentDistance(nx, ny, px, py, qx, qy) > eps_) continue;
    add(((nx - px) * dx + (ny - py) * dy) / len2);
    if (!pinch_rule_) continue;
    const bool atA = pointDistance(nx, ny, px, py) <= eps_, atB = pointDistance(nx, ny, qx, qy) <= eps_;
    const int n = static_cast<int>(k);
    if (atA && atB) continue;
    if (atA) {
      if (wedgeMask(n, qx - nx, qy - ny) == 0) return false;  // leaves into no free wedge
    } else if (atB) {
      if (wedgeMask(n, px - nx, py - ny) == 0) return false;  // arrives from no free wedge
    } else if ((wedgeMask(n, px - nx, py - ny) & wedgeMask(n, qx - nx, qy - ny)) == 0) {
      return false;  // passes through the node from one wedge into another (or through a blocked sector)
    }
  }
  for (const Seg& e : edges_) {
    if (e.maxx < bminx || e.minx > bmaxx || e.maxy < bminy || e.miny > bmaxy) continue;
    const LD ex = e.ex, ey = e.ey;
    const LD wx = e.ax - px, wy = e.ay - py;
    const LD denom = dx * ey - dy * ex;  // cross(d, e)
    const LD elen = e.len;
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
  std::sort(ts.begin(), ts.end());
  for (std::size_t i = 0; i + 1 < ts.size(); ++i) {
    if ((ts[i + 1] - ts[i]) * len <= eps_) continue;  // a piece shorter than the tolerance: one contact
    const LD tm = 0.5L * (ts[i] + ts[i + 1]);
    const LD mx = px + tm * dx, my = py + tm * dy;
    ++stats_.midpoints;
    if (!inRegionLD(mx, my)) return false;
    for (const Seg& c : closed_) {
      // The piece runs along a closed edge (its midpoint is on the edge, away from its ends).
      if (segmentDistance(mx, my, c.ax, c.ay, c.bx, c.by) <= eps_ && pointDistance(mx, my, c.ax, c.ay) > eps_ &&
          pointDistance(mx, my, c.bx, c.by) > eps_)
        return false;
    }
  }
  return true;
}

OraclePath Oracle::shortestPath(Point start, Point goal) const {
  OraclePath out;
  if (!inRegion(start) || !inRegion(goal)) return out;
  const std::size_t v = nodes_.size();
  // State ids: (node, wedge) pairs, then start, then goal.
  std::vector<std::size_t> first(v + 1, 0);
  for (std::size_t i = 0; i < v; ++i) first[i + 1] = first[i] + static_cast<std::size_t>(pinch_rule_ ? nodes_[i].wedges : 1);
  const std::size_t s = first[v], g = s + 1, n = s + 2;
  std::vector<std::size_t> nodeOf(n, v);
  for (std::size_t i = 0; i < v; ++i)
    for (std::size_t k = first[i]; k < first[i + 1]; ++k) nodeOf[k] = i;
  auto pos = [&](std::size_t id) { return id == s ? start : id == g ? goal : nodes_[nodeOf[id]].p; };
  auto dist2 = [](Point p, Point q) {
    const LD ddx = static_cast<LD>(q.x) - p.x, ddy = static_cast<LD>(q.y) - p.y;
    return std::sqrt(ddx * ddx + ddy * ddy);
  };
  const int startNode = nodeAt(start), goalNode = nodeAt(goal);
  std::vector<char> visS(v, 0), visG(v, 0);
  std::vector<std::uint32_t> maskS(v, 0), maskG(v, 0);  // wedges of node i containing the direction to start / goal
  for (std::size_t i = 0; i < v; ++i) {
    const Point p = nodes_[i].p;
    if (static_cast<int>(i) != startNode && lineOfSight(start, p)) {
      visS[i] = 1;
      maskS[i] = wedgeMask(static_cast<int>(i), static_cast<LD>(start.x) - p.x, static_cast<LD>(start.y) - p.y);
    }
    if (static_cast<int>(i) != goalNode && lineOfSight(goal, p)) {
      visG[i] = 1;
      maskG[i] = wedgeMask(static_cast<int>(i), static_cast<LD>(goal.x) - p.x, static_cast<LD>(goal.y) - p.y);
    }
  }
  const bool direct = lineOfSight(start, goal);

  // Dense Dijkstra; arcs generated on the fly.
  const LD inf = std::numeric_limits<LD>::infinity();
  std::vector<LD> dist(n, inf);
  std::vector<std::size_t> parent(n, n);
  std::vector<char> done(n, 0);
  dist[s] = 0.0L;
  auto relax = [&](std::size_t from, std::size_t to, LD cost) {
    if (!done[to] && dist[from] + cost < dist[to]) {
      dist[to] = dist[from] + cost;
      parent[to] = from;
    }
  };
  auto wedgeIndex = [&](std::size_t id) { return static_cast<unsigned>(id - first[nodeOf[id]]); };
  for (;;) {
    std::size_t u = n;
    for (std::size_t i = 0; i < n; ++i)
      if (!done[i] && dist[i] < inf && (u == n || dist[i] < dist[u])) u = i;
    if (u == n || u == g) break;
    done[u] = 1;
    if (u == s) {
      if (direct) relax(s, g, dist2(start, goal));
      for (std::size_t i = 0; i < v; ++i) {
        for (std::size_t k = first[i]; k < first[i + 1]; ++k) {
          if (static_cast<int>(i) == startNode) relax(s, k, 0.0L);  // start at a node: any of its wedges
          else if (visS[i] && (maskS[i] >> wedgeIndex(k) & 1u)) relax(s, k, dist2(start, nodes_[i].p));
        }
      }
      continue;
    }
    const std::size_t i = nodeOf[u];
    const unsigned w = wedgeIndex(u);
    const Point pi = nodes_[i].p;
    if (static_cast<int>(i) == goalNode) relax(u, g, 0.0L);  // goal at a node: reached from any wedge
    else if (visG[i] && (maskG[i] >> w & 1u)) relax(u, g, dist2(pi, goal));
    for (std::size_t j = 0; j < v; ++j) {
      if (j == i || !visible_[i][j] || !(dir_mask_[i][j] >> w & 1u)) continue;
      const LD cost = dist2(pi, nodes_[j].p);
      for (std::size_t k = first[j]; k < first[j + 1]; ++k)
        if (dir_mask_[j][i] >> wedgeIndex(k) & 1u) relax(u, k, cost);  // arrives in wedge k of j
    }
  }
  if (dist[g] == inf) return out;
  out.found = true;
  out.length = static_cast<double>(dist[g]);
  for (std::size_t id = g; id != n; id = parent[id]) {
    const Point p = pos(id);
    if (out.points.empty() || out.points.back() != p) out.points.push_back(p);
  }
  if (out.points.size() == 1 && start == goal) out.points.push_back(goal);
  std::reverse(out.points.begin(), out.points.end());
  return out;
}

bool Oracle::pathValid(const std::vector<Point>& points, std::string* why) const {
  auto fail = [&](const std::string& what) {
    if (why) *why = what;
    return false;
  };
  for (std::size_t i = 0; i + 1 < points.size(); ++i)
    if (points[i] != points[i + 1] && !lineOfSight(points[i], points[i + 1]))
      return fail("segment " + std::to_string(i) + " has no line of sight (oracle)");
  if (!pinch_rule_) return true;
  for (std::size_t i = 1; i + 1 < points.size(); ++i) {
    const int k = nodeAt(points[i]);
    if (k < 0) continue;
    std::size_t prev = i, next = i;
    while (prev > 0 && points[prev] == points[i]) --prev;
    while (next + 1 < points.size() && points[next] == points[i]) ++next;
    if (points[prev] == points[i] || points[next] == points[i]) continue;
    const Point p = nodes_[k].p;
    const std::uint32_t in = wedgeMask(k, static_cast<LD>(points[prev].x) - p.x, static_cast<LD>(points[prev].y) - p.y);
    const std::uint32_t outMask = wedgeMask(k, static_cast<LD>(points[next].x) - p.x, static_cast<LD>(points[next].y) - p.y);
    if ((in & outMask) == 0) {
      std::ostringstream s;
      s.precision(17);
      s << "the path turns at point " << i << " (" << p.x << ", " << p.y << ") from one wedge into another";
      return fail(s.str());
    }
  }
  return true;
}

int Oracle::closedEdgeAt(Point p) const {
  for (std::size_t i = 0; i < closed_.size(); ++i) {
    const Seg& c = closed_[i];
    if (segmentDistance(p.x, p.y, c.ax, c.ay, c.bx, c.by) <= eps_ && pointDistance(p.x, p.y, c.ax, c.ay) > eps_ &&
        pointDistance(p.x, p.y, c.bx, c.by) > eps_)
      return static_cast<int>(i);
  }
  return -1;
}

int Oracle::wedgesAt(Point p) const {
  const int k = nodeAt(p);
  return k < 0 ? -1 : nodes_[k].wedges;
}

std::vector<OracleContact> Oracle::contacts() const {
  std::vector<OracleContact> out;
  for (const Node& nd : nodes_)
    if (nd.vertices >= 2) out.push_back({nd.p, nd.vertices, nd.wedges});
  return out;
}

bool Oracle::hasPinch() const {
  if (!closed_.empty()) return true;
  for (const Node& nd : nodes_)
    if (nd.vertices >= 2) return true;
  return false;
}

}  // namespace polypath::test
