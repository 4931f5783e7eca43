// test_editor_debugger.cpp: the editor's search debugger driven through the real editor
// (headless, SDL events): step back, the timeline slider, breakpoints.
#include "support/editor_test.hpp"

#include <algorithm>

#include "polypath/debug/breakpoints.hpp"
#include "polypath/core/search.hpp"

namespace {

std::filesystem::path seedMap() { return std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json"; }

// A fresh engine on the scene's graph, stepped k times: the independent reference.
Search steppedFresh(const Scene& scene, int k) {
  const Search* live = scene.search();
  REQUIRE(live);
  const SearchState& s = live->state();
  Search fresh;
  fresh.init(*live->graph(), s.start(), s.goal(), s.options());
  fresh.run(k);
  return fresh;
}

std::vector<NodeId> sorted(std::vector<NodeId> v) {
  std::sort(v.begin(), v.end());
  return v;
}

void requireSameState(const SearchState& a, const SearchState& b) {
  REQUIRE(a.expandedCount() == b.expandedCount());
  REQUIRE(a.closedSet() == b.closedSet());
  REQUIRE(sorted(a.openSet()) == sorted(b.openSet()));
  REQUIRE(a.status() == b.status());
  for (std::size_t n = 0; n < a.nodeCount(); ++n) REQUIRE(a.record(static_cast<NodeId>(n)).g == b.record(static_cast<NodeId>(n)).g);
}

HeadlessEditor searchTabEditor() {
  HeadlessEditor ed(withMap(seedMap()));
  ed.click("tab Search");
  ed.frames(1);
  return ed;
}

}  // namespace

TEST_CASE("debugger: step forward 5, back 2 is the state after 3 steps", "[editor][debugger]") {
  HeadlessEditor ed(withMap(seedMap()));
  Scene& scene = ed.app->scene();
  REQUIRE(scene.search());
  for (int i = 0; i < 5; ++i) ed.click("Step");
  REQUIRE(scene.searchState()->expandedCount() == 5);
  ed.key(SDL_SCANCODE_LEFT);
  ed.key(SDL_SCANCODE_LEFT);
  const Search fresh = steppedFresh(scene, 3);
  requireSameState(*scene.searchState(), fresh.state());
  REQUIRE(scene.stepping());
  // Right arrow steps forward again along the same search.
  ed.key(SDL_SCANCODE_RIGHT);
  requireSameState(*scene.searchState(), steppedFresh(scene, 4).state());
}

TEST_CASE("debugger: Back button and the timeline slider seek", "[editor][debugger]") {
  HeadlessEditor ed = searchTabEditor();
  Scene& scene = ed.app->scene();
  const int total = steppedFresh(scene, -1).state().expandedCount();
  REQUIRE(total > 4);
  const auto it = ed.app->ui().widget_rects.find("timeline");
  REQUIRE(it != ed.app->ui().widget_rects.end());
  const ScreenRect r = it->second;
  const int y = static_cast<int>(r.y + r.h / 2);
  // Click the slider's right end: the whole search; its path is findPath's.
  const int right = static_cast<int>(r.x + r.w - 2);
  ed.motion(right, y);
  ed.button(true, right, y);
  ed.button(false, right, y);
  ed.frames(1);
  REQUIRE(scene.searchState()->expandedCount() == total);
  REQUIRE(scene.shownPath().found);
  REQUIRE(scene.shownPath().length == Approx(scene.resultPath().length).margin(1e-9));
  // Back button: one expansion less.
  ed.click("Back");
  requireSameState(*scene.searchState(), steppedFresh(scene, total - 1).state());
  // The left end: nothing expanded.
  const int left = static_cast<int>(r.x + 2);
  ed.motion(left, y);
  ed.button(true, left, y);
  ed.button(false, left, y);
  ed.frames(1);
  requireSameState(*scene.searchState(), steppedFresh(scene, 0).state());
}

TEST_CASE("debugger: breakpoints stop where the core's runUntil does", "[editor][debugger]") {
  HeadlessEditor ed = searchTabEditor();
  Scene& scene = ed.app->scene();
  SECTION("goal enters the open set") {
    ed.click("bp goal opened");
    REQUIRE(ed.app->ui().debugger.breakpoints.size() == 1);
    ed.frames(1);
    ed.click("Run to breakpoint");
    Search ref = steppedFresh(scene, 0);
    const Breakpoint bp = Breakpoint::onGoalOpened();
    const BreakResult r = runUntil(ref, std::span<const Breakpoint>(&bp, 1));
    REQUIRE(r.hit == 0);
    requireSameState(*scene.searchState(), ref.state());
    REQUIRE(scene.searchState()->record(scene.searchState()->goal()).status != NodeStatus::Unseen);
  }
  SECTION("f exceeds a value") {
    const double limit = scene.resultPath().length * 0.8;
    ed.app->ui().debugger.breakpoints.push_back(Breakpoint::onFAbove(limit));
    ed.frames(1);
    ed.click("Run to breakpoint");
    Search ref = steppedFresh(scene, 0);
    const Breakpoint bp = Breakpoint::onFAbove(limit);
    const BreakResult r = runUntil(ref, std::span<const Breakpoint>(&bp, 1));
    REQUIRE(r.hit == 0);
    requireSameState(*scene.searchState(), ref.state());
    const SearchState& s = *scene.searchState();
    REQUIRE(s.record(s.lastExpanded()).f > limit);
  }
}
