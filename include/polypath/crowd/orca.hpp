// orca.hpp: optimal reciprocal collision avoidance (ORCA) for disc agents in the plane.
//
// Method: J. van den Berg, S. J. Guy, M. Lin, D. Manocha, "Reciprocal n-Body Collision
// Avoidance", Robotics Research (ISRR 2009), Springer 2011. Each neighbour gives a half-plane
// of velocities (an ORCA line) that avoids collision with it for the time horizon tau, with
// the avoidance effort shared half and half; the new velocity is the one nearest the
// preferred velocity inside every half-plane and the max-speed disc, found by incremental
// 2-D linear programming (Seidel's method, as in the paper, in a fixed order). When the
// half-planes leave no room, a 3-D program finds the velocity that violates the agent lines
// least while keeping the hard (wall) lines.
//
// Walls: polypath's agents walk the region eroded by their radius, so a wall is a segment
// and the agent a point. For each nearby wall segment with nearest point w at distance d
// and unit normal n from w towards the agent, the hard line v . n >= -d / dt keeps the step
// of one time step on the agent's side of the line through w (the segment lies entirely on
// the far side of that line, so the step cannot cross it). This is stricter than ORCA's
// obstacle velocity cones (it looks one step ahead, not tau), and simpler.
#pragma once

#include <cstddef>
#include <vector>

#include "polypath/core/geometry.hpp"

namespace polypath::crowd {

/// A half-plane of permitted velocities: those v with cross(direction, v - point) >= 0,
/// i.e. on the left of the directed line through `point` (world units per second).
struct OrcaLine {
  Point point;      ///< a velocity on the line
  Point direction;  ///< unit direction of the line
};

/// The ORCA line of an agent (position p, velocity v, radius r) against another agent
/// (position q, velocity u, radius s): time horizon `tau` seconds, time step `dt` seconds
/// (used when the two already overlap, to separate them within one step).
OrcaLine agentLine(Point p, Point v, double r, Point q, Point u, double s, double tau, double dt);

/// The hard wall line of a point agent at p whose nearest point on a wall segment is w, at
/// distance d = |p - w| > 0, or at d = 0 with `inward` the wall's unit normal into the free
/// side: the velocity may bring the agent at most d closer to the line through w in dt.
OrcaLine wallLine(Point p, Point w, Point inward, double dt);

/// The velocity nearest `preferred` with length at most `max_speed` that satisfies every
/// line; lines[0 .. hard) are hard (walls) and kept even when the others cannot all be met
/// (then the agent lines are violated as little as possible). Deterministic.
Point solveVelocity(const std::vector<OrcaLine>& lines, std::size_t hard, double max_speed, Point preferred);

}  // namespace polypath::crowd
