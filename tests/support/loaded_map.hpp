// loaded_map.hpp: a map file of maps/ loaded with everything a search needs (polygon
// map, visibility graph, query for the file's start and goal), for tests that run
// searches on the shipped maps.
#pragma once

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::test {

/// A shipped map, built; not copyable (the graph and query point into the map).
struct LoadedMap {
  std::string name;  ///< file name
  MapDocument doc;
  PolygonMap map;
  std::unique_ptr<VisibilityGraph> graph;
  std::unique_ptr<VisibilityQuery> query;  ///< null when the file has no start or goal

  explicit LoadedMap(const std::filesystem::path& file)
      : name(file.filename().string()), doc(loadMap(file)), map(buildPolygonMap(doc)) {
    graph = std::make_unique<VisibilityGraph>(map, VisibilityOptions{doc.settings.corner_offset});
    if (doc.start && doc.goal) query = std::make_unique<VisibilityQuery>(*graph, *doc.start, *doc.goal);
  }
};

/// maps/NAME of the source tree (a shipped map; not checked to exist).
inline std::filesystem::path shippedMap(const char* name) { return std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / name; }

/// The *.json files directly in `folder`, sorted by name; none when it is not a folder.
inline std::vector<std::filesystem::path> jsonFilesIn(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(folder)) return files;
  for (const auto& e : std::filesystem::directory_iterator(folder))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

/// Every maps/*.json file of the source tree, sorted by name.
inline std::vector<std::filesystem::path> shippedMaps() {
  return jsonFilesIn(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps");
}

}  // namespace polypath::test
