// search.cpp: the A* engine.
#include "polypath/core/search.hpp"

#include <algorithm>
#include <cmath>

namespace polypath {

namespace {

/// Adds `e` to the binary heap `heap` under `after` (after(a, b): a leaves after b), as
/// std::push_heap does, with one store per level and no index arithmetic on iterators (the
/// engine pushes every successor: this is its most frequent heap operation).
template <class Entry, class After>
void heapPush(std::vector<Entry>& heap, const Entry& e, const After& after) {
  heap.push_back(e);
  Entry* h = heap.data();
  std::size_t i = heap.size() - 1;
  while (i > 0) {
    const std::size_t parent = (i - 1) / 2;
    if (!after(h[parent], e)) break;
    h[i] = h[parent];
    i = parent;
  }
  h[i] = e;
}

/// Removes and returns the first entry of the non-empty heap under `after`. Entries that
/// `after` does not order (two deferred arcs to one node with equal f and g, or equal f
/// without a g tie-break) may leave in another order than std::pop_heap's; they are
/// interchangeable for the search's result.
template <class Entry, class After>
Entry heapPop(std::vector<Entry>& heap, const After& after) {
  Entry* h = heap.data();
  const Entry top = h[0];
  const Entry last = h[heap.size() - 1];
  heap.pop_back();
  const std::size_t n = heap.size();
  std::size_t i = 0;
  for (;;) {
    std::size_t child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && after(h[child], h[child + 1])) ++child;
    if (!after(last, h[child])) break;
    h[i] = h[child];
    i = child;
  }
  if (n > 0) h[i] = last;
  return top;
}

}  // namespace

bool parseHeuristic(std::string_view name, Heuristic& out) {
  for (Heuristic h : {Heuristic::None, Heuristic::Euclidean, Heuristic::Manhattan, Heuristic::Chebyshev,
                      Heuristic::Octile}) {
    if (name == heuristicName(h)) {
      out = h;
      return true;
    }
  }
  return false;
}

const char* heuristicName(Heuristic h) {
  switch (h) {
    case Heuristic::None: return "none";
    case Heuristic::Euclidean: return "euclidean";
    case Heuristic::Manhattan: return "manhattan";
    case Heuristic::Chebyshev: return "chebyshev";
    case Heuristic::Octile: return "octile";
  }
  return "?";
}

double heuristicValue(Heuristic h, Point a, Point b) {
  const double dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  switch (h) {
    case Heuristic::None: return 0.0;
    case Heuristic::Euclidean: return std::hypot(dx, dy);
    case Heuristic::Manhattan: return dx + dy;
    case Heuristic::Chebyshev: return std::max(dx, dy);
    case Heuristic::Octile: return std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy);
  }
  return 0.0;
}

double SearchGraph::heuristic(Heuristic h, NodeId n, NodeId goal) const {
  return heuristicValue(h, position(n), position(goal));
}

bool SearchGraph::checkArc(NodeId, NodeId) const { return true; }

const char* statusName(SearchStatus s) {
  switch (s) {
    case SearchStatus::Idle: return "idle";
    case SearchStatus::Running: return "running";
    case SearchStatus::Found: return "found";
    case SearchStatus::NoPath: return "no path";
  }
  return "?";
}

bool SearchState::before(NodeId a, NodeId b) const {
  const NodeRecord& ra = record(a);
  const NodeRecord& rb = record(b);
  if (ra.f != rb.f) return ra.f < rb.f;
  if (options_.tie_break == TieBreak::LargerG && ra.g != rb.g) return ra.g > rb.g;
  return a < b;
}

std::vector<NodeId> SearchState::openSet() const {
  std::vector<NodeId> open;
  for (std::size_t i = 0; i < node_count_; ++i)
    if (record(static_cast<NodeId>(i)).status == NodeStatus::Open) open.push_back(static_cast<NodeId>(i));
  std::sort(open.begin(), open.end(), [this](NodeId a, NodeId b) { return before(a, b); });
  return open;
}

void Search::init(const SearchGraph& graph, NodeId start, NodeId goal, SearchOptions options, ArcChecks checks) {
  graph_ = &graph;
  checks_ = checks;
  options_ = options;
  start_ = start;
  goal_ = goal;
  if (++generation_ == 0) {  // wrapped after 2^32 searches: expire every stamp for real
    std::fill(stamps_.begin(), stamps_.end(), 0u);
    generation_ = 1;
  }
  node_count_ = 0;
  growTo(graph.nodeCount());
  closed_.clear();
  last_expanded_ = kNoNode;
  last_relaxed_.clear();
  order_ = HeapOrder{options.tie_break};
  heap_.clear();
  holding_ = false;
  live(start).g = 0.0;
  push(start);
  status_ = SearchStatus::Running;
}

void Search::growTo(std::size_t count) {
  if (count <= node_count_) return;
  node_count_ = count;
  if (count > records_.size()) {
    records_.resize(count);
    stamps_.resize(count, 0u);
  }
}

NodeRecord& Search::live(NodeId n) {
  NodeRecord& r = records_[n];
  if (stamps_[n] != generation_) {
    stamps_[n] = generation_;
    r = NodeRecord{};
  }
  return r;
}

