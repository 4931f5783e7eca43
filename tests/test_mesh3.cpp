// Polyanya mesh 3 files (meshes/v3/format.txt of the vleue data): parsing with errors
// naming file and line, traversable and non-traversable faces, conversion to a NavMesh
// (Polyanya runs on it) and to a polygon map (the union of the traversable faces, checked
// against the visibility method and the independent oracle), the map format table and
// `polypath bench polyanya`.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>

#include "polypath/convert/map_formats.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/mesh2.hpp"
#include "polypath/geom/mesh_outline.hpp"
#include "support/oracle.hpp"
#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

// The square [0,10]^2 around a non-traversable square [4,6]^2, cut into four walkable
// trapezoids (faces 2..5) around the obstacle (face 1); every edge to the obstacle is
// constrained (negative), the trapezoids connect through the square's diagonals.
constexpr const char* kRing =
    "mesh\n3\n8 5\n"
    "0 0\n10 0\n10 10\n0 10\n"
    "4 4\n6 4\n6 6\n4 6\n"
    "0 4  5 6 7 8  -5 -2 -3 -4\n"
    "1 4  1 2 6 5  5 0 3 -1\n"
    "1 4  2 3 7 6  2 0 4 -1\n"
    "1 4  3 4 8 7  3 0 5 -1\n"
    "1 4  4 1 5 8  4 0 2 -1\n";

// cube.mesh of the vleue data (format.txt's example): the square [0,10]^2 cut into four
// triangles at (5,5); the bottom one is not traversable.
constexpr const char* kCube =
    "mesh\n3\n5 4\n"
    "0 0\n0 10\n10 10\n10 0\n5 5\n"
    "0 3   4 1 5   -4 0 -2\n"
    "1 3   1 2 5   -1 0 3\n"
    "1 3   2 3 5   2 0 4\n"
    "1 3   3 4 5   3 0 -1\n";

// The same with format.txt's comments.
constexpr const char* kCubeCommented =
    "mesh\n3\n5 4  // 5 vertices 4 faces\n"
    "0 0   // vertex 1\n0 10  // vertex 2\n10 10 // vertex 3\n10 0  // vertex 4\n5 5   // vertex 5\n"
    "0 3   4 1 5   -4 0 -2 // face 1, non-traversable, constrained along edge 5-4 and 1-5\n"
    "1 3   1 2 5   -1 0 3  // face 2, traversable, constrained along edge 5-1\n"
    "1 3   2 3 5   2 0 4   // face 3, traversable, both edges are non-constrained\n"
    "1 3   3 4 5   3 0 -1  // face 4, traversable, constrained along edge 4-5\n";

double polygonsArea(const std::vector<Polygon>& polys) {
  auto area = [](const Ring& r) {
    double a = 0;
    for (std::size_t i = 0; i < r.size(); ++i) a += cross(r[i], r[(i + 1) % r.size()]);
    return std::abs(a) / 2;
  };
  double total = 0;
  for (const Polygon& p : polys) {
    total += area(p.outer);
    for (const Ring& h : p.holes) total -= area(h);
  }
  return total;
}

/// `text` with line `line` (from 1) replaced by `replacement`.
std::string withLine(const std::string& text, int line, const std::string& replacement) {
  std::size_t begin = 0;
  for (int i = 1; i < line; ++i) begin = text.find('\n', begin) + 1;
  const std::size_t end = text.find('\n', begin);
  return text.substr(0, begin) + replacement + text.substr(end);
}

