// Navmesh draw functions: each navmesh layer emits its primitives in its colour, and only
// when its layer bit is set.
#include <catch2/catch.hpp>

#include <map>
#include <tuple>

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
