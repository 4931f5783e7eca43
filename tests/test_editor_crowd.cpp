// test_editor_crowd.cpp: the editor's Crowd tab driven headless: Play moves the agents and
// ends with the metrics of `polypath crowd --json` for the same settings and seed, the
// areas are dragged on the canvas, editing the map resets the crowd, Compare steps both
// steering modes together in two panes, and the PNG sequence writes one frame per step.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include <cstdio>
#include <cstdlib>
#include <set>

#include <nlohmann/json.hpp>

#include "editor/crowd/crowd_view.hpp"
#include "editor/exports/exports.hpp"
#include "support/image_scan.hpp"
#include "support/run_cli.hpp"

namespace {

const fs::path kDoorways = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "crowd-doorways.json";

// Agent centres of a crowd.
std::vector<Point> centres(const crowd::Crowd& c) {
  std::vector<Point> out;
  for (const crowd::Agent& a : c.agents()) out.push_back(a.position);
  return out;
}

// Frames until Play stopped (at most `limit`).
void playToEnd(HeadlessEditor& ed, int limit = 2000) {
  for (int k = 0; k < limit && ed.app->ui().crowd.playing(); ++k) ed.frames(1);
}

// The Crowd tab opened on the doorways map with `agents` agents (not yet drawn).
CrowdView& openCrowdTab(HeadlessEditor& ed, int agents) {
  ed.click("tab Crowd");
  CrowdView& view = ed.app->ui().crowd;
  view.settings.agents = agents;
  return view;
}

}  // namespace

TEST_CASE("editor crowd: Play moves the agents and ends with the CLI's metrics, exactly", "[editor][crowd]") {
  HeadlessEditor ed(withMap(kDoorways));
  App& app = *ed.app;
  CrowdView& view = openCrowdTab(ed, 12);
  view.settings.steer = crowd::Steer::Portals;
  ed.frames(2);
  REQUIRE(view.error().empty());
  REQUIRE(view.crowd(0));
  REQUIRE(view.crowd(0)->agents().size() == 12);
  CHECK(view.crowd(0)->steps() == 0);
  const std::vector<Point> before = centres(*view.crowd(0));
  CHECK_FALSE(app.animating());

  ed.click("crowd play");
  REQUIRE(view.playing());
  CHECK(app.animating());
  const int started = view.crowd(0)->steps();
  ed.frames(10);
  CHECK(view.crowd(0)->steps() == started + 10);  // one step per frame
  const std::vector<Point> after = centres(*view.crowd(0));
  int moved = 0;
  double farthest = 0.0;
  for (std::size_t k = 0; k < after.size(); ++k) {
    moved += distance(before[k], after[k]) > 0.05 ? 1 : 0;
    farthest = std::max(farthest, distance(before[k], after[k]));
  }
  CHECK(moved >= 6);          // the front of the crowd walks; the back may wait
  CHECK(farthest > 0.9);      // 10 steps of 0.1 s at speed 1: up to 1 unit
  CHECK(farthest <= 1.0 + 1e-9);
  ed.click("crowd pause");
  CHECK_FALSE(view.playing());
  const int paused_at = view.crowd(0)->steps();
  ed.frames(3);
  CHECK(view.crowd(0)->steps() == paused_at);
  ed.click("crowd step");
  CHECK(view.crowd(0)->steps() == paused_at + 1);

  view.steps_per_frame = 25;
  ed.click("crowd play");
  playToEnd(ed);
  REQUIRE(view.done());
  CHECK_FALSE(app.animating());
  const crowd::CrowdMetrics m = view.crowd(0)->metrics();
  const RunResult r = runCli({"crowd", kDoorways.string(), "--agents", "12", "--steer", "portals", "--json"});
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(m.arrived == 12);
  CHECK(j["arrived"] == m.arrived);
  CHECK(j["steps"] == m.steps);
  CHECK(j["time_all"].get<double>() == *m.time_all);
  CHECK(j["time_mean"].get<double>() == m.time_mean);
  CHECK(j["density_max"].get<double>() == m.density_max);
  CHECK(j["length_ratio_mean"].get<double>() == m.length_ratio_mean);

  if (const char* shots = std::getenv("POLYPATH_TEST_SHOTS")) {
    ed.click("crowd reset");
    view.steps_per_frame = 1;
    ed.click("crowd play");
    ed.frames(150);
    writePng(ed.shot(), fs::path(shots) / "crowd-tab.png");
  }
  // Reset: step 0, the same spawn.
  ed.click("crowd reset");
  CHECK(view.crowd(0)->steps() == 0);
  CHECK(centres(*view.crowd(0)) == before);
}

