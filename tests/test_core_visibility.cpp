// Visibility graph and queries: exact shortest paths on known maps, start/goal linking, corner offset.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <string>

#include "polypath/core/visibility_graph.hpp"
#include "support/lattice_room.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"

using namespace polypath;
using polypath::test::latticeRoom;

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

// Forwards to a query and counts the deferred arcs the search checks.
class CheckCounter final : public SearchGraph {
 public:
  explicit CheckCounter(const VisibilityQuery& q) : q_(&q) {}
  mutable int checks = 0;
  std::size_t nodeCount() const override { return q_->nodeCount(); }
  Point position(NodeId n) const override { return q_->position(n); }
  void neighbours(NodeId n, std::vector<Arc>& out) const override { q_->neighbours(n, out); }
  bool checkArc(NodeId from, NodeId to) const override {
    ++checks;
    return q_->checkArc(from, to);
  }

 private:
  const VisibilityQuery* q_;
};

// The path of a fresh query searched step by step with every deferred arc checked when
// relaxed: the reference a reused query must equal.
Path steppedPath(const VisibilityGraph& graph, Point start, Point goal) {
  const VisibilityQuery q(graph, start, goal);
  Search s;
  s.init(q, q.startNode(), q.goalNode());
  s.run();
  return s.finalize();
}

}  // namespace

TEST_CASE("a query tests line of sight from the start only for the links the search takes", "[visibility]") {
  // Around the corner (1, 3) of the first hole: one bend, whatever the size of the room.
  const Point start{0.5, 0.5}, goal{1.5, 3.5};
  std::size_t links_small = 0;
  for (int k : {3, 12}) {
    INFO(k << " x " << k << " holes");
    const PolygonMap map = latticeRoom(k);
    const VisibilityGraph graph(map);
    REQUIRE(graph.nodes().size() == static_cast<std::size_t>(4 * k * k));
    const VisibilityQuery query(graph, start, goal);
    const CheckCounter counted(query);
    const Path path = findPath(counted, query.startNode(), query.goalNode());
    REQUIRE(path.found);
    CHECK(path.length == distance(start, {1, 3}) + distance({1, 3}, goal));
    CHECK(path.expanded == 3);
    // Only the start's arcs whose line of sight the expansion did not prove are deferred.
    int unproven = 0, taken_unproven = 0;
    for (const auto& [n, sure] : query.startCandidates()) {
      unproven += sure ? 0 : 1;
      if (n == path.nodes[1]) taken_unproven = sure ? 0 : 1;
    }
    CHECK(counted.checks == taken_unproven);
    // Stepping with every arc checked when relaxed tests each unproven start arc instead.
    const CheckCounter stepped(query);
    Search s;
    s.init(stepped, query.startNode(), query.goalNode());
    s.run();
    CHECK(s.finalize().nodes == path.nodes);
    CHECK(stepped.checks == unproven);
    if (k == 3) links_small = query.startLinks().size();
    else CHECK(query.startLinks().size() > links_small);
  }
  CHECK(links_small >= 6);
}

TEST_CASE("linkable is the corner's wedge and tangency, also where its shortcut decides", "[visibility]") {
  // linkable() skips the wedge test when both neighbours lie strictly on one side.
  using namespace polypath::test;
  int tested = 0, linkable = 0, on_edge_lines = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    for (const RandomMap& rm : {randomStarMap(seed), randomPinchGridMap(seed), randomStarPinchMap(seed)}) {
      const PolygonMap map(rm.polygons);
      const VisibilityGraph graph(map);
      std::vector<Point> targets;
      for (const auto& v : map.vertices()) targets.push_back(v.position);
      for (double y = rm.min.y - 1; y <= rm.max.y + 1; y += (rm.max.y - rm.min.y) / 7)
        for (double x = rm.min.x - 1; x <= rm.max.x + 1; x += (rm.max.x - rm.min.x) / 7) targets.push_back({x, y});
      for (NodeId n = 0; n < static_cast<NodeId>(graph.nodes().size()); ++n)
        for (const Point t : targets) {
          const bool want = map.directionInCorner(graph.nodes()[n].corner, t) && graph.tangentAt(n, t);
          REQUIRE(graph.linkable(n, t) == want);
          ++tested;
          linkable += want;
          const PolygonMap::Corner& k = map.corners()[graph.nodes()[n].corner];
          on_edge_lines += orient(k.position, t, k.first) == 0 || orient(k.position, t, k.last) == 0;
        }
    }
  }
  CHECK(tested > 50000);
  CHECK(linkable > tested / 10);
  CHECK(on_edge_lines > 1000);
}

TEST_CASE("repeated queries on one graph and one query equal fresh ones", "[visibility]") {
  using namespace polypath::test;
  const std::vector<std::function<RandomMap(std::uint64_t)>> families = {
      randomStarMap, randomOrthogonalMap, randomPinchGridMap, randomStarPinchMap, randomTouchingPolygonsMap};
  int queries = 0, refused = 0, found = 0;
  for (std::size_t f = 0; f < families.size(); ++f) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      const RandomMap rm = families[f](seed * 7919 + f);
      const Oracle oracle(rm.polygons);
      const PolygonMap map(rm.polygons);
      const VisibilityGraph graph(map);
      VisibilityPathfinder pathfinder(graph);
      std::optional<VisibilityQuery> reused;  // reset between queries, links asked each time
      Path out;
      const std::vector<Query> qs = randomQueries(rm, oracle, seed, 12);
      for (std::size_t i = 0; i < qs.size(); ++i) {
        // Every fourth query is refused (a point outside): the next one must not notice.
        const bool outside = i % 4 == 3;
        const Point start = outside ? Point{rm.max.x + 1, rm.min.y - 1} : qs[i].start;
        const Point goal = qs[i].goal;
        INFO(rm.kind << " seed " << rm.seed << " query " << i << " start " << describePoint(start) << " goal "
                     << describePoint(goal) << "\n" << describeMap(rm.polygons, start, goal));
        ++queries;
        if (outside) {
          CHECK_THROWS_AS(pathfinder.find(start, goal, out), QueryError);
          if (reused) CHECK_THROWS_AS(reused->reset(start, goal), QueryError);
          ++refused;
          continue;
        }
        const Path fresh = steppedPath(graph, start, goal);
        pathfinder.find(start, goal, out);
        CHECK(out.found == fresh.found);
        CHECK(out.length == fresh.length);
        CHECK(std::abs(out.length - fresh.length) <= 1e-9 * std::max(1.0, fresh.length));
        CHECK(out.nodes == fresh.nodes);
        CHECK(out.points == fresh.points);
        CHECK(out.expanded == fresh.expanded);
        const Path oneShot = findPath(graph, start, goal);
        CHECK(oneShot.nodes == fresh.nodes);
        found += fresh.found ? 1 : 0;
        // A reset query links exactly what a new one does.
        if (reused) reused->reset(start, goal);
        else reused.emplace(graph, start, goal);
        const VisibilityQuery made(graph, start, goal);
        CHECK(reused->directLink() == made.directLink());
        CHECK(reused->startLinks() == made.startLinks());
        CHECK(reused->goalLinks() == made.goalLinks());
      }
    }
  }
  CHECK(queries == 5 * 30 * 12);
  CHECK(refused == 5 * 30 * 3);
  CHECK(found > queries / 2);
}

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
