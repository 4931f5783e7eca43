// breakpoints.cpp: breakpoint conditions and the runs that stop at them.
#include "polypath/debug/breakpoints.hpp"

#include <sstream>

namespace polypath {

std::string Breakpoint::describe() const {
  std::ostringstream out;
  switch (kind) {
    case Kind::NodeExpanded: out << "node " << node << " expanded"; break;
    case Kind::GoalOpened: out << "goal enters the open set"; break;
    case Kind::FExceeds: out << "f > " << f; break;
  }
  return out.str();
}

bool breakpointFired(const Breakpoint& bp, const SearchState& after, NodeStatus goal_before) {
  const NodeId n = after.lastExpanded();
  if (n == kNoNode) return false;
  switch (bp.kind) {
    case Breakpoint::Kind::NodeExpanded: return n == bp.node;
    case Breakpoint::Kind::GoalOpened:
      return goal_before == NodeStatus::Unseen && after.record(after.goal()).status != NodeStatus::Unseen;
    case Breakpoint::Kind::FExceeds: return after.record(n).f > bp.f;
  }
  return false;
}

namespace {

/// Shared loop: `advance` makes one expansion and returns false when it cannot.
template <typename Advance>
BreakResult runLoop(const SearchState& state, std::span<const Breakpoint> breakpoints, int max_steps,
                    Advance advance) {
  BreakResult result;
  while ((max_steps < 0 || result.steps < max_steps) && state.status() == SearchStatus::Running) {
    const NodeStatus goal_before = state.record(state.goal()).status;
    if (!advance()) break;
    ++result.steps;
    for (std::size_t i = 0; i < breakpoints.size(); ++i) {
      if (breakpointFired(breakpoints[i], state, goal_before)) {
        result.hit = static_cast<int>(i);
        break;
      }
    }
    if (result.hit >= 0) break;
  }
  result.status = state.status();
  return result;
}

}  // namespace

BreakResult runUntil(Search& search, std::span<const Breakpoint> breakpoints, int max_steps) {
  return runLoop(search.state(), breakpoints, max_steps, [&search] {
    const int before = search.state().expandedCount();
    search.step();
    return search.state().expandedCount() > before;
  });
}

BreakResult runUntil(SearchTimeline& timeline, std::span<const Breakpoint> breakpoints, int max_steps) {
  // timeline.state() refers to the live engine, which forward() keeps in place.
  return runLoop(timeline.state(), breakpoints, max_steps, [&timeline] { return timeline.forward(); });
}

}  // namespace polypath
