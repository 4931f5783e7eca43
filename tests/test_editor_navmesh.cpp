// test_editor_navmesh.cpp: the editor's method selector (scene_method.hpp): Polyanya gives
// the visibility graph's length, triangle A* the CLI's, stepping Polyanya steps back
// exactly, the funnel steps its apex through the path's corners, the navmesh layers reach
// the screen, and the Layers list shows only the current method's layers.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include <nlohmann/json.hpp>

#include "polypath/core/polyanya.hpp"
#include "polypath/debug/recorded_graph.hpp"
#include "editor/panels/method_panel.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "support/loaded_map.hpp"
#include "support/run_cli.hpp"

namespace {

const fs::path kMaps = fs::path(POLYPATH_SOURCE_DIR) / "maps";

// Pixels of the canvas (right of the panel column) with exactly colour c.
int countColour(const Image& img, Color c, int left) {
  int n = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = left; x < img.width; ++x) {
      const Color p = img.at(x, y);
      if (p.r == c.r && p.g == c.g && p.b == c.b) ++n;
    }
  return n;
}

int canvasLeft(const App& app) { return static_cast<int>(canvasRect(app.width(), app.height()).x) + 1; }

}  // namespace

TEST_CASE("editor: navmesh exact (Polyanya) gives the visibility graph's length on every shipped map", "[editor][navmesh]") {
  int compared = 0;
  for (const fs::path& file : test::shippedMaps()) {
    INFO(file.filename().string());
    Scene scene;
    scene.setDocument(loadMap(file));
    if (!scene.query() || !scene.resultPath().found) continue;
    const double visibility = scene.stats().path_length;
    scene.setMethod({"polyanya", {1.0}});
    REQUIRE(scene.stats().method == "polyanya");
    REQUIRE(scene.search() != nullptr);
    if (!scene.stats().path_found) {
      // Core's Polyanya runs away on large-maze (the CLI exhausts memory there too): the
      // editor stops it at kMaxPolyanyaNodes and says so instead of crashing.
      CHECK_FALSE(scene.methodView().searchWarning().empty());
      CHECK(scene.hasErrors());
      WARN("Polyanya stopped at the editor's node limit on " << file.filename().string());
      continue;
    }
    CHECK(std::abs(scene.stats().path_length - visibility) <= 1e-9);
    // The same expansions as Polyanya run alone on a fresh mesh.
    const NavMesh mesh = buildNavMesh(*scene.searchMap(), true);  // merged, as the method
    const PolyanyaMesh pmesh(mesh);
    const Path alone = findPolyanyaPath(pmesh, *scene.document().start, *scene.document().goal);
    CHECK(scene.stats().expansions == alone.expanded);
    CHECK(std::abs(alone.length - visibility) <= 1e-9);
    ++compared;
  }
  CHECK(compared >= 6);
}

TEST_CASE("editor: triangle A* gives the CLI's funnel length for centre and portal nodes", "[editor][navmesh]") {
  for (const char* name : {"seed-demo.json", "room-with-holes.json", "rooms-with-doors.json", "maze.json"}) {
    for (const char* kind : {"centre", "portal"}) {
      const bool centre = std::string(kind) == "centre";
      INFO(name << (centre ? " centre" : " portal"));
      Scene scene;
      scene.setDocument(loadMap(kMaps / name));
      scene.setMethod({kind, {1.0}});
      REQUIRE(scene.stats().path_found);
      const test::RunResult r = test::runCli({"path", (kMaps / name).string(), "--method", "navmesh",
                                              "--node-placement", centre ? "centre" : "portal", "--json"});
      REQUIRE(r.exit_code == 0);
      const auto j = nlohmann::json::parse(r.out);
      CHECK(std::abs(scene.stats().path_length - j["length"].get<double>()) <= 1e-9);
      CHECK(scene.stats().expansions == j["expanded"].get<int>());
      CHECK(scene.shownPath().points.size() == j["path"].size());
    }
  }
}

