// Navmesh draw functions: each navmesh layer emits its primitives in its colour, only when
// its layer bit is set, and, with a view set, only what meets the view.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "polypath/debug/debug_draw_navmesh.hpp"

using namespace polypath;

namespace {

/// Counts lines, points and fills per colour.
class CountingDraw final : public DebugDraw {
 public:
  using Key = std::tuple<int, int, int, int>;
  std::map<Key, int> lines, points, fills;
  static Key key(Color c) { return {c.r, c.g, c.b, c.a}; }
  void line(Point, Point, Color c, float) override { ++lines[key(c)]; }
  void point(Point, Color c, float) override { ++points[key(c)]; }
  void fillRings(const std::vector<const Ring*>&, Color c) override { ++fills[key(c)]; }
  void text(Point, std::string_view, Color) override {}
  int total() const {
    int n = 0;
    for (const auto* m : {&lines, &points, &fills})
      for (const auto& [k, v] : *m) n += v;
    return n;
  }
};

NavMesh square() {
  return NavMesh({{0, 0}, {4, 0}, {4, 4}, {0, 4}, {2, 2}}, {{{0, 1, 4}, 0}, {{1, 2, 4}, 0}, {{2, 3, 4}, 0}, {{3, 0, 4}, 0}});
}

}  // namespace

TEST_CASE("navmesh layers: listed in the layer table and in kAllLayers", "[navmesh][debug_draw]") {
  std::uint32_t seen = 0;
  for (const LayerInfo& info : layerInfos()) seen |= info.layer;
  CHECK((seen & kNavMeshLayers) == kNavMeshLayers);
  CHECK((kAllLayers & kNavMeshLayers) == kNavMeshLayers);
  CHECK(kNavMeshLayers == (((1u << 24) - 1) & ~((1u << 17) - 1)));
}

TEST_CASE("navmesh layers: triangles, adjacency, corridor, portals and funnel", "[navmesh][debug_draw]") {
  const NavMesh mesh = square();
  const auto k = [](Layer l) { return CountingDraw::key(layerColor(l)); };
  CountingDraw none;
  drawNavMesh(none, mesh, 0);
  CHECK(none.total() == 0);

  CountingDraw d;
  drawNavMesh(d, mesh, LayerNavTriangles | LayerNavAdjacency);
  CHECK(d.lines[k(LayerNavTriangles)] == 8);   // 4 walls + 4 shared spokes, each once
  CHECK(d.lines[k(LayerNavAdjacency)] == 8);   // centre -> portal midpoint -> centre, per portal
  CHECK(d.points[k(LayerNavAdjacency)] == 4);  // one dot per face centre

  const NavMeshPath path = findNavMeshPath(mesh, {2, 0.5}, {2, 3.5}, NodePlacement::Centre);
  REQUIRE(path.found);
  CountingDraw c;
  drawNavMeshPath(c, mesh, path, LayerNavCorridor | LayerNavPortals | LayerPath);
  CHECK(c.fills[k(LayerNavCorridor)] == static_cast<int>(path.corridor.size()));
  CHECK(c.lines[k(LayerNavPortals)] == static_cast<int>(path.portals.size()) - 2);  // start and goal skipped
  CHECK(c.lines[k(LayerPath)] == 1);  // the straight segment

  const std::vector<FunnelState> steps = funnelSteps(path.portals);
  CountingDraw f;
  drawFunnel(f, steps[1], path.portals, LayerFunnelApex | LayerFunnelSides | LayerNavPortals);
  CHECK(f.points[k(LayerFunnelApex)] == 1);
  CHECK(f.lines[k(LayerFunnelSides)] == 2);
  CHECK(f.lines[k(LayerNavPortals)] == 1);  // the next portal to process

  CountingDraw pc;
  drawPortalCorridor(pc, portalCorridor(path.portals), kAllLayers);
  CHECK(pc.lines[k(LayerNavSteerPortals)] == 0);  // a straight corridor keeps no portal
  CHECK(pc.lines[k(LayerNavPortals)] == 0);
  CHECK(pc.points[k(LayerStartGoal)] == 1);
  CHECK(pc.points[CountingDraw::key(kGoalColor)] == 1);
}

