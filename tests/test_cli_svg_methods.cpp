// test_cli_svg_methods.cpp: `polypath svg` and `polypath trace` with the query options of
// `path` beyond the visibility method's: --method navmesh (Polyanya, triangle A*),
// --method grid, --clearance (and a map whose settings set one), run as separate
// processes and checked against the library's own searches.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "polypath/core/funnel.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "polypath/formats/svg_draw.hpp"
#include "support/loaded_map.hpp"
#include "support/run_cli.hpp"
#include "support/svg_checks.hpp"
#include "support/svg_elements.hpp"
#include "support/temp_dir.hpp"
#include "support/xml_check.hpp"

using namespace polypath;
using namespace polypath::test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {


// A 10 x 10 room with the square hole [3, 7] x [3, 7]; corridors 3 wide.
const char* kRoom = R"({
 "version": 1,
 "polygons": [{"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[3,3],[7,3],[7,7],[3,7]]]}],
 "start": [1.5, 5], "goal": [8.5, 5]
})";
// The same room whose settings ask for an agent of radius 1.
const char* kRoomClearance1 = R"({
 "version": 1,
 "polygons": [{"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[3,3],[7,3],[7,7],[3,7]]]}],
 "start": [1.5, 5], "goal": [8.5, 5], "settings": {"clearance": 1}
})";

int expandingEvents(const nlohmann::json& trace) {
  int n = 0;
  for (const auto& e : trace["events"]) n += e["type"] == "expanding";
  return n;
}

}  // namespace

