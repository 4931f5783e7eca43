// polygon_map.cpp: normalization, exact point location, exact line of sight, normals.
#include "polypath/core/polygon_map.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

namespace polypath {

double twiceArea(const Ring& ring) {
  double a = 0.0;
  for (std::size_t i = 1; i + 1 < ring.size(); ++i) a += cross(ring[i] - ring[0], ring[i + 1] - ring[0]);
  return a;
}

double twiceArea(const Polygon& poly) {
  double a = std::abs(twiceArea(poly.outer));
  for (const Ring& h : poly.holes) a -= std::abs(twiceArea(h));
  return a;
}

std::string RingLocation::describe() const {
  std::ostringstream s;
  s << "polygon " << polygon << ", " << (hole < 0 ? std::string("outer ring") : "hole " + std::to_string(hole));
  if (vertex >= 0) s << ", vertex " << vertex;
  return s.str();
}

GeometryError::GeometryError(RingLocation where, const std::string& what)
    : Error(where.describe() + ": " + what, where.describe()), where_(where) {}

std::string PointLocation::describe() const {
  switch (kind) {
    case Kind::Inside: return "inside polygon " + std::to_string(polygon);
    case Kind::OnBoundary: return "on the boundary of polygon " + std::to_string(polygon);
    case Kind::InHole: return "inside hole " + std::to_string(hole) + " of polygon " + std::to_string(polygon);
    case Kind::Outside: break;
  }
  return "outside every polygon";
}

namespace {

// Coordinates beyond this magnitude are refused: orient() squares them.
constexpr double kMaxCoordinate = 1e100;

// Exact: every vertex of the ring lies on one line (the ring encloses no area).
bool allCollinear(const Ring& r) {
  std::size_t k = 1;
  while (k < r.size() && r[k] == r[0]) ++k;
  for (std::size_t j = k + 1; j < r.size(); ++j)
    if (orient(r[0], r[k], r[j]) != 0) return false;
  return true;
}

// Exact winding of a simple ring: the orientation at its lexicographically smallest
// vertex, where the ring is locally convex. (A naive shoelace sum about the origin
// loses every digit for rings far from the origin.) If the neighbours there lie on one
// ray (a spike), the shoelace sum relative to that vertex decides.
bool counterClockwise(const Ring& r) {
  std::size_t m = 0;
  for (std::size_t i = 1; i < r.size(); ++i)
    if (r[i].x < r[m].x || (r[i].x == r[m].x && r[i].y < r[m].y)) m = i;
  const Point v = r[m];
  const int o = orient(r[(m + r.size() - 1) % r.size()], v, r[(m + 1) % r.size()]);
  if (o != 0) return o > 0;
  double area = 0.0;
  for (std::size_t i = 0, j = r.size() - 1; i < r.size(); j = i++) area += cross(r[j] - v, r[i] - v);
  return area > 0.0;
}

// Drops consecutive duplicates (including the closing repeat) and checks the ring.
Ring cleanRing(const Ring& in, RingLocation where, bool wantCounterClockwise) {
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (!isFinite(in[i])) {
      where.vertex = static_cast<int>(i);
      throw GeometryError(where, "coordinate is NaN or infinite; give finite numbers");
    }
    if (std::abs(in[i].x) > kMaxCoordinate || std::abs(in[i].y) > kMaxCoordinate) {
      where.vertex = static_cast<int>(i);
      throw GeometryError(where, "coordinate beyond 1e100 in size: exact geometry needs products of coordinates "
                                 "to stay finite; scale the map down");
    }
  }
  Ring r;
  r.reserve(in.size());
  for (const Point& p : in)
    if (r.empty() || r.back() != p) r.push_back(p);
  while (r.size() > 1 && r.front() == r.back()) r.pop_back();
  if (r.size() < 3)
    throw GeometryError(where, "ring has fewer than 3 distinct vertices; add vertices or delete the ring");
  if (allCollinear(r)) throw GeometryError(where, "ring has zero area (all its vertices lie on one line); move them apart or delete it");
  if (counterClockwise(r) != wantCounterClockwise) std::reverse(r.begin(), r.end());
  return r;
}

// Classifies p against one ring: -1 outside, 0 on the boundary, 1 strictly inside.
int ringSide(const std::vector<PolygonMap::Vertex>& vs, const PolygonMap::RingInfo& ring, Point p) {
  bool inside = false;
  for (int k = 0; k < ring.count; ++k) {
    const Point a = vs[ring.first + k].position;
    const Point b = vs[vs[ring.first + k].next].position;
    if (onSegment(a, b, p)) return 0;
    if ((a.y > p.y) != (b.y > p.y)) {
      // The edge spans the horizontal line through p; does it cross to the right of p?
      const int o = orient(a, b, p);
      if ((b.y > a.y) ? o > 0 : o < 0) inside = !inside;
    }
  }
  return inside ? 1 : -1;
}

}  // namespace

