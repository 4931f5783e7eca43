// Polyanya (the exact navmesh search) against the visibility method on random maps, incl.
// the pinch families: same found / not found, lengths equal to 1e-9 relative, the path
// inside the region; plus small hand-made meshes (start == goal, start and goal on edges
// and vertices, a pinch vertex, a fan around a corner of degree > 2).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "polypath/core/polyanya.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"

using namespace polypath;

namespace {

struct Counts {
  int maps = 0, queries = 0, found = 0, not_found = 0;
};

// On the triangles, or (merged) on the convex polygons merged from them.
void checkMap(const test::RandomMap& rm, std::uint64_t seed, Counts& counts, bool merged) {
  const PolygonMap map(rm.polygons);
  const VisibilityGraph graph(map);
  const NavMesh mesh = buildNavMesh(map, merged);
  const PolyanyaMesh pmesh(mesh);
  ++counts.maps;
  test::Oracle oracle(rm.polygons);
  for (const test::Query& q : test::randomQueries(rm, oracle, seed, 8)) {
    if (!map.isWalkable(q.start) || !map.isWalkable(q.goal)) continue;
    if (mesh.facesContaining(q.start).empty() || mesh.facesContaining(q.goal).empty()) {
      CHECK_THROWS_AS(PolyanyaQuery(pmesh, q.start, q.goal), QueryError);
      continue;
    }
    INFO(rm.kind << " seed " << seed << (merged ? " merged" : "") << " (" << q.how << ")\n" << test::describeMap(rm.polygons, q.start, q.goal));
    const Path optimal = findPath(graph, q.start, q.goal);
    const Path exact = findPolyanyaPath(pmesh, q.start, q.goal);
    ++counts.queries;
    REQUIRE(exact.found == optimal.found);
    const auto brute = oracle.shortestPath(q.start, q.goal);
    REQUIRE(brute.found == optimal.found);
    if (!exact.found) {
      ++counts.not_found;
      continue;
    }
    ++counts.found;
    INFO("polyanya " << test::describePoints(exact.points) << "\nvisibility " << test::describePoints(optimal.points));
    CHECK(exact.length == Approx(optimal.length).epsilon(1e-9).margin(1e-12));
    CHECK(exact.length == Approx(brute.length).epsilon(1e-9).margin(1e-12));
    CHECK(polylineLength(exact.points) == Approx(exact.length).epsilon(1e-12).margin(1e-12));
    REQUIRE(exact.points.front() == q.start);
    REQUIRE(exact.points.back() == q.goal);
    std::string why;
    CHECK(oracle.pathValid(exact.points, &why));
    INFO(why);
  }
}

}  // namespace

TEST_CASE("polyanya on random maps equals the visibility method and the oracle", "[polyanya][random]") {
  Counts counts;
  for (bool merged : {false, true}) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      checkMap(test::randomStarMap(seed), seed, counts, merged);
      checkMap(test::randomOrthogonalMap(seed), seed, counts, merged);
    }
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      checkMap(test::randomPinchGridMap(seed), seed, counts, merged);
      checkMap(test::randomStarPinchMap(seed), seed, counts, merged);
      checkMap(test::randomTouchingPolygonsMap(seed), seed, counts, merged);
    }
  }
  CHECK(counts.maps == 540);
  CHECK(counts.found > 2400);
  CHECK(counts.not_found > 20);
}
