// The grid method with agent clearance: clearanceGrid rasterizes the map eroded by
// the radius on the original map's cells. Checked against an oracle that uses no polygon
// code (for maps traced from a grid, the distance between cell squares decides which cells
// keep the radius), against brute-force wall distances (every free cell's square keeps the
// guaranteed clearance; no cell is blocked that keeps the buffer distance), and through
// the command line (`polypath path --method grid --clearance R`, --snap, radius 0).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "polypath/core/grid.hpp"
#include "polypath/core/search.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/movingai.hpp"
#include "support/run_cli.hpp"
#include "support/segment_distance.hpp"

using namespace polypath;
using polypath::test::runCli;

namespace {

const std::string kMaps = std::string(POLYPATH_SOURCE_DIR) + "/maps/";

/// Oracle for a grid traced into polygons (cell (x, y) = square [x, x+1] x [y, y+1], the
/// outside of the grid is wall): cell c keeps radius r exactly when the distance from its
/// square to every blocked square and to the outside is more than r. Round joins measure
/// Euclidean distance, mitre joins (obstacles grown by an axis-aligned square) Chebyshev.
/// Valid for radii away from every distance between lattice squares (and their sagitta).
Grid oracleGrid(const Grid& g, double r, bool chebyshev) {
  Grid out = g;
  for (int y = 0; y < g.height; ++y)
    for (int x = 0; x < g.width; ++x) {
      if (g.isBlocked(x, y)) continue;
      double d = std::min({x, y, g.width - 1 - x, g.height - 1 - y}) * 1.0;
      for (int by = 0; by < g.height && d > r; ++by)
        for (int bx = 0; bx < g.width; ++bx) {
          if (!g.isBlocked(bx, by)) continue;
          const double dx = std::max(std::abs(bx - x) - 1, 0), dy = std::max(std::abs(by - y) - 1, 0);
          d = std::min(d, chebyshev ? std::max(dx, dy) : std::hypot(dx, dy));
        }
      out.setBlocked(x, y, !(d > r));
    }
  return out;
}

/// Least distance from the closed square of cell (x, y) to any ring edge of `map`
/// (long double, no src/core distance code); 0 when an edge reaches inside the square.
long double squareWallDistance(const Grid& g, int x, int y, const PolygonMap& map) {
  const Point c[4] = {g.corner(x, y), g.corner(x + 1, y), g.corner(x + 1, y + 1), g.corner(x, y + 1)};
  long double best = INFINITY;
  for (const PolygonMap::Vertex& v : map.vertices()) {
    const Point a = v.position, b = map.vertices()[v.next].position;
    if (a.x > c[0].x && a.x < c[2].x && a.y > c[0].y && a.y < c[2].y) return 0;
    for (int i = 0; i < 4; ++i) best = std::min(best, test::segmentDistance(c[i], c[(i + 1) % 4], a, b));
  }
  return best;
}

std::string cellsText(const Grid& g) {
  std::string s;
  for (int y = 0; y < g.height; ++y) {
    for (int x = 0; x < g.width; ++x) s += g.isBlocked(x, y) ? '@' : '.';
    s += '\n';
  }
  return s;
}

Grid randomGrid(std::mt19937& rng, int w, int h, double density) {
  Grid g(w, h);
  std::bernoulli_distribution wall(density);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) g.setBlocked(x, y, wall(rng));
  return g;
}

/// The eroded grid of a grid traced into polygons, on the grid's own cells.
Grid erodedGrid(const Grid& g, double r, ClearanceStyle style) {
  ClearanceSet set(gridToMapDocument(g, "test").polygons, style, {}, 1);
  return clearanceGrid(*set.level(r), g);
}

}  // namespace

TEST_CASE("clearanceGrid of a traced grid equals the square-distance oracle", "[grid-clearance]") {
  std::vector<Grid> grids = {loadMovingAiMap(kMaps + "astar-explorer.map")};
  std::mt19937 rng(7);
  for (int i = 0; i < 6; ++i) grids.push_back(randomGrid(rng, 18 + i, 14, i < 3 ? 0.05 : 0.15));
  ClearanceStyle round, mitre;
  mitre.joins = ClearanceJoins::Mitre;
  int compared = 0, freed_somewhere = 0, eroded_somewhere = 0;
  for (const Grid& g : grids)
    for (double r : {0.6, 1.5, 2.1})
      for (bool use_mitre : {false, true}) {
        INFO("grid " << g.width << " x " << g.height << ", radius " << r << (use_mitre ? " mitre" : " round"));
        const Grid got = erodedGrid(g, r, use_mitre ? mitre : round);
        const Grid want = oracleGrid(g, r, use_mitre);
        REQUIRE(got.width == g.width);
        REQUIRE(got.height == g.height);
        CHECK(got.origin.x == 0.0);
        CHECK(got.origin.y == 0.0);
        CHECK(cellsText(got) == cellsText(want));
        ++compared;
        if (want.freeCount() > 0) ++freed_somewhere;
        if (want.freeCount() < g.freeCount()) ++eroded_somewhere;
      }
  CHECK(compared == 42);
  // The oracle is neither "everything blocked" nor "nothing changes".
  CHECK(freed_somewhere >= 28);
  CHECK(eroded_somewhere == 42);
  // The textbook map at radius 0.6: a cell is free when none of its 8 neighbours is a wall.
  const Grid explorer = erodedGrid(grids[0], 0.6, round);
  CHECK(explorer.freeCount() == oracleGrid(grids[0], 0.6, false).freeCount());
  CHECK(explorer.isBlocked(22, 10));   // next to the wall at column 23
  CHECK(!explorer.isBlocked(21, 10));  // two columns away
}