TEST_CASE("polypath svg --method navmesh draws the mesh and Polyanya's path", "[cli][svg][navmesh]") {
  TempDir dir("cli-svg-methods");
  const std::string out = (dir.path / "nav.svg").string();
  const RunResult r = runCli({"svg", shippedMap("maze.json"), "--out", out, "--method", "navmesh"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  const LoadedMap m(shippedMap("maze.json"));
  const NavMesh mesh = buildNavMesh(m.map, true);  // Polyanya's faces: merged convex polygons
  const Path expected = findPolyanyaPath(PolyanyaMesh(mesh), *m.doc.start, *m.doc.goal);
  REQUIRE(expected.found);
  CHECK_THAT(r.out, StartsWith("wrote " + out + " (800 x 640 px, " + std::to_string(expected.expanded) +
                               " expansions, found, length "));
  CHECK(std::stod(r.out.substr(r.out.find("length ") + 7)) == Approx(expected.length).epsilon(1e-11));
  const std::string svg = readWholeFile(out);
  CHECK(xmlProblem(svg).empty());
  checkPathLayer(svg, SvgViewport::fit(m.map), canonicalPolyline(expected.points));  // the method's canonical form
  // Every mesh edge once: one per side of each face, less one per portal (shared by two).
  std::size_t sides = 0;
  for (const auto& f : mesh.faces()) sides += f.v.size();
  CHECK(mesh.faces().size() < buildNavMesh(m.map).faces().size());  // merged
  CHECK(svgElements(svgGroup(svg, "layer-nav-triangles"), "line").size() == sides - mesh.portals().size());
  CHECK(svgElements(svgGroup(svg, "layer-nav-adjacency"), "circle").size() == mesh.faces().size());
  // No visibility graph: no links, and the start and goal are markers without links.
  CHECK(svgGroup(svg, "layer-los-links").find("<line") == std::string::npos);
  CHECK(svgGroup(svg, "layer-start-goal-links").find("<line") == std::string::npos);
  CHECK(svgElements(svgGroup(svg, "layer-start-goal"), "circle").size() == 2);

  // --steps: Polyanya's intervals after N expansions, the one expanded thicker.
  const RunResult s = runCli({"svg", shippedMap("maze.json"), "--out", out, "--method", "navmesh", "--steps", "3",
                              "--layers", "expanded,path"});
  REQUIRE(s.exit_code == 0);
  CHECK(s.out == "wrote " + out + " (800 x 640 px, 3 expansions, running)\n");
  const std::string stepped = readWholeFile(out);
  CHECK_FALSE(svgElements(svgGroup(stepped, "layer-expanded"), "line").empty());
  CHECK(svgGroup(stepped, "layer-path").find("<line") == std::string::npos);
}

TEST_CASE("polypath svg --method navmesh --node-placement draws corridor, portals and the funnel path",
          "[cli][svg][navmesh]") {
  TempDir dir("cli-svg-methods");
  const std::string out = (dir.path / "tri.svg").string();
  const LoadedMap m(shippedMap("maze.json"));
  const NavMesh mesh = buildNavMesh(m.map);
  for (const char* placement : {"centre", "portal"}) {
    INFO(placement);
    const RunResult r =
        runCli({"svg", shippedMap("maze.json"), "--out", out, "--method", "navmesh", "--node-placement", placement});
    REQUIRE(r.exit_code == 0);
    NodePlacement p = NodePlacement::Centre;
    REQUIRE(parseNodePlacement(placement, p));
    const NavMeshPath expected = findNavMeshPath(mesh, *m.doc.start, *m.doc.goal, p);
    REQUIRE(expected.found);
    CHECK_THAT(r.out, Contains(" " + std::to_string(expected.search.expanded) + " expansions, found, length "));
    CHECK(std::stod(r.out.substr(r.out.find("length ") + 7)) == Approx(expected.length).epsilon(1e-11));
    const std::string svg = readWholeFile(out);
    checkPathLayer(svg, SvgViewport::fit(m.map), expected.points);
    CHECK(svgElements(svgGroup(svg, "layer-nav-corridor"), "path").size() == expected.corridor.size());
    // The corridor's portals (the first and last, start and goal points, are not drawn).
    CHECK(svgElements(svgGroup(svg, "layer-nav-portals"), "line").size() == expected.portals.size() - 2);
    // The portals an agent steers through (seed 003's portal corridor), as the editor draws them.
    std::size_t steer = 0;
    for (const FunnelPortal& q : portalCorridor(expected.portals).portals) steer += q.left != q.right;
    REQUIRE(steer > 0);
    CHECK(svgElements(svgGroup(svg, "layer-nav-steer-portals"), "line").size() == steer);
  }
}

TEST_CASE("polypath svg --method grid draws the cells and the grid search's path", "[cli][svg][grid]") {
  TempDir dir("cli-svg-methods");
  const std::string out = (dir.path / "grid.svg").string();
  const RunResult r =
      runCli({"svg", shippedMap("maze.json"), "--out", out, "--method", "grid", "--cell-size", "0.5", "--width", "400"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const LoadedMap m(shippedMap("maze.json"));
  const Grid grid = rasterize(m.map, 0.5);
  const GridGraph graph(grid);
  SearchOptions octile{Heuristic::Octile, 1.0, TieBreak::LargerG};
  const Path expected = findPath(graph, grid.locate(*m.doc.start), grid.locate(*m.doc.goal), octile);
  REQUIRE(expected.found);
  CHECK_THAT(r.out, StartsWith("wrote " + out + " (400 x "));
  CHECK_THAT(r.out, Contains(", " + std::to_string(expected.expanded) + " expansions, found, length "));
  CHECK(std::stod(r.out.substr(r.out.find("length ") + 7)) == Approx(expected.length).epsilon(1e-11));
  const std::string svg = readWholeFile(out);
  CHECK(xmlProblem(svg).empty());
  const SvgViewport v(grid.corner(0, 0), grid.corner(grid.width, grid.height), 400);
  checkPathLayer(svg, v, expected.points);  // through the cell centres
  // Start and goal markers at their cells' centres; no visibility graph.
  const auto markers = svgElements(svgGroup(svg, "layer-start-goal"), "circle");
  REQUIRE(markers.size() == 2);
  CHECK(std::stod(markers[0].at("cx")) == Approx(v.toSvg(expected.points.front()).x).margin(5e-4));
  CHECK(svgGroup(svg, "layer-reflex-nodes").find("<circle") == std::string::npos);
  CHECK(svg.find("layer-grid-explored") == std::string::npos);  // search layers only with --steps

  // A Moving AI .map goes to the grid method by itself, with cells C,R.
  const RunResult a = runCli({"svg", shippedMap("astar-explorer.map"), "--out", out, "--start", "1,1", "--goal", "10,5"});
  INFO(a.err);
  REQUIRE(a.exit_code == 0);
  CHECK_THAT(a.out, Contains(" expansions, found, length "));
  const RunResult bad = runCli({"svg", shippedMap("astar-explorer.map"), "--out", out, "--method", "navmesh"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Contains("--method navmesh does not take a Moving AI .map grid"));
}

TEST_CASE("polypath svg --clearance searches the eroded region and outlines it, and a map clearance is used",
          "[cli][svg][clearance]") {
  TempDir dir("cli-svg-methods");
  const std::string map = dir.write("room.json", kRoom);
  const std::string out = (dir.path / "room.svg").string();
  const RunResult r = runCli({"svg", map, "--out", out, "--clearance", "1"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const MapDocument doc = parseMap(kRoom);
  const PolygonMap original = buildPolygonMap(doc);
  const ErodedRegion e = erodeRegion(doc.polygons, 1.0, {});
  const Path expected = findPath(VisibilityGraph(e.map), {1.5, 5}, {8.5, 5});
  REQUIRE(expected.found);
  CHECK(std::stod(r.out.substr(r.out.find("length ") + 7)) == Approx(expected.length).epsilon(1e-11));
  const std::string svg = readWholeFile(out);
  checkPathLayer(svg, SvgViewport::fit(original), expected.points);
  // The walls (8 edges), and the eroded boundary on its own layer in the editor's colour.
  CHECK(svgElements(svgGroup(svg, "layer-edges"), "line").size() == original.vertices().size());
  const auto outline = svgElements(svgGroup(svg, "layer-clearance-outline"), "line");
  CHECK(outline.size() == e.map.vertices().size());
  const Color c = layerColor(LayerClearanceOutline);
  const std::string stroke = "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
  for (const auto& l : outline) CHECK(l.at("stroke") == stroke);

  // The same radius from the map's settings: the same picture (it was refused before).
  const std::string settings_map = dir.write("room1.json", kRoomClearance1);
  const std::string out2 = (dir.path / "room1.svg").string();
  const RunResult s = runCli({"svg", settings_map, "--out", out2});
  INFO(s.err);
  REQUIRE(s.exit_code == 0);
  CHECK(readWholeFile(out2) == svg);

  // A start without clearance: path's error; with --snap path's note.
  const RunResult near = runCli({"svg", map, "--out", out, "--clearance", "1", "--start", "0.5,5"});
  CHECK(near.exit_code == 2);
  CHECK_THAT(near.err, StartsWith("polypath: " + map +
                                  ": start (0.5, 5) is 0.5 from the nearest wall (polygon 0, outer ring, at (0, 5)), "
                                  "closer than the clearance radius 1; move it, or pass --snap"));
  const RunResult snapped = runCli({"svg", map, "--out", out, "--clearance", "1", "--start", "0.5,5", "--snap"});
  CHECK(snapped.exit_code == 0);
  CHECK_THAT(snapped.err, Contains("; snapped to (1.00001"));
}

TEST_CASE("polypath trace takes --method and --clearance and traces that search", "[cli][posthoc]") {
  TempDir dir("cli-trace-methods");
  const std::string out = (dir.path / "t.json").string();
  const LoadedMap m(shippedMap("maze.json"));
  const NavMesh mesh = buildNavMesh(m.map, true);  // Polyanya's faces: merged convex polygons

  const RunResult poly = runCli({"trace", shippedMap("maze.json"), "--out", out, "--method", "navmesh"});
  INFO(poly.err);
  REQUIRE(poly.exit_code == 0);
  const nlohmann::json tp = nlohmann::json::parse(readWholeFile(out));
  const Path ep = findPolyanyaPath(PolyanyaMesh(mesh), *m.doc.start, *m.doc.goal);
  CHECK(expandingEvents(tp) == ep.expanded);
  CHECK(tp["events"].back()["g"].get<double>() == Approx(ep.length).epsilon(1e-12));

  const RunResult tri =
      runCli({"trace", shippedMap("maze.json"), "--out", out, "--method", "navmesh", "--node-placement", "centre"});
  REQUIRE(tri.exit_code == 0);
  const NavMeshPath et = findNavMeshPath(buildNavMesh(m.map), *m.doc.start, *m.doc.goal, NodePlacement::Centre);
  CHECK(expandingEvents(nlohmann::json::parse(readWholeFile(out))) == et.search.expanded);

  const RunResult grid = runCli({"trace", shippedMap("maze.json"), "--out", out, "--method", "grid", "--moves", "4"});
  INFO(grid.err);
  REQUIRE(grid.exit_code == 0);
  const Grid g = rasterize(m.map, 1.0);
  GridOptions four;
  four.moves = 4;
  const Path eg = findPath(GridGraph(g, four), g.locate(*m.doc.start), g.locate(*m.doc.goal),
                           SearchOptions{Heuristic::Octile, 1.0, TieBreak::LargerG});
  const nlohmann::json tg = nlohmann::json::parse(readWholeFile(out));
  CHECK(expandingEvents(tg) == eg.expanded);
  CHECK(tg["events"].back()["g"].get<double>() == Approx(eg.length).epsilon(1e-12));
  CHECK(grid.out == "wrote " + out + " (" + std::to_string(tg["events"].size()) + " events, " +
                        std::to_string(eg.expanded) + " expansions)\n");

  // A map whose settings set a clearance: traced on the eroded region's graph.
  const std::string room = dir.write("room1.json", kRoomClearance1);
  const RunResult cl = runCli({"trace", room, "--out", out});
  INFO(cl.err);
  REQUIRE(cl.exit_code == 0);
  const MapDocument doc = parseMap(kRoom);
  const ErodedRegion region = erodeRegion(doc.polygons, 1.0, {});
  const VisibilityGraph eroded(region.map);  // keeps a reference to the map
  const Path ec = findPath(eroded, {1.5, 5}, {8.5, 5});
  const nlohmann::json tc = nlohmann::json::parse(readWholeFile(out));
  CHECK(expandingEvents(tc) == ec.expanded);
  CHECK(tc["events"].back()["g"].get<double>() == Approx(ec.length).epsilon(1e-12));
}

TEST_CASE("polypath svg and trace: finley has no search to show, named in the error", "[cli][svg]") {
  TempDir dir("cli-svg-methods");
  const RunResult s = runCli({"svg", shippedMap("maze.json"), "--out", (dir.path / "f.svg").string(), "--method", "finley"});
  CHECK(s.exit_code == 2);
  CHECK(s.err ==
        "polypath: svg --method finley: finley runs only as a reference in polypath bench and has no search to draw "
        "(use --method visibility, navmesh or grid)\n");
  const RunResult t =
      runCli({"trace", shippedMap("maze.json"), "--out", (dir.path / "f.json").string(), "--method", "finley"});
  CHECK(t.exit_code == 2);
  CHECK(t.err ==
        "polypath: trace --method finley: finley runs only as a reference in polypath bench and has no search to "
        "trace (use --method visibility, navmesh or grid)\n");
  // --method visibility is the default: the same bytes.
  const std::string a = (dir.path / "a.svg").string(), b = (dir.path / "b.svg").string();
  REQUIRE(runCli({"svg", shippedMap("maze.json"), "--out", a}).exit_code == 0);
  REQUIRE(runCli({"svg", shippedMap("maze.json"), "--out", b, "--method", "visibility"}).exit_code == 0);
  CHECK(readWholeFile(a) == readWholeFile(b));
}
