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
// Walls: ORCA's static obstacles as in J. van den Berg, S. J. Guy, J. Snape, M. C. Lin,
// D. Manocha, RVO2 Library (Agent::computeNewVelocity, 2008-2011), written here from that
// description. polypath's agents walk the region eroded by their radius, so the agent is a
// point (radius 0) and each nearby edge of the eroded region an obstacle segment: the
// velocity obstacle of a segment for the obstacle time horizon is the cone from the agent
// over the segment, cut off at 1 / tau; its ORCA line is the tangent at the point of the
// cone's boundary nearest the current velocity (legs that would point into a neighbouring
// edge give way to it). Obstacle lines come first and are hard: the 3-D program never gives
// them up, so the agent yields to a wall, never the wall to the agent.
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

/// One wall edge as ORCA's obstacle code sees it: free space on the right of left -> right
/// (the region's edge b -> a reversed), and the corners' shape from the obstacle's side.
struct WallEdge {
  Point left, right;          ///< endpoints, world units
  bool left_convex = false;   ///< the obstacle's corner at `left` is convex (the region is reflex there)
  bool right_convex = false;  ///< the same at `right`
  Point before;               ///< unit direction of the wall edge ending at `left` (towards `left`)
  Point after;                ///< unit direction of the wall edge starting at `right` (away from `right`)
};

/// Appends the ORCA lines of a point agent at p with velocity v (world units per second)
/// against `walls` (nearest first), time horizon `tau` seconds, to `lines`; a wall whose
/// velocity obstacle the lines already in `lines` cover adds none. Walls with p on their
/// solid side are skipped.
void addObstacleLines(Point p, Point v, const std::vector<WallEdge>& walls, double tau, std::vector<OrcaLine>& lines);

/// The velocity nearest `preferred` with length at most `max_speed` that satisfies every
/// line; lines[0 .. hard) are hard (walls) and kept even when the others cannot all be met
/// (then the agent lines are violated as little as possible). Deterministic.
Point solveVelocity(const std::vector<OrcaLine>& lines, std::size_t hard, double max_speed, Point preferred);

}  // namespace polypath::crowd
