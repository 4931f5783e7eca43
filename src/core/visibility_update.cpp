// visibility_update.cpp: VisibilityGraph::update, bringing the visibility graph up to
// date with an edited map (for example one vertex moved) without a full rebuild.
#include "core/visibility_graph.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>

namespace polypath {

namespace {

// VisibilityGraph::linkable without corner offset, for corner c of `map` (any map).
bool linkableAt(const PolygonMap& map, int c, Point t) {
  if (!map.directionInCorner(c, t)) return false;
  const PolygonMap::Corner& k = map.corners()[c];
  return orient(k.position, t, k.first) * orient(k.position, t, k.last) >= 0;
}

// A link of the updated graph, ordered by its node pair (i < j) as the build orders links.
struct NewLink {
  NodeId i, j;
  double length;
  bool operator<(const NewLink& o) const { return i != o.i ? i < o.i : j < o.j; }
};

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

// A node's identity across maps: its corner (position and the two wedge rays) and
// its (possibly offset) position.
using NodeKey = std::array<double, 8>;

NodeKey nodeKey(const PolygonMap& map, const VisibilityGraph::Node& n) {
  const PolygonMap::Corner& c = map.corners()[n.corner];
  return {c.position.x, c.position.y, c.first.x, c.first.y, c.last.x, c.last.y, n.position.x, n.position.y};
}

struct Box {
  Point min, max;
};

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
  const std::vector<EdgeKey> before = sortedEdges(old), after = sortedEdges(map);
  std::vector<EdgeKey> changed;
  std::set_symmetric_difference(before.begin(), before.end(), after.begin(), after.end(), std::back_inserter(changed));
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
  const std::vector<Link> oldLinks = std::move(links_);

