// polyanya.cpp: Polyanya's wedges, successor generation, heuristic and root-level pruning
// (Cui, Harabor, Grastien, IJCAI 2017).
#include "core/polyanya.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace polypath {

namespace {

// Root-level pruning tolerance (relative): g of two routes of equal length differs by
// rounding only, far below this.
constexpr double kRootTolerance = 1e-10;

/// Euclidean distance (sqrt of the sum of squares: faster than std::hypot, and world
/// coordinates are far from overflow).
inline double dist(Point a, Point b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  return std::sqrt(dx * dx + dy * dy);
}

int find(std::vector<int>& parent, int a) {
  while (parent[a] != a) a = parent[a] = parent[parent[a]];
  return a;
}

/// Point where the ray's line meets segment [a, b] (a when parallel; exact at an end the
/// line passes through).
Point lineCut(const PolyanyaRay& ray, Point a, Point b) {
  if (ray.side(a) == 0) return a;
  if (ray.side(b) == 0) return b;
  const Point d = ray.q - ray.p;
  const double da = cross(d, a - ray.p), db = cross(d, b - ray.p);
  if (da == db) return a;
  const double t = std::clamp(da / (da - db), 0.0, 1.0);
  if (t == 0.0) return a;
  if (t == 1.0) return b;
  return a + (b - a) * t;
}

/// Index k with f.v[k] == a and f.v[k+1] == b, or -1.
int edgeIndex(const NavMesh::Face& f, int a, int b) {
  const int n = static_cast<int>(f.v.size());
  for (int k = 0; k < n; ++k)
    if (f.v[k] == a && f.v[(k + 1) % n] == b) return k;
  return -1;
}

std::string describe(Point p) { return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")"; }

}  // namespace

// [SECTION] PolyanyaMesh

PolyanyaMesh::PolyanyaMesh(const NavMesh& mesh) : mesh_(&mesh), bridges_(mesh) {
  const auto& faces = mesh.faces();
  offset_.resize(faces.size() + 1, 0);
  for (std::size_t f = 0; f < faces.size(); ++f) offset_[f + 1] = offset_[f] + static_cast<int>(faces[f].v.size());
  point_.resize(offset_.back());
  across_.assign(offset_.back(), -1);
  across_edge_.assign(offset_.back(), -1);
  for (std::size_t f = 0; f < faces.size(); ++f)
    for (std::size_t i = 0; i < faces[f].v.size(); ++i) point_[offset_[f] + i] = mesh.vertices()[faces[f].v[i]];
  std::vector<int> parent(offset_.back());
  std::iota(parent.begin(), parent.end(), 0);
  // Join the corners of neighbouring faces at both ends of their shared edge.
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const int n = static_cast<int>(faces[f].v.size());
    for (int i = 0; i < n; ++i) {
      const int g = faces[f].neighbour[i];
      if (g < 0) continue;
      const int a = faces[f].v[i], b = faces[f].v[(i + 1) % n];
      const int j = edgeIndex(faces[g], b, a);
      if (j < 0) continue;
      across_[offset_[f] + i] = g;
      across_edge_[offset_[f] + i] = j;
      const int m = static_cast<int>(faces[g].v.size());
      parent[find(parent, offset_[f] + i)] = find(parent, offset_[g] + (j + 1) % m);
      parent[find(parent, offset_[f] + (i + 1) % n)] = find(parent, offset_[g] + j);
    }
  }
  wedge_.assign(parent.size(), -1);
  std::vector<int> id(parent.size(), -1);
  for (std::size_t c = 0; c < parent.size(); ++c) {
    const int root = find(parent, static_cast<int>(c));
    if (id[root] < 0) {
      id[root] = static_cast<int>(corner_.size());
      corner_.push_back(0);
    }
    wedge_[c] = id[root];
  }
  // A wedge is a corner when a wall edge ends at its vertex.
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const int n = static_cast<int>(faces[f].v.size());
    for (int i = 0; i < n; ++i) {
      if (faces[f].neighbour[i] >= 0) continue;
      corner_[wedge_[offset_[f] + i]] = 1;
      corner_[wedge_[offset_[f] + (i + 1) % n]] = 1;
    }
  }
}

// [SECTION] PolyanyaQuery

