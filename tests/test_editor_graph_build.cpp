// test_editor_graph_build.cpp: the visibility graph built on the editor's worker thread
// (graph_build.hpp): no search until it ends, then the oracle's length; Cancel falls back
// to Polyanya with the same length; an edit restarts the build; a map too large for the
// graph opens on Polyanya and says so.
#include <catch2/catch.hpp>

#ifdef POLYPATH_HAVE_EDITOR

#include <string>

#include "editor/document/scene.hpp"
#include "polypath/formats/map_io.hpp"
#include "reference/synthetic_maps.hpp"
#include "support/loaded_map.hpp"
#include "support/oracle.hpp"

using namespace polypath;
using namespace polypath::editor;
using polypath::test::Oracle;

namespace {

double oracleLength(const MapDocument& doc) {
  const Oracle oracle(doc.polygons);
  return oracle.shortestPath(*doc.start, *doc.goal).length;
}

}  // namespace

TEST_CASE("a visibility graph built on the worker thread: no search until it ends, then the oracle's path",
          "[editor][graph-build]") {
  Scene scene;
  scene.setBackgroundGraphSeconds(0.0);  // every graph goes to the worker
  REQUIRE(scene.openFile(test::shippedMap("maze.json")));
  const double want = oracleLength(scene.document());
  REQUIRE(want > 0.0);
  CHECK(scene.method().name == "visibility");
  REQUIRE(scene.buildingGraph());  // installed only by a poll
  CHECK(scene.graphBuildFraction() >= 0.0);
  CHECK(scene.graph() == nullptr);
  CHECK(!scene.methodView().built());
  CHECK(!scene.resultPath().found);
  CHECK(scene.polygonMap() != nullptr);  // the map is drawn meanwhile

  // An edit during the build starts it again on the edited map.
  scene.setGoal(Point{1.0, 29.0});
  CHECK(scene.buildingGraph());
  scene.waitForBuilds();
  CHECK(!scene.buildingGraph());
  CHECK(scene.graphBuildFraction() == -1.0);
  REQUIRE(scene.graph() != nullptr);
  CHECK(scene.stats().reflex_nodes == scene.graph()->nodes().size());
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(oracleLength(scene.document())).epsilon(1e-9));
  CHECK(scene.resultPath().length != Approx(want).epsilon(1e-6));  // the goal did move
  CHECK(scene.notice().empty());
}

TEST_CASE("cancelling the worker's graph build searches with Polyanya and says so", "[editor][graph-build]") {
  Scene scene;
  scene.setBackgroundGraphSeconds(0.0);
  REQUIRE(scene.openFile(test::shippedMap("maze.json")));
  REQUIRE(scene.buildingGraph());
  scene.cancelGraphBuild();  // honoured even when the worker finished meanwhile
  scene.waitForBuilds();
  CHECK(!scene.buildingGraph());
  CHECK(scene.method().name == "polyanya");
  CHECK(scene.notice() == "The visibility graph build was cancelled, so Polyanya (exact) searches.");
  REQUIRE(scene.methodView().built());
  const double want = oracleLength(scene.document());
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(want).epsilon(1e-9));

  // Asking for the graph again builds it (on the worker) and finds the same length.
  scene.setMethod(MethodSettings{"visibility", {}});
  CHECK(scene.notice().empty());
  CHECK(scene.buildingGraph());
  scene.waitForBuilds();
  CHECK(scene.method().name == "visibility");
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(want).epsilon(1e-9));
}

TEST_CASE("a map too big to drag with a visibility graph opens on Polyanya, however fast the graph builds", "[editor][graph-build]") {
  MapDocument doc;
  doc.polygons = reference::syntheticMap(reference::Family::Convex, 30000, 5);  // convex obstacles: few links
  const PolygonMap map(doc.polygons);
  REQUIRE(map.corners().size() > kInteractiveGraphVertices);
  REQUIRE(VisibilityGraph::estimateBuildSeconds(map) <= kInteractiveGraphSeconds);  // the size decides, not the build
  Scene scene;
  scene.setBackgroundOpenVertices(map.corners().size());  // opened on this thread
  scene.setDocument(doc);
  CHECK(scene.method().name == "polyanya");
  CHECK(!scene.buildingGraph());
  CHECK(scene.graph() == nullptr);
  CHECK(scene.notice() == std::to_string(map.corners().size()) +
                              " vertices: too many to keep a visibility graph up to date while dragging, so Polyanya (exact) searches.");
}

TEST_CASE("a method chosen while a large map opens (--method) wins over the switch to Polyanya", "[editor][graph-build]") {
  MapDocument doc;
  doc.polygons = reference::syntheticMap(reference::Family::Convex, 30000, 5);  // convex obstacles: few links
  const PolygonMap map(doc.polygons);
  REQUIRE(map.corners().size() > kInteractiveGraphVertices);
  Scene scene;
  scene.setBackgroundOpenVertices(1000);  // opened on the worker
  scene.setDocument(doc);
  REQUIRE(scene.loadingMap());
  scene.setMethod(MethodSettings{"visibility", {}});  // the method the editor had anyway
  scene.waitForBuilds();
  CHECK(scene.method().name == "visibility");
  CHECK(scene.graph() != nullptr);
  CHECK(scene.notice().empty());
}

