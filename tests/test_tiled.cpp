// Tiled maps (.tmx and .tmj): the hand-written level in maps/tiled/ (obstacles, start,
// goal, a path through it), round trips map -> Tiled -> map, the painted region, and bad
// inputs with their messages.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <numbers>

#include "polypath/convert/map_formats.hpp"
#include "polypath/convert/tiled_map.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/tiled.hpp"
#include "polypath/geom/map_validation.hpp"
#include "polypath/geom/painted_region.hpp"
#include "support/oracle.hpp"
#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

#include <nlohmann/json.hpp>

using namespace polypath;
namespace fs = std::filesystem;

namespace {

const fs::path kTiled = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "tiled";
const fs::path kMaps = fs::path(POLYPATH_SOURCE_DIR) / "maps";

double ringArea(const Ring& r) {
  double a = 0;
  for (std::size_t i = 0; i < r.size(); ++i) a += cross(r[i], r[(i + 1) % r.size()]);
  return std::abs(a) / 2;
}

double regionArea(const std::vector<Polygon>& polys) {
  double total = 0;
  for (const Polygon& p : polys) {
    total += ringArea(p.outer);
    for (const Ring& h : p.holes) total -= ringArea(h);
  }
  return total;
}

/// The ring's vertices sorted (rings computed by GEOS start and turn as GEOS likes).
Ring sorted(Ring r) {
  std::sort(r.begin(), r.end(), [](Point a, Point b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  return r;
}

/// The hole whose sorted vertices equal `expected`'s; fails when there is none.
bool hasHole(const Polygon& p, const Ring& expected) {
  return std::any_of(p.holes.begin(), p.holes.end(), [&](const Ring& h) { return sorted(h) == sorted(expected); });
}

/// The hole whose vertices' bounding box has this corner.
const Ring* holeNear(const Polygon& p, Point min_corner, double tolerance) {
  for (const Ring& h : p.holes) {
    Point lo = h.front();
    for (const Point& v : h) lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)};
    if (std::abs(lo.x - min_corner.x) <= tolerance && std::abs(lo.y - min_corner.y) <= tolerance) return &h;
  }
  return nullptr;
}

std::string messageOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

const std::string kHeader =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<map version=\"1.10\" orientation=\"orthogonal\" width=\"10\" height=\"10\" tilewidth=\"32\" tileheight=\"32\">\n"
    " <objectgroup id=\"1\" name=\"walls\">\n";
const std::string kFooter = " </objectgroup>\n</map>\n";

MapDocument tmx(const std::string& objects) { return mapFormatFor("x.tmx")->parse(kHeader + objects + kFooter, "t.tmx"); }

}  // namespace

TEST_CASE("tiled: the courtyard level reads the same from .tmx and .tmj", "[tiled]") {
  const MapDocument a = importMap(kTiled / "courtyard.tmx");
  const MapDocument b = importMap(kTiled / "courtyard.tmj");
  REQUIRE(a.polygons.size() == 1);
  REQUIRE(b.polygons.size() == 1);
  CHECK(a.polygons[0].outer == b.polygons[0].outer);
  CHECK(a.polygons[0].holes == b.polygons[0].holes);
  CHECK(a.start == b.start);
  CHECK(a.goal == b.goal);
  CHECK(a.name == b.name);
}