TEST_CASE("editor: Polyanya steps forward and back through the one engine exactly", "[editor][navmesh]") {
  Scene scene;
  scene.setDocument(loadMap(kMaps / "rooms-with-doors.json"));
  scene.setMethod({"polyanya", {1.0}});
  REQUIRE(scene.search());
  const int total = scene.stats().expansions;
  REQUIRE(total > 5);
  // Step 3 times, then seek back to 2 through the debugger's timeline: the state equals a
  // search on a fresh Polyanya query stepped twice.
  for (int i = 0; i < 3; ++i) scene.step();
  CHECK(scene.stats().expansions == 3);
  SearchDebugger dbg;
  REQUIRE(dbg.seek(scene, 2));
  const NavMesh mesh = buildNavMesh(*scene.searchMap(), true);  // merged, as the method
  const PolyanyaMesh pmesh(mesh);
  PolyanyaQuery fresh(pmesh, *scene.document().start, *scene.document().goal);
  Search s;
  s.init(fresh, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode());
  s.run(2);
  REQUIRE(scene.searchState()->closedSet() == s.state().closedSet());
  const std::vector<NodeId> open = scene.searchState()->openSet();
  REQUIRE(open.size() == s.state().openSet().size());
  for (std::size_t i = 0; i < open.size(); ++i) CHECK(scene.searchState()->record(open[i]).f == s.state().record(s.state().openSet()[i]).f);
  scene.finish();
  CHECK(scene.stats().expansions == total);
  const test::LoadedMap lm(kMaps / "rooms-with-doors.json");
  const Path exact = findPath(*lm.query, lm.query->startNode(), lm.query->goalNode());
  CHECK(std::abs(scene.stats().path_length - exact.length) <= 1e-9);
}

TEST_CASE("editor: the funnel steps its apex through the corners of the shortest path", "[editor][navmesh][funnel]") {
  // On the seed demo the corridor of centre-node triangle A* holds the shortest path, so
  // the funnel's apexes are the visibility path's corners, in order.
  Scene scene;
  scene.setDocument(loadMap(kMaps / "seed-demo.json"));
  const Path visibility = scene.shownPath();
  REQUIRE(visibility.points.size() >= 4);
  scene.setMethod({"centre", {1.0}});
  const Path& search = scene.shownSearchPath();
  MethodView& view = scene.methodView();
  const int count = view.funnelCount(search);
  const std::vector<FunnelPortal>& portals = view.funnelPortals(search);
  REQUIRE(count >= static_cast<int>(portals.size()) - 1);  // at least one step per portal
  std::vector<Point> apexes{view.funnelState(search, 0)->apex};
  int last_index = 0;
  for (int k = 1; k <= count; ++k) {
    const FunnelState& f = *view.funnelState(search, k);
    CHECK(f.apex_index >= last_index);  // the apex only moves forward along the corridor
    last_index = f.apex_index;
    if (!(f.apex == apexes.back())) {
      apexes.push_back(f.apex);
      // A new apex is an end of the portal it names.
      const FunnelPortal& p = portals[static_cast<std::size_t>(f.apex_index)];
      CHECK((f.apex == p.left || f.apex == p.right));
    }
  }
  // Start, each corner once; the goal closes the path (not an apex).
  REQUIRE(apexes.size() == visibility.points.size() - 1);
  for (std::size_t i = 0; i < apexes.size(); ++i) CHECK(apexes[i] == visibility.points[i]);
  CHECK(view.funnelState(search, count)->done);
  CHECK(view.funnelState(search, count)->path == scene.shownPath().points);
  // The panel's control: Funnel step from "not stepping" shows step 1, Funnel back leaves.
  CHECK(view.funnelPosition() == -1);
  CHECK(funnelForward(scene));
  CHECK(view.funnelPosition() == 1);
  CHECK(funnelBack(scene));
  CHECK(funnelBack(scene));
  CHECK(view.funnelPosition() == -1);
  CHECK_FALSE(funnelBack(scene));
}