TEST_CASE("grid paths with clearance keep the radius and match the oracle grid's lengths", "[grid-clearance]") {
  const Grid g = loadMovingAiMap(kMaps + "astar-explorer.map");
  const PolygonMap walls = buildPolygonMap(gridToMapDocument(g, "explorer"));
  const SearchOptions search{Heuristic::Octile, 1.0, TieBreak::LargerG};
  // Textbook start (6, 15) and goal (34, 9): both at least 2 cells from every wall.
  const int start = g.index(6, 15), goal = g.index(34, 9);
  double previous = 0.0;
  for (double r : {0.0, 0.6, 1.5, 2.1}) {
    INFO("radius " << r);
    ClearanceSet set(gridToMapDocument(g, "explorer").polygons, ClearanceStyle{}, {}, 1);
    const auto level = set.level(r);
    const Grid eroded = clearanceGrid(*level, g);
    const Path path = findPath(GridGraph(eroded), start, goal, search);
    const Grid oracle = r == 0.0 ? g : oracleGrid(g, r, false);
    const Path want = findPath(GridGraph(oracle), start, goal, search);
    REQUIRE(path.found == want.found);
    CHECK(path.expanded == want.expanded);
    if (!want.found) {
      CHECK(r == 2.1);  // the 5-cell corridors above and below the cup close at 2.1
      continue;
    }
    CHECK(std::abs(path.length - want.length) <= 1e-9);
    CHECK(path.length >= previous - 1e-12);  // a bigger body never finds a shorter way
    previous = path.length;
    for (NodeId n : path.nodes) {
      const int x = static_cast<int>(n) % g.width, y = static_cast<int>(n) / g.width;
      INFO("cell (" << x << ", " << y << ")");
      CHECK(squareWallDistance(g, x, y, walls) >= level->eroded().guaranteedClearance() - 1e-9);
    }
  }
  // Radius 0 is the unmodified grid search, exactly.
  const Path plain = findPath(GridGraph(g), start, goal, search);
  ClearanceSet set(gridToMapDocument(g, "explorer").polygons);
  const Path zero = findPath(GridGraph(clearanceGrid(set, 0.0, 1.0)), start, goal, search);
  CHECK(zero.nodes == plain.nodes);
  CHECK(zero.length == plain.length);
  CHECK(zero.expanded == plain.expanded);
  CHECK(plain.expanded == 219);
}

TEST_CASE("clearanceGrid of a polygon map keeps the clearance in every free cell and blocks no cell that keeps it",
          "[grid-clearance]") {
  for (const char* name : {"room-with-holes.json", "seed-demo.json", "rooms-with-doors.json"}) {
    const MapDocument doc = loadMap(kMaps + name);
    ClearanceSet set(doc);
    const PolygonMap& original = set.original();
    const PolygonMap::Bounds b = original.bounds();
    const double cell = std::max(b.max.x - b.min.x, b.max.y - b.min.y) / 40.0;
    const Grid plain = rasterize(original, cell);
    // Radius 0: the original map's grid, cell for cell.
    const Grid zero = clearanceGrid(set, 0.0, cell);
    CHECK(cellsText(zero) == cellsText(plain));
    CHECK(zero.origin.x == plain.origin.x);
    CHECK(zero.origin.y == plain.origin.y);
    for (double f : {1.0, 2.5}) {
      const double r = f * cell;
      INFO(name << " at cell size " << cell << ", radius " << r);
      const Grid eroded = clearanceGrid(set, r, cell);
      const auto level = set.level(r);
      REQUIRE(eroded.width == plain.width);
      REQUIRE(eroded.height == plain.height);
      CHECK(eroded.origin.x == plain.origin.x);
      CHECK(eroded.freeCount() < plain.freeCount());
      CHECK(eroded.freeCount() > 0);
      int checked = 0;
      for (int y = 0; y < plain.height; ++y)
        for (int x = 0; x < plain.width; ++x) {
          if (plain.isBlocked(x, y)) {
            CHECK(eroded.isBlocked(x, y));
            continue;
          }
          const long double d = squareWallDistance(plain, x, y, original);
          if (!eroded.isBlocked(x, y)) CHECK(d >= level->eroded().guaranteedClearance() - 1e-9);
          else CHECK(d < level->eroded().buffer_distance + 1e-9);
          ++checked;
        }
      CHECK(checked == plain.freeCount());
    }
  }
}

