// GeoJSON maps (formats/geojson.hpp and the ".geojson" entry of the map format table):
// the round trip map -> GeoJSON -> map on every valid sample map, MultiPolygon with holes,
// ring orientation (either read, RFC 7946's written), start and goal Point features,
// exact error messages with JSON pointers, and `polypath convert` both ways.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "polypath/convert/map_formats.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/geojson.hpp"
#include "polypath/geom/map_validation.hpp"
#include "support/run_cli.hpp"
#include "support/temp_dir.hpp"

using namespace polypath;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

/// Twice the signed area of a closed GeoJSON ring (first position repeated), positive
/// when counter-clockwise with y up: computed on the JSON, apart from the writer's code.
double twiceArea(const json& ring) {
  double a = 0;
  for (std::size_t i = 0; i + 1 < ring.size(); ++i)
    a += ring[i][0].get<double>() * ring[i + 1][1].get<double>() - ring[i + 1][0].get<double>() * ring[i][1].get<double>();
  return a;
}

/// `r` in the other orientation, starting at the same vertex.
Ring reversedKeepingFirst(Ring r) {
  std::reverse(r.begin() + 1, r.end());
  return r;
}

/// The same ring as written, or the same ring walked the other way from the same vertex.
bool sameRing(const Ring& read, const Ring& written) { return read == written || read == reversedKeepingFirst(written); }

std::string parseError(const std::string& text, const std::string& source = "a.geojson") {
  try {
    parseGeoJson(text, source);
  } catch (const MapFileError& e) {
    return e.what();
  }
  return "(no error)";
}

/// The error of the format table's GeoJSON reader (which also validates the geometry).
std::string importError(const std::string& text) {
  try {
    mapFormatFor("a.geojson")->parse(text, "a.geojson");
  } catch (const MapFileError& e) {
    return e.what();
  }
  return "(no error)";
}

const char* kMultiPolygon = R"({"type": "MultiPolygon", "coordinates": [
  [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
   [[2, 2], [2, 4], [4, 4], [4, 2], [2, 2]],
   [[6, 6], [6, 8], [8, 8], [8, 6], [6, 6]]],
  [[[20, 0], [20, 5], [30, 5], [30, 0], [20, 0]],
   [[22, 1], [28, 1], [28, 4], [22, 4], [22, 1]]]]})";

}  // namespace

TEST_CASE("geojson: every valid sample map survives map -> GeoJSON -> map with the same rings", "[geojson]") {
  const fs::path maps = fs::path(POLYPATH_SOURCE_DIR) / "maps";
  int tested = 0;
  for (const auto& entry : fs::directory_iterator(maps)) {
    if (entry.path().extension() != ".json") continue;
    const MapDocument doc = loadMap(entry.path());
    const auto problems = validateMap(doc);
    if (std::any_of(problems.begin(), problems.end(),
                    [](const MapProblem& p) { return p.severity == MapProblem::Severity::Error; }))
      continue;
    INFO(entry.path().filename().string());
    ++tested;
    const MapFormat* format = mapFormatFor("x.geojson");
    REQUIRE(format);
    const std::string text = format->serialize(doc, "x.geojson");
    // RFC 7946: exterior rings counter-clockwise, holes clockwise, every ring closed.
    const json gj = json::parse(text);
    CHECK(gj["type"] == "FeatureCollection");
    std::size_t polygons = 0;
    for (const json& f : gj["features"]) {
      if (f["geometry"]["type"] != "Polygon") continue;
      ++polygons;
      const json& rings = f["geometry"]["coordinates"];
      for (std::size_t r = 0; r < rings.size(); ++r) {
        CHECK(rings[r].front() == rings[r].back());
        CHECK((r == 0 ? twiceArea(rings[r]) > 0 : twiceArea(rings[r]) < 0));
      }
    }
    CHECK(polygons == doc.polygons.size());
    const MapDocument back = format->parse(text, "x.geojson");
    REQUIRE(back.polygons.size() == doc.polygons.size());
    for (std::size_t p = 0; p < doc.polygons.size(); ++p) {
      CHECK(sameRing(back.polygons[p].outer, doc.polygons[p].outer));
      REQUIRE(back.polygons[p].holes.size() == doc.polygons[p].holes.size());
      for (std::size_t h = 0; h < doc.polygons[p].holes.size(); ++h)
        CHECK(sameRing(back.polygons[p].holes[h], doc.polygons[p].holes[h]));
    }
    CHECK(back.name == doc.name);
    CHECK(back.units == doc.units);
    CHECK(back.start == doc.start);
    CHECK(back.goal == doc.goal);
    CHECK(back.extra == doc.extra);
  }
  CHECK(tested == 9);
}