PolyanyaQuery::PolyanyaQuery(const PolyanyaMesh& pmesh, Point start, Point goal)
    : pmesh_(&pmesh), start_(start), goal_(goal) {
  start_faces_ = pmesh.mesh().facesContaining(start);
  goal_faces_ = pmesh.mesh().facesContaining(goal);
  if (start_faces_.empty()) throw QueryError("start " + describe(start) + " is outside the navigation mesh");
  if (goal_faces_.empty()) throw QueryError("goal " + describe(goal) + " is outside the navigation mesh");
  PolyanyaNode s;
  s.kind = PolyanyaNode::Kind::Start;
  s.root = start;
  PolyanyaNode t;
  t.kind = PolyanyaNode::Kind::Goal;
  t.root = goal;
  nodes_.reserve(512);
  nodes_ = {s, t};
  for (int f : goal_faces_) goal_components_.push_back(pmesh.bridges().component(f));
}

Point PolyanyaQuery::position(NodeId n) const { return nodes_[n].root; }

bool PolyanyaQuery::isGoalFace(int f) const {
  return std::binary_search(goal_faces_.begin(), goal_faces_.end(), f);
}

// Root-level pruning table: linear probing on a power-of-two table, Fibonacci hashing.
std::size_t PolyanyaQuery::RootTable::slot(int key) const {
  const std::size_t mask = keys_.size() - 1;
  std::size_t i = static_cast<std::size_t>((static_cast<std::uint64_t>(key) * 0x9E3779B97F4A7C15ull) >> 32) & mask;
  while (keys_[i] != -1 && keys_[i] != key) i = (i + 1) & mask;
  return i;
}

bool PolyanyaQuery::RootTable::dominated(int key, double g) const {
  const std::size_t i = slot(key);
  return keys_[i] == key && g > g_[i] * (1.0 + kRootTolerance);
}

bool PolyanyaQuery::RootTable::claim(int key, double g) {
  const std::size_t i = slot(key);
  if (keys_[i] == key) {
    if (g > g_[i] * (1.0 + kRootTolerance)) return false;
    g_[i] = std::min(g_[i], g);
    return true;
  }
  keys_[i] = key;
  g_[i] = g;
  if (2 * ++used_ > keys_.size()) {  // grow at half load
    std::vector<int> keys(2 * keys_.size(), -1);
    std::vector<double> gs(2 * keys_.size(), 0.0);
    keys.swap(keys_);
    gs.swap(g_);
    for (std::size_t j = 0; j < keys.size(); ++j) {
      if (keys[j] == -1) continue;
      const std::size_t k = slot(keys[j]);
      keys_[k] = keys[j];
      g_[k] = gs[j];
    }
  }
  return true;
}

NodeId PolyanyaQuery::add(PolyanyaNode node, std::vector<Arc>& out, NodeId from) const {
  const Point parent = nodes_[from].root;
  const double cost = node.has_via ? dist(parent, node.via) + dist(node.via, node.root) : dist(parent, node.root);
  const NodeId id = static_cast<NodeId>(nodes_.size());
  node.parent = from;
  nodes_.push_back(node);
  out.push_back({id, cost});
  return id;
}

// A successor on edge j (v[j] -> v[j+1]) of face f, from `right` (v[j]'s side) to `left`:
// it leads into the face across edge j, where the same edge runs v[j+1] -> v[j].
void PolyanyaQuery::addEdge(const PolyanyaNode& base, int f, int j, Point right, PolyanyaRay right_ray, Point left,
                            PolyanyaRay left_ray, bool collinear, std::vector<Arc>& out, NodeId from,
                            const Point* via) const {
  const int next = pmesh_->across(f, j);
  if (next < 0 || right == left || !pmesh_->bridges().mayLeadTo(f, j, goal_components_)) return;
  PolyanyaNode s = base;
  s.kind = PolyanyaNode::Kind::Interval;
  s.left = left;
  s.right = right;
  s.left_ray = left_ray;
  s.right_ray = right_ray;
  s.face = next;
  s.edge = pmesh_->acrossEdge(f, j);
  s.collinear = collinear;
  s.has_via = via != nullptr;
  if (via) s.via = *via;
  add(s, out, from);
}