TEST_CASE("navmesh layers: the steer portals are their own layer, thick, over the portals", "[navmesh][debug_draw]") {
  // A bend keeps one portal of the portal corridor (test_funnel.cpp); the degenerate start
  // and goal portals are skipped.
  const std::vector<FunnelPortal> bend = {
      {{0, 0}, {0, 0}}, {{4, 2}, {4, -2}}, {{4, 2}, {8, -2}}, {{4, 2}, {8, 2}}, {{4, 10}, {4, 10}}};
  const PortalCorridor kept = portalCorridor(bend);
  REQUIRE(kept.portals.size() == 1);
  const auto steer = CountingDraw::key(layerColor(LayerNavSteerPortals));
  CountingDraw off;
  drawSteerPortals(off, bend, kAllLayers & ~LayerNavSteerPortals);
  CHECK(off.total() == 0);
  CountingDraw d;
  drawSteerPortals(d, bend, LayerNavSteerPortals);
  CHECK(d.lines[steer] == 3);
  CHECK(d.points[steer] == 6);
  CHECK(d.total() == 9);  // nothing in another colour
  CountingDraw pc;
  drawPortalCorridor(pc, kept, LayerNavSteerPortals);
  CHECK(pc.lines[steer] == 1);
  CHECK(pc.lines[CountingDraw::key(layerColor(LayerNavPortals))] == 0);
  // Its own colour, told apart from the portals it is drawn over.
  CHECK_FALSE(layerColor(LayerNavSteerPortals) == layerColor(LayerNavPortals));
}

TEST_CASE("navmesh layers: edges shorter than the target's detail are left out", "[navmesh][debug_draw]") {
  // The square's 8 edges: 4 walls of length 4 and 4 diagonals to the centre of length 2.83.
  const NavMesh mesh = square();
  const auto c = CountingDraw::key(layerColor(LayerNavTriangles));
  for (auto [detail, drawn] : {std::pair{0.0, 8}, std::pair{2.8, 8}, std::pair{2.9, 4}, std::pair{4.1, 0}}) {
    INFO("min_detail " << detail);
    CountingDraw dd;
    dd.min_detail = detail;
    drawNavMesh(dd, mesh, LayerNavTriangles);
    CHECK(dd.lines[c] == drawn);
  }
}

TEST_CASE("navmesh layers: adjacency links and dots closer than the target's detail are left out",
          "[navmesh][debug_draw]") {
  // Face {0, 1, 4} has its centre at (2, 2/3) and its portals' midpoints at (1, 1) and
  // (3, 1): each half link is sqrt(10)/3 = 1.054 long, and so in every face.
  const NavMesh mesh = square();
  const auto c = CountingDraw::key(layerColor(LayerNavAdjacency));
  for (auto [detail, lines, dots] : {std::tuple{0.0, 8, 4}, std::tuple{1.05, 8, 4}, std::tuple{1.06, 0, 0}}) {
    INFO("min_detail " << detail);
    CountingDraw dd;
    dd.min_detail = detail;
    drawNavMesh(dd, mesh, LayerNavAdjacency);
    CHECK(dd.lines[c] == lines);
    CHECK(dd.points[c] == dots);
  }
}