TEST_CASE("tiled: the courtyard's obstacles, walkable border, start and goal", "[tiled]") {
  const MapDocument doc = importMap(kTiled / "courtyard.tmx");
  CHECK(doc.name == "Courtyard");
  CHECK(doc.units == "px");
  REQUIRE(doc.start == Point{40, 40});
  REQUIRE(doc.goal == Point{600, 440});
  REQUIRE(doc.polygons.size() == 1);
  const Polygon& p = doc.polygons[0];
  // The map is 20 x 15 tiles of 32 px; the "border wall" (-10, 400, 100 x 100) cuts its
  // bottom-left corner away.
  CHECK(sorted(p.outer) == sorted(Ring{{0, 0}, {640, 0}, {640, 480}, {90, 480}, {90, 400}, {0, 400}}));
  REQUIRE(p.holes.size() == 5);
  CHECK(hasHole(p, {{100, 100}, {160, 100}, {160, 140}, {100, 140}}));  // crate: a rectangle
  // beam: 80 x 20 at (300, 50) turned 90 degrees clockwise about its corner.
  CHECK(hasHole(p, {{300, 50}, {300, 130}, {280, 130}, {280, 50}}));
  // rock: polygon points relative to (400, 300), layer offset (16, -8).
  CHECK(hasHole(p, {{416, 292}, {476, 292}, {446, 342}}));
  // diamond: 40 x 40 at (500, 100) turned 45 degrees: corners at 40 / sqrt 2 to either side.
  const Ring* diamond = holeNear(p, {500 - 40 / std::sqrt(2.0), 100}, 1e-9);
  REQUIRE(diamond != nullptr);
  CHECK(ringArea(*diamond) == Approx(1600).epsilon(1e-12));
  // pond: the 32-gon around the ellipse of radii 40 and 20 (edges tangent to it).
  const Ring* pond = holeNear(p, {200 - 40 * (1 / std::cos(std::numbers::pi / 32) - 1), 300 - 20 * (1 / std::cos(std::numbers::pi / 32) - 1)}, 1e-9);
  REQUIRE(pond != nullptr);
  CHECK(pond->size() == 32);
  const double pond_area = 32 * std::tan(std::numbers::pi / 32) * 40 * 20;
  CHECK(ringArea(*pond) == Approx(pond_area).epsilon(1e-12));
  CHECK(regionArea(doc.polygons) == Approx(640 * 480 - 90 * 80 - 2400 - 1600 - 1500 - 1600 - pond_area).epsilon(1e-12));
  CHECK(validateMap(doc).empty());
}

TEST_CASE("tiled: the courtyard's shortest path goes round the crate and the rock", "[tiled]") {
  const MapDocument doc = importMap(kTiled / "courtyard.tmj");
  const PolygonMap map = buildPolygonMap(doc);
  const VisibilityGraph graph(map);
  const Path path = findPath(graph, *doc.start, *doc.goal);
  REQUIRE(path.found);
  // By hand: start (40, 40) -> crate corner (160, 100) -> rock tip (446, 342) -> goal (600, 440).
  const double by_hand = std::sqrt(120.0 * 120 + 60 * 60) + std::sqrt(286.0 * 286 + 242 * 242) + std::sqrt(154.0 * 154 + 98 * 98);
  CHECK(path.length == Approx(by_hand).epsilon(1e-12));
  CHECK(path.points == std::vector<Point>{{40, 40}, {160, 100}, {446, 342}, {600, 440}});
  const test::Oracle oracle(doc.polygons);
  CHECK(oracle.shortestPath(*doc.start, *doc.goal).length == Approx(by_hand).epsilon(1e-9));
}

