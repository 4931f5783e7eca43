// aurora_optima.hpp: the published Euclidean optima of the 2,990 Aurora scenario queries
// (../shared/data/polyanya/vleue/aurora-euclidean.tsv), for tests that check lengths on the
// Aurora meshes.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "polypath/core/geometry.hpp"

namespace polypath::test {

/// The folder of the vleue Polyanya meshes, scenarios and optima.
inline std::filesystem::path vleueDir() { return std::filesystem::path(POLYPATH_SHARED_DIR) / "data/polyanya/vleue"; }

/// One Aurora query and its published shortest length (world units).
struct PublishedQuery {
  Point start, goal;
  double length = 0.0;
};

/// Every row of aurora-euclidean.tsv in file order; empty when the file is absent (the
/// caller skips).
inline std::vector<PublishedQuery> auroraOptima() {
  std::vector<PublishedQuery> rows;
  std::ifstream in(vleueDir() / "aurora-euclidean.tsv");
  if (!in) return rows;
  std::string header;
  std::getline(in, header);  // sx sy gx gy length
  for (PublishedQuery r; in >> r.start.x >> r.start.y >> r.goal.x >> r.goal.y >> r.length;) rows.push_back(r);
  return rows;
}

}  // namespace polypath::test
