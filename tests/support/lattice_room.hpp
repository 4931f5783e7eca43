// lattice_room.hpp: a square room with a lattice of square holes, for tests whose queries
// should cost the same however many corners the room has.
#pragma once

#include "polypath/core/polygon_map.hpp"

namespace polypath::test {

/// A square room 4k units wide with k x k square holes 2 units wide on a 4-unit lattice
/// (hole (i, j) spans [4i + 1, 4i + 3] x [4j + 1, 4j + 3]): 4 k^2 reflex corners, and
/// corridors 2 units wide along which a point sees many of them.
inline PolygonMap latticeRoom(int k) {
  Polygon room{{{0, 0}, {4.0 * k, 0}, {4.0 * k, 4.0 * k}, {0, 4.0 * k}}, {}};
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      const double x = 4.0 * i + 1, y = 4.0 * j + 1;
      room.holes.push_back({{x, y}, {x + 2, y}, {x + 2, y + 2}, {x, y + 2}});
    }
  return PolygonMap({room});
}

}  // namespace polypath::test
