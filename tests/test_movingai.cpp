// Moving AI files: .map parsing (legend, errors with line and column), writing, .scen
// parsing and its tolerance; grid -> polygon tracing (pinches, holes, areas, validity).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "polypath/core/grid_trace.hpp"
#include "polypath/formats/movingai.hpp"
#include "support/temp_dir.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
using Catch::Matchers::Contains;

namespace {

std::string mapText(const std::vector<std::string>& rows) {
  std::string t = "type octile\nheight " + std::to_string(rows.size()) + "\nwidth " + std::to_string(rows[0].size()) +
                  "\nmap\n";
  for (const std::string& r : rows) t += r + "\n";
  return t;
}

Grid gridOf(const std::vector<std::string>& rows) { return parseMovingAiMap(mapText(rows)); }

/// The message of the MapFileError that parsing `text` throws.
std::string mapError(const std::string& text) {
  try {
    parseMovingAiMap(text, "m.map");
  } catch (const MapFileError& e) {
    return e.what();
  }
  return "no error";
}

/// Area of a ring (shoelace, absolute).
double ringArea(const Ring& r) {
  double a = 0;
  for (std::size_t i = 0; i < r.size(); ++i) a += cross(r[i], r[(i + 1) % r.size()]);
  return std::abs(a) / 2;
}

double polygonsArea(const std::vector<Polygon>& ps) {
  double a = 0;
  for (const Polygon& p : ps) {
    a += ringArea(p.outer);
    for (const Ring& h : p.holes) a -= ringArea(h);
  }
  return a;
}

bool hasErrors(const std::vector<MapProblem>& problems) {
  for (const MapProblem& p : problems)
    if (p.severity == MapProblem::Severity::Error) {
      UNSCOPED_INFO(p.describe());
      return true;
    }
  return false;
}

}  // namespace

TEST_CASE("a Moving AI map: . G S are free, @ O T W blocked, rows top to bottom", "[movingai]") {
  const Grid g = gridOf({".GS@", "OTW.", "...."});
  CHECK(g.width == 4);
  CHECK(g.height == 3);
  CHECK(g.freeCount() == 8);
  CHECK_FALSE(g.isBlocked(1, 0));
  CHECK_FALSE(g.isBlocked(2, 0));
  CHECK(g.isBlocked(3, 0));
  CHECK(g.isBlocked(0, 1));
  CHECK(g.isBlocked(2, 1));
  CHECK_FALSE(g.isBlocked(3, 1));
  // CR LF line ends read the same.
  const Grid crlf = parseMovingAiMap("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n");
  CHECK(crlf.blocked == std::vector<std::uint8_t>{0, 1});
}

TEST_CASE("map errors name the file, line and column", "[movingai]") {
  CHECK_THAT(mapError(mapText({"..", ".x"})), Contains("m.map:6:2:") && Contains("unknown map character 'x'") &&
                                                  Contains("cell (1, 1)"));
  CHECK_THAT(mapError(mapText({"...", ".."})), Contains("m.map:6:3:") && Contains("row 1 has 2 cells"));
  CHECK_THAT(mapError("type octile\nheight 3\nwidth 2\nmap\n..\n..\n"), Contains("m.map:7:1:") && Contains("missing row 2"));
  CHECK_THAT(mapError("type octile\nheight x\nwidth 2\nmap\n..\n"), Contains("m.map:2:8:") && Contains("height"));
  CHECK_THAT(mapError("type octile\nheight 1\nmap\n..\n"), Contains("no 'width'"));
  CHECK_THAT(mapError("type octile\nheight 1\nwidth 2\n..\n"), Contains("m.map:4:1:") && Contains("unexpected header"));
  CHECK_THAT(mapError(mapText({".."}) + "..\n"), Contains("m.map:6:1:") && Contains("extra line"));
  CHECK_THROWS_WITH(loadMovingAiMap("/nonexistent/x.map"), Contains("/nonexistent/x.map") && Contains("no such file"));
}

TEST_CASE("a map written and read back is the same grid", "[movingai]") {
  const Grid g = gridOf({"@..T", ".@@.", "...."});
  const std::string text = serializeMovingAiMap(g);
  CHECK(text == "type octile\nheight 3\nwidth 4\nmap\n@..@\n.@@.\n....\n");
  polypath::test::TempDir dir("movingai");
  saveMovingAiMap(g, dir.path / "g.map");
  CHECK(loadMovingAiMap(dir.path / "g.map").blocked == g.blocked);
}