// Edge j of face f lies on a line through the root but does not contain it (a face with a
// straight angle, or an edge along a ray of the cone): the root sees it edge-on. A path
// runs along the line to its nearer end and may turn there: a successor rooted at that end,
// which sees all of the face across the edge.
void PolyanyaQuery::addAlong(const PolyanyaNode& base, int f, int j, std::vector<Arc>& out, NodeId from) const {
  const NavMesh& mesh = pmesh_->mesh();
  const NavMesh::Face& face = mesh.faces()[f];
  const int m = static_cast<int>(face.v.size());
  const Point a = mesh.vertices()[face.v[j]], b = mesh.vertices()[face.v[(j + 1) % m]];
  if (base.root == a || base.root == b || face.neighbour[j] < 0 || !pmesh_->bridges().mayLeadTo(f, j, goal_components_))
    return;
  const bool a_near = dist(base.root, a) <= dist(base.root, b);
  PolyanyaNode s = base;
  s.root = a_near ? a : b;
  s.root_wedge = pmesh_->wedge(f, a_near ? j : (j + 1) % m);
  s.g = base.g + dist(base.root, s.root);
  if (!best_root_g_.claim(s.root_wedge, s.g)) return;
  const Point via = base.root;
  addEdge(s, f, j, a, {s.root, a}, b, {s.root, b}, true, out, from, base.root == nodes_[from].root ? nullptr : &via);
}

void PolyanyaQuery::neighbours(NodeId n, std::vector<Arc>& out) const {
  const std::size_t first = out.size();
  expand(n, out);
  // One successor: expand it on the spot (unless the goal is in its face), as often as that
  // repeats; its arcs then start from n, so their costs grow by the arc to it.
  while (out.size() == first + 1) {
    const Arc only = out[first];
    const PolyanyaNode& c = nodes_[only.to];
    if (c.kind != PolyanyaNode::Kind::Interval || isGoalFace(c.face)) break;
    out.pop_back();
    expand(only.to, out);
    for (std::size_t i = first; i < out.size(); ++i) out[i].cost += only.cost;
  }
}

void PolyanyaQuery::expand(NodeId n, std::vector<Arc>& out) const {
  switch (nodes_[n].kind) {
    case PolyanyaNode::Kind::Goal: return;
    case PolyanyaNode::Kind::Final: out.push_back({goalNode(), dist(nodes_[n].root, goal_)}); return;
    case PolyanyaNode::Kind::Interval: expandInterval(n, out); return;
    case PolyanyaNode::Kind::Start: break;
  }
  const PolyanyaNode node = nodes_[n];  // a copy: creating nodes may move nodes_
  // The start sees all of every face that contains it: the whole edges of those faces are
  // its successors (edges through the start lead into faces that also contain it).
  const NavMesh& mesh = pmesh_->mesh();
  bool goal_in_sight = false;
  for (int f : start_faces_) {
    if (isGoalFace(f)) goal_in_sight = true;
    const NavMesh::Face& face = mesh.faces()[f];
    const int m = static_cast<int>(face.v.size());
    for (int j = 0; j < m; ++j) {
      const Point a = mesh.vertices()[face.v[j]], b = mesh.vertices()[face.v[(j + 1) % m]];
      if (orient(a, b, start_) == 0) {
        if (!onSegment(a, b, start_)) addAlong(node, f, j, out, n);
        continue;
      }
      addEdge(node, f, j, a, {start_, a}, b, {start_, b}, false, out, n);
    }
  }
  if (goal_in_sight) out.push_back({goalNode(), dist(start_, goal_)});
}

