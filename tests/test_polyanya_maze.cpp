// Polyanya on the 30 x 30 maze (maps/large-maze.json) and on a small corridor cut from it:
// runs of integer corners where an interval ends at a corner and the next face's edge from
// that corner lies on the cone's ray. Such an edge is seen edge-on (addAlong) and is also the
// first edge of the corner's non-observable fan; creating it twice made two equal nodes, whose
// descendants doubled again at every later such corner (the maze never finished: 22 GB).
// Checks: the search finishes within a step budget (the engine's, not the search's), the
// length equals the visibility method's to 1e-9, and no two created interval nodes are equal.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "polypath/core/polyanya.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "support/loaded_map.hpp"

using namespace polypath;

namespace {

/// Number of interval nodes of `query` equal to an earlier one (same root, g, face, entry
/// edge, interval ends and collinear flag): 0 when no successor is generated twice.
int duplicateNodes(const PolyanyaQuery& query) {
  using Key = std::tuple<double, double, double, int, int, double, double, double, double, bool>;
  std::set<Key> seen;
  int duplicates = 0;
  for (std::size_t n = 0; n < query.nodeCount(); ++n) {
    const PolyanyaNode& d = query.node(static_cast<NodeId>(n));
    if (d.kind != PolyanyaNode::Kind::Interval) continue;
    const Key key{d.root.x, d.root.y, d.g, d.face, int{d.edge}, d.left.x, d.left.y, d.right.x, d.right.y, d.collinear};
    if (!seen.insert(key).second) ++duplicates;
  }
  return duplicates;
}

struct Outcome {
  SearchStatus status;
  Path path;
  int duplicates;
};

/// Polyanya from start to goal on `pmesh`, at most `max_steps` expansions.
Outcome runPolyanya(const PolyanyaMesh& pmesh, Point start, Point goal, int max_steps) {
  const PolyanyaQuery query(pmesh, start, goal);
  Search search;
  search.init(query, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode());
  const SearchStatus status = search.run(max_steps);
  return {status, search.finalize(), duplicateNodes(query)};
}

/// The same on a navigation mesh built from `map`.
Outcome runPolyanya(const PolygonMap& map, Point start, Point goal, int max_steps) {
  const NavMesh mesh = buildNavMesh(map);
  const PolyanyaMesh pmesh(mesh);
  return runPolyanya(pmesh, start, goal, max_steps);
}

// A room with `corners` small triangular holes, hole i with its tip at (i, i) on the
// diagonal, alternately below and above it: the shortest path from (0.5, 0.5) to
// (corners + 0.5, corners + 0.5) is the straight diagonal, grazing every tip.
PolygonMap grazedCorners(int corners) {
  Polygon poly;
  const double n = corners;
  poly.outer = {{-1, -1}, {n + 2, -1}, {n + 2, n + 2}, {-1, n + 2}};
  for (int i = 1; i <= corners; ++i) {
    const double c = i;
    if (i % 2) poly.holes.push_back({{c, c}, {c + 0.1, c - 0.6}, {c + 0.6, c + 0.1}});
    else poly.holes.push_back({{c, c}, {c + 0.1, c + 0.6}, {c - 0.6, c + 0.1}});
  }
  return PolygonMap({poly});
}

}  // namespace

TEST_CASE("polyanya on the large maze finishes with the visibility method's length", "[polyanya][maze]") {
  const test::LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "large-maze.json");
  REQUIRE(m.doc.start);
  REQUIRE(m.doc.goal);
  const Path visibility = findPath(*m.query, m.query->startNode(), m.query->goalNode());
  REQUIRE(visibility.found);
  REQUIRE(visibility.length == Approx(454.91547039021566).epsilon(1e-12));
  const Outcome polyanya = runPolyanya(m.map, *m.doc.start, *m.doc.goal, 100000);
  REQUIRE(polyanya.status == SearchStatus::Found);
  CHECK(polyanya.path.length == Approx(visibility.length).epsilon(1e-9));
  CHECK(polyanya.duplicates == 0);
}

TEST_CASE("polyanya along a line of grazed corners creates no node twice", "[polyanya][maze]") {
  for (int corners : {1, 2, 4, 8, 16}) {
    INFO("corners " << corners);
    const PolygonMap map = grazedCorners(corners);
    const Point start{0.5, 0.5}, goal{corners + 0.5, corners + 0.5};
    REQUIRE(map.isWalkable(start));
    REQUIRE(map.isWalkable(goal));
    const VisibilityGraph graph(map);
    const Path visibility = findPath(graph, start, goal);
    REQUIRE(visibility.found);
    const Outcome polyanya = runPolyanya(map, start, goal, 100000);
    REQUIRE(polyanya.status == SearchStatus::Found);
    CHECK(polyanya.path.length == Approx(visibility.length).epsilon(1e-9));
    CHECK(polyanya.duplicates == 0);
  }
}

TEST_CASE("polyanya on the large maze between cell centres equals the visibility method", "[polyanya][maze]") {
  const test::LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "large-maze.json");
  const NavMesh mesh = buildNavMesh(m.map);
  const PolyanyaMesh pmesh(mesh);
  const VisibilityGraph graph(m.map);
  // Cell centres (x + 0.5, y + 0.5) on a fixed pseudo-random walk over the 60 x 60 area.
  std::vector<Point> points;
  for (int i = 0; points.size() < 40 && i < 4000; ++i) {
    const Point p{(i * 37 % 60) + 0.5, (i * 53 % 59) + 0.5};
    if (m.map.isWalkable(p) && !mesh.facesContaining(p).empty()) points.push_back(p);
  }
  REQUIRE(points.size() == 40);
  int found = 0;
  for (std::size_t q = 0; q + 1 < points.size(); ++q) {
    const Point start = points[q], goal = points[q + 1];
    INFO("start (" << start.x << ", " << start.y << ") goal (" << goal.x << ", " << goal.y << ")");
    const Path visibility = findPath(graph, start, goal);
    const Outcome polyanya = runPolyanya(pmesh, start, goal, 100000);
    REQUIRE(polyanya.status != SearchStatus::Running);
    REQUIRE(polyanya.path.found == visibility.found);
    if (!visibility.found) continue;
    ++found;
    CHECK(polyanya.path.length == Approx(visibility.length).epsilon(1e-9));
    CHECK(polyanya.duplicates == 0);
  }
  CHECK(found > 30);
}

TEST_CASE("a node names its face by the face's first corner, and faceAt gives the face back", "[polyanya][maze]") {
  const test::LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "large-maze.json");
  const NavMesh mesh = buildNavMesh(m.map);
  const PolyanyaMesh pmesh(mesh);
  const PolyanyaQuery query(pmesh, *m.doc.start, *m.doc.goal);
  Search search;
  search.init(query, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode());
  REQUIRE(search.run(100000) == SearchStatus::Found);
  int intervals = 0;
  for (std::size_t n = 0; n < query.nodeCount(); ++n) {
    const PolyanyaNode& d = query.node(static_cast<NodeId>(n));
    if (d.kind != PolyanyaNode::Kind::Interval) continue;
    ++intervals;
    const int f = pmesh.faceAt(d.face);
    REQUIRE(pmesh.firstCorner(f) == d.face);
    REQUIRE(pmesh.cornerCount(f) == d.corner_count);
    REQUIRE(static_cast<int>(mesh.faces()[f].v.size()) == d.corner_count);
  }
  CHECK(intervals > 100);
  CHECK(pmesh.faceAt(0) == 0);
  CHECK_THROWS_AS(pmesh.faceAt(1), std::out_of_range);  // inside face 0's corners, which are listed twice
}
