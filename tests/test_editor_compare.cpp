// test_editor_compare.cpp: the editor's Compare view (compare_view.hpp): its table equals
// each search run alone, its sides step together, and the canvas shows both sides.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include "polypath/core/grid.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/polyanya.hpp"
#include "editor/compare/compare_titles.hpp"
#include "editor/compare/compare_view.hpp"
#include "editor/panels/panel_widgets.hpp"
#include "imgui.h"
#include "polypath/geom/navmesh_build.hpp"
#include "support/image_scan.hpp"
#include "support/loaded_map.hpp"
#include "editor/document/built_map.hpp"
#include "reference/synthetic_maps.hpp"

namespace {

const fs::path kMaps = fs::path(POLYPATH_SOURCE_DIR) / "maps";

// Runs one setup alone on fresh structures: expansions and world length.
std::pair<int, double> alone(const test::LoadedMap& lm, const CompareSetup& s) {
  const Point a = *lm.doc.start, b = *lm.doc.goal;
  // Straight from the core's searches, not through the method registry.
  const std::string& m = s.method.name;
  if (m == "visibility") {
    const Path p = findPath(*lm.query, lm.query->startNode(), lm.query->goalNode(), s.options);
    return {p.expanded, p.length};
  }
  if (m == "polyanya") {
    const NavMesh mesh = buildNavMesh(lm.map, true);  // merged convex polygons, as the method
    const PolyanyaMesh pm(mesh);
    const Path p = findPolyanyaPath(pm, a, b, s.options);
    return {p.expanded, p.length};
  }
  if (m == "centre" || m == "portal") {
    const NavMesh mesh = buildNavMesh(lm.map);
    const NavMeshPath p =
        findNavMeshPath(mesh, a, b, m == "centre" ? NodePlacement::Centre : NodePlacement::Portal, s.options);
    return {p.search.expanded, p.length};
  }
  if (m == "grid") {
    const Grid g = rasterize(lm.map, s.method.options.cell_size);
    const GridGraph gg(g);
    const Path p = findPath(gg, g.locate(a), g.locate(b), s.options);
    return {p.expanded, p.length};
  }
  return {-1, 0.0};
}

}  // namespace

TEST_CASE("editor: the compare table equals each search run alone", "[editor][compare]") {
  const fs::path file = kMaps / "rooms-with-doors.json";
  const test::LoadedMap lm(file);
  Scene scene;
  scene.setDocument(loadMap(file));
  CompareView cmp;
  for (ComparePreset preset : {ComparePreset::AStarVsDijkstra, ComparePreset::Weight1VsWeight18,
                               ComparePreset::VisibilityVsNavmesh, ComparePreset::NavmeshVsGrid,
                               ComparePreset::TriangleVsPolyanya}) {
    INFO("preset " << static_cast<int>(preset));
    applyPreset(cmp.setups, preset, scene.searchOptions());
    cmp.sync(scene);
    INFO(cmp.error());
    REQUIRE(cmp.comparison());
    for (int i = 0; i < 2; ++i) {
      INFO("side " << i << ": " << describe(cmp.setups[static_cast<std::size_t>(i)]));
      const auto [expanded, length] = alone(lm, cmp.setups[static_cast<std::size_t>(i)]);
      const CompareRow row = cmp.row(i);
      CHECK(row.stats.expanded_total == expanded);
      CHECK(row.stats.found);
      CHECK(std::abs(row.world_length - length) <= 1e-9);
      CHECK(row.stats.time_ms >= 0.0);
    }
  }
  // A* expands fewer nodes than Dijkstra, for the same (shortest) length.
  applyPreset(cmp.setups, ComparePreset::AStarVsDijkstra, scene.searchOptions());
  cmp.sync(scene);
  REQUIRE(cmp.comparison());
  CHECK(cmp.row(0).stats.expanded_total < cmp.row(1).stats.expanded_total);
  CHECK(std::abs(cmp.row(0).world_length - cmp.row(1).world_length) <= 1e-9);
}

