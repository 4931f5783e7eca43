// map_validation.cpp: validateMap(), every problem of a MapDocument with where it is (a
// JSON pointer in the document's own numbering) and what to do about it.
//
// [SECTION] Limits and text helpers
// [SECTION] Checked rings
// [SECTION] Validator: vertices and rings on their own
// [SECTION] Validator: a ring against itself (exact sweep, GEOS validity)
// [SECTION] Validator: the rings of one polygon (holes against the outer ring and each other)
// [SECTION] Validator: polygons against each other
// [SECTION] Validator: crossings left over, start and goal, settings
//
// Exact predicates (core/geometry.hpp) decide whether edges cross, overlap or touch;
// GEOS (C API, reentrant) gives validity reasons and locations, relations between areas
// (does a hole leave its outer ring, do two holes overlap) and shared edges as lines.
// Rings may touch at points: that is valid, a zero-width pinch (DESIGN.md), and reported
// as a warning only. Each problem is reported once: crossings between two rings are
// listed edge by edge only when no problem about the two rings as areas explains them.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "geom/geos_util.hpp"
#include "geom/ring_contacts.hpp"
#include "formats/io_text.hpp"
#include "polypath/geom/incremental_validation.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath {

namespace {

using namespace io_text;

// [SECTION] Limits and text helpers

/// Coordinates beyond this magnitude are refused: products of coordinate differences
/// must not overflow for the exact predicates, and GEOS's areas must stay finite.
constexpr double kMaxCoordinate = 1e100;
/// Consecutive vertices closer than this fraction of the map's extent are reported as
/// near duplicates (kept, but almost certainly meant to be one point).
constexpr double kNearDuplicate = 1e-9;
/// At most this many edge crossings are listed one by one.
constexpr std::size_t kMaxCrossings = 100;
/// At most this many warnings about rings touching (pinches, shared edges) are listed.
constexpr std::size_t kMaxContacts = 100;
/// At most this many places are named in one message.
constexpr std::size_t kMaxPlaces = 3;

// "(1, 2)", "(1, 2) and (3, 4)", "(1, 2), (3, 4), (5, 6) and 2 more places".
std::string placeList(const std::vector<Point>& points) {
  std::string s;
  const std::size_t shown = std::min(points.size(), kMaxPlaces);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) s += (i + 1 == shown && points.size() <= kMaxPlaces) ? " and " : ", ";
    s += formatPoint(points[i]);
  }
  if (points.size() > kMaxPlaces) s += " and " + std::to_string(points.size() - kMaxPlaces) + " more places";
  return s;
}

// "from (0, 4) to (0, 6) and from (12, 4) to (12, 6)".
std::string runList(const std::vector<std::vector<Point>>& lines) {
  std::string s;
  const std::size_t shown = std::min(lines.size(), kMaxPlaces);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0) s += (i + 1 == shown && lines.size() <= kMaxPlaces) ? " and " : ", ";
    if (lines[i].front() == lines[i].back())
      s += "all the way around through " + formatPoint(lines[i].front());
    else
      s += "from " + formatPoint(lines[i].front()) + " to " + formatPoint(lines[i].back());
  }
  if (lines.size() > kMaxPlaces) s += " and " + std::to_string(lines.size() - kMaxPlaces) + " more";
  return s;
}

int sign(double v) { return (v > 0.0) - (v < 0.0); }

// Exact, for collinear o, p, q: p and q lie on the same side of o.
bool sameSide(Point o, Point p, Point q) {
  return sign(p.x - o.x) == sign(q.x - o.x) && sign(p.y - o.y) == sign(q.y - o.y);
}

// The point where the lines through [a, b] and [c, d] meet, in floating point (only for
// messages, when GEOS cannot give it).
Point roughIntersection(Point a, Point b, Point c, Point d) {
  const Point r = b - a, s = d - c;
  const double den = cross(r, s);
  if (den == 0.0) return a;
  return a + r * (cross(c - a, s) / den);
}

// Where a problem is: the JSON pointer and the same place as indices (MapProblem::place).
struct Place {
  std::string pointer;
  RingLocation loc;
};

RingLocation location(std::size_t polygon, int hole, int vertex) {
  RingLocation l;
  l.polygon = static_cast<int>(polygon);
  l.hole = hole;
  l.vertex = vertex;
  return l;
}
Place ringPlace(std::size_t polygon, int hole) { return {ringPointer(polygon, hole), location(polygon, hole, -1)}; }
Place vertexPlace(std::size_t polygon, int hole, std::size_t k) {
  return {vertexPointer(polygon, hole, k), location(polygon, hole, static_cast<int>(k))};
}
// "/polygons/0": the polygon as a whole ({0, -1, -1}, as its outer ring).
Place polygonPlace(std::size_t polygon) { return {"/polygons/" + std::to_string(polygon), location(polygon, -1, -1)}; }
// A place that is no polygon, ring or vertex ("/polygons", "/settings/clearance").
Place pointerPlace(std::string pointer) { return {std::move(pointer), RingLocation{}}; }

// [SECTION] Checked rings

// One ring as validation sees it: the document's vertices with consecutive duplicates
// and the closing repeat dropped, as PolygonMap does on load.
struct CheckedRing {
  std::size_t polygon = 0;
  int hole = -1;
  Ring clean;                      // cleaned vertices
  std::vector<std::size_t> index;  // document index of each cleaned vertex
  bool usable = false;             // finite, in range, at least 3 distinct vertices, non-zero area
  bool simple = false;             // usable, and no crossing, overlap or fold (touching itself is allowed)
  bool overlay_safe = false;       // simple and valid for GEOS as it is (OGC): overlay operations are safe
  bool touches_itself = false;     // a pinch within the ring
  Point lo{}, hi{};                // bounding box of clean
  geos::Geometry line;             // the ring as a GEOS LinearRing (usable rings)
  geos::Geometry area;             // the ring as a GEOS Polygon without holes (usable rings)

