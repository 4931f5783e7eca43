// recorded_graph.cpp: RecordedGraph, arcs kept per node on first request.
#include "polypath/debug/recorded_graph.hpp"

#include <algorithm>

namespace polypath {

void RecordedGraph::neighbours(NodeId n, std::vector<Arc>& out) const {
  const auto i = static_cast<std::size_t>(n);
  if (i >= known_.size()) {
    known_.resize(std::max(i + 1, graph_->nodeCount()), 0);
    arcs_.resize(known_.size());
  }
  if (!known_[i]) {
    if (graph_->nodeCount() > max_nodes_) {
      truncated_ = true;
      return;
    }
    std::vector<Arc> arcs;
    graph_->neighbours(n, arcs);
    arcs_[i] = std::move(arcs);
    known_[i] = 1;
  }
  out.insert(out.end(), arcs_[i].begin(), arcs_[i].end());
}

std::size_t RecordedGraph::recordedCount() const {
  return static_cast<std::size_t>(std::count(known_.begin(), known_.end(), char{1}));
}

}  // namespace polypath