TEST_CASE("tiled: map -> .tmx/.tmj -> map gives the same rings, start and goal", "[tiled]") {
  test::TempDir dir("tiled-roundtrip");
  // An island inside a hole, and coordinates with many digits.
  MapDocument islands;
  islands.name = "islands";
  islands.polygons = {Polygon{{{0, 0}, {100, 0}, {100, 100}, {0, 100}}, {{{20, 20}, {80, 20}, {80, 80}, {20, 80}}}},
                      Polygon{{{30, 30}, {70, 30}, {70, 70}, {30, 70}}, {{{40, 40}, {60, 40}, {60, 60}}}},
                      Polygon{{{52.5, 42.25}, {58.1, 42.7}, {57.9, 48.3}}, {}}};
  islands.start = Point{0.1, 0.30000000000000004};
  islands.goal = Point{35, 35};
  MapDocument digits;
  digits.name = "digits";
  digits.polygons = {Polygon{{{0.1, 0.2}, {1e-7, 123.456}, {-3.14159265358979, 9.8765432109876}}, {}}};
  std::vector<MapDocument> docs = {loadMap(kMaps / "seed-demo.json"), loadMap(kMaps / "room-with-holes.json"),
                                   loadMap(kMaps / "two-areas.json"), loadMap(kMaps / "maze.json"), islands, digits};
  for (const MapDocument& doc : docs) {
    REQUIRE(std::none_of(validateMap(doc).begin(), validateMap(doc).end(),
                         [](const MapProblem& p) { return p.severity == MapProblem::Severity::Error; }));
    for (const char* ext : {".tmx", ".tmj"}) {
      INFO(doc.name << ext);
      const fs::path file = dir.path / (doc.name + ext);
      exportMap(doc, file);
      const MapDocument back = importMap(file);
      REQUIRE(back.polygons.size() == doc.polygons.size());
      for (std::size_t i = 0; i < doc.polygons.size(); ++i) {
        CHECK(back.polygons[i].outer == doc.polygons[i].outer);
        CHECK(back.polygons[i].holes == doc.polygons[i].holes);
      }
      CHECK(back.start == doc.start);
      CHECK(back.goal == doc.goal);
      CHECK(back.units == doc.units);
    }
  }
}

TEST_CASE("tiled: the export is an object layer per role, as a Tiled user expects", "[tiled]") {
  const TiledMap t = tiledFromDocument(loadMap(kMaps / "seed-demo.json"));
  REQUIRE(t.layers.size() == 3);
  CHECK(t.layers[0].name == "walkable");
  CHECK(t.layers[0].walkable == true);
  CHECK(t.layers[1].name == "obstacles");
  CHECK(!t.layers[1].walkable);
  CHECK(t.layers[2].name == "markers");
  REQUIRE(t.layers[2].objects.size() == 2);
  CHECK(t.layers[2].objects[0].name == "start");
  CHECK(t.layers[2].objects[0].shape == TiledShape::Point);
  // Polygon objects sit at their first vertex with relative points, as Tiled draws them.
  const TiledObject& outer = t.layers[0].objects.at(0);
  CHECK(outer.shape == TiledShape::Polygon);
  CHECK(outer.points.front() == Point{0, 0});
  const TiledMap again = parseTmx(serializeTmx(t), "again.tmx");
  CHECK(again.layers.size() == 3);
  CHECK(again.layers[1].objects.size() == t.layers[1].objects.size());
}

TEST_CASE("tiled: a walkable polygon with obstacles inside keeps its rings as drawn", "[tiled]") {
  const MapDocument doc = tmx(
      "  <object id=\"1\" name=\"floor\" x=\"10\" y=\"20\">\n"
      "   <properties><property name=\"walkable\" type=\"bool\" value=\"true\"/></properties>\n"
      "   <polygon points=\"0,0 200,0 200,100 0,100\"/>\n"
      "  </object>\n"
      "  <object id=\"2\" name=\"box\" x=\"50\" y=\"50\" width=\"10\" height=\"20\"/>\n");
  REQUIRE(doc.polygons.size() == 1);
  CHECK(doc.polygons[0].outer == Ring{{10, 20}, {210, 20}, {210, 120}, {10, 120}});
  CHECK(doc.polygons[0].holes == std::vector<Ring>{{{50, 50}, {60, 50}, {60, 70}, {50, 70}}});
}

