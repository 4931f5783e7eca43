// funnel.cpp: Mononen's simple stupid funnel algorithm with exact predicates, and the
// seed article's portal-corridor simplification.
#include "polypath/core/funnel.hpp"

#include <stdexcept>

namespace polypath {

namespace {

/// Exact orientation decides the side; for a point on the side's line, p stays inside the
/// funnel when it lies on the side's ray no farther than the side's end.
bool notBeyond(Point apex, Point end, Point p) {
  const Point d = end - apex, q = p - apex;
  return dot(q, d) >= 0.0 && dot(q, q) <= dot(d, d);
}

/// p is strictly right of the left side apex -> left, or on it no farther than its end.
bool insideLeftSide(Point apex, Point left, Point p) {
  const int o = orient(apex, left, p);
  return o < 0 || (o == 0 && left != apex && notBeyond(apex, left, p));
}

/// p is strictly left of the right side apex -> right, or on it no farther than its end.
bool insideRightSide(Point apex, Point right, Point p) {
  const int o = orient(apex, right, p);
  return o > 0 || (o == 0 && right != apex && notBeyond(apex, right, p));
}

}  // namespace

Funnel::Funnel(std::vector<FunnelPortal> portals) : portals_(std::move(portals)) {
  if (portals_.size() < 2) throw std::invalid_argument("the funnel needs at least a start and a goal portal");
  const Point start = portals_.front().left;
  state_.apex = state_.left = state_.right = start;
  state_.path.push_back(start);
}

void Funnel::push(Point p) {
  std::vector<Point>& path = state_.path;
  if (!path.empty() && path.back() == p) return;
  if (path.size() >= 2) {
    const Point a = path[path.size() - 2], b = path.back();
    // b lies on the segment a -> p: the path goes straight through it.
    if (orient(a, b, p) == 0 && dot(b - a, p - b) >= 0.0) path.pop_back();
  }
  path.push_back(p);
}

void Funnel::restartAt(Point p, int index) {
  push(p);
  state_.apex = state_.left = state_.right = p;
  state_.apex_index = state_.left_index = state_.right_index = index;
  state_.next = index + 1;
}

void Funnel::finish() {
  push(portals_.back().left);
  state_.done = true;
}

void Funnel::step() {
  if (state_.done) return;
  const int n = static_cast<int>(portals_.size());
  if (state_.next >= n) {
    finish();
    return;
  }
  const int i = state_.next;
  const Point l = portals_[i].left, r = portals_[i].right;
  FunnelState& s = state_;
  // Right side: r moves inward (or stays on the side's line).
  if (orient(s.apex, s.right, r) >= 0) {
    if (s.apex == s.right || insideLeftSide(s.apex, s.left, r)) {
      s.right = r;
      s.right_index = i;
    } else {  // r crosses the left side: the left end is a corner of the path
      restartAt(s.left, s.left_index);
      return;
    }
  }
  // Left side, symmetrically.
  if (orient(s.apex, s.left, l) <= 0) {
    if (s.apex == s.left || insideRightSide(s.apex, s.right, l)) {
      s.left = l;
      s.left_index = i;
    } else {
      restartAt(s.right, s.right_index);
      return;
    }
  }
  s.next = i + 1;
  if (s.next >= n) finish();
}

const std::vector<Point>& Funnel::run() {
  while (!state_.done) step();
  return state_.path;
}

std::vector<Point> stringPull(const std::vector<FunnelPortal>& portals) {
  Funnel f(portals);
  return f.run();
}

std::vector<FunnelState> funnelSteps(const std::vector<FunnelPortal>& portals) {
  Funnel f(portals);
  std::vector<FunnelState> states{f.state()};
  while (!f.done()) {
    f.step();
    states.push_back(f.state());
  }
  return states;
}

namespace {

/// The seed's ValidChannel: both endpoints of the new portal lie inside the channel whose
/// sides run from the apex segment's ends through the current portal's ends, and on the
/// far side of the apex segment.
bool insideChannel(const FunnelPortal& apex, const FunnelPortal& current, const FunnelPortal& next) {
  for (const Point p : {next.left, next.right}) {
    if (orient(apex.left, current.left, p) > 0) return false;    // left of the left side
    if (orient(apex.right, current.right, p) < 0) return false;  // right of the right side
    if (orient(apex.left, apex.right, p) < 0) return false;      // behind the apex segment
  }
  return true;
}

}  // namespace

PortalCorridor portalCorridor(const std::vector<FunnelPortal>& portals) {
  if (portals.size() < 2) throw std::invalid_argument("a portal corridor needs at least a start and a goal portal");
  PortalCorridor out;
  out.start = portals.front().left;
  out.goal = portals.back().left;
  if (portals.size() == 2) return out;
  FunnelPortal apex = portals.front();
  FunnelPortal current = portals[1];
  for (std::size_t i = 2; i < portals.size(); ++i) {
    if (!insideChannel(apex, current, portals[i])) {
      out.portals.push_back(current);
      apex = current;
    }
    current = portals[i];
  }
  return out;
}

}  // namespace polypath
