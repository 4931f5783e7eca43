// pinch_meshes.hpp: small hand-made navigation meshes shared by the Polyanya tests.
#pragma once

#include <vector>

#include "polypath/core/navmesh.hpp"

namespace polypath::test {

/// A U of unit squares around the blocked square [1,2]x[1,2], faces in this order:
/// A=[0,1]x[1,2], B=[1,2]x[0,1], C=[0,1]x[2,3], D=[1,2]x[2,3], E=[2,3]x[2,3],
/// F=[2,3]x[1,2], G=[2,3]x[0,1]. They are joined by shared edges in one chain
/// A-C-D-E-F-G-B; A and B touch only at (1,1), a pinch ([0,1]x[0,1] is blocked too).
inline NavMesh pinchU() {
  std::vector<Point> v;
  for (int y = 0; y <= 3; ++y)
    for (int x = 0; x <= 3; ++x) v.push_back({static_cast<double>(x), static_cast<double>(y)});
  auto id = [](int x, int y) { return y * 4 + x; };
  auto sq = [&](int x, int y) { return NavMesh::FaceInput{{id(x, y), id(x + 1, y), id(x + 1, y + 1), id(x, y + 1)}, 0}; };
  return NavMesh(v, {sq(0, 1), sq(1, 0), sq(0, 2), sq(1, 2), sq(2, 2), sq(2, 1), sq(2, 0)});
}

}  // namespace polypath::test
