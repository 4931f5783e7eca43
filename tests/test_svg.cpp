// test_svg.cpp: the SVG DebugDraw: viewport, primitives, escaping and well-formed output.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/debug/layer_names.hpp"
#include "polypath/formats/svg_draw.hpp"
#include "support/loaded_map.hpp"
#include "support/svg_elements.hpp"
#include "support/temp_dir.hpp"
#include "support/xml_check.hpp"

using namespace polypath;
using polypath::test::svgElements;
using polypath::test::xmlProblem;

namespace {

/// Runs xmllint on the text when it is installed (no dependency: skipped otherwise).
void checkWithXmllint(const std::string& svg) {
  if (std::system("command -v xmllint > /dev/null 2>&1") != 0) {
    WARN("xmllint not installed: only the built-in well-formedness check ran");
    return;
  }
  polypath::test::TempDir dir("svg");
  const std::string file = dir.write("out.svg", svg);
  CHECK(std::system(("xmllint --noout '" + file + "' 2>/dev/null").c_str()) == 0);
}

double num(const polypath::test::SvgAttributes& a, const char* key) { return std::stod(a.at(key)); }

}  // namespace

TEST_CASE("svg: the well-formedness check itself rejects broken XML", "[svg]") {
  CHECK(xmlProblem("<svg><g></g></svg>").empty());
  CHECK(xmlProblem("<?xml version=\"1.0\"?>\n<svg a=\"1\"><line b=\"&amp;\"/>x &lt; y</svg>").empty());
  CHECK_FALSE(xmlProblem("<svg><g></svg>").empty());
  CHECK_FALSE(xmlProblem("<svg a=1/>").empty());
  CHECK_FALSE(xmlProblem("<svg>&nbsp;</svg>").empty());
  CHECK_FALSE(xmlProblem("<svg/><svg/>").empty());
  CHECK_FALSE(xmlProblem("<svg a=\"1\" a=\"2\"/>").empty());
  CHECK_FALSE(xmlProblem("<svg>a < b</svg>").empty());
}

TEST_CASE("svg: the viewport maps the map's bounds onto the canvas inside the margin", "[svg]") {
  const SvgViewport v({10, 20}, {50, 40}, 440, 20);
  CHECK(v.scale() == 10.0);  // (440 - 2*20) / 40
  CHECK(v.width() == 440);
  CHECK(v.height() == 240);  // 20 * 10 + 2 * 20
  CHECK(v.toSvg({10, 20}) == Point{20, 20});
  CHECK(v.toSvg({50, 40}) == Point{420, 220});
  CHECK(v.toSvg({30, 25}) == Point{220, 70});
  // Degenerate rectangles still give a finite scale.
  const SvgViewport line({0, 0}, {10, 0}, 120, 10);
  CHECK(line.scale() == 10.0);
  CHECK(line.toSvg({0, 0}) == Point{10, 60});
  const SvgViewport point({3, 3}, {3, 3}, 120, 10);
  CHECK(point.scale() == 100.0);
}

TEST_CASE("svg: a path is one line per segment at the viewport's coordinates", "[svg]") {
  const polypath::test::LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json");
  const Path path = findPath(*m.query, m.query->startNode(), m.query->goalNode());
  REQUIRE(path.found);
  REQUIRE(path.points.size() >= 3);
  const SvgViewport v = SvgViewport::fit(m.map, 600, 25);
  SvgDraw svg(v);
  drawPath(svg, path, LayerPath);
  const std::string doc = svg.document();
  const auto lines = svgElements(doc, "line");
  REQUIRE(lines.size() == path.points.size() - 1);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Point a = v.toSvg(path.points[i]), b = v.toSvg(path.points[i + 1]);
    CHECK(num(lines[i], "x1") == Approx(a.x).margin(5e-4));
    CHECK(num(lines[i], "y1") == Approx(a.y).margin(5e-4));
    CHECK(num(lines[i], "x2") == Approx(b.x).margin(5e-4));
    CHECK(num(lines[i], "y2") == Approx(b.y).margin(5e-4));
    const Color c = layerColor(LayerPath);  // the palette's path colour (dark theme, as SVG draws)
    CHECK(lines[i].at("stroke") ==
          "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")");
    CHECK(lines[i].at("stroke-width") == "4");
  }
  const auto svgs = svgElements(doc, "svg");
  REQUIRE(svgs.size() == 1);
  CHECK(svgs[0].at("width") == "600");
  CHECK(svgs[0].at("viewBox") == "0 0 600 " + svgs[0].at("height"));
  CHECK(xmlProblem(doc).empty());
}

