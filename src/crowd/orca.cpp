// orca.cpp: ORCA lines and the 2-D / 3-D linear programs that pick the velocity.
#include "polypath/crowd/orca.hpp"

#include <algorithm>
#include <cmath>

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

OrcaLine wallLine(Point p, Point w, Point inward, double dt) {
  const double d = distance(p, w);
  const Point n = d > 0.0 ? (p - w) * (1.0 / d) : inward;
  return {n * (-d / dt), {n.y, -n.x}};
}

Point solveVelocity(const std::vector<OrcaLine>& lines, std::size_t hard, double max_speed, Point preferred) {
  Point result;
  const std::size_t failed = solvePlane(lines, max_speed, preferred, false, result);
  if (failed < lines.size()) solveLeastViolation(lines, hard, failed, max_speed, result);
  return result;
}

}  // namespace polypath::crowd
