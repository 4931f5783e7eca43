// visibility_graph.hpp: the reflex-vertex visibility graph of a polygon map, and the
// per-query overlay that links start and goal into it.
//
// [SECTION] VisibilityGraph (built once per map)
// [SECTION] VisibilityQuery (start and goal linked in, a SearchGraph), VisibilityPathfinder
// [SECTION] One-shot query
//
// Method: the shortest path between two points of a polygonal domain is a polyline
// whose inner vertices are reflex vertices of the domain (Lozano-Perez and Wesley,
// 1979), so A* over the graph of mutually visible reflex vertices, with start and goal
// added, finds it. Links are kept only when the segment is tangent to the boundary at
// both ends ("reduced" or "tangent" visibility graph): a shortest path never bends
// around a corner it does not wrap. The seed article "Polygonal A* Pathfinding in
// C++17" builds the same graph per query and offsets nodes along the vertex normals;
// polypath builds it once and offers the offset as `corner_offset`.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "polypath/core/build_monitor.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"

namespace polypath {

class VisibilityExpansion;

// [SECTION] VisibilityGraph

/// Build settings for the visibility graph.
struct VisibilityOptions {
  /// Push graph nodes this far (world units) into the walkable region along the inward
  /// vertex normal (the seed article's method). 0 gives exact shortest paths. Line of
  /// sight is still tested against the real polygon. With an offset every pair of
  /// visible nodes is linked (no tangent pruning, since pushed nodes are not corners).
  /// An approximation of agent clearance: paths keep off the corners, but a link between
  /// two pushed nodes may still run along or close to a wall, and paths are no longer
  /// shortest. For exact clearance erode the region instead (io/clearance.hpp).
  double corner_offset = 0.0;
  /// Threads that build the graph: 0 uses every core (at most 8). Maps of fewer than
  /// 1,024 reflex corners are built on the calling thread alone. The graph is the same
  /// for any count.
  int threads = 0;
  /// How a node's candidate links are found before their line-of-sight test; on a map
  /// that validateMap() passes without errors both give the same graph, link for link
  /// (the expansion trusts the map: polygons that overlap or cross may get links through
  /// each other's walls).
  enum class Candidates {
    /// Triangular expansion from each corner over the map's constrained Delaunay
    /// triangulation, within the directions tangent at the corner (Bungiu, Hemmer,
    /// Hershberger, Huang and Kröller, 2014): output-sensitive. Pairwise is used instead
    /// with a corner offset, when a polygon does not triangulate or its triangles do not
    /// cover it, when polygons share an edge, and when a ring touches itself.
    Expansion,
    /// Every pair of nodes tangent at both ends: O(r^2) pairs for r reflex corners. The
    /// test oracle of the expansion.
    Pairwise,
  };
  Candidates candidates = Candidates::Expansion;
};

/// The visibility graph over the reflex vertices of a PolygonMap. Immutable once built.
/// Holds a pointer to the map: the map must outlive the graph.
class VisibilityGraph {
 public:
  /// A graph node: one reflex corner (a vertex, or one wedge of a pinch point).
  struct Node {
    int corner = -1;  ///< index into PolygonMap::corners()
    int vertex = -1;  ///< a ring vertex at the corner (index into PolygonMap::vertices())
    Point position;   ///< the corner, or the corner pushed by corner_offset
  };
  /// An undirected line-of-sight link between two nodes.
  struct Link {
    NodeId a = kNoNode, b = kNoNode;
    double length = 0.0;  ///< world units
  };

  /// What update() did.
  struct UpdateStats {
    int changed_edges = 0;    ///< ring edges present in only one of the two maps
    int new_nodes = 0;        ///< nodes with no identical node (same corner and position) before
    std::int64_t kept = 0;    ///< node pairs whose link state was carried over untested (all pairs - tested)
    std::int64_t tested = 0;  ///< node pairs tested again (wedge, tangent, line of sight)
  };

