// Exact predicates: orientation, on-segment, proper crossing.
#include <catch2/catch.hpp>

#include <cmath>

#include "polypath/core/geometry.hpp"

using polypath::orient;
using polypath::Point;

TEST_CASE("orient gives the exact sign where naive floating point fails", "[geometry]") {
  // orient((12,12), (24,24), p) = 12 * (p.y - p.x) exactly; p = 0.5 + k * 2^-53 is representable.
  const double ulp = std::ldexp(1.0, -53);
  int naiveWrong = 0;
  for (int i = 0; i < 64; ++i) {
    for (int j = 0; j < 64; ++j) {
      const Point p{0.5 + i * ulp, 0.5 + j * ulp};
      const int expected = (j > i) - (j < i);
      REQUIRE(orient({12, 12}, {24, 24}, p) == expected);
      const double naive = (24.0 - 12.0) * (p.y - 12.0) - (24.0 - 12.0) * (p.x - 12.0);
      if ((naive > 0) - (naive < 0) != expected) ++naiveWrong;
    }
  }
  // The filter is needed: the plain formula gets some of these wrong.
  CHECK(naiveWrong > 0);
}

TEST_CASE("orient is invariant under cyclic order and flips under swaps", "[geometry]") {
  const Point a{0.1, 0.3}, b{7.7, 1.9}, c{3.3, 8.2};
  CHECK(orient(a, b, c) == 1);
  CHECK(orient(b, c, a) == 1);
  CHECK(orient(c, a, b) == 1);
  CHECK(orient(b, a, c) == -1);
  CHECK(orient(a, b, a) == 0);
}

TEST_CASE("orient decides collinearity exactly far from the origin", "[geometry]") {
  const double big = 1 << 30;
  CHECK(orient({big, big}, {big + 1, big + 2}, {big + 3, big + 6}) == 0);
  const double ulp = std::ldexp(1.0, -22);  // the spacing of doubles near 2^30
  CHECK(orient({big, big}, {big + 1, big + 2}, {big + 3, big + 6 + ulp}) == 1);
  CHECK(orient({big, big}, {big + 1, big + 2}, {big + 3 + ulp, big + 6}) == -1);
}

TEST_CASE("onSegment and strictlyInsideSegment include or exclude the endpoints", "[geometry]") {
  CHECK(polypath::onSegment({0, 0}, {4, 2}, {2, 1}));
  CHECK(polypath::onSegment({0, 0}, {4, 2}, {4, 2}));
  CHECK_FALSE(polypath::onSegment({0, 0}, {4, 2}, {6, 3}));  // collinear, beyond the end
  CHECK(polypath::strictlyInsideSegment({0, 0}, {4, 2}, {2, 1}));
  CHECK_FALSE(polypath::strictlyInsideSegment({0, 0}, {4, 2}, {0, 0}));
}

TEST_CASE("properlyCross is true only for interior crossings", "[geometry]") {
  CHECK(polypath::properlyCross({0, 0}, {4, 4}, {0, 4}, {4, 0}));
  CHECK_FALSE(polypath::properlyCross({0, 0}, {4, 4}, {2, 2}, {4, 0}));  // touches at an endpoint
  CHECK_FALSE(polypath::properlyCross({0, 0}, {4, 0}, {2, 0}, {6, 0}));  // collinear overlap
  CHECK_FALSE(polypath::properlyCross({0, 0}, {1, 1}, {3, 0}, {3, 5}));  // apart
}
