// navmesh_build.cpp: constrained Delaunay triangulation of each polygon through GEOS.
#include "polypath/geom/navmesh_build.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <string>
#include <utility>

#include "geom/geos_util.hpp"

namespace polypath {

namespace {

/// Twice the signed area of a ring (shoelace about its first vertex).
double twiceArea(const Ring& ring) {
  double a = 0.0;
  for (std::size_t i = 1; i + 1 < ring.size(); ++i) a += cross(ring[i] - ring[0], ring[i + 1] - ring[0]);
  return a;
}

/// Appends the triangles of a GEOS triangulation result; false when one is malformed.
bool readTriangles(geos::Context& ctx, const GEOSGeometry* tris, std::vector<std::array<Point, 3>>& out) {
  const int n = GEOSGetNumGeometries_r(ctx.handle(), tris);
  for (int i = 0; i < n; ++i) {
    const GEOSGeometry* t = GEOSGetGeometryN_r(ctx.handle(), tris, i);
    const GEOSGeometry* shell = GEOSGetExteriorRing_r(ctx.handle(), t);
    const std::vector<Point> pts = shell ? geos::coordinates(ctx, shell) : std::vector<Point>{};
    if (pts.size() != 4) return false;
    out.push_back({pts[0], pts[1], pts[2]});  // slivers of zero area too: removeFlats()
  }
  return true;
}

/// Constrained Delaunay triangles of a polygon (or multipolygon). GEOS 3.11's hole joiner
/// and ear clipper fail on some polygons with holes ("Unable to find a convex corner",
/// fixed by GEOS 3.12's rewrite). Then the polygon is cut by a vertical line through the
/// middle of its median hole (or of its extent) into two halves, each triangulated the
/// same way, at most `kMaxDepth` cuts deep. Both halves share the cut line's exact box edge, so
/// GEOS computes the same crossing points on it for both and the halves' triangles meet
/// edge to edge there (the caller's area check and adjacency confirm it).
bool triangulate(geos::Context& ctx, const GEOSGeometry* g, int depth, std::vector<std::array<Point, 3>>& out) {
  constexpr int kMaxDepth = 24;
  if (GEOSisEmpty_r(ctx.handle(), g)) return true;
  const geos::Geometry tris = geos::own(ctx, GEOSConstrainedDelaunayTriangulation_r(ctx.handle(), g));
  if (tris) return readTriangles(ctx, tris.get(), out);
  if (depth >= kMaxDepth) return false;
  double minx = 0, miny = 0, maxx = 0, maxy = 0;
  if (!GEOSGeom_getXMin_r(ctx.handle(), g, &minx) || !GEOSGeom_getXMax_r(ctx.handle(), g, &maxx) ||
      !GEOSGeom_getYMin_r(ctx.handle(), g, &miny) || !GEOSGeom_getYMax_r(ctx.handle(), g, &maxy))
    return false;
  // Cut through the hole whose middle is the median of all holes' middles, so each half
  // keeps about half the holes; without holes, cut the extent in half.
  std::vector<double> middles;
  const int polys = GEOSGetNumGeometries_r(ctx.handle(), g);
  for (int i = 0; i < polys; ++i) {
    const GEOSGeometry* poly = GEOSGetGeometryN_r(ctx.handle(), g, i);
    const int holes = GEOSGetNumInteriorRings_r(ctx.handle(), poly);
    for (int h = 0; h < holes; ++h) {
      double hx0 = INFINITY, hx1 = -INFINITY;
      for (const Point& p : geos::coordinates(ctx, GEOSGetInteriorRingN_r(ctx.handle(), poly, h))) {
        hx0 = std::min(hx0, p.x);
        hx1 = std::max(hx1, p.x);
      }
      if (hx0 < hx1) middles.push_back(0.5 * (hx0 + hx1));
    }
  }
  double cut = 0.5 * (minx + maxx);
  if (!middles.empty()) {
    std::nth_element(middles.begin(), middles.begin() + middles.size() / 2, middles.end());
    cut = middles[middles.size() / 2];
  }
  const double pad = std::max(1.0, std::max(maxx - minx, maxy - miny));
  const Ring left = {{minx - pad, miny - pad}, {cut, miny - pad}, {cut, maxy + pad}, {minx - pad, maxy + pad}};
  const Ring right = {{cut, miny - pad}, {maxx + pad, miny - pad}, {maxx + pad, maxy + pad}, {cut, maxy + pad}};
  for (const Ring* box : {&left, &right}) {
    const geos::Geometry b = geos::polygon(ctx, *box);
    if (!b) return false;
    const geos::Geometry half = geos::own(ctx, GEOSIntersection_r(ctx.handle(), g, b.get()));
    if (!half) return false;
    // Keep only the areal parts (the intersection may also hold points or lines on the cut).
    const int parts = GEOSGetNumGeometries_r(ctx.handle(), half.get());
    for (int i = 0; i < parts; ++i) {
      const GEOSGeometry* part = GEOSGetGeometryN_r(ctx.handle(), half.get(), i);
      const int type = GEOSGeomTypeId_r(ctx.handle(), part);
      if (type != GEOS_POLYGON && type != GEOS_MULTIPOLYGON) continue;
      if (!triangulate(ctx, part, depth + 1, out)) return false;
    }
  }
  return true;
}

/// Removes the triangles of zero area. GEOS's ear clipper makes one, (a, m, b), where three
/// boundary vertices lie on a line (the crossing points on a cell's edge, a T-junction
/// contact), and another triangle (a, b, c) beside it. Dropping the sliver alone would leave
/// (a, b) facing (a, m) and (m, b) across the line: no adjacency there. So (a, b, c) is
/// split at m into (a, m, c) and (m, b, c). Rounds until no sliver is left or none can be
/// split (a sliver whose long edge faces none or another sliver is then dropped; the caller's
/// wall check notices).
void removeFlats(std::vector<std::array<Point, 3>>& triangles) {
  using Key = std::pair<std::pair<double, double>, std::pair<double, double>>;
  auto key = [](Point a, Point b) {
    std::pair<double, double> p{a.x, a.y}, q{b.x, b.y};
    if (q < p) std::swap(p, q);
    return Key{p, q};
  };
  auto flat = [](const std::array<Point, 3>& t) { return orient(t[0], t[1], t[2]) == 0; };
  for (int round = 0; round < 8; ++round) {
    std::vector<std::size_t> slivers;
    std::map<Key, std::vector<std::size_t>> by_edge;
    for (std::size_t i = 0; i < triangles.size(); ++i) {
      if (flat(triangles[i])) {
        slivers.push_back(i);
        continue;
      }
      for (int e = 0; e < 3; ++e) by_edge[key(triangles[i][e], triangles[i][(e + 1) % 3])].push_back(i);
    }
    if (slivers.empty()) return;
    std::vector<char> changed(triangles.size(), 0), gone(triangles.size(), 0);
    std::vector<std::array<Point, 3>> added;
    bool progress = false;
    for (std::size_t s : slivers) {
      const auto& t = triangles[s];
      // The middle vertex lies inside the box of the other two.
      int m = 0;
      for (int k = 0; k < 3; ++k) {
        const Point a = t[(k + 1) % 3], b = t[(k + 2) % 3], c = t[k];
        if (std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= c.y &&
            c.y <= std::max(a.y, b.y))
          m = k;
      }
      const Point a = t[(m + 1) % 3], b = t[(m + 2) % 3], mid = t[m];
      if (mid == a || mid == b || a == b) {  // repeated points: nothing to split
        gone[s] = 1;
        progress = true;
        continue;
      }
      const auto it = by_edge.find(key(a, b));
      if (it == by_edge.end() || it->second.size() != 1 || changed[it->second[0]]) continue;
      const std::size_t other = it->second[0];
      Point c{};
      for (const Point& p : triangles[other])
        if (p != a && p != b) c = p;
      added.push_back({a, mid, c});
      added.push_back({mid, b, c});
      changed[other] = gone[other] = gone[s] = 1;
      progress = true;
    }
    if (!progress) break;
    std::vector<std::array<Point, 3>> kept;
    kept.reserve(triangles.size() + added.size());
    for (std::size_t i = 0; i < triangles.size(); ++i)
      if (!gone[i]) kept.push_back(triangles[i]);
    kept.insert(kept.end(), added.begin(), added.end());
    triangles = std::move(kept);
  }
  std::erase_if(triangles, flat);
}

/// Large polygons are triangulated cell by cell (triangulateInCells), about this many
/// vertices (outer ring and holes) a cell: GEOS's hole joining and ear clipping grow faster than n log n
/// with the number of holes (a Moving AI random map: 86,186 vertices in 20,862 holes took
/// 41 s whole).
constexpr std::size_t kCellVertices = 250;
/// Polygons with more vertices than this are triangulated in cells; smaller ones whole.
constexpr std::size_t kCellsAbove = 2000;

/// The areal part of the intersection of `g` with the box [x0, x1] x [y0, y1], as one
/// multipolygon (points and lines on the box's edges dropped); null when empty. False when
/// GEOS fails.
bool clipToBox(geos::Context& ctx, const GEOSGeometry* g, double x0, double x1, double y0, double y1,
               geos::Geometry& areal) {
  areal.reset();
  const geos::Geometry box = geos::polygon(ctx, Ring{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
  if (!box) return false;
  geos::Geometry clipped = geos::own(ctx, GEOSIntersection_r(ctx.handle(), g, box.get()));
  if (!clipped) return false;
  std::vector<GEOSGeometry*> polygons;
  auto collect = [&](const GEOSGeometry* part) {
    if (GEOSGeomTypeId_r(ctx.handle(), part) == GEOS_POLYGON && !GEOSisEmpty_r(ctx.handle(), part))
      polygons.push_back(GEOSGeom_clone_r(ctx.handle(), part));
  };
  const int n = GEOSGetNumGeometries_r(ctx.handle(), clipped.get());
  for (int i = 0; i < n; ++i) {
    const GEOSGeometry* part = GEOSGetGeometryN_r(ctx.handle(), clipped.get(), i);
    if (GEOSGeomTypeId_r(ctx.handle(), part) == GEOS_MULTIPOLYGON) {
      for (int j = 0; j < GEOSGetNumGeometries_r(ctx.handle(), part); ++j)
        collect(GEOSGetGeometryN_r(ctx.handle(), part, j));
    } else {
      collect(part);
    }
  }
  if (polygons.empty()) return true;
  areal = geos::own(ctx, GEOSGeom_createCollection_r(ctx.handle(), GEOS_MULTIPOLYGON, polygons.data(),
                                                     static_cast<unsigned>(polygons.size())));
  return areal != nullptr;
}

/// Splits every triangle edge that lies on a grid line (x one of `xs`, or y one of `ys`,
/// exactly) at the triangle vertices strictly inside it: a fan from the opposite corner.
/// GEOS's hole joining may add a vertex on a cell's edge that the cell beside it does not
/// have; after the split both cells' triangles meet edge to edge along every grid line.
void splitAtGridVertices(std::vector<std::array<Point, 3>>& triangles, const std::vector<double>& xs,
                         const std::vector<double>& ys) {
  std::map<double, std::vector<double>> on_x, on_y;  // vertical line x -> vertex y's; horizontal y -> x's
  for (double x : xs) on_x[x];
  for (double y : ys) on_y[y];
  for (const auto& t : triangles)
    for (const Point& p : t) {
      if (auto it = on_x.find(p.x); it != on_x.end()) it->second.push_back(p.y);
      if (auto it = on_y.find(p.y); it != on_y.end()) it->second.push_back(p.x);
    }
  for (auto* lines : {&on_x, &on_y})
    for (auto& [line, at] : *lines) {
      std::sort(at.begin(), at.end());
      at.erase(std::unique(at.begin(), at.end()), at.end());
    }
  // The vertices strictly inside edge (a, b) when it lies on a grid line, from a to b.
  auto inside = [&](Point a, Point b, std::vector<Point>& out) {
    out.clear();
    const bool vertical = a.x == b.x && on_x.count(a.x);
    const bool horizontal = a.y == b.y && on_y.count(a.y);
    if (!vertical && !horizontal) return;
    const std::vector<double>& at = vertical ? on_x[a.x] : on_y[a.y];
    const double lo = vertical ? std::min(a.y, b.y) : std::min(a.x, b.x), hi = vertical ? std::max(a.y, b.y) : std::max(a.x, b.x);
    for (auto it = std::upper_bound(at.begin(), at.end(), lo); it != at.end() && *it < hi; ++it)
      out.push_back(vertical ? Point{a.x, *it} : Point{*it, a.y});
    const bool reversed = vertical ? a.y > b.y : a.x > b.x;
    if (reversed) std::reverse(out.begin(), out.end());
  };
  std::vector<Point> mids;
  for (std::size_t i = 0; i < triangles.size(); ++i) {  // appended pieces are checked too
    for (bool split = true; split;) {
      split = false;
      for (int e = 0; e < 3 && !split; ++e) {
        const std::array<Point, 3> t = triangles[i];
        const Point a = t[e], b = t[(e + 1) % 3], c = t[(e + 2) % 3];
        inside(a, b, mids);
        if (mids.empty()) continue;
        Point from = a;
        for (const Point& m : mids) {
          triangles.push_back({from, m, c});
          from = m;
        }
        triangles[i] = {from, b, c};
        split = true;
      }
    }
  }
}

/// The triangles of a large polygon, cell by cell of a k x k grid over its box (k from the
/// vertex count, about kCellVertices per cell): the polygon is cut into k vertical strips,
/// each strip into k cells, and each cell's pieces triangulated (constrained Delaunay within
/// the cell; the grid lines become ordinary portals). Neighbouring cells share the exact box
/// edge between them, so both get the same crossing points on it and their triangles meet
/// edge to edge (wallsMatch checks it). The grid lines sit at an odd fraction of the box
/// so that they do not run along the edges of maps drawn on whole units.
bool triangulateInCells(geos::Context& ctx, const GEOSGeometry* g, std::size_t vertices,
                        std::vector<std::array<Point, 3>>& out) {
  double minx = 0, miny = 0, maxx = 0, maxy = 0;
  if (!GEOSGeom_getXMin_r(ctx.handle(), g, &minx) || !GEOSGeom_getXMax_r(ctx.handle(), g, &maxx) ||
      !GEOSGeom_getYMin_r(ctx.handle(), g, &miny) || !GEOSGeom_getYMax_r(ctx.handle(), g, &maxy))
    return false;
  const int k = std::clamp(static_cast<int>(std::ceil(std::sqrt(static_cast<double>(vertices) / kCellVertices))), 2, 64);
  const double pad = std::max(1.0, std::max(maxx - minx, maxy - miny));
  std::vector<double> xs(k + 1), ys(k + 1);
  for (int i = 1; i < k; ++i) {
    const double t = (i + 0.0618034) / k;
    xs[i] = minx + (maxx - minx) * t;
    ys[i] = miny + (maxy - miny) * t;
  }
  xs[0] = minx - pad, xs[k] = maxx + pad, ys[0] = miny - pad, ys[k] = maxy + pad;
  for (int i = 0; i < k; ++i) {
    geos::Geometry strip;
    if (!clipToBox(ctx, g, xs[i], xs[i + 1], ys[0], ys[k], strip)) return false;
    for (int j = 0; strip && j < k; ++j) {
      geos::Geometry cell;
      if (!clipToBox(ctx, strip.get(), xs[i], xs[i + 1], ys[j], ys[j + 1], cell)) return false;
      if (cell && !triangulate(ctx, cell.get(), 0, out)) return false;
    }
  }
  splitAtGridVertices(out, std::vector<double>(xs.begin() + 1, xs.end() - 1),
                      std::vector<double>(ys.begin() + 1, ys.end() - 1));
  return true;
}

/// True when the triangles meet edge to edge: the edges used by one triangle only (the
/// walls) are as long in total as the polygon's rings. A crossing point that one cell got
/// and its neighbour did not (a T-junction) leaves unmatched edges inside the polygon.
bool wallsMatch(const std::vector<std::array<Point, 3>>& triangles, const Polygon& poly) {
  std::map<std::pair<std::pair<double, double>, std::pair<double, double>>, int> uses;
  for (const auto& t : triangles)
    for (int e = 0; e < 3; ++e) {
      std::pair<double, double> a{t[e].x, t[e].y}, b{t[(e + 1) % 3].x, t[(e + 1) % 3].y};
      if (b < a) std::swap(a, b);
      ++uses[{a, b}];
    }
  double walls = 0.0;
  for (const auto& [edge, n] : uses)
    if (n == 1) walls += std::hypot(edge.second.first - edge.first.first, edge.second.second - edge.first.second);
  double rings = 0.0;
  auto add = [&](const Ring& r) {
    for (std::size_t i = 0; i < r.size(); ++i) rings += distance(r[i], r[(i + 1) % r.size()]);
  };
  add(poly.outer);
  for (const Ring& h : poly.holes) add(h);
  return std::abs(walls - rings) <= 1e-9 * rings;
}

/// Merges the faces (vertex ids, any orientation) of one polygon into convex polygons:
/// Hertel and Mehlhorn's greedy removal of diagonals, the longest first. A shared edge
/// (u, v) between faces f and g goes when the merged face turns strictly left at both u
/// and v; f and g being convex, the merged face is then convex too. O(E log E) for the
/// sort plus the vertices copied by merges.
std::vector<std::vector<int>> mergeConvex(const std::vector<Point>& at, std::vector<std::vector<int>> faces) {
  for (auto& f : faces)  // counter-clockwise
    if (orient(at[f[0]], at[f[1]], at[f[2]]) < 0) std::reverse(f.begin(), f.end());
  auto key = [](int u, int v) { return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(u)) << 32) | static_cast<std::uint32_t>(v); };
  std::unordered_map<std::uint64_t, int> owner;  // directed edge -> face on its left
  owner.reserve(faces.size() * 3);
  std::vector<std::pair<int, int>> shared;
  for (int f = 0; f < static_cast<int>(faces.size()); ++f)
    for (std::size_t i = 0; i < faces[f].size(); ++i) {
      const int u = faces[f][i], v = faces[f][(i + 1) % faces[f].size()];
      owner[key(u, v)] = f;
      if (u < v) shared.push_back({u, v});  // kept when the twin exists (checked below)
    }
  std::sort(shared.begin(), shared.end(), [&](const auto& a, const auto& b) {
    return distance(at[a.first], at[a.second]) > distance(at[b.first], at[b.second]);
  });
  std::vector<char> alive(faces.size(), 1);
  for (const auto& [a, b] : shared) {
    const auto fi = owner.find(key(a, b)), gi = owner.find(key(b, a));
    if (fi == owner.end() || gi == owner.end()) continue;
    int f = fi->second, g = gi->second;
    if (f == g || !alive[f] || !alive[g]) continue;
    // f holds u -> v, g holds v -> u.
    const int u = a, v = b;
    const std::vector<int>& F = faces[f];
    const std::vector<int>& G = faces[g];
    const std::size_t nf = F.size(), ng = G.size();
    const std::size_t fu = static_cast<std::size_t>(std::find(F.begin(), F.end(), u) - F.begin());
    const std::size_t gv = static_cast<std::size_t>(std::find(G.begin(), G.end(), v) - G.begin());
    const std::size_t gu = (gv + 1) % ng;  // G[gu] == u
    const std::size_t fv = (fu + 1) % nf;  // F[fv] == v
    // At u: from f's vertex before u to g's vertex after u. At v: from g's vertex before v
    // to f's vertex after v.
    const Point u_in = at[F[(fu + nf - 1) % nf]], u_out = at[G[(gu + 1) % ng]];
    const Point v_in = at[G[(gv + ng - 1) % ng]], v_out = at[F[(fv + 1) % nf]];
    if (orient(u_in, at[u], u_out) <= 0 || orient(v_in, at[v], v_out) <= 0) continue;
    // The merged cycle: f from v round to u, then g from after u round to before v.
    std::vector<int> merged;
    merged.reserve(nf + ng - 2);
    for (std::size_t k = 0; k < nf; ++k) merged.push_back(F[(fv + k) % nf]);
    for (std::size_t k = 1; k + 1 < ng; ++k) merged.push_back(G[(gu + k) % ng]);
    owner.erase(key(u, v));
    owner.erase(key(v, u));
    for (std::size_t k = 0; k < merged.size(); ++k) owner[key(merged[k], merged[(k + 1) % merged.size()])] = f;
    faces[f] = std::move(merged);
    alive[g] = 0;
    faces[g].clear();
  }
  std::vector<std::vector<int>> out;
  for (std::size_t f = 0; f < faces.size(); ++f)
    if (alive[f]) out.push_back(std::move(faces[f]));
  return out;
}

/// Position of cell (x, y) of a 2^16 x 2^16 grid along the Hilbert curve (the classic
/// rotate-and-flip walk down the quadrant tree).
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

/// Orders the faces along a Hilbert curve through their centres, so faces near each other
/// on the map are near each other in memory (a search walks from a face to its neighbours).
/// `box` holds every vertex (the map's bounds: cell vertices lie inside the map).
void orderAlongHilbertCurve(const std::vector<Point>& at, const PolygonMap::Bounds& box,
                            std::vector<NavMesh::FaceInput>& faces) {
  if (faces.empty()) return;
  const Point lo = box.min, hi = box.max;
  const double scale = 65535.0 / std::max({hi.x - lo.x, hi.y - lo.y, 1e-300});
  std::vector<std::pair<std::uint64_t, std::size_t>> order(faces.size());
  for (std::size_t f = 0; f < faces.size(); ++f) {
    Point c{0, 0};
    for (int v : faces[f].v) c = c + at[v];
    c = c * (1.0 / static_cast<double>(faces[f].v.size()));
    // Clamped: a centre rounded just past the box must not wrap round the grid.
    const auto cell = [&](double v, double min) {
      return static_cast<std::uint32_t>(std::clamp((v - min) * scale, 0.0, 65535.0));
    };
    order[f] = {hilbertIndex(cell(c.x, lo.x), cell(c.y, lo.y)), f};
  }
  std::sort(order.begin(), order.end());
  std::vector<NavMesh::FaceInput> sorted;
  sorted.reserve(faces.size());
  for (const auto& [key, f] : order) sorted.push_back(std::move(faces[f]));
  faces.swap(sorted);
}

}  // namespace

NavMesh buildNavMesh(const PolygonMap& map, bool merge_convex) {
  geos::Context ctx;
  std::vector<Point> vertices;
  std::map<std::pair<double, double>, int> index;
  auto vertexId = [&](Point p) {
    const auto [it, added] = index.emplace(std::pair{p.x, p.y}, static_cast<int>(vertices.size()));
    if (added) vertices.push_back(p);
    return it->second;
  };
  std::vector<NavMesh::FaceInput> faces;
  for (std::size_t pi = 0; pi < map.polygons().size(); ++pi) {
    const Polygon& poly = map.polygons()[pi];
    RingLocation where;
    where.polygon = static_cast<int>(pi);
    std::vector<const Ring*> holes;
    for (const Ring& h : poly.holes) holes.push_back(&h);
    const geos::Geometry g = geos::polygon(ctx, poly.outer, holes);
    if (!g) throw GeometryError(where, "GEOS could not build the polygon: " + ctx.takeError());
    std::vector<std::array<Point, 3>> triangles;
    const std::size_t n = ringVertexCount(poly);
    bool cells = n > kCellsAbove && triangulateInCells(ctx, g.get(), n, triangles);
    if (cells) removeFlats(triangles);
    cells = cells && wallsMatch(triangles, poly);
    if (!cells) triangles.clear();  // whole, as a small polygon
    const bool whole = !cells;
    if (whole && !triangulate(ctx, g.get(), 0, triangles))
      throw GeometryError(where, "GEOS's constrained Delaunay triangulation failed: " + ctx.takeError() +
                                     " (validate the map: polypath validate MAP)");
    if (whole) removeFlats(triangles);
    double expected = std::abs(twiceArea(poly.outer));
    for (const Ring& h : poly.holes) expected -= std::abs(twiceArea(h));
    double covered = 0.0;
    std::vector<std::vector<int>> polygon_faces;
    for (const auto& pts : triangles) {
      covered += std::abs(cross(pts[1] - pts[0], pts[2] - pts[0]));
      polygon_faces.push_back({vertexId(pts[0]), vertexId(pts[1]), vertexId(pts[2])});
    }
    if (merge_convex) polygon_faces = mergeConvex(vertices, std::move(polygon_faces));
    for (auto& f : polygon_faces) faces.push_back({std::move(f), static_cast<int>(pi)});
    if (std::abs(covered - expected) > 1e-9 * std::abs(expected))
      throw GeometryError(where, "the triangles cover area " + std::to_string(covered / 2) + " instead of " +
                                     std::to_string(expected / 2) + " (validate the map: polypath validate MAP)");
  }
  orderAlongHilbertCurve(vertices, map.bounds(), faces);
  return NavMesh(std::move(vertices), std::move(faces));
}

}  // namespace polypath
