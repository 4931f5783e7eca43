// orca.cpp: ORCA lines and the 2-D / 3-D linear programs that pick the velocity.
#include "polypath/crowd/orca.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace polypath::crowd {
namespace {

constexpr double kParallel = 1e-12;  // |cross| below this: two lines are taken as parallel

double sq(Point a) { return dot(a, a); }

// The best point on line `index` that satisfies lines[0 .. index) and lies in the disc of
// `radius`: nearest `target`, or furthest along `target` when `along` (target then a unit
// direction). False when no point of the line qualifies.
bool solveOnLine(const std::vector<OrcaLine>& lines, std::size_t index, double radius, Point target, bool along,
                 Point& result) {
  const OrcaLine& line = lines[index];
  const double dp = dot(line.point, line.direction);
  const double disc = dp * dp + radius * radius - sq(line.point);
  if (disc < 0.0) return false;
  const double root = std::sqrt(disc);
  double lo = -dp - root, hi = -dp + root;
  for (std::size_t i = 0; i < index; ++i) {
    const double denominator = cross(line.direction, lines[i].direction);
    const double numerator = cross(lines[i].direction, line.point - lines[i].point);
    if (std::fabs(denominator) <= kParallel) {
      if (numerator < 0.0) return false;
      continue;
    }
    const double t = numerator / denominator;
    if (denominator >= 0.0) hi = std::min(hi, t);
    else lo = std::max(lo, t);
    if (lo > hi) return false;
  }
  double t;
  if (along) t = dot(target, line.direction) > 0.0 ? hi : lo;
  else t = std::clamp(dot(line.direction, target - line.point), lo, hi);
  result = line.point + line.direction * t;
  return true;
}

// Seidel's incremental 2-D program; returns lines.size() on success, else the index of the
// first line it could not satisfy (result then meets the lines before it).
std::size_t solvePlane(const std::vector<OrcaLine>& lines, double radius, Point target, bool along, Point& result) {
  if (along) result = target * radius;
  else if (sq(target) > radius * radius) result = normalized(target) * radius;
  else result = target;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (cross(lines[i].direction, lines[i].point - result) > 0.0) {
      const Point kept = result;
      if (!solveOnLine(lines, i, radius, target, along, result)) {
        result = kept;
        return i;
      }
    }
  }
  return lines.size();
}

// The 3-D program: from line `first` on, minimise the largest violation of the soft lines
// while keeping the hard ones (lines[0 .. hard)).
void solveLeastViolation(const std::vector<OrcaLine>& lines, std::size_t hard, std::size_t first, double radius,
                         Point& result) {
  double worst = 0.0;
  std::vector<OrcaLine> projected;
  for (std::size_t i = first; i < lines.size(); ++i) {
    if (cross(lines[i].direction, lines[i].point - result) <= worst) continue;
    projected.assign(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(hard));
    for (std::size_t j = hard; j < i; ++j) {
      OrcaLine l;
      const double det = cross(lines[i].direction, lines[j].direction);
      if (std::fabs(det) <= kParallel) {
        if (dot(lines[i].direction, lines[j].direction) > 0.0) continue;
        l.point = (lines[i].point + lines[j].point) * 0.5;
      } else {
        l.point = lines[i].point + lines[i].direction * (cross(lines[j].direction, lines[i].point - lines[j].point) / det);
      }
      l.direction = normalized(lines[j].direction - lines[i].direction);
      projected.push_back(l);
    }
    const Point kept = result;
    const Point away{-lines[i].direction.y, lines[i].direction.x};
    if (solvePlane(projected, radius, away, true, result) < projected.size()) result = kept;
    worst = cross(lines[i].direction, lines[i].point - result);
  }
}

}  // namespace

OrcaLine agentLine(Point p, Point v, double r, Point q, Point u, double s, double tau, double dt) {
  const Point rel_pos = q - p;
  const Point rel_vel = v - u;
  const double dist_sq = sq(rel_pos);
  const double rr = r + s;
  const double rr_sq = rr * rr;
  OrcaLine line;
  Point change;  // the smallest change of relative velocity that leaves the velocity obstacle
  if (dist_sq > rr_sq) {
    const Point w = rel_vel - rel_pos * (1.0 / tau);  // from the cut-off circle's centre
    const double w_sq = sq(w);
    const double w_dot = dot(w, rel_pos);
    if (w_dot < 0.0 && w_dot * w_dot > rr_sq * w_sq) {
      // Nearest boundary is the cut-off circle.
      const double w_len = std::sqrt(w_sq);
      const Point unit = w * (1.0 / w_len);
      line.direction = {unit.y, -unit.x};
      change = unit * (rr / tau - w_len);
    } else {
      // Nearest boundary is one of the cone's legs.
      const double leg = std::sqrt(dist_sq - rr_sq);
      if (cross(rel_pos, w) > 0.0) {
        line.direction = Point{rel_pos.x * leg - rel_pos.y * rr, rel_pos.x * rr + rel_pos.y * leg} * (1.0 / dist_sq);
      } else {
        line.direction = Point{rel_pos.x * leg + rel_pos.y * rr, -rel_pos.x * rr + rel_pos.y * leg} * (-1.0 / dist_sq);
      }
      change = line.direction * dot(rel_vel, line.direction) - rel_vel;
    }
  } else {
    // Already overlapping: separate within one time step.
    const Point w = rel_vel - rel_pos * (1.0 / dt);
    const double w_len = length(w);
    const Point unit = w_len > 0.0 ? w * (1.0 / w_len) : normalized(Point{-rel_pos.x, -rel_pos.y});
    line.direction = {unit.y, -unit.x};
    change = unit * (rr / dt - w_len);
  }
  line.point = v + change * 0.5;
  return line;
}