PolygonMap::PolygonMap(std::vector<Polygon> polygons) {
  bounds_.min = {HUGE_VAL, HUGE_VAL};
  bounds_.max = {-HUGE_VAL, -HUGE_VAL};
  for (std::size_t pi = 0; pi < polygons.size(); ++pi) {
    Polygon clean;
    clean.outer = cleanRing(polygons[pi].outer, {static_cast<int>(pi), -1, -1}, true);
    for (std::size_t hi = 0; hi < polygons[pi].holes.size(); ++hi)
      clean.holes.push_back(
          cleanRing(polygons[pi].holes[hi], {static_cast<int>(pi), static_cast<int>(hi), -1}, false));
    polygons_.push_back(std::move(clean));
  }
  insertContactPoints();
  for (std::size_t pi = 0; pi < polygons_.size(); ++pi) {
    const Polygon& poly = polygons_[pi];
    for (int hi = -1; hi < static_cast<int>(poly.holes.size()); ++hi) {
      const Ring& r = hi < 0 ? poly.outer : poly.holes[hi];
      RingInfo info{static_cast<int>(pi), hi, static_cast<int>(vertices_.size()), static_cast<int>(r.size())};
      for (int k = 0; k < info.count; ++k) {
        Vertex v;
        v.position = r[k];
        v.ring = static_cast<int>(rings_.size());
        v.prev = info.first + (k + info.count - 1) % info.count;
        v.next = info.first + (k + 1) % info.count;
        vertices_.push_back(v);
        bounds_.min = {std::min(bounds_.min.x, r[k].x), std::min(bounds_.min.y, r[k].y)};
        bounds_.max = {std::max(bounds_.max.x, r[k].x), std::max(bounds_.max.y, r[k].y)};
      }
      rings_.push_back(info);
    }
  }
  for (Vertex& v : vertices_) {
    const Point d = vertices_[v.next].position - v.position;
    v.edge_normal = normalized({-d.y, d.x});  // left of the edge = walkable side
  }
  for (std::size_t i = 0; i < vertices_.size(); ++i) {
    Vertex& v = vertices_[i];
    v.vertex_normal = normalized(v.edge_normal + vertices_[v.prev].edge_normal);
    v.reflex = orient(vertices_[v.prev].position, v.position, vertices_[v.next].position) < 0;
    if (v.reflex) reflex_.push_back(static_cast<int>(i));
  }
  buildCorners();
  findZeroWidthEdges();
  buildEdgeGrid();
}

