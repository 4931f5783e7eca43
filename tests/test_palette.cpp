// test_palette.cpp: the palette (palette.hpp) stays readable for the common colour-vision
// deficiencies, in both themes, and keeps one colour per meaning.
//
// Each colour is simulated for protanopia, deuteranopia and tritanopia with the severity
// 1.0 matrices of Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model
// for Simulation of Color Vision Deficiency" (applied to linear RGB), and for normal
// vision; the distance is CIEDE2000 in CIELAB (D65). Pairs shown together must differ by
// at least kPairMin under every simulation, and every mark by at least kBackgroundMin from
// the canvas and from the walkable fill.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "polypath/debug/palette.hpp"

namespace {

using namespace polypath;
using Vec3 = std::array<double, 3>;
using Mat3 = std::array<Vec3, 3>;

constexpr double kPairMin = 10.0;
constexpr double kBackgroundMin = 20.0;

// Machado et al. 2009, severity 1.0.
constexpr Mat3 kProtanopia{{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}};
constexpr Mat3 kDeuteranopia{{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}};
constexpr Mat3 kTritanopia{{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};
constexpr Mat3 kNormal{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};

Vec3 mul(const Mat3& m, const Vec3& v) {
  return {m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2], m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
          m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2]};
}

double toLinear(std::uint8_t c) {
  const double v = c / 255.0;
  return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

// CIELAB (D65) of a colour as seen through `m`.
Vec3 labSeen(Color c, const Mat3& m) {
  Vec3 rgb = mul(m, {toLinear(c.r), toLinear(c.g), toLinear(c.b)});
  for (double& v : rgb) v = std::clamp(v, 0.0, 1.0);
  constexpr Mat3 kToXyz{{{0.4124, 0.3576, 0.1805}, {0.2126, 0.7152, 0.0722}, {0.0193, 0.1192, 0.9505}}};
  const Vec3 xyz = mul(kToXyz, rgb);
  constexpr Vec3 kWhite{0.95047, 1.0, 1.08883};
  auto f = [](double t) { return t > std::pow(6.0 / 29, 3) ? std::cbrt(t) : t / (3 * std::pow(6.0 / 29, 2)) + 4.0 / 29; };
  const double fx = f(xyz[0] / kWhite[0]), fy = f(xyz[1] / kWhite[1]), fz = f(xyz[2] / kWhite[2]);
  return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}

double deg(double rad) { return rad * 180.0 / std::numbers::pi; }
double rad(double d) { return d * std::numbers::pi / 180.0; }

// CIEDE2000 (Sharma, Wu & Dalal 2005), kL = kC = kH = 1.
double ciede2000(const Vec3& x, const Vec3& y) {
  const double c1 = std::hypot(x[1], x[2]), c2 = std::hypot(y[1], y[2]), cb = (c1 + c2) / 2;
  const double g = 0.5 * (1 - std::sqrt(std::pow(cb, 7) / (std::pow(cb, 7) + std::pow(25.0, 7))));
  const double a1 = (1 + g) * x[1], a2 = (1 + g) * y[1];
  const double c1p = std::hypot(a1, x[2]), c2p = std::hypot(a2, y[2]);
  auto hue = [](double b, double a) { return (a == 0 && b == 0) ? 0.0 : std::fmod(deg(std::atan2(b, a)) + 360.0, 360.0); };
  const double h1 = hue(x[2], a1), h2 = hue(y[2], a2);
  const double dl = y[0] - x[0], dc = c2p - c1p;
  double dh = 0;
  if (c1p * c2p != 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    if (dh < -180) dh += 360;
  }
  const double dH = 2 * std::sqrt(c1p * c2p) * std::sin(rad(dh / 2));
  const double lb = (x[0] + y[0]) / 2, cbp = (c1p + c2p) / 2;
  double hb = h1 + h2;
  if (c1p * c2p != 0) hb = std::abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2);
  const double t = 1 - 0.17 * std::cos(rad(hb - 30)) + 0.24 * std::cos(rad(2 * hb)) + 0.32 * std::cos(rad(3 * hb + 6)) -
                   0.20 * std::cos(rad(4 * hb - 63));
  const double dtheta = 30 * std::exp(-std::pow((hb - 275) / 25, 2));
  const double rc = 2 * std::sqrt(std::pow(cbp, 7) / (std::pow(cbp, 7) + std::pow(25.0, 7)));
  const double sl = 1 + 0.015 * std::pow(lb - 50, 2) / std::sqrt(20 + std::pow(lb - 50, 2));
  const double sc = 1 + 0.045 * cbp, sh = 1 + 0.015 * cbp * t;
  const double rt = -std::sin(rad(2 * dtheta)) * rc;
  return std::sqrt(std::pow(dl / sl, 2) + std::pow(dc / sc, 2) + std::pow(dH / sh, 2) + rt * (dc / sc) * (dH / sh));
}

