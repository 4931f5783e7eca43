// visibility_graph.cpp: building the reflex-vertex visibility graph, and linking queries
// into it. Updating it after an edit is in visibility_update.cpp.
#include "polypath/core/visibility_graph.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace polypath {

VisibilityGraph::VisibilityGraph(const PolygonMap& map, VisibilityOptions options)
    : map_(&map), options_(options) {
  makeNodes();
  const NodeId r = static_cast<NodeId>(nodes_.size());
  // Per node, the later nodes both tangencies allow, then their line of sight at once
  // (an angular sweep around the node where that is cheaper than the grid walks).
  std::vector<NodeId> candidates;
  for (NodeId i = 0; i < r; ++i) {
    candidates.clear();
    const Point a = nodes_[i].position;
    for (NodeId j = i + 1; j < r; ++j)
      if (linkable(i, nodes_[j].position) && linkable(j, a)) candidates.push_back(j);
    keepVisible(a, candidates);
    for (NodeId j : candidates) addLink(i, j, distance(a, nodes_[j].position));
  }
}

void VisibilityGraph::makeNodes() {
  nodes_.clear();
  for (int c : map_->reflexCorners())
    nodes_.push_back({c, map_->corners()[c].vertex, map_->offsetCorner(c, options_.corner_offset)});
  link_count_ = 0;
  adjacency_.assign(nodes_.size(), {});
}

void VisibilityGraph::addLink(NodeId i, NodeId j, double len) {
  ++link_count_;
  adjacency_[i].push_back({j, len});
  adjacency_[j].push_back({i, len});
}

std::vector<VisibilityGraph::Link> VisibilityGraph::links() const {
  std::vector<Link> out;
  out.reserve(link_count_);
  for (NodeId n = 0; n < static_cast<NodeId>(adjacency_.size()); ++n)
    for (const Arc& arc : adjacency_[n])
      if (arc.to > n) out.push_back({n, arc.to, arc.cost});
  return out;
}

bool VisibilityGraph::testLink(NodeId i, NodeId j) const {
  const Point a = nodes_[i].position, b = nodes_[j].position;
  return linkable(i, b) && linkable(j, a) && map_->lineOfSight(a, b);
}

std::size_t VisibilityGraph::memoryBytes() const {
  std::size_t bytes = sizeof(*this) + nodes_.capacity() * sizeof(Node) +
                      adjacency_.capacity() * sizeof(std::vector<Arc>);
  for (const auto& a : adjacency_) bytes += a.capacity() * sizeof(Arc);
  return bytes;
}

namespace {

// Both neighbours of corner c lie on one side of the line from the corner to t.
bool tangentCorner(const PolygonMap& map, int c, Point t) {
  const PolygonMap::Corner& k = map.corners()[c];
  return orient(k.position, t, k.first) * orient(k.position, t, k.last) >= 0;
}

}  // namespace

bool VisibilityGraph::tangentAt(NodeId n, Point t) const {
  return options_.corner_offset != 0.0 || tangentCorner(*map_, nodes_[n].corner, t);
}

bool VisibilityGraph::linkable(NodeId n, Point t) const {
  if (options_.corner_offset != 0.0) return true;  // pushed nodes are interior points
  return linkableCorner(*map_, nodes_[n].corner, t);
}

bool VisibilityGraph::linkableCorner(const PolygonMap& map, int c, Point t) {
  return map.directionInCorner(c, t) && tangentCorner(map, c, t);
}

std::size_t VisibilityGraph::keepVisible(Point p, std::vector<NodeId>& candidates) const {
  std::vector<Point> targets;
  targets.reserve(candidates.size());
  for (NodeId n : candidates) targets.push_back(nodes_[n].position);
  std::vector<char> clear;
  const std::size_t walked = map_->lineOfSightFrom(p, targets, clear);
  std::size_t kept = 0;
  for (std::size_t k = 0; k < candidates.size(); ++k)
    if (clear[k]) candidates[kept++] = candidates[k];
  candidates.resize(kept);
  return walked;
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
  // One visibility query from the start over the nodes whose tangency allows it (an
  // angular sweep where that is cheaper than one grid walk per node).
  for (NodeId n = 0; n < static_cast<NodeId>(graph.nodes().size()); ++n)
    if (graph.linkable(n, start)) start_links_.push_back(n);
  graph.keepVisible(start, start_links_);
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
