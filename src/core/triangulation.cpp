// triangulation.cpp: constrained Delaunay triangulation (see triangulation.hpp for the method).
#include "polypath/core/triangulation.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <string>
#include <unordered_map>
#include <utility>

namespace polypath {

std::uint64_t hilbertIndex(std::uint32_t x, std::uint32_t y) {
  std::uint64_t d = 0;
  for (std::uint32_t s = 1u << 15; s > 0; s >>= 1) {
    const std::uint32_t rx = (x & s) ? 1 : 0, ry = (y & s) ? 1 : 0;
    d += static_cast<std::uint64_t>(s) * s * ((3 * rx) ^ ry);
    if (ry == 0) {
      if (rx == 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      std::swap(x, y);
    }
  }
  return d;
}

std::uint64_t hilbertIndex(Point p, Point min, double scale) {
  const auto cell = [&](double v, double lo) {
    return static_cast<std::uint32_t>(std::clamp((v - lo) * scale, 0.0, 65535.0));
  };
  return hilbertIndex(cell(p.x, min.x), cell(p.y, min.y));
}

namespace {

constexpr int kNone = -1;

inline int nextOf(int i) { return i == 2 ? 0 : i + 1; }
inline int prevOf(int i) { return i == 0 ? 2 : i - 1; }

/// True when d lies strictly inside the circumcircle of the counter-clockwise triangle
/// (a, b, c) and the floating-point determinant is sure of it (Shewchuk's incircle error
/// bound iccerrboundA): never true for a point on or outside the circle. Exact for
/// lattice coordinates small enough that every product is exact.
bool surelyInCircle(Point a, Point b, Point c, Point d) {
  const double adx = a.x - d.x, ady = a.y - d.y;
  const double bdx = b.x - d.x, bdy = b.y - d.y;
  const double cdx = c.x - d.x, cdy = c.y - d.y;
  const double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy, alift = adx * adx + ady * ady;
  const double cdxady = cdx * ady, adxcdy = adx * cdy, blift = bdx * bdx + bdy * bdy;
  const double adxbdy = adx * bdy, bdxady = bdx * ady, clift = cdx * cdx + cdy * cdy;
  const double det = alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) + clift * (adxbdy - bdxady);
  const double permanent = (std::abs(bdxcdy) + std::abs(cdxbdy)) * alift +
                           (std::abs(cdxady) + std::abs(adxcdy)) * blift +
                           (std::abs(adxbdy) + std::abs(bdxady)) * clift;
  constexpr double eps = 0.5 * 2.220446049250313080847263336181640625e-16;
  constexpr double errBoundA = (10.0 + 96.0 * eps) * eps;
  return det > errBoundA * permanent;
}

/// A triangulation under construction. Triangle t has vertices v[t] counter-clockwise;
/// its edge i is the one opposite v[t][i] (from v[t][i+1] to v[t][i+2]), n[t][i] the
/// triangle across it (kNone on the outer hull) and fixed[t][i] how many ring edges lie
/// on it (both sides hold the same count).
class Builder {
 public:
  Builder(std::vector<Point> points, RingLocation where) : p_(std::move(points)), where_(where) {}

  /// Inserts every point (the first `count` of p_) inside a super triangle appended after them.
  void insertPoints(std::size_t count);
  /// Forces the segment between vertices s and e in as an edge (in pieces where vertices
  /// lie on it) and counts it as a ring edge.
  void insertConstraint(int s, int e);
  /// The triangles inside an odd number of ring edges, counted from the super triangle,
  /// and their neighbours (Triangulation's fields).
  void insideTriangles(Triangulation& out) const;

 private:
  struct EdgeRef {
    int t = kNone;
    int i = 0;
  };

  /// A new triangle, its fields to be set; returns its index.
  int addTriangle() {
    v_.push_back({kNone, kNone, kNone});
    n_.push_back({kNone, kNone, kNone});
    fixed_.push_back({0, 0, 0});
    return static_cast<int>(v_.size()) - 1;
  }
  /// Sets triangle t's vertices, neighbours and ring-edge counts (edge i opposite v[i]).
  void set(int t, std::array<int, 3> v, std::array<int, 3> n, std::array<std::uint8_t, 3> fixed) {
    v_[t] = v;
    n_[t] = n;
    fixed_[t] = fixed;
  }
  int indexOf(int t, int vertex) const {
    return v_[t][0] == vertex ? 0 : v_[t][1] == vertex ? 1 : 2;
  }
  int neighbourIndex(int t, int across) const {
    return n_[t][0] == across ? 0 : n_[t][1] == across ? 1 : 2;
  }
  void replaceNeighbour(int t, int from, int to) {
    if (t != kNone) n_[t][neighbourIndex(t, from)] = to;
  }
  void setVertexTriangle(int t) {
    for (int k : v_[t]) vt_[k] = t;
  }

  /// The triangle holding q, and the edge q lies on (-1 when strictly inside).
  std::pair<int, int> locate(Point q);
  void splitTriangle(int t, int q);
  void splitEdge(int t, int i, int q);
  /// Flips edge i of t: with t = (a, b, c) (a = v[t][i]) and the triangle across it
  /// (d, c, b), t becomes (a, b, d) and the other (d, c, a).
  int flip(int t, int i);
  /// Lawson's flips from the edges on the stack (triangle, edge index) until each is
  /// Delaunay or a ring edge.
  void legalize(std::vector<EdgeRef>& stack);
  /// The triangle side holding the edge between vertices a and b.
  EdgeRef findEdge(int a, int b) const;
  /// True when the two triangles beside edge i of t form a strictly convex quadrilateral.
  bool flippable(int t, int i) const;
  [[noreturn]] void fail(const std::string& what) const { throw GeometryError(where_, what); }

  std::vector<Point> p_;
  RingLocation where_;
  std::vector<std::array<int, 3>> v_, n_;
  std::vector<std::array<std::uint8_t, 3>> fixed_;
  std::vector<int> vt_;  // a triangle holding each vertex
  int last_ = 0;         // where the next walk starts
  std::uint32_t random_ = 2463534242u;
};

void Builder::insertPoints(std::size_t count) {
  double minx = 0, miny = 0, maxx = 0, maxy = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const Point q = p_[k];
    if (k == 0 || q.x < minx) minx = q.x;
    if (k == 0 || q.y < miny) miny = q.y;
    if (k == 0 || q.x > maxx) maxx = q.x;
    if (k == 0 || q.y > maxy) maxy = q.y;
  }
  const double size = std::max({maxx - minx, maxy - miny, 1.0});
  const Point c{0.5 * (minx + maxx), 0.5 * (miny + maxy)};
  const int s = static_cast<int>(p_.size());
  p_.push_back({c.x - 20 * size, c.y - 10 * size});
  p_.push_back({c.x + 20 * size, c.y - 10 * size});
  p_.push_back({c.x, c.y + 20 * size});
  vt_.assign(p_.size(), kNone);
  v_.reserve(2 * p_.size());
  n_.reserve(2 * p_.size());
  fixed_.reserve(2 * p_.size());
  const int first = addTriangle();
  set(first, {s, s + 1, s + 2}, {kNone, kNone, kNone}, {0, 0, 0});
  setVertexTriangle(first);

  // Along a Hilbert curve, so each walk starts next to its point.
  const double scale = 65535.0 / size;
  std::vector<std::pair<std::uint64_t, int>> order(count);
  for (std::size_t k = 0; k < count; ++k) {
    order[k] = {hilbertIndex(p_[k], Point{minx, miny}, scale), static_cast<int>(k)};
  }
  std::sort(order.begin(), order.end());
  for (const auto& [key, q] : order) {
    const auto [t, edge] = locate(p_[q]);
    if (edge < 0)
      splitTriangle(t, q);
    else
      splitEdge(t, edge, q);
  }
}

std::pair<int, int> Builder::locate(Point q) {
  int t = last_, from = kNone;
  for (std::size_t steps = 0;; ++steps) {
    if (steps > 4 * v_.size() + 16) fail("the triangulation's point walk did not end (a non-finite coordinate?)");
    random_ ^= random_ << 13;
    random_ ^= random_ >> 17;
    random_ ^= random_ << 5;
    const int r = static_cast<int>(random_ % 3);
    int moved = kNone;
    for (int k = 0; k < 3 && moved == kNone; ++k) {
      const int e = (r + k) % 3;
      // q is strictly inside the edge just crossed; the hull is never crossed.
      if (n_[t][e] == from || n_[t][e] == kNone) continue;
      if (orient(p_[v_[t][nextOf(e)]], p_[v_[t][prevOf(e)]], q) < 0) moved = n_[t][e];
    }
    if (moved == kNone) {
      for (int e = 0; e < 3; ++e)
        if (orient(p_[v_[t][nextOf(e)]], p_[v_[t][prevOf(e)]], q) == 0) return {t, e};
      return {t, -1};
    }
    from = t;
    t = moved;
  }
}

void Builder::splitTriangle(int t, int q) {
  const int a = v_[t][0], b = v_[t][1], c = v_[t][2];
  const int na = n_[t][0], nb = n_[t][1], nc = n_[t][2];
  const auto fa = fixed_[t][0], fb = fixed_[t][1], fc = fixed_[t][2];
  const int t1 = addTriangle(), t2 = addTriangle();
  set(t, {a, b, q}, {t1, t2, nc}, {0, 0, fc});
  set(t1, {b, c, q}, {t2, t, na}, {0, 0, fa});
  set(t2, {c, a, q}, {t, t1, nb}, {0, 0, fb});
  replaceNeighbour(na, t, t1);
  replaceNeighbour(nb, t, t2);
  setVertexTriangle(t);
  setVertexTriangle(t1);
  last_ = t;
  std::vector<EdgeRef> stack{{t, 2}, {t1, 2}, {t2, 2}};
  legalize(stack);
}

void Builder::splitEdge(int t, int i, int q) {
  const int a = v_[t][i], b = v_[t][nextOf(i)], c = v_[t][prevOf(i)];
  const int u = n_[t][i];
  if (u == kNone) fail("a ring vertex lies on the triangulation's outer hull");
  const int j = neighbourIndex(u, t);
  const int d = v_[u][j];
  const int nca = n_[t][nextOf(i)], nab = n_[t][prevOf(i)];
  const int nbd = n_[u][nextOf(j)], ndc = n_[u][prevOf(j)];
  const auto fca = fixed_[t][nextOf(i)], fab = fixed_[t][prevOf(i)], fbc = fixed_[t][i];
  const auto fbd = fixed_[u][nextOf(j)], fdc = fixed_[u][prevOf(j)];
  const int t1 = addTriangle(), u1 = addTriangle();
  set(t, {a, b, q}, {u1, t1, nab}, {fbc, 0, fab});
  set(t1, {a, q, c}, {u, nca, t}, {fbc, fca, 0});
  set(u, {d, c, q}, {t1, u1, ndc}, {fbc, 0, fdc});
  set(u1, {d, q, b}, {t, nbd, u}, {fbc, fbd, 0});
  replaceNeighbour(nca, t, t1);
  replaceNeighbour(nbd, u, u1);
  setVertexTriangle(t);
  setVertexTriangle(u);
  vt_[q] = t;
  last_ = t;
  std::vector<EdgeRef> stack{{t, 2}, {t1, 1}, {u, 2}, {u1, 1}};
  legalize(stack);
}

int Builder::flip(int t, int i) {
  const int a = v_[t][i], b = v_[t][nextOf(i)], c = v_[t][prevOf(i)];
  const int u = n_[t][i];
  const int j = neighbourIndex(u, t);
  const int d = v_[u][j];
  const int nca = n_[t][nextOf(i)], nab = n_[t][prevOf(i)];
  const int nbd = n_[u][nextOf(j)], ndc = n_[u][prevOf(j)];
  const auto fca = fixed_[t][nextOf(i)], fab = fixed_[t][prevOf(i)];
  const auto fbd = fixed_[u][nextOf(j)], fdc = fixed_[u][prevOf(j)];
  set(t, {a, b, d}, {nbd, u, nab}, {fbd, 0, fab});
  set(u, {d, c, a}, {nca, t, ndc}, {fca, 0, fdc});
  replaceNeighbour(nbd, u, t);
  replaceNeighbour(nca, t, u);
  vt_[a] = vt_[b] = t;
  vt_[c] = vt_[d] = u;
  return u;
}

bool Builder::flippable(int t, int i) const {
  const int u = n_[t][i];
  if (u == kNone) return false;
  const int a = v_[t][i], b = v_[t][nextOf(i)], c = v_[t][prevOf(i)];
  const int d = v_[u][neighbourIndex(u, t)];
  return orient(p_[a], p_[d], p_[b]) < 0 && orient(p_[a], p_[d], p_[c]) > 0;
}

void Builder::legalize(std::vector<EdgeRef>& stack) {
  while (!stack.empty()) {
    const auto [t, i] = stack.back();
    stack.pop_back();
    const int u = n_[t][i];
    if (u == kNone || fixed_[t][i] != 0) continue;
    const int d = v_[u][neighbourIndex(u, t)];
    if (!surelyInCircle(p_[v_[t][0]], p_[v_[t][1]], p_[v_[t][2]], p_[d])) continue;
    if (!flippable(t, i)) continue;
    // After the flip t = (a, b, d) and u = (d, c, a): their outer edges are t's 0 and 2,
    // u's 0 and 2.
    flip(t, i);
    stack.push_back({t, 0});
    stack.push_back({t, 2});
    stack.push_back({u, 0});
    stack.push_back({u, 2});
  }
}

Builder::EdgeRef Builder::findEdge(int a, int b) const {
  const int start = vt_[a];
  // Counter-clockwise round a, then clockwise from the start when a hull edge stops it.
  for (int dir = 0; dir < 2; ++dir) {
    int t = start;
    for (std::size_t guard = 0; t != kNone && guard < v_.size(); ++guard) {
      const int k = indexOf(t, a);
      if (v_[t][nextOf(k)] == b) return {t, prevOf(k)};
      if (v_[t][prevOf(k)] == b) return {t, nextOf(k)};
      t = dir == 0 ? n_[t][nextOf(k)] : n_[t][prevOf(k)];
      if (t == start) return {};
    }
  }
  return {};
}

void Builder::insertConstraint(int s0, int e0) {
  std::vector<std::pair<int, int>> work{{s0, e0}};
  std::deque<std::pair<int, int>> crossing;
  std::vector<std::pair<int, int>> created;
  std::vector<EdgeRef> stack;
  auto markFixed = [&](int a, int b) {
    const EdgeRef r = findEdge(a, b);
    if (r.t == kNone) fail("the triangulation lost a ring edge");
    const int u = n_[r.t][r.i];
    ++fixed_[r.t][r.i];
    if (u != kNone) ++fixed_[u][neighbourIndex(u, r.t)];
  };
  auto where = [&](int k) { return "(" + std::to_string(p_[k].x) + ", " + std::to_string(p_[k].y) + ")"; };
  while (!work.empty()) {
    const auto [s, e0_] = work.back();
    work.pop_back();
    int e = e0_;
    if (s == e) continue;
    const Point ps = p_[s], pe = p_[e];
    // The triangle round s whose corner holds the direction to e.
    int t = vt_[s], crossed = -1;
    bool done = false;
    for (std::size_t guard = 0;; ++guard) {
      if (guard > v_.size()) fail("the ring edge from " + where(s) + " found no way out of its vertex");
      const int k = indexOf(t, s);
      const int b = v_[t][nextOf(k)], c = v_[t][prevOf(k)];
      if (b == e || c == e) {
        markFixed(s, e);
        done = true;
        break;
      }
      const int ob = orient(ps, pe, p_[b]), oc = orient(ps, pe, p_[c]);
      const auto ahead = [&](int w) { return dot(p_[w] - ps, pe - ps) > 0; };
      if (ob == 0 && ahead(b)) {  // a vertex on the segment: fix the piece, go on from there
        markFixed(s, b);
        work.push_back({b, e});
        done = true;
        break;
      }
      if (oc == 0 && ahead(c)) {
        markFixed(s, c);
        work.push_back({c, e});
        done = true;
        break;
      }
      if (ob < 0 && oc > 0) {
        crossed = k;
        break;
      }
      t = n_[t][nextOf(k)];
      if (t == kNone) fail("the ring edge from " + where(s) + " starts on the triangulation's hull");
    }
    if (done) continue;
    // Walk along the segment, listing the edges it crosses.
    crossing.clear();
    int b = v_[t][nextOf(crossed)], c = v_[t][prevOf(crossed)], i = crossed;
    for (std::size_t guard = 0;; ++guard) {
      if (guard > v_.size()) fail("the ring edge from " + where(s) + " to " + where(e) + " did not end");
      if (fixed_[t][i] != 0)
        fail("ring edges cross: the edge from " + where(s) + " to " + where(e) + " crosses the edge from " +
             where(b) + " to " + where(c) + " (validate the map: polypath validate MAP)");
      crossing.push_back({b, c});
      const int u = n_[t][i];
      const int j = neighbourIndex(u, t);
      const int d = v_[u][j];
      if (d == e) break;
      const int od = orient(ps, pe, p_[d]);
      if (od == 0) {  // a vertex on the segment: this piece ends there
        work.push_back({d, e});
        e = d;
        break;
      }
      t = u;
      if (od < 0) {
        i = prevOf(j);
        b = d;
      } else {
        i = nextOf(j);
        c = d;
      }
    }
    // Sloan: flip crossing edges whose quadrilateral is convex until none crosses.
    const Point pend = p_[e];
    created.clear();
    std::size_t stalled = 0;
    while (!crossing.empty()) {
      const auto [x, y] = crossing.front();
      crossing.pop_front();
      const EdgeRef r = findEdge(x, y);
      if (r.t == kNone) fail("the triangulation lost an edge crossed by the ring edge from " + where(s));
      if (!flippable(r.t, r.i)) {
        crossing.push_back({x, y});
        if (++stalled > crossing.size() + 1) fail("the ring edge from " + where(s) + " could not be inserted");
        continue;
      }
      stalled = 0;
      const int a = v_[r.t][r.i];
      const int u = flip(r.t, r.i);
      const int d = v_[u][0];
      const bool crosses = a != s && a != e && d != s && d != e &&
                           orient(ps, pend, p_[a]) * orient(ps, pend, p_[d]) < 0;
      if (crosses)
        crossing.push_back({a, d});
      else
        created.push_back({a, d});
    }
    markFixed(s, e);
    // The new edges made Delaunay again (the ring edge stays).
    stack.clear();
    for (const auto& [x, y] : created) {
      const EdgeRef r = findEdge(x, y);
      if (r.t != kNone) stack.push_back({r.t, r.i});
    }
    legalize(stack);
  }
}

void Builder::insideTriangles(Triangulation& out) const {
  std::vector<signed char> inside(v_.size(), -1);
  std::vector<int> queue{vt_[p_.size() - 1]};
  inside[queue[0]] = 0;
  while (!queue.empty()) {
    const int t = queue.back();
    queue.pop_back();
    for (int i = 0; i < 3; ++i) {
      const int u = n_[t][i];
      if (u == kNone || inside[u] >= 0) continue;
      inside[u] = static_cast<signed char>(inside[t] ^ (fixed_[t][i] & 1));
      queue.push_back(u);
    }
  }
  // Inside triangles never hold a super-triangle vertex: the outer ring separates them.
  std::vector<int> number(v_.size(), kNone);
  for (std::size_t t = 0; t < v_.size(); ++t)
    if (inside[t] == 1) {
      number[t] = static_cast<int>(out.triangles.size());
      out.triangles.push_back(v_[t]);
    }
  out.neighbours.resize(out.triangles.size());
  for (std::size_t t = 0; t < v_.size(); ++t) {
    if (number[t] == kNone) continue;
    // Edge k of the output (from vertex k to k+1) is the edge opposite vertex k+2.
    for (int k = 0; k < 3; ++k) {
      const int e = prevOf(k), u = n_[t][e];
      out.neighbours[number[t]][k] = fixed_[t][e] != 0 || u == kNone ? -1 : number[u];
    }
  }
}

}  // namespace