  /// Builds the graph. Node i's candidates (options.candidates: the nodes its triangular
  /// expansion reaches, or every node) are kept when later than i and tangent at both ends,
  /// and then tested for line of sight (PolygonMap::lineOfSightFrom). Node i's links to
  /// later nodes are found on options.threads threads and joined in node order. `monitor`,
  /// when given, hears the fraction of the work done (nodes, or candidate pairs) and may
  /// cancel (BuildCancelled is thrown) or cap the links (BuildTooLarge is thrown past
  /// BuildMonitor::setItemLimit).
  VisibilityGraph(const PolygonMap& map, VisibilityOptions options = {}, BuildMonitor* monitor = nullptr);

  /// A guess of the build's wall time in seconds with `options` on two cores of a current
  /// desktop, for deciding, before starting, whether a build fits interactive use. When the
  /// build takes the triangular expansion, it grows with the r reflex corners and the links
  /// L: a r + b L sqrt(max(1, L / L0)), times 1.5 on one thread. L is estimated from up to
  /// 65,536 random node pairs (fixed seed; fewer once 256 are linked) tested as the build
  /// tests them; tens of milliseconds on 10^5 corners. When the build is pairwise
  /// (Candidates::Pairwise, a corner offset, polygons sharing an edge, a ring touching
  /// itself): c r^2. A polygon that fails to triangulate (not a valid map) also builds
  /// pairwise but is estimated as the expansion. The constants and the maps they were
  /// fitted to are in visibility_graph.cpp and docs/performance.md ("Estimating the build
  /// time"): up to 2x above the measured time there, 6x above on a comb whose corners all
  /// see each other.
  static double estimateBuildSeconds(const PolygonMap& map, const VisibilityOptions& options = {});

  /// Brings the graph up to date with `map`, an edited version of the current map (for
  /// example one vertex moved), with the same options. For valid maps (validateMap finds
  /// no error) the result is exactly the graph a full rebuild on `map` gives (same nodes,
  /// same links in the same order); where rings cross or overlap it may differ. Method:
  /// the ring edges present in only one of the two maps are found (by index when the
  /// rings are the same, else by sorting), and nodes are matched by their corner
  /// (position and wedge rays). Then only three kinds of pairs are tested: (1) old links
  /// whose segment comes near a changed edge, against the edited edges of the new map;
  /// (2) every pair with a changed node (moved, or its wedge changed: a few per moved
  /// vertex), in full, except that a node that did not move keeps the old state towards
  /// nodes whose segment meets no edited edge but at the node itself (exact test); (3)
  /// unlinked pairs that may have become visible. Such a segment ran through ground the
  /// edit freed, which is bounded by changed edges of the old map, so it meets at least
  /// two of them: for one moved vertex, both of its old edges, at two distinct points and
  /// collinear with neither (so not through the vertex, and from no node on either
  /// edge's line). Each node screens the others by the cone of directions that meets
  /// both (a narrow cone through the old corner, however long its walls), found through a
  /// uniform grid over the nodes rasterized along the cone. Where an end of a changed edge touches another ring, or
  /// more than four old edges changed, the screen is the cone over the box of the edit.
  /// Node ids keep their order, so each node's arc array is filtered in place (targets
  /// renumbered, each old link decided from both of its ends) and merged with its added
  /// links. Cost: O(L) for L old links (one pass over the arcs), O(c r) tests for c
  /// changed nodes, and the screen. Extra memory: O(r) plus the added links.
  /// `map` must outlive the graph; the old map is not used after.
  UpdateStats update(const PolygonMap& map);

  /// Bytes held by the graph's own arrays (nodes, links, adjacency, and the triangulation
  /// kept for queries: expansion()), not the map's.
  std::size_t memoryBytes() const;

  const PolygonMap& map() const { return *map_; }
  const VisibilityOptions& options() const { return options_; }
  const std::vector<Node>& nodes() const { return nodes_; }
  /// The links, ordered by (a, b) with a < b: built from the arc arrays, O(L) for L links
  /// (the graph keeps only the arcs, so that an update rewrites one structure).
  std::vector<Link> links() const;
  /// The number of links, O(1).
  std::size_t linkCount() const { return link_count_; }
  /// Arcs leaving node n (both directions of every link).
  const std::vector<Arc>& arcs(NodeId n) const { return adjacency_[n]; }