void PolygonMap::insertContactPoints() {
  // Every ring vertex that lies inside an edge (of any ring) becomes a vertex of that
  // edge too. O(n^2) exact tests for the points in the edge's box (by x, from a sorted
  // list, then by y, before any call); inputs are ring vertices, so
  // inserting never creates new contacts.
  std::vector<Point> all;
  for (const Polygon& poly : polygons_) {
    all.insert(all.end(), poly.outer.begin(), poly.outer.end());
    for (const Ring& h : poly.holes) all.insert(all.end(), h.begin(), h.end());
  }
  std::sort(all.begin(), all.end(), [](Point a, Point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
  all.erase(std::unique(all.begin(), all.end()), all.end());
  auto splitRing = [&](Ring& ring) {
    Ring out;
    std::vector<Point> inside;
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const Point a = ring[i], b = ring[(i + 1) % ring.size()];
      out.push_back(a);
      inside.clear();
      // Points are sorted by x: only those within the edge's x range can lie on it.
      const auto lo = std::lower_bound(all.begin(), all.end(), Point{std::min(a.x, b.x), -HUGE_VAL},
                                       [](Point p, Point q) { return p.x != q.x ? p.x < q.x : p.y < q.y; });
      const double ylo = std::min(a.y, b.y), yhi = std::max(a.y, b.y);
      for (auto it = lo; it != all.end() && it->x <= std::max(a.x, b.x); ++it)
        if (it->y >= ylo && it->y <= yhi && strictlyInsideSegment(a, b, *it)) inside.push_back(*it);
      std::sort(inside.begin(), inside.end(), [&](Point p, Point q) { return dot(p - a, b - a) < dot(q - a, b - a); });
      out.insert(out.end(), inside.begin(), inside.end());
    }
    ring = std::move(out);
  };
  for (Polygon& poly : polygons_) {
    splitRing(poly.outer);
    for (Ring& h : poly.holes) splitRing(h);
  }
}

namespace {

// Exact angular order of directions from a common origin o: counter-clockwise from the
// +x axis. Directions are given by points other than o.
int halfPlane(Point o, Point p) { return (p.y < o.y || (p.y == o.y && p.x < o.x)) ? 1 : 0; }
bool angleLess(Point o, Point p, Point q) {
  const int hp = halfPlane(o, p), hq = halfPlane(o, q);
  if (hp != hq) return hp < hq;
  return orient(o, p, q) > 0;
}
bool sameDirection(Point o, Point p, Point q) { return halfPlane(o, p) == halfPlane(o, q) && orient(o, p, q) == 0; }

// Exact: direction o->t lies in the closed wedge swept counter-clockwise from o->first to o->last.
bool inWedge(Point o, Point first, Point last, Point t) {
  const int turn = orient(last, o, first);
  const bool leftOfFirst = orient(o, first, t) >= 0;
  const bool rightOfLast = orient(o, last, t) <= 0;
  if (turn > 0) return leftOfFirst && rightOfLast;  // narrower than 180 degrees
  if (turn < 0) return leftOfFirst || rightOfLast;  // wider than 180 degrees
  if (sameDirection(o, first, last)) return sameDirection(o, first, t);  // degenerate spike
  return leftOfFirst;                                                    // exactly 180 degrees
}

Point wedgeBisector(Point o, Point first, Point last) {
  const Point a = normalized(first - o), b = normalized(last - o);
  const int turn = orient(last, o, first);
  if (turn == 0) return {-a.y, a.x};  // half-plane: the left normal of the first ray
  const Point sum = normalized(a + b);
  return turn > 0 ? sum : sum * -1.0;
}

}  // namespace

void PolygonMap::buildCorners() {
  const int n = static_cast<int>(vertices_.size());
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  auto posLess = [&](int a, int b) {
    const Point p = vertices_[a].position, q = vertices_[b].position;
    return p.x != q.x ? p.x < q.x : p.y < q.y;
  };
  std::sort(order.begin(), order.end(), posLess);
  vertex_group_.assign(n, -1);
  for (std::size_t k = 0; k < order.size();) {
    std::size_t end = k + 1;
    while (end < order.size() && vertices_[order[end]].position == vertices_[order[k]].position) ++end;
    const int group = static_cast<int>(group_first_.size());
    group_first_.push_back(static_cast<int>(corners_.size()));
    group_pinch_.push_back(end - k > 1 ? 1 : 0);
    const Point o = vertices_[order[k]].position;
    if (end - k == 1) {
      const Vertex& v = vertices_[order[k]];
      corners_.push_back({o, vertices_[v.next].position, vertices_[v.prev].position, order[k], v.reflex, false,
                          v.vertex_normal});
    } else {
      // Polygons are separate walkable areas: the free wedges of each polygon are found
      // among its own rings, and a path never passes from one polygon's wedge to another's.
      std::vector<int> occ(order.begin() + static_cast<std::ptrdiff_t>(k), order.begin() + static_cast<std::ptrdiff_t>(end));
      std::stable_sort(occ.begin(), occ.end(), [&](int a, int b) {
        return rings_[vertices_[a].ring].polygon < rings_[vertices_[b].ring].polygon;
      });
      for (std::size_t p0 = 0; p0 < occ.size();) {
        std::size_t p1 = p0 + 1;
        while (p1 < occ.size() && rings_[vertices_[occ[p1]].ring].polygon == rings_[vertices_[occ[p0]].ring].polygon) ++p1;
        addPolygonWedges(o, std::vector<int>(occ.begin() + static_cast<std::ptrdiff_t>(p0), occ.begin() + static_cast<std::ptrdiff_t>(p1)));
        p0 = p1;
      }
    }
    for (std::size_t j = k; j < end; ++j) vertex_group_[order[j]] = group;
    k = end;
  }
  group_first_.push_back(static_cast<int>(corners_.size()));
  for (std::size_t c = 0; c < corners_.size(); ++c)
    if (corners_[c].reflex) reflex_corners_.push_back(static_cast<int>(c));
}

Point PolygonMap::nearestWalkable(Point p) const {
  if (vertices_.empty() || isWalkable(p)) return p;
  double best = HUGE_VAL;
  int bestEdge = -1;
  Point bestPoint = p;
  for (std::size_t i = 0; i < vertices_.size(); ++i) {
    const Point a = vertices_[i].position, b = vertices_[vertices_[i].next].position;
    const Point ab = b - a;
    const double t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0, 1.0);
    const Point q = t == 0.0 ? a : t == 1.0 ? b : a + ab * t;
    const double d = distance(p, q);
    if (d < best) {
      best = d;
      bestEdge = static_cast<int>(i);
      bestPoint = q;
    }
  }
  if (isWalkable(bestPoint)) return bestPoint;
  const Vertex& v = vertices_[bestEdge];
  const double scale = std::max({std::abs(bestPoint.x), std::abs(bestPoint.y), 1.0});
  double nudge = scale * 1e-15;
  for (int k = 0; k < 48; ++k, nudge *= 2.0) {
    const Point q = bestPoint + v.edge_normal * nudge;
    if (isWalkable(q)) return q;
  }
  const Point a = v.position, b = vertices_[v.next].position;
  return distance(p, a) <= distance(p, b) ? a : b;
}