TEST_CASE("a map whose visibility graph would take long opens on Polyanya and says why", "[editor][graph-build]") {
  MapDocument doc;
  // A comb of 998 reflex corners that all see each other: 497,503 links, about 1.2 s to
  // build (docs/performance.md).
  doc.polygons = reference::syntheticMap(reference::Family::Comb, 2000, 5);
  const PolygonMap map(doc.polygons);
  REQUIRE(VisibilityGraph::estimateBuildSeconds(map) > kInteractiveGraphSeconds);
  Scene scene;
  scene.setDocument(doc);
  CHECK(scene.method().name == "polyanya");
  CHECK(!scene.buildingGraph());
  CHECK(scene.graph() == nullptr);  // no graph is built for a method that does not search it
  CHECK(scene.methodView().built());
  const std::string n = std::to_string(map.reflexCorners().size());
  CHECK(scene.notice().rfind(n + " reflex corners: a visibility graph would take about ", 0) == 0);
  CHECK(scene.notice().find("so Polyanya (exact) searches.") != std::string::npos);

  // A small map keeps the visibility graph, and the notice goes with the large map.
  Scene small;
  REQUIRE(small.openFile(test::shippedMap("maze.json")));
  CHECK(small.method().name == "visibility");
  CHECK(small.notice().empty());
  CHECK(small.graph() != nullptr);
}

namespace {

// Records the lines drawn (the walls shown while a map opens on the worker).
struct LineCount final : DebugDraw {
  int lines = 0;
  void line(Point, Point, Color, float) override { ++lines; }
  void point(Point, Color, float) override {}
  void fillRings(const std::vector<const Ring*>&, Color) override {}
  void text(Point, std::string_view, Color) override {}
};

}  // namespace

TEST_CASE("a large map opens on a worker thread: its walls at once, the search when it is built",
          "[editor][graph-build]") {
  Scene scene;
  scene.setBackgroundOpenVertices(0);  // every opened map goes to the worker
  REQUIRE(scene.openFile(test::shippedMap("maze.json")));
  REQUIRE(scene.loadingMap());  // installed only by a poll
  CHECK(scene.polygonMap() == nullptr);
  CHECK(scene.problems().empty());  // nothing is known to be wrong yet (not "no polygons")
  CHECK(!scene.resultPath().found);
  std::size_t walls = 0;
  for (const Polygon& p : scene.document().polygons) {
    walls += p.outer.size();
    for (const Ring& h : p.holes) walls += h.size();
  }
  LineCount drawn;
  scene.draw(drawn, LayerEdges);
  CHECK(drawn.lines == static_cast<int>(walls));

  // An edit and a method chosen while it opens: the worker builds the edited document.
  scene.setGoal(Point{1.0, 29.0});
  scene.setMethod(MethodSettings{"polyanya", {}});
  CHECK(scene.loadingMap());
  scene.waitForBuilds();
  CHECK(!scene.loadingMap());
  REQUIRE(scene.polygonMap() != nullptr);
  CHECK(scene.method().name == "polyanya");
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(oracleLength(scene.document())).epsilon(1e-9));
  CHECK(scene.stats().vertices == walls);

  // Edits after it opened rebuild at once, as on any map.
  scene.setGoal(Point{37.0, 27.0});
  CHECK(!scene.loadingMap());
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(oracleLength(scene.document())).epsilon(1e-9));
}

namespace {

// (0, 0): a corner of maps/maze.json's outer ring, free to move outwards.
const Handle kMazeCorner{Handle::Kind::Vertex, 0, -1, 1};

// Opens maps/maze.json as a large map (built on the worker) and waits for it.
void openMazeAsLarge(Scene& scene) {
  scene.setBackgroundOpenVertices(0);  // every map counts as large
  REQUIRE(scene.openFile(test::shippedMap("maze.json")));
  scene.waitForBuilds();
  REQUIRE(scene.polygonMap() != nullptr);
}

}  // namespace