TEST_CASE("editor crowd: editing the map resets the crowd, and a bad radius is an error, not a crash", "[editor][crowd]") {
  HeadlessEditor ed(withMap(kDoorways));
  App& app = *ed.app;
  CrowdView& view = openCrowdTab(ed, 5);
  ed.frames(1);
  ed.click("crowd step");
  ed.click("crowd step");
  REQUIRE(view.crowd(0)->steps() == 2);
  app.scene().edit("move vertex", [](MapDocument& d) {
    d.polygons[0].outer[1].x += 0.25;  // (19, 0): the wall of the left hall
    return true;
  });
  ed.frames(1);
  REQUIRE(view.crowd(0));
  CHECK(view.crowd(0)->steps() == 0);
  view.settings.radius = 50.0;
  ed.frames(1);
  CHECK_FALSE(view.crowd(0));
  CHECK(view.error().find("erodes the whole walkable region") != std::string::npos);
}

TEST_CASE("editor crowd: dragging on the canvas draws the spawn and goal areas", "[editor][crowd]") {
  HeadlessEditor ed(withMap(kDoorways));
  App& app = *ed.app;
  CrowdView& view = openCrowdTab(ed, 4);
  ed.click("crowd draw spawn");
  REQUIRE(view.area.tool == CrowdArea::Spawn);
  const Camera& cam = app.camera();
  ed.drag(cam.toScreen({2, 2}), cam.toScreen({8, 6}));
  ed.frames(1);
  REQUIRE(view.settings.from);
  const crowd::Rect& r = *view.settings.from;
  const double pixel = 1.0 / cam.scale();  // the drag lands on whole pixels
  CHECK(std::abs(r.x - 2) <= pixel);
  CHECK(std::abs(r.y - 2) <= pixel);
  CHECK(std::abs(r.w - 6) <= 2 * pixel);
  CHECK(std::abs(r.h - 4) <= 2 * pixel);
  REQUIRE(view.crowd(0));
  for (const crowd::Agent& a : view.crowd(0)->agents()) CHECK(r.contains(a.spawn));
  ed.click("crowd draw goal");
  ed.drag(cam.toScreen({30, 16}), cam.toScreen({36, 20}));
  ed.frames(1);
  REQUIRE(view.settings.to);
  REQUIRE(view.crowd(0));
  for (const crowd::Agent& a : view.crowd(0)->agents()) CHECK(view.settings.to->contains(a.goal));
  ed.click("crowd clear areas");
  CHECK_FALSE(view.settings.from);
  CHECK_FALSE(view.settings.to);
}