void PolygonMap::addPolygonWedges(Point o, std::vector<int> occ) {
  if (occ.size() == 1) {
    const Vertex& v = vertices_[occ[0]];
    corners_.push_back({o, vertices_[v.next].position, vertices_[v.prev].position, occ[0], v.reflex, true,
                        v.vertex_normal});
    return;
  }
  // Each ring of the polygon blocks the wedge from its previous vertex counter-clockwise
  // to its next vertex (the walkable side is left of the edges). The free wedges are the
  // gaps between these blocked wedges, sorted around the point; a gap of zero width (two
  // rings sharing an edge) is no wedge at all.
  std::sort(occ.begin(), occ.end(), [&](int a, int b) {
    return angleLess(o, vertices_[vertices_[a].prev].position, vertices_[vertices_[b].prev].position);
  });
  for (std::size_t j = 0; j < occ.size(); ++j) {
    const Point first = vertices_[vertices_[occ[j]].next].position;
    const Point last = vertices_[vertices_[occ[(j + 1) % occ.size()]].prev].position;
    if (sameDirection(o, first, last)) continue;
    const bool reflex = orient(last, o, first) < 0;
    corners_.push_back({o, first, last, occ[j], reflex, true, wedgeBisector(o, first, last)});
  }
}

void PolygonMap::findZeroWidthEdges() {
  // After contact points are inserted, two rings that share a stretch of boundary share
  // whole edges, traversed in opposite directions. The region has zero width there.
  const int n = static_cast<int>(vertices_.size());
  auto key = [](Point a, Point b) { return std::array<double, 4>{a.x, a.y, b.x, b.y}; };
  std::vector<std::pair<std::array<double, 4>, int>> edges;
  edges.reserve(n);
  for (int i = 0; i < n; ++i) edges.push_back({key(vertices_[i].position, vertices_[vertices_[i].next].position), i});
  std::sort(edges.begin(), edges.end());
  zero_width_.assign(n, 0);
  shared_with_other_polygon_.assign(n, 0);
  for (int i = 0; i < n; ++i) {
    const auto reversed = key(vertices_[vertices_[i].next].position, vertices_[i].position);
    const auto it = std::lower_bound(edges.begin(), edges.end(), std::make_pair(reversed, -1));
    if (it == edges.end() || it->first != reversed) continue;
    // Within one polygon the region has zero width along the edge; between two separate
    // polygons each has its own wall there, with its own walkable side.
    if (rings_[vertices_[i].ring].polygon == rings_[vertices_[it->second].ring].polygon) zero_width_[i] = 1;
    else shared_with_other_polygon_[i] = 1;
  }
}

