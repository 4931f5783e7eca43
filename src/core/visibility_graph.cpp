// visibility_graph.cpp: building and updating the reflex-vertex visibility graph, and
// linking queries into it.
#include "core/visibility_graph.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

namespace polypath {

VisibilityGraph::VisibilityGraph(const PolygonMap& map, VisibilityOptions options)
    : map_(&map), options_(options) {
  makeNodes();
  const NodeId r = static_cast<NodeId>(nodes_.size());
  for (NodeId i = 0; i < r; ++i)
    for (NodeId j = i + 1; j < r; ++j)
      if (testLink(i, j)) addLink(i, j);
}

void VisibilityGraph::makeNodes() {
  nodes_.clear();
  for (int c : map_->reflexCorners())
    nodes_.push_back({c, map_->corners()[c].vertex, map_->offsetCorner(c, options_.corner_offset)});
  links_.clear();
  adjacency_.assign(nodes_.size(), {});
}

void VisibilityGraph::addLink(NodeId i, NodeId j) {
  const double len = distance(nodes_[i].position, nodes_[j].position);
  links_.push_back({i, j, len});
  adjacency_[i].push_back({j, len});
  adjacency_[j].push_back({i, len});
}

bool VisibilityGraph::testLink(NodeId i, NodeId j) const {
  const Point a = nodes_[i].position, b = nodes_[j].position;
  return linkable(i, b) && linkable(j, a) && map_->lineOfSight(a, b);
}

namespace {

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
  const std::vector<std::vector<Arc>> oldAdjacency = std::move(adjacency_);
  const std::vector<Link> oldLinks = std::move(links_);

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
  std::vector<std::pair<NodeId, NodeId>> pairs;  // the new links, i < j: kept old links first
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
    if (linked) pairs.push_back({i, j});
  }
  // Matching keeps the order of the nodes, so the kept links are still in (i, j) order.
  if (!std::is_sorted(pairs.begin(), pairs.end())) std::sort(pairs.begin(), pairs.end());
  const std::size_t kept = pairs.size();
  // 2. Every pair with a changed node (moved, or its wedge changed): tested in full.
  for (NodeId n = 0; n < r; ++n) {
    if (match[n] != kNoNode) continue;
    for (NodeId m = 0; m < r; ++m) {
      if (m == n || (match[m] == kNoNode && m < n)) continue;  // each changed pair once
      const NodeId i = std::min(n, m), j = std::max(n, m);
      ++stats.tested;
      if (testLink(i, j)) pairs.push_back({i, j});
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
    std::vector<NodeId> wasLinked(static_cast<std::size_t>(r), kNoNode);  // per row: old neighbours of i
    std::vector<double> xs(static_cast<std::size_t>(r)), ys(static_cast<std::size_t>(r));
    for (NodeId n = 0; n < r; ++n) xs[n] = nodes_[n].position.x, ys[n] = nodes_[n].position.y;
    std::vector<char> inCone(static_cast<std::size_t>(r), 1);
    for (NodeId i = 0; i < r; ++i) {
      if (match[i] == kNoNode) continue;
      for (const Arc& arc : oldAdjacency[match[i]])
        if (newOf[arc.to] != kNoNode) wasLinked[newOf[arc.to]] = i;
      const Point a = nodes_[i].position;
      const bool inside = a.x >= cone.min.x && a.x <= cone.max.x && a.y >= cone.min.y && a.y <= cone.max.y;
      // The cone from a over the box: between the two extreme corner directions.
      Point lo{}, hi{};
      if (!inside) {
        lo = hi = corners[0] - a;
        for (int c = 1; c < 4; ++c) {
          const Point d = corners[c] - a;
          if (cross(lo, d) < 0.0) lo = d;
          if (cross(d, hi) < 0.0) hi = d;
        }
      }
      if (!inside) {
        // Branch-free (a compiler may vectorize it): O(r) multiply-adds per node.
        const double ax = a.x, ay = a.y, lx = lo.x, ly = lo.y, hx = hi.x, hy = hi.y;
        for (NodeId j = i + 1; j < r; ++j) {
          const double dx = xs[j] - ax, dy = ys[j] - ay;
          inCone[j] = static_cast<char>((lx * dy - ly * dx >= 0.0) & (dx * hy - dy * hx >= 0.0));
        }
      } else {
        std::fill(inCone.begin() + i + 1, inCone.end(), 1);
      }
      for (NodeId j = i + 1; j < r; ++j) {
        if (!inCone[j] || match[j] == kNoNode || wasLinked[j] == i) continue;
        const Point b = nodes_[j].position;
        if (a == b || !nearEdit(a, b)) continue;  // coincident nodes keep their state (not linked)
        ++stats.tested;
        // Most such pairs cross a long edited wall that still blocks them after the edit:
        // the few edited edges of the new map reject them first.
        if (!map.clearOfEdges(a, b, newEdited)) continue;
        if (!linkable(i, b) || !linkable(j, a) || old.clearOfEdges(a, b, oldEdited)) continue;
        if (map.lineOfSight(a, b)) pairs.push_back({i, j});
      }
    }
  }
  std::sort(pairs.begin() + static_cast<std::ptrdiff_t>(kept), pairs.end());
  std::inplace_merge(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(kept), pairs.end());
  for (NodeId n = 0; n < r; ++n)
    if (match[n] != kNoNode) adjacency_[n].reserve(oldAdjacency[match[n]].size() + 4);
  for (const auto& [i, j] : pairs) addLink(i, j);
  stats.kept = static_cast<std::int64_t>(r) * (r - 1) / 2 - stats.tested;
  return stats;
}

std::size_t VisibilityGraph::memoryBytes() const {
  std::size_t bytes = sizeof(*this) + nodes_.capacity() * sizeof(Node) + links_.capacity() * sizeof(Link) +
                      adjacency_.capacity() * sizeof(std::vector<Arc>);
  for (const auto& a : adjacency_) bytes += a.capacity() * sizeof(Arc);
  return bytes;
}

bool VisibilityGraph::tangentAt(NodeId n, Point t) const {
  if (options_.corner_offset != 0.0) return true;
  const PolygonMap::Corner& c = map_->corners()[nodes_[n].corner];
  const int a = orient(c.position, t, c.first);
  const int b = orient(c.position, t, c.last);
  return a * b >= 0;
}

bool VisibilityGraph::linkable(NodeId n, Point t) const {
  if (options_.corner_offset != 0.0) return true;  // pushed nodes are interior points
  return map_->directionInCorner(nodes_[n].corner, t) && tangentAt(n, t);
}

void requireWalkable(const PolygonMap& map, Point p, const char* which) {
  if (!isFinite(p)) {
    std::ostringstream s;
    s << which << " (" << p.x << ", " << p.y << ") has a NaN or infinite coordinate";
    throw QueryError(s.str());
  }
  const PointLocation loc = map.locate(p);
  if (loc.walkable()) return;
  std::ostringstream s;
  s << which << " (" << p.x << ", " << p.y << ") is not walkable: it is " << loc.describe()
    << "; move it into the walkable region";
  throw QueryError(s.str());
}

VisibilityQuery::VisibilityQuery(const VisibilityGraph& graph, Point start, Point goal)
    : graph_(&graph), start_(start), goal_(goal) {
  const PolygonMap& map = graph.map();
  requireWalkable(map, start, "start");
  requireWalkable(map, goal, "goal");
  direct_ = map.lineOfSight(start, goal);
  if (direct_) {
    goal_links_known_ = true;  // the straight segment is optimal; no node can shorten it
    return;
  }
  for (NodeId n = 0; n < static_cast<NodeId>(graph.nodes().size()); ++n)
    if (graph.linkable(n, start) && map.lineOfSight(start, graph.nodes()[n].position)) start_links_.push_back(n);
}

bool VisibilityQuery::linksGoal(NodeId n) const {
  return !direct_ && graph_->linkable(n, goal_) && graph_->map().lineOfSight(goal_, graph_->nodes()[n].position);
}

const std::vector<NodeId>& VisibilityQuery::goalLinks() const {
  if (!goal_links_known_) {
    for (NodeId n = 0; n < static_cast<NodeId>(graph_->nodes().size()); ++n)
      if (linksGoal(n)) goal_links_.push_back(n);
    goal_links_known_ = true;
  }
  return goal_links_;
}

Point VisibilityQuery::position(NodeId n) const {
  if (n == startNode()) return start_;
  if (n == goalNode()) return goal_;
  return graph_->nodes()[n].position;
}

void VisibilityQuery::neighbours(NodeId n, std::vector<Arc>& out) const {
  if (n == goalNode()) return;  // the search stops at the goal
  if (n == startNode()) {
    if (direct_) out.push_back({goalNode(), distance(start_, goal_)});
    for (NodeId m : start_links_) out.push_back({m, distance(start_, graph_->nodes()[m].position)});
    return;
  }
  const auto& arcs = graph_->arcs(n);
  out.insert(out.end(), arcs.begin(), arcs.end());
  if (linksGoal(n)) out.push_back({goalNode(), distance(graph_->nodes()[n].position, goal_)});
}

Path findPath(const VisibilityGraph& graph, Point start, Point goal, SearchOptions options) {
  const VisibilityQuery query(graph, start, goal);
  return findPath(query, query.startNode(), query.goalNode(), options);
}

}  // namespace polypath
