// test_editor_lessons.cpp: lessons played in the real editor (headless, SDL events):
// Next / Back / Page Down / Page Up / "press Step" prompts move the caption and the
// search to the script's values, computed here with a fresh engine on the lesson's map;
// opening a lesson asks before dropping unsaved work; --lesson and --lesson-step.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include <chrono>
#include <thread>

#include <nlohmann/json.hpp>

#include "polypath/core/search.hpp"
#include "editor/lessons/lessons.hpp"
#include "editor/lessons/lessons_panel.hpp"
#include "polypath/formats/lesson.hpp"
#include "lessons/lesson_crowd.hpp"
#include "support/image_scan.hpp"
#include "support/loaded_map.hpp"
#include "support/run_cli.hpp"

namespace {

fs::path lessonFile(const char* name) { return fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons" / name; }

AppOptions withLesson(const fs::path& lesson, int step = 1) {
  AppOptions o;
  o.lesson = lesson;
  o.lesson_step = step;
  return o;
}

/// Expansions of a fresh engine on the maze (the A*-vs-Dijkstra lesson's map) with this
/// heuristic: to the end, and until the goal first enters the open set.
struct Oracle {
  int total = 0;
  int goal_opened = 0;
};
Oracle maze(Heuristic h) {
  const LoadedMap m(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "maze.json");
  SearchOptions o;
  o.heuristic = h;
  Search s;
  s.init(*m.query, m.query->startNode(), m.query->goalNode(), o);
  Oracle r;
  while (s.state().record(m.query->goalNode()).status == NodeStatus::Unseen && s.step() == SearchStatus::Running) {
  }
  r.goal_opened = s.state().expandedCount();
  r.total = findPath(*m.query, m.query->startNode(), m.query->goalNode(), o).expanded;
  return r;
}

int position(const App& app) { return app.scene().stepping() ? app.scene().searchState()->expandedCount() : 0; }

}  // namespace

TEST_CASE("editor lessons: Next and Back give the script's caption and expansions", "[editor][lessons]") {
  const Lesson lesson = loadLesson(lessonFile("astar-vs-dijkstra.json"));
  const Oracle dijkstra = maze(Heuristic::None), astar = maze(Heuristic::Euclidean);
  REQUIRE(astar.total < dijkstra.total);
  REQUIRE(dijkstra.goal_opened > 3);

  HeadlessEditor ed(withLesson(lessonFile("astar-vs-dijkstra.json")));
  App& app = *ed.app;
  LessonSession& s = app.ui().lessons;
  REQUIRE(s.active());
  REQUIRE(app.loadError().empty());
  CHECK(s.stepCount() == 8);
  MapDocument want = lesson.map;
  want.start = lesson.settings.start;
  want.goal = lesson.settings.goal;
  CHECK(app.scene().document() == want);
  CHECK_FALSE(app.scene().file().has_value());  // Save never writes over the lesson's map
  CHECK_FALSE(app.scene().dirty());
  auto at = [&](int step, int expansions, Heuristic h) {
    INFO("lesson step " << step);
    CHECK(s.current() == step);
    CHECK(s.step().caption == lesson.steps[static_cast<std::size_t>(step)].caption);
    CHECK(position(app) == expansions);
    CHECK(app.scene().searchOptions().heuristic == h);
  };
  at(0, 0, Heuristic::None);
  ed.click("lesson Next");
  at(1, 0, Heuristic::None);
  CHECK(s.promptRemaining() == 3);
  // Next completes the prompt (3 presses), then "run until goal open".
  ed.click("lesson Next");
  at(2, dijkstra.goal_opened, Heuristic::None);
  ed.key(SDL_SCANCODE_PAGEDOWN);  // "run"
  at(3, dijkstra.total, Heuristic::None);
  CHECK(app.scene().stats().path_found);
  ed.click("lesson Next");  // "set heuristic euclidean", "reset"
  at(4, 0, Heuristic::Euclidean);
  ed.click("lesson Next");  // 3 presses, "run"
  at(5, astar.total, Heuristic::Euclidean);
  // Back replays the lesson up to the previous step.
  ed.click("lesson Back");
  at(4, 0, Heuristic::Euclidean);
  ed.key(SDL_SCANCODE_PAGEUP);
  at(3, dijkstra.total, Heuristic::None);
  ed.key(SDL_SCANCODE_PAGEUP);
  at(2, dijkstra.goal_opened, Heuristic::None);
  // The lesson never made the document dirty.
  CHECK_FALSE(app.scene().dirty());
}

TEST_CASE("editor lessons: pressing Step as the prompt asks moves on to the next step", "[editor][lessons]") {
  const Oracle dijkstra = maze(Heuristic::None);
  HeadlessEditor ed(withLesson(lessonFile("astar-vs-dijkstra.json"), 2));
  App& app = *ed.app;
  LessonSession& s = app.ui().lessons;
  REQUIRE(s.current() == 1);
  REQUIRE(s.promptRemaining() == 3);
  ed.click("lesson Step");
  CHECK(position(app) == 1);
  CHECK(s.promptRemaining() == 2);
  ed.click("Step");  // the panel's Step button counts too
  CHECK(s.promptRemaining() == 1);
  CHECK(s.current() == 1);
  ed.key(SDL_SCANCODE_RIGHT);  // and the Right arrow; the third press satisfies the prompt
  CHECK(s.current() == 2);
  CHECK(position(app) == dijkstra.goal_opened);
}

TEST_CASE("editor lessons: settings of a step reach the scene (corner offset, layers)", "[editor][lessons]") {
  const Lesson lesson = loadLesson(lessonFile("reflex-vertices.json"));
  HeadlessEditor ed(withLesson(lessonFile("reflex-vertices.json"), 6));  // "set corner-offset 0.5", "run"
  App& app = *ed.app;
  CHECK(app.ui().lessons.current() == 5);
  CHECK(app.scene().document().settings.corner_offset == 0.5);
  CHECK_FALSE(app.scene().dirty());
  // The corner-offset graph's search, run to the end: a fresh engine's count.
  MapDocument doc = lesson.map;
  const PolygonMap map = buildPolygonMap(doc);
  const VisibilityGraph graph(map, VisibilityOptions{0.5});
  const VisibilityQuery q(graph, *lesson.settings.start, *lesson.settings.goal);
  const Path p = findPath(q, q.startNode(), q.goalNode());
  CHECK(position(app) == p.expanded);
  CHECK(app.scene().stats().path_length == Approx(p.length).epsilon(1e-12));
  // Layers: the lesson's ("map,vertices,start-goal", then shown: reflex-nodes, links, search, path).
  CHECK((app.ui().layers & LayerVertices) != 0u);
  CHECK((app.ui().layers & LayerPath) != 0u);
  CHECK((app.ui().layers & LayerRegion) != 0u);
  // Back to step 1: only the first layers, offset 0.
  app.ui().lessons.goTo(0, app.scene(), app.ui());
  ed.frames(3);
  CHECK(app.scene().document().settings.corner_offset == 0.0);
  CHECK((app.ui().layers & LayerPath) == 0u);
  CHECK((app.ui().layers & LayerReflexNodes) == 0u);
}

TEST_CASE("editor lessons: opening one from the tab asks before dropping unsaved work", "[editor][lessons]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json"));
  App& app = *ed.app;
  app.scene().setStart(Point{16, 6});  // unsaved work
  REQUIRE(app.scene().dirty());
  ed.click("tab Lessons");
  ed.frames(3);
  app.ui().lessons.folder_text = (fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons").string();
  app.ui().lessons.listed = false;
  ed.frames(3);
  REQUIRE(app.ui().lessons.entries.size() >= 4);
  for (const LessonEntry& e : app.ui().lessons.entries) CHECK(e.error.empty());
  ed.click("lesson 0");
  ed.frames(3);
  ed.click("Cancel");  // the question came: keep the work
  CHECK_FALSE(app.ui().lessons.active());
  CHECK(app.scene().dirty());
  CHECK(*app.scene().document().start == Point{16, 6});
  ed.click("lesson 0");
  ed.frames(3);
  ed.click("Discard changes");
  ed.frames(3);
  REQUIRE(app.ui().lessons.active());
  CHECK(app.ui().lessons.file() == app.ui().lessons.entries[0].file);
  CHECK_FALSE(app.scene().dirty());
  // Editing the lesson's map and going on keeps the edit (applied, not replaced).
  const Point moved = *app.scene().document().goal + Point{0.25, 0};
  app.scene().setGoal(moved);
  ed.key(SDL_SCANCODE_PAGEUP);
  ed.key(SDL_SCANCODE_PAGEDOWN);
  CHECK(app.scene().dirty());
  CHECK(app.ui().lessons.active());
  // Opening another map ends the lesson.
  app.ui().open_request = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "maze.json";
  ed.frames(2);
  ed.click("Discard changes");
  ed.frames(3);
  CHECK_FALSE(app.ui().lessons.active());
  CHECK(app.scene().displayName() == "Maze");
}

