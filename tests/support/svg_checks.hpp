// svg_checks.hpp: Catch2 checks of what an SVG export drew, shared by the CLI's and the
// editor's SVG tests.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "polypath/formats/svg_draw.hpp"
#include "support/svg_elements.hpp"

namespace polypath::test {

/// Checks that the path layer of `svg` is one <line> per segment of `points` (world
/// units, at least two), each at the coordinates the viewport `v` maps them to (within
/// 5e-4 px, the SVG's printed precision).
inline void checkPathLayer(const std::string& svg, const SvgViewport& v, const std::vector<Point>& points) {
  const auto segments = svgElements(svgGroup(svg, "layer-path"), "line");
  REQUIRE(points.size() >= 2);
  REQUIRE(segments.size() == points.size() - 1);
  for (std::size_t i = 0; i < segments.size(); ++i) {
    INFO("segment " << i);
    const Point a = v.toSvg(points[i]), b = v.toSvg(points[i + 1]);
    CHECK(std::stod(segments[i].at("x1")) == Approx(a.x).margin(5e-4));
    CHECK(std::stod(segments[i].at("y1")) == Approx(a.y).margin(5e-4));
    CHECK(std::stod(segments[i].at("x2")) == Approx(b.x).margin(5e-4));
    CHECK(std::stod(segments[i].at("y2")) == Approx(b.y).margin(5e-4));
  }
}

}  // namespace polypath::test
