// navmesh.cpp: NavMesh construction (orientation, adjacency, point-location grid), the
// per-query search graph, and the corridor -> portals -> funnel step.
#include "polypath/core/navmesh.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <sstream>
#include <utility>


namespace polypath {

// [SECTION] NavMesh

namespace {

GeometryError faceError(std::size_t f, const std::string& what) {
  return GeometryError(RingLocation{}, "navmesh face " + std::to_string(f) + ": " + what);
}

}  // namespace

NavMesh::NavMesh(std::vector<Point> vertices, std::vector<FaceInput> faces) : vertices_(std::move(vertices)) {
  const int nv = static_cast<int>(vertices_.size());
  faces_.reserve(faces.size());
  for (std::size_t f = 0; f < faces.size(); ++f) {
    Face face;
    face.v = std::move(faces[f].v);
    face.area = faces[f].area;
    const std::size_t n = face.v.size();
    if (n < 3) throw faceError(f, "has " + std::to_string(n) + " vertices; a face needs at least 3");
    for (int v : face.v)
      if (v < 0 || v >= nv)
        throw faceError(f, "vertex index " + std::to_string(v) + " is out of range (the mesh has " +
                               std::to_string(nv) + " vertices)");
    std::vector<int> sorted = face.v;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      throw faceError(f, "repeats a vertex");
    // Orientation from the exact turn at the lowest-then-leftmost vertex (a strict corner).
    std::size_t lo = 0;
    for (std::size_t i = 1; i < n; ++i) {
      const Point p = vertices_[face.v[i]], q = vertices_[face.v[lo]];
      if (p.y < q.y || (p.y == q.y && p.x < q.x)) lo = i;
    }
    const int turn = orient(vertices_[face.v[(lo + n - 1) % n]], vertices_[face.v[lo]], vertices_[face.v[(lo + 1) % n]]);
    if (turn == 0) throw faceError(f, "has zero area");
    if (turn < 0) std::reverse(face.v.begin(), face.v.end());
    for (std::size_t i = 0; i < n; ++i)
      if (orient(vertices_[face.v[i]], vertices_[face.v[(i + 1) % n]], vertices_[face.v[(i + 2) % n]]) < 0)
        throw faceError(f, "is not convex at vertex " + std::to_string(face.v[(i + 1) % n]));
    Point sum;
    for (int v : face.v) sum = sum + vertices_[v];
    face.centre = sum * (1.0 / static_cast<double>(n));
    face.neighbour.assign(n, -1);
    face.portal.assign(n, -1);
    faces_.push_back(std::move(face));
  }
  // Neighbours through shared edges: the same two vertices, traversed in opposite directions.
  std::map<std::pair<int, int>, std::pair<int, int>> directed;  // (a, b) -> (face, edge)
  for (std::size_t f = 0; f < faces_.size(); ++f) {
    const Face& face = faces_[f];
    for (std::size_t i = 0; i < face.v.size(); ++i) {
      const std::pair<int, int> key{face.v[i], face.v[(i + 1) % face.v.size()]};
      if (!directed.emplace(key, std::pair<int, int>{static_cast<int>(f), static_cast<int>(i)}).second)
        throw faceError(f, "overlaps face " + std::to_string(directed[key].first) + " along the edge from vertex " +
                               std::to_string(key.first) + " to " + std::to_string(key.second));
    }
  }
  for (const auto& [key, fe] : directed) {
    if (key.first > key.second) continue;
    const auto other = directed.find({key.second, key.first});
    if (other == directed.end()) continue;
    const auto [f, i] = fe;
    const auto [g, j] = other->second;
    if (faces_[f].area != faces_[g].area) continue;  // separate walkable areas never connect
    Portal p;
    p.a = key.first;
    p.b = key.second;
    p.left = f;
    p.right = g;
    p.midpoint = (vertices_[p.a] + vertices_[p.b]) * 0.5;
    const int id = static_cast<int>(portals_.size());
    portals_.push_back(p);
    faces_[f].neighbour[i] = g;
    faces_[f].portal[i] = id;
    faces_[g].neighbour[j] = f;
    faces_[g].portal[j] = id;
  }
  buildGrid();
}

double NavMesh::area() const {
  double total = 0.0;
  for (const Face& face : faces_) {
    const std::size_t n = face.v.size();
    double twice = 0.0;
    const Point o = vertices_[face.v[0]];
    for (std::size_t i = 1; i + 1 < n; ++i) twice += cross(vertices_[face.v[i]] - o, vertices_[face.v[i + 1]] - o);
    total += 0.5 * twice;
  }
  return total;
}

bool NavMesh::faceContains(int f, Point p) const {
  const std::vector<int>& v = faces_[f].v;
  // Edges (v[i-1], v[i]), starting with the closing one: no modulo per edge.
  Point a = vertices_[v.back()];
  for (int i : v) {
    const Point b = vertices_[i];
    if (orient(a, b, p) < 0) return false;
    a = b;
  }
  return true;
}

void NavMesh::buildGrid() {
  cell_start_.clear();
  cell_faces_.clear();
  if (faces_.empty()) return;
  Point lo{INFINITY, INFINITY}, hi{-INFINITY, -INFINITY};
  for (const Face& face : faces_)
    for (int v : face.v) {
      lo = {std::min(lo.x, vertices_[v].x), std::min(lo.y, vertices_[v].y)};
      hi = {std::max(hi.x, vertices_[v].x), std::max(hi.y, vertices_[v].y)};
    }
  const double w = hi.x - lo.x, h = hi.y - lo.y;
  const double cells = std::max(1.0, std::sqrt(static_cast<double>(faces_.size())));
  cell_ = std::max(std::max(w, h) / cells, std::numeric_limits<double>::min());
  if (!std::isfinite(cell_) || cell_ <= 0.0) cell_ = 1.0;
  grid_min_ = lo;
  grid_w_ = std::clamp(static_cast<int>(w / cell_) + 1, 1, 4096);
  grid_h_ = std::clamp(static_cast<int>(h / cell_) + 1, 1, 4096);
  box_lo_.assign(faces_.size(), Point{INFINITY, INFINITY});
  box_hi_.assign(faces_.size(), Point{-INFINITY, -INFINITY});
  for (std::size_t f = 0; f < faces_.size(); ++f)
    for (int v : faces_[f].v) {
      box_lo_[f] = {std::min(box_lo_[f].x, vertices_[v].x), std::min(box_lo_[f].y, vertices_[v].y)};
      box_hi_[f] = {std::max(box_hi_[f].x, vertices_[v].x), std::max(box_hi_[f].y, vertices_[v].y)};
    }
  auto cellRange = [&](const Face& face, int& x0, int& x1, int& y0, int& y1) {
    double fx0 = INFINITY, fx1 = -INFINITY, fy0 = INFINITY, fy1 = -INFINITY;
    for (int v : face.v) {
      fx0 = std::min(fx0, vertices_[v].x);
      fx1 = std::max(fx1, vertices_[v].x);
      fy0 = std::min(fy0, vertices_[v].y);
      fy1 = std::max(fy1, vertices_[v].y);
    }
    // The same rounded expression as facesContaining's, which is monotone in the
    // coordinate: a point inside the bounding box gets a cell inside this range.
    x0 = std::clamp(static_cast<int>(std::floor((fx0 - lo.x) / cell_)), 0, grid_w_ - 1);
    x1 = std::clamp(static_cast<int>(std::floor((fx1 - lo.x) / cell_)), 0, grid_w_ - 1);
    y0 = std::clamp(static_cast<int>(std::floor((fy0 - lo.y) / cell_)), 0, grid_h_ - 1);
    y1 = std::clamp(static_cast<int>(std::floor((fy1 - lo.y) / cell_)), 0, grid_h_ - 1);
  };
  std::vector<int> counts(static_cast<std::size_t>(grid_w_) * grid_h_ + 1, 0);
  for (const Face& face : faces_) {
    int x0, x1, y0, y1;
    cellRange(face, x0, x1, y0, y1);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) ++counts[static_cast<std::size_t>(y) * grid_w_ + x + 1];
  }
  for (std::size_t i = 1; i < counts.size(); ++i) counts[i] += counts[i - 1];
  cell_start_ = counts;
  cell_faces_.assign(counts.back(), 0);
  for (std::size_t f = 0; f < faces_.size(); ++f) {
    int x0, x1, y0, y1;
    cellRange(faces_[f], x0, x1, y0, y1);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) cell_faces_[counts[static_cast<std::size_t>(y) * grid_w_ + x]++] = static_cast<int>(f);
  }
}