double twiceArea(const Triangulation& tri) {
  double covered = 0.0;
  for (const auto& t : tri.triangles) {
    const Point a = tri.vertices[t[0]], b = tri.vertices[t[1]], c = tri.vertices[t[2]];
    covered += std::abs(cross(b - a, c - a));
  }
  return covered;
}

Triangulation triangulatePolygon(const Polygon& polygon, RingLocation where) {
  Triangulation out;
  std::unordered_map<Point, int, PointHash> ids;
  ids.reserve(ringVertexCount(polygon));
  auto id = [&](Point q) {
    if (!isFinite(q)) throw GeometryError(where, "a ring vertex is not finite (NaN or infinity)");
    const auto [it, added] = ids.emplace(q, static_cast<int>(out.vertices.size()));
    if (added) out.vertices.push_back(q);
    return it->second;
  };
  std::vector<std::pair<int, int>> edges;
  auto addRing = [&](const Ring& ring) {
    if (ring.empty()) return;
    const int first = id(ring[0]);
    int prev = first;
    for (std::size_t k = 1; k <= ring.size(); ++k) {
      const int cur = k == ring.size() ? first : id(ring[k]);
      if (cur != prev) edges.push_back({prev, cur});
      prev = cur;
    }
  };
  addRing(polygon.outer);
  for (const Ring& h : polygon.holes) addRing(h);
  if (out.vertices.size() < 3) return out;
  Builder builder(out.vertices, where);
  builder.insertPoints(out.vertices.size());
  for (const auto& [a, b] : edges) builder.insertConstraint(a, b);
  builder.insideTriangles(out);
  return out;
}

}  // namespace polypath