  std::string pointer() const { return ringPointer(polygon, hole); }
  Place place() const { return ringPlace(polygon, hole); }
  Place vertex(std::size_t k) const { return vertexPlace(polygon, hole, index[k]); }
  // "hole 1" or "the outer ring of polygon 0".
  std::string name() const {
    return hole < 0 ? "the outer ring of polygon " + std::to_string(polygon) : "hole " + std::to_string(hole);
  }
  // The vertex at p, or the ring when no vertex is there.
  Place placeAt(Point p) const {
    for (std::size_t k = 0; k < clean.size(); ++k)
      if (clean[k] == p) return vertex(k);
    return place();
  }
  // "edge (0, 0)-(10, 10) (vertices 0 and 1)"
  std::string edge(std::size_t k) const {
    const std::size_t n = clean.size();
    return "edge " + formatPoint(clean[k]) + "-" + formatPoint(clean[(k + 1) % n]) + " (vertices " +
           std::to_string(index[k]) + " and " + std::to_string(index[(k + 1) % n]) + ")";
  }
};

bool boxesMeet(const CheckedRing& a, const CheckedRing& b) {
  return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y;
}

class Validator {
 public:
  explicit Validator(const MapDocument& doc) : doc_(doc) {}

  std::vector<MapProblem> run() {
    if (doc_.polygons.empty())
      error(pointerPlace("/polygons"), std::nullopt, "the map has no polygons; add at least one outer ring",
            "add at least one outer ring");
    measureExtent();
    for (std::size_t p = 0; p < doc_.polygons.size(); ++p) {
      const Polygon& poly = doc_.polygons[p];
      first_ring_.push_back(rings_.size());
      rings_.push_back(checkRing(p, -1, poly.outer));
      for (std::size_t h = 0; h < poly.holes.size(); ++h)
        rings_.push_back(checkRing(p, static_cast<int>(h), poly.holes[h]));
    }
    first_ring_.push_back(rings_.size());
    for (CheckedRing& r : rings_)
      if (r.usable) checkSelf(r);
    findMeetingRings();
    for (std::size_t p = 0; p < doc_.polygons.size(); ++p) checkPolygon(p);
    checkPolygonPairs();
    checkCrossingsBetweenRings();
    if (contacts_listed_ > kMaxContacts)
      warning(pointerPlace("/polygons"), std::nullopt,
              std::to_string(contacts_listed_ - kMaxContacts) +
                  " more places where rings touch or share edges are not listed");
    const PolygonMap* map = buildMap();
    checkEndpoint("start", doc_.start, map);
    checkEndpoint("goal", doc_.goal, map);
    checkSetting("clearance", doc_.settings.clearance);
    for (std::size_t i = 0; i < doc_.settings.radii.size(); ++i)
      checkSetting("radii/" + std::to_string(i), doc_.settings.radii[i], "radius");
    checkSetting("corner_offset", doc_.settings.corner_offset);
    checkClearanceStyle(doc_.settings.clearance_style);
    return std::move(problems_);
  }

 private:
  // `what` is the whole message; `fix` the advice it ends with (or empty); `at` the point it names.
  void add(MapProblem::Severity severity, Place where, std::optional<Point> at, std::string what, std::string fix) {
    problems_.emplace_back(severity, std::move(where.pointer), std::move(what), where.loc, at, std::move(fix));
  }
  void error(Place where, std::optional<Point> at, std::string what, std::string fix = {}) {
    add(MapProblem::Severity::Error, std::move(where), at, std::move(what), std::move(fix));
  }
  void warning(Place where, std::optional<Point> at, std::string what, std::string fix = {}) {
    add(MapProblem::Severity::Warning, std::move(where), at, std::move(what), std::move(fix));
  }
  // A GEOS call failed: the check is skipped with a warning that says so.
  void geosFailed(Place where, const std::string& check) {
    std::string why = geos_.takeError();
    if (why.empty()) why = "no reason given";
    const std::string fix = "fix the other problems first, then validate again";
    warning(std::move(where), std::nullopt, "could not check " + check + " (GEOS: " + why + "); " + fix, fix);
  }
  void explain(std::size_t ring_a, std::size_t ring_b) { explained_.insert(std::minmax(ring_a, ring_b)); }

  // The cleaned vertices of every usable ring, null for the others (indices of rings_).
  std::vector<const Ring*> usableRings() const {
    std::vector<const Ring*> out;
    for (const CheckedRing& r : rings_) out.push_back(r.usable ? &r.clean : nullptr);
    return out;
  }
  // Which usable rings' boundaries meet (one sweep over all edges).
  void findMeetingRings() { meeting_ = meetingRingPairs(usableRings()); }
  // The boundaries of rings a and b (indices of rings_, both usable) share a point.
  bool meet(std::size_t a, std::size_t b) const {
    return std::binary_search(meeting_.begin(), meeting_.end(), std::pair<std::size_t, std::size_t>(std::min(a, b), std::max(a, b)));
  }

  // [SECTION] Validator: vertices and rings on their own

  void measureExtent() {
    bool any = false;
    Point lo{}, hi{};
    for (const Polygon& poly : doc_.polygons) {
      auto add = [&](const Ring& ring) {
        for (const Point& v : ring) {
          if (!isFinite(v)) continue;
          lo = any ? Point{std::min(lo.x, v.x), std::min(lo.y, v.y)} : v;
          hi = any ? Point{std::max(hi.x, v.x), std::max(hi.y, v.y)} : v;
          any = true;
        }
      };
      add(poly.outer);
      for (const Ring& h : poly.holes) add(h);
    }
    extent_ = any ? std::max(hi.x - lo.x, hi.y - lo.y) : 0.0;
  }