TEST_CASE("editor: navmesh layers draw their colours, and the Layers list follows the method", "[editor][navmesh][screenshot]") {
  test::HeadlessEditor ed(test::withMap(kMaps / "seed-demo.json"));
  App& app = *ed.app;
  const int left = canvasLeft(app);
  const Color tri = layerColor(LayerNavTriangles), portal = layerColor(LayerNavPortals);
  const Color apex = layerColor(LayerFunnelApex), sides = layerColor(LayerFunnelSides);
  const Color steer = layerColor(LayerNavSteerPortals);
  ed.click("tab Layers");
  // Visibility: none of the navmesh colours, no navmesh rows in the legend.
  Image img = ed.shot();
  CHECK(countColour(img, tri, left) == 0);
  CHECK(countColour(img, steer, left) == 0);
  CHECK(app.ui().widget_rects.count("legend Navmesh triangles") == 0);
  CHECK(app.ui().widget_rects.count("legend Reflex nodes") == 1);

  app.scene().setMethod({"centre", {1.0}});
  ed.frames(2);
  img = ed.shot();
  CHECK(app.ui().widget_rects.count("legend Navmesh triangles") == 1);
  CHECK(app.ui().widget_rects.count("legend Funnel apex") == 1);
  CHECK(app.ui().widget_rects.count("legend Line-of-sight links") == 0);
  CHECK(app.ui().widget_rects.count("legend Grid walls") == 0);
  CHECK(countColour(img, portal, left) > 30);
  CHECK(countColour(img, steer, left) > 30);
  CHECK(countColour(img, apex, left) > 10);     // the final apex
  CHECK(countColour(img, sides, left) == 0);    // sides only while the funnel is stepped
  {  // the triangles' edges: the corridor's translucent fill lies over those inside it
    app.ui().layers &= ~static_cast<std::uint32_t>(LayerNavCorridor);
    ed.frames(1);
    CHECK(countColour(ed.shot(), tri, left) > 30);
    app.ui().layers |= LayerNavCorridor;
    ed.frames(1);
  }
  CHECK(funnelForward(app.scene()));
  CHECK(funnelForward(app.scene()));
  img = ed.shot();
  CHECK(countColour(img, sides, left) > 10);
  // Hiding the triangles removes their colour.
  app.ui().layers &= ~static_cast<std::uint32_t>(LayerNavTriangles);
  img = ed.shot();
  CHECK(countColour(img, tri, left) == 0);
  // Hiding the steer portals (their own toggle) removes their colour; the portals stay.
  CHECK(app.ui().widget_rects.count("legend Steer portals") == 1);
  app.ui().layers &= ~static_cast<std::uint32_t>(LayerNavSteerPortals);
  img = ed.shot();
  CHECK(countColour(img, steer, left) == 0);
  CHECK(countColour(img, portal, left) > 30);
  // Polyanya: no corridor or funnel rows.
  app.scene().setMethod({"polyanya", {1.0}});
  ed.frames(2);
  CHECK(app.ui().widget_rects.count("legend Navmesh triangles") == 1);
  CHECK(app.ui().widget_rects.count("legend Funnel apex") == 0);
  CHECK(app.ui().widget_rects.count("legend Corridor") == 0);
}

TEST_CASE("editor: the method selector in the Search tab and a navmesh rebuilt while dragging", "[editor][navmesh]") {
  test::HeadlessEditor ed(test::withMap(kMaps / "seed-demo.json"));
  App& app = *ed.app;
  ed.click("tab Search");
  CHECK(app.ui().widget_rects.count("method") == 1);
  app.scene().setMethod({"polyanya", {1.0}});
  ed.frames(2);
  const double before = app.scene().stats().path_length;
  CHECK(std::abs(before - test::kSeedLength) <= 1e-9);
  // Drag the goal: the navmesh search is redone on every motion and stays exact.
  const Camera& cam = app.camera();
  const Point goal = *app.scene().document().goal;
  ed.drag(cam.toScreen(goal), cam.toScreen(goal + Point{-2.0, 0.0}), 4);
  const Point moved = *app.scene().document().goal;
  CHECK(moved.x < goal.x);
  const PolygonMap map = buildPolygonMap(app.scene().document());
  const VisibilityGraph graph(map);
  const VisibilityQuery q(graph, *app.scene().document().start, moved);
  const Path want = findPath(q, q.startNode(), q.goalNode());
  CHECK(std::abs(app.scene().stats().path_length - want.length) <= 1e-9);
  // Dragging a wall vertex rebuilds the navmesh too.
  const Point corner{24, 24};
  ed.drag(cam.toScreen(corner), cam.toScreen(corner + Point{1.0, 1.0}), 3);
  CHECK(app.scene().stats().method == "polyanya");
  const PolygonMap map2 = buildPolygonMap(app.scene().document());
  const VisibilityGraph graph2(map2);
  const VisibilityQuery q2(graph2, *app.scene().document().start, *app.scene().document().goal);
  CHECK(std::abs(app.scene().stats().path_length - findPath(q2, q2.startNode(), q2.goalNode()).length) <= 1e-9);
}

TEST_CASE("editor: grid method rasterizes the map at the chosen cell size", "[editor][navmesh][grid]") {
  Scene scene;
  scene.setDocument(loadMap(kMaps / "seed-demo.json"));
  scene.setMethod({"grid", {0.5}});
  REQUIRE(scene.stats().path_found);
  const Grid grid = rasterize(*scene.searchMap(), 0.5);
  const GridGraph gg(grid);
  const Path alone = findPath(gg, grid.locate(*scene.document().start), grid.locate(*scene.document().goal));
  CHECK(scene.stats().expansions == alone.expanded);
  CHECK(std::abs(scene.stats().path_length - alone.length) <= 1e-9);
  CHECK(scene.stats().path_length >= test::kSeedLength - 1e-9);  // never shorter than the exact path
  // A cell size that is not positive is ignored; a start on no free cell is a problem, not a crash.
  scene.setMethod({"grid", {-1.0}});
  CHECK(scene.method().options.cell_size == 0.5);
  scene.setMethod({"grid", {6.0}});
  CHECK_FALSE(scene.stats().path_found);
  CHECK(scene.hasErrors());
}

#endif
