// search.hpp: the one A* engine polypath runs over every graph (visibility graph,
// navigation mesh, grid), with a stepping API and a const view of its state.
//
// [SECTION] Graph interface
// [SECTION] Options
// [SECTION] SearchState (const view for debuggers)
// [SECTION] Search (init / step / finalize)
//
// Method: A* (Hart, Nilsson, Raphael, "A Formal Basis for the Heuristic Determination
// of Minimum Cost Paths", 1968) with a binary heap and stale entries (lazy deletion):
// an improved node is pushed again and outdated heap entries are skipped when popped.
// Closed nodes are not reopened, whatever the weight: with weight w > 1 the priority
// g + w h is inconsistent and a node may close before its cheapest path is known; an arc
// into it is then relaxed (RelaxedArc::improved false) but never changes its g or parent.
// With a consistent h the path costs at most w times the optimum. step() and findPath()
// run the same loop, so they agree on every weight. The sliced interface follows Detour's
// initSlicedFindPath / updateSlicedFindPath / finalizeSlicedFindPath. A graph may give
// arcs it has not checked (Arc::deferred); findPath checks them only when they would be
// taken (ArcChecks::WhenPopped), stepping when they are relaxed, with the same result.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "polypath/core/geometry.hpp"

namespace polypath {

// [SECTION] Graph interface

enum class Heuristic : int;

/// Index of a node in a SearchGraph.
using NodeId = std::int32_t;
/// "No node" (no parent, nothing expanded yet).
inline constexpr NodeId kNoNode = -1;

/// A directed arc to a neighbour with its non-negative cost (world units for the
/// geometric graphs).
struct Arc {
  Arc() = default;
  Arc(NodeId to_, double cost_, bool deferred_ = false) : to(to_), deferred(deferred_), cost(cost_) {}
  NodeId to = kNoNode;
  /// The graph has not checked that the arc exists: the search asks SearchGraph::checkArc
  /// before it takes it (when it relaxes the arc, or later when the arc's target would
  /// leave the open set: see ArcChecks). For arcs that are costly to check and are
  /// mostly never needed, such as the visibility query's links from the start. (Kept in
  /// the padding after `to`: an Arc stays 16 bytes.)
  bool deferred = false;
  double cost = 0.0;
};
static_assert(sizeof(Arc) == 16);

/// What the search engine needs from a graph: nodes with positions (for the heuristic
/// and for drawing) and the arcs leaving a node.
class SearchGraph {
 public:
  virtual ~SearchGraph() = default;
  /// Number of nodes; ids are 0 .. nodeCount()-1.
  virtual std::size_t nodeCount() const = 0;
  /// Position of a node in world units.
  virtual Point position(NodeId n) const = 0;
  /// Appends the arcs leaving n to `out` (out is not cleared). A graph whose nodes are
  /// created while searching (Polyanya's interval nodes) may add nodes here: the arcs may
  /// name ids up to the new nodeCount() - 1, and Search grows its records to match.
  virtual void neighbours(NodeId n, std::vector<Arc>& out) const = 0;
  /// True when the deferred arc from -> to that neighbours(from) gave exists (the
  /// search calls it at most once per deferred arc it takes). Default: true.
  virtual bool checkArc(NodeId from, NodeId to) const;
  /// The heuristic estimate h from node n to node goal, in the units of the arc costs.
  /// Default: heuristicValue() on the two positions. A graph whose costs are not world
  /// units (a grid with the textbook's integer costs 100 and 142) or whose nodes stand for
  /// more than a point (Polyanya's (interval, root) nodes: a sharper admissible estimate)
  /// overrides it.
  virtual double heuristic(Heuristic h, NodeId n, NodeId goal) const;
};

// [SECTION] Options

/// Estimate of the remaining cost h from a node to the goal, on node positions.
enum class Heuristic : int {
  None,       ///< h = 0: Dijkstra's algorithm
  Euclidean,  ///< straight-line distance: admissible on any geometric graph
  Manhattan,  ///< |dx| + |dy|: admissible on 4-neighbour grids
  Chebyshev,  ///< max(|dx|, |dy|): admissible with unit diagonal cost
  Octile,     ///< max + (sqrt 2 - 1) min: admissible on 8-neighbour grids with sqrt 2 diagonals
};
/// Parses "none", "euclidean", "manhattan", "chebyshev", "octile"; returns false if unknown.
bool parseHeuristic(std::string_view name, Heuristic& out);
/// The lower-case name parseHeuristic accepts.
const char* heuristicName(Heuristic h);
/// h(a, b) for the given heuristic (world units).
double heuristicValue(Heuristic h, Point a, Point b);

/// How nodes of equal f leave the open set. The last resort is always the smaller node id,
/// so every search is deterministic.
enum class TieBreak {
  None,     ///< f, then node id
  LargerG,  ///< f, then larger g (deeper nodes first), then node id
};

/// When a search checks the deferred arcs a graph gives (Arc::deferred).
enum class ArcChecks {
  /// When the arc is relaxed: a checked arc that fails is left out, so every state
  /// (open set, relaxed arcs) is the one of a graph without that arc. For stepping and
  /// drawing.
  WhenRelaxed,
  /// When the arc's target, reached through it, would be the next node to leave the open
  /// set (lazy edge evaluation, as in Cohen, Phillips and Likhachev's Lazy Weighted A*,
  /// 2014): until then the arc waits in the heap and its target is not open. Arcs whose
  /// target is reached more cheaply, or never, are never checked. The path, its nodes
  /// and the expansions equal WhenRelaxed's (ties between equal costs keep the parent
  /// expanded first, as an eager search does); only the open set and the relaxed arcs of
  /// the steps differ. findPath() checks this way.
  WhenPopped,
};

/// Search settings; the defaults give optimal A* with the Euclidean heuristic.
struct SearchOptions {
  Heuristic heuristic = Heuristic::Euclidean;  ///< estimate of the cost to go
  double weight = 1.0;                         ///< f = g + weight * h; above 1 trades optimality for speed (closed nodes are not reopened)
  TieBreak tie_break = TieBreak::LargerG;      ///< order among equal f
};

// [SECTION] SearchState

/// Where a search stands.
enum class SearchStatus {
  Idle,     ///< init() not called yet
  Running,  ///< the open set is not empty and the goal has not been expanded
  Found,    ///< the goal was expanded: the path is optimal for an admissible h and weight 1
  NoPath,   ///< the open set ran empty
};
/// Name for display: "idle", "running", "found", "no path".
const char* statusName(SearchStatus s);

/// Membership of a node in the search.
enum class NodeStatus : std::uint8_t { Unseen, Open, Closed };

/// Per-node bookkeeping, readable through SearchState.
struct NodeRecord {
  double g = std::numeric_limits<double>::infinity();  ///< best known cost from the start
  double h = 0.0;                                      ///< heuristic estimate to the goal (unweighted)
  double f = std::numeric_limits<double>::infinity();  ///< g + weight * h
  NodeId parent = kNoNode;                             ///< predecessor on the best known path
  NodeStatus status = NodeStatus::Unseen;
  int expansion = -1;  ///< step number at which the node was closed (0-based), or -1
};

/// One arc examined while expanding a node.
struct RelaxedArc {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  double cost = 0.0;
  bool improved = false;  ///< the arc lowered g of `to` (and made `from` its parent)
};

/// The result of a finished (or abandoned) search.
struct Path {
  bool found = false;
  double length = 0.0;          ///< sum of arc costs along the path (world units)
  std::vector<Point> points;    ///< start ... goal, world units; empty when not found
  std::vector<NodeId> nodes;    ///< the graph nodes along the path
  int expanded = 0;             ///< nodes closed (goal included)
};

/// Read-only view of a search in progress: the open set, the closed set, parent links,
/// the node just expanded and the arcs just relaxed. The editor draws from this.
class SearchState {
 public:
  SearchStatus status() const { return status_; }
  NodeId start() const { return start_; }
  NodeId goal() const { return goal_; }
  /// Record of node n (Unseen nodes have g = infinity).
  const NodeRecord& record(NodeId n) const { return stamps_[n] == generation_ ? records_[n] : kUnseenRecord; }
  /// The graph's node count as the search knows it (grows with a graph built while searching).
  std::size_t nodeCount() const { return node_count_; }
  /// The closed set in expansion order.
  const std::vector<NodeId>& closedSet() const { return closed_; }
  /// The open set sorted by f, then by the tie-break order the engine uses.
  std::vector<NodeId> openSet() const;
  /// The node expanded by the last step(), or kNoNode.
  NodeId lastExpanded() const { return last_expanded_; }
  /// The arcs examined by the last step().
  const std::vector<RelaxedArc>& lastRelaxed() const { return last_relaxed_; }
  /// Number of expansions so far (closed nodes).
  int expandedCount() const { return static_cast<int>(closed_.size()); }
  const SearchOptions& options() const { return options_; }
  /// True when node a leaves the open set before node b (f, then tie-break, then id).
  bool before(NodeId a, NodeId b) const;