  const std::vector<Node> oldNodes = std::move(nodes_);
  map_ = &map;
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
  std::vector<NewLink> pairs;  // the new links, i < j: kept old links first
  pairs.reserve(oldLinks.size() + 64);
  auto nearEdit = [&](Point a, Point b) {
    if (boxes.empty() || !segmentNearBox(a, b, all)) return false;  // most segments miss the whole edit
    for (const Box& box : boxes)
      if (segmentNearBox(a, b, box)) return true;
    return false;
  };
  // 1. Old links between matched nodes: kept unless they pass near the edit and an
  //    edited edge of the new map blocks them now.
  for (const Link& l : oldLinks) {
    NodeId i = newOf[l.a], j = newOf[l.b];
    if (i == kNoNode || j == kNoNode) continue;  // a changed node: step 2
    if (i > j) std::swap(i, j);
    const Point a = nodes_[i].position, b = nodes_[j].position;
    bool linked = true;
    if (a == b) {
      ++stats.tested;
      linked = testLink(i, j);
    } else if (nearEdit(a, b)) {
      ++stats.tested;
      linked = map.clearOfEdges(a, b, newEdited);
    }
    if (linked) pairs.push_back({i, j, l.length});  // same positions, so the same length
  }
  // Matching keeps the order of the nodes, so the kept links are still in (i, j) order.
  if (!std::is_sorted(pairs.begin(), pairs.end())) std::sort(pairs.begin(), pairs.end());
  const std::size_t kept = pairs.size();
  // 2. Every pair with a changed node (moved, or its wedge changed). A changed node that
  //    did not move (a neighbour of the moved vertex: one wedge ray turned) is the only
  //    node at its point in both maps: towards an unchanged node whose segment keeps off
  //    the edit, line of sight is what it was, so the old link (or the old tangency,
  //    which with no link means no line of sight) decides without a line-of-sight test.
  std::vector<char> oldNeighbour;  // of the old node at a changed node's point
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
    for (NodeId m = 0; m < r; ++m) {
      if (m == n || (match[m] == kNoNode && m < n)) continue;  // each changed pair once
      const NodeId i = std::min(n, m), j = std::max(n, m);
      ++stats.tested;
      const Point q = nodes_[m].position;
      bool linked;
      if (was == kNoNode || match[m] == kNoNode || p == q || nearEdit(p, q)) {
        linked = testLink(i, j);
      } else if (!linkable(n, q) || !linkable(m, p)) {
        linked = false;
      } else if (oldNeighbour[match[m]]) {
        linked = true;
      } else if (linkableAt(old, oldNodes[was].corner, q)) {
        linked = false;  // tangent before too, and not linked: no line of sight
      } else {
        linked = map.lineOfSight(p, q);
      }
      if (linked) pairs.push_back({i, j, distance(nodes_[i].position, nodes_[j].position)});
    }
  }
  // 3. Pairs of matched nodes not linked before: only a segment through the edit can
  //    have been blocked by an edited edge of the old map alone. For each node a, the
  //    other nodes are screened by the cone from a over the box of the edit (two cross
  //    products) before the exact tests.
  if (!boxes.empty()) {
    // The cone screen uses the box grown by a further relative margin, so rounding in the
    // cross products never drops a segment segmentNearBox() would accept.
    const double grow = 1e-7 * std::max({all.max.x - all.min.x, all.max.y - all.min.y, std::abs(all.min.x),
                                         std::abs(all.min.y), std::abs(all.max.x), std::abs(all.max.y), 1e-300});
    const Box cone{all.min - Point{grow, grow}, all.max + Point{grow, grow}};
    const Point corners[4] = {cone.min, {cone.max.x, cone.min.y}, cone.max, {cone.min.x, cone.max.y}};
    const NodeGrid grid(nodes_);
    std::vector<NodeId> seen(static_cast<std::size_t>(r), kNoNode);  // per row: nodes already screened
    for (NodeId i = 0; i < r; ++i) {
      if (match[i] == kNoNode) continue;
      const std::vector<Arc>& oldArcs = oldAdjacency[match[i]];  // sorted by target
      const Point a = nodes_[i].position;
      // Pair (i, j), j > i, both unchanged and not linked before: exact tests.
      auto consider = [&](NodeId j) {
        if (match[j] == kNoNode) return;
        const Point b = nodes_[j].position;
        if (a == b || !nearEdit(a, b)) return;  // coincident nodes keep their state (not linked)
        const auto arc = std::lower_bound(oldArcs.begin(), oldArcs.end(), match[j],
                                          [](const Arc& x, NodeId to) { return x.to < to; });
        if (arc != oldArcs.end() && arc->to == match[j]) return;  // linked before: step 1
        ++stats.tested;
        // Most such pairs cross a long edited wall that still blocks them after the edit:
        // the few edited edges of the new map reject them first.
        if (!map.clearOfEdges(a, b, newEdited)) return;
        if (!linkable(i, b) || !linkable(j, a) || old.clearOfEdges(a, b, oldEdited)) return;
        if (map.lineOfSight(a, b)) pairs.push_back({i, j, distance(a, b)});
      };
      const bool inside = a.x >= cone.min.x && a.x <= cone.max.x && a.y >= cone.min.y && a.y <= cone.max.y;
      if (inside) {
        for (NodeId j = i + 1; j < r; ++j) consider(j);
        continue;
      }
      // The cone from a over the box: between the two extreme corner directions.
      Point lo = corners[0] - a, hi = lo;
      for (int c = 1; c < 4; ++c) {
        const Point d = corners[c] - a;
        if (cross(lo, d) < 0.0) lo = d;
        if (cross(d, hi) < 0.0) hi = d;
      }
      auto inCone = [&](NodeId j) {
        const double dx = nodes_[j].position.x - a.x, dy = nodes_[j].position.y - a.y;
        return lo.x * dy - lo.y * dx >= 0.0 && dx * hi.y - dy * hi.x >= 0.0;
      };
      // Every node in the cone lies within grid.radius() of a, so inside the triangle with
      // apex a and sides 2 * radius along the cone's edges when the cone is narrower than
      // 90 degrees (its far side is at least 2 * radius * cos(45 degrees) from a), else in
      // the two such triangles either side of the bisector (a is outside the box, so the
      // cone is narrower than 180 degrees). Only the cells under them are visited.
      const double reach = 2.0 * grid.radius();
      const Point ulo = lo * (1.0 / std::hypot(lo.x, lo.y)), uhi = hi * (1.0 / std::hypot(hi.x, hi.y));
      auto visit = [&](NodeId j) {
        if (j > i && seen[j] != i && inCone(j)) {
          seen[j] = i;
          consider(j);
        }
      };
      if (ulo.x * uhi.x + ulo.y * uhi.y > 0.0) {
        const Point tri[3] = {a, a + ulo * reach, a + uhi * reach};
        grid.forTriangle(tri, visit);
      } else if (const Point mid = ulo + uhi; std::hypot(mid.x, mid.y) < 1e-6) {
        for (NodeId j = i + 1; j < r; ++j)  // nearly 180 degrees: the bisector is not reliable
          if (inCone(j)) consider(j);
      } else {
        const Point umid = mid * (1.0 / std::hypot(mid.x, mid.y));
        const Point tri1[3] = {a, a + ulo * reach, a + umid * reach}, tri2[3] = {a, a + umid * reach, a + uhi * reach};
        grid.forTriangle(tri1, visit);
        grid.forTriangle(tri2, visit);
      }
    }
  }
  std::sort(pairs.begin() + static_cast<std::ptrdiff_t>(kept), pairs.end());
  std::inplace_merge(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(kept), pairs.end());
  // The arcs of a node are its links in (i, j) order, so only nodes with a link added,
  // dropped or of a new length get their arc arrays refilled; the others keep theirs,
  // with the targets renumbered (matching keeps the order of the nodes, so the arcs stay
  // sorted). Old links are compared with the new ones in new ids, in one merge pass.
  std::vector<char> dirty(static_cast<std::size_t>(r), 0);
  for (NodeId n = 0; n < r; ++n) dirty[n] = match[n] == kNoNode;
  {
    std::size_t k = 0;
    for (const Link& l : oldLinks) {
      const NodeId i = newOf[l.a], j = newOf[l.b];
      if (i == kNoNode || j == kNoNode) {  // a link of a changed node: its other end changes
        if (i != kNoNode) dirty[i] = 1;
        if (j != kNoNode) dirty[j] = 1;
        continue;
      }
      const NewLink was{std::min(i, j), std::max(i, j), l.length};
      for (; k < pairs.size() && pairs[k] < was; ++k) dirty[pairs[k].i] = dirty[pairs[k].j] = 1;  // new links
      if (k < pairs.size() && !(was < pairs[k])) {
        if (pairs[k].length != was.length) dirty[was.i] = dirty[was.j] = 1;
        ++k;
      } else {
        dirty[was.i] = dirty[was.j] = 1;  // dropped
      }
    }
    for (; k < pairs.size(); ++k) dirty[pairs[k].i] = dirty[pairs[k].j] = 1;
  }
  // Old ids whose number changes: a range (the matched nodes keep their order).
  NodeId shiftedLo = static_cast<NodeId>(newOf.size()), shiftedHi = -1;
  for (NodeId o = 0; o < static_cast<NodeId>(newOf.size()); ++o)
    if (newOf[o] != o) shiftedLo = std::min(shiftedLo, o), shiftedHi = o;
  for (NodeId n = 0; n < r; ++n) {
    if (match[n] == kNoNode) continue;
    std::vector<Arc>& arcs = adjacency_[n] = std::move(oldAdjacency[match[n]]);
    if (dirty[n]) {
      arcs.clear();
      continue;
    }
    auto it = std::lower_bound(arcs.begin(), arcs.end(), shiftedLo, [](const Arc& x, NodeId to) { return x.to < to; });
    for (; it != arcs.end() && it->to <= shiftedHi; ++it) it->to = newOf[it->to];
  }
  links_.reserve(pairs.size());
  for (const NewLink& l : pairs) {
    links_.push_back({l.i, l.j, l.length});
    if (dirty[l.i]) adjacency_[l.i].push_back({l.j, l.length});
    if (dirty[l.j]) adjacency_[l.j].push_back({l.i, l.length});
  }
  stats.kept = static_cast<std::int64_t>(r) * (r - 1) / 2 - stats.tested;
  return stats;
}

}  // namespace polypath