  /// True when a path that bends at node n and continues towards t can be part of a
  /// shortest path: both neighbours of the corner lie on one side of the line (n, t).
  /// Always true with a corner offset.
  bool tangentAt(NodeId n, Point t) const;
  /// True when a link from node n towards t may exist: t lies in the node's wedge (so
  /// a pinch point's node only links into its own wedge) and, without corner offset,
  /// the link is tangent at n.
  bool linkable(NodeId n, Point t) const;
  /// linkable() for corner c (index into map.corners()) of any map, without corner
  /// offset: t lies in the corner's wedge and both neighbours of the corner lie on one
  /// side of the line from the corner to t.
  static bool linkableCorner(const PolygonMap& map, int c, Point t);

  /// Keeps, in order, the nodes of `candidates` that point p sees (line of sight to the
  /// node's position), by PolygonMap::lineOfSightFrom: grid walks, or one angular sweep
  /// around p where that is cheaper. Returns how many the walks answered.
  std::size_t keepVisible(Point p, std::vector<NodeId>& candidates) const;

  /// The triangulation the graph was built over by triangular expansion, kept to find the
  /// nodes a query's start may see (VisibilityExpansion::candidatesFrom) where the nodes
  /// see few others (on average at most an eighth of the nodes: else the start's view is
  /// most of the map, and a pass over the nodes' tangency is cheaper) and its point-location
  /// grid stays small (VisibilityExpansion::locateStarts); null otherwise, after a pairwise
  /// build and after update(): queries then test every node's tangency.
  const VisibilityExpansion* expansion() const { return expansion_.get(); }

 private:
  void makeNodes();
  void keepExpansionForQueries(std::shared_ptr<VisibilityExpansion> expansion);
  void addLink(NodeId i, NodeId j, double length);
  bool testLink(NodeId i, NodeId j) const;

  const PolygonMap* map_;
  VisibilityOptions options_;
  std::vector<Node> nodes_;
  std::size_t link_count_ = 0;
  std::vector<std::vector<Arc>> adjacency_;
  std::shared_ptr<const VisibilityExpansion> expansion_;
};

// [SECTION] VisibilityQuery

/// A visibility graph with one start and one goal linked in: the SearchGraph A* runs on.
/// Node ids 0 .. r-1 are the graph's nodes, then start, then goal. Nothing is built per
/// node: the start's arcs go to the tangent nodes it may see (startCandidates()), those
/// not proven visible as deferred arcs (Arc::deferred) whose line of sight the search tests
/// only for the arcs it takes (ArcChecks), and whether a node links to the goal is tested
/// only when the search expands that node (most nodes never are). The graph itself is not
/// rebuilt, and reset() reuses the query's memory. Listing the start's arcs writes the
/// query's working memory: one query is not for concurrent searches (use one per thread).
class VisibilityQuery final : public SearchGraph {
 public:
  /// Links start and goal. Throws QueryError naming which point is not walkable, where
  /// it is and where it lies (for example "start (3, 4) is inside hole 0 of polygon 0").
  VisibilityQuery(const VisibilityGraph& graph, Point start, Point goal);
  /// Links another start and goal into the same graph, keeping the query's memory: the
  /// same query as a new VisibilityQuery(graph(), start, goal), and the same errors (after
  /// an error the query keeps its old points).
  void reset(Point start, Point goal);