 protected:
  SearchStatus status_ = SearchStatus::Idle;
  NodeId start_ = kNoNode;
  NodeId goal_ = kNoNode;
  SearchOptions options_;
  // records_[n] is live only when stamps_[n] == generation_ (else node n is Unseen), so a
  // new search starts by incrementing generation_ instead of rewriting an array as long as
  // the graph: a query costs nothing per node it never reaches. Both arrays only grow.
  static inline const NodeRecord kUnseenRecord{};
  std::vector<NodeRecord> records_;
  std::vector<std::uint32_t> stamps_;
  std::uint32_t generation_ = 0;
  std::size_t node_count_ = 0;
  std::vector<NodeId> closed_;
  NodeId last_expanded_ = kNoNode;
  std::vector<RelaxedArc> last_relaxed_;
};

// [SECTION] Search

/// A* over a SearchGraph, advanced one expansion at a time.
///
///   Search s; s.init(graph, start, goal, options);
///   while (s.step() == SearchStatus::Running) { draw(s.state()); }
///   Path p = s.finalize();
///
/// findPath() is exactly this loop. The graph must outlive the search and must not
/// change while it runs, except that neighbours() may create new nodes (ids from the old
/// nodeCount() on): step() then grows its records, so graphs built while searching
/// (Polyanya) run through the same engine.
class Search : private SearchState {
 public:
  /// Resets the search: start enters the open set with g = 0. Node ids must be valid. The
  /// arrays keep their memory and the node records expire by generation, so one Search
  /// reused for many queries neither allocates nor touches memory per graph node.
  /// `checks` says when deferred arcs are checked (the default keeps every step's state
  /// that of the checked graph).
  void init(const SearchGraph& graph, NodeId start, NodeId goal, SearchOptions options = {},
            ArcChecks checks = ArcChecks::WhenRelaxed);
  /// Exactly one expansion: pops the best open node, closes it and, unless it is the
  /// goal, relaxes its arcs. Returns the status after the step; a finished search
  /// stays finished.
  SearchStatus step();
  /// Steps until the search finishes or `max_steps` expansions were made (-1: no limit).
  SearchStatus run(int max_steps = -1);
  /// The path to the goal when found (start ... goal), else found = false.
  Path finalize() const;
  /// What finalize() writes into Path::points.
  enum class PathPoints {
    Positions,  ///< the graph's position() of every path node
    None,       ///< nothing (left empty): for a graph that traces its own points from the nodes (Polyanya)
  };
  /// The same, written into `out` (its vectors keep their memory: a caller reusing one
  /// Path for many queries allocates nothing here once they have grown).
  void finalize(Path& out, PathPoints points = PathPoints::Positions) const;
  /// Whether step() keeps lastRelaxed() (on by default). A one-shot search whose steps are
  /// never shown turns it off: lastRelaxed() then stays empty and relaxing an arc records
  /// nothing. Kept across init().
  void setRecording(bool on) { record_ = on; }
  /// The const view for drawing and inspection.
  const SearchState& state() const { return *this; }
  const SearchGraph* graph() const { return graph_; }