bool PolygonMap::polygonsShareEdges() const {
  return std::find(shared_with_other_polygon_.begin(), shared_with_other_polygon_.end(), 1) !=
         shared_with_other_polygon_.end();
}

bool PolygonMap::directionInCorner(int c, Point t) const {
  const Corner& k = corners_[c];
  return inWedge(k.position, k.first, k.last, t);
}

PointLocation PolygonMap::locate(Point p) const {
  // Outside the box of every vertex (or not a number): outside every ring.
  if (!(p.x >= bounds_.min.x && p.x <= bounds_.max.x && p.y >= bounds_.min.y && p.y <= bounds_.max.y)) return {};
  if (cell_start_.empty()) return locateByRings(p);
  // ringSide() for every ring at once, on the edges of p's row of the edge grid only: a
  // ray from p along the row towards its nearer end. An edge that p lies on, or that
  // crosses the ray, spans p's y, so the row lists it in a cell the ray visits; it counts
  // once, in the first such cell. The parity of a closed ring's crossings is the same on
  // either side of p. Rings met: few, kept in a small array (else the full scan).
  struct RingHit {
    int ring;
    bool odd, on;
  };
  constexpr int kMaxHits = 32;
  RingHit hits[kMaxHits];
  int count = 0;
  const int row = cellIndex(p.y, bounds_.min.y, grid_h_);
  const int col = cellIndex(p.x, bounds_.min.x, grid_w_);
  const bool right = 2 * col < grid_w_;
  for (int c = col; c >= 0 && c < grid_w_; c += right ? 1 : -1) {
    const int cell = row * grid_w_ + c;
    for (int e = cell_start_[cell]; e < cell_start_[cell + 1]; ++e) {
      const int i = cell_edges_[e];
      const Point a = vertices_[i].position, b = vertices_[vertices_[i].next].position;
      if (c != col && cellIndex(right ? std::min(a.x, b.x) : std::max(a.x, b.x), bounds_.min.x, grid_w_) != c) continue;
      const bool on = onSegment(a, b, p);
      if (!on) {
        if ((a.y > p.y) == (b.y > p.y)) continue;
        const int o = orient(a, b, p);
        if (!((b.y > a.y) == right ? o > 0 : o < 0)) continue;  // crosses the other side of p
      }
      const int ring = vertices_[i].ring;
      int k = 0;
      while (k < count && hits[k].ring != ring) ++k;
      if (k == count) {
        if (count == kMaxHits) return locateByRings(p);
        hits[count++] = {ring, false, false};
      }
      if (on) hits[k].on = true;
      else hits[k].odd = !hits[k].odd;
    }
  }
  // locateByRings()'s decision over the rings met (the others hold p outside).
  std::sort(hits, hits + count, [](const RingHit& x, const RingHit& y) { return x.ring < y.ring; });
  auto side = [](const RingHit& h) { return h.on ? 0 : h.odd ? 1 : -1; };
  PointLocation best;
  for (int k = 0; k < count; ++k) {
    const RingInfo& ring = rings_[hits[k].ring];
    if (ring.hole >= 0 || side(hits[k]) < 0) continue;
    const int outer = side(hits[k]);
    PointLocation loc{outer == 0 ? PointLocation::Kind::OnBoundary : PointLocation::Kind::Inside, ring.polygon, -1};
    if (outer > 0) {
      const int holes = static_cast<int>(polygons_[ring.polygon].holes.size());
      for (int j = k + 1; j < count && hits[j].ring <= hits[k].ring + holes; ++j) {
        const int h = hits[j].ring - hits[k].ring - 1;
        if (side(hits[j]) > 0) {
          loc = {PointLocation::Kind::InHole, ring.polygon, h};
          break;
        }
        if (side(hits[j]) == 0) loc.kind = PointLocation::Kind::OnBoundary;
      }
    }
    if (loc.walkable()) return loc;
    best = loc;  // in a hole of this polygon; another polygon may still contain p
  }
  return best;
}

