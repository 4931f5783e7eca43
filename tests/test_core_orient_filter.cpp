// orient(): the exact-products filter agrees with exact integer arithmetic on lattice
// points (where it decides) and with the expansion elsewhere (near-collinear reals).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "polypath/core/geometry.hpp"

using namespace polypath;

namespace {

__extension__ typedef __int128 Int128;  // GCC and Clang; exact products of 53-bit integers

int sign(Int128 v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

// Exact orientation of integer points scaled by 2^-k (the scale does not change the sign).
int latticeOrient(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by, std::int64_t cx, std::int64_t cy) {
  return sign(static_cast<Int128>(bx - ax) * (cy - ay) - static_cast<Int128>(by - ay) * (cx - ax));
}

}  // namespace

TEST_CASE("orient is exact on lattice points, collinear ones included", "[geometry][orient]") {
  std::mt19937_64 rng(42);
  int collinear = 0;
  for (int i = 0; i < 200000; ++i) {
    const int bits = i % 3 == 0 ? 4 : i % 3 == 1 ? 20 : 52;  // small, medium and full-width coordinates
    const std::int64_t range = (std::int64_t{1} << bits) - 1;
    std::uniform_int_distribution<std::int64_t> u(-range, range);
    std::int64_t c[6];
    for (auto& v : c) v = u(rng);
    if (i % 2 == 0) {  // force collinear or nearly so: c = a + t (b - a) (+ 1)
      const std::int64_t t = std::uniform_int_distribution<std::int64_t>(-3, 3)(rng);
      c[4] = c[0] + t * (c[2] - c[0]);
      c[5] = c[1] + t * (c[3] - c[1]) + (i % 4 == 0 ? 1 : 0);
      if (std::abs(c[4]) > (std::int64_t{1} << 52) || std::abs(c[5]) > (std::int64_t{1} << 52)) continue;
    }
    const double scale = i % 5 == 0 ? 1.0 / 1024.0 : 1.0;  // binary fractions too
    const Point a{static_cast<double>(c[0]) * scale, static_cast<double>(c[1]) * scale};
    const Point b{static_cast<double>(c[2]) * scale, static_cast<double>(c[3]) * scale};
    const Point p{static_cast<double>(c[4]) * scale, static_cast<double>(c[5]) * scale};
    const int expected = latticeOrient(c[0], c[1], c[2], c[3], c[4], c[5]);
    collinear += expected == 0 ? 1 : 0;
    INFO(c[0] << " " << c[1] << " " << c[2] << " " << c[3] << " " << c[4] << " " << c[5]);
    REQUIRE(orient(a, b, p) == expected);
  }
  CHECK(collinear > 20000);
}

TEST_CASE("orient decides near-collinear real points exactly", "[geometry][orient]") {
  // c on the line a-b up to one ulp: the exact sign follows from the exact rational
  // products, which the expansion path computes; the result must be antisymmetric and
  // invariant under rotation of the arguments.
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1000.0, 1000.0);
  for (int i = 0; i < 50000; ++i) {
    const Point a{u(rng), u(rng)}, b{u(rng), u(rng)};
    const double t = std::uniform_real_distribution<double>(-2.0, 3.0)(rng);
    Point c = a + (b - a) * t;
    c.x = std::nextafter(c.x, i % 2 ? HUGE_VAL : -HUGE_VAL);
    const int o = orient(a, b, c);
    REQUIRE(orient(b, c, a) == o);
    REQUIRE(orient(c, a, b) == o);
    REQUIRE(orient(b, a, c) == -o);
  }
}

TEST_CASE("orientOnLattice is exact on small lattices, at their largest coordinates too", "[geometry][orient]") {
  std::mt19937_64 rng(3);
  int collinear = 0, checked = 0;
  for (int i = 0; i < 200000; ++i) {
    const int k = i % 4 == 0 ? 0 : i % 4 == 1 ? 1 : i % 4 == 2 ? 8 : 24;  // integers, halves, 1/256, 2^-24
    const std::int64_t range = std::int64_t{1} << 24;                     // scaled coordinates up to 2^24
    std::uniform_int_distribution<std::int64_t> u(i % 3 == 0 ? range - 8 : -range, range);
    std::int64_t c[6];
    for (auto& v : c) v = u(rng);
    if (i % 2 == 0) {  // collinear or one unit off
      const std::int64_t t = std::uniform_int_distribution<std::int64_t>(-2, 2)(rng);
      c[4] = c[0] + t * (c[2] - c[0]);
      c[5] = c[1] + t * (c[3] - c[1]) + (i % 4 == 0 ? 1 : 0);
      if (std::abs(c[4]) > range || std::abs(c[5]) > range) continue;
    }
    const double scale = std::ldexp(1.0, -k);
    Point p[3];
    for (int j = 0; j < 3; ++j) p[j] = {static_cast<double>(c[2 * j]) * scale, static_cast<double>(c[2 * j + 1]) * scale};
    INFO("k " << k << ": " << c[0] << " " << c[1] << " " << c[2] << " " << c[3] << " " << c[4] << " " << c[5]);
    REQUIRE(smallLatticeExponent(p, 3) >= 0);
    REQUIRE(smallLatticeExponent(p, 3) <= k);
    for (const Point& q : p) REQUIRE(onSmallLattice(q, k));
    const int expected = latticeOrient(c[0], c[1], c[2], c[3], c[4], c[5]);
    collinear += expected == 0 ? 1 : 0;
    ++checked;
    REQUIRE(orientOnLattice(p[0], p[1], p[2]) == expected);
  }
  CHECK(checked > 150000);
  CHECK(collinear > 20000);
}

TEST_CASE("smallLatticeExponent finds the coarsest lattice and refuses what none holds", "[geometry][orient]") {
  const std::vector<Point> integers{{0, 0}, {16777216, -16777216}, {3, 7}};
  CHECK(smallLatticeExponent(integers.data(), integers.size()) == 0);
  const std::vector<Point> halves{{0.5, 1}, {-3, 2.5}};
  CHECK(smallLatticeExponent(halves.data(), halves.size()) == 1);
  const std::vector<Point> eighths{{0.125, 1}, {-3, 2.5}};
  CHECK(smallLatticeExponent(eighths.data(), eighths.size()) == 3);
  const std::vector<Point> too_big{{16777217, 0}};  // 2^24 + 1
  CHECK(smallLatticeExponent(too_big.data(), too_big.size()) == -1);
  const std::vector<Point> halves_too_big{{0.5, 0}, {8388609, 0}};  // needs k = 1, so at most 2^23
  CHECK(smallLatticeExponent(halves_too_big.data(), halves_too_big.size()) == -1);
  const std::vector<Point> tenth{{0.1, 0}};  // not a binary fraction
  CHECK(smallLatticeExponent(tenth.data(), tenth.size()) == -1);
  const std::vector<Point> nan{{0, std::nan("")}};
  CHECK(smallLatticeExponent(nan.data(), nan.size()) == -1);
  CHECK(smallLatticeExponent(nullptr, 0) == 0);

  CHECK(onSmallLattice({3, -7}, 0));
  CHECK_FALSE(onSmallLattice({3.5, -7}, 0));
  CHECK(onSmallLattice({3.5, -7}, 1));
  CHECK_FALSE(onSmallLattice({16777216.5, 0}, 1));
  CHECK_FALSE(onSmallLattice({1, 1}, -1));
  CHECK_FALSE(onSmallLattice({std::nan(""), 1}, 0));
  CHECK_FALSE(onSmallLattice({HUGE_VAL, 1}, 0));
}
