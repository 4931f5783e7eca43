// mergeConvexFaces (core/face_merge.hpp): neighbouring convex faces merged into convex
// faces by Polyanya's mesh merger rules, on small meshes with known answers and on the
// published Aurora triangle mesh (skipped when the shared data is absent).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "polypath/core/face_merge.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/formats/mesh2.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "support/aurora_optima.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"

using namespace polypath;

namespace {

/// The faces' corners as points, each face rotated to start at its lowest-then-leftmost
/// corner, the faces sorted: a description independent of face order and numbering.
std::vector<std::vector<Point>> shapes(const NavMesh& mesh) {
  std::vector<std::vector<Point>> out;
  for (std::size_t f = 0; f < mesh.faces().size(); ++f) {
    std::vector<Point> p;
    for (std::size_t i = 0; i < mesh.faces()[f].v.size(); ++i) p.push_back(mesh.corner(static_cast<int>(f), static_cast<int>(i)));
    const auto low = std::min_element(p.begin(), p.end(), [](Point a, Point b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
    std::rotate(p.begin(), low, p.end());
    out.push_back(p);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                        [](Point p, Point q) { return p.x != q.x ? p.x < q.x : p.y < q.y; });
  });
  return out;
}

}  // namespace

TEST_CASE("an L of four triangles merges into its two convex quadrilaterals", "[face_merge]") {
  // (0,0) (2,0) (2,1) (1,1) (1,2) (0,2): the triangles fan from (0,0), with (1,1)-(1,2)-(0,2) last.
  const NavMesh mesh({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}},
                     {{{0, 1, 2}, 0}, {{0, 2, 3}, 0}, {{0, 3, 5}, 0}, {{3, 4, 5}, 0}});
  const NavMesh merged = mergeConvexFaces(mesh);
  REQUIRE(merged.faces().size() == 2);
  CHECK(merged.area() == mesh.area());
  // The dead ends at both ends grew into their neighbours; the reflex corner (1,1) stops a third merge.
  const std::vector<std::vector<Point>> expected{{{0, 0}, {1, 1}, {1, 2}, {0, 2}}, {{0, 0}, {2, 0}, {2, 1}, {1, 1}}};
  CHECK(shapes(merged) == expected);
  CHECK(merged.portals().size() == 1);
}

TEST_CASE("merging keeps straight corners and stops where two faces would share two edges", "[face_merge]") {
  // A square cut into four triangles around its centre (2,2): two merges give two triangles
  // with the centre as a straight corner; those two share two edges and stay apart.
  const NavMesh mesh({{0, 0}, {4, 0}, {4, 4}, {0, 4}, {2, 2}},
                     {{{0, 1, 4}, 0}, {{1, 2, 4}, 0}, {{2, 3, 4}, 0}, {{3, 0, 4}, 0}});
  const NavMesh merged = mergeConvexFaces(mesh);
  REQUIRE(merged.faces().size() == 2);
  CHECK(merged.area() == 16.0);
  for (const auto& face : merged.faces()) CHECK(face.v.size() == 4);
  // Polyanya on the merged faces: through the centre vertex, and across each of the two
  // portals the faces share, beside the centre.
  const PolyanyaMesh pmesh(merged);
  CHECK(findPolyanyaPath(pmesh, {0.5, 3.5}, {3.5, 0.5}).length == Approx(std::sqrt(18.0)).epsilon(1e-12));
  CHECK(findPolyanyaPath(pmesh, {1.5, 0.5}, {0.5, 1.5}).length == Approx(std::sqrt(2.0)).epsilon(1e-12));
  CHECK(findPolyanyaPath(pmesh, {3.5, 2.5}, {2.5, 3.5}).length == Approx(std::sqrt(2.0)).epsilon(1e-12));
}

