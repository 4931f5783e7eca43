// Grid geometry: rasterizing polygon maps (checked against dense sampling), line of sight
// between cell centres, smoothing, and the grid draw functions.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <map>

#include "polypath/debug/debug_draw_grid.hpp"
#include "polypath/core/grid_smoothing.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/movingai.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

/// Free by sampling: a 9 x 9 lattice of points over the closed square all walkable, and
/// line of sight from the centre to each of them (an independent, slower criterion).
bool freeBySampling(const PolygonMap& map, const Grid& g, int x, int y) {
  const Point lo = g.corner(x, y), c = g.cellCenter(x, y);
  if (!map.isWalkable(c)) return false;
  for (int i = 0; i <= 8; ++i)
    for (int j = 0; j <= 8; ++j) {
      const Point p{lo.x + g.cell_size * i / 8.0, lo.y + g.cell_size * j / 8.0};
      if (!map.isWalkable(p) || !map.lineOfSight(c, p)) return false;
    }
  return true;
}

/// Records fills (ring count and colour) and lines.
class Recorder final : public DebugDraw {
 public:
  std::map<std::uint32_t, std::size_t> rings_by_colour;
  std::size_t lines = 0, points = 0;
  double area = 0;
  static std::uint32_t key(Color c) { return (c.r << 24) | (c.g << 16) | (c.b << 8) | c.a; }
  void line(Point, Point, Color, float) override { ++lines; }
  void point(Point, Color, float) override { ++points; }
  void fillRings(const std::vector<const Ring*>& rings, Color c) override {
    rings_by_colour[key(c)] += rings.size();
    for (const Ring* r : rings) area += std::abs((r->at(2).x - r->at(0).x) * (r->at(2).y - r->at(0).y));
  }
  void text(Point, std::string_view, Color) override {}
};

}  // namespace

TEST_CASE("rasterize: a cell is free exactly when its closed square is walkable", "[grid][raster]") {
  const fs::path maps = fs::path(POLYPATH_SOURCE_DIR) / "maps";
  for (const char* name : {"seed-demo.json", "room-with-holes.json", "two-areas.json"}) {
    const PolygonMap map = buildPolygonMap(loadMap(maps / name));
    for (double cs : {1.0, 0.5, 1.5}) {
      const Grid g = rasterize(map, cs);
      INFO(name << " at cell size " << cs);
      const PolygonMap::Bounds b = map.bounds();
      CHECK(g.origin == b.min);
      CHECK(g.width == static_cast<int>(std::ceil((b.max.x - b.min.x) / cs)));
      int disagree = 0;
      for (int y = 0; y < g.height; ++y)
        for (int x = 0; x < g.width; ++x)
          if (g.isBlocked(x, y) == freeBySampling(map, g, x, y)) ++disagree;
      CHECK(disagree == 0);
      CHECK(g.freeCount() > 0);
    }
  }
}

TEST_CASE("rasterize: a pinch or a wall through a cell blocks it, a wall along its side does not", "[grid][raster]") {
  // Two 1 x 1 holes touching at (2, 2) inside a 4 x 4 square.
  const PolygonMap pinch({{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{{1, 1}, {2, 1}, {2, 2}, {1, 2}}, {{2, 2}, {3, 2}, {3, 3}, {2, 3}}}}});
  const Grid g = rasterize(pinch, 1.0);
  CHECK(g.freeCount() == 14);
  CHECK(g.isBlocked(1, 1));
  CHECK(g.isBlocked(2, 2));
  CHECK_FALSE(g.isBlocked(2, 1));  // touches both holes along its sides and at the pinch corner
  // At cell size 2 each cell contains part of a hole.
  CHECK(rasterize(pinch, 2.0).freeCount() == 2);
  // A thin triangle hole whose tip reaches into a cell without any vertex inside it.
  const PolygonMap tip({{{{0, 0}, {4, 0}, {4, 2}, {0, 2}}, {{{0.5, 0.5}, {2.5, 1.0}, {0.5, 1.5}}}}});
  const Grid t = rasterize(tip, 1.0);
  CHECK(t.isBlocked(0, 0));
  CHECK(t.isBlocked(2, 0));  // the tip (2.5, 1) lies on the side between cells (2, 0) and (2, 1)
  CHECK(t.isBlocked(2, 1));
  CHECK_FALSE(t.isBlocked(3, 0));
  CHECK_THROWS_AS(rasterize(tip, 0.0), Error);
  CHECK_THROWS_AS(rasterize(tip, 1e-6), Error);
}