void PolyanyaQuery::expandInterval(NodeId n, std::vector<Arc>& out) const {
  if (nodes_[n].root_wedge >= 0 && best_root_g_.dominated(nodes_[n].root_wedge, nodes_[n].g)) return;  // root reached more cheaply
  const PolyanyaNode node = nodes_[n];  // a copy: creating nodes may move nodes_
  const NavMesh& mesh = pmesh_->mesh();
  const NavMesh::Face& face = mesh.faces()[node.face];
  const int m = static_cast<int>(face.v.size());
  const int k = node.edge;
  const Point r = node.root, L = node.left, R = node.right;
  const int f = node.face;
  auto vert = [&](int i) { return pmesh_->corner(f, i < m ? i : i - m); };  // i in [0, 2m)

  if (node.collinear) {
    // The root is a vertex of this convex face: all of it is in sight.
    if (isGoalFace(node.face)) out.push_back({goalNode(), dist(r, goal_)});
    for (int j = k + 1; j < k + m; ++j) {
      const Point a = vert(j), b = vert(j + 1);
      if (r != a && r != b && orient(r, a, b) == 0) addAlong(node, node.face, j % m, out, n);
      else addEdge(node, node.face, j % m, a, {r, a}, b, {r, b}, r == a || r == b, out, n);
    }
    return;
  }

  const PolyanyaRay& rr = node.right_ray;
  const PolyanyaRay& lr = node.left_ray;
  // Sides of the face's vertices of the two rays, once each: index t is vertex k + 1 + t, so
  // t = 0 is the right end of the entry edge and t = m - 1 its left end.
  side_r_.resize(m);
  side_l_.resize(m);
  for (int t = 0; t < m; ++t) {
    const Point p = vert(k + 1 + t);
    side_r_[t] = static_cast<signed char>(rr.side(p));
    side_l_[t] = static_cast<signed char>(lr.side(p));
  }

  if (isGoalFace(node.face)) {
    const int sr = rr.side(goal_), sl = lr.side(goal_);
    if (sr >= 0 && sl <= 0) {
      out.push_back({goalNode(), dist(r, goal_)});
    } else {
      // The goal is beside the cone: the path turns at the interval end on that side.
      PolyanyaNode fin = node;
      fin.kind = PolyanyaNode::Kind::Final;
      fin.root = sr < 0 ? R : L;
      fin.root_wedge = -1;
      fin.has_via = false;
      fin.g = node.g + dist(r, fin.root);
      add(fin, out, n);
    }
  }

  // An interval end at a corner vertex: the path may turn there (non-observable successors).
  const Point vr = vert(k + 1), vl = vert(k + m);
  const int wr = pmesh_->wedge(node.face, (k + 1) % m), wl = pmesh_->wedge(node.face, k);
  const bool turn_right = R == vr && pmesh_->isCorner(wr);
  const bool turn_left = L == vl && pmesh_->isCorner(wl);

  // Observable successors: the far edges (v[k+1] -> ... -> v[k], right to left) inside
  // the closed cone between the rays r->R and r->L. Every ray's line passes through r, so
  // an edge with both ends on one ray's line is seen edge-on along that ray.
  for (int t = 0; t + 1 < m; ++t) {
    const int j = k + 1 + t;
    const int ar = side_r_[t], br = side_r_[t + 1], al = side_l_[t], bl = side_l_[t + 1];
    if ((ar == 0 && br == 0) || (al == 0 && bl == 0)) {
      // Seen edge-on from the corner it starts at (the ray runs on along it past an interval
      // end that is a corner): that corner's fan below creates exactly this successor (same
      // root, g and interval). Creating it here too would duplicate it, and the copies'
      // descendants double again at the next such corner: exponentially many equal nodes
      // (the 30 x 30 maze with straight runs past corners never finished).
      if ((t == 0 && turn_right && ar == 0 && br == 0) || (t == m - 2 && turn_left && al == 0 && bl == 0)) continue;
      addAlong(node, node.face, j % m, out, n);
      continue;
    }
    if (br < 0 || al > 0) continue;  // wholly right of the right ray, or left of the left ray
    const Point a = vert(j), b = vert(j + 1);
    const Point from = ar >= 0 ? a : lineCut(rr, a, b);
    const Point to = bl <= 0 ? b : lineCut(lr, a, b);
    addEdge(node, node.face, j % m, from, ar >= 0 ? PolyanyaRay{r, a} : rr, to, bl <= 0 ? PolyanyaRay{r, b} : lr,
            false, out, n);
  }

  // Non-observable successors on the right: the interval ends at the corner v[k+1].
  if (turn_right) {
    PolyanyaNode base = node;
    base.root = vr;
    base.root_wedge = wr;
    base.g = node.g + dist(r, vr);
    if (best_root_g_.claim(base.root_wedge, base.g)) {
      for (int t = 0; t + 1 < m; ++t) {
        if (side_r_[t] > 0) break;  // the rest of the chain is left of the ray
        const int j = k + 1 + t;
        const Point a = vert(j), b = vert(j + 1);
        const int br = side_r_[t + 1];
        if (t == 0) {  // the edge from the corner itself: a fan around it
          if (br <= 0) addEdge(base, node.face, j % m, a, {vr, a}, b, {vr, b}, true, out, n);
          continue;
        }
        if (orient(vr, a, b) == 0) {
          addAlong(base, node.face, j % m, out, n);
          continue;
        }
        // Left of this part lies the ray r->vr continued beyond the corner.
        addEdge(base, node.face, j % m, a, {vr, a}, br <= 0 ? b : lineCut(rr, a, b),
                br <= 0 ? PolyanyaRay{vr, b} : PolyanyaRay{r, vr}, false, out, n);
      }
    }
  }
  // Non-observable successors on the left: the interval ends at the corner v[k].
  if (turn_left) {
    PolyanyaNode base = node;
    base.root = vl;
    base.root_wedge = wl;
    base.g = node.g + dist(r, vl);
    if (best_root_g_.claim(base.root_wedge, base.g)) {
      for (int t = m - 2; t >= 0; --t) {
        if (side_l_[t + 1] < 0) break;  // the rest of the chain is right of the ray
        const int j = k + 1 + t;
        const Point a = vert(j), b = vert(j + 1);
        const int al = side_l_[t];
        if (t == m - 2) {  // the edge into the corner itself: a fan around it
          if (al >= 0) addEdge(base, node.face, j % m, a, {vl, a}, b, {vl, b}, true, out, n);
          continue;
        }
        if (orient(vl, a, b) == 0) {
          addAlong(base, node.face, j % m, out, n);
          continue;
        }
        // Right of this part lies the ray r->vl continued beyond the corner.
        addEdge(base, node.face, j % m, al >= 0 ? a : lineCut(lr, a, b), al >= 0 ? PolyanyaRay{vl, a} : PolyanyaRay{r, vl},
                b, {vl, b}, false, out, n);
      }
    }
  }
}