TEST_CASE("faces of different areas never merge, and each merged face keeps its area id", "[face_merge]") {
  // Two unit squares side by side, two triangles each, areas 3 and 7: the shared edge x = 1
  // joins no faces (NavMesh: separate areas), so each square merges on its own.
  const NavMesh mesh({{0, 0}, {1, 0}, {1, 1}, {0, 1}, {2, 0}, {2, 1}},
                     {{{0, 1, 2}, 3}, {{0, 2, 3}, 3}, {{1, 4, 5}, 7}, {{1, 5, 2}, 7}});
  const NavMesh merged = mergeConvexFaces(mesh);
  REQUIRE(merged.faces().size() == 2);
  std::vector<int> areas;
  for (const auto& face : merged.faces()) {
    CHECK(face.v.size() == 4);
    CHECK(std::count(face.neighbour.begin(), face.neighbour.end(), -1) == 4);
    areas.push_back(face.area);
  }
  std::sort(areas.begin(), areas.end());
  CHECK(areas == std::vector<int>{3, 7});
}

TEST_CASE("merged triangles of random maps give the oracle's lengths, pinches and touching polygons included",
          "[face_merge]") {
  for (const auto& [name, make] : test::kMapFamilies) {
    int maps = 0, paths = 0, fewer = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      const test::RandomMap rm = make(seed);
      NavMesh triangles;
      try {
        triangles = buildNavMesh(PolygonMap(rm.polygons), false);
      } catch (const GeometryError&) {
        continue;  // not a valid map (the generators' own checks are looser)
      }
      ++maps;
      const NavMesh merged = mergeConvexFaces(triangles);
      INFO(name << " seed " << seed << ": " << test::describeMap(rm.polygons, {}, {}));
      CHECK(merged.area() == Approx(triangles.area()).epsilon(1e-12));
      CHECK(merged.faces().size() <= triangles.faces().size());
      fewer += merged.faces().size() < triangles.faces().size();
      const PolyanyaMesh pmesh(merged);
      PolyanyaPathfinder pathfinder(pmesh);
      const test::Oracle oracle(rm.polygons);
      for (const test::Query& q : test::randomQueries(rm, oracle, seed, 6)) {
        INFO(test::describeMap(rm.polygons, q.start, q.goal) << "\n" << q.how);
        // A boundary point in no face (a zero-width stretch) is refused by both meshes alike.
        REQUIRE(merged.facesContaining(q.start).empty() == triangles.facesContaining(q.start).empty());
        REQUIRE(merged.facesContaining(q.goal).empty() == triangles.facesContaining(q.goal).empty());
        if (merged.facesContaining(q.start).empty() || merged.facesContaining(q.goal).empty()) continue;
        const test::OraclePath best = oracle.shortestPath(q.start, q.goal);
        const Path path = pathfinder.find(q.start, q.goal);
        REQUIRE(path.found == best.found);
        if (!path.found) continue;
        CHECK(path.length == Approx(best.length).epsilon(1e-9).margin(1e-12));
        ++paths;
      }
    }
    INFO(name << ": " << maps << " maps, " << paths << " paths");
    CHECK(maps >= 55);
    CHECK(paths >= 200);
    CHECK(fewer >= maps / 2);  // most triangulations have faces to merge
  }
}

TEST_CASE("the Aurora triangle mesh merges into 19,246 convex faces with the published optima", "[face_merge][mesh2]") {
  const std::vector<test::PublishedQuery> rows = test::auroraOptima();
  if (rows.empty()) {
    WARN("skipped: " << test::vleueDir() << " is absent");
    return;
  }
  REQUIRE(rows.size() == 2990);
  const NavMesh mesh = navMeshFromMesh2(loadMesh(test::vleueDir() / "meshes/v2/aurora.mesh"));
  REQUIRE(mesh.faces().size() == 34816);
  const NavMesh merged = mergeConvexFaces(mesh);
  CHECK(merged.faces().size() == 19246);  // the published aurora-merged.mesh has 19,244
  CHECK(merged.area() == Approx(mesh.area()).epsilon(1e-12));
  CHECK(merged.vertices() == mesh.vertices());
  const PolyanyaMesh pmesh(merged);
  PolyanyaPathfinder pathfinder(pmesh);
  int checked = 0;
  for (std::size_t i = 0; i < rows.size(); i += 10) {  // every tenth query: 299
    INFO("query " << i);
    const Path path = pathfinder.find(rows[i].start, rows[i].goal);
    REQUIRE(path.found);
    CHECK(path.length == Approx(rows[i].length).margin(1e-3));
    ++checked;
  }
  CHECK(checked == 299);
}
