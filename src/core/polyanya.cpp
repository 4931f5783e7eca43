// polyanya.cpp: Polyanya's wedges, successor generation, heuristic and root-level pruning
// (Cui, Harabor, Grastien, IJCAI 2017).
#include "polypath/core/polyanya.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <new>
#include <numeric>
#include <stdexcept>
#include <string>

namespace polypath {

namespace {

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

/// Point where the ray's line meets segment [a, b], given the exact sides sa, sb of a and b
/// (a when parallel; exact at an end the line passes through).
Point lineCut(const PolyanyaRay& ray, Point a, int sa, Point b, int sb) {
  if (sa == 0) return a;
  if (sb == 0) return b;
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

PolyanyaMesh::PolyanyaMesh(const NavMesh& mesh)
    : mesh_(&mesh), bridges_(mesh), lattice_(smallLatticeExponent(mesh.vertices().data(), mesh.vertices().size())) {
  const auto& faces = mesh.faces();
  offset_.resize(faces.size() + 1, 0);
  for (std::size_t f = 0; f < faces.size(); ++f) {
    if (faces[f].v.size() > 32767)
      throw std::length_error("navigation mesh face " + std::to_string(f) + " has " + std::to_string(faces[f].v.size()) +
                              " corners (at most 32767)");
    offset_[f + 1] = offset_[f] + static_cast<int>(faces[f].v.size());
    max_corners_ = std::max(max_corners_, static_cast<int>(faces[f].v.size()));
  }
  corners_.resize(offset_.back());
  for (std::size_t f = 0; f < faces.size(); ++f)
    for (std::size_t i = 0; i < faces[f].v.size(); ++i) {
      Corner& c = corners_[offset_[f] + i];
      c.point = mesh.vertices()[faces[f].v[i]];
      c.bridge = bridges_.slot(static_cast<int>(f), static_cast<int>(i));
    }
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
      corners_[offset_[f] + i].across = g;
      corners_[offset_[f] + i].across_edge = static_cast<std::int16_t>(j);
      const int m = static_cast<int>(faces[g].v.size());
      parent[find(parent, offset_[f] + i)] = find(parent, offset_[g] + (j + 1) % m);
      parent[find(parent, offset_[f] + (i + 1) % n)] = find(parent, offset_[g] + j);
    }
  }
  std::vector<int> id(parent.size(), -1);
  std::vector<std::uint8_t> wall_at;  // per wedge: a wall edge ends at its vertex
  for (std::size_t c = 0; c < parent.size(); ++c) {
    const int root = find(parent, static_cast<int>(c));
    if (id[root] < 0) {
      id[root] = static_cast<int>(wall_at.size());
      wall_at.push_back(0);
    }
    corners_[c].wedge = id[root];
  }
  // A wedge is a corner when a wall edge ends at its vertex; only corners are roots, so only
  // they get a key.
  for (std::size_t f = 0; f < faces.size(); ++f) {
    const int n = static_cast<int>(faces[f].v.size());
    for (int i = 0; i < n; ++i) {
      if (faces[f].neighbour[i] >= 0) continue;
      wall_at[corners_[offset_[f] + i].wedge] = 1;
      wall_at[corners_[offset_[f] + (i + 1) % n].wedge] = 1;
    }
  }
  std::vector<int> key(wall_at.size(), -1);
  for (std::size_t w = 0; w < wall_at.size(); ++w)
    if (wall_at[w]) key[w] = wedge_count_++;
  for (Corner& c : corners_) c.wedge = key[c.wedge];
  // List each face's corners twice (cornersOf()), and name the face across an edge by its
  // first corner.
  std::vector<Corner, HugePageAllocator<Corner>> twice;
  twice.reserve(2 * corners_.size());
  for (std::size_t f = 0; f < faces.size(); ++f)
    for (int copy = 0; copy < 2; ++copy) twice.insert(twice.end(), corners_.begin() + offset_[f], corners_.begin() + offset_[f + 1]);
  corners_.swap(twice);
  for (int& o : offset_) o *= 2;
  for (Corner& c : corners_)
    if (c.across >= 0) {
      c.across_count = static_cast<std::int16_t>(cornerCount(c.across));
      c.across = offset_[c.across];
    }
}

int PolyanyaMesh::faceAt(int first) const {
  const auto it = std::lower_bound(offset_.begin(), offset_.end(), first);
  if (it == offset_.end() || *it != first) throw std::out_of_range("no face starts at corner " + std::to_string(first));
  return static_cast<int>(it - offset_.begin());
}

// [SECTION] PolyanyaQuery

PolyanyaQuery::PolyanyaQuery(const PolyanyaMesh& pmesh, Point start, Point goal)
    : pmesh_(&pmesh), best_root_g_(pmesh.wedgeCount()) {
  nodes_.reserve(512);
  reset(start, goal);
}

void PolyanyaQuery::reset(Point start, Point goal) {
  start_ = start;
  goal_ = goal;
  lattice_ = onSmallLattice(start, pmesh_->latticeExponent());
  nodes_.clear();
  best_root_g_.clear();
  goal_components_.clear();
  goal_firsts_.clear();
  pmesh_->mesh().facesContaining(start, start_faces_);
  pmesh_->mesh().facesContaining(goal, goal_faces_);
  if (start_faces_.empty()) throw QueryError("start " + describe(start) + " is outside the navigation mesh");
  if (goal_faces_.empty()) throw QueryError("goal " + describe(goal) + " is outside the navigation mesh");
  PolyanyaNode& s = nodes_.emplace_back();
  s.kind = PolyanyaNode::Kind::Start;
  s.root = start;
  PolyanyaNode& t = nodes_.emplace_back();
  t.kind = PolyanyaNode::Kind::Goal;
  t.root = goal;
  for (int f : goal_faces_) {
    goal_components_.push_back(pmesh_->bridges().component(f));
    goal_firsts_.push_back(pmesh_->firstCorner(f));
  }
}

Point PolyanyaQuery::position(NodeId n) const { return nodes_[n].root; }

bool PolyanyaQuery::passable(const Corner& c) const {
  return c.across >= 0 && pmesh_->bridges().mayCross(c.bridge, goal_components_);
}

bool PolyanyaQuery::isGoalFace(int first) const {
  for (int g : goal_firsts_)  // one face, or the few around a goal on an edge or vertex
    if (g == first) return true;
  return false;
}

// Root-level pruning table: one entry per wedge, expired by generation.
PolyanyaQuery::RootTable::RootTable(int keys) : size_(static_cast<std::size_t>(std::max(keys, 1))) {
  entries_.reset(static_cast<Entry*>(std::calloc(size_, sizeof(Entry))));
  if (!entries_) throw std::bad_alloc();
}

void PolyanyaQuery::RootTable::clear() {
  if (++generation_ == 0) {  // wrapped after 2^32 queries: expire every stamp for real
    std::fill(entries_.get(), entries_.get() + size_, Entry{0, 0.0});
    generation_ = 1;
  }
}

void PolyanyaQuery::reserveSuccessors(int m) const {
  // At most m - 1 observable and 2 (m - 1) non-observable successors, one Final and the
  // edge-on ones (one per edge). Grow geometrically: reserve() alone grows to the exact size.
  const std::size_t need = nodes_.size() + 4 * static_cast<std::size_t>(m) + 2;
  if (need > nodes_.capacity()) nodes_.reserve(std::max(need, 2 * nodes_.capacity()));
}

NodeId PolyanyaQuery::add(const PolyanyaNode& node, std::vector<Arc>& out, NodeId from) const {
  const Point parent = nodes_[from].root;
  const double cost = node.has_via ? dist(parent, node.via) + dist(node.via, node.root) : dist(parent, node.root);
  const NodeId id = static_cast<NodeId>(nodes_.size());
  nodes_.push_back(node);
  nodes_.back().parent = from;
  out.push_back({id, cost});
  return id;
}

static_assert(sizeof(PolyanyaNode) == 128, "PolyanyaNode grew: see its comment");

// A successor on the edge from corner e to the next, from `right` (e's side) to `left`: it
// leads into the face across that edge, where the same edge runs the other way. The cone's
// rays through the two ends are given as the node stores them (each ray's line passes through
// root.point), so no point is compared to decide their direction. The caller has checked
// passable(e).
void PolyanyaQuery::addEdge(const Root& root, const Corner& e, Point right, ConeRay right_ray, Point left,
                            ConeRay left_ray, bool collinear, std::vector<Arc>& out, NodeId from,
                            const Point* via) const {
  assert(passable(e));
  if (right == left) return;
  // The successor's face is expanded soon, often next (a one-successor step): start loading
  // three 64-byte lines of its corners from the entry edge on now. A face's first corner load
  // is otherwise a cache miss, the costliest instruction of an expansion on a big mesh (perf,
  // aurora-merged). The last address is at most one past the face's corners (listed twice, m >= 3).
  const char* next = reinterpret_cast<const char*>(pmesh_->cornersAt(e.across) + e.across_edge);
  for (int line = 0; line < 3; ++line) detail::prefetchLine(next + 64 * line);
  const NodeId id = static_cast<NodeId>(nodes_.size());
  // Every field given, in declaration order, so the node is written once (an emplace_back()
  // of a default node would first fill its 128 bytes with the defaults). Braces, not
  // emplace_back's parentheses: clang before 16 has no parenthesized aggregate init.
  nodes_.push_back(PolyanyaNode{root.point, left, right, left_ray.through, right_ray.through, via ? *via : Point{},
                                root.g, root.wedge, e.across, from, e.across_edge, e.across_count,
                                PolyanyaNode::Kind::Interval, collinear, via != nullptr, left_ray.from_through,
                                right_ray.from_through});
  out.push_back({id, root.arc});
}

// The edge from corner ca to corner cb lies on a line through the root but does not contain it (a face with a
// straight angle, or an edge along a ray of the cone): the root sees it edge-on. A path
// runs along the line to its nearer corner end and may turn there: a successor rooted at
// that end, which sees all of the face across the edge. The caller has checked passable(ca).
void PolyanyaQuery::addAlong(const Root& root, const Corner& ca, const Corner& cb, std::vector<Arc>& out,
                             NodeId from) const {
  const Point a = ca.point, b = cb.point;
  assert(passable(ca));
  if (root.point == a || root.point == b) return;
  // A shortest path turns only at a corner. An end that is not one (a vertex inside the
  // walkable region, where the mesh builder cut a large polygon into cells) is run past to
  // the other end; with neither a corner, nothing across the edge needs this root. Rooting
  // at such a vertex would also never end: the faces around it form a closed fan, and its
  // collinear successors would walk round it for ever.
  bool to_a = dist(root.point, a) <= dist(root.point, b);
  if (!(to_a ? ca.turn() : cb.turn())) to_a = !to_a;
  if (!(to_a ? ca.turn() : cb.turn())) return;
  const Point end = to_a ? a : b;
  const double run = dist(root.point, end);
  const Root turn{end, to_a ? ca.wedge : cb.wedge, root.g + run, root.arc + run};
  if (!best_root_g_.claim(turn.wedge, turn.g)) return;
  const Point via = root.point;
  addEdge(turn, ca, a, {a}, b, {b}, true, out, from, root.point == nodes_[from].root ? nullptr : &via);
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
  // The start sees all of every face that contains it: the whole edges of those faces are
  // its successors (edges through the start lead into faces that also contain it).
  // A face holding both start and goal: the straight segment is the path (the face is
  // convex), and no other successor can lead to anything shorter.
  for (int f : start_faces_)
    if (isGoalFace(pmesh_->firstCorner(f))) {
      out.push_back({goalNode(), dist(start_, goal_)});
      return;
    }
  // No chain of shared edges joins start and goal (separate parts of the map): no path, and
  // no need to search the start's whole part to learn it.
  bool reachable = false;
  for (int f : start_faces_)
    for (int g : goal_faces_) reachable = reachable || pmesh_->bridges().connected(f, g);
  if (!reachable) return;
  const Root root{start_, -1, 0.0, 0.0};
  for (int f : start_faces_) {
    const int m = pmesh_->cornerCount(f);
    const Corner* cd = pmesh_->cornersOf(f);
    reserveSuccessors(m);
    for (int j = 0; j < m; ++j) {
      const Corner& ca = cd[j];
      const Corner& cb = cd[j + 1];
      if (!passable(ca)) continue;
      const Point a = ca.point, b = cb.point;
      if (orientRooted(a, b, start_) == 0) {
        if (!onSegment(a, b, start_)) addAlong(root, ca, cb, out, n);
        continue;
      }
      addEdge(root, ca, a, {a}, b, {b}, false, out, n);
    }
  }
}

namespace {

/// Side of x of the ray, exactly, as a number whose sign is the side (> 0 left, < 0 right,
/// zero on the line). On a small lattice (the ray's points and x on it) it is the
/// determinant itself, exact, with no sign taken: the chain crossing only compares it with
/// zero. Otherwise, when the floating-point filter cannot decide, the ray's own points are
/// answered without the exact stage (a cone's ray passes through a face vertex in most
/// expansions, and the filter never decides at those).
template <bool Lattice>
inline double sideOf(const PolyanyaRay& ray, Point x) {
  if constexpr (Lattice) {
    return latticeDeterminant(ray.p, ray.q, x);
  } else {
    const int o = orientFilter(ray.p, ray.q, x);
    if (o != 2) return o;
    if (x == ray.q || x == ray.p) return 0.0;
    return orientAdaptive(ray.p, ray.q, x);
  }
}

/// Where a ray of a node's cone crosses the far chain of a convex face: the chain is the
/// vertices t = 0 .. m-1 (vertex k + 1 + t of the face, from the right end of the entry edge
/// to its left end); those with t < in lie right of the ray, those with in <= t < out on
/// its line and the rest left of it.
struct Crossing {
  int in, out;
  /// Side of chain vertex t: -1 right, 0 on the line, +1 left.
  int side(int t) const { return t < in ? -1 : (t < out ? 0 : 1); }
};

/// The ray enters the convex face through the entry edge, so along the chain its side goes
/// -1 ... 0 ... +1 once: a binary search finds where (O(log m) exact predicates, where a
/// scan of a merged mesh's 30-corner face would take 30). `from` is a chain index known to
/// be at or before the first vertex on or left of the ray (0 when nothing is known). When
/// `guess` (a likely answer, at or after `from`) is given, it is probed first. Probe order
/// does not matter for a left ray. It does for a right ray through chain vertex 0 itself (the
/// interval starts at that corner): vertex 0 is then on its line while the next ones may lie
/// right of it, and the search from the middle, which classes vertex 0 as right unless the
/// whole chain is on or left of the ray, is what expandInterval expects: no guess there.
template <bool Lattice>
Crossing crossChain(const PolyanyaRay& ray, const PolyanyaMesh::Corner* cd, int m, int k, int from = 0, int guess = -1) {
  auto side = [&](int t) { return sideOf<Lattice>(ray, cd[k + 1 + t].point); };
  int lo = from, hi = m;  // first t with side >= 0
  double side_hi = 0.0;   // its side, once probed (probed_hi)
  bool probed_hi = false;
  if (guess >= lo && guess < hi) {
    const double sg = side(guess);
    if (sg >= 0.0) {
      hi = guess;
      side_hi = sg;
      probed_hi = true;
    } else {
      lo = guess + 1;
    }
  }
  while (lo < hi) {  // conditional moves, not branches: the sides are unpredictable
    const int mid = lo + (hi - lo) / 2;
    const double sm = side(mid);
    const bool on_or_left = sm >= 0.0;
    hi = on_or_left ? mid : hi;
    side_hi = on_or_left ? sm : side_hi;
    probed_hi = probed_hi || on_or_left;
    lo = on_or_left ? lo : mid + 1;
  }
  int out = lo;
  if (out < m) {
    double so = probed_hi ? side_hi : side(out);
    while (so == 0.0 && ++out < m) so = side(out);
  }
  return {lo, out};
}

}  // namespace

// flatten: everything an expansion calls (crossChain, lineCut, addEdge, the root table) is
// inlined into it. addEdge takes ten arguments, two 32-byte rays among them, and a call per
// successor spent more on passing them than on writing the node (callgrind, aurora-merged:
// 12% fewer instructions in all).
[[gnu::flatten]] void PolyanyaQuery::expandInterval(NodeId n, std::vector<Arc>& out) const {
  if (nodes_[n].root_wedge >= 0 && best_root_g_.dominated(nodes_[n].root_wedge, nodes_[n].g)) return;  // root reached more cheaply
  const int f = nodes_[n].face;
  const int m = nodes_[n].corner_count;
  reserveSuccessors(m);
  const PolyanyaNode& node = nodes_[n];  // stays valid: no successor moves nodes_ now
  const int k = node.edge;
  const Point r = node.root, L = node.left, R = node.right;
  const Root same{r, node.root_wedge, node.g, 0.0};
  const Corner* cd = pmesh_->cornersAt(f);

  if (node.collinear) {
    // The root is a vertex of this convex face: all of it is in sight.
    if (isGoalFace(f)) {  // the straight segment: no successor can do better (see below)
      out.push_back({goalNode(), dist(r, goal_)});
      return;
    }
    for (int j = k + 1; j < k + m; ++j) {
      const Corner &ca = cd[j], &cb = cd[j + 1];
      if (!passable(ca)) continue;
      const Point a = ca.point, b = cb.point;
      if (r != a && r != b && orientRooted(r, a, b) == 0) addAlong(same, ca, cb, out, n);
      else addEdge(same, ca, a, {a}, b, {b}, r == a || r == b, out, n);
    }
    return;
  }

  const PolyanyaRay rr = node.rightRay();
  const PolyanyaRay lr = node.leftRay();
  const ConeRay right_cone{node.right_through, node.right_from_through};
  const ConeRay left_cone{node.left_through, node.left_from_through};
  if (isGoalFace(f)) {
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
    // The goal is in this convex face, so the path just made (straight, or turning at an
    // interval end) is the shortest through this interval, and its length is the node's f:
    // every other successor has f at least that. Polyanya stops here too (the search ends
    // when a node of the goal's polygon is popped); generating them is the fixed cost of
    // a short query. Nor is the face's far chain crossed with the cone: only the goal's
    // sides of the two rays are needed.
    return;
  }

  // An interval end at a corner vertex: the path may turn there (non-observable successors).
  // Its root-level pruning entry is read after the crossings below: start loading it now.
  const Corner &cr0 = cd[k + 1], &cl0 = cd[k];
  const Point vr = cr0.point, vl = cl0.point;
  const bool turn_right = R == vr && cr0.turn();
  const bool turn_left = L == vl && cl0.turn();
  if (turn_right) best_root_g_.prefetch(cr0.wedge);
  if (turn_left) best_root_g_.prefetch(cl0.wedge);

  // Chain vertex t is face vertex k + 1 + t: t = 0 is the right end of the entry edge and
  // t = m - 1 its left end.
  // Both rays' lines pass through r, which is not inside the face, so inside the face they
  // do not meet: a vertex right of the right ray is right of the left ray too, and the left
  // ray's crossing is at or after the right ray's (cl.in >= cr.in).
  // Most intervals project onto one far edge: the left ray's first guess is the right one's crossing.
  // Two copies of the search, so its loop tests no flag: on a small lattice, and not.
  Crossing cr, cl;
  if (lattice_) {
    cr = crossChain<true>(rr, cd, m, k);
    cl = crossChain<true>(lr, cd, m, k, cr.in, cr.in);
  } else {
    cr = crossChain<false>(rr, cd, m, k);
    cl = crossChain<false>(lr, cd, m, k, cr.in, cr.in);
  }

  // Observable successors: the far edges t (chain vertex t to t + 1, right to left) inside
  // the closed cone between the rays r->R and r->L: the left end on or left of the right ray
  // and the right end on or right of the left ray. Every ray's line passes through r, so
  // an edge with both ends on one ray's line is seen edge-on along that ray.
  for (int t = std::max(0, cr.in - 1), last = std::min(m - 2, cl.out - 1); t <= last; ++t) {
    const int j = k + 1 + t;
    const Corner &ca = cd[j], &cb = cd[j + 1];
    if (!passable(ca)) continue;  // checked first: most far edges of a merged mesh's face are walls or bridges
    const int ar = cr.side(t), br = cr.side(t + 1), al = cl.side(t), bl = cl.side(t + 1);
    if ((ar == 0 && br == 0) || (al == 0 && bl == 0)) {
      // Seen edge-on from the corner it starts at (the ray runs on along it past an interval
      // end that is a corner): that corner's fan below creates exactly this successor (same
      // root, g and interval). Creating it here too would duplicate it, and the copies'
      // descendants double again at the next such corner: exponentially many equal nodes
      // (the 30 x 30 maze with straight runs past corners never finished).
      if ((t == 0 && turn_right && ar == 0 && br == 0) || (t == m - 2 && turn_left && al == 0 && bl == 0)) continue;
      addAlong(same, ca, cb, out, n);
      continue;
    }
    const Point a = ca.point, b = cb.point;
    const Point from = ar >= 0 ? a : lineCut(rr, a, ar, b, br);
    const Point to = bl <= 0 ? b : lineCut(lr, a, al, b, bl);
    addEdge(same, ca, from, ar >= 0 ? ConeRay{a} : right_cone, to, bl <= 0 ? ConeRay{b} : left_cone, false, out, n);
  }

  // Non-observable successors on the right: the interval ends at the corner v[k+1]; the
  // chain up to where it crosses to the left of the ray r->R.
  if (turn_right) {
    const double arc = dist(r, vr);
    const Root turn{vr, cr0.wedge, node.g + arc, arc};
    if (best_root_g_.claim(turn.wedge, turn.g)) {
      for (int t = 0, end = std::min(cr.out, m - 1); t < end; ++t) {
        const int j = k + 1 + t;
        const Corner &ca = cd[j], &cb = cd[j + 1];
        if (!passable(ca)) continue;
        const Point a = ca.point, b = cb.point;
        const int br = cr.side(t + 1);
        if (t == 0) {  // the edge from the corner itself: a fan around it
          if (br <= 0) addEdge(turn, ca, a, {a}, b, {b}, true, out, n);
          continue;
        }
        if (orientRooted(vr, a, b) == 0) {
          addAlong(turn, ca, cb, out, n);
          continue;
        }
        // Left of this part lies the ray r->vr continued beyond the corner.
        addEdge(turn, ca, a, {a}, br <= 0 ? b : lineCut(rr, a, cr.side(t), b, br), br <= 0 ? ConeRay{b} : ConeRay{r, true},
                false, out, n);
      }
    }
  }
  // Non-observable successors on the left: the interval ends at the corner v[k]; the chain
  // back to where it crosses to the right of the ray r->L.
  if (turn_left) {
    const double arc = dist(r, vl);
    const Root turn{vl, cl0.wedge, node.g + arc, arc};
    if (best_root_g_.claim(turn.wedge, turn.g)) {
      for (int t = m - 2, end = std::max(0, cl.in - 1); t >= end; --t) {
        const int j = k + 1 + t;
        const Corner &ca = cd[j], &cb = cd[j + 1];
        if (!passable(ca)) continue;
        const Point a = ca.point, b = cb.point;
        const int al = cl.side(t);
        if (t == m - 2) {  // the edge into the corner itself: a fan around it
          if (al >= 0) addEdge(turn, ca, a, {a}, b, {b}, true, out, n);
          continue;
        }
        if (orientRooted(vl, a, b) == 0) {
          addAlong(turn, ca, cb, out, n);
          continue;
        }
        // Right of this part lies the ray r->vl continued beyond the corner.
        addEdge(turn, ca, al >= 0 ? a : lineCut(lr, a, al, b, cl.side(t + 1)), al >= 0 ? ConeRay{a} : ConeRay{r, true}, b,
                {b}, false, out, n);
      }
    }
  }
}

double PolyanyaQuery::heuristic(Heuristic kind, NodeId n, NodeId) const {
  if (kind == Heuristic::None) return 0.0;
  const PolyanyaNode& node = nodes_[n];
  const Point r = node.root;
  if (node.kind != PolyanyaNode::Kind::Interval || node.collinear) return dist(r, goal_);
  // The sides below are floating-point signs, not exact predicates: h is a floating value
  // anyway, and where a sign is wrong the point lies on (within rounding of) the line, where
  // both branches give the same h but for rounding. An exact sign is an f later by 1e-16 at
  // most; the search's order may differ there, a length never does.
  const auto side = [](Point a, Point b, Point c) {
    const double d = cross(b - a, c - a);
    return (d > 0.0) - (d < 0.0);
  };
  // Mirror the goal across the interval's line when it lies on the root's side.
  Point t = goal_;
  const Point L = node.left, R = node.right;
  if (side(L, R, t) == side(L, R, r)) {
    const Point d = R - L;
    const double s = dot(t - L, d) / dot(d, d);
    const Point foot = L + d * s;
    t = foot * 2.0 - t;
  }
  const int right_side = side(r, R, t);
  if (right_side >= 0 && side(r, L, t) <= 0) return dist(r, t);
  const Point e = right_side < 0 ? R : L;  // floating h: a rounding error here only shifts f by ~1e-16
  return dist(r, e) + dist(e, goal_);
}

std::vector<Point> PolyanyaQuery::pathPoints(const Path& path) const {
  std::vector<Point> points;
  pathPoints(path, points);
  return points;
}

void PolyanyaQuery::pathPoints(const Path& path, std::vector<Point>& points) const {
  points.clear();
  if (!path.found || path.nodes.empty()) return;
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
}

// [SECTION] Queries

Path findPolyanyaPath(const PolyanyaMesh& pmesh, Point start, Point goal, SearchOptions options) {
  return PolyanyaPathfinder(pmesh).find(start, goal, options);
}

Path PolyanyaPathfinder::find(Point start, Point goal, SearchOptions options) {
  Path result;
  find(start, goal, result, options);
  return result;
}

void PolyanyaPathfinder::find(Point start, Point goal, Path& out, SearchOptions options) {
  if (query_) query_->reset(start, goal);
  else query_.emplace(*pmesh_, start, goal);
  search_.setRecording(false);
  search_.init(*query_, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode(), options);
  truncated_ = search_.run(limit_ > 0 ? limit_ : -1) == SearchStatus::Running;
  search_.finalize(out, Search::PathPoints::None);
  if (truncated_) {
    out = Path{};
    return;
  }
  query_->pathPoints(out, out.points);  // reads out.nodes only
}

}  // namespace polypath
