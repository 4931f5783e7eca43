// Visibility graph and queries: exact shortest paths on known maps, start/goal linking, corner offset.
#include <catch2/catch.hpp>

#include <cmath>

#include "polypath/core/visibility_graph.hpp"

using namespace polypath;

namespace {

Polygon seedDemo() {
  return {{{3, 15}, {3, 3}, {24, 3}, {24, 8}, {6, 8}, {6, 10}, {24, 10}, {24, 24}, {15, 24}, {15, 17}, {21, 17}, {21, 15}},
          {}};
}

void requirePoints(const Path& path, const std::vector<Point>& expected, double tol) {
  REQUIRE(path.points.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CHECK(path.points[i].x == Approx(expected[i].x).margin(tol));
    CHECK(path.points[i].y == Approx(expected[i].y).margin(tol));
  }
}

}  // namespace

TEST_CASE("seed demo: exact shortest path through the four reflex corners", "[visibility]") {
  const PolygonMap map({seedDemo()});
  const VisibilityGraph graph(map);
  CHECK(graph.nodes().size() == 4);
  const Path path = findPath(graph, {15, 6}, {18, 22});
  REQUIRE(path.found);
  CHECK(path.length == Approx(34.861884652980).epsilon(1e-12));
  requirePoints(path, {{15, 6}, {6, 8}, {6, 10}, {21, 15}, {21, 17}, {18, 22}}, 0.0);
}

TEST_CASE("seed demo with corner offset 1: nodes pushed along the vertex normals", "[visibility]") {
  const PolygonMap map({seedDemo()});
  const VisibilityGraph graph(map, {1.0});
  const Path path = findPath(graph, {15, 6}, {18, 22});
  REQUIRE(path.found);
  CHECK(path.length == Approx(39.094572439560).epsilon(1e-12));
  const double d = std::sqrt(0.5);
  requirePoints(path, {{15, 6}, {6 - d, 8 - d}, {6 - d, 10 + d}, {21 + d, 15 - d}, {21 + d, 17 + d}, {18, 22}}, 1e-12);
}

TEST_CASE("square with a centred hole: around one side, 4 + 4 sqrt 2", "[visibility]") {
  const PolygonMap map({{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{3, 3}, {7, 3}, {7, 7}, {3, 7}}}}});
  const VisibilityGraph graph(map);
  const Path path = findPath(graph, {1, 5}, {9, 5});
  REQUIRE(path.found);
  CHECK(path.length == Approx(4 + 4 * std::sqrt(2.0)).epsilon(1e-14));
  CHECK(path.points.size() == 4);
}

TEST_CASE("start that sees the goal gives the straight segment and no graph node", "[visibility]") {
  const PolygonMap map({{{{0, 0}, {30, 0}, {30, 10}, {12, 10}, {12, 25}, {0, 25}}, {}}});
  const VisibilityGraph graph(map);
  const VisibilityQuery query(graph, {2, 2}, {28, 8});
  CHECK(query.directLink());
  const Path path = findPath(query, query.startNode(), query.goalNode());
  REQUIRE(path.found);
  CHECK(path.points.size() == 2);
  CHECK(path.length == Approx(std::hypot(26.0, 6.0)).epsilon(1e-15));
  CHECK(path.expanded == 2);
}

TEST_CASE("start and goal on the boundary are walkable", "[visibility]") {
  // Case 06 of shared/cases: an L whose reflex corner is (4,4).
  const PolygonMap map({{{{0, 0}, {10, 0}, {10, 4}, {4, 4}, {4, 10}, {0, 10}}, {}}});
  const VisibilityGraph graph(map);
  const Path path = findPath(graph, {10, 0}, {0, 10});
  REQUIRE(path.found);
  CHECK(path.length == Approx(4 * std::sqrt(13.0)).epsilon(1e-14));
  requirePoints(path, {{10, 0}, {4, 4}, {0, 10}}, 0.0);
}

TEST_CASE("a collinear run along a hole's edges does not cut through it", "[visibility]") {
  const PolygonMap map({{{{0, 0}, {20, 0}, {20, 20}, {0, 20}},
                         {{{5, 10}, {8, 10}, {8, 12}, {12, 12}, {12, 10}, {15, 10}, {15, 6}, {5, 6}}}}});
  const VisibilityGraph graph(map);
  const Path path = findPath(graph, {2, 10}, {18, 10});
  REQUIRE(path.found);
  CHECK(path.length == Approx(4 + 4 * std::sqrt(10.0)).epsilon(1e-14));
  requirePoints(path, {{2, 10}, {8, 12}, {12, 12}, {18, 10}}, 0.0);
}

