// grid.cpp: Grid, rasterizing a polygon map into cells, and GridGraph's moves and costs.
#include "polypath/core/grid.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace polypath {

// [SECTION] Grid

Grid::Grid(int w, int h, double cs, Point o) : width(w), height(h), cell_size(cs), origin(o) {
  if (w < 0 || h < 0) throw Error("grid size must not be negative");
  if (static_cast<long long>(w) * h > 0x7fffffffLL) throw Error("grid has more than 2^31 - 1 cells");
  blocked.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
}

int Grid::freeCount() const { return static_cast<int>(std::count(blocked.begin(), blocked.end(), 0)); }

int Grid::locate(Point p) const {
  if (!isFinite(p) || width == 0 || height == 0) return -1;
  const double fx = (p.x - origin.x) / cell_size, fy = (p.y - origin.y) / cell_size;
  if (!(fx >= -1.0 && fy >= -1.0 && fx <= width + 1.0 && fy <= height + 1.0)) return -1;
  const int cx = static_cast<int>(std::floor(fx)), cy = static_cast<int>(std::floor(fy));
  // A point on a side or corner belongs to every cell around it: the first free one wins.
  const int xs[2] = {cx, cx - 1}, ys[2] = {cy, cy - 1};
  for (int j = 0; j < 2; ++j) {
    for (int i = 0; i < 2; ++i) {
      const int x = xs[i], y = ys[j];
      if (isBlocked(x, y)) continue;
      const Point lo = corner(x, y), hi = corner(x + 1, y + 1);
      if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y) return index(x, y);
    }
  }
  return -1;
}

int nearestFreeCell(const Grid& grid, Point p) {
  int best = -1;
  double best_d2 = 0.0;
  for (int y = 0; y < grid.height; ++y)
    for (int x = 0; x < grid.width; ++x) {
      if (grid.blocked[grid.index(x, y)]) continue;
      const Point d = grid.cellCenter(x, y) - p;
      const double d2 = d.x * d.x + d.y * d.y;
      if (best < 0 || d2 < best_d2) {
        best = grid.index(x, y);
        best_d2 = d2;
      }
    }
  return best;
}

// [SECTION] Rasterizing a polygon map

namespace {

/// Exact: the closed segment [p, q] reaches the open box (lo, hi). Either an endpoint is
/// strictly inside, the segment properly crosses a side, or it passes between two of its
/// contacts with the boundary (box corners on it, its own endpoints on a side) through
/// the interior, which the midpoint of the two contacts tells.
bool segmentReachesOpenBox(Point p, Point q, Point lo, Point hi) {
  auto strictlyInside = [&](Point a) { return a.x > lo.x && a.x < hi.x && a.y > lo.y && a.y < hi.y; };
  if (strictlyInside(p) || strictlyInside(q)) return true;
  const Point c[4] = {lo, {hi.x, lo.y}, hi, {lo.x, hi.y}};
  for (int i = 0; i < 4; ++i)
    if (properlyCross(p, q, c[i], c[(i + 1) % 4])) return true;
  std::vector<Point> contacts;
  auto onBox = [&](Point a) {
    for (int i = 0; i < 4; ++i)
      if (onSegment(c[i], c[(i + 1) % 4], a)) return true;
    return false;
  };
  if (onBox(p)) contacts.push_back(p);
  if (onBox(q)) contacts.push_back(q);
  for (const Point& corner : c)
    if (onSegment(p, q, corner)) contacts.push_back(corner);
  const Point d = q - p;
  std::sort(contacts.begin(), contacts.end(), [&](Point a, Point b) { return dot(a - p, d) < dot(b - p, d); });
  for (std::size_t i = 1; i < contacts.size(); ++i)
    if (strictlyInside((contacts[i - 1] + contacts[i]) * 0.5)) return true;
  return false;
}

}  // namespace

Grid latticeOf(const PolygonMap& map, double cell_size) {
  if (!(cell_size > 0.0) || !std::isfinite(cell_size))
    throw Error("cell size must be a positive finite number");
  if (map.empty()) return Grid(0, 0, cell_size);
  const PolygonMap::Bounds b = map.bounds();
  const double wf = std::ceil((b.max.x - b.min.x) / cell_size), hf = std::ceil((b.max.y - b.min.y) / cell_size);
  if (!(wf * hf <= double(1 << 26)))
    throw Error("cell size " + std::to_string(cell_size) + " gives more than 2^26 cells for this map");
  return Grid(std::max(1, static_cast<int>(wf)), std::max(1, static_cast<int>(hf)), cell_size, b.min);
}

Grid rasterize(const PolygonMap& map, double cell_size) { return rasterize(map, latticeOf(map, cell_size)); }