TEST_CASE("a drag on a large map is built on the worker: the document's walls at once, the last edit at the end",
          "[editor][graph-build]") {
  Scene scene;
  openMazeAsLarge(scene);
  scene.setMethod(MethodSettings{"polyanya", {}});
  scene.waitForBuilds();
  const Handle corner = kMazeCorner;
  scene.beginGesture();
  for (int i = 1; i <= 5; ++i) {
    const Point to{-0.1 * i, -0.1 * i};
    scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, corner, to); });
    CHECK(scene.loadingMap());
    REQUIRE(scene.polygonMap() != nullptr);  // the last built map meanwhile, and its search
    CHECK(scene.resultPath().found);
    if (i == 3) {  // a build installed in mid-drag: the method stays, the drag goes on
      scene.waitForBuilds();
      CHECK(scene.method().name == "polyanya");
    }
  }
  // The walls drawn are the document's: the corner where the drag has it.
  struct Ends final : DebugDraw {
    int at_corner = 0;
    void line(Point a, Point b, Color, float) override {
      at_corner += (a == Point{-0.5, -0.5}) + (b == Point{-0.5, -0.5});
    }
    void point(Point, Color, float) override {}
    void fillRings(const std::vector<const Ring*>&, Color) override {}
    void text(Point, std::string_view, Color) override {}
  } ends;
  scene.draw(ends, LayerEdges);
  CHECK(ends.at_corner == 2);
  scene.endGesture("Move vertex");
  scene.waitForBuilds();
  CHECK_FALSE(scene.loadingMap());
  // The edits made while a build ran were built after it: the map installed last is the
  // document as the drag left it.
  REQUIRE(scene.polygonMap() != nullptr);
  int moved = 0;
  for (const auto& v : scene.polygonMap()->vertices()) moved += v.position == Point{-0.5, -0.5};
  CHECK(moved == 1);
  CHECK(scene.method().name == "polyanya");
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(oracleLength(scene.document())).epsilon(1e-9));
}

TEST_CASE("a drag on a large map: an invalid position keeps the last valid map, the visibility graph updates in place",
          "[editor][graph-build]") {
  Scene scene;
  openMazeAsLarge(scene);
  REQUIRE(scene.method().name == "visibility");
  const Handle corner = kMazeCorner;
  // On the visibility graph a drag stays on the window's thread: the graph is updated in place.
  scene.beginGesture();
  scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, corner, {-0.2, -0.2}); });
  CHECK_FALSE(scene.loadingMap());
  CHECK(scene.method().name == "visibility");
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(oracleLength(scene.document())).epsilon(1e-9));
  scene.endGesture("Move vertex");

  // On Polyanya the drag goes to the worker; a position that breaks the map keeps the last
  // valid one (not current) with the new map's problems, as a drag on a small map does.
  scene.setMethod(MethodSettings{"polyanya", {}});
  scene.waitForBuilds();
  scene.beginGesture();
  scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, corner, {3.0, 1.0}); });  // across a wall
  CHECK(scene.loadingMap());
  scene.waitForBuilds();
  REQUIRE(scene.polygonMap() != nullptr);
  CHECK_FALSE(scene.mapIsCurrent());
  CHECK(scene.hasErrors());
  CHECK(scene.method().name == "polyanya");
  scene.endGesture("Move vertex");
  scene.waitForBuilds();
  CHECK(scene.polygonMap() != nullptr);
  CHECK(scene.hasErrors());
}

TEST_CASE("moving only the start or goal on a large map redoes the query on the built map, with no rebuild",
          "[editor][graph-build]") {
  Scene scene;
  openMazeAsLarge(scene);
  scene.setMethod(MethodSettings{"polyanya", {}});
  scene.waitForBuilds();
  REQUIRE(scene.resultPath().found);
  REQUIRE(scene.resultPath().points.size() >= 3);
  const PolygonMap* built = scene.polygonMap();
  const Handle start{Handle::Kind::Start};
  const Point corner = scene.resultPath().points[1];  // a wall corner the path bends round: walkable
  scene.beginGesture();
  scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, start, corner); });
  CHECK_FALSE(scene.loadingMap());  // no build on the worker
  CHECK(scene.polygonMap() == built);
  CHECK(scene.mapIsCurrent());
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().points.front() == corner);
  CHECK(scene.resultPath().length == Approx(oracleLength(scene.document())).epsilon(1e-9));
  // Outside the map: the start's problem is listed at once, and goes when the start is back.
  scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, start, {-50.0, -50.0}); });
  CHECK_FALSE(scene.loadingMap());
  CHECK(scene.hasErrors());
  int start_problems = 0;
  for (const MapProblem& p : scene.problems()) start_problems += p.where == "/start";
  CHECK(start_problems == 1);
  CHECK_FALSE(scene.resultPath().found);
  {  // the same problems, in the same order, as a full build of the same document
    Scene fresh;
    fresh.setBackgroundOpenVertices(0);
    fresh.setDocument(scene.document(), std::nullopt, false);
    fresh.setMethod(MethodSettings{"polyanya", {}});
    fresh.waitForBuilds();
    std::vector<std::string> got, want;
    for (const MapProblem& p : scene.problems()) got.push_back(p.where + ": " + p.what);
    for (const MapProblem& p : fresh.problems()) want.push_back(p.where + ": " + p.what);
    CHECK(got == want);
  }
  scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, start, corner); });
  scene.endGesture("Move start");
  scene.waitForBuilds();
  CHECK_FALSE(scene.hasErrors());
  CHECK(scene.polygonMap() == built);
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == Approx(oracleLength(scene.document())).epsilon(1e-9));
}

#endif  // POLYPATH_HAVE_EDITOR