TEST_CASE("polypath path --method grid --clearance on a .map: oracle lengths, radius 0, errors and --snap",
          "[grid-clearance][cli-grid]") {
  const std::string map = kMaps + "astar-explorer.map";
  const Grid g = loadMovingAiMap(map);
  auto run = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"path", map, "--method", "grid", "--start", "6,15", "--goal", "34,9", "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    return runCli(args);
  };
  const SearchOptions search{Heuristic::Octile, 1.0, TieBreak::LargerG};
  for (double r : {0.6, 1.5}) {
    const test::RunResult res = run({"--clearance", r == 0.6 ? "0.6" : "1.5"});
    INFO(res.out << res.err);
    REQUIRE(res.exit_code == 0);
    const nlohmann::json j = nlohmann::json::parse(res.out);
    const Path want = findPath(GridGraph(oracleGrid(g, r, false)), g.index(6, 15), g.index(34, 9), search);
    CHECK(j["found"] == true);
    CHECK(j["clearance"].get<double>() == r);
    CHECK(std::abs(j["length"].get<double>() - want.length) <= 1e-9);
    CHECK(j["expanded"] == want.expanded);
    CHECK(j["steps"] == static_cast<int>(want.nodes.size()) - 1);
  }
  // Radius 0 prints exactly what no --clearance prints.
  const test::RunResult none = run({}), zero = run({"--clearance", "0"});
  REQUIRE(none.exit_code == 0);
  CHECK(zero.out == none.out);
  CHECK(nlohmann::json::parse(none.out)["expanded"] == 219);

  // (22, 10) is free but next to the wall at column 23.
  const test::RunResult close = runCli({"path", map, "--method", "grid", "--start", "22,10", "--goal", "34,9",
                                        "--clearance", "0.6", "--json"});
  CHECK(close.exit_code == 2);
  CHECK_THAT(close.err, Catch::Matchers::Contains("start cell (22, 10) is closer than the clearance 0.6 to a wall"));
  CHECK_THAT(close.err, Catch::Matchers::Contains("--snap"));
  const test::RunResult snapped = runCli({"path", map, "--method", "grid", "--start", "22,10", "--goal", "34,9",
                                          "--clearance", "0.6", "--snap", "--json"});
  INFO(snapped.err);
  REQUIRE(snapped.exit_code == 0);
  CHECK_THAT(snapped.err, Catch::Matchers::Contains("snapped to cell (21, 10)"));
  const nlohmann::json s = nlohmann::json::parse(snapped.out);
  CHECK(s["cells"][0] == nlohmann::json::array({21, 10}));
  CHECK(s["start"] == nlohmann::json::array({21.5, 10.5}));
}

TEST_CASE("polypath path --method grid --clearance on a JSON map uses the eroded map's cells", "[grid-clearance][cli-grid]") {
  const std::string file = kMaps + "room-with-holes.json";
  const MapDocument doc = loadMap(file);
  REQUIRE(doc.start);
  REQUIRE(doc.goal);
  const test::RunResult res =
      runCli({"path", file, "--method", "grid", "--cell-size", "0.5", "--clearance", "0.4", "--json"});
  INFO(res.out << res.err);
  REQUIRE(res.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(res.out);
  // Independent run: the same level, start and goal, through the library.
  ClearanceSet set(doc);
  const auto level = set.level(0.4);
  const Grid eroded = clearanceGrid(set, 0.4, 0.5);
  const Point start = requireClearance(*level, set.original(), *doc.start, "start");
  const Point goal = requireClearance(*level, set.original(), *doc.goal, "goal");
  REQUIRE(eroded.locate(start) >= 0);
  REQUIRE(eroded.locate(goal) >= 0);
  const Path want = findPath(GridGraph(eroded), eroded.locate(start), eroded.locate(goal),
                             SearchOptions{Heuristic::Octile, 1.0, TieBreak::LargerG});
  CHECK(j["found"] == want.found);
  CHECK(std::abs(j["length"].get<double>() - want.length) <= 1e-9);
  CHECK(j["expanded"] == want.expanded);
  CHECK(j["clearance"].get<double>() == 0.4);
  const test::RunResult plain = runCli({"path", file, "--method", "grid", "--cell-size", "0.5", "--json"});
  REQUIRE(plain.exit_code == 0);
  CHECK(nlohmann::json::parse(plain.out)["length"].get<double>() <= j["length"].get<double>());
}