TEST_CASE("tiled: the layer's walkable property marks its objects, and overlapping obstacles are united", "[tiled]") {
  const MapDocument doc = mapFormatFor("x.tmj")->parse(R"({"type": "map", "version": "1.10", "orientation": "orthogonal",
    "width": 10, "height": 10, "tilewidth": 10, "tileheight": 10, "layers": [
    {"type": "group", "offsetx": 5, "layers": [
      {"type": "objectgroup", "properties": [{"name": "walkable", "type": "bool", "value": true}],
       "objects": [{"id": 1, "x": 0, "y": 0, "width": 50, "height": 50}]}]},
    {"type": "objectgroup", "objects": [{"id": 2, "x": 10, "y": 10, "width": 20, "height": 20},
                                        {"id": 3, "x": 20, "y": 20, "width": 20, "height": 20}]}]})",
                                                       "t.tmj");
  REQUIRE(doc.polygons.size() == 1);
  // The walkable square [5, 55] x [0, 50] (group offset), the two overlapping squares united.
  CHECK(sorted(doc.polygons[0].outer) == sorted(Ring{{5, 0}, {55, 0}, {55, 50}, {5, 50}}));
  REQUIRE(doc.polygons[0].holes.size() == 1);
  CHECK(sorted(doc.polygons[0].holes[0]) ==
        sorted(Ring{{10, 10}, {30, 10}, {30, 20}, {40, 20}, {40, 40}, {20, 40}, {20, 30}, {10, 30}}));
}

TEST_CASE("tiled: paintRegion paints in order: an island drawn after the hole stays", "[tiled]") {
  const Ring square{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, hole{{2, 2}, {8, 2}, {8, 8}, {2, 8}},
      island{{4, 4}, {6, 4}, {6, 6}, {4, 6}};
  CHECK(regionArea(paintRegion({{square, true}, {hole, false}, {island, true}})) == 100 - 36 + 4);
  CHECK(regionArea(paintRegion({{square, true}, {island, true}, {hole, false}})) == 100 - 36);
  CHECK(paintRegion({{hole, false}}).empty());
}

TEST_CASE("tiled: bad files are refused with the file, the place and what is wrong", "[tiled]") {
  test::TempDir dir("tiled-bad");
  CHECK(messageOf([&] { importMap(dir.path / "missing.tmx"); }) == (dir.path / "missing.tmx").string() + ": no such file; check the path");
  CHECK(messageOf([] { mapFormatFor("x.tmx")->parse(kHeader + "  <object id=\"4\" x=\"1\">\n" + kFooter, "t.tmx"); }) ==
        "t.tmx:5: not valid XML: Start-end tags mismatch; fix the file's XML syntax");
  CHECK(messageOf([] {
          tmx("  <object id=\"3\" name=\"fence\" x=\"10\" y=\"10\">\n   <polyline points=\"0,0 50,0 50,50\"/>\n  </object>\n");
        }) == "t.tmx:4: object 3 \"fence\": a polyline is open and encloses no area, so it cannot be an obstacle; close "
              "it into a polygon");
  CHECK(messageOf([] {
          tmx("  <object id=\"4\" name=\"bowtie\" x=\"100\" y=\"100\">\n   <polygon points=\"0,0 40,40 40,0 0,40\"/>\n  </object>\n");
        }) == "t.tmx:4: object 4 \"bowtie\": its polygon is not a simple shape: the ring crosses itself at (120, 120): "
              "edge (100, 100)-(140, 140) (vertices 0 and 1) crosses edge (140, 100)-(100, 140) (vertices 2 and 3); move a "
              "vertex so its edges do not cross");
  const std::string iso = "<map version=\"1.10\" orientation=\"isometric\" width=\"1\" height=\"1\" tilewidth=\"1\" tileheight=\"1\"/>";
  CHECK(messageOf([&] { mapFormatFor("x.tmx")->parse(iso, "i.tmx"); }) ==
        "i.tmx:1: <map>: orientation \"isometric\" is not supported: polypath reads orthogonal maps, whose object "
        "coordinates are plain pixels; draw the level on an orthogonal map");
  CHECK(messageOf([] { mapFormatFor("x.tmx")->parse("<map version=\"2.0\" orientation=\"orthogonal\"/>", "v.tmx"); }) ==
        "v.tmx:1: <map> version: unknown Tiled format version \"2.0\": polypath reads versions 1.x (the formats of "
        "Tiled 1.0 and later); save the map with Tiled 1.x");
  CHECK(messageOf([] { mapFormatFor("x.tmj")->parse(R"({"type": "map", "version": "2.0"})", "v.tmj"); }) ==
        "v.tmj: /version: unknown Tiled format version \"2.0\": polypath reads versions 1.x (the formats of Tiled 1.0 "
        "and later); save the map with Tiled 1.x");
  CHECK(messageOf([] {
          mapFormatFor("x.tmj")->parse(R"({"type": "map", "orientation": "orthogonal", "width": 1, "height": 1,
            "tilewidth": 1, "tileheight": 1, "layers": [{"type": "objectgroup", "objects": [{"id": 1, "x": "5"}]}]})",
                                       "p.tmj");
        }) == "p.tmj: /layers/0/objects/0/x: expected a number (pixels), got the string \"5\"");
  CHECK(messageOf([] {
          mapFormatFor("x.tmj")->parse(R"({"type": "map", "orientation": "orthogonal", "width": 1, "height": 1,
            "tilewidth": 1, "tileheight": 1, "layers": [{"type": "objectgroup", "objects": [{"id": 1, "name": "wall",
            "polyline": [{"x": 0, "y": 0}, {"x": 5, "y": 5}]}]}]})",
                                       "p.tmj");
        }) == "p.tmj: /layers/0/objects/0: object 1 \"wall\": a polyline is open and encloses no area, so it cannot be "
              "an obstacle; close it into a polygon");
  CHECK(messageOf([] {
          tmx("  <object id=\"1\" name=\"start\" x=\"1\" y=\"1\"><point/></object>\n"
              "  <object id=\"2\" name=\"start\" x=\"2\" y=\"2\"><point/></object>\n");
        }) == "t.tmx:5: object 2 \"start\": a second point named \"start\" (the first is object 1 \"start\" at line 4); "
              "rename or delete one");
}