TEST_CASE("editor lessons: a bad lesson file is an error naming the file, never a crash", "[editor][lessons]") {
  TempDir dir("ed-lesson");
  const std::string bad = dir.write("bad.json", R"({"format":"polypath-lesson","version":1,"title":"x","map":"nope.json","steps":[]})");
  AppOptions o = withLesson(bad);
  o.map = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json";
  HeadlessEditor ed(o);
  CHECK_FALSE(ed.app->ui().lessons.active());
  CHECK(ed.app->loadError().find("bad.json") != std::string::npos);
  CHECK(ed.app->scene().displayName() == "Seed demo");  // the map given stays
}

TEST_CASE("editor lessons: the navmesh lesson searches triangle A* and compares it with the visibility graph",
          "[editor][lessons][compare]") {
  // The CLI on the lesson's map (same start and goal) is the independent answer for each side.
  const fs::path map = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "rooms-with-doors.json";
  auto cliLength = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"path", map.string()});
    args.push_back("--json");
    const test::RunResult r = test::runCli(args);
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out)["length"].get<double>();
  };
  const double portal = cliLength({"--method", "navmesh", "--node-placement", "portal"});
  const double exact = cliLength({});
  REQUIRE(portal > exact + 1e-3);  // this map's corridor misses the shortest path

  HeadlessEditor ed(withLesson(lessonFile("navmesh-corridor.json"), 1));
  App& app = *ed.app;
  LessonSession& s = app.ui().lessons;
  REQUIRE(s.active());
  CHECK(app.scene().method().name == "visibility");
  CHECK(std::abs(app.scene().stats().path_length - exact) <= 1e-9);

  s.goTo(2, app.scene(), app.ui());  // step 3: "set method navmesh", run
  ed.frames(3);
  CHECK(app.scene().method().name == "portal");
  CHECK(std::abs(app.scene().stats().path_length - portal) <= 1e-9);
  CHECK(app.ui().tab != PanelTab::Compare);

  s.goTo(3, app.scene(), app.ui());  // step 4: "compare method visibility", run
  ed.frames(3);
  CHECK(app.ui().tab == PanelTab::Compare);
  CompareView& cmp = app.ui().compare;
  REQUIRE(cmp.comparison());
  CHECK(cmp.setups[0].method.name == "portal");
  CHECK(cmp.setups[1].method.name == "visibility");
  CHECK(cmp.comparison()->position() == cmp.comparison()->count());  // "run": both at their end
  CHECK(std::abs(cmp.row(0).world_length - portal) <= 1e-9);
  CHECK(std::abs(cmp.row(1).world_length - exact) <= 1e-9);

  s.goTo(1, app.scene(), app.ui());  // back to one search
  ed.frames(3);
  CHECK(app.ui().tab == PanelTab::Lessons);
}


