// face_bridges.hpp: the bridges of a navigation mesh's face adjacency graph (shared edges
// whose removal disconnects it) and the forest they form, so that a search can skip every
// region of faces that cannot lead to its goal.
//
// Method: bridges by Tarjan's low-link depth-first search ("Depth-first search and linear
// graph algorithms", 1972; iterative here, so deep meshes cannot overflow the stack); the
// 2-edge-connected components joined by the bridges form a forest, numbered in DFS pre-order
// so "component c lies beyond bridge b" is one interval test. A shortest path crosses a
// bridge at most once (between two crossings it could run along the edge instead), so a
// region behind a bridge is worth entering only when it holds the goal. This generalises
// Polyanya's "dead-end polygon" pruning (a face with one neighbour that is not the goal's)
// to whole dead-end regions, trees of faces and rooms behind one doorway alike.
#pragma once

#include <span>
#include <vector>

#include "polypath/core/navmesh.hpp"

namespace polypath {

/// Bridges and 2-edge-connected components of a NavMesh's faces (faces are adjacent when
/// they share an edge; faces meeting only at a vertex are not). The mesh may be dropped after
/// construction.
class FaceBridges {
 public:
  explicit FaceBridges(const NavMesh& mesh);
  /// The 2-edge-connected component of face f (faces joined by cycles of shared edges),
  /// numbered in the bridge forest's DFS pre-order.
  int component(int f) const { return comp_[f]; }
  int componentCount() const { return static_cast<int>(tout_.size()); }
  /// True when edge i of face f is shared and removing it disconnects the faces.
  bool isBridge(int f, int i) const { return slot_[offset_[f] + i] >= 0; }
  /// False only when edge i of face f is a bridge and none of `goal_components` (a goal on
  /// an edge or vertex may lie in several) is beyond it, on the side of the face across the
  /// edge: a shortest path to such a goal never crosses that edge in that direction.
  bool mayLeadTo(int f, int i, std::span<const int> goal_components) const {
    return mayCross(slot(f, i), goal_components);
  }
  /// The bridge code of edge i of face f, for mayCross (-1: not a bridge).
  int slot(int f, int i) const { return slot_[offset_[f] + i]; }
  /// mayLeadTo for an edge given by its bridge code (slot()).
  bool mayCross(int slot, std::span<const int> goal_components) const {
    if (slot < 0) return true;
    const int child = slot >> 1;
    const bool entering = (slot & 1) != 0;  // crossing into the child's subtree, else out of it
    const int last = tout_[child];          // the child's subtree: components child .. last
    for (int c : goal_components)
      if ((child <= c && c <= last) == entering) return true;
    return false;
  }
  /// True when faces f and g are connected through shared edges.
  bool connected(int f, int g) const { return tree_[comp_[f]] == tree_[comp_[g]]; }

 private:
  std::vector<int> offset_;  // per face: its first edge slot
  std::vector<int> slot_;    // per edge slot: -1, or 2 * child component + (1 when crossing enters it)
  std::vector<int> comp_;    // per face
  std::vector<int> tout_, tree_;  // per component: last pre-order number of its subtree, and its tree's root
};

}  // namespace polypath
