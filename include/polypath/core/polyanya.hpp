// polyanya.hpp: Polyanya, the exact any-angle search on a navigation mesh, as a SearchGraph
// whose nodes are created while the one engine (search.hpp) searches.
//
// [SECTION] PolyanyaMesh (per mesh: corners, corner wedges, bridges, lattice)
// [SECTION] PolyanyaQuery (per query: the growing graph of (interval, root) nodes)
// [SECTION] Queries (one-shot, and a pathfinder reused for many)
//
// Method: M. Cui, D. Harabor, A. Grastien, "Compromise-free Pathfinding on a Navigation
// Mesh", IJCAI 2017. A search node is an interval [left, right] on a mesh edge plus a root:
// the last turning point of every path the node stands for (the start, or a corner vertex).
// g is the length to the root, h the length from the root through the interval to the goal
// (the goal mirrored across the interval's line when it lies on the root's side), so
// f = g + h is an admissible estimate. Expanding a node projects the interval through the
// face beyond it: the part of the far edges inside the cone root-left-right gives
// observable successors (same root); when an interval end is a corner vertex, the far
// edges outside the cone on that side give non-observable successors rooted at that
// vertex. Root-level pruning keeps the best g per root and drops nodes whose root was
// reached more cheaply. The result is the Euclidean shortest path, not an approximation.
//
// Root-level pruning follows the paper: one best g per root (a vertex, or for a pinch vertex
// one of its wedges), and a node is dropped only when its root was reached with a g smaller
// by more than a relative 1e-10. The tolerance matters: two routes of equal length reach a
// corner as the right end of one cone and the left end of another (a straight run past an
// earlier corner: r -> c1 -> c2 along one line), each turning to its own side, and rounding
// must not let one prune the other (without it, 63 of 1000 Aurora queries lost the optimum).
//
// Speed-ups (none changes a length): a node with exactly one successor is expanded on the
// spot (the paper's one-successor chaining, Cui's "intermediate" nodes: they exist for the
// path but never enter the open set); successors across a bridge of the face adjacency
// graph are not generated unless the goal lies beyond it (FaceBridges: the paper's dead-end
// polygons, extended to whole dead-end regions).
//
// Pinches: faces meeting only at a vertex are not neighbours (NavMesh), and the free
// directions at a vertex split into wedges (the faces around it joined through shared
// edges). A root is a (vertex, wedge) pair, so the best-g table never lets a path that
// reached a vertex in one wedge prune paths leaving it in another, and a path never passes
// from one wedge into another: every interval is reached through shared edges.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

#include "polypath/core/face_bridges.hpp"
#include "polypath/core/huge_pages.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/search.hpp"

namespace polypath {

namespace detail {
/// Starts loading the cache line at p into the caches: a hint, nothing where the compiler
/// has no prefetch builtin.
inline void prefetchLine(const void* p) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}
}  // namespace detail

// [SECTION] PolyanyaMesh

