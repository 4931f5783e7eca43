// The benchmark's reference methods (src/reference) agree with the visibility graph on
// random maps, pinch maps included, and the synthetic maps build.
#include <catch2/catch.hpp>

#include <cmath>

#include "polypath/core/visibility_graph.hpp"
#include "reference/reference_methods.hpp"
#include "reference/synthetic_maps.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"

using namespace polypath;

TEST_CASE("reference methods give the visibility graph's lengths on random maps", "[reference]") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const test::RandomMap rm = seed % 3 == 0   ? test::randomPinchGridMap(seed)
                               : seed % 3 == 1 ? test::randomStarMap(seed)
                                               : test::randomStarPinchMap(seed);
    const PolygonMap map(rm.polygons);
    const VisibilityGraph graph(map);
    const test::Oracle oracle(rm.polygons);
    for (const test::Query& q : test::randomQueries(rm, oracle, seed, 6)) {
      const Path ours = findPath(graph, q.start, q.goal);
      for (auto m : {reference::Method::SeedArticle, reference::Method::FinleyTree, reference::Method::BruteForce}) {
        const Path ref = reference::referencePath(m, map, q.start, q.goal);
        INFO("seed " << seed << " " << reference::methodName(m) << " " << q.how);
        REQUIRE(ref.found == ours.found);
        if (ours.found) CHECK(ref.length == Approx(ours.length).epsilon(1e-9));
        ++compared;
      }
    }
  }
  CHECK(compared > 900);
}

TEST_CASE("synthetic maps have about the requested size and build", "[reference]") {
  for (reference::Family f : reference::allFamilies())
    for (int size : {100, 1000}) {
      const PolygonMap map(reference::syntheticMap(f, size, 7));
      INFO(reference::familyName(f) << " " << size);
      CHECK(map.vertices().size() >= static_cast<std::size_t>(size) / 2);
      CHECK(map.vertices().size() <= static_cast<std::size_t>(size) * 3 / 2);
      CHECK(!map.reflexCorners().empty());
    }
}
