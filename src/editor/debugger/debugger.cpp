// debugger.cpp: SearchDebugger: the timeline kept in step with the Scene, breakpoints.
#include "editor/debugger/debugger.hpp"

#include <cmath>
#include <cstdio>

namespace polypath::editor {

int SearchDebugger::position(const Scene& scene) {
  const SearchState* s = scene.searchState();
  return s && scene.stepping() ? s->expandedCount() : 0;
}

SearchTimeline* SearchDebugger::sync(const Scene& scene) {
  const Search* search = scene.search();
  if (!search || !search->graph()) {
    timeline_.reset();
    return nullptr;
  }
  if (!timeline_ || generation_ != scene.searchGeneration()) {
    const SearchState& s = search->state();
    timeline_.emplace(*search->graph(), s.start(), s.goal(), s.options());
    generation_ = scene.searchGeneration();
  }
  const int k = position(scene);
  if (timeline_->position() != k) timeline_->seek(k);
  return &*timeline_;
}

bool SearchDebugger::seek(Scene& scene, int k) {
  SearchTimeline* t = sync(scene);
  if (!t) return false;
  t->seek(k);
  scene.showSearch(t->search());
  return true;
}

bool SearchDebugger::back(Scene& scene) {
  SearchTimeline* t = sync(scene);
  if (!t || t->position() == 0) return false;
  return seek(scene, t->position() - 1);
}

bool SearchDebugger::forward(Scene& scene) {
  SearchTimeline* t = sync(scene);
  if (!t || t->position() >= t->count()) return false;
  return seek(scene, t->position() + 1);
}

NodeId SearchDebugger::nodeAt(const Scene& scene, const Camera& camera, ScreenPos mouse, double radius) {
  const Search* search = scene.search();
  if (!search || !search->graph()) return kNoNode;
  const SearchGraph& g = *search->graph();
  NodeId best = kNoNode;
  double best_d = radius;
  for (std::size_t i = 0; i < g.nodeCount(); ++i) {
    const ScreenPos s = camera.toScreen(g.position(static_cast<NodeId>(i)));
    const double d = std::hypot(s.x - mouse.x, s.y - mouse.y);
    if (d <= best_d) {
      best_d = d;
      best = static_cast<NodeId>(i);
    }
  }
  return best;
}

void SearchDebugger::clickNode(NodeId n) {
  if (n == kNoNode) return;
  if (picking_breakpoint_node) {
    breakpoints.push_back(Breakpoint::onExpand(n));
    picking_breakpoint_node = false;
  } else {
    inspected = n;
  }
}

BreakResult SearchDebugger::runToBreakpoint(Scene& scene) {
  SearchTimeline* t = sync(scene);
  if (!t) {
    last_stop_ = "No search to run.";
    return {};
  }
  const BreakResult r = runUntil(*t, breakpoints);
  scene.showSearch(t->search());
  char buf[200];
  if (r.hit >= 0)
    std::snprintf(buf, sizeof buf, "Stopped after expansion %d: %s.", t->position(),
                  breakpoints[static_cast<std::size_t>(r.hit)].describe().c_str());
  else
    std::snprintf(buf, sizeof buf, "No breakpoint fired; the search ended after expansion %d.", t->position());
  last_stop_ = buf;
  return r;
}

std::optional<Point> SearchDebugger::inspectedPosition(const Scene& scene) const {
  const Search* search = scene.search();
  if (inspected == kNoNode || !search || static_cast<std::size_t>(inspected) >= search->graph()->nodeCount())
    return std::nullopt;
  return search->graph()->position(inspected);
}

void SearchDebugger::followInspected(const Scene& scene) {
  const Search* search = scene.search();
  const std::uint64_t generation = scene.searchGeneration();
  if (inspected != kNoNode && search && generation != inspected_generation_ && inspected == inspected_seen_) {
    // The search was redone: find the node again.
    const SearchGraph& graph = *search->graph();
    NodeId found = kNoNode;
    if (inspected_end_ == 1) found = search->state().start();
    if (inspected_end_ == 2) found = search->state().goal();
    for (std::size_t i = 0; inspected_end_ == 0 && i < graph.nodeCount(); ++i) {
      const Point p = graph.position(static_cast<NodeId>(i));
      if (p.x == inspected_at_.x && p.y == inspected_at_.y) {
        found = static_cast<NodeId>(i);
        break;
      }
    }
    inspected = found;
  }
  if (!search) inspected = kNoNode;
  inspected_generation_ = generation;
  inspected_seen_ = inspected;
  if (const auto p = inspectedPosition(scene)) {
    inspected_at_ = *p;
    inspected_end_ = inspected == search->state().start() ? 1 : inspected == search->state().goal() ? 2 : 0;
  } else {
    inspected = inspected_seen_ = kNoNode;
  }
}

}  // namespace polypath::editor
