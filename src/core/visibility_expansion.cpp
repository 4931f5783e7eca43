// visibility_expansion.cpp: candidate nodes by triangular expansion (see visibility_expansion.hpp).
#include "core/visibility_expansion.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

#include "polypath/core/triangulation.hpp"

namespace polypath {

namespace {

using Ray = VisibilityExpansion::Scratch::Ray;

inline int next3(int k) { return k == 2 ? 0 : k + 1; }
inline int prev3(int k) { return k == 0 ? 2 : k - 1; }

// Exact sign of the turn from direction a to direction b, both rays from p.
inline int turn(Point p, const Ray& a, const Ray& b) { return a.s * b.s * orient(p, a.q, b.q); }

// Exact: direction d lies in the closed wedge from `right` counter-clockwise to `left`
// (narrower than 180 degrees, so two half-plane tests decide it).
inline bool inWedge(Point p, const Ray& right, const Ray& left, const Ray& d) {
  return turn(p, right, d) >= 0 && turn(p, left, d) <= 0;
}

}  // namespace

bool VisibilityExpansion::refusesCheaply(const PolygonMap& map) {
  if (map.polygonsShareEdges()) return true;
  // A ring that touches itself may close a lobe whose inside the wedges at the touching
  // point and the triangulation's parity judge differently: build pairwise there.
  // A ring's vertices are consecutive in map.vertices(): one set per ring.
  std::unordered_set<Point, PointHash> on_ring;
  int ring = -1;
  for (const PolygonMap::Vertex& v : map.vertices()) {
    if (v.ring != ring) {
      on_ring.clear();
      ring = v.ring;
    }
    if (!on_ring.insert(v.position).second) return true;
  }
  return false;
}

VisibilityExpansion::VisibilityExpansion(const PolygonMap& map, const std::vector<int>& node_corners)
    : map_(&map), node_corner_(node_corners) {
  if (refusesCheaply(map)) return;
  std::vector<std::unordered_map<Point, int, PointHash>> ids(map.polygons().size());
  for (std::size_t pi = 0; pi < map.polygons().size(); ++pi) {
    const Polygon& poly = map.polygons()[pi];
    RingLocation where;
    where.polygon = static_cast<int>(pi);
    Triangulation tri;
    try {
      tri = triangulatePolygon(poly, where);
    } catch (const GeometryError&) {
      return;  // crossing rings: not a valid map
    }
    // Rings outside their outer ring or overlapping holes leave the area uncovered.
    const double expected = twiceArea(poly), covered = twiceArea(tri);
    if (!(std::abs(covered - expected) <= 1e-9 * std::abs(expected))) return;
    const int vbase = static_cast<int>(points_.size()), tbase = static_cast<int>(triangles_.size());
    for (std::size_t k = 0; k < tri.vertices.size(); ++k) ids[pi].emplace(tri.vertices[k], vbase + static_cast<int>(k));
    points_.insert(points_.end(), tri.vertices.begin(), tri.vertices.end());
    for (std::size_t t = 0; t < tri.triangles.size(); ++t) {
      std::array<int, 3> v = tri.triangles[t], n = tri.neighbours[t];
      for (int k = 0; k < 3; ++k) {
        v[k] += vbase;
        if (n[k] >= 0) n[k] += tbase;
      }
      triangles_.push_back(v);
      neighbours_.push_back(n);
    }
  }
  const int nv = static_cast<int>(points_.size());
  fan_start_.assign(nv + 1, 0);
  for (const auto& t : triangles_)
    for (int v : t) ++fan_start_[v + 1];
  for (int v = 0; v < nv; ++v) fan_start_[v + 1] += fan_start_[v];
  fan_.resize(fan_start_.back());
  {
    std::vector<int> fill(fan_start_.begin(), fan_start_.end() - 1);
    for (int t = 0; t < static_cast<int>(triangles_.size()); ++t)
      for (int v : triangles_[t]) fan_[fill[v]++] = t;
  }
  // Nodes by vertex: a node's own vertex is in its polygon's triangulation; a vertex lists
  // every node at its position, whatever the polygon (touching polygons share positions).
  const int r = static_cast<int>(node_corners.size());
  node_vertex_.assign(r, -1);
  std::unordered_map<Point, std::vector<int>, PointHash> at;
  for (int i = 0; i < r; ++i) {
    const PolygonMap::Corner& c = map.corners()[node_corners[i]];
    const int polygon = map.rings()[map.vertices()[c.vertex].ring].polygon;
    const auto it = ids[polygon].find(c.position);
    if (it == ids[polygon].end()) return;  // not a vertex of its polygon's triangulation
    node_vertex_[i] = it->second;
    at[c.position].push_back(i);
  }
  node_start_.assign(nv + 1, 0);
  for (int v = 0; v < nv; ++v) {
    const auto it = at.find(points_[v]);
    node_start_[v + 1] = node_start_[v] + (it == at.end() ? 0 : static_cast<int>(it->second.size()));
  }
  node_at_.resize(node_start_.back());
  for (int v = 0; v < nv; ++v) {
    const auto it = at.find(points_[v]);
    if (it != at.end()) std::copy(it->second.begin(), it->second.end(), node_at_.begin() + node_start_[v]);
  }
  // A ray through a vertex may go on beyond it only within one free wedge there: never
  // at a convex corner of the region (its one wedge is narrower than 180 degrees) that no
  // other ring touches.
  walk_on_.assign(nv, 1);
  std::unordered_map<Point, int, PointHash> rings_at;
  for (const PolygonMap::Vertex& v : map.vertices()) ++rings_at[v.position];
  for (const PolygonMap::Vertex& v : map.vertices()) {
    const int polygon = map.rings()[v.ring].polygon;
    if (rings_at[v.position] != 1) continue;
    const Point prev = map.vertices()[v.prev].position, next = map.vertices()[v.next].position;
    if (orient(prev, v.position, next) > 0) walk_on_[ids[polygon].at(v.position)] = 0;
  }
  usable_ = true;
}

void VisibilityExpansion::reach(int v, bool walk, Scratch& s) const {
  if (s.reached[v] != s.stamp) {
    s.reached[v] = s.stamp;
    s.vertices.push_back(v);
  }
  if (walk && walk_on_[v] && s.walked[v] != s.stamp) {
    s.walked[v] = s.stamp;
    s.walks.push_back(v);
  }
}

void VisibilityExpansion::candidates(int node, bool later_only, Scratch& s, std::vector<int>& visible,
                                     std::vector<int>& maybe) const {
  if (s.reached.size() != points_.size() || ++s.stamp == 0) {
    s.reached.assign(points_.size(), 0);
    s.sure.assign(points_.size(), 0);
    s.walked.assign(points_.size(), 0);
    s.stamp = 1;
  }
  s.vertices.clear();
  s.walks.clear();
  s.stack.clear();
  const int vp = node_vertex_[node];
  const Point p = points_[vp];
  s.reached[vp] = s.stamp;
  s.vertices.push_back(vp);
  // The tangent directions at the corner: both of its ring edges on one side of the line,
  // two cones (left of both edges, right of both), each narrower than 180 degrees since
  // the corner is reflex.
  const PolygonMap::Corner& c = map_->corners()[node_corner_[node]];
  Ray cones[2][2] = {{{c.first, 1}, {c.last, -1}}, {{c.first, -1}, {c.last, 1}}};
  bool use[2] = {true, true};
  if (later_only) {
    // Each cone cut to the closed half-plane x >= p.x, between the rays straight down and
    // straight up (points with p's x exactly, so the rays are exactly vertical). A cone
    // wholly left of p is dropped; one that keeps no more than a ray stays whole.
    const double step = std::max(1.0, std::abs(p.y));
    const Ray down{{p.x, p.y - step}, 1}, up{{p.x, p.y + step}, 1};
    for (int k = 0; k < 2; ++k) {
      auto& cone = cones[k];
      const bool rightIn = turn(p, down, cone[0]) >= 0, leftIn = turn(p, down, cone[1]) >= 0;
      if (!rightIn && !leftIn) {
        use[k] = false;  // narrower than 180 degrees with both rays left of p: no point right of it
        continue;
      }
      const Ray right = rightIn ? cone[0] : inWedge(p, cone[0], cone[1], down) ? down : up;
      const Ray left = leftIn ? cone[1] : inWedge(p, cone[0], cone[1], up) ? up : down;
      if (inWedge(p, cone[0], cone[1], right) && inWedge(p, cone[0], cone[1], left) && turn(p, right, left) > 0) {
        cone[0] = right;
        cone[1] = left;
      }
    }
  }
  for (int f = fan_start_[vp]; f < fan_start_[vp + 1]; ++f) {
    const int t = fan_[f];
    const auto& tv = triangles_[t];
    const int m = tv[0] == vp ? 0 : tv[1] == vp ? 1 : 2;
    const Ray x{points_[tv[next3(m)]], 1}, y{points_[tv[prev3(m)]], 1};  // counter-clockwise from p
    for (int k = 0; k < 2; ++k) {
      if (!use[k]) continue;
      const auto& cone = cones[k];
      if (inWedge(p, cone[0], cone[1], x)) reach(tv[next3(m)], true, s);
      if (inWedge(p, cone[0], cone[1], y)) reach(tv[prev3(m)], true, s);
      const int n = neighbours_[t][next3(m)];
      if (n < 0) continue;
      const Ray right = inWedge(p, x, y, cone[0]) ? cone[0] : x;
      const Ray left = inWedge(p, x, y, cone[1]) ? cone[1] : y;
      if (!inWedge(p, cone[0], cone[1], right) || !inWedge(p, cone[0], cone[1], left) || turn(p, right, left) <= 0) continue;
      const auto& nv = triangles_[n];
      const int e = nv[0] == tv[prev3(m)] ? 0 : nv[1] == tv[prev3(m)] ? 1 : 2;
      s.stack.push_back({n, e, right, left});
    }
  }
  expandWedges(p, s);
  walkRays(p, s);
  for (int v : s.vertices) {
    std::vector<int>& out = s.sure[v] == s.stamp ? visible : maybe;
    for (int k = node_start_[v]; k < node_start_[v + 1]; ++k)
      if (node_at_[k] != node) out.push_back(node_at_[k]);
  }
}

void VisibilityExpansion::expandWedges(Point p, Scratch& s) const {
  while (!s.stack.empty()) {
    const Scratch::Portal w = s.stack.back();
    s.stack.pop_back();
    // Entered through edge (a, b) = (tv[e], tv[e + 1]); from p, b is on the right.
    const auto& tv = triangles_[w.triangle];
    const int z = tv[prev3(w.edge)];
    const Ray zr{points_[z], 1};
    const int r = turn(p, w.right, zr), l = turn(p, w.left, zr);
    // On a boundary ray the ray beyond z is walked: the wedges carry it on one side of z
    // only. Strictly inside, both sides carry it around z's fan. And the segment from p
    // runs inside the start triangle, through the portals' interiors and into z from
    // inside this triangle: z is visible.
    if (r >= 0 && l <= 0) reach(z, r == 0 || l == 0, s);
    if (r > 0 && l < 0) s.sure[z] = s.stamp;
    // The part of the wedge right of z leaves through edge (b, z), the part left of it
    // through edge (z, a). Each keeps its closed boundary ray through z.
    const int sub[2] = {next3(w.edge), prev3(w.edge)};
    for (int side = 0; side < 2; ++side) {
      const int edge = sub[side];
      const int n = neighbours_[w.triangle][edge];
      if (n < 0) continue;
      const int from = tv[edge], to = tv[next3(edge)];  // the portal, from p: `from` on the right
      const Ray u{points_[from], 1}, v{points_[to], 1};
      if (turn(p, u, v) <= 0) continue;  // seen edge-on or from behind: touched at a vertex at most
      const Ray right = inWedge(p, u, v, w.right) ? w.right : u;
      const Ray left = inWedge(p, u, v, w.left) ? w.left : v;
      if (!inWedge(p, w.right, w.left, right) || !inWedge(p, w.right, w.left, left) || turn(p, right, left) <= 0)
        continue;  // no directions, or only a ray through a vertex (walked by walkRays)
      const auto& nv = triangles_[n];
      const int e = nv[0] == to ? 0 : nv[1] == to ? 1 : 2;
      s.stack.push_back({n, e, right, left});
    }
  }
}

void VisibilityExpansion::walkRays(Point p, Scratch& s) const {
  // The ray from p through a reached vertex v, beyond v: into every triangle of v's fan
  // whose closed angle at v holds the ray's direction, then straight on through the
  // triangles it crosses until a ring edge stops it or it meets a vertex (reached, and
  // walked on from there).
  for (std::size_t k = 0; k < s.walks.size(); ++k) {
    const int v = s.walks[k];
    const Point pv = points_[v];
    for (int f = fan_start_[v]; f < fan_start_[v + 1]; ++f) {
      const int t = fan_[f];
      const auto& tv = triangles_[t];
      const int m = tv[0] == v ? 0 : tv[1] == v ? 1 : 2;
      const int x = tv[next3(m)], y = tv[prev3(m)];
      const int ox = orient(p, pv, points_[x]), oy = orient(p, pv, points_[y]);
      if (ox > 0 || oy < 0) continue;
      if (ox == 0) {
        reach(x, true, s);
        continue;
      }
      if (oy == 0) {
        reach(y, true, s);
        continue;
      }
      // Straight on across edge (x, y), which the ray crosses inside: `right` and `left`
      // are the ends of the edge crossed last, on either side of the ray.
      int tri = neighbours_[t][next3(m)], right = x, left = y;
      while (tri >= 0) {
        const auto& nv = triangles_[tri];
        const int far = nv[0] != right && nv[0] != left ? 0 : nv[1] != right && nv[1] != left ? 1 : 2;
        const int oz = orient(p, pv, points_[nv[far]]);
        if (oz == 0) {
          reach(nv[far], true, s);
          break;
        }
        // Edge k joins nv[k] and nv[k + 1]: the edge opposite vertex j is next3(j).
        const int gone = oz > 0 ? left : right;  // the end on z's side: z replaces it
        const int g = nv[0] == gone ? 0 : nv[1] == gone ? 1 : 2;
        (oz > 0 ? left : right) = nv[far];
        tri = neighbours_[tri][next3(g)];
      }
    }
  }
}

}  // namespace polypath