/// What Polyanya precomputes on a NavMesh: every face's corners in one array, each with the
/// face across its edge, and a root key for each corner wedge (the faces around a vertex that
/// are joined through edges incident to it, when a wall bounds them, so a path may turn
/// there); the bridges; and whether the vertices lie on a small lattice. The mesh must
/// outlive this object.
class PolyanyaMesh {
 public:
  explicit PolyanyaMesh(const NavMesh& mesh);
  const NavMesh& mesh() const { return *mesh_; }
  /// Corner i of face f and the edge from it to corner i + 1, packed (32 bytes) so that an
  /// expansion reads one array, face after face, and finds the face across an edge without a
  /// second table (an offset table read per successor was a cache miss on a big mesh).
  struct Corner {
    Point point;                    ///< the vertex (world units)
    int across = -1;                ///< the face across the edge by its first corner (firstCorner()), -1 for a wall
    /// Root key of the vertex in this face when its wedge touches a wall edge (Polyanya's
    /// "corner vertex", where a path may turn): 0 .. wedgeCount() - 1; -1 for any other vertex.
    int wedge = -1;
    int bridge = -1;                ///< FaceBridges::slot() of the edge
    std::int16_t across_edge = -1;  ///< index of the same edge in the face across
    std::int16_t across_count = 0;  ///< the corner count of the face across
    /// A path may turn at this vertex (it has a root key).
    bool turn() const { return wedge >= 0; }
  };
  /// The corners of face f in order, listed twice: 2 * cornerCount(f) entries, corner i + m
  /// the same as corner i, so a walk of at most m corners from any corner needs no wrap-around.
  const Corner* cornersOf(int f) const { return corners_.data() + offset_[f]; }
  /// The same list given by firstCorner(f).
  const Corner* cornersAt(int first) const { return corners_.data() + first; }
  /// Index of face f's first corner (a key of the face as good as f: Corner::across is one).
  int firstCorner(int f) const { return offset_[f]; }
  /// The face whose first corner is `first` (the inverse of firstCorner(); O(log faces)).
  int faceAt(int first) const;
  /// The number of corners of face f (m).
  int cornerCount(int f) const { return (offset_[f + 1] - offset_[f]) / 2; }
  /// The largest corner count of any face (sizes an expansion's scratch once per query).
  int maxCorners() const { return max_corners_; }
  /// The number of root keys: the wedges at vertices that touch a wall (Corner::wedge).
  int wedgeCount() const { return wedge_count_; }
  /// smallLatticeExponent() of the mesh's vertices: when the start lies on the same lattice,
  /// a query decides every side of a cone ray with orientOnLattice() (-1: no such lattice).
  int latticeExponent() const { return lattice_; }
  /// Bridges of the face adjacency graph (dead-end regions).
  const FaceBridges& bridges() const { return bridges_; }

 private:
  const NavMesh* mesh_;
  FaceBridges bridges_;
  std::vector<int> offset_;      // per face: its first entry in corners_
  std::vector<Corner, HugePageAllocator<Corner>> corners_;  // every face's corners, twice (megabytes on a big mesh, read at random)
  int max_corners_ = 0;
  int wedge_count_ = 0;
  int lattice_ = -1;
};

// [SECTION] PolyanyaQuery

/// A ray of a node's cone, as the directed line through two exact points (vertices or the
/// start), so which side of it a vertex lies on is decided exactly even where the interval
/// end itself is a rounded cut point.
struct PolyanyaRay {
  Point p, q;
  /// orient(p, q, x): +1 left of the ray, -1 right, 0 on its line.
  int side(Point x) const { return orient(p, q, x); }
};

/// One Polyanya search node. Fields are ordered by size so a node packs into 128 bytes
/// (every expansion writes its successors into one growing array, and on a big query that
/// array outgrows the caches: its bytes are the search's main memory traffic).
struct PolyanyaNode {
  enum class Kind : std::uint8_t {
    Start,     ///< the start point (node 0)
    Goal,      ///< the goal point (node 1)
    Interval,  ///< an interval on the entry edge of `face`, seen from `root`
    Final,     ///< a turn at `root` (an interval end) from which the goal is in sight
  };
  Point root;            ///< last turning point (world units)
  Point left, right;     ///< interval ends as seen from the root looking into `face`
  /// The cone's rays through `left` and `right`, each stored as its second exact point: the
  /// line of every ray of a node's cone passes through the root (see leftRay()).
  Point left_through, right_through;
  Point via;             ///< (a corner passed along a straight edge just after turning at it)
  double g = 0.0;        ///< length of the path to the root (world units)
  int root_wedge = -1;   ///< root-level pruning key: the wedge of the root vertex, or -1 (start, goal, Final)
  int face = -1;         ///< the face beyond the interval, by its first corner (PolyanyaMesh::firstCorner())
  NodeId parent = kNoNode;  ///< the node whose expansion created this one (an intermediate node of
                            ///< a one-successor chain never enters the open set)
  std::int16_t edge = -1;         ///< entry edge k of `face`: left end on v[k]'s side, right on v[k+1]'s
  std::int16_t corner_count = 0;  ///< the corner count m of `face`
  Kind kind = Kind::Interval;
  bool collinear = false;  ///< the root is an end vertex of the entry edge: all of `face` is in sight
  bool has_via = false;  ///< the path turns at `via` between the parent's root and this root
  bool left_from_through = false;   ///< the left ray runs from `left_through` to the root
  bool right_from_through = false;  ///< the same for the right ray