TEST_CASE("tiled: polypath convert reads and writes Tiled maps", "[tiled][cli]") {
  test::TempDir dir("tiled-cli");
  const std::string json = (dir.path / "courtyard.json").string(), tmj = (dir.path / "courtyard.tmj").string();
  const test::RunResult in = test::runCli({"convert", (kTiled / "courtyard.tmx").string(), json});
  CHECK(in.exit_code == 0);
  CHECK(in.out == "wrote " + json + ": 1 polygons, 5 holes, 53 vertices (polypath map (JSON))\n");
  const test::RunResult out = test::runCli({"convert", json, tmj});
  CHECK(out.exit_code == 0);
  CHECK(out.out == "wrote " + tmj + ": 1 polygons, 5 holes, 53 vertices (Tiled map (JSON))\n");
  CHECK(importMap(tmj).polygons[0].holes == loadMap(json).polygons[0].holes);
  const test::RunResult bad = test::runCli({"convert", (dir.path / "missing.tmx").string(), json});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "polypath: " + (dir.path / "missing.tmx").string() + ": no such file; check the path\n");
}

TEST_CASE("tiled: path, validate and query take a Tiled map as they take a polypath map", "[tiled][cli]") {
  const std::string tmx = (kTiled / "courtyard.tmx").string();
  const double by_hand = std::sqrt(120.0 * 120 + 60 * 60) + std::sqrt(286.0 * 286 + 242 * 242) + std::sqrt(154.0 * 154 + 98 * 98);
  const test::RunResult validate = test::runCli({"validate", tmx});
  CHECK(validate.exit_code == 0);
  CHECK(validate.out == "ok\n");
  const test::RunResult path = test::runCli({"path", tmx, "--json"});
  REQUIRE(path.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(path.out);
  CHECK(j["found"] == true);
  CHECK(j["length"].get<double>() == Approx(by_hand).epsilon(1e-12));
  const test::RunResult polyanya = test::runCli({"path", (kTiled / "courtyard.tmj").string(), "--method", "polyanya", "--json"});
  REQUIRE(polyanya.exit_code == 0);
  CHECK(nlohmann::json::parse(polyanya.out)["length"].get<double>() == Approx(by_hand).epsilon(1e-12));
}