TEST_CASE("grid line of sight: touching a blocked cell's corner or side blocks", "[grid][smooth]") {
  Grid g(5, 5);
  g.setBlocked(2, 2, true);
  CHECK(gridLineOfSight(g, 0, 0, 4, 0));
  CHECK_FALSE(gridLineOfSight(g, 0, 0, 4, 4));  // through the blocked cell's centre
  CHECK_FALSE(gridLineOfSight(g, 1, 1, 3, 3));
  CHECK_FALSE(gridLineOfSight(g, 1, 3, 3, 1));
  CHECK(gridLineOfSight(g, 0, 1, 4, 1));
  // (0, 0) -> (3, 1): the segment's y stays below 2: clear.
  CHECK(gridLineOfSight(g, 0, 0, 3, 1));
  // (1, 3) -> (3, 3) runs below; (0, 4) -> (4, 0) passes through corners (2, 3)... and cell (2, 2).
  CHECK(gridLineOfSight(g, 1, 3, 3, 3));
  CHECK_FALSE(gridLineOfSight(g, 0, 4, 4, 0));
  // Passing exactly through the corner (2, 2) of the blocked cell: (0, 3) -> (3, 0) has
  // centres (0.5, 3.5) and (3.5, 0.5): the line x + y = 4 touches the cell's corner (2, 2).
  CHECK_FALSE(gridLineOfSight(g, 0, 3, 3, 0));
  // Symmetric in its ends.
  for (int ax = 0; ax < 5; ++ax)
    for (int ay = 0; ay < 5; ++ay)
      for (int bx = 0; bx < 5; ++bx)
        for (int by = 0; by < 5; ++by) CHECK(gridLineOfSight(g, ax, ay, bx, by) == gridLineOfSight(g, bx, by, ax, ay));
}

TEST_CASE("smoothing straightens a grid path and is never longer", "[grid][smooth]") {
  const Grid open(20, 20);
  const GridGraph graph(open);
  const Path p = findPath(graph, open.index(0, 0), open.index(19, 10), {Heuristic::Octile, 1.0, TieBreak::LargerG});
  const std::vector<Point> s = smoothGridPath(open, p);
  REQUIRE(s.size() == 2);
  CHECK(polylineLength(s) == Approx(std::hypot(19.0, 10.0)).epsilon(1e-12));

  const Grid explorer = loadMovingAiMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "astar-explorer.map");
  const GridGraph eg(explorer);
  const Path ep = findPath(eg, 15 * 40 + 6, 9 * 40 + 34, {Heuristic::Octile, 1.0, TieBreak::LargerG});
  const std::vector<Point> es = smoothGridPath(explorer, ep);
  REQUIRE(es.size() >= 3);  // it must turn round the cup
  CHECK(es.front() == ep.points.front());
  CHECK(es.back() == ep.points.back());
  CHECK(polylineLength(es) < ep.length);
  for (std::size_t i = 1; i < es.size(); ++i)
    CHECK(gridLineOfSight(explorer, int(es[i - 1].x), int(es[i - 1].y), int(es[i].x), int(es[i].y)));
  CHECK(smoothGridPath(explorer, Path{}).empty());
}

TEST_CASE("grid draw functions fill cells by layer, rows merged into runs", "[grid][draw]") {
  Grid g(4, 2);
  g.setBlocked(1, 0, true);
  g.setBlocked(2, 0, true);
  Recorder all;
  drawGrid(all, g, kAllLayers);
  CHECK(all.rings_by_colour[Recorder::key(layerColor(LayerGridCells))] == 1);  // one run of two walls
  CHECK(all.rings_by_colour[Recorder::key(layerColor(LayerRegion))] == 3);     // (0,0), (3,0), row 1
  CHECK(all.area == 8.0);
  Recorder none;
  drawGrid(none, g, kAllLayers & ~(LayerGridCells | LayerRegion));
  CHECK(none.rings_by_colour.empty());

  const GridGraph graph(g);
  Search s;
  s.init(graph, g.index(0, 0), g.index(3, 0), {Heuristic::Octile, 1.0, TieBreak::LargerG});
  s.step();
  Recorder search;
  drawGridSearch(search, g, s.state(), kAllLayers);
  CHECK(search.rings_by_colour[Recorder::key(layerColor(LayerGridExplored))] == 1);
  // (1, 0) is a wall and the diagonal needs both side cells: only (0, 1) waits.
  CHECK(search.rings_by_colour[Recorder::key(layerColor(LayerGridWaiting))] == 1);
  CHECK(search.points == 1);
  s.run();
  const Path p = s.finalize();
  Recorder path;
  drawGridPath(path, g, p, smoothGridPath(g, p), LayerPath);
  CHECK(path.rings_by_colour.size() == 1);
  CHECK(path.lines == smoothGridPath(g, p).size() - 1);
  CHECK(path.area == static_cast<double>(p.nodes.size()));
}

TEST_CASE("grid draw functions with a view set fill only the cells that meet it", "[grid][draw]") {
  Grid g(10, 10, 2.0, {-4, 6});  // cells of 2 units from (-4, 6)
  g.setBlocked(2, 2, true);
  const auto region = Recorder::key(layerColor(LayerRegion)), walls = Recorder::key(layerColor(LayerGridCells));
  Recorder all;
  drawGrid(all, g, LayerRegion | LayerGridCells);
  CHECK(all.area == 400.0);
  // World [1, 5] x [11, 15] meets columns and rows 2..4 (column 2 spans x 0..2, column 4
  // x 4..6): 9 cells, the wall (2, 2) among them.
  Recorder in;
  in.view = ViewBox{{1, 11}, {5, 15}};
  drawGrid(in, g, LayerRegion | LayerGridCells);
  CHECK(in.area == 9 * 4.0);
  CHECK(in.rings_by_colour[walls] == 1);
  CHECK(in.rings_by_colour[region] == 3);  // row 2: cells 3..4 beside the wall, rows 3 and 4: 2..4
  Recorder away;
  away.view = ViewBox{{100, 100}, {200, 200}};
  drawGrid(away, g, LayerRegion | LayerGridCells);
  CHECK(away.rings_by_colour.empty());
}
