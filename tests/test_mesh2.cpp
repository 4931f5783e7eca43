// Polyanya mesh 2 files: parsing (with errors naming file and line), conversion to a
// NavMesh and to a polygon map, export of a polygon map and the round trip.
#include <catch2/catch.hpp>

#include <filesystem>

#include "polypath/core/navmesh.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/mesh2.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "polypath/geom/mesh_outline.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

// The example of format.txt: the square [0,1.5]^2 cut by its diagonal (1.5,0)-(0,1.5).
constexpr const char* kExample =
    "mesh\n2\n4 2\n"
    "0.0 0.0 2 0 -1\n"
    "1.5 0.0 3 0 1 -1\n"
    "1.5 1.5 2 1 -1\n"
    "0.0 1.5 3 -1 1 0\n"
    "3 0 1 3 -1 -1 1\n"
    "3 1 2 3 0 -1 -1\n";

double polygonsArea(const std::vector<Polygon>& polys) {
  auto twice = [](const Ring& r) {
    double a = 0;
    for (std::size_t i = 0; i < r.size(); ++i) a += cross(r[i], r[(i + 1) % r.size()]);
    return std::abs(a) / 2;
  };
  double total = 0;
  for (const Polygon& p : polys) {
    total += twice(p.outer);
    for (const Ring& h : p.holes) total -= twice(h);
  }
  return total;
}

}  // namespace

TEST_CASE("mesh2: the format's example parses into two neighbouring triangles", "[mesh2]") {
  const Mesh2 m = parseMesh(kExample);
  REQUIRE(m.vertices.size() == 4);
  REQUIRE(m.polygons.size() == 2);
  CHECK(m.vertices[1] == Point{1.5, 0});
  CHECK(m.polygons[1] == std::vector<int>{1, 2, 3});
  CHECK(m.neighbours[0] == std::vector<int>{-1, -1, 1});
  CHECK(m.vertex_polygons[3] == std::vector<int>{-1, 1, 0});
  const NavMesh nav = navMeshFromMesh2(m);
  CHECK(nav.portals().size() == 1);
  CHECK(nav.area() == 2.25);
  const auto polys = polygonsFromMesh2(m);
  REQUIRE(polys.size() == 1);
  CHECK(polys[0].holes.empty());
  CHECK(polygonsArea(polys) == 2.25);
}

TEST_CASE("mesh2: errors name the file, the line and the field", "[mesh2]") {
  CHECK_THROWS_WITH(parseMesh("mesh\n4\n", "a.mesh"), Catch::Contains("a.mesh:2") && Catch::Contains("version 4"));
  CHECK_THROWS_WITH(parseMesh("nav\n2\n", "a.mesh"), Catch::Contains("a.mesh:1") && Catch::Contains("\"mesh\""));
  CHECK_THROWS_WITH(parseMesh("mesh\n2\n1 0\n0 x 0\n", "a.mesh"),
                    Catch::Contains("a.mesh:4") && Catch::Contains("vertex 0 y"));
  CHECK_THROWS_WITH(parseMesh("mesh\n2\n3 1\n0 0 0\n1 0 0\n0 1 0\n3 0 1 5 -1 -1 -1\n", "a.mesh"),
                    Catch::Contains("a.mesh:7") && Catch::Contains("polygon 0 vertex index is 5"));
  CHECK_THROWS_WITH(parseMesh("mesh\n2\n3 1\n0 0 0\n1 0 0\n", "a.mesh"), Catch::Contains("ends"));
  CHECK_THROWS_WITH(parseMesh(std::string(kExample) + "7\n", "a.mesh"), Catch::Contains("unexpected content"));
  CHECK_THROWS_AS(loadMesh("/nonexistent/x.mesh"), MeshFileError);
}

