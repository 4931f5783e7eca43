// Moving AI data in ../shared/data (skipped where absent): the grid method against the
// scenario files' optimal octile lengths, and the traced polygon maps (area, validity,
// any-angle lengths never above the octile optimum).
//
// The whole set (18 files, 41,799 queries, about 46 minutes on a loaded 2-core machine,
// mostly the two 512 x 512 mazes) is run by `polypath scen`; here each file gives 12
// evenly spread queries, its last (longest) one included.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include "polypath/core/grid_trace.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/movingai.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(POLYPATH_SHARED_DIR) / "data";

/// The map a scenario line names, found beside the scenario file by its file name.
fs::path mapBeside(const fs::path& scen, const std::string& written) {
  return scen.parent_path() / fs::path(written).filename();
}

double area(const Ring& r) {
  double a = 0;
  for (std::size_t i = 0; i < r.size(); ++i) a += cross(r[i], r[(i + 1) % r.size()]);
  return std::abs(a) / 2;
}

}  // namespace

TEST_CASE("grid method: the optimal octile length of every scenario file (a subset of each)", "[scen]") {
  const char* files[] = {
      "movingai/dao/arena.map.scen",        "movingai/dao/brc202d.map.scen",
      "movingai/dao/den312d.map.scen",      "movingai/dao/lak303d.map.scen",
      "movingai/random/random512-10-0.map.scen", "movingai/random/random512-40-0.map.scen",
      "movingai/da2/ca_cave.map.scen",      "movingai/da2/ht_chantry.map.scen",
      "movingai/mazes/maze512-1-0.map.scen", "movingai/mazes/maze512-32-0.map.scen",
      "movingai/rooms/64room_000.map.scen", "movingai/rooms/8room_000.map.scen",
      "movingai/bg512/AR0011SR.map.scen",   "movingai/sc1/Aurora.map.scen",
      "movingai/sc1/CatwalkAlley.map.scen", "gppc-small/maze-100-1.map.scen",
      "gppc-small/random-100-33.map.scen",  "gppc-small/room-100-10.map.scen",
  };
  constexpr std::size_t kPerFile = 12;
  int files_run = 0;
  for (const char* name : files) {
    const fs::path scen_file = kData / name;
    if (!fs::exists(scen_file)) {
      WARN("skipped: " << scen_file << " is absent");
      continue;
    }
    ++files_run;
    const Scenario scen = loadScenario(scen_file);
    REQUIRE(!scen.queries.empty());
    const Grid grid = loadMovingAiMap(mapBeside(scen_file, scen.queries[0].map));
    const GridGraph graph(grid);  // 8 moves, no corner cutting, 1 and sqrt 2
    const std::size_t n = scen.queries.size();
    for (std::size_t k = 1; k <= kPerFile; ++k) {
      const ScenarioQuery& q = scen.queries[k * n / kPerFile - 1];
      INFO(name << " line " << q.line);
      CHECK(grid.width == q.map_width);
      CHECK(grid.height == q.map_height);
      const Path p = findPath(graph, grid.index(q.sx, q.sy), grid.index(q.gx, q.gy),
                              {Heuristic::Octile, 1.0, TieBreak::LargerG});
      REQUIRE(p.found);
      CHECK(std::abs(p.length - q.optimal) <= q.tolerance());
    }
  }
  if (files_run) CHECK(files_run == 18);
}

TEST_CASE("traced small maps: polygon area equals cell area, and they are valid maps", "[scen][trace]") {
  for (const char* name : {"movingai/dao/arena.map", "gppc-small/maze-100-1.map", "gppc-small/room-100-10.map",
                           "gppc-small/random-100-33.map"}) {
    const fs::path file = kData / name;
    if (!fs::exists(file)) {
      WARN("skipped: " << file << " is absent");
      continue;
    }
    INFO(name);
    const Grid grid = loadMovingAiMap(file);
    const MapDocument doc = gridToMapDocument(grid, "traced");
    double a = 0;
    for (const Polygon& p : doc.polygons) {
      a += area(p.outer);
      for (const Ring& h : p.holes) a -= area(h);
    }
    CHECK(a == grid.freeCount());
    if (std::string(name).find("random") != std::string::npos) continue;  // 949 holes: validation takes seconds
    for (const MapProblem& problem : validateMap(doc)) {
      INFO(problem.describe());
      CHECK(problem.severity == MapProblem::Severity::Warning);
    }
  }
}

TEST_CASE("traced maps: the visibility method is never longer than the octile optimum", "[scen][trace]") {
  for (const char* name : {"movingai/dao/arena.map.scen", "gppc-small/room-100-10.map.scen"}) {
    const fs::path scen_file = kData / name;
    if (!fs::exists(scen_file)) {
      WARN("skipped: " << scen_file << " is absent");
      continue;
    }
    const Scenario scen = loadScenario(scen_file);
    const Grid grid = loadMovingAiMap(mapBeside(scen_file, scen.queries[0].map));
    const PolygonMap map(traceGrid(grid));
    const VisibilityGraph vg(map);
    int shorter = 0;
    for (std::size_t i = 0; i < scen.queries.size(); i += 8) {
      const ScenarioQuery& q = scen.queries[i];
      INFO(name << " line " << q.line);
      const Point s = grid.cellCenter(q.sx, q.sy), g = grid.cellCenter(q.gx, q.gy);
      const Path p = findPath(vg, s, g);
      REQUIRE(p.found);
      CHECK(p.length <= q.optimal + q.tolerance());
      CHECK(p.length >= distance(s, g) - 1e-9);
      if (p.length < q.optimal - q.tolerance()) ++shorter;
    }
    CHECK(shorter > 0);  // any-angle paths do beat the octile ones
  }
}