  CheckedRing checkRing(std::size_t polygon, int hole, const Ring& ring) {
    CheckedRing r;
    r.polygon = polygon;
    r.hole = hole;
    bool finite = true;
    for (std::size_t k = 0; k < ring.size(); ++k) {
      if (!isFinite(ring[k])) {
        error(vertexPlace(polygon, hole, k), std::nullopt,
              "vertex " + formatPoint(ring[k]) + " has a NaN or infinite coordinate; give finite numbers",
              "give finite numbers");
        finite = false;
      } else if (std::fabs(ring[k].x) > kMaxCoordinate || std::fabs(ring[k].y) > kMaxCoordinate) {
        error(vertexPlace(polygon, hole, k), std::nullopt,
              "vertex " + formatPoint(ring[k]) + " is too far out: coordinates must lie within +-" +
                  formatNumber(kMaxCoordinate) + " so that exact geometry does not overflow; scale the map down",
              "scale the map down");
        finite = false;
      }
    }
    if (!finite) return r;
    for (std::size_t k = 0; k < ring.size(); ++k) {
      if (!r.clean.empty() && r.clean.back() == ring[k]) {
        warning(vertexPlace(polygon, hole, k), std::nullopt,
                "vertex " + formatPoint(ring[k]) + " repeats vertex " + std::to_string(r.index.back()) +
                    "; the duplicate is dropped on load");
        continue;
      }
      r.clean.push_back(ring[k]);
      r.index.push_back(k);
    }
    while (r.clean.size() > 1 && r.clean.front() == r.clean.back()) {
      warning(vertexPlace(polygon, hole, r.index.back()), std::nullopt,
              "the last vertex repeats the first " + formatPoint(r.clean.front()) +
                  "; rings close by themselves, so it is dropped on load");
      r.clean.pop_back();
      r.index.pop_back();
    }
    const Place where = ringPlace(polygon, hole);
    if (r.clean.size() < 3) {
      error(where, std::nullopt,
            "ring has fewer than 3 distinct vertices (" + std::to_string(r.clean.size()) +
                "); add vertices or delete the ring",
            "add vertices or delete the ring");
      return r;
    }
    if (allCollinear(r.clean)) {
      error(where, std::nullopt,
            "ring has zero area (its vertices lie on one line); move them apart or delete the ring",
            "move them apart or delete the ring");
      return r;
    }
    checkNearDuplicates(r);
    r.usable = true;
    r.lo = r.hi = r.clean.front();
    for (const Point& v : r.clean) {
      r.lo = {std::min(r.lo.x, v.x), std::min(r.lo.y, v.y)};
      r.hi = {std::max(r.hi.x, v.x), std::max(r.hi.y, v.y)};
    }
    r.line = geos::linearRing(geos_, r.clean);
    r.area = geos::polygon(geos_, r.clean);
    return r;
  }

  // Exact: every vertex lies on one line.
  static bool allCollinear(const Ring& r) {
    for (std::size_t i = 2; i < r.size(); ++i)
      if (orient(r[0], r[i - 1], r[i]) != 0) return false;
    return true;
  }

