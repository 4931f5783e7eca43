// erosion_check.cpp: the invariants of an eroded area and the choice of offsetting engine
// (see erosion_check.hpp).
#include "polypath/geom/erosion_check.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>

#include "geom/geos_util.hpp"
#include "geom/message_text.hpp"

namespace polypath {

using geom_text::formatNumber;
using geom_text::formatPoint;

namespace {

// GEOS's buffer simplifies its input within d / 100 before offsetting (and may move the
// offset curve by as much), so the completeness bounds allow this much of d more.
constexpr double kSimplifySlack = 0.01;

double signedArea(const Ring& ring) {
  double a = 0.0;
  for (std::size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) a += cross(ring[j], ring[i]);
  return a / 2.0;
}

// Wall length and the total turn at the walkable area's reflex corners (radians): the
// region lies left of an outer ring walked counter-clockwise and of a hole walked clockwise,
// and a reflex corner turns right.
struct Walls {
  double length = 0.0;
  double reflex_turn = 0.0;
};

void addRing(const Ring& ring, bool hole, Walls& walls) {
  const std::size_t n = ring.size();
  if (n < 3) return;
  const bool counter_clockwise = signedArea(ring) > 0.0;
  const double side = counter_clockwise != hole ? 1.0 : -1.0;  // +1: the region is on the left
  for (std::size_t i = 0; i < n; ++i) {
    const Point a = ring[(i + n - 1) % n], b = ring[i], c = ring[(i + 1) % n];
    walls.length += distance(b, c);
    const Point u = b - a, v = c - b;
    const double turn = std::atan2(side * cross(u, v), dot(u, v));
    if (turn < 0.0) walls.reflex_turn -= turn;
  }
}

Walls wallsOf(const Polygon& area) {
  Walls w;
  addRing(area.outer, false, w);
  for (const Ring& h : area.holes) addRing(h, true, w);
  return w;
}

double perimeter(const std::vector<Polygon>& polygons) {
  double p = 0.0;
  for (const Polygon& poly : polygons) p += wallsOf(poly).length;
  return p;
}

// How far past its corner a join may remove: 1 for round joins, the mitre limit (at least
// 2, Clipper's floor) for mitre joins.
double joinReach(const ClearanceStyle& style) {
  return style.joins == ClearanceJoins::Mitre ? std::max(2.0, style.mitre_limit) : 1.0;
}

struct PreparedDeleter {
  GEOSContextHandle_t handle = nullptr;
  void operator()(const GEOSPreparedGeometry* p) const {
    if (p) GEOSPreparedGeom_destroy_r(handle, p);
  }
};
using Prepared = std::unique_ptr<const GEOSPreparedGeometry, PreparedDeleter>;

ErosionCheck failed(std::string problem) { return {false, std::move(problem)}; }

class Checker {
 public:
  Checker(const Polygon& area, const std::vector<Polygon>& eroded, const ErosionBounds& b)
      : area_(area), eroded_(eroded), b_(b) {}

  ErosionCheck run() {
    a_ = geos::polygon(geos_, area_);
    if (!a_) return failed("the area cannot be read by GEOS");
    e_ = geos::multiPolygon(geos_, eroded_);
    if (!e_) return failed("the eroded region has a ring of fewer than 3 vertices");
    const geos::Validity v = geos::validity(geos_, e_.get(), GEOSVALID_ALLOW_SELFTOUCHING_RING_FORMING_HOLE);
    if (v.failed || !v.valid)
      return failed("the eroded region is not valid (" + (v.failed ? std::string("GEOS failed") : v.reason) +
                    (v.location ? " at " + formatPoint(*v.location) : std::string()) + ")");
    prepared_e_ = Prepared(GEOSPrepare_r(geos_.handle(), e_.get()), PreparedDeleter{geos_.handle()});
    prepared_a_ = Prepared(GEOSPrepare_r(geos_.handle(), a_.get()), PreparedDeleter{geos_.handle()});
    if (!prepared_e_ || !prepared_a_) return failed("GEOS cannot index the area or its erosion");
    if (ErosionCheck c = holesOnlyGrow(); !c.ok) return c;
    if (ErosionCheck c = clearance(); !c.ok) return c;
    if (ErosionCheck c = inside(); !c.ok) return c;
    if (ErosionCheck c = enoughArea(); !c.ok) return c;
    return inradiusProbe();
  }

 private:
  // Whether p lies in the prepared geometry (closed set).
  bool in(const Prepared& g, Point p) {
    const geos::Geometry point = geos::own(geos_, GEOSGeom_createPointFromXY_r(geos_.handle(), p.x, p.y));
    return point && GEOSPreparedIntersects_r(geos_.handle(), g.get(), point.get()) == 1;
  }
  bool inE(Point p) { return in(prepared_e_, p); }