TEST_CASE("editor: the compared searches step together and follow edits", "[editor][compare]") {
  Scene scene;
  scene.setDocument(loadMap(kMaps / "rooms-with-doors.json"));
  CompareView cmp;
  applyPreset(cmp.setups, ComparePreset::VisibilityVsNavmesh, scene.searchOptions());
  cmp.sync(scene);
  SearchComparison* c = cmp.comparison();
  REQUIRE(c);
  const int a = c->side(0).count(), b = c->side(1).count();
  REQUIRE(c->count() == std::max(a, b));
  for (int k = 1; k <= c->count(); ++k) {
    REQUIRE(c->forward());
    CHECK(c->side(0).position() == std::min(k, a));
    CHECK(c->side(1).position() == std::min(k, b));
  }
  CHECK_FALSE(c->forward());
  REQUIRE(c->back());
  CHECK(c->position() == c->count() - 1);
  // Polyanya replayed backwards (a RecordedGraph) reaches its end again with the same path.
  c->toEnd();
  CHECK(c->side(1).path().found);
  CHECK(std::abs(cmp.row(1).world_length - cmp.row(0).world_length) <= 1e-9);
  // An edit (the goal moves) redoes the comparison on the next sync.
  const double before = cmp.row(0).world_length;
  scene.setGoal(*scene.document().goal + Point{-1.0, 0.0});
  cmp.sync(scene);
  REQUIRE(cmp.comparison());
  CHECK(cmp.row(0).world_length != before);
  CHECK(std::abs(cmp.row(1).world_length - cmp.row(0).world_length) <= 1e-9);
  // No goal: no comparison, a reason, no crash.
  scene.setGoal(std::nullopt);
  cmp.sync(scene);
  CHECK_FALSE(cmp.comparison());
  CHECK_FALSE(cmp.error().empty());
}

TEST_CASE("editor: the Compare tab draws both sides side by side and overlaid", "[editor][compare][screenshot]") {
  test::HeadlessEditor ed(test::withMap(kMaps / "seed-demo.json"));
  App& app = *ed.app;
  ed.click("tab Compare");
  ed.click("cmp preset 0");  // A* vs Dijkstra
  ed.click("cmp End");
  REQUIRE(app.ui().compare.comparison());
  Image img = ed.shot();
  const ScreenRect canvas = canvasRect(app.width(), app.height());
  const Color path = layerColor(LayerPath), closed = layerColor(LayerClosedSet);
  auto count = [&](Color c, double x0, double x1) {
    int n = 0;
    for (int y = static_cast<int>(canvas.y); y < img.height; ++y)
      for (int x = static_cast<int>(x0); x < static_cast<int>(x1); ++x) {
        const Color p = img.at(x, y);
        if (p.r == c.r && p.g == c.g && p.b == c.b) ++n;
      }
    return n;
  };
  const double mid = canvas.x + canvas.w / 2;
  CHECK(count(path, canvas.x, mid - 2) > 50);
  CHECK(count(path, mid + 2, canvas.x + canvas.w) > 50);
  CHECK(count(closed, canvas.x, mid - 2) > 5);
  CHECK(count(closed, mid + 2, canvas.x + canvas.w) > 5);
  // Step back to 0: no path on either side yet.
  ed.click("cmp Reset");
  img = ed.shot();
  CHECK(count(path, canvas.x, canvas.x + canvas.w) == 0);
  // Overlaid: one viewport, the right side's path tinted.
  ed.click("cmp End");
  ed.click("cmp overlay");
  REQUIRE(app.ui().compare.overlaid);
  img = ed.shot();
  CHECK(count(overlayTint(path), canvas.x, canvas.x + canvas.w) > 50);
  // Leaving the tab gives the editing canvas back.
  ed.click("tab Layers");
  img = ed.shot();
  CHECK(count(overlayTint(path), canvas.x, canvas.x + canvas.w) == 0);
  CHECK(count(path, canvas.x, canvas.x + canvas.w) > 50);
}

TEST_CASE("editor: the compare pane titles stay apart and inside their panes, at 1280 pixels and narrower",
          "[editor][compare][screenshot][layout]") {
  for (const int width : {1280, 1000, 760}) {
    INFO("window width " << width);
    AppOptions o = test::withMap(kMaps / "rooms-with-doors.json");
    o.compare = "triangle-polyanya";  // the longest setups: "navmesh triangle A* (centres), A*"
    test::HeadlessEditor ed(o, width, 800);
    App& app = *ed.app;
    const Image img = ed.shot();
    const ScreenRect canvas = canvasRect(app.width(), app.height());
    const double half = canvas.w / 2;
    std::vector<ScreenRect> lines;
    for (int i = 0; i < 2; ++i)
      for (int k = 0; k < 2; ++k) {
        INFO("pane " << i << " line " << k);
        const ScreenRect r = app.ui().widget_rects.at("cmp title " + std::to_string(i) + " " + std::to_string(k));
        CHECK(r.w > 20);
        CHECK(r.x >= canvas.x + i * half + 4);  // inside its own pane
        CHECK(r.x + r.w <= canvas.x + (i + 1) * half - 4);
        CHECK(r.y + r.h <= canvas.y + compareTitleHeight());
        CHECK(countPixels(img, r, [](Color c) { return isBright(c, 150); }) > 30);  // drawn
        lines.push_back(r);
      }
    for (std::size_t a = 0; a < lines.size(); ++a)
      for (std::size_t b = a + 1; b < lines.size(); ++b) {
        INFO("title lines " << a << " and " << b);
        const ScreenRect& p = lines[a];
        const ScreenRect& q = lines[b];
        CHECK((p.x + p.w <= q.x || q.x + q.w <= p.x || p.y + p.h <= q.y || q.y + q.h <= p.y));
      }
    // No title pixel near the divider between the panes.
    const double mid = std::floor(canvas.x + half);
    for (const double x0 : {mid - 5.0, mid + 2.0})  // either side of the 2-pixel divider line
      CHECK(countPixels(img, ScreenRect{x0, canvas.y, 4, compareTitleHeight()}, [](Color c) { return isBright(c, 150); }) ==
            0);
    // At 1280 pixels both setups are shown whole.
    if (width == 1280)
      for (int i = 0; i < 2; ++i)
        CHECK(app.ui().widget_rects.at("cmp title " + std::to_string(i) + " 0").w ==
              Approx(ImGui::CalcTextSize(describe(app.ui().compare.setups[static_cast<std::size_t>(i)]).c_str()).x));
  }
}