namespace {

/// Height, pixels, of the first run of rows holding bright (white text) pixels in `r`: the
/// first text line's glyphs from the tallest ascender to the lowest descender.
int firstLineInk(const Image& img, const ScreenRect& r) {
  auto inked = [&](int y) {
    return countPixels(img, ScreenRect{r.x, static_cast<double>(y), r.w, 1}, [](Color c) { return isBright(c, 200); }) > 0;
  };
  int y = static_cast<int>(r.y);
  const int bottom = static_cast<int>(r.y + r.h);
  while (y < bottom && !inked(y)) ++y;
  const int top = y;
  while (y < bottom && inked(y)) ++y;
  return y - top;
}

}  // namespace

TEST_CASE("editor lessons: every step of every shipped lesson shows its caption in large type inside the strip",
          "[editor][lessons][layout]") {
  // ProggyClean's glyphs: about 10 pixels from ascender to descender at the panel's 13
  // pixels, twice that in the caption font.
  int lessons = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons")) {
    if (entry.path().extension() != ".json") continue;
    ++lessons;
    HeadlessEditor ed(withLesson(entry.path()));
    App& app = *ed.app;
    LessonSession& s = app.ui().lessons;
    REQUIRE(s.active());
    for (int i = 0; i < s.stepCount(); ++i) {
      INFO(entry.path().filename().string() << " step " << i + 1);
      s.goTo(i, app.scene(), app.ui());
      ed.frames(2);
      const Image img = ed.shot();
      const ScreenRect caption = app.ui().widget_rects.at("lesson caption");
      const ScreenRect strip = app.ui().widget_rects.at("lesson strip");
      const ScreenRect end = app.ui().widget_rects.at("lesson content end");
      CHECK(firstLineInk(img, caption) >= 16);  // the caption font, not the panel's type
      CHECK(caption.y >= strip.y);
      CHECK(end.y <= strip.y + strip.h);  // the prompt and the notes fit under it: nothing cut off
    }
  }
  CHECK(lessons == 5);
  // Where it cannot fit (a low window), the caption falls back to the panel's type, and
  // the measure above tells the two apart.
  HeadlessEditor low(withLesson(lessonFile("navmesh-corridor.json"), 4), kWidth, 420);
  const Image img = low.shot();
  const int ink = firstLineInk(img, low.app->ui().widget_rects.at("lesson caption"));
  CHECK(ink > 5);
  CHECK(ink <= 12);
}


TEST_CASE("editor lessons: the crowd lesson opens at once and its numbers arrive from a worker thread",
          "[editor][lessons][crowd]") {
  const fs::path file = lessonFile("crowd-doorways.json");
  HeadlessEditor ed(withLesson(file));
  LessonSession& s = ed.app->ui().lessons;
  REQUIRE(s.active());
  // The same numbers as a run on this thread (the runs are deterministic).
  Lesson expected = loadLesson(file);
  REQUIRE(fillCrowdCaptions(expected).empty());
  for (int i = 0; i < 4000 && s.measuring(); ++i) {
    ed.frames(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  REQUIRE_FALSE(s.measuring());
  REQUIRE(s.lesson()->steps.size() == expected.steps.size());
  int cited = 0;
  for (std::size_t i = 0; i < expected.steps.size(); ++i) {
    CHECK(s.lesson()->steps[i].caption == expected.steps[i].caption);
    cited += s.lesson()->steps[i].caption.find("...") == std::string::npos ? 0 : 1;
  }
  CHECK(cited == 0);
}

#endif  // POLYPATH_HAVE_EDITOR