  NodeId startNode() const { return static_cast<NodeId>(graph_->nodes().size()); }
  /// The goal's node; the start's node when the goal equals the start, so that the path is
  /// the one point [start] (length 0, one expansion), as every other method returns it.
  NodeId goalNode() const { return start_ == goal_ ? startNode() : startNode() + 1; }
  Point start() const { return start_; }
  Point goal() const { return goal_; }
  const VisibilityGraph& graph() const { return *graph_; }
  /// Graph nodes linked to the start (visible and tangent), in node order. Computed on the
  /// first call from the nodes the start may see (startCandidates()), the line of sight
  /// tested where not already proven; the search itself does not need the list.
  const std::vector<NodeId>& startLinks() const;
  /// Graph nodes linked to the goal (visible and tangent). Computed on the first call
  /// (r tests); the search itself does not need the list.
  const std::vector<NodeId>& goalLinks() const;
  /// Start sees goal: the straight segment is a link.
  bool directLink() const { return direct_; }
  /// The nodes tangent to the start that it may see, in node order, each with true when its
  /// line of sight is proven: by triangular expansion from the start over the graph's
  /// triangulation (VisibilityGraph::expansion(); reads only the triangles in the start's
  /// view), else every node tangent to the start, unproven (one pass over the nodes).
  /// Recomputed on each call into memory the query keeps.
  const std::vector<std::pair<NodeId, bool>>& startCandidates() const;

  ~VisibilityQuery() override;
  VisibilityQuery(VisibilityQuery&&) noexcept;
  VisibilityQuery& operator=(VisibilityQuery&&) noexcept;

  std::size_t nodeCount() const override { return graph_->nodes().size() + 2; }
  Point position(NodeId n) const override;
  /// The start's arcs: to the goal when it sees it (then no other: the segment is
  /// shortest), else to the nodes tangent to the start that it may see (startCandidates()),
  /// deferred (line of sight tested when taken) unless proven visible or startLinks() was
  /// computed. A node's arcs: its graph links, and the goal when the node sees it and is
  /// tangent towards it.
  void neighbours(NodeId n, std::vector<Arc>& out) const override;
  /// The line-of-sight test of a deferred arc from the start.
  bool checkArc(NodeId from, NodeId to) const override;

 private:
  const VisibilityGraph* graph_;
  Point start_, goal_;
  bool linksGoal(NodeId n) const;  // node n is tangent towards the goal and sees it

  struct StartScratch;                            // the expansion's working memory
  mutable std::unique_ptr<StartScratch> scratch_;  // made on the first startCandidates()
  mutable std::vector<std::pair<NodeId, bool>> start_candidates_;
  mutable std::vector<NodeId> start_links_;  // filled by startLinks()
  mutable bool start_links_known_ = false;
  mutable std::vector<NodeId> goal_links_;  // filled by goalLinks()
  mutable bool goal_links_known_ = false;
  bool direct_ = false;
};

/// Answers many queries on one graph with one VisibilityQuery and one Search, reset between
/// queries: once warm, a query allocates nothing through find(start, goal, out), and
/// touches no memory per graph node but the triangles in the start's view, the nodes it
/// reaches and the line of sight it tests (every node's tangency where the graph keeps no
/// triangulation, or the start lies on one of its vertices: see VisibilityGraph::expansion()).
/// The first query allocates the expansion's per-vertex marks. Not for concurrent use.
class VisibilityPathfinder {
 public:
  /// `graph` must outlive the pathfinder.
  explicit VisibilityPathfinder(const VisibilityGraph& graph) : graph_(&graph) {}
  /// The answer of findPath(graph, start, goal, options), and its errors, written into
  /// `out`, whose vectors keep their memory.
  void find(Point start, Point goal, Path& out, SearchOptions options = {});
  /// The query of the last find() (null before the first).
  const VisibilityQuery* query() const { return query_ ? &*query_ : nullptr; }

 private:
  const VisibilityGraph* graph_;
  std::optional<VisibilityQuery> query_;
  Search search_;
};

// [SECTION] One-shot query

/// Shortest path from start to goal on a prebuilt graph (A* with the given options).
/// Throws QueryError when start or goal is not walkable.
Path findPath(const VisibilityGraph& graph, Point start, Point goal, SearchOptions options = {});

/// Throws QueryError unless p is walkable; `which` is "start" or "goal".
void requireWalkable(const PolygonMap& map, Point p, const char* which);

}  // namespace polypath