void Search::push(NodeId n) {
  NodeRecord& r = records_[n];  // live: its g was just set
  r.h = graph_->heuristic(options_.heuristic, n, goal_);
  r.f = r.g + options_.weight * r.h;
  r.status = NodeStatus::Open;
  enqueue(HeapEntry{r.f, r.g, n});
}

void Search::enqueue(const HeapEntry& e) {
  if (holding_) {
    if (!order_(held_, e)) {  // the held entry still leaves first
      heapPush(heap_, e, order_);
      return;
    }
    heapPush(heap_, held_, order_);
    held_ = e;
    return;
  }
  if (heap_.empty() || !order_(e, heap_[0])) {
    held_ = e;
    holding_ = true;
    return;
  }
  heapPush(heap_, e, order_);
}

Search::HeapEntry Search::dequeue() {
  if (holding_) {
    holding_ = false;
    return held_;
  }
  return heapPop(heap_, order_);
}

void Search::takeDeferred(const HeapEntry& e) {
  NodeRecord& r = live(e.node);
  if (r.status == NodeStatus::Closed || e.g > r.g) return;
  // A tie: an eager search relaxed the arcs of the node expanded first, and a later equal
  // cost did not replace that parent.
  if (e.g == r.g && r.parent != kNoNode && records_[r.parent].expansion < records_[e.via].expansion) return;
  if (!graph_->checkArc(e.via, e.node)) return;
  r.parent = e.via;
  if (e.g == r.g) return;  // its own entry, of the same key, is in the heap already
  r.g = e.g;
  push(e.node);
}

SearchStatus Search::step() {
  if (status_ != SearchStatus::Running) return status_;
  last_relaxed_.clear();
  last_expanded_ = kNoNode;
  // Pop until a live entry: an entry is stale when its node was closed or improved since.
  while (holding_ || !heap_.empty()) {
    const HeapEntry top = dequeue();
    if (top.via != kNoNode) {
      takeDeferred(top);
      continue;
    }
    NodeRecord& r = records_[top.node];  // live: it was pushed in this search
    if (r.status != NodeStatus::Open || top.g != r.g) continue;
    r.status = NodeStatus::Closed;
    r.expansion = static_cast<int>(closed_.size());
    closed_.push_back(top.node);
    last_expanded_ = top.node;
    if (top.node == goal_) return status_ = SearchStatus::Found;
    const double g = r.g;
    scratch_.clear();
    graph_->neighbours(top.node, scratch_);
    // A graph built while searching may have created nodes (this invalidates `r`).
    growTo(graph_->nodeCount());
    for (const Arc& arc : scratch_) {
      if (arc.deferred && checks_ == ArcChecks::WhenPopped) {
        // Waits in the heap, unchecked, with the key its target would get through it (the
        // target's record is only read).
        const NodeRecord& target = record(arc.to);
        if (target.status != NodeStatus::Closed && g + arc.cost < target.g) {
          const double f = g + arc.cost + options_.weight * graph_->heuristic(options_.heuristic, arc.to, goal_);
          enqueue(HeapEntry{f, g + arc.cost, arc.to, top.node});
        }
        continue;
      }
      if (arc.deferred && !graph_->checkArc(top.node, arc.to)) continue;  // as if the graph had not given it
      NodeRecord& nr = live(arc.to);
      RelaxedArc rel{top.node, arc.to, arc.cost, false};
      if (nr.status != NodeStatus::Closed && g + arc.cost < nr.g) {
        nr.g = g + arc.cost;
        nr.parent = top.node;
        rel.improved = true;
        push(arc.to);
      }
      if (record_) last_relaxed_.push_back(rel);
    }
    return status_;
  }
  return status_ = SearchStatus::NoPath;
}

SearchStatus Search::run(int max_steps) {
  for (int i = 0; (max_steps < 0 || i < max_steps) && status_ == SearchStatus::Running; ++i) step();
  return status_;
}

Path Search::finalize() const {
  Path path;
  finalize(path);
  return path;
}

void Search::finalize(Path& path, PathPoints points) const {
  path.found = false;
  path.length = 0.0;
  path.points.clear();
  path.nodes.clear();
  path.expanded = expandedCount();
  if (status_ != SearchStatus::Found) return;
  path.found = true;
  path.length = records_[goal_].g;
  std::size_t count = 0;
  for (NodeId n = goal_; n != kNoNode; n = records_[n].parent) ++count;
  path.nodes.resize(count);
  for (NodeId n = goal_; n != kNoNode; n = records_[n].parent) path.nodes[--count] = n;
  if (points == PathPoints::None) return;
  path.points.reserve(path.nodes.size());
  for (NodeId n : path.nodes) path.points.push_back(graph_->position(n));
}

Path findPath(const SearchGraph& graph, NodeId start, NodeId goal, SearchOptions options) {
  Search search;
  search.setRecording(false);
  search.init(graph, start, goal, options, ArcChecks::WhenPopped);
  search.run();
  return search.finalize();
}

}  // namespace polypath