TEST_CASE("geojson: numbers read back as the same doubles", "[geojson]") {
  MapDocument doc;
  doc.polygons.push_back({{{0.1, 0.2}, {1.0 / 3.0, 1e-7}, {2.718281828459045, 3.141592653589793}}, {}});
  doc.start = Point{0.30000000000000004, 0.25};
  doc.extra_polygons.push_back(json{{"label", "hall"}});
  const GeoJsonMap back = parseGeoJson(serializeGeoJson(doc), "x.geojson");
  REQUIRE(back.doc.polygons.size() == 1);
  CHECK(sameRing(back.doc.polygons[0].outer, doc.polygons[0].outer));
  CHECK(back.doc.start == doc.start);
  CHECK(back.doc.extra_polygons[0] == json{{"label", "hall"}});  // polygon properties kept
  CHECK(back.start_pointer == "/features/1/geometry");
}

TEST_CASE("geojson: a MultiPolygon with holes reads as one area per part", "[geojson]") {
  const GeoJsonMap m = parseGeoJson(kMultiPolygon, "m.geojson");
  REQUIRE(m.doc.polygons.size() == 2);
  CHECK(m.doc.polygons[0].outer == Ring{{0, 0}, {10, 0}, {10, 10}, {0, 10}});  // closing repeat dropped
  REQUIRE(m.doc.polygons[0].holes.size() == 2);
  CHECK(m.doc.polygons[0].holes[1] == Ring{{6, 6}, {6, 8}, {8, 8}, {8, 6}});
  REQUIRE(m.doc.polygons[1].holes.size() == 1);
  CHECK(m.doc.polygons[1].holes[0] == Ring{{22, 1}, {28, 1}, {28, 4}, {22, 4}});
  CHECK(m.doc.units == "degrees");
  CHECK(m.polygon_pointers == std::vector<std::string>{"/coordinates/0", "/coordinates/1"});
  CHECK(m.pointerOf({1, 0, 2}) == "/coordinates/1/1/2");
  CHECK(m.pointerOf({0, -1, -1}) == "/coordinates/0");
  CHECK(m.pointerOf({0, -1, 3}) == "/coordinates/0/0/3");
  const PolygonMap map(m.doc.polygons);
  CHECK(findPath(VisibilityGraph(map), {1, 1}, {9, 9}).found);
  CHECK_FALSE(findPath(VisibilityGraph(map), {1, 1}, {21, 0.5}).found);  // separate areas
}

TEST_CASE("geojson: either orientation reads, and RFC 7946's is written", "[geojson]") {
  // The exterior clockwise and the hole counter-clockwise (y up): the reverse of RFC 7946.
  const std::string cw = R"({"type": "Feature", "properties": null, "geometry": {"type": "Polygon", "coordinates": [
    [[0, 0], [0, 10], [10, 10], [10, 0], [0, 0]], [[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]]]}})";
  const std::string ccw = R"({"type": "Polygon", "coordinates": [
    [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]], [[4, 4], [4, 6], [6, 6], [6, 4], [4, 4]]]})";
  const MapDocument a = parseGeoJson(cw).doc, b = parseGeoJson(ccw).doc;
  CHECK(a.polygons[0].outer == Ring{{0, 0}, {0, 10}, {10, 10}, {10, 0}});  // kept as written
  CHECK(sameRing(a.polygons[0].outer, b.polygons[0].outer));
  CHECK(sameRing(a.polygons[0].holes[0], b.polygons[0].holes[0]));
  const double around = 2.0 * std::sqrt(34.0);  // (1,1) -> (6,4) -> (9,9)
  CHECK(std::abs(findPath(VisibilityGraph(PolygonMap(a.polygons)), {1, 1}, {9, 9}).length - around) < 1e-9);
  CHECK(std::abs(findPath(VisibilityGraph(PolygonMap(b.polygons)), {1, 1}, {9, 9}).length - around) < 1e-9);
  const json out = json::parse(serializeGeoJson(a));
  const json& rings = out["features"][0]["geometry"]["coordinates"];
  CHECK(rings[0] == json::parse("[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]"));
  CHECK(rings[1] == json::parse("[[4, 4], [4, 6], [6, 6], [6, 4], [4, 4]]"));
}