TEST_CASE("editor: fitToWidth cuts a title to the width with an ellipsis, whole when it fits", "[editor][compare]") {
  test::HeadlessEditor ed(test::withMap(kMaps / "seed-demo.json"));
  const std::string title = "navmesh triangle A* (centres), A*";
  const float full = ImGui::CalcTextSize(title.c_str()).x;
  CHECK(fitToWidth(title, full) == title);
  CHECK(fitToWidth(title, 1.0f).empty());
  std::size_t previous = 0;
  for (float w = ImGui::CalcTextSize("...").x; w < full; w += 3.0f) {
    INFO("width " << w);
    const std::string cut = fitToWidth(title, w);
    REQUIRE(cut.size() >= 3);
    CHECK(cut.substr(cut.size() - 3) == "...");
    const std::string kept = cut.substr(0, cut.size() - 3);
    CHECK(title.compare(0, kept.size(), kept) == 0);  // a prefix of the title
    CHECK(ImGui::CalcTextSize(cut.c_str()).x <= w);
    // One more character of the title would not fit (the cut is as long as it can be),
    // unless the cut dropped trailing spaces.
    if (kept.size() < title.size() && title[kept.size()] != ' ')
      CHECK(ImGui::CalcTextSize((title.substr(0, kept.size() + 1) + "...").c_str()).x > w);
    CHECK(kept.size() + 1 >= previous);  // grows with the width
    previous = kept.size();
  }
}

TEST_CASE("editor: compare does not build a visibility graph that would freeze the window", "[editor][compare]") {
  MapDocument doc;
  // A comb of 998 reflex corners that all see each other: 497,503 links, about 1.2 s to
  // build (docs/performance.md).
  doc.polygons = reference::syntheticMap(reference::Family::Comb, 2000, 5);
  const PolygonMap map(doc.polygons);
  REQUIRE(VisibilityGraph::estimateBuildSeconds(map) > kInteractiveGraphSeconds);
  // Start and goal: the first walkable points along the diagonal from either corner.
  const auto walkableFrom = [&](Point from, Point step) {
    for (Point p = from;; p = p + step)
      if (map.isWalkable(p)) return p;
  };
  const auto box = map.bounds();
  doc.start = walkableFrom(box.min + Point{0.1, 0.1}, {0.1, 0.1});
  doc.goal = walkableFrom(box.max - Point{0.1, 0.1}, {-0.1, -0.1});
  Scene scene;
  scene.setDocument(doc);
  REQUIRE(scene.method().name == "polyanya");  // opened without its graph
  REQUIRE(scene.queryStart());
  CompareView cmp;
  applyPreset(cmp.setups, ComparePreset::VisibilityVsNavmesh, scene.searchOptions());
  cmp.sync(scene);
  CHECK_FALSE(cmp.comparison());
  const std::string want = "Left side (" + describe(cmp.setups[0]) + "): " +
                           std::to_string(map.reflexCorners().size()) +
                           " reflex corners, the visibility graph would take about ";
  CHECK(cmp.error().rfind(want, 0) == 0);
  CHECK(cmp.error().find("Choose the visibility graph in the Search tab") != std::string::npos);
  CHECK(scene.graph() == nullptr);
  // Sides that need no graph compare as usual.
  applyPreset(cmp.setups, ComparePreset::TriangleVsPolyanya, scene.searchOptions());
  cmp.sync(scene);
  INFO(cmp.error());
  REQUIRE(cmp.comparison());
  CHECK(cmp.row(1).stats.found);
}

#endif
