// The nodes a point sees, found by triangular expansion from it over the map's triangulation
// (VisibilityExpansion::candidatesFrom), hold every node tangent to it that it sees by
// PolygonMap::lineOfSight, and it sees each node the expansion proves: on random maps with
// pinches, contacts and collinear runs, on traced random grids and on the shared cases, from
// points inside triangles, on their edges, on ring edges and at vertices (where the
// expansion declines). A query's start links (VisibilityQuery::startCandidates) equal the
// tangent nodes the start sees, whether the graph keeps the expansion or not.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <random>

#include "core/visibility_expansion.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/grid_trace.hpp"
#include "polypath/core/triangulation.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "reference/synthetic_maps.hpp"
#include "support/lattice_room.hpp"
#include "support/shared_cases.hpp"
#include "support/random_grid.hpp"
#include "support/random_maps.hpp"

using namespace polypath;

namespace {

// Walkable starts: ring vertices, edge midpoints and quarter points, points of a 1/4
// lattice over the bounding box, and random real points.
std::vector<Point> starts(const PolygonMap& map, std::uint64_t seed) {
  std::vector<Point> out;
  Point lo{HUGE_VAL, HUGE_VAL}, hi{-HUGE_VAL, -HUGE_VAL};
  for (const PolygonMap::Vertex& v : map.vertices()) {
    const Point a = v.position, b = map.vertices()[v.next].position;
    out.push_back(a);
    out.push_back({(a.x + b.x) / 2, (a.y + b.y) / 2});
    out.push_back({a.x + (b.x - a.x) / 4, a.y + (b.y - a.y) / 4});
    lo = {std::min(lo.x, a.x), std::min(lo.y, a.y)};
    hi = {std::max(hi.x, a.x), std::max(hi.y, a.y)};
  }
  const double step = std::max((hi.x - lo.x) / 24.0, (hi.y - lo.y) / 24.0);
  const double lattice = std::max(0.25, std::ldexp(1.0, static_cast<int>(std::floor(std::log2(step)))));
  for (double x = std::floor(lo.x); x <= hi.x; x += lattice)
    for (double y = std::floor(lo.y); y <= hi.y; y += lattice) out.push_back({x, y});
  // Midpoints of the triangulation's inner edges: the expansion starts in both triangles.
  for (const Polygon& polygon : map.polygons()) {
    const Triangulation tri = triangulatePolygon(polygon);
    for (std::size_t t = 0; t < tri.triangles.size(); ++t)
      for (int k = 0; k < 3; ++k)
        if (tri.neighbours[t][k] > static_cast<int>(t)) {
          const Point a = tri.vertices[tri.triangles[t][k]], b = tri.vertices[tri.triangles[t][(k + 1) % 3]];
          out.push_back({(a.x + b.x) / 2, (a.y + b.y) / 2});
        }
  }
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> ux(lo.x, hi.x), uy(lo.y, hi.y);
  for (int k = 0; k < 40; ++k) out.push_back({ux(random), uy(random)});
  std::erase_if(out, [&](Point p) { return !map.locate(p).walkable(); });
  return out;
}

struct Tally {
  int starts = 0, expanded = 0, proven = 0;
};

// The expansion from every start against the oracle; returns the first difference ("" when
// none). Every node the start sees and may link to is listed, once; a proven node is seen.
std::string compareStarts(const PolygonMap& map, std::uint64_t seed, Tally& tally) {
  const VisibilityGraph graph(map);
  const int r = static_cast<int>(graph.nodes().size());
  std::vector<int> corners;
  for (const auto& node : graph.nodes()) corners.push_back(node.corner);
  VisibilityExpansion expansion(map, corners);
  if (r == 0 || !expansion.usable() || !expansion.locateStarts()) return "";
  VisibilityExpansion::Scratch scratch;
  std::vector<int> visible, maybe;
  for (const Point p : starts(map, seed)) {
    ++tally.starts;
    visible.clear();
    maybe.clear();
    if (!expansion.candidatesFrom(p, scratch, visible, maybe)) continue;
    ++tally.expanded;
    std::vector<int> listed(r, 0);
    std::vector<char> proven(r, 0);
    for (int n : visible) ++listed[n], proven[n] = 1;
    for (int n : maybe) ++listed[n];
    const std::string at = " from " + test::describePoint(p);
    for (NodeId n = 0; n < r; ++n) {
      const bool sees = map.lineOfSight(p, graph.nodes()[n].position);
      if (proven[n] && !sees) return "node " + std::to_string(n) + " proven visible" + at + " but not";
      if (listed[n] > 1) return "node " + std::to_string(n) + " listed twice" + at;
      if (sees && graph.linkable(n, p) && !listed[n]) return "node " + std::to_string(n) + " missing" + at;
      tally.proven += proven[n];
    }
  }
  return "";
}

// The query's start links against every tangent node the start sees: its candidates, and
// its links (startLinks()) towards a goal it does not see.
void checkQueryLinks(const PolygonMap& map, const VisibilityGraph& graph, std::uint64_t seed) {
  const std::vector<Point> points = starts(map, seed);
  for (const Point p : points) {
    const VisibilityQuery query(graph, p, p);
    std::vector<NodeId> found;
    for (const auto& [n, sure] : query.startCandidates()) {
      const bool sees = map.lineOfSight(p, graph.nodes()[n].position);
      if (sees) found.push_back(n);
      if (sure) REQUIRE(sees);
    }
    std::vector<NodeId> expected;
    for (NodeId n = 0; n < static_cast<NodeId>(graph.nodes().size()); ++n)
      if (graph.linkable(n, p) && map.lineOfSight(p, graph.nodes()[n].position)) expected.push_back(n);
    INFO("start " << test::describePoint(p));
    REQUIRE(found == expected);
    const auto hidden = std::find_if(points.rbegin(), points.rend(), [&](Point q) { return !map.lineOfSight(p, q); });
    if (hidden != points.rend()) REQUIRE(VisibilityQuery(graph, p, *hidden).startLinks() == expected);
  }
}

}  // namespace

