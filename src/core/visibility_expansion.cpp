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
// The corner of triangle tv at vertex v (v must be one of its three).
inline int cornerOf(const std::array<int, 3>& tv, int v) { return tv[0] == v ? 0 : tv[1] == v ? 1 : 2; }

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
  begin(s);
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
    const int m = cornerOf(tv, vp);
    const Ray x{points_[tv[next3(m)]], 1}, y{points_[tv[prev3(m)]], 1};  // counter-clockwise from p
    for (int k = 0; k < 2; ++k) {
      if (!use[k]) continue;
      const auto& cone = cones[k];
      if (inWedge(p, cone[0], cone[1], x)) reach(tv[next3(m)], true, s);
      if (inWedge(p, cone[0], cone[1], y)) reach(tv[prev3(m)], true, s);
      if (neighbours_[t][next3(m)] < 0) continue;
      const Ray right = inWedge(p, x, y, cone[0]) ? cone[0] : x;
      const Ray left = inWedge(p, x, y, cone[1]) ? cone[1] : y;
      if (!inWedge(p, cone[0], cone[1], right) || !inWedge(p, cone[0], cone[1], left) || turn(p, right, left) <= 0) continue;
      push(t, next3(m), right, left, s);
    }
  }
  expandWedges(p, s);
  walkRays(p, s);
  emit(node, s, visible, maybe);
}

void VisibilityExpansion::begin(Scratch& s) const {
  if (s.reached.size() != points_.size() || ++s.stamp == 0) {
    s.reached.assign(points_.size(), 0);
    s.sure.assign(points_.size(), 0);
    s.walked.assign(points_.size(), 0);
    s.stamp = 1;
  }
  s.vertices.clear();
  s.walks.clear();
  s.stack.clear();
}

void VisibilityExpansion::emit(int skip, Scratch& s, std::vector<int>& visible, std::vector<int>& maybe) const {
  for (int v : s.vertices) {
    std::vector<int>& out = s.sure[v] == s.stamp ? visible : maybe;
    for (int k = node_start_[v]; k < node_start_[v + 1]; ++k)
      if (node_at_[k] != skip) out.push_back(node_at_[k]);
  }
}

int VisibilityExpansion::cellOf(double v, double origin, int cells) const {
  // The same expression for a point and for a bounding box's corners: monotone in v, so
  // a triangle holding p is listed in p's cell.
  const double c = (v - origin) * grid_inverse_cell_;
  if (!(c >= 0.0)) return 0;
  return c >= static_cast<double>(cells - 1) ? cells - 1 : static_cast<int>(c);
}

bool VisibilityExpansion::locateStarts() {
  cell_start_.clear();
  cell_triangles_.clear();
  if (points_.empty()) return false;
  Point lo = points_[0], hi = points_[0];
  for (const Point& q : points_) {
    lo = {std::min(lo.x, q.x), std::min(lo.y, q.y)};
    hi = {std::max(hi.x, q.x), std::max(hi.y, q.y)};
  }
  // About one cell per triangle, at most 2^11 a side (sizes in double until clamped).
  const double w = hi.x - lo.x, h = hi.y - lo.y, t = static_cast<double>(std::max<std::size_t>(1, triangles_.size()));
  double cell = std::max({std::sqrt(w) * std::sqrt(h / t), w / 2048.0, h / 2048.0});
  if (!(cell > 0.0) || !std::isfinite(cell)) return false;
  grid_origin_ = lo;
  grid_inverse_cell_ = 1.0 / cell;
  grid_columns_ = static_cast<int>(std::clamp(std::floor(w / cell) + 1.0, 1.0, 2049.0));
  grid_rows_ = static_cast<int>(std::clamp(std::floor(h / cell) + 1.0, 1.0, 2049.0));
  struct Span {
    int c0, c1, r0, r1;
  };
  std::vector<Span> spans(triangles_.size());
  const std::size_t budget = 16 * triangles_.size() + 64;
  std::size_t entries = 0;
  for (std::size_t ti = 0; ti < triangles_.size(); ++ti) {
    const auto& tv = triangles_[ti];
    const Point a = points_[tv[0]], b = points_[tv[1]], c = points_[tv[2]];
    Span& sp = spans[ti];
    sp.c0 = cellOf(std::min({a.x, b.x, c.x}), lo.x, grid_columns_);
    sp.c1 = cellOf(std::max({a.x, b.x, c.x}), lo.x, grid_columns_);
    sp.r0 = cellOf(std::min({a.y, b.y, c.y}), lo.y, grid_rows_);
    sp.r1 = cellOf(std::max({a.y, b.y, c.y}), lo.y, grid_rows_);
    entries += static_cast<std::size_t>(sp.c1 - sp.c0 + 1) * static_cast<std::size_t>(sp.r1 - sp.r0 + 1);
    if (entries > budget) return false;
  }
  cell_start_.assign(static_cast<std::size_t>(grid_columns_) * grid_rows_ + 1, 0);
  for (const Span& sp : spans)
    for (int r = sp.r0; r <= sp.r1; ++r)
      for (int c = sp.c0; c <= sp.c1; ++c) ++cell_start_[static_cast<std::size_t>(r) * grid_columns_ + c + 1];
  for (std::size_t k = 1; k < cell_start_.size(); ++k) cell_start_[k] += cell_start_[k - 1];
  cell_triangles_.resize(entries);
  std::vector<int> fill(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t ti = 0; ti < spans.size(); ++ti) {
    const Span& sp = spans[ti];
    for (int r = sp.r0; r <= sp.r1; ++r)
      for (int c = sp.c0; c <= sp.c1; ++c) cell_triangles_[fill[static_cast<std::size_t>(r) * grid_columns_ + c]++] = static_cast<int>(ti);
  }
  return true;
}

