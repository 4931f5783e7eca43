// Golden answers for every map in maps/: path found, length, point count, expansions.
//
// The golden file is tests/golden/maps.json. To regenerate it after an intended change,
// run the tests with POLYPATH_UPDATE_GOLDEN=1 and review the diff.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "support/loaded_map.hpp"
#include "support/oracle.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

const fs::path kMaps = fs::path(POLYPATH_SOURCE_DIR) / "maps";
const fs::path kGolden = fs::path(POLYPATH_SOURCE_DIR) / "tests" / "golden" / "maps.json";

struct Answer {
  bool found = false;
  double length = 0.0;
  std::size_t points = 0;
  int expanded = 0;
  int expandedDijkstra = 0;
  std::size_t reflex = 0;
  std::size_t links = 0;
};

Answer solve(const fs::path& file) {
  const MapDocument doc = loadMap(file);
  REQUIRE(validateMap(doc).empty());
  REQUIRE(doc.start.has_value());
  REQUIRE(doc.goal.has_value());
  const PolygonMap map = buildPolygonMap(doc);
  const VisibilityGraph graph(map, {doc.settings.corner_offset});
  const Path astar = findPath(graph, *doc.start, *doc.goal, {Heuristic::Euclidean});
  const Path dijkstra = findPath(graph, *doc.start, *doc.goal, {Heuristic::None});
  CHECK(astar.found == dijkstra.found);
  CHECK(astar.length == Approx(dijkstra.length).epsilon(1e-12));
  return {astar.found, astar.length, astar.points.size(), astar.expanded, dijkstra.expanded,
          graph.nodes().size(), graph.linkCount()};
}

}  // namespace

TEST_CASE("every map in maps/ matches its golden answer", "[maps]") {
  const std::vector<fs::path> files = test::shippedMaps();
  REQUIRE(files.size() >= 8);
  if (std::getenv("POLYPATH_UPDATE_GOLDEN")) {
    nlohmann::json out = nlohmann::json::object();
    for (const fs::path& f : files) {
      const Answer a = solve(f);
      out[f.filename().string()] = {{"found", a.found},       {"length", a.length},
                                    {"points", a.points},     {"expanded", a.expanded},
                                    {"expanded_dijkstra", a.expandedDijkstra},
                                    {"reflex", a.reflex},     {"links", a.links}};
    }
    std::ofstream(kGolden) << out.dump(1) << "\n";
    WARN("golden answers rewritten: " << kGolden);
  }
  std::ifstream in(kGolden);
  REQUIRE(in.good());
  const nlohmann::json golden = nlohmann::json::parse(in);
  REQUIRE(golden.size() == files.size());
  for (const fs::path& f : files) {
    const std::string name = f.filename().string();
    INFO("map " << name);
    REQUIRE(golden.contains(name));
    const nlohmann::json& g = golden.at(name);
    const Answer a = solve(f);
    CHECK(a.found == g.at("found").get<bool>());
    CHECK(a.length == Approx(g.at("length").get<double>()).epsilon(1e-12));
    CHECK(a.points == g.at("points").get<std::size_t>());
    CHECK(a.expanded == g.at("expanded").get<int>());
    CHECK(a.expandedDijkstra == g.at("expanded_dijkstra").get<int>());
    CHECK(a.reflex == g.at("reflex").get<std::size_t>());
    CHECK(a.links == g.at("links").get<std::size_t>());
    // A* never expands more than Dijkstra on the same query.
    CHECK(a.expanded <= a.expandedDijkstra);
  }
}

TEST_CASE("the default map is the seed demo with its published answer", "[maps]") {
  const MapDocument doc = loadMap(kMaps / "seed-demo.json");
  const PolygonMap map = buildPolygonMap(doc);
  const VisibilityGraph graph(map);
  const Path path = findPath(graph, *doc.start, *doc.goal);
  REQUIRE(path.found);
  CHECK(path.length == Approx(34.861884652980).epsilon(1e-12));
}

TEST_CASE("golden lengths of the smaller maps agree with the brute-force oracle", "[maps]") {
  // The oracle is O(n^3): maps up to 200 vertices (all but the large maze).
  int checked = 0;
  for (const fs::path& f : test::shippedMaps()) {
    const MapDocument doc = loadMap(f);
    std::size_t vertices = 0;
    for (const Polygon& p : doc.polygons) {
      vertices += p.outer.size();
      for (const Ring& h : p.holes) vertices += h.size();
    }
    if (vertices > 200 || doc.settings.corner_offset != 0.0) continue;
    INFO("map " << f.filename().string());
    const test::Oracle oracle(doc.polygons);
    const test::OraclePath expected = oracle.shortestPath(*doc.start, *doc.goal);
    const PolygonMap map = buildPolygonMap(doc);
    const VisibilityGraph graph(map);
    const Path path = findPath(graph, *doc.start, *doc.goal);
    REQUIRE(path.found == expected.found);
    CHECK(path.length == Approx(expected.length).epsilon(1e-9));
    ++checked;
  }
  CHECK(checked >= 7);
}