TEST_CASE("the expansion from a point lists every tangent node it sees and proves only seen ones, on random maps",
          "[visibility][expansion]") {
  for (const auto& [name, make] : test::kMapFamilies) {
    Tally tally;
    int maps = 0;
    for (std::uint64_t seed = 1; seed <= 120; ++seed) {
      const test::RandomMap m = make(seed);
      INFO(name << " seed " << seed << ": " << test::describeMap(m.polygons, {}, {}));
      std::string diff;
      try {
        const PolygonMap map(m.polygons);
        diff = compareStarts(map, seed, tally);
      } catch (const GeometryError&) {
        continue;
      }
      ++maps;
      CHECK(diff == "");
    }
    INFO(name << ": " << maps << " maps, " << tally.starts << " starts, " << tally.expanded << " expanded");
    CHECK(maps >= 100);
    CHECK(tally.proven > 0);
    // Starts on a triangulation vertex, and maps the expansion refuses, test every node.
    CHECK(tally.expanded >= tally.starts / 4);
  }
}

TEST_CASE("the expansion from a point lists every tangent node it sees and proves only seen ones, on traced grids",
          "[visibility][expansion]") {
  Tally tally;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Grid g = test::randomGrid(18 + static_cast<int>(seed % 5), 12 + static_cast<int>(seed % 4),
                                    0.2 + 0.02 * static_cast<double>(seed % 10), seed);
    INFO("seed " << seed);
    const PolygonMap map(traceGrid(g));
    CHECK(compareStarts(map, seed, tally) == "");
  }
  INFO(tally.starts << " starts, " << tally.expanded << " expanded");
  // Cell centres lie on the triangulation's diagonals, lattice points on its vertices.
  CHECK(tally.expanded >= tally.starts / 2);
  CHECK(tally.proven > tally.starts);
}

TEST_CASE("the expansion from a point lists every tangent node it sees and proves only seen ones, on the shared cases",
          "[visibility][expansion]") {
  const auto cases = test::sharedCaseMaps();
  if (cases.empty()) {
    WARN("skipped: ../shared/cases is absent");
    return;
  }
  int compared = 0;
  Tally tally;
  for (const auto& [name, polygons] : cases) {
    INFO(name);
    const PolygonMap map(polygons);
    if (map.reflexCorners().size() > 2000) continue;  // the oracle is quadratic
    CHECK(compareStarts(map, 5, tally) == "");
    ++compared;
  }
  CHECK(compared >= 10);
  CHECK(tally.expanded > 0);
}

TEST_CASE("a query's start links come from the expansion on maps whose nodes see few others", "[visibility][expansion]") {
  for (const auto family : {reference::Family::Rooms, reference::Family::Convex}) {
    const PolygonMap map(reference::syntheticMap(family, 1200, 3));
    const VisibilityGraph graph(map);
    INFO(graph.nodes().size() << " nodes, " << graph.linkCount() << " links");
    REQUIRE(graph.expansion() != nullptr);
    checkQueryLinks(map, graph, 11);
  }
}

TEST_CASE("a graph whose nodes see many others, or that was updated, tests every node's tangency from the start",
          "[visibility][expansion]") {
  // A room of 3 x 3 square holes: each of its 36 nodes sees most others.
  const PolygonMap open = test::latticeRoom(3);
  const VisibilityGraph dense(open);
  INFO(dense.nodes().size() << " nodes, " << dense.linkCount() << " links");
  REQUIRE(16 * dense.linkCount() > dense.nodes().size() * dense.nodes().size());
  CHECK(dense.expansion() == nullptr);
  checkQueryLinks(open, dense, 4);

  const PolygonMap map(reference::syntheticMap(reference::Family::Rooms, 1200, 3));
  VisibilityGraph graph(map);
  REQUIRE(graph.expansion() != nullptr);
  const PolygonMap same(reference::syntheticMap(reference::Family::Rooms, 1200, 3));
  graph.update(same);
  CHECK(graph.expansion() == nullptr);
  const Point p = starts(same, 1).back();
  const VisibilityQuery query(graph, p, p);
  std::size_t tangent = 0;
  for (NodeId n = 0; n < static_cast<NodeId>(graph.nodes().size()); ++n) tangent += graph.linkable(n, p) ? 1 : 0;
  CHECK(query.startCandidates().size() == tangent);
  for (const auto& [n, sure] : query.startCandidates()) CHECK(!sure);
  checkQueryLinks(same, graph, 5);
}