  // Consecutive vertices that differ, but by less than kNearDuplicate of the map's size.
  void checkNearDuplicates(const CheckedRing& r) {
    const double tolerance = kNearDuplicate * extent_;
    const std::size_t n = r.clean.size();
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t next = (k + 1) % n;
      const double d = distance(r.clean[k], r.clean[next]);
      if (d > tolerance) continue;
      const std::string fix = "delete one if they are meant to be the same point";
      warning(r.vertex(next), std::nullopt,
              "vertex " + formatPoint(r.clean[next]) + " is only " + formatNumber(d) + " from vertex " +
                  std::to_string(r.index[k]) + " " + formatPoint(r.clean[k]) +
                  " (less than a billionth of the map's size); both are kept, joined by a tiny edge: " + fix,
              fix);
    }
  }

  // [SECTION] Validator: a ring against itself

  struct SelfSweep {
    std::vector<std::pair<std::size_t, std::size_t>> crossings;  // edge pairs crossing properly
    std::vector<std::pair<std::size_t, std::size_t>> overlaps;   // non-adjacent edge pairs overlapping along a line
    std::vector<std::size_t> spikes;                             // vertices where the ring turns straight back
    std::vector<Point> touches;                                  // where the ring touches itself, sorted, unique
  };

  // Every pair of edges of one ring, compared with the exact predicates (a sweep over x).
  static SelfSweep sweepRing(const Ring& ring) {
    SelfSweep out;
    const std::size_t n = ring.size();
    std::vector<std::size_t> order(n);
    for (std::size_t k = 0; k < n; ++k) order[k] = k;
    auto minX = [&](std::size_t k) { return std::min(ring[k].x, ring[(k + 1) % n].x); };
    auto maxX = [&](std::size_t k) { return std::max(ring[k].x, ring[(k + 1) % n].x); };
    std::sort(order.begin(), order.end(), [&](std::size_t l, std::size_t r) { return minX(l) < minX(r); });
    for (std::size_t k = 0; k < n; ++k) {  // spikes: adjacent edges running back along each other
      const Point p = ring[(k + n - 1) % n], v = ring[k], q = ring[(k + 1) % n];
      if (orient(p, v, q) == 0 && sameSide(v, p, q)) out.spikes.push_back(k);
    }
    for (std::size_t oi = 0; oi < n; ++oi) {
      const std::size_t i = order[oi];
      const Point a = ring[i], b = ring[(i + 1) % n];
      for (std::size_t oj = oi + 1; oj < n && minX(order[oj]) <= maxX(i); ++oj) {
        const std::size_t j = order[oj];
        if ((i + 1) % n == j || (j + 1) % n == i) continue;  // adjacent: only spikes, checked above
        const Point c = ring[j], d = ring[(j + 1) % n];
        if (std::max(c.y, d.y) < std::min(a.y, b.y) || std::min(c.y, d.y) > std::max(a.y, b.y)) continue;
        if (properlyCross(a, b, c, d)) {
          out.crossings.emplace_back(std::min(i, j), std::max(i, j));
          continue;
        }
        if (orient(a, b, c) == 0 && orient(a, b, d) == 0) {
          // Collinear: overlapping along a line, or at most touching at an end.
          const bool use_x = a.x != b.x;
          auto t = [&](Point p) { return use_x ? p.x : p.y; };
          const double lo = std::max(std::min(t(a), t(b)), std::min(t(c), t(d)));
          const double hi = std::min(std::max(t(a), t(b)), std::max(t(c), t(d)));
          if (lo < hi) {
            out.overlaps.emplace_back(std::min(i, j), std::max(i, j));
            continue;
          }
        }
        for (const Point& p : {a, b})
          if (onSegment(c, d, p)) out.touches.push_back(p);
        for (const Point& p : {c, d})
          if (onSegment(a, b, p)) out.touches.push_back(p);
      }
    }
    auto less = [](Point l, Point r) { return std::tie(l.x, l.y) < std::tie(r.x, r.y); };
    std::sort(out.touches.begin(), out.touches.end(), less);
    out.touches.erase(std::unique(out.touches.begin(), out.touches.end()), out.touches.end());
    std::sort(out.crossings.begin(), out.crossings.end());
    std::sort(out.overlaps.begin(), out.overlaps.end());
    return out;
  }

  // Reports the crossings, spikes and overlaps a sweep found; true when there was any.
  bool reportSweep(const CheckedRing& r, const SelfSweep& s) {
    const std::size_t n = r.clean.size();
    for (const auto& [i, j] : s.crossings) {
      if (crossings_listed_++ >= kMaxCrossings) continue;
      const Point a = r.clean[i], b = r.clean[(i + 1) % n], c = r.clean[j], d = r.clean[(j + 1) % n];
      const Point at = geos::segmentIntersection(geos_, a, b, c, d).value_or(roughIntersection(a, b, c, d));
      const std::string fix = "move a vertex so its edges do not cross";
      error(r.vertex(i), at,
            "the ring crosses itself at " + formatPoint(at) + ": " + r.edge(i) + " crosses " + r.edge(j) + "; " + fix,
            fix);
    }
    for (std::size_t k : s.spikes) {
      const std::string fix = "delete the vertex or move it off that line";
      error(r.vertex(k), std::nullopt,
            "the ring turns straight back at vertex " + formatPoint(r.clean[k]) + ": its edges to " +
                formatPoint(r.clean[(k + n - 1) % n]) + " and " + formatPoint(r.clean[(k + 1) % n]) +
                " overlap (a zero-width spike); " + fix,
            fix);
    }
    for (const auto& [i, j] : s.overlaps) {
      const std::string fix = "move the vertices so the ring does not fold back over its own edges";
      error(r.vertex(i), std::nullopt,
            "the ring runs along itself: " + r.edge(i) + " overlaps " + r.edge(j) + "; " + fix, fix);
    }
    return !s.crossings.empty() || !s.spikes.empty() || !s.overlaps.empty();
  }

  void checkSelf(CheckedRing& r) {
    const SelfSweep s = sweepRing(r.clean);
    if (reportSweep(r, s)) return;

    // No crossing, no overlap: GEOS tells a valid ring (possibly touching itself where it
    // forms a pinch) from one that folds over its own area.
    if (!r.area) {
      geosFailed(r.place(), "whether the ring is simple");
      r.simple = true;
      return;
    }
    const geos::Validity ogc = geos::validity(geos_, r.area.get(), 0);
    if (ogc.failed) {
      geosFailed(r.place(), "whether the ring is simple");
      r.simple = true;
      return;
    }
    if (ogc.valid && s.touches.empty()) {
      r.simple = r.overlay_safe = true;
      return;
    }
    const geos::Validity lenient = geos::validity(geos_, r.area.get(), GEOSVALID_ALLOW_SELFTOUCHING_RING_FORMING_HOLE);
    const bool pinch_only = !lenient.failed && (lenient.valid || lenient.reason == "Interior is disconnected");
    if (pinch_only) {
      r.simple = true;
      r.overlay_safe = ogc.valid;
      if (s.touches.empty()) return;  // no contact by the exact test: nothing to tell
      r.touches_itself = true;
      if (contacts_listed_++ < kMaxContacts)
        warning(r.placeAt(s.touches.front()), s.touches.front(),
                "the ring touches itself at " + placeList(s.touches) +
                    ": a zero-width pinch, paths cannot pass through it");
      return;
    }
    const Point at = lenient.location.value_or(ogc.location.value_or(r.clean.front()));
    const std::string reason = lenient.failed ? ogc.reason : lenient.reason;
    if (!s.touches.empty()) {
      const std::string fix = "split it into separate rings or move the vertices apart";
      error(r.placeAt(at), at,
            "the ring folds over its own area: it touches itself at " + formatPoint(at) +
                " and part of it lies over the area it encloses (GEOS: " + reason + "); " + fix,
            fix);
    } else {
      const std::string fix = "move the vertices near that point";
      error(r.placeAt(at), at,
            "the ring is not simple: GEOS reports \"" + reason + "\" at " + formatPoint(at) + "; " + fix, fix);
    }
  }

  // [SECTION] Validator: the rings of one polygon

  // Where two rings whose areas do not overlap meet: shared edges and pinch points,
  // reported on `later` (warnings). Returns true when they meet at all.
  bool reportContacts(const CheckedRing& earlier, const CheckedRing& later, bool report_points) {
    if (!earlier.line || !later.line) return false;
    const geos::Parts meet = geos::intersectionParts(geos_, earlier.line.get(), later.line.get());
    if (meet.failed) {
      geosFailed(later.place(), "where " + later.name() + " meets " + earlier.name());
      return false;
    }
    const bool holes = earlier.hole >= 0 && later.hole >= 0;
    const std::string subject = later.hole >= 0 ? "hole " + std::to_string(later.hole)
                                                : "polygon " + std::to_string(later.polygon);
    const std::string other = holes ? "hole " + std::to_string(earlier.hole)
                              : earlier.hole < 0 && later.hole >= 0 ? "the outer ring of polygon " + std::to_string(earlier.polygon)
                                                                   : "polygon " + std::to_string(earlier.polygon);
    const bool touch = !meet.lines.empty() || (report_points && !meet.points.empty());
    if (touch && contacts_listed_++ >= kMaxContacts) return true;
    if (!meet.lines.empty()) {
      std::string consequence, fix;
      if (holes) {
        consequence = "allowed (together they block like one hole: paths cannot pass between them), but merging "
                      "them into one hole says so more clearly";
      } else if (later.hole >= 0) {
        fix = "move the hole off the outer ring if paths should pass between them";
        consequence = "allowed (the hole is cut out of the outer ring there), but " + fix;
      } else {
        fix = "merge them into one outer ring to connect them";
        consequence = "separate polygons are not connected, so paths cannot cross there: " + fix;
      }
      // No point: the message names runs of edges; the place is the vertex where the first run starts.
      warning(later.placeAt(meet.lines.front().front()), std::nullopt,
              subject + (meet.lines.size() > 1 ? " shares edges with " : " shares an edge with ") + other + " " +
                  runList(meet.lines) + "; " + consequence,
              fix);
    }
    if (report_points && !meet.points.empty())
      warning(later.placeAt(meet.points.front()), meet.points.front(),
              subject + " touches " + other + " at " + placeList(meet.points) +
                  ": a zero-width pinch, paths cannot pass through it");
    return !meet.lines.empty() || !meet.points.empty();
  }

  // -1 outside, 0 on the boundary, 1 strictly inside the ring (exact, crossing number).
  static int ringSide(const Ring& ring, Point p) {
    bool inside = false;
    for (std::size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
      const Point a = ring[j], b = ring[i];
      if (onSegment(a, b, p)) return 0;
      if ((a.y > p.y) != (b.y > p.y)) {
        const int o = orient(a, b, p);
        if ((b.y > a.y) ? o > 0 : o < 0) inside = !inside;
      }
    }
    return inside ? 1 : -1;
  }

  // Hole `h` against its outer ring `o` (both simple). Returns true when they touch.
  bool checkHoleInOuter(std::size_t o, std::size_t h) {
    const CheckedRing& outer = rings_[o];
    const CheckedRing& hole = rings_[h];
    // Boundaries apart and a vertex of the hole strictly inside: all of the hole is (its
    // boundary is connected), and nothing touches. The common case, decided without GEOS.
    if (!meet(o, h) && ringSide(outer.clean, hole.clean[0]) > 0) return false;
    const geos::Tri inside = geos::covers(geos_, outer.area.get(), hole.area.get());
    if (inside == geos::Tri::Unknown) {
      geosFailed(hole.place(), "whether " + hole.name() + " lies inside its outer ring");
      return false;
    }
    if (inside == geos::Tri::True) return reportContacts(outer, hole, true);
    explain(o, h);
    std::size_t outside = 0, first = 0;
    for (std::size_t k = 0; k < hole.clean.size(); ++k)
      if (ringSide(outer.clean, hole.clean[k]) < 0 && outside++ == 0) first = k;
    const std::string fix = "move the hole inside its outer ring";
    if (outside > 0) {
      error(hole.vertex(first), std::nullopt,
            "hole vertex " + formatPoint(hole.clean[first]) + " lies outside the outer ring of polygon " +
                std::to_string(hole.polygon) + " (" + std::to_string(outside) + " of the hole's " +
                std::to_string(hole.clean.size()) + " vertices do); " + fix,
            fix);
      return false;
    }
    const geos::Geometry out = geos::own(geos_, GEOSDifference_r(geos_.handle(), hole.area.get(), outer.area.get()));
    const std::optional<Point> at = out ? geos::pointOnSurface(geos_, out.get()) : std::nullopt;
    error(hole.place(), at,
          "hole " + std::to_string(hole.hole) + " is partly outside the outer ring of polygon " +
              std::to_string(hole.polygon) + (at ? " (for example at " + formatPoint(*at) + ")" : "") +
              ": its vertices are inside, but its edges leave the outer ring; " + fix,
          fix);
    return false;
  }

  // Holes a < b of one polygon (both simple). Returns true when they touch.
  bool checkHolePair(std::size_t a, std::size_t b) {
    const CheckedRing& first = rings_[a];
    const CheckedRing& second = rings_[b];
    // Boundaries apart and each ring's vertex strictly outside the other: neither contains
    // the other, so the holes are apart (decided without GEOS).
    if (!meet(a, b) && ringSide(first.clean, second.clean[0]) < 0 && ringSide(second.clean, first.clean[0]) < 0)
      return false;
    const geos::Tri overlap = geos::relatePattern(geos_, first.area.get(), second.area.get(), "T********");
    if (overlap == geos::Tri::Unknown) {
      geosFailed(second.place(), "whether " + second.name() + " overlaps " + first.name());
      return false;
    }
    if (overlap == geos::Tri::False) return reportContacts(first, second, true);
    explain(a, b);
    const std::string names = "hole " + std::to_string(second.hole) + " and hole " + std::to_string(first.hole);
    if (geos::covers(geos_, first.area.get(), second.area.get()) == geos::Tri::True) {
      const std::string fix = "delete it or move it out";
      error(second.place(), std::nullopt,
            "hole " + std::to_string(second.hole) + " lies inside hole " + std::to_string(first.hole) +
                "; holes must not overlap: " + fix,
            fix);
      return false;
    }
    if (geos::covers(geos_, second.area.get(), first.area.get()) == geos::Tri::True) {
      const std::string fix = "delete hole " + std::to_string(first.hole) + " or move it out";
      error(second.place(), std::nullopt,
            "hole " + std::to_string(second.hole) + " covers hole " + std::to_string(first.hole) +
                "; holes must not overlap: " + fix,
            fix);
      return false;
    }
    const geos::Geometry both =
        geos::own(geos_, GEOSIntersection_r(geos_.handle(), first.area.get(), second.area.get()));
    const std::optional<Point> at = both ? geos::pointOnSurface(geos_, both.get()) : std::nullopt;
    const std::string fix = "merge them into one hole or move them apart";
    error(second.place(), at,
          names + " overlap" + (at ? " (for example at " + formatPoint(*at) + ")" : "") + "; holes must not overlap: " + fix,
          fix);
    return false;
  }

  // The walkable area of polygon p: its outer ring minus its holes (null when a ring is
  // not safe for GEOS overlay, or GEOS fails). With `only`, minus just the holes it marks
  // (indexed by ring): enough to count the area's parts when the other holes touch nothing.
  geos::Geometry walkableArea(std::size_t p, const std::vector<char>* only = nullptr) {
    const CheckedRing& outer = rings_[first_ring_[p]];
    if (!outer.overlay_safe) return geos::own(geos_, nullptr);
    std::vector<GEOSGeometry*> holes;
    for (std::size_t h = first_ring_[p] + 1; h < first_ring_[p + 1]; ++h) {
      if (only && !(*only)[h]) continue;
      if (!rings_[h].overlay_safe) {
        for (GEOSGeometry* g : holes) GEOSGeom_destroy_r(geos_.handle(), g);
        return geos::own(geos_, nullptr);
      }
      holes.push_back(GEOSGeom_clone_r(geos_.handle(), rings_[h].area.get()));
    }
    if (holes.empty()) return geos::own(geos_, GEOSGeom_clone_r(geos_.handle(), outer.area.get()));
    const geos::Geometry all = geos::own(geos_, GEOSGeom_createCollection_r(geos_.handle(), GEOS_GEOMETRYCOLLECTION,
                                                                            holes.data(),
                                                                            static_cast<unsigned>(holes.size())));
    if (!all) return geos::own(geos_, nullptr);
    const geos::Geometry blocked = geos::own(geos_, GEOSUnaryUnion_r(geos_.handle(), all.get()));
    if (!blocked) return geos::own(geos_, nullptr);
    return geos::own(geos_, GEOSDifference_r(geos_.handle(), outer.area.get(), blocked.get()));
  }

  void checkPolygon(std::size_t p) {
    const std::size_t o = first_ring_[p], end = first_ring_[p + 1];
    const std::size_t errors_before = errorCount();
    bool contacts = rings_[o].touches_itself;
    bool all_simple = rings_[o].simple;
    std::vector<std::size_t> holes;
    std::vector<char> touching(rings_.size(), 0);  // holes in a contact (with the outer ring or a hole)
    for (std::size_t h = o + 1; h < end; ++h) {
      all_simple = all_simple && rings_[h].simple;
      contacts = contacts || rings_[h].touches_itself;
      touching[h] = rings_[h].touches_itself ? 1 : 0;
      if (!rings_[h].simple) continue;
      holes.push_back(h);
      if (rings_[o].simple && rings_[o].area && rings_[h].area && checkHoleInOuter(o, h)) {
        contacts = true;
        touching[h] = 1;
      }
    }
    // Hole pairs whose bounding boxes meet (a sweep over x).
    std::sort(holes.begin(), holes.end(), [&](std::size_t l, std::size_t r) { return rings_[l].lo.x < rings_[r].lo.x; });
    for (std::size_t i = 0; i < holes.size(); ++i) {
      for (std::size_t j = i + 1; j < holes.size() && rings_[holes[j]].lo.x <= rings_[holes[i]].hi.x; ++j) {
        const std::size_t a = std::min(holes[i], holes[j]), b = std::max(holes[i], holes[j]);
        if (!boxesMeet(rings_[a], rings_[b]) || !rings_[a].area || !rings_[b].area) continue;
        if (checkHolePair(a, b)) {
          contacts = true;
          touching[a] = touching[b] = 1;
        }
      }
    }
    if (!contacts || !all_simple || errorCount() != errors_before) return;
    // Holes touching each other or the outer ring may cut the polygon apart. A hole that
    // touches nothing cannot (the area around a closed disc inside it stays connected), so
    // only the touching holes are cut out: on a converted grid map, a few of thousands.
    const geos::Geometry walkable = walkableArea(p, &touching);
    if (!walkable) return;  // a ring touches itself, or GEOS failed: the pinch warnings say enough
    const int parts = geos::polygonCount(geos_, walkable.get());
    const Place where = polygonPlace(p);
    const std::string fix = "shrink the holes or delete the polygon";
    if (parts == 0)
      error(where, std::nullopt,
            "the holes cover all of polygon " + std::to_string(p) + ": no walkable area is left; " + fix, fix);
    else if (parts > 1)
      warning(where, std::nullopt,
              "the holes split polygon " + std::to_string(p) + " into " + std::to_string(parts) +
                  " separate walkable areas; no path leads from one to another");
  }

  std::size_t errorCount() const {
    return static_cast<std::size_t>(std::count_if(problems_.begin(), problems_.end(), [](const MapProblem& m) {
      return m.severity == MapProblem::Severity::Error;
    }));
  }

  // [SECTION] Validator: polygons against each other

  void checkPolygonPairs() {
    std::vector<std::size_t> outers;
    for (std::size_t p = 0; p < doc_.polygons.size(); ++p) {
      const CheckedRing& r = rings_[first_ring_[p]];
      if (r.simple && r.area && r.line) outers.push_back(p);
    }
    std::sort(outers.begin(), outers.end(), [&](std::size_t l, std::size_t r) {
      return rings_[first_ring_[l]].lo.x < rings_[first_ring_[r]].lo.x;
    });
    for (std::size_t i = 0; i < outers.size(); ++i) {
      const CheckedRing& ri = rings_[first_ring_[outers[i]]];
      for (std::size_t j = i + 1; j < outers.size() && rings_[first_ring_[outers[j]]].lo.x <= ri.hi.x; ++j) {
        const std::size_t a = std::min(outers[i], outers[j]), b = std::max(outers[i], outers[j]);
        if (boxesMeet(rings_[first_ring_[a]], rings_[first_ring_[b]])) checkPolygonPair(a, b);
      }
    }
  }

  // Polygons a and b have no overlap to report and no contact that checkPolygonPair would
  // report, decided without a GEOS relate over whole polygons (which builds an index over
  // every ring of both, per pair). Every ring must be simple. Then:
  // - no boundary of one meets a boundary of the other, and either the outer rings are
  //   apart (each one's vertex strictly outside the other) or one polygon lies in a hole of
  //   the other (a vertex of its outer ring strictly inside that hole: with the boundaries
  //   apart, all of its outer ring is in the hole, and so is its area); or
  // - the only boundaries that meet are one polygon's outer ring and holes of the other,
  //   and one of those holes covers that outer ring (GEOS on the two rings alone): an island
  //   in a hole that touches the hole's edge, as converted grid maps have at diagonal cells.
  // False means "not decided here": checkPolygonPair asks GEOS.
  bool apart(std::size_t a, std::size_t b) {
    std::vector<std::size_t> met_holes_of_a, met_holes_of_b;  // holes meeting the other's outer ring
    bool other_meetings = false;
    const std::size_t oa = first_ring_[a], ob = first_ring_[b];
    for (std::size_t i = oa; i < first_ring_[a + 1]; ++i) {
      if (!rings_[i].simple) return false;
      for (std::size_t j = ob; j < first_ring_[b + 1]; ++j) {
        if (!rings_[j].simple) return false;
        if (!meet(i, j)) continue;
        if (i != oa && j == ob) met_holes_of_a.push_back(i);
        else if (i == oa && j != ob) met_holes_of_b.push_back(j);
        else other_meetings = true;
      }
    }
    if (other_meetings || (!met_holes_of_a.empty() && !met_holes_of_b.empty())) return false;
    auto coveredByOneOf = [&](const std::vector<std::size_t>& holes, std::size_t outer) {
      for (std::size_t h : holes)
        if (rings_[h].area && rings_[outer].area &&
            geos::covers(geos_, rings_[h].area.get(), rings_[outer].area.get()) == geos::Tri::True)
          return true;
      return false;
    };
    if (!met_holes_of_a.empty()) return coveredByOneOf(met_holes_of_a, ob);
    if (!met_holes_of_b.empty()) return coveredByOneOf(met_holes_of_b, oa);
    const Ring& outer_a = rings_[oa].clean;
    const Ring& outer_b = rings_[ob].clean;
    const int b_in_a = ringSide(outer_a, outer_b[0]), a_in_b = ringSide(outer_b, outer_a[0]);
    if (b_in_a < 0 && a_in_b < 0) return true;
    auto inHoleOf = [&](std::size_t p, Point v) {
      for (std::size_t h = first_ring_[p] + 1; h < first_ring_[p + 1]; ++h)
        if (ringSide(rings_[h].clean, v) > 0) return true;
      return false;
    };
    return (b_in_a > 0 && inHoleOf(a, outer_b[0])) || (a_in_b > 0 && inHoleOf(b, outer_a[0]));
  }

  // True when a hole of polygon `p` covers the outer ring of polygon `q` (an island in a hole).
  bool insideHoleOf(std::size_t p, std::size_t q) {
    const CheckedRing& island = rings_[first_ring_[q]];
    for (std::size_t h = first_ring_[p] + 1; h < first_ring_[p + 1]; ++h)
      if (rings_[h].simple && rings_[h].area && geos::covers(geos_, rings_[h].area.get(), island.area.get()) == geos::Tri::True)
        return true;
    return false;
  }

  void checkPolygonPair(std::size_t a, std::size_t b) {
    if (apart(a, b)) return;
    const CheckedRing& oa = rings_[first_ring_[a]];
    const CheckedRing& ob = rings_[first_ring_[b]];
    const geos::Tri outers_overlap = geos::relatePattern(geos_, oa.area.get(), ob.area.get(), "T********");
    if (outers_overlap == geos::Tri::Unknown) {
      geosFailed(ob.place(), "whether polygon " + std::to_string(b) + " overlaps polygon " + std::to_string(a));
      return;
    }
    if (outers_overlap == geos::Tri::False) {
      reportContacts(oa, ob, false);
      return;
    }
    // The outer rings overlap; the walkable areas may still not (an island in a hole).
    std::optional<Point> at;
    bool overlap = true;
    const geos::Geometry wa = walkableArea(a), wb = walkableArea(b);
    if (wa && wb) {
      const geos::Tri walk = geos::relatePattern(geos_, wa.get(), wb.get(), "T********");
      overlap = walk != geos::Tri::False;
      if (walk == geos::Tri::True) {
        const geos::Geometry both = geos::own(geos_, GEOSIntersection_r(geos_.handle(), wa.get(), wb.get()));
        if (both) at = geos::pointOnSurface(geos_, both.get());
      }
    } else {
      overlap = !insideHoleOf(a, b) && !insideHoleOf(b, a);
    }
    if (!overlap) return;
    for (std::size_t i = first_ring_[a]; i < first_ring_[a + 1]; ++i)
      for (std::size_t j = first_ring_[b]; j < first_ring_[b + 1]; ++j) explain(i, j);
    const std::string fix = "merge them into one polygon or move them apart";
    error(ob.place(), at,
          "polygon " + std::to_string(b) + " overlaps polygon " + std::to_string(a) +
              (at ? " (for example at " + formatPoint(*at) + ")" : "") + "; walkable areas must not overlap: " + fix,
          fix);
  }

  // [SECTION] Validator: crossings left over, start and goal, settings

  using Edge = RingEdge;  // ring: index into rings_; k: cleaned index of the edge's first vertex

  std::string edgeText(const Edge& e) const {
    return rings_[e.ring].edge(e.k) + " of " + rings_[e.ring].pointer();
  }

  // Proper crossings between edges of different usable rings that no problem about the
  // two rings as areas (hole outside, holes overlapping, polygons overlapping) explains.
  void checkCrossingsBetweenRings() {
    std::vector<std::pair<Edge, Edge>> crossings;
    forEachNearEdgePair(usableRings(), [&](const Edge& e, const Edge& f) {
      if (explained_.count(std::minmax(e.ring, f.ring)) || !properlyCross(e.a, e.b, f.a, f.b)) return;
      const bool e_first = std::tie(e.ring, e.k) < std::tie(f.ring, f.k);
      crossings.emplace_back(e_first ? e : f, e_first ? f : e);
    });
    std::sort(crossings.begin(), crossings.end(), [](const auto& l, const auto& r) {
      return std::tie(l.first.ring, l.first.k, l.second.ring, l.second.k) <
             std::tie(r.first.ring, r.first.k, r.second.ring, r.second.k);
    });
    for (const auto& [ef, ff] : crossings) {
      const Edge* e = &ef;
      const Edge* f = &ff;
      if (crossings_listed_++ >= kMaxCrossings) continue;
      const Point at = geos::segmentIntersection(geos_, e->a, e->b, f->a, f->b).value_or(roughIntersection(e->a, e->b, f->a, f->b));
      const std::string fix = "move a vertex so that the edges do not cross";
      error(rings_[e->ring].vertex(e->k), at,
            "rings cross at " + formatPoint(at) + ": " + edgeText(*e) + " crosses " + edgeText(*f) + "; " + fix, fix);
    }
    if (crossings_listed_ > kMaxCrossings)
      error(pointerPlace("/polygons"), std::nullopt,
            std::to_string(crossings_listed_ - kMaxCrossings) +
                " more crossing edge pairs not listed; fix the ones above first",
            "fix the ones above first");
  }

  // Builds the PolygonMap when every ring is usable; its errors become problems.
  const PolygonMap* buildMap() {
    if (doc_.polygons.empty()) return nullptr;
    for (const CheckedRing& r : rings_)
      if (!r.usable) return nullptr;  // already reported, and PolygonMap would refuse it
    try {
      map_ = PolygonMap(doc_.polygons);
      return &map_;
    } catch (const GeometryError& e) {
      const RingLocation& w = e.where();
      const std::size_t polygon = static_cast<std::size_t>(std::max(w.polygon, 0));
      std::string where = w.polygon < 0 ? "/polygons" : ringPointer(polygon, w.hole);
      if (w.polygon >= 0 && w.vertex >= 0) where += "/" + std::to_string(w.vertex);
      RingLocation place;
      if (w.polygon >= 0) place = location(polygon, w.hole, std::max(w.vertex, -1));
      error({std::move(where), place}, std::nullopt, e.what());
      return nullptr;
    }
  }

  void checkEndpoint(const std::string& which, const std::optional<Point>& p, const PolygonMap* map) {
    if (std::optional<MapProblem> problem = endpointProblem(which, p, map)) problems_.push_back(std::move(*problem));
  }

  // `name` is how the message calls the value (the key itself by default).
  void checkSetting(const std::string& key, double value, std::string name = "") {
    if (name.empty()) name = key;
    const Place where = pointerPlace("/settings/" + key);
    if (!std::isfinite(value))
      error(where, std::nullopt, name + " is " + formatNumber(value) + "; give a finite number (world units)",
            "give a finite number (world units)");
    else if (value < 0.0)
      error(where, std::nullopt, name + " is " + formatNumber(value) + "; it must be 0 or more (world units)",
            "it must be 0 or more (world units)");
  }

  void checkClearanceStyle(const ClearanceStyle& style) {
    if (style.segments < 1 || style.segments > kMaxClearanceSegments) {
      const std::string fix = "give 1 to " + std::to_string(kMaxClearanceSegments) + " chords per quarter circle";
      error(pointerPlace("/settings/clearance_segments"), std::nullopt,
            "clearance_segments is " + std::to_string(style.segments) + "; " + fix, fix);
    }
    if (!std::isfinite(style.mitre_limit) || style.mitre_limit < 1.0) {
      const std::string fix =
          "give a number of radii, 1 or more (a smaller limit would bevel corners closer than the radius)";
      error(pointerPlace("/settings/clearance_mitre_limit"), std::nullopt,
            "clearance_mitre_limit is " + formatNumber(style.mitre_limit) + "; " + fix, fix);
    }
  }

  const MapDocument& doc_;
  geos::Context geos_;
  double extent_ = 0.0;
  std::vector<CheckedRing> rings_;
  std::vector<std::size_t> first_ring_;  // per polygon: index of its outer ring in rings_; one past the end last
  std::set<std::pair<std::size_t, std::size_t>> explained_;  // ring pairs whose crossings a problem explains
  std::vector<std::pair<std::size_t, std::size_t>> meeting_;  // ring pairs whose boundaries meet (sorted)
  std::size_t crossings_listed_ = 0;
  std::size_t contacts_listed_ = 0;  // pinch and shared-edge warnings, listed or not
  std::vector<MapProblem> problems_;
  PolygonMap map_;
};

}  // namespace