TEST_CASE("mesh2: a polygon map exported and read back covers the same region", "[mesh2]") {
  const PolygonMap map({Polygon{{{0, 0}, {10, 0}, {10, 10}, {0, 10}},
                                {{{2, 2}, {4, 2}, {4, 4}, {2, 4}}, {{6, 5}, {8, 5}, {7, 8}}}}});
  const NavMesh built = buildNavMesh(map);
  const Mesh2 out = mesh2FromNavMesh(built);
  const Mesh2 back = parseMesh(serializeMesh2(out));
  CHECK(back.vertices == out.vertices);
  CHECK(back.polygons == out.polygons);
  CHECK(back.neighbours == out.neighbours);
  CHECK(back.vertex_polygons == out.vertex_polygons);
  const NavMesh nav = navMeshFromMesh2(back);
  CHECK(nav.faces().size() == built.faces().size());
  CHECK(nav.portals().size() == built.portals().size());
  CHECK(nav.area() == Approx(100.0 - 4.0 - 3.0).epsilon(1e-12));
  // Every wall edge shows up as a -1 in the vertex's list; inner vertices have none.
  for (std::size_t v = 0; v < back.vertices.size(); ++v)
    CHECK(std::count(back.vertex_polygons[v].begin(), back.vertex_polygons[v].end(), -1) == 1);
  // Polygon p[i] is the face across v[i-1] -> v[i].
  for (std::size_t f = 0; f < back.polygons.size(); ++f)
    for (std::size_t i = 0; i < 3; ++i) CHECK(back.neighbours[f][i] == built.faces()[f].neighbour[(i + 2) % 3]);
  const std::vector<Polygon> polys = polygonsFromMesh2(back);
  REQUIRE(polys.size() == 1);
  CHECK(polys[0].holes.size() == 2);
  CHECK(polygonsArea(polys) == Approx(93.0).epsilon(1e-12));
  // The same shortest path on the map read back.
  const PolygonMap again(polys);
  const VisibilityGraph g1(map), g2(again);
  CHECK(findPath(g2, {1, 1}, {9, 9}).length == Approx(findPath(g1, {1, 1}, {9, 9}).length).epsilon(1e-12));
}

TEST_CASE("mesh2: Polyanya's meshes load, with the file's adjacency", "[mesh2]") {
  const fs::path data = fs::path(POLYPATH_SHARED_DIR) / "data";
  const fs::path files[] = {data / "polyanya/vleue/meshes/v2/arena.mesh", data / "ehl-merged-mesh/dao/arena-merged.mesh",
                            data / "ehl-merged-mesh/dao/den312d-merged.mesh",
                            data / "polyanya/dharabor-tests/meshes/tests/square.mesh",
                            data / "polyanya/dharabor-tests/meshes/tests/hard.mesh"};
  for (const fs::path& file : files) {
    if (!fs::exists(file)) {
      WARN("skipped: " << file << " is absent");
      continue;
    }
    INFO(file);
    const Mesh2 m = loadMesh(file);
    const NavMesh nav = navMeshFromMesh2(m);
    REQUIRE(nav.faces().size() == m.polygons.size());
    // The neighbours found through shared edges are exactly the file's p[] lists.
    std::size_t file_links = 0;
    for (std::size_t f = 0; f < m.polygons.size(); ++f) {
      const auto& face = nav.faces()[f];
      const std::size_t n = face.v.size();
      for (std::size_t i = 0; i < n; ++i) {
        if (m.neighbours[f][i] >= 0) ++file_links;
        // The file lists vertices counter-clockwise, as NavMesh keeps them.
        CHECK(face.v[i] == m.polygons[f][i]);
        CHECK(face.neighbour[(i + n - 1) % n] == m.neighbours[f][i]);
      }
    }
    CHECK(nav.portals().size() * 2 == file_links);
    // The union of the faces has the faces' total area.
    const std::vector<Polygon> polys = polygonsFromMesh2(m);
    CHECK(polygonsArea(polys) == Approx(nav.area()).epsilon(1e-9));
    const PolygonMap map(polys);
    CHECK_FALSE(map.empty());
  }
}
