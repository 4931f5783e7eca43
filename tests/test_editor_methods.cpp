// test_editor_methods.cpp: the editor's built part beyond a plain rebuild: the
// visibility graph updated in place while vertices are dragged gives exactly the graph
// a rebuild gives; the clearance radius gives the CLI's path and draws the eroded outline.
#include <catch2/catch.hpp>

#ifdef POLYPATH_HAVE_EDITOR

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "polypath/core/visibility_graph.hpp"
#include "editor/canvas/picking.hpp"
#include "editor/document/scene.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/formats/map_io.hpp"
#include "support/headless_editor.hpp"
#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

using namespace polypath;
using namespace polypath::editor;
namespace fs = std::filesystem;
using polypath::test::RunResult;
using polypath::test::runCli;
using polypath::test::TempDir;

namespace {

// Same nodes (corner, vertex, position) and the same links in the same order.
void requireSameGraph(const VisibilityGraph& got, const VisibilityGraph& want) {
  REQUIRE(got.nodes().size() == want.nodes().size());
  for (std::size_t i = 0; i < want.nodes().size(); ++i) {
    INFO("node " << i);
    CHECK(got.nodes()[i].corner == want.nodes()[i].corner);
    CHECK(got.nodes()[i].vertex == want.nodes()[i].vertex);
    CHECK(got.nodes()[i].position == want.nodes()[i].position);
  }
  const auto gotLinks = got.links(), wantLinks = want.links();
  REQUIRE(gotLinks.size() == wantLinks.size());
  for (std::size_t i = 0; i < wantLinks.size(); ++i) {
    INFO("link " << i);
    CHECK(gotLinks[i].a == wantLinks[i].a);
    CHECK(gotLinks[i].b == wantLinks[i].b);
    CHECK(gotLinks[i].length == wantLinks[i].length);
  }
}

}  // namespace

TEST_CASE("dragging vertices updates the visibility graph in place to exactly a rebuild's graph", "[editor][methods]") {
  Scene scene;
  scene.setDocument(loadMap(std::string(POLYPATH_SOURCE_DIR) + "/maps/room-with-holes.json"));
  REQUIRE(scene.mapIsCurrent());
  CHECK_FALSE(scene.stats().graph_updated);  // a new document: built anew
  const MapDocument original = scene.document();
  std::mt19937 rng(7);
  int updated = 0, checked = 0;
  for (int drag = 0; drag < 12; ++drag) {
    // Pick a vertex of some ring and drag it in small steps (one gesture).
    const MapDocument& doc = scene.document();
    const int p = static_cast<int>(rng() % doc.polygons.size());
    const int ring_count = static_cast<int>(doc.polygons[p].holes.size()) + 1;
    const int hole = static_cast<int>(rng() % ring_count) - 1;
    const auto& ring = hole < 0 ? doc.polygons[p].outer : doc.polygons[p].holes[hole];
    const int v = static_cast<int>(rng() % ring.size());
    const Handle h{Handle::Kind::Vertex, p, hole, v};
    const Point from = ring[v];
    scene.beginGesture();
    for (int step = 1; step <= 4; ++step) {
      const Point to = from + Point{0.15 * step * std::cos(drag), 0.15 * step * std::sin(drag)};
      scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, h, to); });
      if (!scene.mapIsCurrent()) continue;  // the drag made the map invalid: nothing to compare
      ++checked;
      if (scene.stats().graph_updated) ++updated;
      const PolygonMap fresh_map = buildPolygonMap(scene.document());
      const VisibilityGraph fresh(fresh_map);
      requireSameGraph(*scene.graph(), fresh);
    }
    scene.endGesture("Move vertex");
  }
  CHECK(checked > 20);
  CHECK(updated > 20);
  // Undo back to the start: the graph is the original map's again.
  while (scene.undo()) {
  }
  REQUIRE(scene.document() == original);
  const PolygonMap original_map = buildPolygonMap(original);
  requireSameGraph(*scene.graph(), VisibilityGraph(original_map));
}

TEST_CASE("adding a vertex changes the ring structure: the graph is built anew", "[editor][methods]") {
  Scene scene;
  scene.setDocument(loadMap(std::string(POLYPATH_SOURCE_DIR) + "/maps/seed-demo.json"));
  scene.moveHandle(Handle{Handle::Kind::Vertex, 0, -1, 11}, Point{21.2, 15.1});
  CHECK(scene.stats().graph_updated);
  scene.edit("Insert vertex", [](MapDocument& d) {
    auto& r = d.polygons[0].outer;
    r.insert(r.begin() + 1, Point{2, 9});
    return true;
  });
  CHECK_FALSE(scene.stats().graph_updated);
  const PolygonMap fresh_map = buildPolygonMap(scene.document());
  requireSameGraph(*scene.graph(), VisibilityGraph(fresh_map));
}