TEST_CASE("geojson: Point features with a role set the start and the goal", "[geojson]") {
  const std::string text = R"({"type": "FeatureCollection", "name": "Hall", "units": "m", "source": "survey",
    "features": [
      {"type": "Feature", "properties": {"role": "goal"}, "geometry": {"type": "Point", "coordinates": [9, 9]}},
      {"type": "Feature", "properties": {"room": 3}, "geometry": {"type": "Polygon",
        "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]}},
      {"type": "Feature", "properties": null, "geometry": null},
      {"type": "Feature", "properties": {"role": "start"}, "geometry": {"type": "Point", "coordinates": [1, 1, 30]}}]})";
  const GeoJsonMap m = parseGeoJson(text, "hall.geojson");
  CHECK(m.doc.name == "Hall");
  CHECK(m.doc.units == "m");
  CHECK(m.doc.extra == json{{"source", "survey"}});
  CHECK(m.doc.start == Point{1, 1});
  CHECK(m.doc.goal == Point{9, 9});
  CHECK(m.start_pointer == "/features/3/geometry");
  CHECK(m.goal_pointer == "/features/0/geometry");
  CHECK(m.doc.extra_polygons[0] == json{{"room", 3}});
  CHECK(m.polygon_pointers[0] == "/features/1/geometry/coordinates");
  // Written back: the polygon, then start and goal.
  const json out = json::parse(serializeGeoJson(m.doc));
  REQUIRE(out["features"].size() == 3);
  CHECK(out["features"][1]["properties"] == json{{"role", "start"}});
  CHECK(out["features"][2]["geometry"] == json::parse(R"({"type": "Point", "coordinates": [9, 9]})"));
  CHECK(out["source"] == "survey");
}