 private:
  struct HeapEntry {
    double f, g;
    NodeId node;
    NodeId via = kNoNode;  // not kNoNode: a deferred arc via -> node, not yet checked (ArcChecks::WhenPopped)
  };
  struct HeapOrder {
    TieBreak tie_break = TieBreak::LargerG;
    // true: a leaves after b. Inline: the heap compares on every push and pop. A deferred
    // arc leaves before every entry of its node with the same f: its target's entry made
    // through another parent may have a larger g (by rounding) and the same f, and must not
    // close the node before the arc is taken. (With larger g first, it ranks as if its g
    // were infinite; that only makes it checked earlier.)
    bool operator()(const HeapEntry& a, const HeapEntry& b) const {
      if (a.f != b.f) return a.f > b.f;
      const bool ad = a.via != kNoNode, bd = b.via != kNoNode;
      if (tie_break == TieBreak::LargerG) {
        if (ad != bd) return bd;
        if (a.g != b.g) return a.g < b.g;
      }
      if (a.node != b.node) return a.node > b.node;
      return !ad && bd;
    }
  };
  void push(NodeId n);
  /// Puts e in the open list: held out of the heap when it leaves before every entry there
  /// (the successor that continues straight towards the goal, most often), so that its
  /// push and pop cost no sift through the heap. The order entries leave in is the heap's.
  void enqueue(const HeapEntry& e);
  /// Removes and returns the first entry of the non-empty open list.
  HeapEntry dequeue();
  /// Pops the deferred arc `e` (the best entry): checks it and, when it still improves its
  /// target (or ties with a parent expanded later), makes it the target's parent arc.
  void takeDeferred(const HeapEntry& e);
  /// The record of node n, reset to Unseen first when it is from an earlier search.
  NodeRecord& live(NodeId n);
  /// Makes room for the records of `count` nodes.
  void growTo(std::size_t count);

  const SearchGraph* graph_ = nullptr;
  ArcChecks checks_ = ArcChecks::WhenRelaxed;
  bool record_ = true;
  HeapOrder order_;
  std::vector<HeapEntry> heap_;  // a binary heap under order_ (heapPush / heapPop in search.cpp)
  HeapEntry held_{};              // when holding_: the first entry to leave, kept out of heap_
  bool holding_ = false;
  std::vector<Arc> scratch_;
};

/// One-shot search: init (deferred arcs checked when popped) + step until done + finalize.
/// The same path, nodes and expansions as stepping with the default checks.
Path findPath(const SearchGraph& graph, NodeId start, NodeId goal, SearchOptions options = {});

}  // namespace polypath
