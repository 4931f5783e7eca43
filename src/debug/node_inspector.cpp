// node_inspector.cpp: the node inspector's data and texts.
#include "polypath/debug/node_inspector.hpp"

#include <algorithm>
#include <sstream>

namespace polypath {

namespace {

std::string num(double v) {
  std::ostringstream out;
  out.precision(6);
  out << v;
  return out.str();
}

std::string ordinal(int n) {
  const int mod100 = n % 100, mod10 = n % 10;
  const char* suffix = (mod100 >= 11 && mod100 <= 13) ? "th"
                       : mod10 == 1                   ? "st"
                       : mod10 == 2                   ? "nd"
                       : mod10 == 3                   ? "rd"
                                                      : "th";
  return std::to_string(n) + suffix;
}

}  // namespace

std::string nodeName(const SearchState& state, NodeId n) {
  if (n == state.start()) return "start";
  if (n == state.goal()) return "goal";
  return "node " + std::to_string(n);
}

std::string ghfLabel(const NodeRecord& r) {
  if (r.status == NodeStatus::Unseen) return "unseen";
  return "g " + num(r.g) + " h " + num(r.h) + " f " + num(r.f);
}

NodeInspection inspectNode(const SearchGraph& graph, const SearchState& state, NodeId n) {
  const NodeRecord& r = state.record(n);
  NodeInspection in{.node = n, .position = graph.position(n), .status = r.status, .g = r.g, .h = r.h, .f = r.f,
                    .parent = r.parent, .expansion = r.expansion, .open_rank = -1,
                    .is_start = n == state.start(), .is_goal = n == state.goal(), .why = {}, .neighbours = {}};

  const std::string via = r.parent == kNoNode ? std::string(", the start") : " via " + nodeName(state, r.parent);
  switch (r.status) {
    case NodeStatus::Closed:
      in.why = "closed at expansion " + std::to_string(r.expansion + 1) + " (g " + num(r.g) + via + ")";
      if (in.is_goal) in.why += ": the goal, so the search ended";
      break;
    case NodeStatus::Open: {
      const std::vector<NodeId> open = state.openSet();
      const auto it = std::find(open.begin(), open.end(), n);
      in.open_rank = static_cast<int>(it - open.begin());
      in.why = "open: best f " + num(r.f) + via + ", " + ordinal(in.open_rank + 1) + " of " +
               std::to_string(open.size()) + " in the open set";
      if (in.open_rank == 0) in.why += " (expanded next)";
      break;
    }
    case NodeStatus::Unseen:
      in.why = state.status() == SearchStatus::Idle
                   ? "unseen: the search has not started"
                   : "unseen: no expanded node has an arc to it yet";
      if (state.status() == SearchStatus::Found || state.status() == SearchStatus::NoPath)
        in.why = "unseen: the search ended before reaching it";
      break;
  }

  std::vector<Arc> arcs;
  graph.neighbours(n, arcs);
  for (const Arc& a : arcs) {
    const NodeRecord& nr = state.record(a.to);
    in.neighbours.push_back({a.to, a.cost, nr.status, nr.g, a.to == r.parent, nr.parent == n});
  }
  return in;
}

}  // namespace polypath
