// search_timeline.hpp: step back and forth through one A* search: any expansion k of the
// search can be shown, at any map size polypath ships.
//
// [SECTION] SearchTimeline
//
// Method: the search is run once to the end on the one engine (search.hpp), keeping a
// copy of the engine (a checkpoint) every `interval` expansions. seek(k) restores the
// last checkpoint at or before k and steps the engine forward, so the state at k is
// exactly the state of a fresh search stepped k times (the engine is deterministic and
// a copy carries its heap). When more than kMaxCheckpoints would be kept, every second
// checkpoint is dropped and the interval doubles, so memory stays bounded by
// kMaxCheckpoints copies of the per-node records while seek costs at most `interval`
// steps. The same idea as a video codec's key frames, or "reverse execution by
// checkpoint and replay" in time-travelling debuggers (gdb, rr).
#pragma once

#include <cstddef>
#include <vector>

#include "polypath/core/search.hpp"

namespace polypath {

// [SECTION] SearchTimeline

/// Every expansion of one search, reachable in any order. The graph must outlive the
/// timeline and must not change. Copyable (copies share the graph).
///
///   SearchTimeline t(query, query.startNode(), query.goalNode(), options);
///   t.seek(12);        // the state after 12 expansions
///   t.back();          // after 11
///   draw(t.state());
class SearchTimeline {
 public:
  /// At most this many engine copies are kept (plus the live one).
  static constexpr std::size_t kMaxCheckpoints = 64;

  /// Runs the search from start to goal once to the end (cost: one full search plus the
  /// checkpoint copies) and stands at position 0 (after init, nothing expanded).
  /// `first_interval` is the starting distance between checkpoints, in expansions (>= 1).
  SearchTimeline(const SearchGraph& graph, NodeId start, NodeId goal, SearchOptions options = {},
                 int first_interval = 16);

  /// Number of expansions of the whole search: positions are 0 .. count().
  int count() const { return count_; }
  /// Expansions made at the current position (0 .. count()).
  int position() const { return live_.state().expandedCount(); }
  /// Goes to the state after k expansions; k is clamped to 0 .. count(). Forward moves
  /// step the live engine; backward moves restore a checkpoint and replay. At count()
  /// the search is finished (Found, or NoPath after the step that found the open set
  /// empty, which expands nothing).
  void seek(int k);
  /// One expansion back; false (and no change) at position 0.
  bool back();
  /// One expansion forward; false (and no change) at count().
  bool forward();
  /// Back to position 0.
  void reset() { seek(0); }
  /// To the end: the search is finished (found or no path).
  void toEnd() { seek(count_); }

  /// The state at the current position (open set, closed set, g of every node...).
  const SearchState& state() const { return live_.state(); }
  /// The engine at the current position (for finalize(), or to step it as a copy).
  const Search& search() const { return live_; }
  /// The path at the current position: found only once the goal is expanded.
  Path path() const { return live_.finalize(); }
  /// The path of the finished search (what findPath returns).
  const Path& finalPath() const { return final_path_; }
  /// How the whole search ends (Found or NoPath).
  SearchStatus finalStatus() const { return final_path_.found ? SearchStatus::Found : SearchStatus::NoPath; }
  /// The node expanded by step k (1 .. count()).
  NodeId expandedAt(int k) const { return order_[static_cast<std::size_t>(k - 1)]; }
  /// The first position at which node n is in the open set or closed (0 for the start),
  /// or -1 when the search never reaches it.
  int reachedAt(NodeId n) const {
    return static_cast<std::size_t>(n) < reached_at_.size() ? reached_at_[static_cast<std::size_t>(n)] : -1;
  }
  /// Distance between checkpoints now (expansions): the most steps a seek replays.
  int interval() const { return interval_; }
  /// Number of checkpoints kept.
  std::size_t checkpointCount() const { return checkpoints_.size(); }
  const SearchGraph& graph() const { return *graph_; }

 private:
  const SearchGraph* graph_;
  Search live_;
  std::vector<Search> checkpoints_;  // checkpoints_[i] stands at position i * interval_
  int interval_;
  int count_ = 0;
  std::vector<NodeId> order_;    // expansion order of the whole search
  std::vector<int> reached_at_;  // per node: first position where it is open or closed
  Path final_path_;
};

}  // namespace polypath
