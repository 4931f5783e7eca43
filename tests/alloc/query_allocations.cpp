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
long warmAllocations(Run run, long& warm) {
  const long a0 = g_allocations.load();
  for (const auto& [s, g] : kQueries) run(s, g);
  const long a1 = g_allocations.load();
  for (const auto& [s, g] : kQueries) run(s, g);
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