std::vector<int> NavMesh::facesContaining(Point p) const {
  std::vector<int> out;
  facesContaining(p, out);
  return out;
}

void NavMesh::facesContaining(Point p, std::vector<int>& out) const {
  out.clear();
  if (faces_.empty() || !isFinite(p)) return;
  // The cell of p (clamped) lists every face whose bounding box can contain p: buildGrid
  // computes a face's cells as the clamped floor((x - min) / cell), which is monotone even
  // rounded (subtraction and division by a positive constant round monotonically), so no
  // padding is needed. Here the same cell without a libm floor() call (x86-64 before
  // SSE 4.1 has no rounding instruction): for t >= -1, clamping int(t) to the grid gives
  // the clamped floor(t) (they differ only on (-1, 0), where both clamp to 0), and
  // floor(t) < -1 exactly when t < -1.
  const double fx = (p.x - grid_min_.x) / cell_, fy = (p.y - grid_min_.y) / cell_;
  if (!(fx >= -1.0 && fy >= -1.0 && fx < grid_w_ + 1.0 && fy < grid_h_ + 1.0)) return;
  const int x = std::clamp(static_cast<int>(fx), 0, grid_w_ - 1), y = std::clamp(static_cast<int>(fy), 0, grid_h_ - 1);
  const std::size_t c = static_cast<std::size_t>(y) * grid_w_ + x;
  for (int i = cell_start_[c]; i < cell_start_[c + 1]; ++i) {
    const int f = cell_faces_[i];
    // Exact: a point outside a face's bounding box is outside the face (its convex hull).
    if (p.x < box_lo_[f].x || p.x > box_hi_[f].x || p.y < box_lo_[f].y || p.y > box_hi_[f].y) continue;
    if (faceContains(f, p)) out.push_back(f);
  }
  std::sort(out.begin(), out.end());
}