// [SECTION] Clearance

namespace {

// True when a pixel within 2 pixels of s has colour c (each channel within 40).
bool colourNear(const Image& img, ScreenPos s, Color c) {
  const int x0 = static_cast<int>(std::lround(s.x)), y0 = static_cast<int>(std::lround(s.y));
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx) {
      const Color p = img.at(x0 + dx, y0 + dy);
      if (std::abs(p.r - c.r) <= 40 && std::abs(p.g - c.g) <= 40 && std::abs(p.b - c.b) <= 40) return true;
    }
  return false;
}

MapDocument seedDoc() { return loadMap(std::string(POLYPATH_SOURCE_DIR) + "/maps/seed-demo.json"); }

}  // namespace

TEST_CASE("the clearance slider's radius gives the length of polypath path --clearance r, undoably", "[editor][methods]") {
  TempDir dir("editor-methods");
  Scene scene;
  scene.setDocument(seedDoc());
  const double exact = scene.resultPath().length;
  for (double r : {0.25, 0.5, 0.9}) {
    INFO("clearance " << r);
    scene.setClearance(r);
    scene.closeMerge();
    REQUIRE(scene.clearanceLevel());
    REQUIRE(scene.resultPath().found);
    MapDocument doc = seedDoc();
    const fs::path file = dir.path / "seed.json";
    saveMap(doc, file);
    const RunResult cli = runCli({"path", file.string(), "--clearance", std::to_string(r), "--json"});
    REQUIRE(cli.exit_code == 0);
    CHECK(scene.resultPath().length == Approx(nlohmann::json::parse(cli.out)["length"].get<double>()).epsilon(1e-12));
    CHECK(scene.resultPath().length > exact);
  }
  CHECK(scene.document().settings.clearance == 0.9);
  REQUIRE(scene.undo());
  CHECK(scene.document().settings.clearance == 0.5);
  REQUIRE(scene.undo());
  REQUIRE(scene.undo());
  CHECK(scene.document().settings.clearance == 0.0);
  CHECK(scene.clearanceLevel() == nullptr);
  CHECK(scene.resultPath().length == Approx(exact).epsilon(1e-12));
}

TEST_CASE("a start closer than the clearance to a wall is a problem, and snapping moves it to a point with clearance",
          "[editor][methods]") {
  Scene scene;
  MapDocument doc = seedDoc();
  doc.start = Point{15, 3.2};  // 0.2 from the wall y = 3
  scene.setDocument(doc);
  REQUIRE(scene.resultPath().found);  // no clearance: fine
  scene.setClearance(0.5);
  CHECK(scene.query() == nullptr);
  CHECK_FALSE(scene.startProblem().empty());
  const auto problems = scene.problems();
  const bool listed = std::any_of(problems.begin(), problems.end(), [](const MapProblem& p) {
    return p.where == "/start" && p.severity == MapProblem::Severity::Error &&
           p.what.find("clearance") != std::string::npos;
  });
  CHECK(listed);
  scene.setSnapToWalkable(true);
  REQUIRE(scene.snappedStart());
  CHECK(scene.snappedStart()->y == Approx(3.5).margin(1e-3));
  CHECK(scene.resultPath().found);
  CHECK_FALSE(scene.hasErrors());
}

TEST_CASE("the eroded outline is drawn on the canvas", "[editor][methods]") {
  TempDir dir("editor-methods");
  MapDocument doc = seedDoc();
  doc.settings.clearance = 0.75;
  const fs::path file = dir.path / "eroded.json";
  saveMap(doc, file);
  test::HeadlessEditor ed(test::withMap(file));
  const Image img = ed.shot();
  const ClearanceLevel* level = ed.app->scene().clearanceLevel();
  REQUIRE(level);
  const Camera& cam = ed.app->camera();
  int on = 0, total = 0;
  for (const Polygon& p : level->eroded().polygons) {
    const Ring& r = p.outer;
    for (std::size_t i = 0; i < r.size(); ++i) {
      // Straight runs only: the short chords of the round joins lie under the reflex
      // nodes and the path, which hugs the eroded boundary there.
      if (distance(r[i], r[(i + 1) % r.size()]) < 2.0) continue;
      const Point mid = (r[i] + r[(i + 1) % r.size()]) * 0.5;
      ++total;
      if (colourNear(img, cam.toScreen(mid), layerColor(LayerClearanceOutline))) ++on;
    }
  }
  REQUIRE(total >= 8);
  CHECK(on >= total * 3 / 4);
}

#endif  // POLYPATH_HAVE_EDITOR