TEST_CASE("svg: rings fill as one even-odd path, points are circles, colours keep their alpha", "[svg]") {
  const SvgViewport v({0, 0}, {10, 10}, 120, 10);  // scale 10
  SvgDraw svg(v);
  const Ring outer = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  const Ring hole = {{3, 3}, {3, 7}, {7, 7}};
  svg.fillRings({&outer, &hole}, {46, 58, 74, 128});
  svg.point({5, 5}, {255, 0, 0, 255}, 3.5f);
  const std::string doc = svg.document();
  const auto paths = svgElements(doc, "path");
  REQUIRE(paths.size() == 1);
  CHECK(paths[0].at("d") == "M10 10 L110 10 L110 110 L10 110 Z M40 40 L40 80 L80 80 Z");
  CHECK(paths[0].at("fill-rule") == "evenodd");
  CHECK(paths[0].at("fill") == "rgb(46,58,74)");
  CHECK(paths[0].at("fill-opacity") == "0.502");
  const auto circles = svgElements(doc, "circle");
  REQUIRE(circles.size() == 1);
  CHECK(circles[0].at("cx") == "60");
  CHECK(circles[0].at("cy") == "60");
  CHECK(circles[0].at("r") == "3.5");
  CHECK(circles[0].count("fill-opacity") == 0);
}

TEST_CASE("svg: text and group ids are escaped and the document is well formed", "[svg]") {
  SvgDraw svg(SvgViewport({0, 0}, {1, 1}));
  svg.beginGroup("a\"b");
  svg.text({0.5, 0.5}, "g < 3 & h > 'x' \"y\"", {255, 255, 255, 255});
  svg.beginGroup("inner");  // left open: document() closes it
  const std::string doc = svg.document();
  CHECK(doc.find("g &lt; 3 &amp; h &gt; &apos;x&apos; &quot;y&quot;</text>") != std::string::npos);
  CHECK(doc.find("<g id=\"a&quot;b\">") != std::string::npos);
  CHECK(xmlProblem(doc).empty());
  checkWithXmllint(doc);
  CHECK(xmlEscape("&<>") == "&amp;&lt;&gt;");
}

TEST_CASE("svg: a whole scene (map, graph, query, search, path) of every shipped map is well formed", "[svg]") {
  for (const auto& file : polypath::test::shippedMaps()) {
    INFO(file.string());
    const polypath::test::LoadedMap m(file);
    SvgDraw svg(SvgViewport::fit(m.map));
    drawMap(svg, m.map, kAllLayers);
    drawVisibilityGraph(svg, *m.graph, kAllLayers);
    std::size_t expected_circles = m.graph->nodes().size() + m.map.vertices().size();
    if (m.query) {
      Search s;
      s.init(*m.query, m.query->startNode(), m.query->goalNode());
      s.run(3);
      drawSearch(svg, *m.query, s.state(), kAllLayers);
      drawQuery(svg, *m.query, kAllLayers);
      expected_circles += s.state().expandedCount() + s.state().openSet().size() + (s.state().lastExpanded() != kNoNode) + 2;
    }
    const std::string doc = svg.document();
    CHECK(xmlProblem(doc).empty());
    CHECK(svgElements(doc, "circle").size() == expected_circles);
    CHECK(svgElements(doc, "path").size() == 1);
  }
}

TEST_CASE("layer names: every key parses back to its layer, groups expand, unknown names are refused", "[svg]") {
  std::uint32_t mask = 0, all = 0;
  std::string error;
  for (const LayerInfo& info : layerInfos()) {
    REQUIRE(parseLayerList(layerKey(info.layer), mask, error));
    CHECK(mask == static_cast<std::uint32_t>(info.layer));
    all |= mask;
  }
  CHECK(all == kAllLayers);
  REQUIRE(parseLayerList(" path , open-set", mask, error));
  CHECK(mask == (LayerPath | LayerOpenSet));
  REQUIRE(parseLayerList("all", mask, error));
  CHECK(mask == kAllLayers);
  REQUIRE(parseLayerList("default", mask, error));
  CHECK(mask == kDefaultLayers);
  REQUIRE(parseLayerList("map,graph", mask, error));
  CHECK(mask == (LayerRegion | LayerEdges | LayerClearanceOutline | LayerReflexNodes | LayerLosLinks | LayerStartGoalLinks));
  mask = 7;
  CHECK_FALSE(parseLayerList("path,", mask, error));
  CHECK(error == "unknown layer '' (known: " + layerKeyList() + "; groups: all, default, map, graph, search)");
  CHECK(mask == 7u);  // unchanged on error
  CHECK_FALSE(parseLayerList("Path", mask, error));
  // The scene order holds every layer once, walls over links, markers last.
  std::uint32_t seen = 0;
  for (Layer l : sceneLayerOrder()) {
    CHECK((seen & l) == 0u);
    seen |= l;
  }
  CHECK(seen == kAllLayers);
  const auto order = sceneLayerOrder();
  const auto at = [&](Layer l) { return std::find(order.begin(), order.end(), l) - order.begin(); };
  CHECK(at(LayerLosLinks) < at(LayerEdges));
  CHECK(at(LayerExpanded) < at(LayerPath));  // the path over the search layers
  CHECK(at(LayerClosedSet) < at(LayerPath));
  CHECK(order.back() == LayerStartGoal);
}
