// ring_contacts.cpp: the edge sweep over many rings, and meetingRingPairs() on it.
#include "geom/ring_contacts.hpp"

#include <algorithm>

#include "polypath/core/geometry.hpp"

namespace polypath {

bool segmentsMeet(Point p, Point q, Point a, Point b) {
  const int o1 = orient(p, q, a), o2 = orient(p, q, b), o3 = orient(a, b, p), o4 = orient(a, b, q);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (o1 == 0 && onSegment(p, q, a)) || (o2 == 0 && onSegment(p, q, b)) || (o3 == 0 && onSegment(a, b, p)) ||
         (o4 == 0 && onSegment(a, b, q));
}

void forEachNearEdgePair(const std::vector<const Ring*>& rings,
                         const std::function<void(const RingEdge&, const RingEdge&)>& visit) {
  std::vector<RingEdge> edges;
  for (std::size_t r = 0; r < rings.size(); ++r) {
    if (!rings[r]) continue;
    const Ring& ring = *rings[r];
    for (std::size_t k = 0; k < ring.size(); ++k) {
      const Point a = ring[k], b = ring[(k + 1) % ring.size()];
      edges.push_back({a, b, r, k, std::min(a.x, b.x), std::max(a.x, b.x), std::min(a.y, b.y), std::max(a.y, b.y)});
    }
  }
  std::sort(edges.begin(), edges.end(), [](const RingEdge& l, const RingEdge& r) { return l.min_x < r.min_x; });
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const RingEdge& e = edges[i];
    for (std::size_t j = i + 1; j < edges.size() && edges[j].min_x <= e.max_x; ++j) {
      const RingEdge& f = edges[j];
      if (e.ring != f.ring && f.max_y >= e.min_y && f.min_y <= e.max_y) visit(e, f);
    }
  }
}

std::vector<std::pair<std::size_t, std::size_t>> meetingRingPairs(const std::vector<const Ring*>& rings) {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  forEachNearEdgePair(rings, [&](const RingEdge& e, const RingEdge& f) {
    if (segmentsMeet(e.a, e.b, f.a, f.b)) pairs.emplace_back(std::min(e.ring, f.ring), std::max(e.ring, f.ring));
  });
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  return pairs;
}

}  // namespace polypath
