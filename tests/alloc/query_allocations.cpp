// query_allocations.cpp: a warm visibility query allocates nothing. Its own executable,
// because it replaces the global operator new (to count allocations) for the whole
// program. Arrays as long as the graph (the engine's node records, a query's link lists)
// made per query would show here as allocations.
#define CATCH_CONFIG_MAIN
// GCC pairs the replaced operator new with the std::free below as if they were mismatched.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>
#include <utility>
#include <vector>

#include "polypath/core/grid.hpp"
#include "polypath/core/grid_trace.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "support/lattice_room.hpp"
#include "polypath/methods/registry.hpp"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

// Every form of new and delete is replaced, so each block is freed by the allocator that
// made it (a sanitizer's own nothrow new would otherwise meet this file's delete).
void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n ? n : 1);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

using namespace polypath;
using polypath::test::latticeRoom;

namespace {

// Start and goal that see each other, one bend, long paths across the room, start == goal.
const std::vector<std::pair<Point, Point>> kQueries = {
    {{0.5, 0.5}, {0.5, 30.5}}, {{0.5, 0.5}, {1.5, 3.5}}, {{0.5, 0.5}, {31.5, 31.5}},
    {{2, 3.5}, {28, 18.5}},    {{17.5, 8}, {4, 26.5}},   {{12, 12}, {12, 12}},
};

// Allocations made by `run` over the queries, after one pass that warms the memory up;
// `warm` receives the warm-up's count.
template <class Run>
long warmAllocations(Run run, long& warm, const std::vector<std::pair<Point, Point>>& queries = kQueries) {
  const long a0 = g_allocations.load();
  for (const auto& [s, g] : queries) run(s, g);
  const long a1 = g_allocations.load();
  for (const auto& [s, g] : queries) run(s, g);
  warm = a1 - a0;
  return g_allocations.load() - a1;
}

}  // namespace

TEST_CASE("a warm visibility query allocates nothing", "[visibility][allocations]") {
  const PolygonMap map = latticeRoom(8);
  const VisibilityGraph graph(map);
  REQUIRE(graph.nodes().size() == 256);
  Path out;
  double total = 0.0;
  SECTION("VisibilityPathfinder") {
    VisibilityPathfinder pathfinder(graph);
    long warm = 0;
    const long later = warmAllocations([&](Point s, Point g) { pathfinder.find(s, g, out); total += out.length; }, warm);
    CHECK(warm > 0);  // the first queries grow the engine's arrays and the path
    CHECK(later == 0);
  }
  SECTION("the visibility method through Method::findPath") {
    const std::unique_ptr<Method> method = methods().create("visibility");
    method->build(map, {}, &graph);
    long warm = 0;
    const long later = warmAllocations([&](Point s, Point g) { method->findPath(s, g, out); total += out.length; }, warm);
    CHECK(warm > 0);
    CHECK(later == 0);
  }
  CHECK(total > 0.0);
}

TEST_CASE("a warm visibility query allocates nothing when the start's links come from the expansion",
          "[visibility][allocations]") {
  // 8 x 8 rooms of 3 x 3 cells behind walls one cell thick, a door in each wall: each node
  // sees a few others, so the graph keeps its triangulation for the start's expansion.
  Grid grid(33, 33);
  for (int y = 0; y < 33; ++y)
    for (int x = 0; x < 33; ++x) {
      const bool wall = x % 4 == 0 || y % 4 == 0;
      const bool door = (x % 4 == 0 && y % 4 == 2 && x > 0 && x < 32) || (y % 4 == 0 && x % 4 == 2 && y > 0 && y < 32);
      grid.setBlocked(x, y, wall && !door);
    }
  const PolygonMap map(traceGrid(grid));
  const VisibilityGraph graph(map);
  REQUIRE(graph.expansion() != nullptr);
  VisibilityPathfinder pathfinder(graph);
  Path out;
  double total = 0.0;
  long warm = 0;
  // Across the rooms, within one room, start == goal, and starts on the triangulation.
  const std::vector<std::pair<Point, Point>> queries = {
      {{1.5, 1.5}, {30.5, 30.5}}, {{5.5, 1.5}, {6.5, 2.5}}, {{13.5, 13.5}, {13.5, 13.5}},
      {{1.5, 29.5}, {29.5, 1.5}}, {{2, 2}, {26, 17.5}},      {{2.5, 3}, {17, 9.5}},
  };
  const long later =
      warmAllocations([&](Point s, Point g) { pathfinder.find(s, g, out); total += out.length; }, warm, queries);
  CHECK(warm > 0);
  CHECK(later == 0);
  CHECK(total > 0.0);
}
