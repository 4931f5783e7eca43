// wall_index.hpp: the wall segments (ring edges) of a PolygonMap in a uniform grid, for the
// walls near an agent (its ORCA obstacle lines) and an agent's distance to the nearest wall.
#pragma once

#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/crowd/orca.hpp"

namespace polypath::crowd {

/// The point of segment [a, b] nearest to p (world units).
Point nearestOnSegment(Point p, Point a, Point b);

/// Every ring edge of a map, bucketed in a uniform grid (cell about the mean edge length).
/// Immutable; the map must outlive it.
class WallIndex {
 public:
  explicit WallIndex(const PolygonMap& map);

  /// The walls whose segment passes within `range` of p and that p does not lie behind (p on
  /// the edge or on its walkable side), as ORCA obstacle edges, nearest first (ties in edge
  /// order), written into `out` (cleared first).
  void wallsNear(Point p, double range, std::vector<WallEdge>& out) const;
  /// The wall nearest to p: the index of its edge's first vertex in the map's vertices(),
  /// or -1 for a map without edges.
  int nearestEdge(Point p) const;
  /// Distance from p to the nearest wall (world units); infinity for a map without edges.
  double nearestDistance(Point p) const;

 private:
  const PolygonMap* map_;
  Point min_{};
  double cell_ = 1.0;
  int w_ = 0, h_ = 0;
  std::vector<int> start_, edges_;  // CSR: cell c lists edges_[start_[c] .. start_[c + 1])
  mutable std::vector<int> seen_;   // per edge: last query stamp (wallsNear), not thread-safe
  mutable int stamp_ = 0;
  int cellX(double x) const;
  int cellY(double y) const;
};

}  // namespace polypath::crowd