// [SECTION] NavMeshQuery

const char* nodePlacementName(NodePlacement p) { return p == NodePlacement::Centre ? "centre" : "portal"; }

bool parseNodePlacement(const char* name, NodePlacement& out) {
  if (std::strcmp(name, "centre") == 0 || std::strcmp(name, "center") == 0) out = NodePlacement::Centre;
  else if (std::strcmp(name, "portal") == 0) out = NodePlacement::Portal;
  else return false;
  return true;
}

namespace {

std::string describe(Point p) {
  std::ostringstream s;
  s.precision(12);
  s << "(" << p.x << ", " << p.y << ")";
  return s.str();
}

}  // namespace

NavMeshQuery::NavMeshQuery(const NavMesh& mesh, Point start, Point goal, NodePlacement placement)
    : mesh_(&mesh), start_(start), goal_(goal), placement_(placement) {
  base_ = placement == NodePlacement::Centre ? mesh.faces().size() : mesh.portals().size();
  start_faces_ = mesh.facesContaining(start);
  goal_faces_ = mesh.facesContaining(goal);
  if (start_faces_.empty()) throw QueryError("start " + describe(start) + " is outside the navigation mesh");
  if (goal_faces_.empty()) throw QueryError("goal " + describe(goal) + " is outside the navigation mesh");
}

bool NavMeshQuery::isGoalFace(int f) const { return std::binary_search(goal_faces_.begin(), goal_faces_.end(), f); }
bool NavMeshQuery::isStartFace(int f) const {
  return std::binary_search(start_faces_.begin(), start_faces_.end(), f);
}

Point NavMeshQuery::position(NodeId n) const {
  if (n == startNode()) return start_;
  if (n == goalNode()) return goal_;
  return placement_ == NodePlacement::Centre ? mesh_->faces()[n].centre : mesh_->portals()[n].midpoint;
}