  /// The ray of the cone through `left`: root -> left_through, or left_through -> root when
  /// it is the ray of an earlier root continued past this one (a non-observable successor).
  PolyanyaRay leftRay() const { return left_from_through ? PolyanyaRay{left_through, root} : PolyanyaRay{root, left_through}; }
  /// The ray of the cone through `right`, stored as leftRay() is.
  PolyanyaRay rightRay() const {
    return right_from_through ? PolyanyaRay{right_through, root} : PolyanyaRay{root, right_through};
  }
};

/// Polyanya on one mesh with one start and one goal: a SearchGraph that grows. Node 0 is the
/// start, node 1 the goal; neighbours() creates the successors of a node (so it changes
/// internal state behind a const interface; one query serves one search at a time). While a
/// node has exactly one successor, neighbours() expands that one too and returns the arcs of
/// the last (the nodes in between stay Unseen by the engine). Arc costs are root-to-root
/// distances, so a node's g in the engine equals its root's g.
/// heuristic() gives Polyanya's interval heuristic for any heuristic kind except None.
class PolyanyaQuery final : public SearchGraph {
 public:
  /// Locates start and goal. Throws QueryError naming which point lies outside the mesh.
  PolyanyaQuery(const PolyanyaMesh& pmesh, Point start, Point goal);
  /// Starts over with a new start and goal on the same mesh, keeping the memory of the node
  /// array and the pruning table (whose entries expire by generation, so nothing is cleared).
  /// Throws QueryError as the constructor does (the query is then left empty: reset again).
  void reset(Point start, Point goal);

  static constexpr NodeId startNode() { return 0; }
  static constexpr NodeId goalNode() { return 1; }
  Point start() const { return start_; }
  Point goal() const { return goal_; }
  const PolyanyaMesh& polyanyaMesh() const { return *pmesh_; }
  /// Node n (created so far).
  const PolyanyaNode& node(NodeId n) const { return nodes_[n]; }

  std::size_t nodeCount() const override { return nodes_.size(); }
  /// The root of node n (the goal point for the goal node).
  Point position(NodeId n) const override;
  void neighbours(NodeId n, std::vector<Arc>& out) const override;
  double heuristic(Heuristic kind, NodeId n, NodeId goal) const override;

  /// The turning points of a found path: start, corners, goal (consecutive equal roots
  /// merged). Empty when not found.
  std::vector<Point> pathPoints(const Path& path) const;
  /// The same, written into `out` (cleared first; may be path.points: only path.found and
  /// path.nodes are read).
  void pathPoints(const Path& path, std::vector<Point>& out) const;

 private:
  /// Best g per root key (a wedge id), for root-level pruning: one entry per wedge, as
  /// Polyanya keeps one per vertex. An entry is live only when stamped with the current
  /// generation, so clear() is one increment; the table is calloc'ed, so a large mesh's
  /// pages are zeroed by the system when first touched, not when the query starts.
  class RootTable {
   public:
    /// Room for keys 0 .. keys - 1, every one unseen.
    explicit RootTable(int keys);
    /// Forgets every key.
    void clear();
    /// Records g for key unless the key was reached with a g smaller by more than the tolerance.
    bool claim(int key, double g) {
      Entry& e = entries_.get()[key];
      if (e.generation == generation_) {
        if (g > e.g * (1.0 + kTolerance)) return false;
        e.g = std::min(e.g, g);
        return true;
      }
      e = {generation_, g};
      return true;
    }
    /// Starts loading key's entry (a hint: the table outgrows the caches on a big mesh).
    void prefetch(int key) const { detail::prefetchLine(entries_.get() + key); }
    /// True when key was reached with a g smaller than g by more than the tolerance.
    bool dominated(int key, double g) const {
      const Entry& e = entries_.get()[key];
      return e.generation == generation_ && g > e.g * (1.0 + kTolerance);
    }
    /// Relative tolerance: g of two routes of equal length differs by rounding only, far below it.
    static constexpr double kTolerance = 1e-10;

   private:
    struct Entry {
      std::uint32_t generation;  // live when equal to generation_; 0: never
      double g;
    };
    struct Free {
      void operator()(Entry* p) const { std::free(p); }
    };
    std::unique_ptr<Entry, Free> entries_;
    std::size_t size_ = 0;
    std::uint32_t generation_ = 1;
  };