PointLocation PolygonMap::locateByRings(Point p) const {
  PointLocation best;
  for (const RingInfo& ring : rings_) {
    if (ring.hole >= 0) continue;
    const int outer = ringSide(vertices_, ring, p);
    if (outer < 0) continue;
    PointLocation loc{outer == 0 ? PointLocation::Kind::OnBoundary : PointLocation::Kind::Inside, ring.polygon, -1};
    if (outer > 0) {
      const int holes = static_cast<int>(polygons_[ring.polygon].holes.size());
      for (int h = 0; h < holes; ++h) {
        const int side = ringSide(vertices_, rings_[&ring - rings_.data() + 1 + h], p);
        if (side > 0) {
          loc = {PointLocation::Kind::InHole, ring.polygon, h};
          break;
        }
        if (side == 0) loc.kind = PointLocation::Kind::OnBoundary;
      }
    }
    if (loc.walkable()) return loc;
    best = loc;  // in a hole of this polygon; another polygon may still contain p
  }
  return best;
}

bool PolygonMap::directionIsFree(int vi, Point t) const {
  const Vertex& v = vertices_[vi];
  return inWedge(v.position, vertices_[v.next].position, vertices_[v.prev].position, t);
}

bool PolygonMap::passesCorner(int vi, Point a, Point b) const {
  const Point p = vertices_[vi].position;
  const int g = vertex_group_[vi];
  if (!group_pinch_[g]) {
    if (p != b && !directionIsFree(vi, b)) return false;
    if (p != a && !directionIsFree(vi, a)) return false;
    return true;
  }
  // A pinch point: the part before p and the part after p must lie in one free wedge.
  for (int c = group_first_[g]; c < group_first_[g + 1]; ++c)
    if ((p == b || directionInCorner(c, b)) && (p == a || directionInCorner(c, a))) return true;
  return false;
}

