// node_inspector.hpp: what a debugger shows about one node of a search: g, h, f, its
// parent, whether it is open, closed or unseen and why, and its neighbours; and the
// short g/h/f label for hovering over a node.
//
// [SECTION] NodeInspection
// [SECTION] Functions
#pragma once

#include <string>
#include <vector>

#include "polypath/core/search.hpp"

namespace polypath {

// [SECTION] NodeInspection

/// One arc leaving the inspected node, with the state of the node it leads to.
struct InspectedNeighbour {
  NodeId node = kNoNode;
  double cost = 0.0;                          ///< arc cost (world units)
  NodeStatus status = NodeStatus::Unseen;     ///< of the neighbour
  double g = 0.0;                             ///< the neighbour's g (infinity when unseen)
  bool is_parent = false;                     ///< the neighbour is the inspected node's parent
  bool is_child = false;                      ///< the inspected node is the neighbour's parent
};

/// Everything known about one node at one moment of a search.
struct NodeInspection {
  NodeId node = kNoNode;
  Point position;                          ///< world units
  NodeStatus status = NodeStatus::Unseen;
  double g = 0.0, h = 0.0, f = 0.0;        ///< as in NodeRecord (g, f infinite when unseen)
  NodeId parent = kNoNode;
  int expansion = -1;                      ///< 0-based expansion that closed it, or -1
  int open_rank = -1;                      ///< 0-based place in the open set's order, or -1
  bool is_start = false, is_goal = false;
  /// Why the node is where it is, for example "closed at expansion 12 (g 30.2 via node 4)",
  /// "open: best f 30.2 via node 4, 3rd of 7 in the open set", "unseen: no expanded node
  /// has an arc to it yet".
  std::string why;
  std::vector<InspectedNeighbour> neighbours;  ///< arcs leaving the node, in graph order
};

// [SECTION] Functions

/// Inspects node n of `state`, a search over `graph` (n must be a valid node id).
NodeInspection inspectNode(const SearchGraph& graph, const SearchState& state, NodeId n);

/// "start", "goal" or "node 4".
std::string nodeName(const SearchState& state, NodeId n);

/// A hover label: "g 3 h 4.24 f 7.24" (up to 6 significant digits), or "unseen".
std::string ghfLabel(const NodeRecord& record);

}  // namespace polypath
