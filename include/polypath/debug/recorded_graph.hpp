// recorded_graph.hpp: a SearchGraph that remembers the arcs another graph gave for each
// node, so that a graph built while searching (Polyanya) can be searched again, stepped
// back and replayed (SearchTimeline, SearchComparison, the editor's Step and Run) and
// give exactly the first search's states.
//
// [SECTION] RecordedGraph
#pragma once

#include <vector>

#include "polypath/core/search.hpp"

namespace polypath {

// [SECTION] RecordedGraph

/// Wraps a SearchGraph: the first neighbours(n) call asks the wrapped graph and keeps the
/// arcs; later calls for n return the kept arcs. Positions, node count, the heuristic and
/// the checks of deferred arcs come from the wrapped graph.
///
/// Why: PolyanyaQuery creates its successor nodes inside neighbours() and prunes against
/// the roots seen so far, so a second search on the same query would create new nodes
/// and prune differently. The engine is deterministic and expands a node at most once per
/// search, so every replay of the same search (from init or from a copy of the engine)
/// asks for the arcs of nodes the first search already expanded, and gets the same ones.
/// A search with different options on the same RecordedGraph may reach nodes whose arcs
/// were recorded under another search's pruning: use one RecordedGraph (and one wrapped
/// query) per search setting. The wrapped graph must outlive this one.
///
/// `max_nodes` bounds a graph that grows while searching: once the wrapped graph has more
/// nodes, neighbours() gives no more arcs for nodes not yet recorded and truncated() turns
/// true, so the search ends (NoPath) instead of exhausting memory.
class RecordedGraph final : public SearchGraph {
 public:
  explicit RecordedGraph(const SearchGraph& graph, std::size_t max_nodes = static_cast<std::size_t>(-1))
      : graph_(&graph), max_nodes_(max_nodes) {}
  std::size_t nodeCount() const override { return graph_->nodeCount(); }
  Point position(NodeId n) const override { return graph_->position(n); }
  void neighbours(NodeId n, std::vector<Arc>& out) const override;
  double heuristic(Heuristic h, NodeId n, NodeId goal) const override { return graph_->heuristic(h, n, goal); }
  /// The wrapped graph's check (deferred arcs are recorded as given).
  bool checkArc(NodeId from, NodeId to) const override { return graph_->checkArc(from, to); }
  /// The wrapped graph.
  const SearchGraph& wrapped() const { return *graph_; }
  /// Number of nodes whose arcs are recorded.
  std::size_t recordedCount() const;
  /// True when a neighbours() call was refused because the wrapped graph exceeded max_nodes.
  bool truncated() const { return truncated_; }

 private:
  const SearchGraph* graph_;
  std::size_t max_nodes_;
  mutable bool truncated_ = false;
  mutable std::vector<std::vector<Arc>> arcs_;
  mutable std::vector<char> known_;
};

}  // namespace polypath
