// visibility_update.cpp: VisibilityGraph::update, bringing the visibility graph up to
// date with an edited map (for example one vertex moved) without a full rebuild.
#include "polypath/core/visibility_graph.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>

namespace polypath {

namespace {

// The build's order of links: by node pair (a < b).
bool linkLess(const VisibilityGraph::Link& x, const VisibilityGraph::Link& y) {
  return x.a != y.a ? x.a < y.a : x.b < y.b;
}

struct Box {
  Point min, max;
};

// Cohen-Sutherland outcode of p against the box: which of its four sides p is beyond.
// A segment whose two ends share a bit keeps off the box.
unsigned char outcode(Point p, const Box& box) {
  return static_cast<unsigned char>((p.x < box.min.x) | (p.x > box.max.x) << 1 | (p.y < box.min.y) << 2 |
                                    (p.y > box.max.y) << 3);
}

// A directed ring edge by its end coordinates; equal keys are the same edge.
using EdgeKey = std::array<double, 4>;

std::vector<EdgeKey> sortedEdges(const PolygonMap& map) {
  std::vector<EdgeKey> keys;
  keys.reserve(map.vertices().size());
  for (const PolygonMap::Vertex& v : map.vertices()) {
    const Point q = map.vertices()[v.next].position;
    keys.push_back({v.position.x, v.position.y, q.x, q.y});
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

// The directed ring edges present in only one of the two maps, as sorted keys (a multiset
// symmetric difference). When the maps have the same rings (an edit that moved vertices),
// only the edges that differ at their index are compared: the edges common to both
// cancel either way.
std::vector<EdgeKey> changedEdges(const PolygonMap& old, const PolygonMap& map) {
  const auto& va = old.vertices();
  const auto& vb = map.vertices();
  std::vector<EdgeKey> gone, come, out;
  bool aligned = va.size() == vb.size();
  for (std::size_t i = 0; aligned && i < va.size(); ++i) aligned = va[i].next == vb[i].next;
  if (aligned) {
    for (std::size_t i = 0; i < va.size(); ++i) {
      const Point p = va[i].position, q = va[va[i].next].position, s = vb[i].position, t = vb[vb[i].next].position;
      if (p == s && q == t) continue;
      gone.push_back({p.x, p.y, q.x, q.y});
      come.push_back({s.x, s.y, t.x, t.y});
    }
    std::sort(gone.begin(), gone.end());
    std::sort(come.begin(), come.end());
  } else {
    gone = sortedEdges(old);
    come = sortedEdges(map);
  }
  std::set_symmetric_difference(gone.begin(), gone.end(), come.begin(), come.end(), std::back_inserter(out));
  return out;
}

// A node's identity across maps: its corner (position and the two wedge rays) and
// its (possibly offset) position.
using NodeKey = std::array<double, 8>;

NodeKey nodeKey(const PolygonMap& map, const VisibilityGraph::Node& n) {
  const PolygonMap::Corner& c = map.corners()[n.corner];
  return {c.position.x, c.position.y, c.first.x, c.first.y, c.last.x, c.last.y, n.position.x, n.position.y};
}

// Conservative: the closed segment [a, b] may meet the box (a box slightly larger than
// the true one is used by the caller, so rounding here never hides a contact).
bool segmentNearBox(Point a, Point b, const Box& box) {
  if (std::max(a.x, b.x) < box.min.x || std::min(a.x, b.x) > box.max.x || std::max(a.y, b.y) < box.min.y ||
      std::min(a.y, b.y) > box.max.y)
    return false;
  // Slab clipping of the segment against the box (Liang-Barsky).
  double t0 = 0.0, t1 = 1.0;
  const double d[2] = {b.x - a.x, b.y - a.y};
  const double lo[2] = {box.min.x - a.x, box.min.y - a.y};
  const double hi[2] = {box.max.x - a.x, box.max.y - a.y};
  for (int k = 0; k < 2; ++k) {
    if (d[k] == 0.0) {
      if (lo[k] > 0.0 || hi[k] < 0.0) return false;
      continue;
    }
    double u0 = lo[k] / d[k], u1 = hi[k] / d[k];
    if (u0 > u1) std::swap(u0, u1);
    t0 = std::max(t0, u0);
    t1 = std::min(t1, u1);
    if (t0 > t1) return false;
  }
  return true;
}

struct Segment {
  Point a, b;
};

// Exact: the closed segments [p, q] and [a, b] share at least one point.
bool segmentsMeet(Point p, Point q, Point a, Point b) {
  if (std::max(p.x, q.x) < std::min(a.x, b.x) || std::min(p.x, q.x) > std::max(a.x, b.x) ||
      std::max(p.y, q.y) < std::min(a.y, b.y) || std::min(p.y, q.y) > std::max(a.y, b.y))
    return false;
  const int o1 = orient(p, q, a), o2 = orient(p, q, b);
  if (o1 * o2 > 0) return false;
  const int o3 = orient(a, b, p), o4 = orient(a, b, q);
  // Collinear (all four zero): the boxes overlap, so the segments do.
  return o3 * o4 <= 0;
}

// Exact: the closed segments [p, q] and [a, b] share a point other than p.
bool meetsAwayFrom(Point p, Point q, Point a, Point b) {
  if (p == a || p == b) {
    const Point o = p == a ? b : a;  // both start at p: they share more only along one ray
    auto sign = [](double v) { return (v > 0.0) - (v < 0.0); };
    return o != p && orient(p, q, o) == 0 && sign(q.x - p.x) == sign(o.x - p.x) && sign(q.y - p.y) == sign(o.y - p.y);
  }
  return segmentsMeet(p, q, a, b);
}

// Distance from p to the closed segment [a, b] (floating point).
double distanceToSegment(Point p, Point a, Point b) {
  const Point d = b - a;
  const double len2 = dot(d, d);
  const double t = len2 > 0.0 ? std::clamp(dot(p - a, d) / len2, 0.0, 1.0) : 0.0;
  return distance(p, a + d * t);
}

// A cone of directions from an apex: counter-clockwise from lo to hi, narrower than 180
// degrees.
struct Cone {
  Point lo, hi;
  bool contains(Point d) const { return cross(lo, d) >= 0.0 && cross(d, hi) >= 0.0; }
};

// d turned by the angle atan(t) (counter-clockwise for t > 0).
Point turned(Point d, double t) { return {d.x - t * d.y, d.y + t * d.x}; }

// The cone from apex a over the segment [x, y], widened on both sides by the angle
// atan(widen). False when it would be 180 degrees or wider (a on or near the segment's
// line between its ends).
bool coneOver(Point a, Point x, Point y, double widen, Cone& out) {
  const Point dx = x - a, dy = y - a;
  const double c = cross(dx, dy);
  if (c == 0.0 && dot(dx, dy) <= 0.0) return false;
  out = c >= 0.0 ? Cone{dx, dy} : Cone{dy, dx};
  out.lo = turned(out.lo, -widen);
  out.hi = turned(out.hi, widen);
  return cross(out.lo, out.hi) > 0.0;
}

// The intersection of two cones: 0 when they do not overlap, 1 with `out` set, -1 when
// rounding left the answer unclear (then `a` is a safe superset).
int intersectCones(const Cone& a, const Cone& b, Cone& out) {
  const bool loA = b.contains(a.lo), loB = a.contains(b.lo), hiA = b.contains(a.hi), hiB = a.contains(b.hi);
  if (!loA && !loB && !hiA && !hiB) return 0;
  if ((loA || loB) && (hiA || hiB)) {
    out = {loA ? a.lo : b.lo, hiA ? a.hi : b.hi};
    if (cross(out.lo, out.hi) >= 0.0) return 1;
  }
  return -1;
}

// The edges of `map` an edit may have changed the line-of-sight test of: those in
// `changed` (sorted keys) and every edge whose first vertex lies at an end of a changed
// edge (its wedge or pinch group may differ). Edges by first vertex index.
std::vector<int> editedEdges(const PolygonMap& map, const std::vector<EdgeKey>& changed,
                             const std::vector<Point>& ends) {
  std::vector<int> out;
  const auto& vs = map.vertices();
  for (int i = 0; i < static_cast<int>(vs.size()); ++i) {
    const Point p = vs[i].position, q = vs[vs[i].next].position;
    const EdgeKey k{p.x, p.y, q.x, q.y};
    if (std::binary_search(changed.begin(), changed.end(), k) ||
        std::binary_search(ends.begin(), ends.end(), p, [](Point u, Point v) { return u.x != v.x ? u.x < v.x : u.y < v.y; }))
      out.push_back(i);
  }
  return out;
}

// A uniform grid over node positions (nodes sorted by cell, counting sort), so that the
// cone of a node over the edit's box can be rasterized row by row and only the nodes in
// the cells it covers are screened. About two nodes per cell; O(r) to build.
class NodeGrid {
 public:
  explicit NodeGrid(const std::vector<VisibilityGraph::Node>& nodes) {
    Point lo{HUGE_VAL, HUGE_VAL}, hi{-HUGE_VAL, -HUGE_VAL};
    for (const auto& n : nodes) {
      lo = {std::min(lo.x, n.position.x), std::min(lo.y, n.position.y)};
      hi = {std::max(hi.x, n.position.x), std::max(hi.y, n.position.y)};
    }
    if (nodes.empty()) lo = hi = Point{0.0, 0.0};
    const double w = hi.x - lo.x, h = hi.y - lo.y, count = std::max(1.0, 0.5 * static_cast<double>(nodes.size()));
    double side = std::max({std::sqrt(w * h / count), std::max(w, h) / count, 1e-300});
    origin_ = lo;
    nx_ = static_cast<int>(std::min(w / side, 2048.0)) + 1;
    ny_ = static_cast<int>(std::min(h / side, 2048.0)) + 1;
    side_ = std::max({side, w / nx_, h / ny_});
    inv_ = 1.0 / side_;
    start_.assign(static_cast<std::size_t>(nx_) * ny_ + 1, 0);
    std::vector<int> cellOf(nodes.size());
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      cellOf[n] = cellY(nodes[n].position.y) * nx_ + cellX(nodes[n].position.x);
      ++start_[static_cast<std::size_t>(cellOf[n]) + 1];
    }
    for (std::size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
    ids_.resize(nodes.size());
    std::vector<int> fill(start_.begin(), start_.end() - 1);
    for (std::size_t n = 0; n < nodes.size(); ++n) ids_[static_cast<std::size_t>(fill[cellOf[n]]++)] = static_cast<NodeId>(n);
    radius_ = nodes.empty() ? 0.0 : distance(hi, lo) + side_;
    margin_ = 1e-9 * (radius_ + std::abs(lo.x) + std::abs(lo.y) + std::abs(hi.x) + std::abs(hi.y)) + 1e-300;
  }
  /// An upper bound on the distance between two nodes.
  double radius() const { return radius_; }
  /// Calls f(node) for every node in a cell that meets the triangle t grown by a margin
  /// far above rounding (1e-9 of the grid's extent), rasterized row by row.
  template <class F>
  void forTriangle(const Point (&t)[3], F&& f) const {
    struct Edge {
      double y0, y1, x0, slope;  // y0 <= y1; x at y is x0 + (y - y0) * slope
      double x1;                 // x at y1
    };
    Edge edges[3];
    for (int k = 0; k < 3; ++k) {
      Point u = t[k], v = t[(k + 1) % 3];
      if (u.y > v.y) std::swap(u, v);
      edges[k] = {u.y, v.y, u.x, u.y == v.y ? 0.0 : (v.x - u.x) / (v.y - u.y), v.x};
    }
    const double ymin = std::min({t[0].y, t[1].y, t[2].y}) - margin_, ymax = std::max({t[0].y, t[1].y, t[2].y}) + margin_;
    const int r0 = cellY(ymin), r1 = cellY(ymax);
    for (int row = r0; row <= r1; ++row) {
      const double lo = origin_.y + row * side_ - margin_, hi = lo + side_ + 2.0 * margin_;
      double xmin = HUGE_VAL, xmax = -HUGE_VAL;
      for (const Edge& e : edges) {
        if (e.y1 < lo || e.y0 > hi) continue;
        const double xa = e.y0 >= lo ? e.x0 : e.x0 + (lo - e.y0) * e.slope;
        const double xb = e.y1 <= hi ? e.x1 : e.x0 + (hi - e.y0) * e.slope;
        xmin = std::min({xmin, xa, xb}), xmax = std::max({xmax, xa, xb});
      }
      if (!(xmin <= xmax)) continue;
      const int c0 = cellX(xmin - margin_), c1 = cellX(xmax + margin_);
      const std::size_t base = static_cast<std::size_t>(row) * nx_;
      for (int k = start_[base + c0]; k < start_[base + c1 + 1]; ++k) f(ids_[static_cast<std::size_t>(k)]);
    }
  }

 private:
  int cellX(double x) const { return clampCell((x - origin_.x) * inv_, nx_); }
  int cellY(double y) const { return clampCell((y - origin_.y) * inv_, ny_); }
  static int clampCell(double u, int n) {
    if (!(u > 0.0)) return 0;  // also NaN
    return u >= n ? n - 1 : static_cast<int>(u);
  }
  Point origin_;
  double side_ = 1.0, inv_ = 1.0, radius_ = 0.0, margin_ = 0.0;
  int nx_ = 1, ny_ = 1;
  std::vector<int> start_;  // per cell (row-major), first index into ids_; one past the end last
  std::vector<NodeId> ids_;
};

}  // namespace

VisibilityGraph::UpdateStats VisibilityGraph::update(const PolygonMap& map) {
  UpdateStats stats;
  const PolygonMap& old = *map_;
  // Changed edges: in exactly one of the two maps. Their boxes, grown by a relative
  // margin, bound every place where line of sight or a corner's wedge may differ.
  const std::vector<EdgeKey> changed = changedEdges(old, map);
  stats.changed_edges = static_cast<int>(changed.size());
  std::vector<Box> boxes;
  for (const EdgeKey& e : changed) {
    Box b{{std::min(e[0], e[2]), std::min(e[1], e[3])}, {std::max(e[0], e[2]), std::max(e[1], e[3])}};
    const double m = 1e-9 * std::max({std::abs(b.min.x), std::abs(b.min.y), std::abs(b.max.x), std::abs(b.max.y),
                                      b.max.x - b.min.x, b.max.y - b.min.y, 1e-300});
    b.min = b.min - Point{m, m};
    b.max = b.max + Point{m, m};
    boxes.push_back(b);
  }
  std::vector<Point> ends;
  for (const EdgeKey& e : changed) {
    ends.push_back({e[0], e[1]});
    ends.push_back({e[2], e[3]});
  }
  auto pointLess = [](Point u, Point v) { return u.x != v.x ? u.x < v.x : u.y < v.y; };
  std::sort(ends.begin(), ends.end(), pointLess);
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  // A pair of unchanged nodes near the edit: if it was linked, only the edited edges of
  // the new map can block it now; if it was not (but is linkable), it can only have
  // become visible when an edited edge of the old map was among its blockers.
  const std::vector<int> oldEdited = editedEdges(old, changed, ends);
  const std::vector<int> newEdited = editedEdges(map, changed, ends);
  Box all{{HUGE_VAL, HUGE_VAL}, {-HUGE_VAL, -HUGE_VAL}};  // the union of the boxes
  for (const Box& b : boxes) {
    all.min = {std::min(all.min.x, b.min.x), std::min(all.min.y, b.min.y)};
    all.max = {std::max(all.max.x, b.max.x), std::max(all.max.y, b.max.y)};
  }
  // Old nodes by key, to match the new nodes with.
  std::vector<std::pair<NodeKey, NodeId>> oldKeys;
  for (NodeId n = 0; n < static_cast<NodeId>(nodes_.size()); ++n) oldKeys.push_back({nodeKey(old, nodes_[n]), n});
  std::sort(oldKeys.begin(), oldKeys.end());
  std::vector<std::vector<Arc>> oldAdjacency = std::move(adjacency_);

  const std::vector<Node> oldNodes = std::move(nodes_);
  map_ = &map;
  expansion_.reset();  // triangulates the old map: queries test every node until a rebuild
  makeNodes();
  const NodeId r = static_cast<NodeId>(nodes_.size());
  // Nodes with equal keys (identical wedges at one point, only in overlapping maps)
  // behave identically, so they are matched one to one in order.
  std::vector<NodeId> match(nodes_.size(), kNoNode);
  std::vector<int> taken(oldKeys.size(), 0);  // per first entry of a run of equal keys
  for (NodeId n = 0; n < r; ++n) {
    const NodeKey k = nodeKey(map, nodes_[n]);
    const auto it = std::lower_bound(oldKeys.begin(), oldKeys.end(), std::make_pair(k, kNoNode));
    if (it != oldKeys.end()) {
      const std::size_t first = static_cast<std::size_t>(it - oldKeys.begin());
      const std::size_t pick = first + static_cast<std::size_t>(taken[first]);
      if (pick < oldKeys.size() && oldKeys[pick].first == k) {
        match[n] = oldKeys[pick].second;
        ++taken[first];
        continue;
      }
    }
    ++stats.new_nodes;
  }
  std::vector<NodeId> newOf(oldAdjacency.size(), kNoNode);
  for (NodeId n = 0; n < r; ++n)
    if (match[n] != kNoNode) newOf[match[n]] = n;
  std::vector<Link> added;  // links of steps 2 and 3, a < b
  auto add = [&](NodeId i, NodeId j) {  // i != j, in either order
    if (i > j) std::swap(i, j);
    added.push_back({i, j, distance(nodes_[i].position, nodes_[j].position)});
  };
  auto nearEdit = [&](Point a, Point b) {
    if (boxes.empty() || !segmentNearBox(a, b, all)) return false;  // most segments miss the whole edit
    for (const Box& box : boxes)
      if (segmentNearBox(a, b, box)) return true;
    return false;
  };
  // Segments of the edited edges of both maps, and of the changed edges of the old map.
  std::vector<Segment> editedSegments, oldChanged;
  for (const PolygonMap* m : {&old, &map})
    for (int e : m == &old ? oldEdited : newEdited)
      editedSegments.push_back({m->vertices()[e].position, m->vertices()[m->vertices()[e].next].position});
  for (int e : oldEdited) {
    const Point p = old.vertices()[e].position, q = old.vertices()[old.vertices()[e].next].position;
    if (std::binary_search(changed.begin(), changed.end(), EdgeKey{p.x, p.y, q.x, q.y})) oldChanged.push_back({p, q});
  }
  // 2. Every pair with a changed node (moved, or its wedge changed). A changed node that
  //    did not move (a neighbour of the moved vertex: one wedge ray turned) is the only
  //    node at its point p in both maps: towards an unchanged node q whose segment meets
  //    no edited edge of either map except at p itself (exact test), line of sight is
  //    what it was, so the old link (or the old tangency, which with no link means no
  //    line of sight) decides without a line-of-sight test.
  auto touchesEditAwayFrom = [&](Point p, Point q) {
    for (const Segment& e : editedSegments)
      if (meetsAwayFrom(p, q, e.a, e.b)) return true;
    return false;
  };
  std::vector<char> oldNeighbour;  // of the old node at a changed node's point
  std::vector<NodeId> pending;     // per changed node: the nodes it needs line of sight to
  for (NodeId n = 0; n < r; ++n) {
    if (match[n] != kNoNode) continue;
    const Point p = nodes_[n].position;
    NodeId was = kNoNode;  // the old node at p, when n is the only node at p in both maps
    if (options_.corner_offset == 0.0) {
      int sameNew = 0;
      for (NodeId m = 0; m < r; ++m) sameNew += nodes_[m].position == p;
      for (NodeId o = 0; o < static_cast<NodeId>(oldNodes.size()); ++o)
        if (oldNodes[o].position == p) was = was == kNoNode && sameNew == 1 ? o : -2;
      if (was < 0) was = kNoNode;
    }
    if (was != kNoNode) {
      oldNeighbour.assign(oldNodes.size(), 0);
      for (const Arc& arc : oldAdjacency[was]) oldNeighbour[arc.to] = 1;
    }
    // The pairs that need a line-of-sight test are gathered and tested together: by one
    // angular sweep around p when that is cheaper (a moved node that sees along a long
    // corridor), else one grid walk each.
    pending.clear();
    for (NodeId m = 0; m < r; ++m) {
      if (m == n || (match[m] == kNoNode && m < n)) continue;  // each changed pair once
      ++stats.tested;
      const Point q = nodes_[m].position;
      if (p == q) {
        if (testLink(std::min(n, m), std::max(n, m))) add(n, m);
      } else if (!linkable(n, q) || !linkable(m, p)) {
        continue;
      } else if (was == kNoNode || match[m] == kNoNode || touchesEditAwayFrom(p, q)) {
        pending.push_back(m);
      } else if (oldNeighbour[match[m]]) {
        add(n, m);
      } else if (!linkableCorner(old, oldNodes[was].corner, q)) {
        pending.push_back(m);  // tangent now and not before: line of sight unknown
      }  // else tangent before too, and not linked: no line of sight
    }
    keepVisible(p, pending);
    for (NodeId m : pending) add(n, m);
  }
  // 3. Pairs of matched nodes not linked before that may be linked now. Such a segment
  //    was blocked in the old map and is clear in the new one. Where it ran through the
  //    old obstacle it runs through ground the edit freed, and each such stretch begins
  //    and ends on a changed edge of the old map (on an unchanged edge the obstacle is
  //    still there). So it meets at least two changed edges of the old map: for one
  //    moved vertex, both of its old edges, which is a cone from each node over the old
  //    corner, not the box of the edit. This holds where the ends of the changed edges
  //    touch no other ring; elsewhere (and for edits of more than four old edges) the
  //    screen is the cone from each node over the box of the edit, as wide as the box.
  //    The nodes a cone can contain are found through a uniform grid over the nodes
  //    (about two per cell, built per update in O(r)): the cone, as one or two triangles,
  //    is rasterized row by row and only the nodes in the cells under it are screened.
  bool cornerScreen = oldChanged.size() <= 4;
  for (const EdgeKey& e : changed)  // an end shared with another vertex: a contact, use the box
    for (const Point x : {Point{e[0], e[1]}, Point{e[2], e[3]}})
      for (const PolygonMap* m : {&old, &map}) {
        int at = 0;
        for (const PolygonMap::Vertex& v : m->vertices()) at += v.position == x;
        cornerScreen = cornerScreen && at <= 1;
      }
  // One moved vertex v (two old changed edges u-v and v-w, sharing only v): the freed
  // ground a newly visible segment ran through is entered and left at two distinct
  // points of the two edges, with the old obstacle's interior between them. So the
  // segment meets both edges, is collinear with neither edge's line (along an edge it is
  // on the boundary, not inside), and does not pass through v (a line through v crosses
  // both edges only there). A node on either line therefore has no such pair.
  bool oneCorner = false;
  Point cu, cv, cw;  // u, v, w
  if (oldChanged.size() == 2) {
    const Segment &e = oldChanged[0], &f = oldChanged[1];
    const int shared = (e.a == f.a) + (e.a == f.b) + (e.b == f.a) + (e.b == f.b);
    if (shared == 1 && e.a != e.b && f.a != f.b) {
      oneCorner = true;
      cv = e.a == f.a || e.a == f.b ? e.a : e.b;
      cu = cv == e.a ? e.b : e.a;
      cw = cv == f.a ? f.b : f.a;
    }
  }
  auto onCornerLine = [&](Point a) { return orient(cu, cv, a) == 0 || orient(cv, cw, a) == 0; };
  auto crossesCorner = [&](Point a, Point b) {  // the cheapest rejection first: through v
    return !onSegment(a, b, cv) && segmentsMeet(a, b, cu, cv) && segmentsMeet(a, b, cv, cw) &&
           !(orient(a, b, cu) == 0 && orient(a, b, cv) == 0) && !(orient(a, b, cv) == 0 && orient(a, b, cw) == 0);
  };
  if (!boxes.empty() && !(cornerScreen && oldChanged.size() < 2)) {
    // The box screen uses the box grown by a further relative margin, so rounding in the
    // cross products never drops a segment segmentNearBox() would accept.
    const double grow = 1e-7 * std::max({all.max.x - all.min.x, all.max.y - all.min.y, std::abs(all.min.x),
                                         std::abs(all.min.y), std::abs(all.max.x), std::abs(all.max.y), 1e-300});
    const Box cone{all.min - Point{grow, grow}, all.max + Point{grow, grow}};
    const Point corners[4] = {cone.min, {cone.max.x, cone.min.y}, cone.max, {cone.min.x, cone.max.y}};
    // The corner screen widens each cone by far more than rounding: an angle of
    // 4 * margin / (distance from the node to the edges), margin 1e-9 of the map's scale.
    const PolygonMap::Bounds mb = map.bounds();
    const double margin = 1e-9 * std::max({std::abs(mb.min.x), std::abs(mb.min.y), std::abs(mb.max.x),
                                           std::abs(mb.max.y), mb.max.x - mb.min.x, mb.max.y - mb.min.y,
                                           std::abs(all.min.x), std::abs(all.min.y), std::abs(all.max.x),
                                           std::abs(all.max.y), 1e-300});
    const NodeGrid grid(nodes_);
    std::vector<NodeId> seen(static_cast<std::size_t>(r), kNoNode);  // per row: nodes already screened
    std::vector<double> near(oldChanged.size());  // per row: distance from the node to each old changed edge
    for (NodeId i = 0; i < r; ++i) {
      if (match[i] == kNoNode) continue;
      const std::vector<Arc>& oldArcs = oldAdjacency[match[i]];  // sorted by target
      const Point a = nodes_[i].position;
      // Pair (i, j), j > i, both unchanged and not linked before: exact tests.
      auto consider = [&](NodeId j) {
        if (match[j] == kNoNode) return;
        const Point b = nodes_[j].position;
        if (a == b) return;  // coincident nodes keep their state (not linked)
        if (cornerScreen && oneCorner) {
          if (!crossesCorner(a, b)) return;
        } else if (cornerScreen) {
          int met = 0;
          for (const Segment& e : oldChanged) met += segmentsMeet(a, b, e.a, e.b);
          if (met < 2) return;
        } else if (!nearEdit(a, b)) {
          return;
        }
        const auto arc = std::lower_bound(oldArcs.begin(), oldArcs.end(), match[j],
                                          [](const Arc& x, NodeId to) { return x.to < to; });
        if (arc != oldArcs.end() && arc->to == match[j]) return;  // linked before: step 1
        ++stats.tested;
        // Cheapest first: the tangency at both ends (a few exact predicates), then the
        // edited edges of the new map (most such pairs cross an edited wall that still
        // blocks them), then whether an edited edge of the old map blocked them at all.
        if (!linkable(i, b) || !linkable(j, a) || !map.clearOfEdges(a, b, newEdited)) return;
        if (old.clearOfEdges(a, b, oldEdited)) return;
        if (map.lineOfSight(a, b)) add(i, j);
      };
      auto screened = [&](NodeId j) {  // each pair once, however many cones hold it
        if (seen[j] == i) return true;
        seen[j] = i;
        return false;
      };
      auto scanAll = [&] {
        for (NodeId j = i + 1; j < r; ++j)
          if (!screened(j)) consider(j);
      };
      auto inCone = [&](const Cone& k, NodeId j) { return k.contains(nodes_[j].position - a); };
      // Every node in a cone lies within grid.radius() of a, so inside the triangle with
      // apex a and sides 2 * radius along the cone's edges when the cone is narrower than
      // 90 degrees (its far side is at least 2 * radius * cos(45 degrees) from a), else in
      // the two such triangles either side of the bisector (the cone is narrower than 180
      // degrees). Only the cells under them are visited.
      // Nodes closer to a than `from` are not needed: the part of the cone inside that
      // disc (the triangle up to the chord at distance `from`) is not visited.
      auto walk = [&](const Cone& k, double from) {
        const double reach = 2.0 * grid.radius();
        const Point ulo = k.lo * (1.0 / std::hypot(k.lo.x, k.lo.y)), uhi = k.hi * (1.0 / std::hypot(k.hi.x, k.hi.y));
        auto visit = [&](NodeId j) {
          if (j > i && seen[j] != i && inCone(k, j) && !screened(j)) consider(j);
        };
        auto sector = [&](Point u1, Point u2) {  // between unit directions u1 and u2, under 90 degrees apart
          const Point far[3] = {a + u1 * from, a + u1 * reach, a + u2 * reach};
          grid.forTriangle(far, visit);
          if (from > 0.0) {
            const Point nearSide[3] = {a + u1 * from, a + u2 * reach, a + u2 * from};
            grid.forTriangle(nearSide, visit);
          }
        };
        if (ulo.x * uhi.x + ulo.y * uhi.y > 0.0) {
          sector(ulo, uhi);
        } else if (const Point mid = ulo + uhi; std::hypot(mid.x, mid.y) < 1e-6) {
          for (NodeId j = i + 1; j < r; ++j) visit(j);  // nearly 180 degrees: the bisector is not reliable
        } else {
          const Point umid = mid * (1.0 / std::hypot(mid.x, mid.y));
          sector(ulo, umid);
          sector(umid, uhi);
        }
      };
      if (!cornerScreen) {
        if (a.x >= cone.min.x && a.x <= cone.max.x && a.y >= cone.min.y && a.y <= cone.max.y) {
          scanAll();
          continue;
        }
        // The cone from a over the box: between the two extreme corner directions.
        Point lo = corners[0] - a, hi = lo;
        for (int c = 1; c < 4; ++c) {
          const Point d = corners[c] - a;
          if (cross(lo, d) < 0.0) lo = d;
          if (cross(d, hi) < 0.0) hi = d;
        }
        walk(Cone{lo, hi}, 0.0);
        continue;
      }
      // Corner screen: for each two changed edges of the old map, the directions from a
      // that meet both (the two cones over them, intersected).
      if (oneCorner && onCornerLine(a)) continue;
      bool everything = false;
      for (std::size_t e = 0; e < oldChanged.size(); ++e) {
        near[e] = distanceToSegment(a, oldChanged[e].a, oldChanged[e].b);
        everything = everything || near[e] <= 4.0 * margin;
      }
      for (std::size_t e = 0; e < oldChanged.size() && !everything; ++e)
        for (std::size_t f = e + 1; f < oldChanged.size() && !everything; ++f) {
          const double widen = 1e-9 + 4.0 * margin / std::min(near[e], near[f]);
          Cone ke, kf, both;
          if (widen > 0.5 || !coneOver(a, oldChanged[e].a, oldChanged[e].b, widen, ke) ||
              !coneOver(a, oldChanged[f].a, oldChanged[f].b, widen, kf)) {
            everything = true;
            break;
          }
          const int overlap = intersectCones(ke, kf, both);
          // A segment from a that meets both edges ends no nearer than the farther one.
          if (overlap != 0) walk(overlap > 0 ? both : ke, (1.0 - 1e-9) * std::max(near[e], near[f]) - margin);
        }
      if (everything) scanAll();
    }
  }
  // 1. Old links between matched nodes, decided last (steps 2 and 3 read the old arc
  //    arrays this rewrites): kept unless they pass near the edit and an edited edge of
  //    the new map blocks them now. Each link is decided from both of its ends, while
  //    each node's arc array is filtered in place, so that no list of links is written
  //    and every array is read and written once, in order. Both ends reach the same
  //    verdict: every test below is exact and symmetric (the segment is always taken
  //    from its lower node), and the ray reuse gives what the test would.
  //    Per node, its outcode against the box of the edit rejects most links in O(1).
  std::vector<unsigned char> code(static_cast<std::size_t>(r), 0);
  for (NodeId n = 0; n < r; ++n) code[n] = outcode(nodes_[n].position, all);
  // Links from one node along one ray: where two of them differ only by a stretch
  // beyond the box of the edited edges (both far ends past the same side of it, as along
  // a row of collinear corners), they meet the edited edges in the same way, so the last
  // test along the ray is reused. Exact: coordinate comparisons and one orientation (none
  // when the three points share a coordinate).
  Box editedBox{{HUGE_VAL, HUGE_VAL}, {-HUGE_VAL, -HUGE_VAL}};
  for (int e : newEdited)
    for (const Point x : {map.vertices()[e].position, map.vertices()[map.vertices()[e].next].position})
      editedBox = {{std::min(editedBox.min.x, x.x), std::min(editedBox.min.y, x.y)},
                   {std::max(editedBox.max.x, x.x), std::max(editedBox.max.y, x.y)}};
  std::vector<unsigned char> editedCode(static_cast<std::size_t>(r));
  for (NodeId n = 0; n < r; ++n) editedCode[n] = outcode(nodes_[n].position, editedBox);
  // The last tested link along a ray: to node rayEnd from the node being filtered, its
  // verdict, and the side of that node's position each coordinate of rayEnd lies on.
  NodeId rayEnd = kNoNode;
  bool rayClear = true;
  unsigned raySide = 0;
  auto side = [](Point a, Point x) {
    return static_cast<unsigned>(x.x > a.x) | static_cast<unsigned>(x.x < a.x) << 1 | static_cast<unsigned>(x.y > a.y) << 2 |
           static_cast<unsigned>(x.y < a.y) << 3;
  };
  auto collinear = [](Point a, Point b, Point c) {
    return (a.y == b.y && a.y == c.y) || (a.x == b.x && a.x == c.x) || orient(a, b, c) == 0;
  };
  // The verdict on the old link between matched nodes `from` and `far`, decided at `from`,
  // when the two are not past one side of the box of the edit (then nothing on the link
  // changed, coincident nodes included: their corners and location are those of before).
  auto keeps = [&](NodeId from, NodeId far) {
    const NodeId i = std::min(from, far), j = std::max(from, far);
    const Point a = nodes_[i].position, b = nodes_[j].position, f = nodes_[from].position, x = nodes_[far].position;
    if (a == b) {
      stats.tested += from == i;
      return testLink(i, j);
    }
    if (rayEnd != kNoNode && (editedCode[far] & editedCode[rayEnd]) && side(f, x) == raySide &&
        collinear(f, x, nodes_[rayEnd].position))
      return rayClear;
    if (!nearEdit(a, b)) return true;
    stats.tested += from == i;
    rayEnd = far, rayClear = map.clearOfEdges(a, b, newEdited), raySide = side(f, x);
    return rayClear;
  };
  // Per node, the arcs of its added links (compressed rows, each in increasing order:
  // the added links are sorted by (a, b), and a node's links to lower ids come first).
  std::sort(added.begin(), added.end(), linkLess);
  std::vector<int> addedStart(static_cast<std::size_t>(r) + 1, 0);
  for (const Link& l : added) ++addedStart[static_cast<std::size_t>(l.a) + 1], ++addedStart[static_cast<std::size_t>(l.b) + 1];
  for (NodeId n = 0; n < r; ++n) addedStart[static_cast<std::size_t>(n) + 1] += addedStart[n];
  std::vector<Arc> addedArcs(static_cast<std::size_t>(addedStart[r]));
  {
    std::vector<int> fill(addedStart.begin(), addedStart.end() - 1);
    for (const Link& l : added) {
      addedArcs[static_cast<std::size_t>(fill[l.a]++)] = {l.b, l.length};
      addedArcs[static_cast<std::size_t>(fill[l.b]++)] = {l.a, l.length};
    }
  }
  // Matching keeps the order of the nodes (but among nodes with equal keys, only in
  // overlapping maps), so a renumbered array stays sorted; else it is sorted again.
  bool monotone = true;
  for (NodeId o = 0, last = -1; o < static_cast<NodeId>(newOf.size()); ++o) {
    if (newOf[o] == kNoNode) continue;
    monotone = monotone && newOf[o] > last;
    last = newOf[o];
  }
  auto byTarget = [](const Arc& x, const Arc& y) { return x.to < y.to; };
  std::size_t arcCount = 0;
  for (NodeId n = 0; n < r; ++n) {
    std::vector<Arc>& arcs = adjacency_[n];
    if (match[n] != kNoNode) arcs = std::move(oldAdjacency[match[n]]);  // a changed node has only added links
    rayEnd = kNoNode;
    Arc* const data = arcs.data();
    const std::size_t count = arcs.size();
    const NodeId* const renumber = newOf.data();
    const unsigned char* const codes = code.data();
    const unsigned char own = code[n];
    std::size_t w = 0;
    for (std::size_t k = 0; k < count; ++k) {
      const Arc arc = data[k];
      const NodeId m = renumber[arc.to];
      if (m != kNoNode && ((own & codes[m]) || keeps(n, m))) data[w++] = {m, arc.cost};  // same positions, same length
    }
    arcs.resize(w);
    if (!monotone) std::sort(arcs.begin(), arcs.end(), byTarget);
    if (addedStart[n] != addedStart[n + 1]) {  // merged forward into a new array
      std::vector<Arc> merged;
      merged.reserve(arcs.size() + static_cast<std::size_t>(addedStart[n + 1] - addedStart[n]));
      std::merge(arcs.begin(), arcs.end(), addedArcs.begin() + addedStart[n], addedArcs.begin() + addedStart[n + 1],
                 std::back_inserter(merged), byTarget);
      arcs = std::move(merged);
    }
    arcCount += arcs.size();
  }
  link_count_ = arcCount / 2;
  stats.kept = static_cast<std::int64_t>(r) * (r - 1) / 2 - stats.tested;
  return stats;
}

}  // namespace polypath
