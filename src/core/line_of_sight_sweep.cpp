// line_of_sight_sweep.cpp: PolygonMap::lineOfSightSweep, line of sight from one point to
// many targets at once by an angular sweep around the point (a visibility polygon),
// and lineOfSightFrom, which picks the cheaper of the sweep and one grid walk per target.
#include <algorithm>
#include <cmath>

#include "polypath/core/polygon_map.hpp"

namespace polypath {

namespace {

// Exact angular order of directions around an apex, counter-clockwise from the
// direction (1, 0): first the half-plane [0, pi), then the orientation.
struct AngularLess {
  Point apex;
  bool upper(Point x) const { return x.y > apex.y || (x.y == apex.y && x.x > apex.x); }
  // -1, 0 or +1: x before, at the same direction as, or after y.
  int compare(Point x, Point y) const {
    const bool ux = upper(x), uy = upper(y);
    if (ux != uy) return ux ? -1 : 1;
    return -orient(apex, x, y);
  }
};

// Beyond this many exact checks for one target (edges through the apex, or vertices and
// edges on the target's ray), the target falls back to lineOfSight().
constexpr std::size_t kMaxLocalChecks = 32;

// lineOfSightFrom(): after this many walks, their mean work projects the rest, and the
// sweep takes over as soon as the projected total passes kProjectedBudget budgets.
constexpr std::size_t kProbeWalks = 8;
constexpr double kProjectedBudget = 1.0;

}  // namespace

std::size_t PolygonMap::lineOfSightFrom(Point a, std::span<const Point> targets, std::vector<char>& clear) const {
  // Budget, in cells and edge entries visited by the grid walks, before the sweep takes
  // over: (n + k) log2(n + k). Callgrind on the bench's 100 edits of rooms-2000 and
  // convex-2000: their walks never reach it (same counts as walks alone); on comb-1000,
  // where the walks run along the corridor, an edit costs 35 M instructions (30 M with
  // the sweep alone, 45 M with 3x the budget, 48 M with walks alone). Half the budget
  // sends some rooms edits to the sweep (p90 +8%).
  // The walks also stop, after the first kProbeWalks, when their mean work times the
  // number of targets passes the budget. Callgrind, update alone, the bench's edits
  // (median / p90 / max): comb-2000 20.8 / 30.2 / 59.2 M instructions without this,
  // 15.5 / 20.8 / 51.1 M with it; rooms-2000 13.9 / 15.9 / 17.6 M and 14.1 / 16.2 /
  // 22.6 M. (Twice the budget after 16 walks: comb 16.7 / 22.4 / 53.8, rooms 14.1 /
  // 16.0 / 20.9.)
  const double items = static_cast<double>(vertices_.size() + targets.size());
  const double budget = 1.0 * items * std::log2(items + 1.0);
  clear.resize(targets.size());
  std::size_t work = 0, k = 0;
  const double total = static_cast<double>(targets.size());
  for (; k < targets.size(); ++k) {
    const double done = static_cast<double>(work);
    if (done > budget || (k >= kProbeWalks && done * total > kProjectedBudget * budget * static_cast<double>(k))) break;
    clear[k] = walkLineOfSight(a, targets[k], work);
  }
  if (k == targets.size()) return k;
  std::vector<char> restClear;
  lineOfSightSweep(a, targets.subspan(k), restClear);
  std::copy(restClear.begin(), restClear.end(), clear.begin() + static_cast<std::ptrdiff_t>(k));
  return k;
}

void PolygonMap::lineOfSightSweep(Point a, std::span<const Point> targets, std::vector<char>& clear) const {
  clear.assign(targets.size(), 1);
  const int n = static_cast<int>(vertices_.size());
  if (n == 0 || targets.empty()) return;
  const AngularLess angle{a};
  // Events: every vertex and target not at a, sorted by direction from a; events with
  // the same direction form one group. Entry k < n is vertex k, else target k - n.
  std::vector<int> order;
  order.reserve(static_cast<std::size_t>(n) + targets.size());
  auto at = [&](int k) { return k < n ? vertices_[static_cast<std::size_t>(k)].position : targets[static_cast<std::size_t>(k - n)]; };
  for (int k = 0; k < n + static_cast<int>(targets.size()); ++k)
    if (at(k) != a) order.push_back(k);
  std::sort(order.begin(), order.end(), [&](int x, int y) { return angle.compare(at(x), at(y)) < 0; });
  std::vector<int> groupOf(static_cast<std::size_t>(n) + targets.size(), -1);
  std::vector<int> groupStart;  // per group, its first index into `order`; one past the end last
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k == 0 || angle.compare(at(order[k - 1]), at(order[k])) != 0) groupStart.push_back(static_cast<int>(k));
    groupOf[static_cast<std::size_t>(order[k])] = static_cast<int>(groupStart.size()) - 1;
  }
  const int groups = static_cast<int>(groupStart.size());
  groupStart.push_back(static_cast<int>(order.size()));
  // Edges whose line passes through a: those containing a are checked exactly against
  // every target; the others lie along one direction and are checked against the
  // targets of that group. Every other edge strictly spans an open range of directions.
  std::vector<int> throughApex;
  std::vector<std::vector<int>> alongGroup(static_cast<std::size_t>(groups));
  // Slots: 2g + 1 is the direction of group g, 2g the open range of directions just
  // before it, 2 * groups the range after the last group. A segment tree over the slots
  // keeps, per node, the edge nearest to a among the edges spanning all its slots.
  const int slots = 2 * groups + 1;
  int size = 1;
  while (size < slots) size *= 2;
  std::vector<int> nearest(2 * static_cast<std::size_t>(size), -1);
  // Exact: edge f is nearer to a than edge e, for two edges spanning a common open range
  // of directions without crossing there (so one of them lies on a's side of the other).
  auto nearer = [&](int f, int e) {
    const Point e1 = vertices_[e].position, e2 = vertices_[vertices_[e].next].position;
    const Point f1 = vertices_[f].position, f2 = vertices_[vertices_[f].next].position;
    const int side = orient(e1, e2, a), s1 = orient(e1, e2, f1) * side, s2 = orient(e1, e2, f2) * side;
    if (s1 >= 0 && s2 >= 0) return s1 > 0 || s2 > 0;
    if (s1 <= 0 && s2 <= 0) return false;
    const int other = orient(f1, f2, a), u1 = orient(f1, f2, e1) * other, u2 = orient(f1, f2, e2) * other;
    return !(u1 >= 0 && u2 >= 0);
  };
  auto keep = [&](int node, int e) {
    int& best = nearest[static_cast<std::size_t>(node)];
    if (best < 0 || nearer(e, best)) best = e;
  };
  auto insert = [&](int lo, int hi, int e) {  // slots lo..hi inclusive
    for (int l = lo + size, r = hi + size + 1; l < r; l >>= 1, r >>= 1) {
      if (l & 1) keep(l++, e);
      if (r & 1) keep(--r, e);
    }
  };
  for (int e = 0; e < n; ++e) {
    const Point s = vertices_[e].position, t = vertices_[vertices_[e].next].position;
    const int o = orient(a, s, t);
    if (o == 0) {
      if (onSegment(s, t, a)) throughApex.push_back(e);
      else alongGroup[static_cast<std::size_t>(groupOf[static_cast<std::size_t>(e)])].push_back(e);
      continue;
    }
    // Counter-clockwise from group gs to group gt, less than pi.
    const int gs = groupOf[static_cast<std::size_t>(o > 0 ? e : vertices_[e].next)];
    const int gt = groupOf[static_cast<std::size_t>(o > 0 ? vertices_[e].next : e)];
    if (gs < gt) {
      insert(2 * gs + 2, 2 * gt, e);
    } else {
      insert(2 * gs + 2, slots - 1, e);
      insert(0, 2 * gt, e);
    }
  }
  const bool apexCrowded = throughApex.size() > kMaxLocalChecks;
  std::vector<std::size_t> crowded;  // targets on crowded rays, decided at the end
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const Point b = targets[k];
    if (b == a) continue;  // lineOfSight(a, a)
    if (apexCrowded) {
      clear[k] = lineOfSight(a, b);
      continue;
    }
    bool ok = true;
    for (int e : throughApex) ok = ok && segmentClearOfEdge(e, a, b);
    const int g = groupOf[static_cast<std::size_t>(n) + k];
    // Vertices on the closed segment towards b, in b's group: both their edges, exactly.
    const auto& along = alongGroup[static_cast<std::size_t>(g)];
    std::size_t checks = along.size();
    for (int j = groupStart[g]; ok && j < groupStart[g + 1] && checks <= kMaxLocalChecks; ++j) {
      const int v = order[static_cast<std::size_t>(j)];
      if (v >= n || !onSegment(a, b, vertices_[v].position)) continue;
      checks += 2;
      ok = segmentClearOfEdge(v, a, b) && segmentClearOfEdge(vertices_[v].prev, a, b);
    }
    if (checks > kMaxLocalChecks) {
      crowded.push_back(k);
      continue;
    }
    for (int e : along) ok = ok && segmentClearOfEdge(e, a, b);
    // The edges spanning b's direction: the nearest of each tree node above its slot.
    // If none of these blocks, every other spanning edge lies beyond them, so beyond b,
    // unless one passes through b: edges lying on one another (a zero-width wall, a
    // shared edge) tie, only one of them is kept, and at b they may differ.
    bool throughB = false;
    for (int node = 2 * g + 1 + size; ok && node >= 1; node >>= 1) {
      const int e = nearest[static_cast<std::size_t>(node)];
      if (e < 0) continue;
      ok = segmentClearOfEdge(e, a, b);
      throughB = throughB || orient(vertices_[e].position, vertices_[vertices_[e].next].position, b) == 0;
    }
    clear[k] = ok && throughB ? lineOfSight(a, b) : ok;
  }
  // Targets on a crowded ray (many vertices on one line through a, as along a row of
  // collinear corners), by ray and then by distance from a. Along one ray a segment that
  // leaves the closed walkable region still leaves it when extended, so the blocked
  // targets of a ray are the farthest ones: a binary search with lineOfSight() finds
  // the first, in O(log k) grid walks instead of k.
  auto farther = [&](Point x, Point y) {  // x beyond y on one ray from a
    if (x.x != y.x) return (x.x > y.x) == (x.x > a.x);
    return x.y != y.y && (x.y > y.y) == (x.y > a.y);
  };
  std::sort(crowded.begin(), crowded.end(), [&](std::size_t x, std::size_t y) {
    const int gx = groupOf[static_cast<std::size_t>(n) + x], gy = groupOf[static_cast<std::size_t>(n) + y];
    return gx != gy ? gx < gy : farther(targets[y], targets[x]);
  });
  for (std::size_t first = 0, last; first < crowded.size(); first = last) {
    const int g = groupOf[static_cast<std::size_t>(n) + crowded[first]];
    for (last = first; last < crowded.size() && groupOf[static_cast<std::size_t>(n) + crowded[last]] == g;) ++last;
    std::size_t lo = first, hi = last;  // the first blocked target is in [lo, hi]
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (lineOfSight(a, targets[crowded[mid]])) lo = mid + 1;
      else hi = mid;
    }
    for (std::size_t j = first; j < last; ++j) clear[crowded[j]] = j < lo;
  }
}

}  // namespace polypath
