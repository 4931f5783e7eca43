// test_method_stepping.cpp: the core's stepped search (polypath::Search) on a registered
// method's graph, one expansion at a time: the open and closed set sizes after each step
// on a shipped map. tests/python/test_search.py checks the Python module's Map.search
// against the same table, so a notebook stepping a search sees what the library does.
#define CATCH_CONFIG_ENABLE_PAIR_STRINGMAKER  // a failing table prints its pairs
#include <catch2/catch.hpp>

#include <filesystem>
#include <utility>
#include <vector>

#include "polypath/core/search.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/methods/registry.hpp"

using namespace polypath;

namespace {

/// (open, closed) set sizes before the first step and after each step until the search ends.
std::vector<std::pair<std::size_t, std::size_t>> steppedCounts(const char* method, std::vector<NodeId>* closed) {
  const MapDocument doc = loadMap(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "room-with-holes.json");
  const PolygonMap map = buildPolygonMap(doc);
  std::unique_ptr<Method> m = methods().create(method);
  m->build(map, {});
  m->query(*doc.start, *doc.goal);
  Search s;
  s.init(*m->graph(), m->startNode(), m->goalNode());
  std::vector<std::pair<std::size_t, std::size_t>> counts;
  for (;;) {
    counts.emplace_back(s.state().openSet().size(), s.state().closedSet().size());
    if (s.state().status() != SearchStatus::Running) break;
    s.step();
  }
  CHECK(s.state().status() == SearchStatus::Found);
  if (closed) *closed = s.state().closedSet();
  return counts;
}

}  // namespace

TEST_CASE("stepping the visibility method on room-with-holes: open and closed set sizes after each step",
          "[methods][stepping]") {
  std::vector<NodeId> closed;
  const std::vector<std::pair<std::size_t, std::size_t>> expected = {
      {1, 0}, {5, 1}, {9, 2}, {14, 3}, {13, 4}, {14, 5}, {14, 6}, {18, 7}, {20, 8}, {19, 9}};
  CHECK(steppedCounts("visibility", &closed) == expected);
  CHECK(std::vector<NodeId>(closed.begin(), closed.begin() + 5) == std::vector<NodeId>{28, 4, 13, 3, 14});
}

TEST_CASE("stepping Polyanya on room-with-holes: open and closed set sizes after each step", "[methods][stepping]") {
  // On the merged convex faces (fewer portals to cross than the 22 steps on triangles).
  const std::vector<std::pair<std::size_t, std::size_t>> expected = {
      {1, 0},  {3, 1},   {4, 2},   {5, 3},   {6, 4},   {9, 5},   {8, 6},   {10, 7},  {11, 8},
      {12, 9}, {14, 10}, {16, 11}, {18, 12}, {19, 13}, {18, 14}, {18, 15}, {18, 16}, {17, 17}};
  CHECK(steppedCounts("polyanya", nullptr) == expected);
}