namespace {

/// Records the ends of every line and the place of every dot, by colour.
class RecordingDraw final : public DebugDraw {
 public:
  std::map<CountingDraw::Key, std::vector<std::pair<Point, Point>>> lines;
  std::map<CountingDraw::Key, std::vector<Point>> points;
  void line(Point a, Point b, Color c, float) override { lines[CountingDraw::key(c)].push_back({a, b}); }
  void point(Point p, Color c, float) override { points[CountingDraw::key(c)].push_back(p); }
  void fillRings(const std::vector<const Ring*>&, Color) override {}
  void text(Point, std::string_view, Color) override {}
};

/// n x n unit squares over [0, n]^2, each cut into two triangles by its diagonal from
/// (x, y) to (x + 1, y + 1). Vertex (x, y) has index y (n + 1) + x.
std::pair<std::vector<Point>, std::vector<NavMesh::FaceInput>> squareLattice(int n) {
  std::vector<Point> vs;
  for (int y = 0; y <= n; ++y)
    for (int x = 0; x <= n; ++x) vs.push_back({static_cast<double>(x), static_cast<double>(y)});
  std::vector<NavMesh::FaceInput> faces;
  const auto at = [n](int x, int y) { return y * (n + 1) + x; };
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      faces.push_back({{at(x, y), at(x + 1, y), at(x + 1, y + 1)}, 0});
      faces.push_back({{at(x, y), at(x + 1, y + 1), at(x, y + 1)}, 0});
    }
  return {vs, faces};
}

}  // namespace

TEST_CASE("navmesh layers: with a view set only the edges, links and dots that meet it are drawn, without one all",
          "[navmesh][debug_draw]") {
  const int n = 10;
  const auto [vertices, inputs] = squareLattice(n);
  const NavMesh mesh(vertices, inputs);
  const auto tri = CountingDraw::key(layerColor(LayerNavTriangles));
  const auto adj = CountingDraw::key(layerColor(LayerNavAdjacency));
  const std::uint32_t layers = LayerNavTriangles | LayerNavAdjacency;

  RecordingDraw all;  // no view: the whole mesh
  drawNavMesh(all, mesh, layers);
  CHECK(all.lines[tri].size() == 320);      // 110 horizontal, 110 vertical, 100 diagonal edges
  CHECK(all.lines[adj].size() == 2 * 280);  // two halves per shared edge (320 less the 40 on the rim)
  CHECK(all.points[adj].size() == 200);     // a dot per face

  const ViewBox view{{2.5, 2.5}, {4.5, 4.5}};
  RecordingDraw in;
  in.view = view;
  drawNavMesh(in, mesh, layers);
  // Counted by hand: the horizontal edges at y = 3 and 4 and the vertical ones at x = 3
  // and 4, three each (12), and the diagonals of the 9 squares of columns and rows 2..4.
  CHECK(in.lines[tri].size() == 21);
  // Face centres inside the view: (x + 2/3, y + 1/3) for x = 2, 3 and y = 3, 4, and
  // (x + 1/3, y + 2/3) for x = 3, 4 and y = 2, 3.
  CHECK(in.points[adj].size() == 8);

  // Independently of the mesh's faces, neighbours and ids: the distinct edges of the input
  // triangles whose bounding box meets the view, each drawn exactly once.
  std::set<std::pair<int, int>> expected, drawn;
  for (const NavMesh::FaceInput& f : inputs)
    for (std::size_t i = 0; i < 3; ++i) {
      const int a = f.v[i], b = f.v[(i + 1) % 3];
      if (view.meets(vertices[a], vertices[b])) expected.insert(std::minmax(a, b));
    }
  const auto index = [n](Point p) { return static_cast<int>(p.y) * (n + 1) + static_cast<int>(p.x); };
  for (const auto& [a, b] : in.lines[tri]) CHECK(drawn.insert(std::minmax(index(a), index(b))).second);
  CHECK(drawn == expected);
  CHECK(drawn.size() == 21);

  // Every link half and dot of the whole drawing that meets the view, and nothing else.
  std::size_t halves = 0, dots = 0;
  for (const auto& [a, b] : all.lines[adj]) halves += view.meets(a, b) ? 1 : 0;
  for (const Point& p : all.points[adj]) dots += view.meets(p, p) ? 1 : 0;
  CHECK(in.lines[adj].size() == halves);
  CHECK(in.points[adj].size() == dots);
  for (const auto& [a, b] : in.lines[adj]) CHECK(view.meets(a, b));

  RecordingDraw away;  // a view beside the mesh
  away.view = ViewBox{{11, 0}, {20, 10}};
  drawNavMesh(away, mesh, layers);
  CHECK(away.lines.empty());
  CHECK(away.points.empty());
}