TEST_CASE("separate walkable areas: no path between them, a path inside each", "[visibility]") {
  const PolygonMap map({{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {}}, {{{20, 0}, {30, 0}, {30, 10}, {20, 10}}, {}}});
  const VisibilityGraph graph(map);
  const Path across = findPath(graph, {5, 5}, {25, 5});
  CHECK_FALSE(across.found);
  CHECK(across.points.empty());
  CHECK(findPath(graph, {21, 1}, {29, 9}).found);
}

TEST_CASE("start equal to goal gives length 0", "[visibility]") {
  const PolygonMap map({{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {}}});
  const VisibilityGraph graph(map);
  const Path path = findPath(graph, {1, 1}, {1, 1});
  REQUIRE(path.found);
  CHECK(path.length == 0.0);
}

TEST_CASE("start or goal outside the walkable region is an error naming which and where", "[visibility]") {
  const PolygonMap map({{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{4, 4}, {6, 4}, {6, 6}, {4, 6}}}}});
  const VisibilityGraph graph(map);
  CHECK_THROWS_AS(findPath(graph, {5, 5}, {1, 1}), QueryError);
  CHECK_THROWS_WITH(findPath(graph, {5, 5}, {1, 1}), Catch::Contains("start (5, 5)") && Catch::Contains("hole 0"));
  CHECK_THROWS_WITH(findPath(graph, {1, 1}, {12, 3}), Catch::Contains("goal (12, 3)") && Catch::Contains("outside"));
  CHECK_THROWS_WITH(findPath(graph, {NAN, 1}, {1, 1}), Catch::Contains("start") && Catch::Contains("NaN"));
}

TEST_CASE("links are only kept when tangent at both reflex ends", "[visibility]") {
  // Two square holes side by side: the links between facing corners that would cut
  // into a hole's corner wedge are dropped, the bitangents kept.
  const PolygonMap map({{{{0, 0}, {20, 0}, {20, 10}, {0, 10}},
                         {{{2, 4}, {4, 4}, {4, 6}, {2, 6}}, {{{14, 5}, {16, 5}, {16, 7}, {14, 7}}}}}});
  const VisibilityGraph graph(map);
  CHECK(graph.nodes().size() == 8);
  for (const auto& link : graph.links()) {
    CHECK(graph.tangentAt(link.a, graph.nodes()[link.b].position));
    CHECK(graph.tangentAt(link.b, graph.nodes()[link.a].position));
    CHECK(map.lineOfSight(graph.nodes()[link.a].position, graph.nodes()[link.b].position));
  }
  // Each square has 4 sides (4 links) and two disjoint convex obstacles in general
  // position have exactly 4 bitangents: 2 outer and 2 crossing.
  CHECK(graph.links().size() == 4 + 4 + 4);
}

TEST_CASE("maps far from the origin or at extreme scales keep their answer", "[visibility]") {
  const std::vector<Point> ring = {{3, 15}, {3, 3}, {24, 3}, {24, 8}, {6, 8}, {6, 10},
                                   {24, 10}, {24, 24}, {15, 24}, {15, 17}, {21, 17}, {21, 15}};
  // Offsets that are exact in doubles for these integer coordinates: the map is the same map.
  for (double off : {1e10, 1e13, 1e14, 1e15}) {
    INFO("offset " << off);
    Polygon p;
    for (Point q : ring) p.outer.push_back({q.x + off, q.y + off});
    const PolygonMap map({p});
    const VisibilityGraph graph(map);
    CHECK(graph.nodes().size() == 4);
    const Path path = findPath(graph, {15 + off, 6 + off}, {18 + off, 22 + off});
    REQUIRE(path.found);
    CHECK(path.length == Approx(34.861884652980).epsilon(1e-12));
  }
  // Scales by powers of two are exact too (within the range where coordinate products
  // neither overflow nor underflow, as orient() documents, and below the 1e100 limit).
  for (int e : {-400, -300, 250, 300}) {
    INFO("scale 2^" << e);
    Polygon p;
    for (Point q : ring) p.outer.push_back({std::ldexp(q.x, e), std::ldexp(q.y, e)});
    const PolygonMap map({p});
    const VisibilityGraph graph(map);
    const Path path = findPath(graph, {std::ldexp(15.0, e), std::ldexp(6.0, e)}, {std::ldexp(18.0, e), std::ldexp(22.0, e)});
    REQUIRE(path.found);
    CHECK(path.length / std::ldexp(1.0, e) == Approx(34.861884652980).epsilon(1e-12));
  }
}
