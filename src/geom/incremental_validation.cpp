// incremental_validation.cpp: DragValidator, validation of a drag from the moved edges
// (method in incremental_validation.hpp).
#include "polypath/geom/incremental_validation.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "formats/io_text.hpp"

namespace polypath {

namespace {

using namespace io_text;

constexpr double kMaxCoordinate = 1e100;  // as validateMap
constexpr double kNearDuplicate = 1e-9;   // as validateMap: a fraction of the map's extent

struct Box {
  Point min, max;
  bool meets(const Box& o) const { return min.x <= o.max.x && o.min.x <= max.x && min.y <= o.max.y && o.min.y <= max.y; }
};

Box boxOf(const Point* p, int n) {
  Box b{p[0], p[0]};
  for (int i = 1; i < n; ++i) {
    b.min = {std::min(b.min.x, p[i].x), std::min(b.min.y, p[i].y)};
    b.max = {std::max(b.max.x, p[i].x), std::max(b.max.y, p[i].y)};
  }
  return b;
}

// Exact: the closed segments [a, b] and [c, d] share a point.
bool segmentsMeet(Point a, Point b, Point c, Point d) {
  const int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (o1 == 0 && onSegment(a, b, c)) || (o2 == 0 && onSegment(a, b, d)) || (o3 == 0 && onSegment(c, d, a)) ||
         (o4 == 0 && onSegment(c, d, b));
}

// The convex hull of up to four points, counter-clockwise (y-up), exact (Andrew's chain).
// Collinear points give a segment (two points) or a point.
std::vector<Point> hullOf(std::vector<Point> p) {
  std::sort(p.begin(), p.end(), [](Point u, Point v) { return u.x != v.x ? u.x < v.x : u.y < v.y; });
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return p;
  std::vector<Point> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && orient(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && orient(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  return h;
}

// Exact: p lies in the closed convex polygon h (as hullOf gives it).
bool inHull(const std::vector<Point>& h, Point p) {
  if (h.size() == 1) return h[0] == p;
  if (h.size() == 2) return orient(h[0], h[1], p) == 0 && onSegment(h[0], h[1], p);
  for (std::size_t i = 0; i < h.size(); ++i)
    if (orient(h[i], h[(i + 1) % h.size()], p) < 0) return false;
  return true;
}

// Exact: the closed segment [a, b] meets the closed convex polygon h.
bool segmentMeetsHull(const std::vector<Point>& h, Point a, Point b) {
  if (inHull(h, a) || inHull(h, b)) return true;
  if (h.size() == 1) return orient(a, b, h[0]) == 0 && onSegment(a, b, h[0]);
  for (std::size_t i = 0; i < h.size(); ++i)
    if (segmentsMeet(a, b, h[i], h[(i + 1) % h.size()])) return true;
  return false;
}

// Exact: the direction from s towards q lies in the closed cone at s spanned by the
// directions towards u and v (the smaller angle; a line when they point apart).
bool inCone(Point s, Point u, Point v, Point q) {
  const int o = orient(s, u, v);
  if (o > 0) return orient(s, u, q) >= 0 && orient(s, q, v) >= 0;
  if (o < 0) return orient(s, v, q) >= 0 && orient(s, q, u) >= 0;
  if (orient(s, u, q) != 0) return false;
  if (dot(u - s, v - s) < 0.0) return true;  // u and v on opposite rays: the cone is the line
  return dot(q - s, u - s) > 0.0;
}

int sign(double v) { return (v > 0.0) - (v < 0.0); }

bool settingsEqual(const MapSettings& a, const MapSettings& b) {
  return a.clearance == b.clearance && a.radii == b.radii && a.clearance_style == b.clearance_style &&
         a.corner_offset == b.corner_offset;
}

}  // namespace

struct DragValidator::Impl {
  MapDocument base;
  // Every ring vertex of the base, ring after ring (polygon order, outer ring first).
  struct RingSpan {
    std::size_t polygon;
    int hole;
    int first, count;
  };
  std::vector<RingSpan> rings;
  std::vector<Point> points;
  std::vector<int> ring_of;
  double extent = 0.0;
  double min_edge = 0.0;  // shortest base edge
  // Uniform grid over the base edges (by first vertex), CSR.
  Point origin{};
  double cell = 1.0;
  int gw = 1, gh = 1;
  std::vector<int> cell_start, cell_edges;
  mutable std::vector<unsigned> stamp;  // per edge: last query that saw it
  mutable unsigned query = 0;
  mutable std::unique_ptr<PolygonMap> map;  // of the base, for start and goal moves
  std::vector<MapProblem> warnings;          // the base's problems: warnings only
  std::vector<char> ring_warned;             // per ring: a warning names it

  int next(int g) const {
    const RingSpan& r = rings[static_cast<std::size_t>(ring_of[g])];
    return g + 1 == r.first + r.count ? r.first : g + 1;
  }
  int prev(int g) const {
    const RingSpan& r = rings[static_cast<std::size_t>(ring_of[g])];
    return g == r.first ? r.first + r.count - 1 : g - 1;
  }
  void cellRange(const Box& b, int& x0, int& x1, int& y0, int& y1) const {
    auto c = [&](double v, double o, int count) {
      const double k = std::floor((v - o) / cell);
      return static_cast<int>(std::clamp(k, 0.0, static_cast<double>(count - 1)));
    };
    x0 = c(b.min.x, origin.x, gw), x1 = c(b.max.x, origin.x, gw);
    y0 = c(b.min.y, origin.y, gh), y1 = c(b.max.y, origin.y, gh);
  }
  void buildGrid() {
    const int n = static_cast<int>(points.size());
    const Box all = boxOf(points.data(), n);
    origin = all.min;
    const double w = all.max.x - all.min.x, h = all.max.y - all.min.y;
    cell = std::max(std::sqrt(w * h / n), std::max(w, h) / 1024.0);
    if (!(cell > 0.0)) cell = std::max(w, h) > 0.0 ? std::max(w, h) : 1.0;
    gw = std::max(1, static_cast<int>(std::floor(w / cell)) + 1);
    gh = std::max(1, static_cast<int>(std::floor(h / cell)) + 1);
    cell_start.assign(static_cast<std::size_t>(gw) * gh + 1, 0);
    for (int pass = 0; pass < 2; ++pass) {
      std::vector<int> fill;
      if (pass == 1) {
        for (std::size_t c = 1; c < cell_start.size(); ++c) cell_start[c] += cell_start[c - 1];
        cell_edges.assign(static_cast<std::size_t>(cell_start.back()), -1);
        fill.assign(cell_start.begin(), cell_start.end() - 1);
      }
      for (int g = 0; g < n; ++g) {
        const Point e[2] = {points[g], points[next(g)]};
        int x0, x1, y0, y1;
        cellRange(boxOf(e, 2), x0, x1, y0, y1);
        for (int y = y0; y <= y1; ++y)
          for (int x = x0; x <= x1; ++x) {
            const int c = y * gw + x;
            if (pass == 0) ++cell_start[c + 1];
            else cell_edges[fill[c]++] = g;
          }
      }
    }
    stamp.assign(points.size(), 0);
  }
  // Calls f(edge) once for every base edge whose box may meet `b` (a grid query).
  template <class F>
  void forEdgesNear(const Box& b, F&& f) const {
    if (++query == 0) {
      std::fill(stamp.begin(), stamp.end(), 0u);
      query = 1;
    }
    int x0, x1, y0, y1;
    cellRange(b, x0, x1, y0, y1);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const int c = y * gw + x;
        for (int k = cell_start[c]; k < cell_start[c + 1]; ++k) {
          const int g = cell_edges[k];
          if (stamp[g] == query) continue;
          stamp[g] = query;
          f(g);
        }
      }
  }
};

DragValidator::DragValidator() = default;
DragValidator::~DragValidator() = default;

void DragValidator::clear() { impl_.reset(); }

void DragValidator::reset(const MapDocument& doc, const std::vector<MapProblem>& problems) {
  impl_.reset();
  // Warnings (pinches, contacts, near duplicates) are fine; a check GEOS could not make is not.
  const bool warnings_only = std::all_of(problems.begin(), problems.end(), [](const MapProblem& p) {
    return p.severity == MapProblem::Severity::Warning && p.what.rfind("could not check", 0) != 0;
  });
  if (!warnings_only || doc.polygons.empty()) return;
  auto impl = std::make_unique<Impl>();
  impl->base = doc;
  std::vector<std::size_t> first_ring(doc.polygons.size());  // per polygon: its outer ring's index
  for (std::size_t p = 0; p < doc.polygons.size(); ++p) {
    first_ring[p] = impl->rings.size();
    for (int h = -1; h < static_cast<int>(doc.polygons[p].holes.size()); ++h) {
      const Ring& ring = h < 0 ? doc.polygons[p].outer : doc.polygons[p].holes[static_cast<std::size_t>(h)];
      impl->rings.push_back({p, h, static_cast<int>(impl->points.size()), static_cast<int>(ring.size())});
      for (const Point& v : ring) {
        impl->points.push_back(v);
        impl->ring_of.push_back(static_cast<int>(impl->rings.size() - 1));
      }
    }
  }
  const int n = static_cast<int>(impl->points.size());
  const Box all = boxOf(impl->points.data(), n);
  impl->extent = std::max(all.max.x - all.min.x, all.max.y - all.min.y);
  impl->min_edge = HUGE_VAL;
  for (int g = 0; g < n; ++g) impl->min_edge = std::min(impl->min_edge, distance(impl->points[g], impl->points[impl->next(g)]));
  impl->buildGrid();
  impl->warnings = problems;
  impl->ring_warned.assign(impl->rings.size(), 0);
  for (const MapProblem& w : problems) {  // rings are listed polygon after polygon, outer ring first
    const int p = w.place.polygon, h = w.place.hole;
    if (p >= 0 && p < static_cast<int>(doc.polygons.size()) && h >= -1 &&
        h < static_cast<int>(doc.polygons[static_cast<std::size_t>(p)].holes.size()))
      impl->ring_warned[first_ring[static_cast<std::size_t>(p)] + static_cast<std::size_t>(h + 1)] = 1;
  }
  impl_ = std::move(impl);
}

std::optional<std::vector<MapProblem>> DragValidator::check(const MapDocument& doc) const {
  stats_ = Stats{};
  if (!impl_) return std::nullopt;
  const Impl& m = *impl_;
  const MapDocument& base = m.base;
  if (!settingsEqual(doc.settings, base.settings) || doc.polygons.size() != base.polygons.size()) return std::nullopt;
  // The new positions, in the base's order; the moved vertices.
  std::vector<Point> cur;
  cur.reserve(m.points.size());
  for (const Impl::RingSpan& r : m.rings) {
    const Polygon& poly = doc.polygons[r.polygon];
    if (r.hole >= static_cast<int>(poly.holes.size())) return std::nullopt;
    if (r.hole < 0 && poly.holes.size() != base.polygons[r.polygon].holes.size()) return std::nullopt;
    const Ring& ring = r.hole < 0 ? poly.outer : poly.holes[static_cast<std::size_t>(r.hole)];
    if (static_cast<int>(ring.size()) != r.count) return std::nullopt;
    cur.insert(cur.end(), ring.begin(), ring.end());
  }
  const int n = static_cast<int>(cur.size());
  std::vector<int> moved;
  for (int g = 0; g < n; ++g)
    if (!(cur[g] == m.points[g])) {
      moved.push_back(g);
      if (static_cast<int>(moved.size()) > kMaxMoved) return std::nullopt;
    }
  stats_.moved_vertices = static_cast<int>(moved.size());
  const bool ends_same = doc.start == base.start && doc.goal == base.goal;
  if (moved.empty()) {
    // Only the start or the goal moved (or nothing): the base's map decides (the base's
    // problems are warnings, none about the start or the goal: those are errors).
    std::vector<MapProblem> problems = m.warnings;
    if (!ends_same) {
      if (!m.map) m.map = std::make_unique<PolygonMap>(buildPolygonMap(base));
      for (int i = 0; i < 2; ++i)
        if (auto p = endpointProblem(i == 0 ? "start" : "goal", i == 0 ? doc.start : doc.goal, m.map.get()))
          problems.push_back(std::move(*p));
    }
    stats_.decided = true;
    return problems;
  }
  if (!ends_same) return std::nullopt;
  for (int g : moved)  // a ring a warning names: its message may describe the moved vertex
    if (m.ring_warned[static_cast<std::size_t>(m.ring_of[g])]) return std::nullopt;
  for (int g : moved)
    if (!isFinite(cur[g]) || std::fabs(cur[g].x) > kMaxCoordinate || std::fabs(cur[g].y) > kMaxCoordinate)
      return std::nullopt;
  // Near duplicates: the tolerance follows the new extent.
  Box all = boxOf(cur.data(), n);
  const double extent = std::max(all.max.x - all.min.x, all.max.y - all.min.y);
  const double tolerance = kNearDuplicate * extent;
  if (extent != m.extent && (!(m.min_edge > tolerance) || !m.warnings.empty())) return std::nullopt;
  // Moved edges (by first vertex), sorted.
  std::vector<int> edges;
  for (int g : moved) {
    edges.push_back(g);
    edges.push_back(m.prev(g));
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  stats_.moved_edges = static_cast<int>(edges.size());
  std::vector<char> is_moved(static_cast<std::size_t>(n), 0);
  for (int g : moved) is_moved[static_cast<std::size_t>(g)] = 1;
  for (int e : edges)
    if (!(distance(cur[e], cur[m.next(e)]) > tolerance)) return std::nullopt;
  // Folds: a vertex whose edges run back along each other (at or next to a moved vertex).
  for (int g : moved)
    for (int w : {m.prev(g), g, m.next(g)}) {
      const Point p = cur[m.prev(w)], v = cur[w], q = cur[m.next(w)];
      if (orient(p, v, q) == 0 && sign(p.x - v.x) == sign(q.x - v.x) && sign(p.y - v.y) == sign(q.y - v.y))
        return std::nullopt;
    }
  // Each moved edge against the unmoved edges near its hull.
  struct Crossing {
    int e, f;
  };
  std::vector<Crossing> crossings;
  bool undecided = false;
  std::vector<std::vector<Point>> hulls(edges.size());
  std::vector<Box> hull_boxes(edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const int e = edges[i], en = m.next(e);
    const Point a1 = cur[e], b1 = cur[en];
    hulls[i] = hullOf({m.points[e], m.points[en], a1, b1});
    hull_boxes[i] = boxOf(hulls[i].data(), static_cast<int>(hulls[i].size()));
    m.forEdgesNear(hull_boxes[i], [&](int f) {
      const int fn = m.next(f);
      if (is_moved[static_cast<std::size_t>(f)] || is_moved[static_cast<std::size_t>(fn)]) return;  // a moved edge
      ++stats_.edge_tests;
      const Point c = cur[f], d = cur[fn];
      if (f == en || fn == e) {
        // Adjacent at the unmoved vertex s: the edge must leave s outside the swept cone.
        const Point s = f == en ? c : d, q = f == en ? d : c;
        const Point o = s == a1 ? b1 : a1;  // the moved end, new
        const Point o0 = s == m.points[e] ? m.points[en] : m.points[e];
        if (inCone(s, o0, o, q)) undecided = true;
        return;
      }
      if (segmentsMeet(a1, b1, c, d)) {
        if (properlyCross(a1, b1, c, d)) crossings.push_back({e, f});
        else undecided = true;  // a touch: a warning or an error, validateMap says which
      } else if (segmentMeetsHull(hulls[i], c, d)) {
        undecided = true;  // swept over an edge: rings may nest differently now
      }
    });
  }
  // Moved edges against each other.
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (std::size_t j = i + 1; j < edges.size(); ++j) {
      const int e = edges[i], f = edges[j], en = m.next(e), fn = m.next(f);
      if (e == fn || f == en) continue;  // adjacent: the fold check covers them
      if (segmentsMeet(cur[e], cur[en], cur[f], cur[fn])) {
        if (properlyCross(cur[e], cur[en], cur[f], cur[fn])) crossings.push_back({e, f});
        else undecided = true;
        continue;
      }
      const Point de = cur[e] - m.points[e];
      const bool same_motion = cur[en] - m.points[en] == de && cur[f] - m.points[f] == de && cur[fn] - m.points[fn] == de;
      if (!same_motion && hull_boxes[i].meets(hull_boxes[j])) undecided = true;
    }
  // The start and the goal must not have been swept over.
  for (const std::optional<Point>& p : {doc.start, doc.goal})
    if (p)
      for (const std::vector<Point>& h : hulls)
        if (inHull(h, *p)) undecided = true;
  if (!crossings.empty()) {
    stats_.decided = true;
    std::vector<MapProblem> problems;
    for (const Crossing& x : crossings) {
      auto edgeText = [&](int g) {
        const Impl::RingSpan& r = m.rings[static_cast<std::size_t>(m.ring_of[g])];
        const int gn = m.next(g);
        return "edge " + formatPoint(cur[g]) + "-" + formatPoint(cur[gn]) + " (vertices " +
               std::to_string(g - r.first) + " and " + std::to_string(gn - r.first) + ") of " +
               ringPointer(r.polygon, r.hole);
      };
      const int v = is_moved[static_cast<std::size_t>(x.e)] ? x.e : m.next(x.e);
      const Impl::RingSpan& r = m.rings[static_cast<std::size_t>(m.ring_of[v])];
      // Where the lines meet (for the canvas's red marker; validateMap asks GEOS).
      const Point a = cur[x.e], b = cur[m.next(x.e)], c = cur[x.f], d = cur[m.next(x.f)];
      const double den = cross(b - a, d - c);
      const Point at = den == 0.0 ? a : a + (b - a) * (cross(c - a, d - c) / den);
      RingLocation place;
      place.polygon = static_cast<int>(r.polygon);
      place.hole = r.hole;
      place.vertex = v - r.first;
      const std::string fix = "move the vertex so that the edges do not cross (checked in full when the drag ends)";
      problems.emplace_back(MapProblem::Severity::Error,
                            vertexPointer(r.polygon, r.hole, static_cast<std::size_t>(v - r.first)),
                            "edges cross at " + formatPoint(at) + ": " + edgeText(x.e) + " crosses " + edgeText(x.f) +
                                "; " + fix,
                            place, at, fix);
    }
    problems.insert(problems.end(), m.warnings.begin(), m.warnings.end());
    return problems;
  }
  if (undecided) return std::nullopt;
  stats_.decided = true;
  return m.warnings;  // what validateMap would say: the moved edges met nothing
}

}  // namespace polypath
