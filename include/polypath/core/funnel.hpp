// funnel.hpp: the funnel algorithm (string pulling) over a sequence of portals, in a
// steppable form for the editor, and the seed article's portal-corridor simplification.
//
// [SECTION] Portals
// [SECTION] Funnel (steppable string pulling)
// [SECTION] Portal corridor (seed 003's channel test)
//
// Method: the shortest path inside a simple polygon triangulated into a corridor is found
// by keeping a funnel (an apex and two chains) while crossing the portals (Lee and
// Preparata, "Euclidean shortest paths in the presence of rectilinear barriers", 1984;
// Chazelle 1982). polypath implements Mikko Mononen's "Simple Stupid Funnel Algorithm"
// (2010): only the two funnel sides' last points are kept and the scan restarts from the
// new apex when one side crosses the other. All decisions use the exact orient()
// predicate. Collinear portal endpoints add no points: a point that lies on the straight
// segment between its neighbours is never part of the result.
#pragma once

#include <vector>

#include "polypath/core/geometry.hpp"

namespace polypath {

// [SECTION] Portals

/// One portal as seen by a walker going through it: `left` to the walker's left (counter-
/// clockwise side in a y-up frame), `right` to the right. A point (start, goal) is a
/// portal with left == right.
struct FunnelPortal {
  Point left, right;  ///< world units
  friend bool operator==(const FunnelPortal&, const FunnelPortal&) = default;
};

// [SECTION] Funnel

/// Where the funnel stands after a step: the apex, the ends of its two sides, their
/// portal indices, and the path so far.
struct FunnelState {
  Point apex, left, right;                     ///< world units
  int apex_index = 0, left_index = 0, right_index = 0;  ///< portal indices of those points
  int next = 1;                                ///< index of the next portal to process
  std::vector<Point> path;                     ///< start, then every apex fixed so far
  bool done = false;                           ///< the goal has been added: `path` is final
};

/// The simple stupid funnel algorithm, one portal per step:
///
///   Funnel f(portals);
///   while (!f.done()) { f.step(); draw(f.state()); }
///   f.state().path  // the taut path
///
/// Input: portals[0] = (start, start), then the corridor's portals in travel order, then
/// (goal, goal). Each step processes one portal: tightens a side, or, when the new end of
/// one side crosses the other side, fixes that side's end as a new apex and restarts the
/// scan after it (the restart is the step's whole work). Terminates after at most
/// O(n^2) steps for n portals (each restart moves the apex to a later portal).
class Funnel {
 public:
  /// Throws std::invalid_argument when fewer than 2 portals are given.
  explicit Funnel(std::vector<FunnelPortal> portals);
  /// One step (no effect once done).
  void step();
  /// Steps until done; returns the path.
  const std::vector<Point>& run();
  bool done() const { return state_.done; }
  const FunnelState& state() const { return state_; }
  const std::vector<FunnelPortal>& portals() const { return portals_; }

 private:
  void push(Point p);  // appends p to the path unless it repeats the last point; drops a straight-through middle point
  void restartAt(Point p, int index);
  void finish();
  std::vector<FunnelPortal> portals_;
  FunnelState state_;
};

/// The shortest path through the portals (Funnel(portals).run()): start, the portal
/// endpoints where it turns, goal. Requires at least 2 portals (start and goal).
std::vector<Point> stringPull(const std::vector<FunnelPortal>& portals);

/// Funnel state after every step, for drawing the funnel one portal at a time: entry k
/// is the state after k steps (entry 0 is the initial state).
std::vector<FunnelState> funnelSteps(const std::vector<FunnelPortal>& portals);

// [SECTION] Portal corridor

/// The seed article's output: start, goal, and the portals an agent must still steer
/// through; the portals between them are implied. A crowd can spread across each portal
/// instead of funnelling to its corners.
struct PortalCorridor {
  Point start, goal;                   ///< world units
  std::vector<FunnelPortal> portals;   ///< in travel order (start and goal excluded)
};

/// Simplifies a portal sequence (same input as Funnel) by the seed article's channel test
/// ("003", NavAgent::ValidChannel): the channel runs from the last kept portal (its apex
/// segment) to the current portal; the next portal is absorbed when both its endpoints lie
/// inside the channel (inside both side lines and beyond the apex segment), otherwise the
/// current portal is kept and becomes the new apex segment. The goal is tested the same
/// way at the end. The seed walks from the goal back to the start; this runs forwards
/// with the same test, exactly (orient, no epsilon).
PortalCorridor portalCorridor(const std::vector<FunnelPortal>& portals);

}  // namespace polypath
