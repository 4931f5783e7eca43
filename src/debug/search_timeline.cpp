// search_timeline.cpp: checkpoints and replay over the one A* engine.
#include "polypath/debug/search_timeline.hpp"

#include <algorithm>

namespace polypath {

SearchTimeline::SearchTimeline(const SearchGraph& graph, NodeId start, NodeId goal, SearchOptions options,
                               int first_interval)
    : graph_(&graph), interval_(std::max(1, first_interval)) {
  Search run;
  run.init(graph, start, goal, options);
  reached_at_.assign(graph.nodeCount(), -1);
  reached_at_[static_cast<std::size_t>(start)] = 0;
  checkpoints_.push_back(run);
  while (run.state().status() == SearchStatus::Running) {
    run.step();
    const int k = run.state().expandedCount();
    if (k == count_) break;  // the step found the open set empty: no expansion
    count_ = k;
    order_.push_back(run.state().lastExpanded());
    // A graph built while searching (Polyanya) may have added nodes in this step.
    if (reached_at_.size() < graph.nodeCount()) reached_at_.resize(graph.nodeCount(), -1);
    for (const RelaxedArc& arc : run.state().lastRelaxed())
      if (arc.improved && reached_at_[static_cast<std::size_t>(arc.to)] < 0)
        reached_at_[static_cast<std::size_t>(arc.to)] = k;
    if (k % interval_ == 0) {
      if (checkpoints_.size() == kMaxCheckpoints) {
        // Thin out: keep the checkpoints at multiples of the doubled interval.
        std::vector<Search> kept;
        for (std::size_t i = 0; i < checkpoints_.size(); i += 2) kept.push_back(std::move(checkpoints_[i]));
        checkpoints_ = std::move(kept);
        interval_ *= 2;
      }
      if (k % interval_ == 0) checkpoints_.push_back(run);
    }
  }
  final_path_ = run.finalize();
  live_ = checkpoints_.front();
}

void SearchTimeline::seek(int k) {
  k = std::clamp(k, 0, count_);
  const int here = position();
  // The last checkpoint at or before k; restore it when going back, or when it lies
  // ahead of the current position and more than one step is to be made (a copy costs
  // more than one step).
  const std::size_t c = std::min(static_cast<std::size_t>(k / interval_), checkpoints_.size() - 1);
  const int at = static_cast<int>(c) * interval_;
  if (k < here || (at > here && k - here > 1)) live_ = checkpoints_[c];
  while (position() < k) live_.step();
  // At the end, also make the step that finds the open set empty (no expansion), so the
  // state shows how the search ended.
  if (k == count_ && live_.state().status() == SearchStatus::Running) live_.step();
}

bool SearchTimeline::back() {
  if (position() == 0) return false;
  seek(position() - 1);
  return true;
}

bool SearchTimeline::forward() {
  if (position() >= count_) return false;
  seek(position() + 1);
  return true;
}

}  // namespace polypath
