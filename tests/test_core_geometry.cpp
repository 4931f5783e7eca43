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

TEST_CASE("canonicalPolyline drops repeated points and points where the polyline runs straight", "[geometry][canonical]") {
  using P = std::vector<Point>;
  CHECK(canonicalPolyline(P{}).empty());
  CHECK(canonicalPolyline(P{{1, 2}}) == P{{1, 2}});
  // Repeated points, at the start, inside and at the end.
  CHECK(canonicalPolyline(P{{0, 0}, {0, 0}, {4, 0}, {4, 0}, {4, 3}, {4, 3}}) == P{{0, 0}, {4, 0}, {4, 3}});
  // Start equal to goal: one point.
  CHECK(canonicalPolyline(P{{2, 5}, {2, 5}}) == P{{2, 5}});
  // A straight run through several points, then a turn that stays.
  CHECK(canonicalPolyline(P{{0, 0}, {1, 1}, {2, 2}, {3, 3}, {3, 7}}) == P{{0, 0}, {3, 3}, {3, 7}});
  // Collinear but reversing: the path turns back there, so the point stays.
  CHECK(canonicalPolyline(P{{0, 0}, {4, 0}, {2, 0}}) == P{{0, 0}, {4, 0}, {2, 0}});
  // A removal makes the earlier kept point straight too (the test runs on kept points).
  CHECK(canonicalPolyline(P{{0, 0}, {1, 0}, {2, 0}, {2, 0}, {5, 0}}) == P{{0, 0}, {5, 0}});
  // Exact: 0.1 steps are not exactly collinear in binary, 1/1024 steps are.
  CHECK(canonicalPolyline(P{{0, 0}, {0.1, 0.3}, {0.2, 0.6}}).size() == 3 - (orient({0, 0}, {0.1, 0.3}, {0.2, 0.6}) == 0));
  CHECK(canonicalPolyline(P{{0, 0}, {1.0 / 1024, 3.0 / 1024}, {2.0 / 1024, 6.0 / 1024}}).size() == 2);
  // Start and goal keep their bits: -0.0 equals 0.0 but is not the same number.
  const P signed_zero = canonicalPolyline(P{{-0.0, 1}, {0.0, 1}, {3, 1}, {-0.0, 4}, {0.0, 4}});
  REQUIRE(signed_zero.size() == 3);
  CHECK(std::signbit(signed_zero.front().x));
  CHECK(!std::signbit(signed_zero.back().x));
}