bool PolygonMap::segmentClearOfEdge(int i, Point a, Point b) const {
  const Point p = vertices_[i].position;
  const Point q = vertices_[vertices_[i].next].position;
  if (std::max(p.x, q.x) < std::min(a.x, b.x) || std::min(p.x, q.x) > std::max(a.x, b.x) ||
      std::max(p.y, q.y) < std::min(a.y, b.y) || std::min(p.y, q.y) > std::max(a.y, b.y))
    return true;
  // Contact at vertex p: every part of the segment that leaves p must leave into the free cone.
  const int op = orient(a, b, p);
  if (op == 0 && onSegment(a, b, p) && !passesCorner(i, a, b)) return false;
  // Edge (p, q): its endpoints are handled as vertices; here only its open interior matters.
  const int oq = orient(a, b, q);
  if (op == 0 && oq == 0 && zero_width_[i]) {
    // Collinear with an edge the region has zero width along: blocked if they overlap in
    // more than a point (compare along the dominant axis; exact).
    const bool useX = std::max(p.x, q.x) - std::min(p.x, q.x) >= std::max(p.y, q.y) - std::min(p.y, q.y);
    const double lo = useX ? std::max(std::min(a.x, b.x), std::min(p.x, q.x)) : std::max(std::min(a.y, b.y), std::min(p.y, q.y));
    const double hi = useX ? std::min(std::max(a.x, b.x), std::max(p.x, q.x)) : std::min(std::max(a.y, b.y), std::max(p.y, q.y));
    if (lo < hi) return false;
  }
  if (op == 0 || oq == 0 || op == oq) return true;
  const int oa = orient(p, q, a);
  const int ob = orient(p, q, b);
  if (oa == ob) return true;               // the segment stays on one side of the edge's line
  if (oa != 0 && ob != 0) return false;    // proper crossing
  // An end on the edge may leave to the walkable side only; on a wall shared with another
  // polygon, the other side is that polygon's walkable side (its own edge decides).
  if (shared_with_other_polygon_[i]) return true;
  if (oa == 0 && ob < 0) return false;     // a lies on the edge and the segment leaves to the blocked side
  if (ob == 0 && oa < 0) return false;     // b lies on the edge and the segment arrives from the blocked side
  return true;
}

bool PolygonMap::clearOfEdges(Point a, Point b, const std::vector<int>& edges) const {
  for (int e : edges)
    if (!segmentClearOfEdge(e, a, b)) return false;
  return true;
}

bool PolygonMap::lineOfSight(Point a, Point b) const {
  std::size_t work = 0;
  return walkLineOfSight(a, b, work);
}

bool PolygonMap::walkLineOfSight(Point a, Point b, std::size_t& work) const {
  if (a == b) return true;
  // Visit every grid row the segment spans and, in each, the cells between the
  // segment's x extent in that row. A margin of a millionth of a cell on every side
  // covers the rounding of the slab clipping, so the visited cells are a superset of
  // the cells the segment touches. An edge listed in several visited cells is tested
  // more than once; the test is pure.
  const Point o = bounds_.min;
  const double margin = cell_size_ * 1e-6;
  auto cellOf = [&](double v, double origin, int count) {
    const double c = std::floor((v - origin) / cell_size_);
    return static_cast<int>(std::clamp(c, 0.0, static_cast<double>(count - 1)));
  };
  const int row0 = cellOf(std::min(a.y, b.y) - margin, o.y, grid_h_);
  const int row1 = cellOf(std::max(a.y, b.y) + margin, o.y, grid_h_);
  // Walk rows and cells from a towards b: a blocked segment is usually blocked near a.
  const int rowStep = b.y >= a.y ? 1 : -1;
  const int firstRow = rowStep > 0 ? row0 : row1;
  for (int k = 0, row = firstRow; k <= row1 - row0; ++k, row += rowStep) {
    double x0 = std::min(a.x, b.x), x1 = std::max(a.x, b.x);
    if (a.y != b.y) {
      const double ylo = o.y + row * cell_size_, yhi = ylo + cell_size_;
      const double t0 = std::clamp((ylo - a.y) / (b.y - a.y), 0.0, 1.0);
      const double t1 = std::clamp((yhi - a.y) / (b.y - a.y), 0.0, 1.0);
      const double xa = a.x + (b.x - a.x) * t0, xb = a.x + (b.x - a.x) * t1;
      x0 = std::max(x0, std::min(xa, xb));
      x1 = std::min(x1, std::max(xa, xb));
    }
    const int c0 = cellOf(x0 - margin, o.x, grid_w_);
    const int c1 = cellOf(x1 + margin, o.x, grid_w_);
    const int colStep = b.x >= a.x ? 1 : -1;
    for (int j = 0, col = colStep > 0 ? c0 : c1; j <= c1 - c0; ++j, col += colStep) {
      const int c = row * grid_w_ + col;
      work += 1 + static_cast<std::size_t>(cell_start_[c + 1] - cell_start_[c]);
      for (int e = cell_start_[c]; e < cell_start_[c + 1]; ++e)
        if (!segmentClearOfEdge(cell_edges_[e], a, b)) return false;
    }
  }
  return true;
}