Grid rasterize(const PolygonMap& map, Grid grid) {
  if (!(grid.cell_size > 0.0) || !std::isfinite(grid.cell_size))
    throw Error("cell size must be a positive finite number");
  const int w = grid.width, h = grid.height;
  if (map.empty() || w == 0 || h == 0) {
    std::fill(grid.blocked.begin(), grid.blocked.end(), std::uint8_t{1});
    return grid;
  }
  const double cell_size = grid.cell_size;

  // Cells whose open interior a ring edge or vertex reaches.
  std::vector<std::uint8_t> touched(grid.blocked.size(), 0);
  const auto& vs = map.vertices();
  auto cellOf = [&](double v, double o, int n) {
    return std::clamp(static_cast<int>(std::floor((v - o) / cell_size)), 0, n - 1);
  };
  for (const PolygonMap::Vertex& v : vs) {
    const Point p = v.position, q = vs[v.next].position;
    const int x0 = cellOf(std::min(p.x, q.x), grid.origin.x, w), x1 = cellOf(std::max(p.x, q.x), grid.origin.x, w);
    const int y0 = cellOf(std::min(p.y, q.y), grid.origin.y, h), y1 = cellOf(std::max(p.y, q.y), grid.origin.y, h);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        if (!touched[grid.index(x, y)] && segmentReachesOpenBox(p, q, grid.corner(x, y), grid.corner(x + 1, y + 1)))
          touched[grid.index(x, y)] = 1;
  }
  // Lattice corners and sides, each decided once.
  std::vector<std::uint8_t> corner_ok(static_cast<std::size_t>(w + 1) * (h + 1));
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x <= w; ++x) corner_ok[y * (w + 1) + x] = map.isWalkable(grid.corner(x, y));
  auto cornerOk = [&](int x, int y) { return corner_ok[y * (w + 1) + x] != 0; };
  auto sideOk = [&](int ax, int ay, int bx, int by) {
    return cornerOk(ax, ay) && cornerOk(bx, by) && map.lineOfSight(grid.corner(ax, ay), grid.corner(bx, by));
  };
  std::vector<std::uint8_t> hside(static_cast<std::size_t>(w) * (h + 1)), vside(static_cast<std::size_t>(w + 1) * h);
  for (int y = 0; y <= h; ++y)
    for (int x = 0; x < w; ++x) hside[y * w + x] = sideOk(x, y, x + 1, y);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x <= w; ++x) vside[y * (w + 1) + x] = sideOk(x, y, x, y + 1);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const bool free = !touched[grid.index(x, y)] && hside[y * w + x] && hside[(y + 1) * w + x] &&
                        vside[y * (w + 1) + x] && vside[y * (w + 1) + x + 1] && map.isWalkable(grid.cellCenter(x, y));
      grid.setBlocked(x, y, !free);
    }
  }
  return grid;
}

// [SECTION] GridGraph

bool parseCornerRule(const std::string& name, CornerRule& out) {
  for (CornerRule r : {CornerRule::NoCut, CornerRule::Cut, CornerRule::Uniform}) {
    if (name == cornerRuleName(r)) {
      out = r;
      return true;
    }
  }
  return false;
}

const char* cornerRuleName(CornerRule r) {
  switch (r) {
    case CornerRule::NoCut: return "no-cut";
    case CornerRule::Cut: return "cut";
    case CornerRule::Uniform: return "uniform";
  }
  return "?";
}

namespace {
// Seed 002's direction order: right, left, down, up, then the four diagonals.
constexpr int kDx[8] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr int kDy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
constexpr double kTextbookStraight = 100.0;
// sqrt 2 rounded to 32 bits after the binary point (error below 1.2e-10): any sum of up
// to 2^20 straight and diagonal steps is then exact in a double, so paths of equal cost
// tie exactly in the open set instead of by rounding noise (case 27: 20 expansions).
const double kSqrt2Dyadic = std::ldexp(std::round(std::ldexp(std::sqrt(2.0), 32)), -32);
constexpr double kTextbookDiagonal = 142.0;
}  // namespace

GridGraph::GridGraph(const Grid& grid, GridOptions options) : grid_(&grid), options_(options) {
  if (options.moves != 4 && options.moves != 8) throw Error("moves must be 4 or 8");
  const bool textbook = options.costs == GridCosts::Textbook;
  straight_ = textbook ? kTextbookStraight : grid.cell_size;
  diagonal_ = textbook ? kTextbookDiagonal : grid.cell_size * kSqrt2Dyadic;
  if (options.corner == CornerRule::Uniform) diagonal_ = straight_;
}

bool GridGraph::canStep(int ax, int ay, int dx, int dy) const {
  const Grid& g = *grid_;
  if (g.isBlocked(ax + dx, ay + dy)) return false;
  if (dx == 0 || dy == 0) return true;
  const bool side_a = !g.isBlocked(ax + dx, ay), side_b = !g.isBlocked(ax, ay + dy);
  switch (options_.corner) {
    case CornerRule::NoCut: return side_a && side_b;
    case CornerRule::Cut: return side_a || side_b;
    case CornerRule::Uniform: return true;
  }
  return false;
}

void GridGraph::neighbours(NodeId n, std::vector<Arc>& out) const {
  const Grid& g = *grid_;
  if (g.blocked[n]) return;
  const int x = n % g.width, y = n / g.width;
  for (int k = 0; k < options_.moves; ++k) {
    if (!canStep(x, y, kDx[k], kDy[k])) continue;
    out.push_back({g.index(x + kDx[k], y + kDy[k]), k < 4 ? straight_ : diagonal_});
  }
}

double GridGraph::heuristic(Heuristic h, NodeId n, NodeId goal) const {
  const int w = grid_->width;
  const double dx = std::abs(n % w - goal % w), dy = std::abs(n / w - goal / w);
  if (options_.costs == GridCosts::Exact) {
    // Octile with the same sqrt 2 as the diagonal steps, so that f ties are exact too.
    if (h == Heuristic::Octile)
      return grid_->cell_size * (std::max(dx, dy) - std::min(dx, dy) + kSqrt2Dyadic * std::min(dx, dy));
    return heuristicValue(h, {0.0, 0.0}, {dx * grid_->cell_size, dy * grid_->cell_size});
  }
  // Seed 002's integer estimates.
  const double s = kTextbookStraight;
  switch (h) {
    case Heuristic::None: return 0.0;
    case Heuristic::Manhattan: return s * (dx + dy);
    case Heuristic::Euclidean: return std::floor(s * std::sqrt(dx * dx + dy * dy));
    case Heuristic::Chebyshev: return s * std::max(dx, dy);
    case Heuristic::Octile: return s * std::max(dx, dy) + (kTextbookDiagonal - s) * std::min(dx, dy);
  }
  return 0.0;
}

}  // namespace polypath