// The smallest CIEDE2000 distance of two colours over normal vision and the three simulations.
double worstDistance(Color a, Color b) {
  double d = 1e9;
  for (const Mat3* m : {&kNormal, &kProtanopia, &kDeuteranopia, &kTritanopia}) d = std::min(d, ciede2000(labSeen(a, *m), labSeen(b, *m)));
  return d;
}

struct Named {
  const char* name;
  ThemedColor colour;
};

// What the search view shows together, and what the editing tools show together.
const std::vector<Named> kSearchGroup = {
    {"Edges", palette::kEdges},       {"Reflex nodes", palette::kReflexNodes}, {"Closed set", palette::kClosedSet},
    {"Open set", palette::kOpenSet},  {"Relaxed arcs", palette::kRelaxed},     {"Expanded node", palette::kExpanded},
    {"Path", palette::kPath},         {"Start", palette::kStart},              {"Goal", palette::kGoal}};
const std::vector<Named> kEditGroup = {
    {"Edges", palette::kEdges},         {"Error", palette::kProblem},     {"Warning", palette::kWarning},
    {"Selection", palette::kSelection}, {"New ring", palette::kDrawing},  {"Edge under mouse", palette::kHoverEdge},
    {"Start", palette::kStart},         {"Goal", palette::kGoal}};

}  // namespace

TEST_CASE("palette: pairs shown together stay apart under protanopia, deuteranopia and tritanopia", "[palette]") {
  for (const Theme theme : {Theme::Dark, Theme::Light}) {
    double smallest_pair = 1e9, smallest_background = 1e9;
    for (const auto* group : {&kSearchGroup, &kEditGroup}) {
      for (std::size_t i = 0; i < group->size(); ++i) {
        const Named& a = (*group)[i];
        for (std::size_t j = i + 1; j < group->size(); ++j) {
          const Named& b = (*group)[j];
          const double d = worstDistance(a.colour.in(theme), b.colour.in(theme));
          INFO((theme == Theme::Light ? "light: " : "dark: ") << a.name << " / " << b.name << " " << d);
          CHECK(d >= kPairMin);
          smallest_pair = std::min(smallest_pair, d);
        }
        for (const ThemedColor& under : {palette::kBackground, palette::kRegion}) {
          const double d = worstDistance(a.colour.in(theme), under.in(theme));
          INFO((theme == Theme::Light ? "light: " : "dark: ") << a.name << " on the background or region " << d);
          CHECK(d >= kBackgroundMin);
          smallest_background = std::min(smallest_background, d);
        }
      }
    }
    // The walkable fill is told from the canvas around it.
    CHECK(worstDistance(palette::kRegion.in(theme), palette::kBackground.in(theme)) >= 5.0);
    WARN((theme == Theme::Light ? "light" : "dark") << " theme: smallest pair distance " << smallest_pair
                                                    << ", smallest distance to the background or region " << smallest_background);
  }
}

TEST_CASE("palette: the CIEDE2000 implementation gives Sharma's published values", "[palette]") {
  // Sharma, Wu & Dalal (2005), test data pairs 1, 7 and 17.
  CHECK(ciede2000({50.0, 2.6772, -79.7751}, {50.0, 0.0, -82.7485}) == Approx(2.0425).margin(1e-4));
  CHECK(ciede2000({50.0, 0.0, 0.0}, {50.0, -1.0, 2.0}) == Approx(2.3669).margin(1e-4));
  CHECK(ciede2000({50.0, 2.5, 0.0}, {73.0, 25.0, -18.0}) == Approx(27.1492).margin(1e-4));
}

TEST_CASE("palette: one colour per meaning, mapped between the themes", "[palette]") {
  std::set<std::tuple<int, int, int, int>> dark, light;
  for (const PaletteEntry& e : paletteEntries()) {
    INFO(e.name);
    CHECK(dark.insert({e.color.dark.r, e.color.dark.g, e.color.dark.b, e.color.dark.a}).second);
    CHECK(light.insert({e.color.light.r, e.color.light.g, e.color.light.b, e.color.light.a}).second);
    CHECK(themed(e.color.dark, Theme::Light) == e.color.light);
    CHECK(themed(e.color.dark, Theme::Dark) == e.color.dark);
  }
  // Reflex nodes, warnings and the ring being drawn no longer share a colour.
  CHECK(palette::kReflexNodes.dark != palette::kWarning.dark);
  CHECK(palette::kReflexNodes.dark != palette::kDrawing.dark);
  CHECK(palette::kWarning.dark != palette::kDrawing.dark);
  // Every layer's colour is a palette colour; colours outside the palette pass unchanged.
  for (const LayerInfo& info : layerInfos()) {
    INFO(info.name);
    CHECK(dark.count({info.color.r, info.color.g, info.color.b, info.color.a}) == 1);
  }
  CHECK(themed({1, 2, 3, 4}, Theme::Light) == Color{1, 2, 3, 4});
  CHECK(layerColor(LayerPath, Theme::Light) == palette::kPath.light);
  CHECK(layerColor(LayerPath, Theme::Dark) == palette::kPath.dark);
}
