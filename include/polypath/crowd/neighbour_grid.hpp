// neighbour_grid.hpp: the agents near an agent, from a uniform grid (spatial hash) rebuilt
// each step, instead of testing every pair.
//
// The cell size is the neighbour distance, so every agent within that distance of p lies in
// p's cell or one of its 8 neighbours. near() gathers those cells' agents and returns them
// in ascending index order: exactly the list, in exactly the order, that a loop over all
// agents keeping those within the distance gives, so a crowd stepped with the grid is bit
// for bit the crowd stepped with the all-pairs loop (tested).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "polypath/core/geometry.hpp"

namespace polypath::crowd {

/// Points bucketed in square cells of side `cell` (world units); rebuilt with build().
class NeighbourGrid {
 public:
  /// Buckets `points` (index k is point k); only those with use[k] != 0 are entered
  /// (use empty: all). `cell`: the cell side, world units, > 0 (the neighbour distance).
  void build(const std::vector<Point>& points, const std::vector<char>& use, double cell);
  /// The indices k of entered points other than `self` with |points[k] - p|^2 <= reach^2,
  /// ascending, written into `out` (cleared first). `reach` must be at most the cell side.
  void near(Point p, double reach, std::size_t self, std::vector<std::size_t>& out) const;

 private:
  struct Entry {
    std::int64_t cx, cy;
    std::size_t index;
  };
  std::int64_t cellOf(double v) const;
  std::vector<Entry> entries_;  // sorted by (cx, cy, index)
  std::vector<Point> points_;
  double cell_ = 1.0;
};

/// The same list by testing every entered point: the reference near() is tested against.
void neighboursBruteForce(const std::vector<Point>& points, const std::vector<char>& use, Point p, double reach,
                          std::size_t self, std::vector<std::size_t>& out);

}  // namespace polypath::crowd