TEST_CASE("scenario files: both versions, decimals and tolerance", "[movingai]") {
  const Scenario s = parseScenario(
      "version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n0\tmaps/dao/arena.map\t49\t49\t1\t13\t4\t12\t3.41421\n\n");
  REQUIRE(s.queries.size() == 2);
  CHECK(s.version == "1");
  const ScenarioQuery& q = s.queries[1];
  CHECK(q.line == 3);
  CHECK(q.map == "maps/dao/arena.map");
  CHECK((q.sx == 1 && q.sy == 13 && q.gx == 4 && q.gy == 12));
  CHECK(q.decimals == 5);
  CHECK(q.tolerance() == Approx(5e-6 + 3.41421e-6).epsilon(1e-9));
  CHECK(std::abs(1 + std::sqrt(2.0) * 1 + 1 - 3.41421) > 0);  // 2 + sqrt 2 - 3.41421 = 3.6e-6
  CHECK(std::abs(2 + std::sqrt(2.0) - q.optimal) <= q.tolerance());
  CHECK(s.queries[0].decimals == 0);
  const Scenario old = parseScenario("version 1.0\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\n");
  REQUIRE(old.queries.size() == 1);
  CHECK(old.queries[0].decimals == 2);
  CHECK(old.queries[0].optimal == 244.95);
  try {
    parseScenario("version 1\n0\tm.map\t4\t4\t1\tx\t2\t2\t3\n", "s.scen");
    FAIL("expected an error");
  } catch (const MapFileError& e) {
    CHECK_THAT(e.what(), Contains("s.scen:2:") && Contains("'x' is not a whole number"));
  }
  CHECK_THROWS_WITH(parseScenario("0\tm.map\n", "s.scen"), Contains("s.scen:1:1:") && Contains("version"));
  CHECK_THROWS_WITH(parseScenario("version 1\n0 m.map 4 4\n", "s.scen"), Contains("s.scen:2:1:") && Contains("9 fields"));
}

TEST_CASE("tracing: a free block is one polygon with collinear vertices merged", "[movingai][trace]") {
  const std::vector<Polygon> ps = traceGrid(gridOf({"...", "..."}));
  REQUIRE(ps.size() == 1);
  CHECK(ps[0].outer.size() == 4);
  CHECK(ps[0].holes.empty());
  CHECK(polygonsArea(ps) == 6.0);
}

TEST_CASE("tracing: blocked cells become holes, diagonal blocked cells are two touching holes", "[movingai][trace]") {
  const Grid g = gridOf({".....", ".@...", "..@..", "....."});
  const std::vector<Polygon> ps = traceGrid(g);
  REQUIRE(ps.size() == 1);
  REQUIRE(ps[0].holes.size() == 2);
  CHECK(ps[0].holes[0].size() == 4);
  CHECK(ps[0].holes[1].size() == 4);
  CHECK(polygonsArea(ps) == g.freeCount());
  MapDocument doc = gridToMapDocument(g, "pinch");
  CHECK_FALSE(hasErrors(validateMap(doc)));
  // The pinch at (2, 2) blocks: going round the holes costs more than through the point.
  const PolygonMap map = buildPolygonMap(doc);
  CHECK_FALSE(map.lineOfSight({1.5, 2.5}, {2.5, 1.5}));
}

TEST_CASE("tracing: free cells touching only diagonally are two polygons touching at a point", "[movingai][trace]") {
  const Grid g = gridOf({".@", "@."});
  const std::vector<Polygon> ps = traceGrid(g);
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].outer.size() == 4);
  CHECK(ps[1].outer.size() == 4);
  CHECK(polygonsArea(ps) == 2.0);
  CHECK_FALSE(hasErrors(validateMap(gridToMapDocument(g, "two"))));
}

TEST_CASE("tracing: a hole touching the outer ring at a diagonal pinch stays a hole", "[movingai][trace]") {
  // The blocked cell (2, 2) touches the blocked border cell (3, 3)... through the corner (3, 3).
  const Grid g = gridOf({"....", "....", "..@.", "...@"});
  const std::vector<Polygon> ps = traceGrid(g);
  REQUIRE(ps.size() == 1);
  CHECK(ps[0].holes.size() == 1);
  CHECK(ps[0].outer.size() == 6);
  CHECK(polygonsArea(ps) == 14.0);
  CHECK_FALSE(hasErrors(validateMap(gridToMapDocument(g, "touch"))));
}

TEST_CASE("tracing: a ring of free cells around a block, and an island in a hole", "[movingai][trace]") {
  const Grid g = gridOf({".....", ".@@@.", ".@.@.", ".@@@.", "....."});
  const std::vector<Polygon> ps = traceGrid(g);
  REQUIRE(ps.size() == 2);
  CHECK(ps[0].holes.size() == 1);
  CHECK(ps[1].outer.size() == 4);
  CHECK(polygonsArea(ps) == g.freeCount());
  CHECK_FALSE(hasErrors(validateMap(gridToMapDocument(g, "island"))));
}