void addObstacleLines(Point p, Point v, const std::vector<WallEdge>& walls, double tau, std::vector<OrcaLine>& lines) {
  // RVO2's obstacle code for an agent of radius 0. A corner: its point, whether the obstacle
  // is convex there, the unit direction of the obstacle edge leaving it and of the one
  // arriving at it (free space on the right of each).
  struct Corner {
    Point point;
    bool convex;
    Point out, in;
  };
  const double inv_tau = 1.0 / tau;
  constexpr double kEpsilon = 1e-12;
  for (const WallEdge& w : walls) {
    const Point edge = w.right - w.left;
    if (dot(edge, edge) <= 0.0) continue;
    const Point dir = normalized(edge);
    Corner c1{w.left, w.left_convex, dir, w.before};
    Corner c2{w.right, w.right_convex, w.after, dir};
    const Point rel1 = c1.point - p, rel2 = c2.point - p;
    // Already covered: both cut-off points satisfy a line taken so far.
    bool covered = false;
    for (const OrcaLine& l : lines)
      if (cross(rel1 * inv_tau - l.point, l.direction) >= -kEpsilon && cross(rel2 * inv_tau - l.point, l.direction) >= -kEpsilon) {
        covered = true;
        break;
      }
    if (covered) continue;
    const double s = dot(Point{-rel1.x, -rel1.y}, edge) / dot(edge, edge);
    const double dist_line = sq(Point{-rel1.x, -rel1.y} - edge * s);
    OrcaLine line;
    if (s >= 0.0 && s <= 1.0 && dist_line <= 0.0) {  // on the segment
      // On a convex corner of the obstacle the free wedge is wider than a half-plane and no
      // single line describes it: the edge gives none (the step check in Crowd keeps the
      // agent out of the wedge). Elsewhere the velocity may not point into the wall.
      if ((s == 0.0 && c1.convex) || (s == 1.0 && c2.convex)) continue;
      lines.push_back({{0, 0}, Point{-dir.x, -dir.y}});
      continue;
    }
    // The legs of the cone; seen obliquely, both come from one corner.
    Point left_leg, right_leg;
    if (s < 0.0 && dist_line <= 0.0) {
      if (!c1.convex) continue;
      c2 = c1;
      left_leg = right_leg = normalized(rel1);
    } else if (s > 1.0 && dist_line <= 0.0) {
      if (!c2.convex) continue;
      c1 = c2;
      left_leg = right_leg = normalized(rel2);
    } else {
      left_leg = c1.convex ? normalized(rel1) : Point{-c1.out.x, -c1.out.y};  // non-convex: extend the cut-off line
      right_leg = c2.convex ? normalized(rel2) : c1.out;
    }
    const bool single = c1.point == c2.point;
    // A leg pointing into the neighbouring edge at a convex corner gives way to that edge.
    bool left_foreign = false, right_foreign = false;
    if (c1.convex && cross(left_leg, Point{-c1.in.x, -c1.in.y}) >= 0.0) {
      left_leg = Point{-c1.in.x, -c1.in.y};
      left_foreign = true;
    }
    if (c2.convex && cross(right_leg, c2.out) <= 0.0) {
      right_leg = c2.out;
      right_foreign = true;
    }
    const Point left_cut = (c1.point - p) * inv_tau, right_cut = (c2.point - p) * inv_tau;
    const Point cut = right_cut - left_cut;
    const double t = single ? 0.5 : dot(v - left_cut, cut) / sq(cut);
    const double t_left = dot(v - left_cut, left_leg), t_right = dot(v - right_cut, right_leg);
    if ((t < 0.0 && t_left < 0.0) || (single && t_left < 0.0 && t_right < 0.0)) {
      const Point unit = normalized(v - left_cut);  // the left cut-off point
      lines.push_back({left_cut, {unit.y, -unit.x}});
      continue;
    }
    if (t > 1.0 && t_right < 0.0) {
      const Point unit = normalized(v - right_cut);
      lines.push_back({right_cut, {unit.y, -unit.x}});
      continue;
    }
    const double inf = std::numeric_limits<double>::infinity();
    const double d_cut = (t < 0.0 || t > 1.0 || single) ? inf : sq(v - (left_cut + cut * t));
    const double d_left = t_left < 0.0 ? inf : sq(v - (left_cut + left_leg * t_left));
    const double d_right = t_right < 0.0 ? inf : sq(v - (right_cut + right_leg * t_right));
    if (d_cut <= d_left && d_cut <= d_right) {
      lines.push_back({left_cut, Point{-c1.out.x, -c1.out.y}});
    } else if (d_left <= d_right) {
      if (!left_foreign) lines.push_back({left_cut, left_leg});
    } else if (!right_foreign) {
      lines.push_back({right_cut, Point{-right_leg.x, -right_leg.y}});
    }
  }
}

Point solveVelocity(const std::vector<OrcaLine>& lines, std::size_t hard, double max_speed, Point preferred) {
  Point result;
  const std::size_t failed = solvePlane(lines, max_speed, preferred, false, result);
  if (failed < lines.size()) solveLeastViolation(lines, hard, failed, max_speed, result);
  return result;
}

}  // namespace polypath::crowd