double PolyanyaQuery::heuristic(Heuristic kind, NodeId n, NodeId) const {
  if (kind == Heuristic::None) return 0.0;
  const PolyanyaNode& node = nodes_[n];
  const Point r = node.root;
  if (node.kind != PolyanyaNode::Kind::Interval || node.collinear) return dist(r, goal_);
  // Mirror the goal across the interval's line when it lies on the root's side.
  Point t = goal_;
  const Point L = node.left, R = node.right;
  if (orient(L, R, t) == orient(L, R, r)) {
    const Point d = R - L;
    const double s = dot(t - L, d) / dot(d, d);
    const Point foot = L + d * s;
    t = foot * 2.0 - t;
  }
  if (orient(r, R, t) >= 0 && orient(r, L, t) <= 0) return dist(r, t);
  const Point e = orient(r, R, t) < 0 ? R : L;  // floating h: a rounding error here only shifts f by ~1e-16
  return dist(r, e) + dist(e, goal_);
}

std::vector<Point> PolyanyaQuery::pathPoints(const Path& path) const {
  std::vector<Point> points;
  if (!path.found || path.nodes.empty()) return points;
  // Walk the creation links back from the goal's predecessor: they also pass the
  // intermediate nodes of one-successor chains, which the engine's path skips.
  NodeId n = path.nodes.back();
  if (n == goalNode()) {
    points.push_back(goal_);
    n = path.nodes.size() >= 2 ? path.nodes[path.nodes.size() - 2] : kNoNode;
  }
  for (; n != kNoNode; n = nodes_[n].parent) {
    const PolyanyaNode& node = nodes_[n];
    if (points.empty() || !(points.back() == node.root)) points.push_back(node.root);
    if (node.has_via && !(points.back() == node.via)) points.push_back(node.via);
  }
  std::reverse(points.begin(), points.end());
  return points;
}

// [SECTION] One-shot query

PolyanyaPath findPolyanyaPath(const PolyanyaMesh& pmesh, Point start, Point goal, SearchOptions options) {
  const PolyanyaQuery query(pmesh, start, goal);
  PolyanyaPath result;
  result.search = findPath(query, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode(), options);
  result.found = result.search.found;
  result.length = result.search.length;
  result.points = query.pathPoints(result.search);
  return result;
}

}  // namespace polypath
