// test_editor_stepper.cpp: the editor's one stepped-search controller (search_stepper.hpp)
// on a counting target, and Run driven through it in the Compare view and the grid
// document (the Scene's Run is tested in test_editor.cpp).

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include "editor/compare/compare_view.hpp"
#include "editor/document/search_stepper.hpp"
#include "editor/tilegrid/grid_scene.hpp"

namespace {

const fs::path kMaps = fs::path(POLYPATH_SOURCE_DIR) / "maps";

// Counts steps up to `total`; records restarts and the start of the stepped view.
struct Counter final : StepTarget {
  int at = 0, total = 10, restarts = 0, begins = 0;
  bool is_ready = true;
  bool ready() const override { return is_ready; }
  bool finished() const override { return at >= total; }
  void stepOnce() override { ++at; }
  void restart() override {
    at = 0;
    ++restarts;
  }
  void beginStepping() override { ++begins; }
};

}  // namespace

TEST_CASE("stepper: Step makes one step and begins the stepped view once", "[editor][stepper]") {
  SearchStepper s;
  Counter t;
  CHECK_FALSE(s.stepping());
  s.step(t);
  s.step(t);
  CHECK(s.stepping());
  CHECK(t.at == 2);
  CHECK(t.begins == 1);
  CHECK_FALSE(s.running());
}

TEST_CASE("stepper: Run spends whole steps of a fractional budget and stops at the end", "[editor][stepper]") {
  SearchStepper s(4.0);
  Counter t;
  s.run(t);
  CHECK(s.running());
  CHECK(s.update(0.3, t));  // 1.2 steps: 1, 0.2 kept
  CHECK(t.at == 1);
  CHECK(s.update(0.2, t));  // 0.2 + 0.8 = 1 step
  CHECK(t.at == 2);
  CHECK_FALSE(s.update(0.0, t));
  CHECK_FALSE(s.update(std::nan(""), t));
  CHECK(t.at == 2);
  s.pause();
  CHECK_FALSE(s.update(10.0, t));
  CHECK(t.at == 2);
  s.run(t);  // continues (not finished): no restart
  CHECK(t.restarts == 0);
  s.update(100.0, t);
  CHECK(t.at == t.total);
  CHECK_FALSE(s.running());
  CHECK(s.stepping());
  s.run(t);  // a finished search starts again
  CHECK(t.restarts == 1);
  CHECK(t.at == 0);
  CHECK(s.running());
}

TEST_CASE("stepper: Finish, Reset, stop and a target that is not ready", "[editor][stepper]") {
  SearchStepper s;
  Counter t;
  s.run(t);
  s.finish(t);
  CHECK(t.at == t.total);
  CHECK_FALSE(s.running());
  CHECK(s.stepping());
  s.reset(t);
  CHECK_FALSE(s.stepping());
  CHECK(t.at == 0);
  CHECK(t.restarts == 1);
  s.showStepped();
  CHECK(s.stepping());
  s.stop();
  CHECK_FALSE(s.stepping());
  Counter none;
  none.is_ready = false;
  s.step(none);
  s.run(none);
  s.finish(none);
  CHECK_FALSE(s.stepping());
  CHECK_FALSE(s.running());
  CHECK(none.at == 0);
}

TEST_CASE("stepper: one clamp rule for the speed", "[editor][stepper]") {
  SearchStepper s(8.0);
  CHECK(s.stepsPerSecond() == 8.0);
  s.setStepsPerSecond(0.0);
  CHECK(s.stepsPerSecond() == SearchStepper::kMinStepsPerSecond);
  s.setStepsPerSecond(1e9);
  CHECK(s.stepsPerSecond() == SearchStepper::kMaxStepsPerSecond);
  s.setStepsPerSecond(std::numeric_limits<double>::infinity());
  CHECK(s.stepsPerSecond() == 8.0);  // not finite: the initial speed
  Scene scene;
  scene.setStepsPerSecond(-3.0);
  CHECK(scene.stepsPerSecond() == SearchStepper::kMinStepsPerSecond);
}

TEST_CASE("stepper: Compare's Run advances both sides by the budget and stops at the end", "[editor][stepper][compare]") {
  Scene scene;
  scene.setDocument(loadMap(kMaps / "rooms-with-doors.json"));
  CompareView cmp;
  applyPreset(cmp.setups, ComparePreset::VisibilityVsNavmesh, scene.searchOptions());
  cmp.sync(scene);
  SearchComparison* c = cmp.comparison();
  REQUIRE(c);
  REQUIRE(c->count() > 3);
  CHECK(cmp.stepsPerSecond() == 8.0);
  cmp.step();
  CHECK(c->position() == 1);
  cmp.run();
  cmp.update(0.25);  // 2 steps
  CHECK(c->position() == 3);
  cmp.pause();
  cmp.update(10.0);
  CHECK(c->position() == 3);
  cmp.run();
  cmp.update(1e4);
  CHECK(c->position() == c->count());
  CHECK_FALSE(cmp.running());
  cmp.reset();
  CHECK(c->position() == 0);
  cmp.finish();
  CHECK(c->position() == c->count());
}

TEST_CASE("stepper: the grid document's Run replays from zero and ends with the path", "[editor][stepper][editorgrid]") {
  GridScene g;
  REQUIRE(g.open(kMaps / "astar-explorer.map"));
  REQUIRE(g.hasSearch());
  const int total = g.state().expandedCount();  // not stepping: the finished search
  REQUIRE(g.path().found);
  CHECK(g.stepsPerSecond() == 20.0);
  g.run();
  CHECK(g.stepping());
  CHECK(g.state().expandedCount() == 0);
  g.update(0.5);  // 10 steps
  CHECK(g.state().expandedCount() == 10);
  CHECK_FALSE(g.path().found);
  g.update(1e4);
  CHECK_FALSE(g.running());
  CHECK(g.state().expandedCount() == total);
  CHECK(g.path().found);
  g.reset();
  CHECK_FALSE(g.stepping());
  CHECK(g.state().expandedCount() == total);  // the finished search again
  CHECK(g.path().found);
}

#endif  // POLYPATH_HAVE_EDITOR
