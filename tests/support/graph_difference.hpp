// graph_difference.hpp: the first difference between two visibility graphs, for tests
// that compare builds (update against rebuild, expansion against pairwise, thread counts).
#pragma once

#include <string>

#include "polypath/core/visibility_graph.hpp"

namespace polypath::test {

// Compares everything a user of the graph can see; returns a description of the first
// difference, or an empty string.
inline std::string difference(const VisibilityGraph& a, const VisibilityGraph& b) {
  if (a.nodes().size() != b.nodes().size())
    return "node counts " + std::to_string(a.nodes().size()) + " and " + std::to_string(b.nodes().size());
  for (std::size_t i = 0; i < a.nodes().size(); ++i) {
    const auto &x = a.nodes()[i], &y = b.nodes()[i];
    if (x.corner != y.corner || x.vertex != y.vertex || x.position != y.position) return "node " + std::to_string(i);
  }
  if (a.linkCount() != b.linkCount())
    return "link counts " + std::to_string(a.linkCount()) + " and " + std::to_string(b.linkCount());
  const auto linksA = a.links(), linksB = b.links();
  if (linksA.size() != a.linkCount() || linksB.size() != b.linkCount()) return "a link count that is not the arcs'";
  for (std::size_t i = 0; i < linksA.size(); ++i) {
    const auto &x = linksA[i], &y = linksB[i];
    if (x.a != y.a || x.b != y.b || x.length != y.length) return "link " + std::to_string(i);
  }
  for (NodeId n = 0; n < static_cast<NodeId>(a.nodes().size()); ++n) {
    const auto &x = a.arcs(n), &y = b.arcs(n);
    if (x.size() != y.size()) return "arcs of node " + std::to_string(n);
    for (std::size_t k = 0; k < x.size(); ++k)
      if (x[k].to != y[k].to || x[k].cost != y[k].cost) return "arcs of node " + std::to_string(n);
  }
  return "";
}

}  // namespace polypath::test
