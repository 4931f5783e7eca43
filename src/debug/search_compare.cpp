// search_compare.cpp: two timelines stepped together.
#include "polypath/debug/search_compare.hpp"

#include <algorithm>
#include <chrono>

namespace polypath {

namespace {

double timeFindPath(const CompareSide& s) {
  const auto t0 = std::chrono::steady_clock::now();
  const Path p = findPath(*s.graph, s.start, s.goal, s.options);
  (void)p;
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

SearchComparison::SearchComparison(const CompareSide& left, const CompareSide& right)
    : setups_{left, right},
      time_ms_{timeFindPath(left), timeFindPath(right)},
      sides_{SearchTimeline(*left.graph, left.start, left.goal, left.options),
             SearchTimeline(*right.graph, right.start, right.goal, right.options)} {}

int SearchComparison::count() const { return std::max(sides_[0].count(), sides_[1].count()); }

void SearchComparison::seek(int k) {
  position_ = std::clamp(k, 0, count());
  for (SearchTimeline& t : sides_) t.seek(position_);
}

bool SearchComparison::forward() {
  if (position_ >= count()) return false;
  seek(position_ + 1);
  return true;
}

bool SearchComparison::back() {
  if (position_ == 0) return false;
  seek(position_ - 1);
  return true;
}

CompareStats SearchComparison::stats(int i) const {
  const SearchTimeline& t = side(i);
  CompareStats s;
  s.label = setup(i).label;
  s.expanded_now = t.position();
  s.expanded_total = t.count();
  s.status_now = t.state().status();
  s.found = t.finalPath().found;
  s.length = t.finalPath().length;
  s.time_ms = time_ms_[static_cast<std::size_t>(i)];
  s.nodes = t.graph().nodeCount();
  return s;
}

}  // namespace polypath
