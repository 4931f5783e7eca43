// Polyanya on Polyanya's own meshes (mesh 2 files of ../shared/data/polyanya): the tiny
// edge-case meshes of dharabor-tests with their .scen queries, and the DAO arena mesh with
// its scenario, each compared with the visibility method on the mesh converted to a
// polygon map (the union of its faces). Skipped when the data is absent.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "polypath/core/face_merge.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/mesh2.hpp"
#include "support/aurora_optima.hpp"
#include "support/random_maps.hpp"
#include "polypath/geom/mesh_outline.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

/// Start and goal of every 9-field line (whitespace-separated; one file uses a space).
std::vector<std::pair<Point, Point>> scenQueries(const fs::path& file) {
  std::vector<std::pair<Point, Point>> out;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string bucket, map;
    double w, h, sx, sy, gx, gy, len;
    if (s >> bucket >> map >> w >> h >> sx >> sy >> gx >> gy >> len) out.push_back({{sx, sy}, {gx, gy}});
  }
  return out;
}

/// Runs every query of `scen` on `mesh_file` (its faces merged first with `merge`) with
/// Polyanya and with the visibility method on the converted map; returns the number of
/// queries compared.
int compare(const fs::path& mesh_file, const fs::path& scen, std::size_t limit = 1000, bool merge = false) {
  const Mesh2 m2 = loadMesh(mesh_file);
  const NavMesh mesh = merge ? mergeConvexFaces(navMeshFromMesh2(m2)) : navMeshFromMesh2(m2);
  const PolyanyaMesh pmesh(mesh);
  const PolygonMap map(polygonsFromMesh2(m2));
  const VisibilityGraph graph(map);
  int compared = 0;
  auto queries = scenQueries(scen);
  if (queries.size() > limit) queries.resize(limit);
  for (const auto& [s, g] : queries) {
    INFO(mesh_file.filename().string() << ": " << test::describePoint(s) << " -> " << test::describePoint(g));
    REQUIRE(map.isWalkable(s) == !mesh.facesContaining(s).empty());
    REQUIRE(map.isWalkable(g) == !mesh.facesContaining(g).empty());
    if (!map.isWalkable(s) || !map.isWalkable(g)) {
      CHECK_THROWS_AS(PolyanyaQuery(pmesh, s, g), QueryError);
      continue;
    }
    const Path exact = findPolyanyaPath(pmesh, s, g);
    const Path optimal = findPath(graph, s, g);
    REQUIRE(exact.found == optimal.found);
    INFO("polyanya " << test::describePoints(exact.points) << "\nvisibility " << test::describePoints(optimal.points));
    if (exact.found) CHECK(exact.length == Approx(optimal.length).epsilon(1e-9).margin(1e-12));
    ++compared;
  }
  return compared;
}

}  // namespace

TEST_CASE("polyanya on dharabor's edge-case meshes equals the visibility method", "[polyanya][mesh2]") {
  const fs::path dir = fs::path(POLYPATH_SHARED_DIR) / "data/polyanya/dharabor-tests";
  if (!fs::exists(dir)) {
    WARN("skipped: " << dir << " is absent");
    return;
  }
  int compared = 0;
  for (const char* name : {"bad-ambig", "bad-collinear", "bad-collinear2-rot0", "bad-collinear2-rot90", "square"})
    compared += compare(dir / "meshes/tests" / (std::string(name) + ".mesh"), dir / "scenarios/test" / (std::string(name) + ".scen"));
  CHECK(compared == 8);
  // Rotated by 45 degrees in doubles, its straight angles are no longer exactly straight:
  // one face is (barely) not convex, and the mesh is refused with the face named.
  CHECK_THROWS_WITH(navMeshFromMesh2(loadMesh(dir / "meshes/tests/bad-collinear2-rot45.mesh")),
                    Catch::Contains("face 1") && Catch::Contains("not convex"));
}

TEST_CASE("polyanya on the arena meshes equals the visibility method", "[polyanya][mesh2]") {
  const fs::path dir = fs::path(POLYPATH_SHARED_DIR) / "data/polyanya/vleue";
  if (!fs::exists(dir)) {
    WARN("skipped: " << dir << " is absent");
    return;
  }
  CHECK(compare(dir / "meshes/v2/arena.mesh", dir / "scenarios/arena.scen") == 160);
  CHECK(compare(dir / "meshes/v2/arena-merged.mesh", dir / "scenarios/arena.scen") == 160);
  // The triangles merged into convex faces on load (as bench polyanya does by default).
  CHECK(compare(dir / "meshes/v2/arena.mesh", dir / "scenarios/arena.scen", 1000, true) == 160);
}

TEST_CASE("polyanya on aurora-merged equals the published Euclidean optima, reused or fresh", "[polyanya][mesh2]") {
  const std::vector<test::PublishedQuery> rows = test::auroraOptima();
  if (rows.empty()) {
    WARN("skipped: " << test::vleueDir() << " is absent");
    return;
  }
  Mesh2 m2 = loadMesh(test::vleueDir() / "meshes/v2/aurora-merged.mesh");
  const NavMesh mesh = navMeshFromMesh2(m2);
  const PolyanyaMesh pmesh(mesh);
  REQUIRE(rows.size() == 2990);
  REQUIRE(pmesh.latticeExponent() == 0);  // integer vertices: cone sides by orientOnLattice
  // The same mesh moved by 2^-30 (exactly: no coordinate needs more than 41 bits) lies on no
  // small lattice, so its queries decide sides with the filtered orient(): the same answers.
  const double shift = std::ldexp(1.0, -30);
  for (Point& v : m2.vertices) v = v + Point{shift, shift};
  const NavMesh moved = navMeshFromMesh2(m2);
  const PolyanyaMesh pmoved(moved);
  REQUIRE(pmoved.latticeExponent() == -1);
  PolyanyaPathfinder moved_pathfinder(pmoved);
  // One pathfinder answers every query (its node array and root table are reused); every
  // tenth query is also answered by a fresh one-shot search, which must agree exactly.
  PolyanyaPathfinder pathfinder(pmesh);
  double worst = 0.0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const test::PublishedQuery& r = rows[i];
    INFO("query " << i << ": " << test::describePoint(r.start) << " -> " << test::describePoint(r.goal));
    if (i == 1000) {  // a failed query in between leaves nothing behind
      CHECK_THROWS_AS(pathfinder.find({-5.0, -5.0}, r.goal), QueryError);
    }
    const Path path = pathfinder.find(r.start, r.goal);
    REQUIRE(path.found);
    CHECK(path.length == Approx(r.length).margin(1e-3));
    worst = std::max(worst, std::abs(path.length - r.length));
    if (i % 10 == 0) {
      const Path fresh = findPolyanyaPath(pmesh, r.start, r.goal);
      CHECK(fresh.length == path.length);
      CHECK(fresh.expanded == path.expanded);
      CHECK(fresh.points == path.points);
    }
    if (i % 5 == 0) {
      const Path off = moved_pathfinder.find(r.start + Point{shift, shift}, r.goal + Point{shift, shift});
      REQUIRE(off.found);
      CHECK(off.length == Approx(path.length).epsilon(1e-12));
      CHECK(off.expanded == path.expanded);
    }
  }
  CHECK(worst < 1e-3);
}