  /// The root a group of successors shares: its point, pruning key and g, and the length of
  /// the arc to it from the root of the node being expanded (0 for that same root).
  struct Root {
    Point point;
    int wedge;
    double g;
    double arc;
  };
  using Corner = PolyanyaMesh::Corner;
  /// A successor's cone ray as its node stores it: the ray's exact point besides the root,
  /// and whether the ray runs from that point to the root (PolyanyaNode::leftRay()).
  struct ConeRay {
    Point through;
    bool from_through = false;
  };

  /// The face given by its first corner (PolyanyaNode::face) holds the goal.
  bool isGoalFace(int first) const;
  /// orient() for three points each a mesh vertex or the start (every root and cone ray
  /// point is one): orientOnLattice() when they share a small lattice.
  int orientRooted(Point a, Point b, Point c) const { return lattice_ ? orientOnLattice(a, b, c) : orient(a, b, c); }
  /// The edge from corner c is shared, and crossing it may lead to the goal (not a bridge
  /// into a region without it). Successors are built only across such edges.
  bool passable(const Corner& c) const;
  void expand(NodeId n, std::vector<Arc>& out) const;
  /// Makes room for every successor of one expansion of a face with m corners, so references
  /// into nodes_ stay valid while it runs.
  void reserveSuccessors(int m) const;
  NodeId add(const PolyanyaNode& node, std::vector<Arc>& out, NodeId from) const;
  void addEdge(const Root& root, const Corner& e, Point right, ConeRay right_ray, Point left, ConeRay left_ray,
               bool collinear, std::vector<Arc>& out, NodeId from, const Point* via = nullptr) const;
  void addAlong(const Root& root, const Corner& ca, const Corner& cb, std::vector<Arc>& out, NodeId from) const;
  void expandInterval(NodeId n, std::vector<Arc>& out) const;

  const PolyanyaMesh* pmesh_;
  Point start_, goal_;
  std::vector<int> start_faces_, goal_faces_;
  std::vector<int> goal_firsts_;      // firstCorner() of each goal face (node.face's key)
  bool lattice_ = false;              // the mesh's vertices and the start lie on one small lattice
  std::vector<int> goal_components_;  // FaceBridges components of the goal's faces
  mutable std::vector<PolyanyaNode> nodes_;
  mutable RootTable best_root_g_;
};

// [SECTION] Queries

/// Runs Polyanya through the one engine (findPath) and returns the shortest path: points
/// are the start, the corners it turns at and the goal; nodes are Polyanya's search nodes;
/// length in world units. Throws QueryError when start or goal is outside the mesh.
Path findPolyanyaPath(const PolyanyaMesh& pmesh, Point start, Point goal, SearchOptions options = {});

/// Answers many queries on one mesh with one PolyanyaQuery and one Search, reset between
/// queries: once warm, a query allocates nothing but its result, and nothing at all through
/// find(start, goal, out) (as Polyanya's own search instance reuses its node pool and root
/// table). Not for concurrent use.
class PolyanyaPathfinder {
 public:
  explicit PolyanyaPathfinder(const PolyanyaMesh& pmesh) : pmesh_(&pmesh) {}
  /// The same answer as findPolyanyaPath(pmesh, start, goal, options), and the same errors.
  Path find(Point start, Point goal, SearchOptions options = {});
  /// The same answer written into `out`, whose vectors keep their memory: a caller reusing
  /// one Path allocates nothing per query once warm.
  void find(Point start, Point goal, Path& out, SearchOptions options = {});
  /// Stops each search after `expansions` expansions (0, the default: never). A search
  /// stopped so returns no path and truncated() says so: a guard for benchmarks over
  /// arbitrary queries, where one search that runs away would exhaust memory.
  void setExpansionLimit(int expansions) { limit_ = expansions; }
  /// The last find() was stopped by the expansion limit.
  bool truncated() const { return truncated_; }

 private:
  int limit_ = 0;
  bool truncated_ = false;
  const PolyanyaMesh* pmesh_;
  std::optional<PolyanyaQuery> query_;
  Search search_;
};

}  // namespace polypath
