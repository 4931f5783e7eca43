// shared_cases.hpp: the polygon maps among ../shared/cases (small maps from public bug
// reports against other pathfinders), for tests that run over all of them.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::test {

/// Each .json case that loads and builds as a PolygonMap, with its file name, in directory
/// order; empty when the folder is absent (the caller skips).
inline std::vector<std::pair<std::string, std::vector<Polygon>>> sharedCaseMaps() {
  std::vector<std::pair<std::string, std::vector<Polygon>>> out;
  const std::filesystem::path dir = std::filesystem::path(POLYPATH_SHARED_DIR) / "cases";
  if (!std::filesystem::exists(dir)) return out;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    try {
      std::vector<Polygon> polygons = loadMap(entry.path()).polygons;
      const PolygonMap check(polygons);
      out.emplace_back(entry.path().filename().string(), std::move(polygons));
    } catch (const std::exception&) {
      // not a loadable polygon map
    }
  }
  return out;
}

}  // namespace polypath::test
