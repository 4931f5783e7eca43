// ring_contacts.hpp: edges of different rings that come near each other, found by one
// sweep over all the edges, and which rings' boundaries meet.
#pragma once

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// Edge k of ring `ring` (from vertex k to vertex k + 1, the last closing the ring), with
/// its bounding box.
struct RingEdge {
  Point a, b;
  std::size_t ring = 0, k = 0;
  double min_x = 0.0, max_x = 0.0, min_y = 0.0, max_y = 0.0;
};

/// Calls visit(e, f) once for every pair of edges of different rings whose bounding boxes
/// meet (closed boxes), e before f in the sweep order. `rings[r]` may be null: ring r is
/// skipped. A sweep over the edges sorted by lowest x, each edge tested against the later
/// ones whose x-range overlaps it: O(n log n + k) for n edges and k overlapping pairs.
void forEachNearEdgePair(const std::vector<const Ring*>& rings,
                         const std::function<void(const RingEdge&, const RingEdge&)>& visit);

/// The pairs (i, j), i < j, of rings whose closed boundaries meet: an edge of ring i and
/// an edge of ring j share at least one point (crossing, touching at a vertex, or lying on
/// each other). Exact (core/geometry.hpp predicates). Sorted, no repeats. Validation uses
/// it to decide "these two rings do not touch" without a GEOS relate per pair (each of
/// which builds an index over both rings).
std::vector<std::pair<std::size_t, std::size_t>> meetingRingPairs(const std::vector<const Ring*>& rings);

/// Exact: the closed segments [p, q] and [a, b] share at least one point.
bool segmentsMeet(Point p, Point q, Point a, Point b);

}  // namespace polypath