std::optional<MapProblem> endpointProblem(const std::string& which, const std::optional<Point>& p,
                                          const PolygonMap* map) {
  if (!p) return std::nullopt;
  // The point is the start or goal itself (none when it has a NaN or infinite coordinate).
  const auto error = [&](std::string what, std::string fix) {
    return MapProblem{MapProblem::Severity::Error, "/" + which, std::move(what), RingLocation{},
                      isFinite(*p) ? p : std::nullopt, std::move(fix)};
  };
  if (!isFinite(*p))
    return error(which + " " + formatPoint(*p) + " has a NaN or infinite coordinate; give finite numbers",
                 "give finite numbers");
  const std::string move = "move it into the walkable region";
  if (std::fabs(p->x) > kMaxCoordinate || std::fabs(p->y) > kMaxCoordinate)
    return error(which + " " + formatPoint(*p) + " is too far out: coordinates must lie within +-" +
                     formatNumber(kMaxCoordinate) + "; " + move,
                 move);
  if (!map) return std::nullopt;
  const PointLocation loc = map->locate(*p);
  if (!loc.walkable()) {
    const std::string fix = move + " (the nearest walkable point is " + formatPoint(map->nearestWalkable(*p)) + ")";
    return error(which + " " + formatPoint(*p) + " is not walkable: it is " + loc.describe() + "; " + fix, fix);
  }
  return std::nullopt;
}

std::vector<MapProblem> validateMap(const MapDocument& doc) { return Validator(doc).run(); }

}  // namespace polypath
