// test_method_run.cpp: the one method dispatch (io/method_run.hpp) that the editor's
// MethodView and the CLI's svg/trace share: on shipped maps the exact methods give the
// independent oracle's shortest length, the approximations no shorter; the grid's
// length is in world units; a point on no free cell is named; Polyanya's node limit.
#include <catch2/catch.hpp>

#include <string>

#include "polypath/core/search.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/methods/method_run.hpp"
#include "support/loaded_map.hpp"
#include "support/oracle.hpp"

using namespace polypath;
using namespace polypath::test;

namespace {

/// Builds `kind` on the loaded map, links its start and goal and searches (A*, defaults).
Path runMethod(MethodRun& run, const LoadedMap& m, MethodSettings s, std::size_t polyanya_limit = 0) {
  run.build(m.map, m.graph.get(), s);
  run.query(*m.doc.start, *m.doc.goal, polyanya_limit);
  REQUIRE(run.graph());
  return run.worldPath(findPath(*run.graph(), run.startNode(), run.goalNode()));
}

}  // namespace

TEST_CASE("method run: exact methods give the oracle's length, approximations no less", "[method_run]") {
  for (const char* name : {"seed-demo.json", "maze.json", "room-with-holes.json"}) {
    INFO(name);
    const LoadedMap m(shippedMap(name));
    REQUIRE(m.doc.settings.corner_offset == 0.0);
    const double oracle = Oracle(m.doc.polygons).shortestPath(*m.doc.start, *m.doc.goal).length;
    REQUIRE(oracle > 0.0);
    MethodRun run;
    for (MethodKind kind : {MethodKind::Visibility, MethodKind::NavmeshExact}) {
      const Path p = runMethod(run, m, MethodSettings{kind});
      REQUIRE(p.found);
      CHECK(p.length == Approx(oracle).epsilon(1e-12));
      CHECK(p.points.front() == *m.doc.start);
      CHECK(p.points.back() == *m.doc.goal);
    }
    CHECK(run.polyanyaQuery() != nullptr);
    CHECK(run.graph() == run.polyanyaQuery());  // no limit: the engine searches the query itself
    CHECK(run.recorded() == nullptr);
    for (MethodKind kind : {MethodKind::NavmeshCentre, MethodKind::NavmeshPortal}) {
      const Path p = runMethod(run, m, MethodSettings{kind});
      REQUIRE(p.found);
      CHECK(p.length >= oracle - 1e-9);
      REQUIRE(run.triangleQuery() != nullptr);
      // The funnel path's length is the sum of its segments (not the node-to-node cost).
      double sum = 0.0;
      for (std::size_t i = 1; i < p.points.size(); ++i) sum += distance(p.points[i - 1], p.points[i]);
      CHECK(p.length == Approx(sum).epsilon(1e-12));
    }
    // Grid with 8 moves: in world units, and at least the exact length.
    const Path g = runMethod(run, m, MethodSettings{MethodKind::Grid, 0.5});
    REQUIRE(g.found);
    CHECK(g.length >= oracle - 1e-9);
    CHECK(g.length <= 1.1 * oracle + 2.0);
  }
}

TEST_CASE("method run: Polyanya's node limit and a point on no free cell", "[method_run]") {
  const LoadedMap m(shippedMap("maze.json"));
  MethodRun run;
  // One Polyanya search node allowed: the recorded graph stops the search without a path.
  const Path cut = runMethod(run, m, MethodSettings{MethodKind::NavmeshExact}, 1);
  CHECK_FALSE(cut.found);
  REQUIRE(run.recorded() != nullptr);
  CHECK(run.recorded()->truncated());
  CHECK(runMethod(run, m, MethodSettings{MethodKind::NavmeshExact}, 1'000'000).found);
  CHECK_FALSE(run.recorded()->truncated());

  run.build(m.map, nullptr, MethodSettings{MethodKind::Grid, 1.0});
  try {
    run.query(Point{-5, -5}, *m.doc.goal);
    FAIL("no QueryError");
  } catch (const QueryError& e) {
    CHECK(std::string(e.what()) == "start (-5, -5) lies on no free cell of the grid (cell 1); use a smaller cell");
  }
  CHECK(run.graph() == nullptr);
  CHECK_THROWS_AS(run.build(m.map, nullptr, MethodSettings{MethodKind::Visibility}), std::invalid_argument);
  CHECK_FALSE(run.built());
}

TEST_CASE("method run: start equal to goal gives the one-point path of length 0 with every method", "[method_run]") {
  // The convention of Polyanya, triangle A* and the grid: a path is its distinct points, so
  // start == goal is [start] (the grid: its cell's centre). The visibility graph gave
  // [start, start] with 2 expansions.
  const LoadedMap m(shippedMap("seed-demo.json"));
  const Point p = *m.doc.start;  // (15, 6), inside the top corridor
  REQUIRE(p == Point{15, 6});
  MethodRun run;
  for (MethodKind kind : {MethodKind::Visibility, MethodKind::NavmeshExact, MethodKind::NavmeshCentre,
                          MethodKind::NavmeshPortal, MethodKind::Grid}) {
    INFO("method " << static_cast<int>(kind));
    run.build(m.map, m.graph.get(), MethodSettings{kind, 1.0});
    run.query(p, p);
    REQUIRE(run.graph());
    const Path path = run.worldPath(findPath(*run.graph(), run.startNode(), run.goalNode()));
    REQUIRE(path.found);
    CHECK(path.length == 0.0);
    REQUIRE(path.points.size() == 1);
    // The grid's lattice starts at the map's corner (3, 3): (15, 6) lies in cell (12, 3).
    CHECK(path.points[0] == (kind == MethodKind::Grid ? Point{15.5, 6.5} : p));
  }
  // The one-shot call of the library and of the CLI: the same single point.
  const Path direct = findPath(*m.graph, p, p);
  CHECK(direct.found);
  CHECK(direct.points == std::vector<Point>{p});
  CHECK(direct.nodes.size() == 1);
  CHECK(direct.expanded == 1);
}