TEST_CASE("editor crowd: Compare steps funnel and portals together in two titled panes", "[editor][crowd][screenshot]") {
  HeadlessEditor ed(withMap(kDoorways));
  App& app = *ed.app;
  CrowdView& view = openCrowdTab(ed, 20);
  ed.click("crowd compare");
  REQUIRE(view.sides() == 2);
  REQUIRE(view.crowd(0));
  REQUIRE(view.crowd(1));
  CHECK(view.steer(0) == crowd::Steer::Funnel);
  CHECK(view.steer(1) == crowd::Steer::Portals);
  // The same spawn on both sides.
  CHECK(centres(*view.crowd(0)) == centres(*view.crowd(1)));
  ed.click("crowd play");
  const int started = view.crowd(0)->steps();
  ed.frames(30);
  CHECK(view.crowd(0)->steps() == started + 30);
  CHECK(view.crowd(1)->steps() == started + 30);
  CHECK(centres(*view.crowd(0)) != centres(*view.crowd(1)));  // steered differently
  const Image img = ed.shot();
  // POLYPATH_TEST_SHOTS=DIR keeps the picture, to look at.
  if (const char* shots = std::getenv("POLYPATH_TEST_SHOTS")) writePng(img, fs::path(shots) / "crowd-compare.png");
  const ScreenRect canvas = canvasRect(app.width(), app.height());
  const double mid = canvas.x + canvas.w / 2;
  CHECK(countColour(img, {canvas.x, canvas.y, mid - 2 - canvas.x, canvas.h}, kCrowdAgentColor) > 100);
  CHECK(countColour(img, {mid + 2, canvas.y, canvas.x + canvas.w - mid - 2, canvas.h}, kCrowdAgentColor) > 100);
  const auto& rects = app.ui().widget_rects;
  REQUIRE(rects.count("crowd title 0 0"));
  REQUIRE(rects.count("crowd title 1 0"));
  CHECK(rects.at("crowd title 0 0").x < mid);
  CHECK(rects.at("crowd title 1 0").x > mid);
}

TEST_CASE("editor crowd: the PNG sequence writes one frame per step, agents where the crowd has them", "[editor][crowd][exports]") {
  TempDir dir("ed-crowd-seq");
  HeadlessEditor ed(withMap(kDoorways));
  App& app = *ed.app;
  CrowdView& view = openCrowdTab(ed, 8);
  view.sequence_folder = (dir.path / "frames").string();
  app.ui().export_steps = 5;
  app.ui().export_canvas_only = true;
  ed.frames(1);
  const std::vector<Point> spawn = centres(*view.crowd(0));
  // What the tab's "Export PNG sequence" does (the button sits below the fold of the column).
  view.reset();
  app.ui().exports.requestCrowdSequence(view.sequence_folder, app.ui().export_steps, app.ui().export_canvas_only);
  for (int k = 0; k < 50 && app.ui().exports.busy(); ++k) ed.frames(1);
  REQUIRE_FALSE(app.ui().exports.busy());
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir.path / "frames")) names.insert(e.path().filename().string());
  REQUIRE(names.size() == 6);
  for (int k = 0; k <= 5; ++k) CHECK(names.count(sequenceFileName(k)) == 1);
  CHECK(view.crowd(0)->steps() == 5);
  // Frame 0: an agent disc at every spawn place; the canvas background elsewhere.
  const Image first = loadPng(dir.path / "frames" / sequenceFileName(0));
  const Image last = loadPng(dir.path / "frames" / sequenceFileName(5));
  REQUIRE(first.width > 0);
  const ScreenRect canvas = canvasRect(app.width(), app.height());
  for (const Point& p : spawn) {
    const ScreenPos s = app.camera().toScreen(p);
    const int x = static_cast<int>(s.x - canvas.x), y = static_cast<int>(s.y - canvas.y);
    CHECK(countColour(first, {x - 4.0, y - 4.0, 9.0, 9.0}, kCrowdAgentColor) > 10);
  }
  CHECK(countColour(first, wholeImage(first), kCrowdAgentColor) > 8 * 20);
  CHECK(first.rgba != last.rgba);
}

TEST_CASE("editor crowd: a 200-agent step, timed (printed, not asserted)", "[editor][crowd][bench]") {
  HeadlessEditor ed(withMap(kDoorways));
  CrowdView& view = openCrowdTab(ed, 200);
  ed.frames(1);
  REQUIRE(view.crowd(0));
  double total = 0.0, worst = 0.0;
  const int steps = 100;
  for (int k = 0; k < steps; ++k) {
    view.step();
    total += view.lastStepSeconds();
    worst = std::max(worst, view.lastStepSeconds());
  }
  CHECK(view.crowd(0)->steps() == steps);
  std::printf("Crowd tab, 200 agents: %.3f ms per step on average, %.3f ms at most (%d steps)\n", 1e3 * total / steps,
              1e3 * worst, steps);
}

#endif  // POLYPATH_HAVE_EDITOR
