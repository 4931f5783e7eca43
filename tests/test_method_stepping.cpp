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
  const std::vector<std::pair<std::size_t, std::size_t>> expected = {
      {1, 0},   {2, 1},   {3, 2},   {4, 3},   {5, 4},   {6, 5},   {7, 6},   {8, 7},   {10, 8},  {11, 9},  {12, 10},
      {13, 11}, {14, 12}, {16, 13}, {15, 14}, {17, 15}, {18, 16}, {17, 17}, {16, 18}, {17, 19}, {17, 20}, {16, 21}};
  CHECK(steppedCounts("polyanya", nullptr) == expected);
}
