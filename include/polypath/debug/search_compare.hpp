// search_compare.hpp: two searches side by side, stepped together, for comparing two
// methods or two settings (A* against Dijkstra, weight 1 against 1.8, visibility graph
// against navigation mesh) on one map, with a table of expansions, path length and time.
//
// [SECTION] CompareSide
// [SECTION] SearchComparison
#pragma once

#include <array>
#include <string>

#include "polypath/core/search.hpp"
#include "polypath/debug/search_timeline.hpp"

namespace polypath {

// [SECTION] CompareSide

/// One side of a comparison: a label for the table, the graph and query to search, and
/// the search settings. The graph must outlive the comparison and give the same arcs
/// each time it is searched (it is searched once timed, then again for the timeline):
/// wrap a graph built while searching (PolyanyaQuery) in a RecordedGraph.
struct CompareSide {
  std::string label;  ///< "A*", "Dijkstra", "weight 1.8"...
  const SearchGraph* graph = nullptr;
  NodeId start = kNoNode;
  NodeId goal = kNoNode;
  SearchOptions options;
};

/// One row of the comparison table.
struct CompareStats {
  std::string label;
  int expanded_now = 0;     ///< expansions at the common position
  int expanded_total = 0;   ///< expansions of the whole search
  SearchStatus status_now = SearchStatus::Idle;  ///< at the common position
  bool found = false;       ///< the whole search found a path
  double length = 0.0;      ///< world units, 0 without a path
  double time_ms = 0.0;     ///< wall time of one findPath on this side, milliseconds
  std::size_t nodes = 0;    ///< graph nodes
};

// [SECTION] SearchComparison

/// Two searches in lockstep: one common position k; each side stands at min(k, its
/// count), so a side that finished early stays finished. Each side is a SearchTimeline,
/// so the pair steps back as well as forward.
class SearchComparison {
 public:
  /// Runs both searches (once timed as findPath, once to build the timelines).
  SearchComparison(const CompareSide& left, const CompareSide& right);

  /// The common position: 0 .. count().
  int position() const { return position_; }
  /// Expansions of the longer search.
  int count() const;
  /// Moves both sides to position k (clamped to 0 .. count()); a side whose search is
  /// shorter stands at its end.
  void seek(int k);
  /// One position forward; false (and no change) at count().
  bool forward();
  /// One position back; false (and no change) at 0.
  bool back();
  /// Both sides to position 0.
  void reset() { seek(0); }
  /// Both searches finished.
  void toEnd() { seek(count()); }

  /// The timeline of side 0 (left) or 1 (right).
  const SearchTimeline& side(int i) const { return sides_[static_cast<std::size_t>(i)]; }
  /// What side i searches, as given to the constructor.
  const CompareSide& setup(int i) const { return setups_[static_cast<std::size_t>(i)]; }
  /// The table row of side i at the current position.
  CompareStats stats(int i) const;

 private:
  std::array<CompareSide, 2> setups_;
  // Timed before the timelines run, so a graph that records what it builds while
  // searching (RecordedGraph over Polyanya) is timed building it, not replaying it.
  std::array<double, 2> time_ms_{};
  std::array<SearchTimeline, 2> sides_;
  int position_ = 0;
};

}  // namespace polypath
