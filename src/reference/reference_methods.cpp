// reference_methods.cpp: the per-query graphs of the reference methods.
#include "reference/reference_methods.hpp"

#include <vector>

namespace polypath::reference {

namespace {

// Nodes: the chosen corners, then start, then goal. Two nodes are linked when the
// segment between them is a line of sight and leaves each corner into its own wedge
// (start and goal have no wedge). Eager: the whole adjacency is built up front (n^2
// tests). Lazy: the arcs of a node are found when the search expands it.
class CornerGraph final : public SearchGraph {
 public:
  CornerGraph(const PolygonMap& map, std::vector<int> corners, Point start, Point goal, bool eager)
      : map_(&map), corners_(std::move(corners)) {
    for (int c : corners_) positions_.push_back(map.corners()[c].position);
    positions_.push_back(start);
    positions_.push_back(goal);
    if (!eager) return;
    const NodeId n = static_cast<NodeId>(positions_.size());
    adjacency_.resize(positions_.size());
    for (NodeId i = 0; i < n; ++i)
      for (NodeId j = i + 1; j < n; ++j)
        if (linked(i, j)) {
          const double d = distance(positions_[i], positions_[j]);
          adjacency_[i].push_back({j, d});
          adjacency_[j].push_back({i, d});
        }
  }

  NodeId startNode() const { return static_cast<NodeId>(corners_.size()); }
  NodeId goalNode() const { return startNode() + 1; }
  std::size_t nodeCount() const override { return positions_.size(); }
  Point position(NodeId n) const override { return positions_[n]; }
  void neighbours(NodeId n, std::vector<Arc>& out) const override {
    if (!adjacency_.empty()) {
      out.insert(out.end(), adjacency_[n].begin(), adjacency_[n].end());
      return;
    }
    for (NodeId m = 0; m < static_cast<NodeId>(positions_.size()); ++m)
      if (m != n && linked(n, m)) out.push_back({m, distance(positions_[n], positions_[m])});
  }

 private:
  bool inWedge(NodeId n, Point t) const {
    return n >= startNode() || map_->directionInCorner(corners_[n], t);
  }
  bool linked(NodeId i, NodeId j) const {
    const Point a = positions_[i], b = positions_[j];
    // Coincident corners are different wedges of a pinch point; start equal to goal is
    // a path of length 0.
    if (a == b) return i >= startNode() && j >= startNode();
    return inWedge(i, b) && inWedge(j, a) && map_->lineOfSight(a, b);
  }

  const PolygonMap* map_;
  std::vector<int> corners_;
  std::vector<Point> positions_;
  std::vector<std::vector<Arc>> adjacency_;
};

std::vector<int> allCorners(const PolygonMap& map) {
  std::vector<int> c(map.corners().size());
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<int>(i);
  return c;
}

}  // namespace

const char* methodName(Method m) {
  switch (m) {
    case Method::SeedArticle: return "seed000";
    case Method::FinleyTree: return "finley004";
    case Method::BruteForce: return "brute";
  }
  return "?";
}

double estimatedTests(Method m, const PolygonMap& map) {
  const double r = static_cast<double>(map.reflexCorners().size()) + 2.0;
  const double n = static_cast<double>(map.corners().size()) + 2.0;
  switch (m) {
    case Method::SeedArticle: return r * r / 2.0;
    case Method::FinleyTree: return n * n / 4.0;  // about half the nodes settle on average
    case Method::BruteForce: return n * n / 2.0;
  }
  return 0.0;
}

Path referencePath(Method m, const PolygonMap& map, Point start, Point goal) {
  SearchOptions options;
  std::vector<int> corners;
  bool eager = true;
  switch (m) {
    case Method::SeedArticle: corners = map.reflexCorners(); break;
    case Method::FinleyTree:
      corners = allCorners(map);
      eager = false;
      options.heuristic = Heuristic::None;
      break;
    case Method::BruteForce:
      corners = allCorners(map);
      options.heuristic = Heuristic::None;
      break;
  }
  const CornerGraph graph(map, std::move(corners), start, goal, eager);
  return findPath(graph, graph.startNode(), graph.goalNode(), options);
}

}  // namespace polypath::reference
