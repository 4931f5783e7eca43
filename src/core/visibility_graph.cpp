// visibility_graph.cpp: building the reflex-vertex visibility graph, and linking queries
// into it. Updating it after an edit is in visibility_update.cpp.
#include "polypath/core/visibility_graph.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <iterator>
#include <mutex>
#include <thread>
#include <cmath>
#include <cstdint>
#include <sstream>

#include "core/visibility_expansion.hpp"

namespace polypath {

namespace {

// estimateBuildSeconds(). Pairwise: c r^2, Aurora's 17,414 reflex corners 22 s (CPU time of
// the pairwise build in docs/performance.md). Expansion: a r + b L max(1, L / L0)^0.5 for r
// reflex corners and L links (the cost per link grows on graphs of millions of links),
// times 1.5 when the build runs on one thread (fewer than 1,024 nodes, or options.threads
// 1), fitted to the wall time of the expansion build on two threads of the 19 maps of
// `taskset -c 0,1 polypath bench scale --data ../shared/data --budget 100000` (commit
// b79ae79, load average 2-3 on 2 cores; rooms and convex 10^2-10^5 vertices, arena,
// brc202d, Aurora, 8room_000, random512-10-0): estimate / measured 1.04-2.0 (Aurora
// 0.72 s estimated, 0.50 s measured), and the one-thread build of the comb (`polypath
// bench synthetic --max-vertices 2000 --no-references --edits 0`: comb-2000, 998 reflex
// corners, 497,503 links, 1.18 s, estimated 1.42 s). The comb at 10^4 vertices (12.5
// million links, 18.8 s) is estimated 6.3 times too high. docs/performance.md, "Estimating
// the build time", lists every map.
constexpr double kPairwiseSecondsPerPair = 7.3e-8;
constexpr double kExpansionSecondsPerNode = 5e-6;
constexpr double kExpansionSecondsPerLink = 1.7e-6;
constexpr double kExpansionLinkScale = 4e5;
constexpr double kOneThread = 1.5;  // a build on one thread (below 1,024 nodes): comb-2000 1.2 s
constexpr std::uint64_t kEstimateSamples = 1 << 16;
constexpr std::uint64_t kEstimateEnoughLinks = 256;  // relative standard error about 1 / sqrt(links sampled): 6% here

// Options under which a build takes the triangular expansion, unless the map refuses it
// (VisibilityExpansion::usable()): the constructor and estimateBuildSeconds agree on it.
bool expansionAllowed(const VisibilityOptions& o) {
  return o.candidates == VisibilityOptions::Candidates::Expansion && o.corner_offset == 0.0;
}

// Threads for a build over r nodes: one below 1,024 nodes (a thread costs more than it
// saves there), else the option, 0 meaning every core, at most 8.
int buildThreads(int option, std::size_t r) {
  if (r < 1024) return 1;
  int t = option > 0 ? option : static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(t, 1, 8);
}

// Fraction of the build done before node i of r: of the candidate pairs (i, j > i) when
// every pair is a candidate, else of the nodes (each node's expansion costs about alike).
double workDone(std::size_t i, std::size_t r, bool pairwise) {
  if (r == 0) return 1.0;
  const double left = static_cast<double>(r - std::min(i, r)) / static_cast<double>(r);
  return pairwise ? 1.0 - left * left : 1.0 - left;
}

}  // namespace

VisibilityGraph::VisibilityGraph(const PolygonMap& map, VisibilityOptions options, BuildMonitor* monitor)
    : map_(&map), options_(options) {
  if (monitor) monitor->advance(0.0);  // a build cancelled before it starts does nothing
  makeNodes();
  const NodeId r = static_cast<NodeId>(nodes_.size());
  std::shared_ptr<VisibilityExpansion> built;
  if (expansionAllowed(options_) && r > 0) {
    std::vector<int> corners(nodes_.size());
    for (std::size_t k = 0; k < nodes_.size(); ++k) corners[k] = nodes_[k].corner;
    built = std::make_shared<VisibilityExpansion>(map, corners);
    if (!built->usable()) built.reset();
  }
  const VisibilityExpansion* expansion = built.get();
  const bool pairwise = !expansion;
  // Nodes follow the corners, which are sorted by position (x, then y): a node's later
  // nodes lie at or after it in that order, so its expansion may keep to x >= its x.
  bool sorted = true;
  for (NodeId k = 1; k < r && sorted; ++k) {
    const Point a = nodes_[k - 1].position, b = nodes_[k].position;
    sorted = a.x < b.x || (a.x == b.x && a.y <= b.y);
  }
  // Node i's links to later nodes: the candidates both tangencies allow, in node order,
  // then their line of sight at once (an angular sweep around the node where that is
  // cheaper than the grid walks). Each node's list depends on the map alone, so threads
  // may share the nodes.
  struct Scratch {
    VisibilityExpansion::Scratch expansion;
    std::vector<NodeId> visible, maybe;
  };
  auto laterLinks = [&](NodeId i, std::vector<NodeId>& out, Scratch& scratch) {
    out.clear();
    const Point a = nodes_[i].position;
    auto keep = [&](NodeId j) { return j > i && linkable(i, nodes_[j].position) && linkable(j, a); };
    if (pairwise) {
      for (NodeId j = i + 1; j < r; ++j)
        if (keep(j)) out.push_back(j);
      keepVisible(a, out);
      return;
    }
    // The candidates the expansion proved visible need no line-of-sight test.
    auto& visible = scratch.visible;
    auto& maybe = scratch.maybe;
    visible.clear();
    maybe.clear();
    expansion->candidates(static_cast<int>(i), sorted, scratch.expansion, visible, maybe);
    std::erase_if(visible, [&](NodeId j) { return !keep(j); });
    std::erase_if(maybe, [&](NodeId j) { return !keep(j); });
    std::sort(visible.begin(), visible.end());
    std::sort(maybe.begin(), maybe.end());
    keepVisible(a, maybe);
    std::merge(visible.begin(), visible.end(), maybe.begin(), maybe.end(), std::back_inserter(out));
  };
  const int threads = buildThreads(options_.threads, nodes_.size());
  if (threads == 1) {
    std::vector<NodeId> later;
    Scratch scratch;
    for (NodeId i = 0; i < r; ++i) {
      if (monitor && i % 64 == 0) monitor->advance(workDone(i, r, pairwise));
      laterLinks(i, later, scratch);
      if (monitor) monitor->addItems(later.size());
      for (NodeId j : later) addLink(i, j, distance(nodes_[i].position, nodes_[j].position));
    }
    keepExpansionForQueries(std::move(built));
    if (monitor) monitor->advance(1.0);
    return;
  }
  // Blocks of nodes handed out in order by one counter (early nodes have the most
  // candidates); the calling thread works too and reports progress. The lists are joined
  // in node order, so the graph is the one-thread graph, link for link.
  constexpr NodeId kBlock = 8;
  std::vector<std::vector<NodeId>> later(r);
  std::atomic<NodeId> next{0};
  std::atomic<bool> stop{false};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto work = [&](bool reports) {
    try {
      Scratch scratch;
      for (;;) {
        // Every thread stops at a cancel (BuildCancelled is thrown once they are joined).
        if (stop.load(std::memory_order_relaxed) || (monitor && monitor->cancelled())) return;
        const NodeId first = next.fetch_add(kBlock);
        if (first >= r) return;
        if (reports && monitor) monitor->advance(workDone(first, r, pairwise));
        for (NodeId i = first; i < std::min(r, first + kBlock); ++i) {
          laterLinks(i, later[i], scratch);
          if (monitor) monitor->addItems(later[i].size());
        }
      }
    } catch (...) {
      stop = true;
      const std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, false);
    work(true);
  }  // joined
  if (failure) std::rethrow_exception(failure);
  if (monitor && monitor->cancelled()) throw BuildCancelled();  // before joining any list
  for (NodeId i = 0; i < r; ++i) {
    for (NodeId j : later[i]) addLink(i, j, distance(nodes_[i].position, nodes_[j].position));
    std::vector<NodeId>().swap(later[i]);
  }
  keepExpansionForQueries(std::move(built));
  if (monitor) monitor->advance(1.0);
}

void VisibilityGraph::keepExpansionForQueries(std::shared_ptr<VisibilityExpansion> expansion) {
  // A start's expansion costs about as much as the triangles in its view, a pass over the
  // nodes' tangency about as much as the nodes, with the arcs to the tangent nodes it cannot
  // see. Where a node sees more than an eighth of the nodes on average (2 L / r > r / 8),
  // the view is most of the map and the pass is cheaper: callgrind, per query of `polypath
  // query` (docs/performance.md, "Cost per query"), on dao/arena converted (64 nodes,
  // 478 links: 15 per node) the expansion took 12% more instructions than the pass, on
  // maps/maze.json (64 nodes, 130 links) 25% fewer.
  const double r = static_cast<double>(nodes_.size());
  if (!expansion || 16.0 * static_cast<double>(link_count_) > r * r) return;
  if (expansion->locateStarts()) expansion_ = std::move(expansion);
}

namespace {

// The links of the (corner offset 0) graph, estimated from node pairs tested as the build
// tests a candidate (tangent at both ends, then line of sight): random pairs (a fixed
// seed: the same map gives the same estimate) until `samples` pairs (at most twice the
// pairs there are) or `enough` links (a line of sight along a corridor of a thousand
// corners costs tens of microseconds: a comb's pairs all see each other).
double sampledLinks(const PolygonMap& map, std::uint64_t samples, std::uint64_t enough) {
  const std::vector<int>& reflex = map.reflexCorners();
  const std::uint64_t r = reflex.size();
  if (r < 2) return 0.0;
  const auto linked = [&](int c, int d) {
    const Point a = map.corners()[c].position, b = map.corners()[d].position;
    return VisibilityGraph::linkableCorner(map, c, b) && VisibilityGraph::linkableCorner(map, d, a) &&
           map.lineOfSight(a, b);
  };
  const double pairs = 0.5 * static_cast<double>(r) * static_cast<double>(r - 1);
  samples = static_cast<std::uint64_t>(std::min(static_cast<double>(samples), 2.0 * pairs));
  std::uint64_t hits = 0;
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  const auto next = [&state] {  // splitmix64
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  std::uint64_t tested = 0;
  while (tested < samples && hits < enough) {
    const std::uint64_t i = next() % r, j = next() % r;
    if (i == j) continue;
    hits += linked(reflex[i], reflex[j]);
    ++tested;
  }
  return pairs * static_cast<double>(hits) / static_cast<double>(tested);
}

}  // namespace

double VisibilityGraph::estimateBuildSeconds(const PolygonMap& map, const VisibilityOptions& options) {
  const double r = static_cast<double>(map.reflexCorners().size());
  if (!expansionAllowed(options) || VisibilityExpansion::refusesCheaply(map)) return kPairwiseSecondsPerPair * r * r;
  const double links = sampledLinks(map, kEstimateSamples, kEstimateEnoughLinks);
  const double two_threads = kExpansionSecondsPerNode * r +
                             kExpansionSecondsPerLink * links * std::sqrt(std::max(1.0, links / kExpansionLinkScale));
  return buildThreads(options.threads, map.reflexCorners().size()) > 1 ? two_threads : kOneThread * two_threads;
}

void VisibilityGraph::makeNodes() {
  nodes_.clear();
  for (int c : map_->reflexCorners())
    nodes_.push_back({c, map_->corners()[c].vertex, map_->offsetCorner(c, options_.corner_offset)});
  link_count_ = 0;
  adjacency_.assign(nodes_.size(), {});
}

void VisibilityGraph::addLink(NodeId i, NodeId j, double len) {
  ++link_count_;
  adjacency_[i].push_back({j, len});
  adjacency_[j].push_back({i, len});
}

std::vector<VisibilityGraph::Link> VisibilityGraph::links() const {
  std::vector<Link> out;
  out.reserve(link_count_);
  for (NodeId n = 0; n < static_cast<NodeId>(adjacency_.size()); ++n)
    for (const Arc& arc : adjacency_[n])
      if (arc.to > n) out.push_back({n, arc.to, arc.cost});
  return out;
}

bool VisibilityGraph::testLink(NodeId i, NodeId j) const {
  const Point a = nodes_[i].position, b = nodes_[j].position;
  return linkable(i, b) && linkable(j, a) && map_->lineOfSight(a, b);
}

std::size_t VisibilityGraph::memoryBytes() const {
  std::size_t bytes = sizeof(*this) + nodes_.capacity() * sizeof(Node) +
                      adjacency_.capacity() * sizeof(std::vector<Arc>);
  for (const auto& a : adjacency_) bytes += a.capacity() * sizeof(Arc);
  if (expansion_) bytes += expansion_->memoryBytes();
  return bytes;
}

namespace {

// Both neighbours of corner c lie on one side of the line from the corner to t.
bool tangentCorner(const PolygonMap& map, int c, Point t) {
  const PolygonMap::Corner& k = map.corners()[c];
  return orient(k.position, t, k.first) * orient(k.position, t, k.last) >= 0;
}

}  // namespace

bool VisibilityGraph::tangentAt(NodeId n, Point t) const {
  return options_.corner_offset != 0.0 || tangentCorner(*map_, nodes_[n].corner, t);
}

bool VisibilityGraph::linkable(NodeId n, Point t) const {
  if (options_.corner_offset != 0.0) return true;  // pushed nodes are interior points
  return linkableCorner(*map_, nodes_[n].corner, t);
}

bool VisibilityGraph::linkableCorner(const PolygonMap& map, int c, Point t) {
  const PolygonMap::Corner& k = map.corners()[c];
  const int o1 = orient(k.position, t, k.first), o2 = orient(k.position, t, k.last);
  if (o1 * o2 < 0) return false;  // not tangent
  // Both neighbours strictly on one side of the line through t: the blocked directions of
  // a reflex corner, a cone narrower than a half-plane between its two edges, lie on that
  // side too, so the direction towards t is free. Else (t on an edge's line) test the wedge.
  if (o1 != 0 && o2 != 0 && k.reflex) return true;
  return map.directionInCorner(c, t);
}

std::size_t VisibilityGraph::keepVisible(Point p, std::vector<NodeId>& candidates) const {
  std::vector<Point> targets;
  targets.reserve(candidates.size());
  for (NodeId n : candidates) targets.push_back(nodes_[n].position);
  std::vector<char> clear;
  const std::size_t walked = map_->lineOfSightFrom(p, targets, clear);
  std::size_t kept = 0;
  for (std::size_t k = 0; k < candidates.size(); ++k)
    if (clear[k]) candidates[kept++] = candidates[k];
  candidates.resize(kept);
  return walked;
}

void requireWalkable(const PolygonMap& map, Point p, const char* which) {
  if (!isFinite(p)) {
    std::ostringstream s;
    s << which << " (" << p.x << ", " << p.y << ") has a NaN or infinite coordinate";
    throw QueryError(s.str());
  }
  const PointLocation loc = map.locate(p);
  if (loc.walkable()) return;
  std::ostringstream s;
  s << which << " (" << p.x << ", " << p.y << ") is not walkable: it is " << loc.describe()
    << "; move it into the walkable region";
  throw QueryError(s.str());
}

struct VisibilityQuery::StartScratch {
  VisibilityExpansion::Scratch expansion;
  std::vector<int> visible, maybe;
};

VisibilityQuery::VisibilityQuery(const VisibilityGraph& graph, Point start, Point goal) : graph_(&graph) {
  reset(start, goal);
}

VisibilityQuery::~VisibilityQuery() = default;
VisibilityQuery::VisibilityQuery(VisibilityQuery&&) noexcept = default;
VisibilityQuery& VisibilityQuery::operator=(VisibilityQuery&&) noexcept = default;

void VisibilityQuery::reset(Point start, Point goal) {
  const PolygonMap& map = graph_->map();
  requireWalkable(map, start, "start");
  requireWalkable(map, goal, "goal");
  start_ = start;
  goal_ = goal;
  direct_ = map.lineOfSight(start, goal);
  // With a direct link the straight segment is optimal; no node can shorten it.
  start_links_.clear();
  start_links_known_ = direct_;
  goal_links_.clear();
  goal_links_known_ = direct_;
}

const std::vector<std::pair<NodeId, bool>>& VisibilityQuery::startCandidates() const {
  start_candidates_.clear();
  if (const VisibilityExpansion* expansion = graph_->expansion()) {
    if (!scratch_) scratch_ = std::make_unique<StartScratch>();
    StartScratch& s = *scratch_;
    s.visible.clear();
    s.maybe.clear();
    if (expansion->candidatesFrom(start_, s.expansion, s.visible, s.maybe)) {
      for (int n : s.visible)
        if (graph_->linkable(n, start_)) start_candidates_.push_back({n, true});
      for (int n : s.maybe)
        if (graph_->linkable(n, start_)) start_candidates_.push_back({n, false});
      std::sort(start_candidates_.begin(), start_candidates_.end());
      return start_candidates_;
    }
  }
  for (NodeId n = 0; n < static_cast<NodeId>(graph_->nodes().size()); ++n)
    if (graph_->linkable(n, start_)) start_candidates_.push_back({n, false});
  return start_candidates_;
}

const std::vector<NodeId>& VisibilityQuery::startLinks() const {
  if (!start_links_known_) {
    // The unproven candidates' line of sight at once (an angular sweep where that is
    // cheaper than one grid walk per node), then merged with the proven ones in node order.
    std::vector<NodeId> proven;
    for (const auto& [n, sure] : startCandidates()) (sure ? proven : start_links_).push_back(n);
    graph_->keepVisible(start_, start_links_);
    const std::size_t unproven = start_links_.size();
    start_links_.insert(start_links_.end(), proven.begin(), proven.end());
    std::inplace_merge(start_links_.begin(), start_links_.begin() + static_cast<std::ptrdiff_t>(unproven),
                       start_links_.end());
    start_links_known_ = true;
  }
  return start_links_;
}

bool VisibilityQuery::linksGoal(NodeId n) const {
  return !direct_ && graph_->linkable(n, goal_) && graph_->map().lineOfSight(goal_, graph_->nodes()[n].position);
}

const std::vector<NodeId>& VisibilityQuery::goalLinks() const {
  if (!goal_links_known_) {
    for (NodeId n = 0; n < static_cast<NodeId>(graph_->nodes().size()); ++n)
      if (linksGoal(n)) goal_links_.push_back(n);
    goal_links_known_ = true;
  }
  return goal_links_;
}

Point VisibilityQuery::position(NodeId n) const {
  if (n == startNode()) return start_;
  if (n == goalNode()) return goal_;
  return graph_->nodes()[n].position;
}

void VisibilityQuery::neighbours(NodeId n, std::vector<Arc>& out) const {
  if (n == goalNode()) return;  // the search stops at the goal
  if (n == startNode()) {
    const auto& nodes = graph_->nodes();
    if (direct_) {
      out.push_back({goalNode(), distance(start_, goal_)});
    } else if (start_links_known_) {
      for (NodeId m : start_links_) out.push_back({m, distance(start_, nodes[m].position)});
    } else {
      // Line of sight is tested by checkArc, for the unproven arcs the search takes.
      for (const auto& [m, sure] : startCandidates()) out.push_back({m, distance(start_, nodes[m].position), !sure});
    }
    return;
  }
  const auto& arcs = graph_->arcs(n);
  out.insert(out.end(), arcs.begin(), arcs.end());
  if (linksGoal(n)) out.push_back({goalNode(), distance(graph_->nodes()[n].position, goal_)});
}

bool VisibilityQuery::checkArc(NodeId from, NodeId to) const {
  return from != startNode() || graph_->map().lineOfSight(start_, graph_->nodes()[to].position);
}

void VisibilityPathfinder::find(Point start, Point goal, Path& out, SearchOptions options) {
  if (query_) query_->reset(start, goal);
  else query_.emplace(*graph_, start, goal);
  search_.setRecording(false);  // no step of it is shown
  search_.init(*query_, query_->startNode(), query_->goalNode(), options, ArcChecks::WhenPopped);
  search_.run();
  search_.finalize(out);
}

Path findPath(const VisibilityGraph& graph, Point start, Point goal, SearchOptions options) {
  const VisibilityQuery query(graph, start, goal);
  return findPath(query, query.startNode(), query.goalNode(), options);
}

}  // namespace polypath