  ErosionCheck holesOnlyGrow() {
    for (std::size_t h = 0; h < area_.holes.size(); ++h) {
      const geos::Geometry hole = geos::polygon(geos_, area_.holes[h]);
      const std::optional<Point> p = hole ? geos::pointOnSurface(geos_, hole.get()) : std::nullopt;
      if (p && inE(*p))
        return failed("hole " + std::to_string(h) + " of the area shrank or vanished: its inside point " + formatPoint(*p) +
                      " lies in the eroded region (holes only grow)");
    }
    return {};
  }

  // After clearance(), the boundaries of E and A are apart, so each ring of E lies wholly
  // inside A or wholly outside it: one vertex per ring decides. With holesOnlyGrow() (no
  // hole of A inside E), E lies in A exactly when every ring of E does.
  ErosionCheck inside() {
    for (const Polygon& p : eroded_) {
      if (!in(prepared_a_, p.outer.front())) return failed("the eroded region reaches outside the area");
      for (const Ring& h : p.holes)
        if (!in(prepared_a_, h.front())) return failed("the eroded region reaches outside the area");
    }
    return {};
  }

  ErosionCheck clearance() {
    if (eroded_.empty()) return {};
    const geos::Geometry be = geos::own(geos_, GEOSBoundary_r(geos_.handle(), e_.get()));
    const geos::Geometry ba = geos::own(geos_, GEOSBoundary_r(geos_.handle(), a_.get()));
    double d = 0.0;
    if (!be || !ba || !GEOSDistanceIndexed_r(geos_.handle(), be.get(), ba.get(), &d))
      return failed("the distance from the eroded region to the walls cannot be measured");
    if (d < b_.clearance - b_.tolerance)
      return failed("the eroded region comes within " + formatNumber(d) + " of a wall, closer than the clearance " +
                    formatNumber(b_.clearance));
    return {};
  }

  ErosionCheck enoughArea() {
    const Walls w = wallsOf(area_);
    const double d = b_.distance * (1.0 + kSimplifySlack);
    const double reach = joinReach(b_.style) * d;
    const double area = geos::area(geos_, a_.get());
    const double rounding = 2.0 * b_.tolerance * (w.length + perimeter(eroded_));
    const double least = area - d * w.length - 0.5 * reach * reach * w.reflex_turn - rounding;
    const double got = geos::area(geos_, e_.get());
    if (got < least)
      return failed("the eroded region's area is " + formatNumber(got) + ", but eroding an area of " + formatNumber(area) +
                    " with " + formatNumber(w.length) + " of walls by " + formatNumber(b_.distance) +
                    " keeps at least " + formatNumber(least));
    return {};
  }

  ErosionCheck inradiusProbe() {
    const geos::Geometry mic =
        geos::own(geos_, GEOSMaximumInscribedCircle_r(geos_.handle(), a_.get(), b_.distance / 4.0));
    const std::vector<Point> line = mic ? geos::coordinates(geos_, mic.get()) : std::vector<Point>{};
    if (line.size() != 2) return failed("the area's largest inscribed circle cannot be found");
    const double radius = distance(line[0], line[1]);
    const double needed = joinReach(b_.style) * b_.distance * (1.0 + kSimplifySlack) + 2.0 * b_.tolerance;
    if (radius > needed && !inE(line[0]))
      return failed(std::string(eroded_.empty() ? "the eroded region is empty" : "the eroded region misses a part") +
                    ", but the area's largest inscribed circle (centre " + formatPoint(line[0]) + ", radius " +
                    formatNumber(radius) + ") holds a disc of radius " + formatNumber(b_.distance) +
                    " whose centre is not in it");
    return {};
  }

  const Polygon& area_;
  const std::vector<Polygon>& eroded_;
  const ErosionBounds& b_;
  geos::Context geos_;
  geos::Geometry a_, e_;
  Prepared prepared_a_, prepared_e_;  // declared after geos_: destroyed before it
};

}  // namespace

const char* erosionEngineName(ErosionEngine engine) {
  switch (engine) {
    case ErosionEngine::Geos: return "GEOS buffer";
    case ErosionEngine::GeosMapFrame: return "GEOS buffer in the map's frame";
    case ErosionEngine::Clipper: return "Clipper offset";
  }
  return "?";
}

ErosionCheck checkErosion(const Polygon& area, const std::vector<Polygon>& eroded, const ErosionBounds& bounds) {
  return Checker(area, eroded, bounds).run();
}

ErosionChoice chooseErosion(const Polygon& area, const ErosionBounds& bounds, const AreaEroder& erode) {
  ErosionChoice choice;
  for (const ErosionEngine engine : kErosionEngines) {
    std::vector<Polygon> polygons;
    try {
      polygons = erode(engine);
    } catch (const Error& e) {
      choice.rejected.push_back({engine, e.what()});
      continue;
    }
    const ErosionCheck check = checkErosion(area, polygons, bounds);
    if (!check.ok) {
      choice.rejected.push_back({engine, check.problem});
      continue;
    }
    choice.ok = true;
    choice.engine = engine;
    choice.polygons = std::move(polygons);
    return choice;
  }
  return choice;
}

}  // namespace polypath