// Arcs from a node at `from` (node id `self`) that lies in face f: to the face's other
// portals (Portal placement) or its neighbours (Centre), and to the goal when f holds it.
void NavMeshQuery::faceArcs(int f, Point from, NodeId self, std::vector<Arc>& out) const {
  const NavMesh::Face& face = mesh_->faces()[f];
  for (std::size_t i = 0; i < face.v.size(); ++i) {
    if (face.portal[i] < 0) continue;
    const NodeId to = placement_ == NodePlacement::Centre ? face.neighbour[i] : face.portal[i];
    if (to == self) continue;
    out.push_back({to, distance(from, position(to))});
  }
  if (isGoalFace(f)) out.push_back({goalNode(), distance(from, goal_)});
}

void NavMeshQuery::neighbours(NodeId n, std::vector<Arc>& out) const {
  if (n == goalNode()) return;
  if (n == startNode()) {
    if (placement_ == NodePlacement::Centre) {
      for (int f : start_faces_) out.push_back({f, distance(start_, mesh_->faces()[f].centre)});
    } else {
      for (int f : start_faces_) faceArcs(f, start_, n, out);
    }
    return;
  }
  if (placement_ == NodePlacement::Centre) {
    faceArcs(n, position(n), n, out);
  } else {
    const NavMesh::Portal& p = mesh_->portals()[n];
    faceArcs(p.left, p.midpoint, n, out);
    faceArcs(p.right, p.midpoint, n, out);
  }
}

std::vector<int> NavMeshQuery::corridor(const Path& path) const {
  std::vector<int> faces;
  if (!path.found || path.nodes.size() < 2) return faces;
  const std::vector<NodeId> inner(path.nodes.begin() + 1, path.nodes.end() - 1);
  if (placement_ == NodePlacement::Centre) {
    faces.assign(inner.begin(), inner.end());
    return faces;
  }
  const auto& portals = mesh_->portals();
  if (inner.empty()) {  // start and goal share a face
    for (int f : start_faces_)
      if (isGoalFace(f)) return {f};
    return faces;
  }
  auto shared = [&](NodeId a, NodeId b) {
    const NavMesh::Portal &p = portals[a], &q = portals[b];
    return (p.left == q.left || p.left == q.right) ? p.left : p.right;
  };
  auto other = [&](NodeId a, int f) { return portals[a].left == f ? portals[a].right : portals[a].left; };
  // The first face: the side of the first portal the search came from (a face holding the start).
  int first;
  if (inner.size() >= 2) {
    first = other(inner[0], shared(inner[0], inner[1]));
  } else {
    const NavMesh::Portal& p = portals[inner[0]];
    first = isStartFace(p.left) && !isGoalFace(p.left) ? p.left : isStartFace(p.right) && !isGoalFace(p.right) ? p.right
            : isStartFace(p.left)                      ? p.left
                                                       : p.right;
  }
  faces.push_back(first);
  for (NodeId portal : inner) faces.push_back(other(portal, faces.back()));
  return faces;
}

// [SECTION] NavMeshPath

std::vector<FunnelPortal> corridorPortals(const NavMesh& mesh, const std::vector<int>& corridor, Point start,
                                          Point goal) {
  std::vector<FunnelPortal> out{{start, start}};
  for (std::size_t k = 0; k + 1 < corridor.size(); ++k) {
    const NavMesh::Face& face = mesh.faces()[corridor[k]];
    for (std::size_t i = 0; i < face.v.size(); ++i) {
      if (face.neighbour[i] != corridor[k + 1]) continue;
      // The face is counter-clockwise, so walking out through edge a -> b, b is on the left.
      const Point a = mesh.vertices()[face.v[i]], b = mesh.vertices()[face.v[(i + 1) % face.v.size()]];
      out.push_back({b, a});
      break;
    }
  }
  out.push_back({goal, goal});
  return out;
}

NavMeshPath pullPath(const NavMeshQuery& query, const Path& search) {
  NavMeshPath out;
  out.search = search;
  out.found = search.found;
  if (!search.found) return out;
  out.corridor = query.corridor(search);
  out.portals = corridorPortals(query.mesh(), out.corridor, query.start(), query.goal());
  out.points = stringPull(out.portals);
  out.length = polylineLength(out.points);
  return out;
}

NavMeshPath findNavMeshPath(const NavMesh& mesh, Point start, Point goal, NodePlacement placement,
                            SearchOptions options) {
  const NavMeshQuery query(mesh, start, goal, placement);
  return pullPath(query, findPath(query, query.startNode(), query.goalNode(), options));
}

}  // namespace polypath
