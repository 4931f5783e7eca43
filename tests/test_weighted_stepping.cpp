// test_weighted_stepping.cpp: weighted A* (f = g + w h, w = 1, 1.5, 2, 5) stepped one
// expansion at a time as the editor's Step runs it gives the cost and the expansion count of
// the one-shot search `polypath path` runs, on every map in maps/: the polygon maps with every
// polygon method, the Moving AI grids with the tile-grid search. With w above 1 the priority
// is inconsistent and closed nodes are not reopened (search.hpp); both runs follow that rule
// in the same engine, so they must agree exactly.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "polypath/convert/map_formats.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/method.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/movingai.hpp"
#include "polypath/methods/registry.hpp"
#include "support/run_cli.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

const double kWeights[] = {1.0, 1.5, 2.0, 5.0};
const char* const kWeightArgs[] = {"1", "1.5", "2", "5"};
const char* const kPolygonMethods[] = {"visibility", "polyanya", "centre", "portal"};
// The editor's Polyanya node guard (MethodView, editor/document/scene_method.hpp): with it the
// method records its search (RecordedGraph), as in the editor.
constexpr std::size_t kEditorPolyanyaNodes = 1'000'000;

struct Outcome {
  bool found = false;
  double length = 0.0;
  int expanded = 0;
};

/// `polypath path ARGS --json`: found, length and expanded.
Outcome cliOutcome(std::vector<std::string> args) {
  args.insert(args.begin(), "path");
  args.push_back("--json");
  const test::RunResult r = test::runCli(args);
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  return {j["found"].get<bool>(), j["length"].get<double>(), j["expanded"].get<int>()};
}

/// Steps `s` one expansion at a time to its end.
void stepToEnd(Search& s) {
  while (s.state().status() == SearchStatus::Running) s.step();
}

/// The polygon maps of maps/ (map files, Tiled), sorted.
std::vector<fs::path> polygonMaps() {
  std::vector<fs::path> out;
  for (const fs::path& dir : {fs::path(POLYPATH_SOURCE_DIR) / "maps", fs::path(POLYPATH_SOURCE_DIR) / "maps" / "tiled"})
    for (const fs::directory_entry& e : fs::directory_iterator(dir))
      if (e.is_regular_file() && e.path().extension() != ".map" && mapFormatFor(e.path())) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("weighted A*: the stepped search equals the one-shot CLI search on every polygon map in maps/",
          "[weighted][stepping]") {
  const std::vector<fs::path> maps = polygonMaps();
  REQUIRE(maps.size() == 11);  // 9 map files, the Tiled courtyard as .tmx and .tmj
  int compared = 0, found = 0, differs_from_optimal = 0;
  for (const fs::path& file : maps) {
    const MapDocument doc = importMap(file);
    REQUIRE(doc.start);
    REQUIRE(doc.goal);
    const PolygonMap map = buildPolygonMap(doc);
    const VisibilityGraph graph(map);  // the editor keeps the map's graph and lends it
    for (const char* name : kPolygonMethods) {
      std::unique_ptr<Method> m = methods().create(name);
      MethodOptions options;
      options.search_node_limit = kEditorPolyanyaNodes;
      m->build(map, options, &graph);
      double optimal = 0.0;
      for (int k = 0; k < 4; ++k) {
        INFO(file.filename().string() << ", method " << name << ", weight " << kWeightArgs[k]);
        const SearchOptions search{Heuristic::Euclidean, kWeights[k], TieBreak::LargerG};
        // The editor: the query, its one-shot result, then the stepped search on the same graph.
        m->query(*doc.start, *doc.goal);
        const Path first = m->worldPath(findPath(*m->graph(), m->startNode(), m->goalNode(), search));
        Search s;
        s.init(*m->graph(), m->startNode(), m->goalNode(), search);
        stepToEnd(s);
        const Path stepped = m->worldPath(s.finalize());
        const Outcome cli = cliOutcome({file.string(), "--method", name, "--weight", kWeightArgs[k]});
        REQUIRE(stepped.found == cli.found);
        CHECK(stepped.expanded == cli.expanded);
        CHECK(stepped.length == cli.length);
        CHECK(first.expanded == stepped.expanded);
        CHECK(first.length == stepped.length);
        CHECK(first.points == stepped.points);
        ++compared;
        if (!stepped.found) continue;
        ++found;
        if (k == 0) optimal = stepped.length;
        else if (stepped.length != optimal) ++differs_from_optimal;
        // Weighted A* never returns a path longer than w times the weight-1 path of an exact method.
        if (m->info().exact) CHECK(stepped.length <= kWeights[k] * optimal * (1.0 + 1e-12));
      }
    }
  }
  CHECK(compared == 176);  // 11 maps x 4 methods x 4 weights
  CHECK(found == 160);     // two-areas has no path: 4 methods x 4 weights
  WARN(found << " paths compared; " << differs_from_optimal << " weighted ones differ from the weight-1 length");
}

TEST_CASE("weighted A*: the stepped grid search equals the one-shot CLI search on the Moving AI grids in maps/",
          "[weighted][stepping][grid]") {
  int compared = 0;
  for (const char* name : {"astar-explorer.map", "astar-explorer-cup-closed.map"}) {
    const fs::path file = fs::path(POLYPATH_SOURCE_DIR) / "maps" / name;
    const Grid grid = loadMovingAiMap(file);
    // The editor's grid tab: the grid graph with its options, the search stepped (GridScene).
    const GridGraph graph(grid, GridOptions{});
    const NodeId start = grid.index(6, 15), goal = grid.index(34, 9);
    for (int k = 0; k < 4; ++k) {
      INFO(name << ", weight " << kWeightArgs[k]);
      Search s;
      s.init(graph, start, goal, {Heuristic::Octile, kWeights[k], TieBreak::LargerG});
      stepToEnd(s);
      const Path stepped = s.finalize();
      const Outcome cli = cliOutcome({file.string(), "--start", "6,15", "--goal", "34,9", "--moves", "8",
                                      "--corner-rule", "no-cut", "--costs", "exact", "--heuristic", "octile",
                                      "--tie-break", "g", "--weight", kWeightArgs[k]});
      REQUIRE(stepped.found == cli.found);
      CHECK(stepped.expanded == cli.expanded);
      CHECK(stepped.length / graph.costPerUnit() == cli.length);
      ++compared;
    }
  }
  CHECK(compared == 8);
}
