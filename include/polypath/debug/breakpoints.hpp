// breakpoints.hpp: run a search until something of interest happens: a chosen node is
// expanded, the goal enters the open set, or the f of the expanded node exceeds a value.
//
// [SECTION] Breakpoint
// [SECTION] Running to a breakpoint (engine and timeline)
//
// A breakpoint is checked after each expansion, on the state the engine shows through
// SearchState; both the engine (Search) and the timeline (SearchTimeline) can be run to
// one. Running always makes at least one expansion, as a debugger's "continue" does, so
// running again from a stop moves on to the next hit.
#pragma once

#include <span>
#include <string>

#include "polypath/core/search.hpp"
#include "polypath/debug/search_timeline.hpp"

namespace polypath {

// [SECTION] Breakpoint

/// A condition that stops a run after the expansion that makes it true.
struct Breakpoint {
  enum class Kind {
    NodeExpanded,  ///< the expansion closed `node`
    GoalOpened,    ///< the expansion put the goal into the open set for the first time
    FExceeds,      ///< the expanded node's f = g + w h is greater than `f`
  };
  Kind kind = Kind::NodeExpanded;
  NodeId node = kNoNode;  ///< for NodeExpanded
  double f = 0.0;         ///< for FExceeds (world units)

  /// Stops after the expansion of node n.
  static Breakpoint onExpand(NodeId n) { return {Kind::NodeExpanded, n, 0.0}; }
  /// Stops after the expansion that first puts the goal into the open set.
  static Breakpoint onGoalOpened() { return {Kind::GoalOpened, kNoNode, 0.0}; }
  /// Stops after the first expansion of a node whose f is greater than `f`.
  static Breakpoint onFAbove(double f) { return {Kind::FExceeds, kNoNode, f}; }
  /// "node 4 expanded", "goal enters the open set", "f > 30.5".
  std::string describe() const;
};

/// True when the last expansion of `after` fires `bp`. `goal_before` is the goal's
/// status before that expansion (for GoalOpened). False when no expansion was made.
bool breakpointFired(const Breakpoint& bp, const SearchState& after, NodeStatus goal_before);

// [SECTION] Running to a breakpoint

/// Where a run stopped.
struct BreakResult {
  int hit = -1;  ///< index of the breakpoint that fired first (lowest index on a tie), -1: none
  int steps = 0;  ///< expansions made by this run
  SearchStatus status = SearchStatus::Idle;  ///< the search's status at the stop
};

/// Steps `search` until a breakpoint fires, the search finishes, or `max_steps`
/// expansions were made (-1: no limit). The search must have been init()ed.
BreakResult runUntil(Search& search, std::span<const Breakpoint> breakpoints, int max_steps = -1);
/// The same on a timeline, moving forward from its position; at the end of the
/// timeline nothing fires and the status is the final one.
BreakResult runUntil(SearchTimeline& timeline, std::span<const Breakpoint> breakpoints, int max_steps = -1);

}  // namespace polypath