std::size_t VisibilityExpansion::memoryBytes() const {
  return sizeof(*this) + walk_on_.capacity() + points_.capacity() * sizeof(Point) +
         (triangles_.capacity() + neighbours_.capacity()) * sizeof(std::array<int, 3>) +
         (fan_start_.capacity() + fan_.capacity() + node_start_.capacity() + node_at_.capacity() +
          node_vertex_.capacity() + node_corner_.capacity() + cell_start_.capacity() + cell_triangles_.capacity()) *
             sizeof(int);
}

bool VisibilityExpansion::candidatesFrom(Point p, Scratch& s, std::vector<int>& visible, std::vector<int>& maybe) const {
  if (cell_start_.empty() || !isFinite(p)) return false;
  const std::size_t cell = static_cast<std::size_t>(cellOf(p.y, grid_origin_.y, grid_rows_)) * grid_columns_ +
                           cellOf(p.x, grid_origin_.x, grid_columns_);
  for (int k = cell_start_[cell]; k < cell_start_[cell + 1]; ++k) {
    const int t = cell_triangles_[k];
    const auto& tv = triangles_[t];
    int on_edge = -1, zeros = 0;
    bool inside = true;
    for (int e = 0; e < 3 && inside; ++e) {
      const int o = orient(points_[tv[e]], points_[tv[next3(e)]], p);
      if (o < 0) inside = false;
      if (o == 0) {
        ++zeros;
        on_edge = e;
      }
    }
    if (!inside) continue;
    if (zeros >= 2) return false;  // on a vertex (or a degenerate triangle)
    begin(s);
    startIn(t, on_edge, s);
    if (on_edge >= 0) {
      // On an edge between two triangles: the other one's half of the view too.
      const int n = neighbours_[t][on_edge];
      if (n >= 0) {
        const auto& nv = triangles_[n];
        const int first = tv[next3(on_edge)];  // the edge runs the other way in n: it starts there
        startIn(n, cornerOf(nv, first), s);
      }
    }
    expandWedges(p, s);
    walkRays(p, s);
    emit(-1, s, visible, maybe);
    return true;
  }
  return false;
}

void VisibilityExpansion::startIn(int t, int on_edge, Scratch& s) const {
  // p lies inside triangle t, or on its edge `on_edge`: p sees each vertex (along the
  // edge p is on, the line-of-sight test decides: it may be a ring edge), and the view
  // leaves through every other edge, each seen from p strictly from inside (a wedge
  // narrower than 180 degrees). The rays through the vertices are walked on beyond them.
  const auto& tv = triangles_[t];
  for (int k = 0; k < 3; ++k) {
    const int v = tv[k];
    reach(v, true, s);
    if (on_edge < 0 || (k != on_edge && k != next3(on_edge))) s.sure[v] = s.stamp;
    if (k != on_edge) push(t, k, {points_[tv[k]], 1}, {points_[tv[next3(k)]], 1}, s);
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
    // The wedge lies within the portal it entered by (closed), so its part right of z is
    // the wedge from `right` to the nearer of `left` and z, and leaves through edge (b, z):
    // it has directions when z lies strictly left of `right`. Its part left of z, from the
    // nearer of `right` and z to `left`, leaves through edge (z, a) when z lies strictly
    // right of `left`. Each keeps its closed boundary ray through z.
    if (r > 0) push(w.triangle, next3(w.edge), w.right, l >= 0 ? w.left : zr, s);
    if (l < 0) push(w.triangle, prev3(w.edge), r <= 0 ? w.right : zr, w.left, s);
  }
}

void VisibilityExpansion::push(int t, int edge, const Ray& right, const Ray& left, Scratch& s) const {
  const int n = neighbours_[t][edge];
  if (n < 0) return;  // a ring edge
  const int to = triangles_[t][next3(edge)];  // the portal's left end from p: the first end of n's edge
  const auto& nv = triangles_[n];
  s.stack.push_back({n, cornerOf(nv, to), right, left});
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
      const int m = cornerOf(tv, v);
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
        const int g = cornerOf(nv, gone);
        (oz > 0 ? left : right) = nv[far];
        tri = neighbours_[tri][next3(g)];
      }
    }
  }
}

}  // namespace polypath