TEST_CASE("geojson: refused input names the file, the JSON pointer and what is wrong", "[geojson]") {
  const std::string square = "[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]";
  // A square and a second feature with `geometry`.
  auto feature = [&](const std::string& geometry) {
    return R"({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": null, "geometry": {"type": "Polygon", "coordinates": [)" +
           square + R"(]}}, {"type": "Feature", "properties": null, "geometry": )" + geometry + "}]}";
  };
  CHECK(parseError(feature(R"({"type": "LineString", "coordinates": [[2, 2], [4, 4]]})")) ==
        "a.geojson: /features/1/geometry: a LineString is an open line and bounds no area; give walkable areas as "
        "Polygon or MultiPolygon, and obstacles as their holes (interior rings)");
  CHECK(parseError(feature(R"({"type": "Point", "coordinates": [2, 2]})")) ==
        "a.geojson: /features/1/geometry: a Point is read only as a Feature with the property \"role\": \"start\" or \"goal\"");
  CHECK(parseError(R"({"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"role": "start"}, "geometry": {"type": "Point", "coordinates": [1, 1]}},
      {"type": "Feature", "properties": {"role": "start"}, "geometry": {"type": "Point", "coordinates": [2, 2]}}]})") ==
        "a.geojson: /features/1/geometry: a second start point (the first is /features/0/geometry); keep one");
  CHECK(parseError(R"({"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [10, 10], [0, 10]]]})") ==
        "a.geojson: /coordinates/0: the ring is not closed: its last position [0, 10] differs from its first [0, 0]; "
        "repeat the first position at the end (an open line bounds no area)");
  CHECK(parseError(R"({"type": "Polygon", "coordinates": [[[0, 0], [10, 0], [0, 0]]]})") ==
        "a.geojson: /coordinates/0: a linear ring has at least 4 positions (3 corners and the first repeated at the "
        "end), got 3");
  CHECK(parseError(R"({"type": "Polygon", "coordinates": [[[0, 0], [10, "0"], [10, 10], [0, 0]]]})") ==
        "a.geojson: /coordinates/0/1/1: expected a number, got the string \"0\"");
  CHECK(parseError(R"({"type": "Polygon", "coordinates": [[[0, 0], [10], [10, 10], [0, 0]]]})") ==
        "a.geojson: /coordinates/0/1: expected a position [x, y] (or [x, y, z]), got an array of 1 elements");
  CHECK(parseError(R"({"type": "Polygone", "coordinates": []})") ==
        "a.geojson: top level: unknown GeoJSON type \"Polygone\"; polypath reads FeatureCollection, Feature, "
        "GeometryCollection, Polygon and MultiPolygon");
  CHECK(parseError(R"({"coordinates": []})") ==
        "a.geojson: top level: missing \"type\": a GeoJSON object says what it is (\"FeatureCollection\", "
        "\"Feature\", \"Polygon\", ...)");
  CHECK(parseError(R"({"type": "FeatureCollection", "features": []})") ==
        "a.geojson: top level: no Polygon or MultiPolygon found; polypath reads walkable areas from them");
  CHECK(parseError("[1, 2]") ==
        "a.geojson: top level: expected a GeoJSON object {\"type\": \"FeatureCollection\", ...}, got an array of 2 "
        "elements");
  CHECK(parseError("{\"type\": \"Polygon\",\n \"coordinates\": [[0, 0]") ==
        "a.geojson:2:24: not valid JSON: syntax error while parsing array - unexpected end of input; expected ']'");
  CHECK(parseError(R"({"type": "Polygon", "type": "Polygon", "coordinates": [)" + square + "]}") ==
        "a.geojson: /type: \"type\" is given twice in the same object; only one can count, so remove the other");
  // The table's reader validates the geometry and names the GeoJSON place of the problem.
  const std::string bowtie = R"({"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon",
       "coordinates": [[[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]]]}}]})";
  const std::string e = importError(bowtie);
  CHECK(e.rfind("a.geojson: /features/0/geometry/coordinates/0/0: ", 0) == 0);
  CHECK(e.find("cross") != std::string::npos);
  const std::string outside = R"({"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [)" + square + R"(]}},
      {"type": "Feature", "properties": {"role": "goal"}, "geometry": {"type": "Point", "coordinates": [20, 5]}}]})";
  CHECK(importError(outside).rfind("a.geojson: /features/1/geometry: ", 0) == 0);
  CHECK(importError(kMultiPolygon) == "(no error)");
}

TEST_CASE("geojson: polypath convert writes GeoJSON and reads it back", "[geojson][cli]") {
  const test::TempDir dir("geojson");
  const fs::path in = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "room-with-holes.json";
  const std::string gj = (dir.path / "room.geojson").string(), back = (dir.path / "room.json").string();
  const test::RunResult to = test::runCli({"convert", in.string(), gj});
  INFO(to.out << to.err);
  REQUIRE(to.exit_code == 0);
  const test::RunResult from = test::runCli({"convert", gj, back});
  INFO(from.out << from.err);
  REQUIRE(from.exit_code == 0);
  const MapDocument a = loadMap(in), b = loadMap(back);
  REQUIRE(b.polygons.size() == a.polygons.size());
  for (std::size_t p = 0; p < a.polygons.size(); ++p) {
    CHECK(sameRing(b.polygons[p].outer, a.polygons[p].outer));
    REQUIRE(b.polygons[p].holes.size() == a.polygons[p].holes.size());
    for (std::size_t h = 0; h < a.polygons[p].holes.size(); ++h) CHECK(sameRing(b.polygons[p].holes[h], a.polygons[p].holes[h]));
  }
  CHECK(b.start == a.start);
  CHECK(b.goal == a.goal);
  // A GeoJSON file the reader refuses: exit 2 and the pointer on stderr.
  const std::string bad = dir.write("bad.geojson", R"({"type": "LineString", "coordinates": [[0, 0], [1, 1]]})");
  const test::RunResult refused = test::runCli({"convert", bad, back});
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find(bad + ": top level: a LineString is an open line") != std::string::npos);
}