int PolygonMap::cellIndex(double v, double origin, int count) const {
  return std::clamp(static_cast<int>(std::floor((v - origin) / cell_size_)), 0, count - 1);
}

void PolygonMap::buildEdgeGrid() {
  const int n = static_cast<int>(vertices_.size());
  if (n == 0) return;
  const double w = bounds_.max.x - bounds_.min.x, h = bounds_.max.y - bounds_.min.y;
  // About one edge per cell on average, at most 1024 cells a side.
  cell_size_ = std::max(std::sqrt(w * h / n), std::max(w, h) / 1024.0);
  if (!(cell_size_ > 0.0)) cell_size_ = 1.0;
  grid_w_ = std::max(1, static_cast<int>(std::floor(w / cell_size_)) + 1);
  grid_h_ = std::max(1, static_cast<int>(std::floor(h / cell_size_)) + 1);
  auto cellRange = [&](const Vertex& v, int& x0, int& x1, int& y0, int& y1) {
    const Point p = v.position, q = vertices_[v.next].position;
    x0 = cellIndex(std::min(p.x, q.x), bounds_.min.x, grid_w_);
    x1 = cellIndex(std::max(p.x, q.x), bounds_.min.x, grid_w_);
    y0 = cellIndex(std::min(p.y, q.y), bounds_.min.y, grid_h_);
    y1 = cellIndex(std::max(p.y, q.y), bounds_.min.y, grid_h_);
  };
  cell_start_.assign(static_cast<std::size_t>(grid_w_) * grid_h_ + 1, 0);
  for (int pass = 0; pass < 2; ++pass) {
    std::vector<int> fill;
    if (pass == 1) {
      for (std::size_t c = 1; c < cell_start_.size(); ++c) cell_start_[c] += cell_start_[c - 1];
      cell_edges_.assign(cell_start_.back(), -1);
      fill.assign(cell_start_.begin(), cell_start_.end() - 1);
    }
    for (int i = 0; i < n; ++i) {
      int x0, x1, y0, y1;
      cellRange(vertices_[i], x0, x1, y0, y1);
      for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
          const int c = y * grid_w_ + x;
          if (pass == 0) ++cell_start_[c + 1];
          else cell_edges_[fill[c]++] = i;
        }
    }
  }
}

std::size_t PolygonMap::memoryBytes() const {
  std::size_t bytes = sizeof(*this) + vertices_.capacity() * sizeof(Vertex) + rings_.capacity() * sizeof(RingInfo) +
                      corners_.capacity() * sizeof(Corner) +
                      (reflex_.capacity() + reflex_corners_.capacity() + vertex_group_.capacity() +
                       group_first_.capacity() + cell_start_.capacity() + cell_edges_.capacity()) * sizeof(int) +
                      zero_width_.capacity() + shared_with_other_polygon_.capacity() + group_pinch_.capacity();
  for (const Polygon& p : polygons_) {
    bytes += sizeof(Polygon) + p.outer.capacity() * sizeof(Point);
    for (const Ring& h : p.holes) bytes += sizeof(Ring) + h.capacity() * sizeof(Point);
  }
  return bytes;
}

Point PolygonMap::offsetCorner(int c, double offset) const {
  const Corner& k = corners_[c];
  if (offset == 0.0) return k.position;
  double d = offset;
  for (int attempt = 0; attempt < 32; ++attempt, d *= 0.5) {
    const Point candidate = k.position + k.normal * d;
    if (isWalkable(candidate)) return candidate;
  }
  return k.position;
}

}  // namespace polypath
