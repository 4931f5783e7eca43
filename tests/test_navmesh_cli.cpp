// polypath path --method navmesh and polypath convert (mesh 2), run as a separate process.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "polypath/formats/map_io.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/mesh2.hpp"
#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace polypath;

namespace {

/// Runs polypath (support/run_cli.hpp) with space-separated arguments (none contains a
/// space); returns the exit code and stdout.
std::pair<int, std::string> runPolypath(const std::string& args) {
  std::vector<std::string> argv;
  std::istringstream words(args);
  for (std::string w; words >> w;) argv.push_back(w);
  const test::RunResult r = test::runCli(argv);
  return {r.exit_code, r.out};
}

const fs::path kCases = fs::path(POLYPATH_SHARED_DIR) / "cases";

}  // namespace

TEST_CASE("cli: path --method navmesh prints the funnel path and the portal corridor", "[navmesh][cli]") {
  const fs::path map = kCases / "01-collinear-run-through-hole.json";
  if (!fs::exists(map)) {
    WARN("skipped: " << map << " is absent");
    return;
  }
  test::TempDir dir("navmesh-cli");
  for (const char* placement : {"centre", "portal"}) {
    const auto [code, out] =
        runPolypath("path " + map.string() + " --method navmesh --node-placement " + placement + " --corridor --json");
    REQUIRE(code == 0);
    const auto j = nlohmann::json::parse(out);
    CHECK(j["found"] == true);
    CHECK(j["method"] == "navmesh");
    CHECK(j["node_placement"] == placement);
    CHECK(j["length"].get<double>() == Approx(4 + 4 * std::sqrt(10.0)).epsilon(1e-12));
    CHECK(j["path"].size() == 4);
    CHECK(j["expanded"].get<int>() > 0);
    CHECK(j["corridor"]["start"] == nlohmann::json::array({2.0, 10.0}));
    CHECK(j["corridor"]["goal"] == nlohmann::json::array({18.0, 10.0}));
    CHECK(j["corridor"]["portals"].is_array());
  }
  CHECK(runPolypath("path " + map.string() + " --method navmesh --node-placement vertex").first == 2);
}

TEST_CASE("cli: convert a map to mesh 2 and back", "[navmesh][cli][mesh2]") {
  const fs::path map = kCases / "04-hole-vertex-on-outer-edge.json";
  if (!fs::exists(map)) {
    WARN("skipped: " << map << " is absent");
    return;
  }
  test::TempDir dir("navmesh-convert");
  const fs::path mesh = dir.path / "m.mesh", back = dir.path / "m.json";
  REQUIRE(runPolypath("convert " + map.string() + " " + mesh.string()).first == 0);
  const Mesh2 m = loadMesh(mesh);
  const NavMesh nav = navMeshFromMesh2(m);
  CHECK(nav.area() == Approx(176.0).epsilon(1e-12));
  REQUIRE(runPolypath("convert " + mesh.string() + " " + back.string()).first == 0);
  MapDocument doc = loadMap(back);
  doc.start = Point{2, 2};
  doc.goal = Point{2, 10};
  const PolygonMap pm = buildPolygonMap(doc);
  const VisibilityGraph g(pm);
  CHECK(findPath(g, *doc.start, *doc.goal).length == Approx(4 + 4 * std::sqrt(2.0)).epsilon(1e-12));
  CHECK(runPolypath("convert " + map.string() + " " + (dir.path / "x.txt").string()).first == 2);
}

TEST_CASE("cli: path --method navmesh runs the exact search by default", "[navmesh][cli][polyanya]") {
  const fs::path map = kCases / "15-navmesh-narrow-gap-shorter.json";
  if (!fs::exists(map)) {
    WARN("skipped: " << map << " is absent");
    return;
  }
  test::TempDir dir("navmesh-cli-exact");
  const auto [code, out] = runPolypath("path " + map.string() + " --method navmesh --json");
  REQUIRE(code == 0);
  const auto j = nlohmann::json::parse(out);
  CHECK(j["found"] == true);
  CHECK(j["method"] == "navmesh");
  CHECK(j["search"] == "exact");
  CHECK(j["length"].get<double>() == Approx(4 + std::sqrt(1033.0)).margin(1e-6));
  // The triangle A* placements still pick the longer corridor (the known approximation).
  const auto [code2, out2] = runPolypath("path " + map.string() + " --method navmesh --node-placement portal --json");
  REQUIRE(code2 == 0);
  CHECK(nlohmann::json::parse(out2)["length"].get<double>() == Approx(4 + 2 * std::sqrt(281.0)).margin(1e-9));
  // Polyanya has no corridor to print.
  CHECK(runPolypath("path " + map.string() + " --method navmesh --corridor").first == 2);
}