std::string parseError(const std::string& text) {
  try {
    parseMesh(text, "a.mesh");
  } catch (const MeshFileError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("mesh3: a hand-made mesh reads with its obstacle face", "[mesh3]") {
  const Mesh2 m = parseMesh(kRing, "ring.mesh");
  CHECK(m.version == 3);
  REQUIRE(m.vertices.size() == 8);
  REQUIRE(m.polygons.size() == 5);
  CHECK(m.traversableCount() == 4);
  CHECK(m.traversable == std::vector<bool>{false, true, true, true, true});
  CHECK(m.vertices[6] == Point{6, 6});
  CHECK(m.polygons[1] == std::vector<int>{0, 1, 5, 4});  // ids from 0
  // Crossable edges keep the face across (from 0); constrained ones and edges to the
  // obstacle are -1, as are the obstacle's own.
  CHECK(m.neighbours[0] == std::vector<int>{-1, -1, -1, -1});
  CHECK(m.neighbours[1] == std::vector<int>{4, -1, 2, -1});
  CHECK(m.neighbours[4] == std::vector<int>{3, -1, 1, -1});
  CHECK(m.vertex_polygons.size() == 8);
  CHECK(m.vertex_polygons[0].empty());

  const NavMesh nav = navMeshFromMesh2(m);
  CHECK(nav.faces().size() == 4);
  CHECK(nav.portals().size() == 4);
  CHECK(nav.area() == 96.0);
  const std::vector<Polygon> polys = polygonsFromMesh2(m);
  REQUIRE(polys.size() == 1);
  CHECK(polys[0].holes.size() == 1);  // the obstacle face
  CHECK(polygonsArea(polys) == 96.0);
}

TEST_CASE("mesh3: Polyanya on the mesh finds the visibility method's and the oracle's length", "[mesh3][polyanya]") {
  const Mesh2 m = parseMesh(kRing, "ring.mesh");
  const NavMesh nav = navMeshFromMesh2(m);
  const PolyanyaMesh pmesh(nav);  // keeps a reference to nav
  const std::vector<Polygon> polys = polygonsFromMesh2(m);
  const PolygonMap map(polys);
  const VisibilityGraph graph(map);
  const test::Oracle oracle(polys);
  const double around = 2.0 + 2.0 * std::sqrt(10.0);  // (1,5) -> (4,6) -> (6,6) -> (9,5)
  struct Query {
    Point s, g;
    double length;
  };
  for (const Query& q : {Query{{1, 5}, {9, 5}, around}, Query{{1, 1}, {9, 9}, 2.0 * std::sqrt(34.0)},
                         Query{{5, 1}, {5, 9}, around}, Query{{0.5, 9.5}, {9.5, 0.5}, 2.0 * std::sqrt(42.5)}}) {
    INFO("(" << q.s.x << ", " << q.s.y << ") -> (" << q.g.x << ", " << q.g.y << ")");
    const Path polyanya = findPolyanyaPath(pmesh, q.s, q.g);
    const Path visibility = findPath(graph, q.s, q.g);
    const test::OraclePath expected = oracle.shortestPath(q.s, q.g);
    REQUIRE(polyanya.found);
    REQUIRE(visibility.found);
    REQUIRE(expected.found);
    CHECK(std::abs(expected.length - q.length) < 1e-9);
    CHECK(std::abs(polyanya.length - expected.length) < 1e-9);
    CHECK(std::abs(visibility.length - expected.length) < 1e-9);
  }
  CHECK_THROWS_AS(findPolyanyaPath(pmesh, {5, 5}, {1, 1}), QueryError);  // inside the obstacle face
}

TEST_CASE("mesh3: format.txt's example, with and without comments, and the data's cube.mesh", "[mesh3]") {
  const Mesh2 m = parseMesh(kCube, "cube.mesh");
  const Mesh2 c = parseMesh(kCubeCommented, "cube.mesh");
  CHECK(c.vertices == m.vertices);
  CHECK(c.polygons == m.polygons);
  CHECK(c.neighbours == m.neighbours);
  CHECK(c.traversable == m.traversable);
  REQUIRE(m.vertices.size() == 5);
  REQUIRE(m.polygons.size() == 4);
  CHECK(m.traversableCount() == 3);
  CHECK(m.neighbours[1] == std::vector<int>{-1, -1, 2});
  CHECK(m.neighbours[2] == std::vector<int>{1, -1, 3});
  CHECK(m.neighbours[3] == std::vector<int>{2, -1, -1});
  const NavMesh nav = navMeshFromMesh2(m);
  CHECK(nav.faces().size() == 3);
  CHECK(nav.portals().size() == 2);
  CHECK(nav.area() == 75.0);
  const std::vector<Polygon> polys = polygonsFromMesh2(m);
  REQUIRE(polys.size() == 1);
  CHECK(polys[0].holes.empty());
  CHECK(polys[0].outer.size() == 5);  // the square with the notch to (5, 5)
  CHECK(polygonsArea(polys) == 75.0);
  // Around the notch: (1,2) -> (5,5) -> (9,2), two 3-4-5 triangles.
  CHECK(std::abs(findPolyanyaPath(PolyanyaMesh(nav), {1, 2}, {9, 2}).length - 10.0) < 1e-9);
  CHECK(std::abs(findPath(VisibilityGraph(PolygonMap(polys)), {1, 2}, {9, 2}).length - 10.0) < 1e-9);

  const fs::path file = fs::path(POLYPATH_SHARED_DIR) / "data/polyanya/vleue/meshes/v3/cube.mesh";
  if (!fs::exists(file)) {
    WARN("skipped: " << file << " is absent");
    return;
  }
  const Mesh2 d = loadMesh(file);
  CHECK(d.vertices == m.vertices);
  CHECK(d.polygons == m.polygons);
  CHECK(d.neighbours == m.neighbours);
  CHECK(d.traversable == m.traversable);
}

TEST_CASE("mesh3: errors name the file, the line and what is wrong", "[mesh3]") {
  const std::string cube = kCube;
  CHECK(parseError(withLine(cube, 1, "nav")) == "a.mesh:1: not a mesh file: the first word must be \"mesh\"");
  CHECK(parseError(withLine(cube, 2, "4")) == "a.mesh:2: mesh version 4 is not supported (only versions 2 and 3)");
  CHECK(parseError(withLine(cube, 3, "5 x")) == "a.mesh:3: the face count F must be an integer, got 'x'");
  CHECK(parseError(withLine(cube, 6, "10 ten")) == "a.mesh:6: vertex 3 y must be a finite number, got 'ten'");
  CHECK(parseError(withLine(cube, 10, "1 3   1 2 9   -1 0 3")) == "a.mesh:10: face 2 vertex index is 9, outside 1..5");
  CHECK(parseError(withLine(cube, 10, "1 3   0 2 5   -1 0 3")) == "a.mesh:10: face 2 vertex index is 0, outside 1..5");
  CHECK(parseError(withLine(cube, 10, "1 3   1 2 5   -1 0 7")) == "a.mesh:10: face 2 neighbour is 7, outside -4..4");
  CHECK(parseError(withLine(cube, 11, "2 3   2 3 5   2 0 4")) ==
        "a.mesh:11: face 3 traversable flag is 2, outside 0..1");
  CHECK(parseError(withLine(cube, 12, "1 2   3 4   3 0")) == "a.mesh:12: face 4 vertex count is 2, outside 3..5");
  CHECK(parseError(cube.substr(0, cube.size() - 4)) == "a.mesh:12: the file ends where face 4 neighbour was expected");
  CHECK(parseError(cube + "1\n") == "a.mesh:13: unexpected content after the 4 faces");
  CHECK_THROWS_AS(loadMesh("/nonexistent/x.mesh"), MeshFileError);
}

TEST_CASE("mesh3: the map format table reads mesh 3 as a polygon map", "[mesh3]") {
  const MapFormat* f = mapFormatFor("ring.mesh");
  REQUIRE(f);
  const MapDocument doc = f->parse(kRing, "ring.mesh");
  REQUIRE(doc.polygons.size() == 1);
  CHECK(doc.polygons[0].holes.size() == 1);
  CHECK(polygonsArea(doc.polygons) == 96.0);
  CHECK(doc.name == "ring");
  CHECK_THROWS_WITH(f->parse(withLine(kRing, 2, "7"), "ring.mesh"), Catch::Contains("ring.mesh:2: mesh version 7"));
}

TEST_CASE("mesh3: bench polyanya runs on a mesh 3 file", "[mesh3][cli]") {
  const test::TempDir dir("mesh3");
  const std::string mesh = dir.write("ring.mesh", kRing);
  const std::string scen = dir.write("ring.scen", "version 1\n0\tring.mesh\t10\t10\t1\t5\t9\t5\t8.3246\n"
                                                  "0\tring.mesh\t10\t10\t5\t1\t5\t9\t8.3246\n");
  const test::RunResult r = test::runCli({"bench", "polyanya", "--mesh", mesh, "--scen", scen});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("ring.mesh: 4 faces") != std::string::npos);
  CHECK(r.out.find("2 queries (0 not found, 0 outside the mesh)") != std::string::npos);
  const std::string bad = dir.write("bad.mesh", withLine(kRing, 2, "9"));
  const test::RunResult b = test::runCli({"bench", "polyanya", "--mesh", bad, "--scen", scen});
  CHECK(b.exit_code == 2);
  CHECK(b.err.find(bad + ":2: mesh version 9 is not supported") != std::string::npos);
}
