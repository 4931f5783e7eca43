// test_lessons.cpp: lesson files: every shipped lesson loads, its map and actions are
// valid and it plays on the visibility method; the loader's errors name the place.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>

#include "polypath/debug/breakpoints.hpp"
#include "polypath/debug/layer_names.hpp"
#include "polypath/debug/search_timeline.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/lesson.hpp"
#include "lessons/lesson_player.hpp"
#include "support/temp_dir.hpp"
#include "lessons/lesson_check.hpp"

using namespace polypath;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> shippedLessons() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons"))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

/// A LessonTarget over SearchTimelines of the visibility method (the editor's part, as
/// far as the core goes): sides of other methods are not built and their moves skipped.
/// Checks each move's effect.
class TimelineTarget final : public LessonTarget {
 public:
  explicit TimelineTarget(const Lesson& lesson) : map_(buildPolygonMap(lesson.map)) {}

  void configure(const LessonSettings& settings, const std::optional<LessonSettings>& compare) override {
    ++configures;
    left_ = build(settings);
    right_ = compare ? build(*compare) : Side{};
    comparing = compare.has_value();
    method = settings.method;
  }
  void seek(int k) override {
    for (Side* s : {&left_, &right_})
      if (s->timeline) {
        s->timeline->seek(k);
        CHECK(s->timeline->position() == std::clamp(k, 0, s->timeline->count()));
      }
    position_ = std::max(0, k);
  }
  int position() const override { return left_.timeline ? left_.timeline->position() : position_; }
  void run() override {
    for (Side* s : {&left_, &right_})
      if (s->timeline) {
        s->timeline->toEnd();
        CHECK(s->timeline->state().status() == SearchStatus::Found);  // every lesson's query has a path
      }
  }
  void runUntil(const LessonAction& a) override {
    if (!left_.timeline) return;
    const Breakpoint bp[] = {a.breakpoint(left_.query->startNode(), left_.query->goalNode())};
    const BreakResult r = polypath::runUntil(*left_.timeline, bp);
    CHECK(r.hit == 0);  // a lesson's breakpoint must be reached
    if (right_.timeline) right_.timeline->seek(left_.timeline->position());
  }
  void setLayers(std::uint32_t mask) override { layers = mask; }
  void inspect(const LessonNode& node) override {
    if (left_.query) CHECK(node.resolve(left_.query->startNode(), left_.query->goalNode()) <
                           static_cast<NodeId>(left_.query->nodeCount()));
    inspected = node;
  }

  const SearchTimeline* left() const { return left_.timeline.get(); }
  const SearchTimeline* right() const { return right_.timeline.get(); }
  int configures = 0;
  bool comparing = false;
  std::string method;
  std::uint32_t layers = 0;
  std::optional<LessonNode> inspected;

 private:
  struct Side {
    std::unique_ptr<VisibilityGraph> graph;
    std::unique_ptr<VisibilityQuery> query;
    std::unique_ptr<SearchTimeline> timeline;
  };
  Side build(const LessonSettings& s) const {
    Side side;
    if (s.method != "visibility") return side;
    side.graph = std::make_unique<VisibilityGraph>(map_, VisibilityOptions{s.corner_offset});
    side.query = std::make_unique<VisibilityQuery>(*side.graph, *s.start, *s.goal);
    side.timeline =
        std::make_unique<SearchTimeline>(*side.query, side.query->startNode(), side.query->goalNode(), s.search);
    return side;
  }
  PolygonMap map_;
  Side left_, right_;
  int position_ = 0;
};

/// Plays every step of a lesson with Next, then back to the start with Back.
void play(const Lesson& lesson) {
  TimelineTarget target(lesson);
  LessonPlayer player(lesson);
  player.start(target);
  int steps = 1;
  while (player.next(target)) ++steps;
  CHECK(steps == player.stepCount());
  CHECK(target.layers != 0u);
  while (player.back(target)) --steps;
  CHECK(steps == 1);
  CHECK(player.current() == 0);
}

const char* kInlineLesson = R"({
 "format": "polypath-lesson", "version": 1, "title": "Inline",
 "map": {"version": 1, "polygons": [{"outer": [[0,0],[10,0],[10,10],[0,10]], "holes": [[[3,3],[7,3],[7,7],[3,7]]]}],
         "start": [1, 1], "goal": [9, 9]},
 "steps": [%STEPS%]
})";

std::string inlineLesson(const std::string& steps) {
  std::string text = kInlineLesson;
  text.replace(text.find("%STEPS%"), 7, steps);
  return text;
}

/// The LessonError message of parsing `text`, or "" when it parses.
std::string errorOf(const std::string& text, const fs::path& base = ".") {
  try {
    parseLesson(text, "lesson.json", base);
  } catch (const LessonError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("lessons: every shipped lesson loads, checks clean and plays", "[lessons]") {
  const std::vector<fs::path> files = shippedLessons();
  REQUIRE(files.size() >= 4);
  std::set<std::string> titles;
  for (const fs::path& file : files) {
    INFO(file.string());
    const Lesson lesson = loadLesson(file);
    CHECK(titles.insert(lesson.title).second);
    CHECK(lesson.map_file.has_value());
    CHECK(lesson.steps.size() >= 4);
    CHECK_FALSE(lesson.summary.empty());
    const std::vector<std::string> problems = checkLesson(lesson);
    for (const std::string& p : problems) UNSCOPED_INFO(p);
    CHECK(problems.empty());
    play(lesson);
  }
  // The four topics the shipped lessons teach.
  for (const char* name : {"astar-vs-dijkstra.json", "admissible-heuristics.json", "reflex-vertices.json",
                           "navmesh-corridor.json"})
    CHECK(std::find_if(files.begin(), files.end(), [&](const fs::path& f) { return f.filename() == name; }) !=
          files.end());
}

TEST_CASE("lessons: the shipped lessons show what their captions claim", "[lessons]") {
  const fs::path dir = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons";
  // A* expands fewer nodes than Dijkstra on the lesson's map, for the same length.
  const Lesson astar = loadLesson(dir / "astar-vs-dijkstra.json");
  const PolygonMap map = buildPolygonMap(astar.map);
  const VisibilityGraph graph(map);
  const VisibilityQuery q(graph, *astar.settings.start, *astar.settings.goal);
  SearchOptions dijkstra;
  dijkstra.heuristic = Heuristic::None;
  const Path a = findPath(q, q.startNode(), q.goalNode());
  const Path d = findPath(q, q.startNode(), q.goalNode(), dijkstra);
  CHECK(a.expanded < d.expanded);
  CHECK(a.length == Approx(d.length).epsilon(1e-12));
  // The reflex lesson: every inner path vertex is a reflex corner, and a corner offset
  // makes the path longer.
  const Lesson reflex = loadLesson(dir / "reflex-vertices.json");
  const PolygonMap seed = buildPolygonMap(reflex.map);
  const VisibilityGraph exact(seed);
  const Path p = findPath(exact, *reflex.settings.start, *reflex.settings.goal);
  REQUIRE(p.found);
  REQUIRE(p.points.size() >= 3);
  for (std::size_t i = 1; i + 1 < p.points.size(); ++i) {
    const bool at_reflex = std::any_of(seed.reflexVertices().begin(), seed.reflexVertices().end(),
                                       [&](int v) { return seed.vertices()[v].position == p.points[i]; });
    CHECK(at_reflex);
  }
  // The heuristics lesson: weight 1.8 expands fewer nodes for a longer path; Manhattan
  // happens to find the shortest path on this map, with fewer expansions.
  const Lesson heur = loadLesson(dir / "admissible-heuristics.json");
  const PolygonMap hall = buildPolygonMap(heur.map);
  const VisibilityGraph hall_graph(hall);
  const VisibilityQuery hq(hall_graph, *heur.settings.start, *heur.settings.goal);
  SearchOptions weighted, manhattan;
  weighted.weight = 1.8;
  manhattan.heuristic = Heuristic::Manhattan;
  const Path exact_h = findPath(hq, hq.startNode(), hq.goalNode());
  const Path weighted_h = findPath(hq, hq.startNode(), hq.goalNode(), weighted);
  const Path manhattan_h = findPath(hq, hq.startNode(), hq.goalNode(), manhattan);
  CHECK(weighted_h.length > exact_h.length + 1.0);
  CHECK(weighted_h.length <= 1.8 * exact_h.length);
  CHECK(weighted_h.expanded < exact_h.expanded);
  CHECK(manhattan_h.length == Approx(exact_h.length).epsilon(1e-12));
  CHECK(manhattan_h.expanded < exact_h.expanded);
  const VisibilityGraph offset(seed, VisibilityOptions{0.5});
  CHECK(findPath(offset, *reflex.settings.start, *reflex.settings.goal).length > p.length);
}

TEST_CASE("lessons: actions parse into their kinds and values", "[lessons]") {
  std::string error;
  auto parse = [&](const char* text) {
    const auto a = parseLessonAction(text, error);
    REQUIRE(a.has_value());
    return *a;
  };
  CHECK(parse("reset").kind == LessonAction::Kind::Reset);
  CHECK(parse("step").count == 1);
  CHECK(parse("step 5").count == 5);
  CHECK(parse("back 2").kind == LessonAction::Kind::Back);
  CHECK(parse("seek 0").count == 0);
  CHECK(parse("run").kind == LessonAction::Kind::Run);
  const LessonAction until = parse("run until expanded 12");
  CHECK(until.breakpoint(20, 21).kind == Breakpoint::Kind::NodeExpanded);
  CHECK(until.breakpoint(20, 21).node == 12);
  CHECK(parse("run until expanded goal").breakpoint(20, 21).node == 21);
  CHECK(parse("run until goal open").breakpoint(20, 21).kind == Breakpoint::Kind::GoalOpened);
  CHECK(parse("run until f > 30.5").breakpoint(0, 1).f == 30.5);
  const LessonAction set = parse("set heuristic none");
  CHECK(set.change.name == SettingChange::Name::Heuristic);
  CHECK(set.change.heuristic == Heuristic::None);
  CHECK(parse("set weight 1.8").change.number == 1.8);
  CHECK(parse("set start 3,4.5").change.point == Point{3, 4.5});
  CHECK(parse("set method navmesh").change.method == "navmesh");
  CHECK(parse("set tie-break none").change.tie_break == TieBreak::None);
  CHECK(parse("compare weight 2").kind == LessonAction::Kind::Compare);
  CHECK(parse("compare off").kind == LessonAction::Kind::CompareOff);
  CHECK(parse("show path, open-set").layers == (LayerPath | LayerOpenSet));
  CHECK(parse("hide search").layers == (LayerClosedSet | LayerOpenSet | LayerRelaxed | LayerExpanded));
  CHECK(parse("inspect start").node.kind == LessonNode::Kind::Start);

  for (const char* bad : {"", "jump", "step 0", "step two", "step 1 2", "seek -1", "run until", "run until f 3",
                          "run until expanded x", "set heuristic fast", "set weight -1", "set colour red",
                          "compare start 1,2", "set method astar", "show nothing", "inspect"}) {
    INFO("'" << bad << "'");
    CHECK_FALSE(parseLessonAction(bad, error).has_value());
    CHECK_FALSE(error.empty());
  }
  parseLessonAction("jump 3", error);
  CHECK_THAT(error, StartsWith("unknown action 'jump 3'; known: reset, step [N]"));
  parseLessonAction("set heuristic fast", error);
  CHECK(error == "unknown heuristic 'fast' (known: none, euclidean, manhattan, chebyshev, octile)");
}

TEST_CASE("lessons: inline maps, prompts and settings are read", "[lessons]") {
  const Lesson l = parseLesson(inlineLesson(R"({"caption": "one", "action": "step 2",
     "prompt": {"text": "Press Step."}}, {"caption": "two", "actions": ["run", "compare weight 2"],
     "prompt": {"text": "Press Step 4 times.", "steps": 4}})"));
  CHECK(l.title == "Inline");
  CHECK_FALSE(l.map_file.has_value());
  CHECK(l.map.polygons.size() == 1);
  REQUIRE(l.steps.size() == 2);
  CHECK(l.steps[0].actions.size() == 1);
  CHECK(l.steps[0].prompt == "Press Step.");
  CHECK(l.steps[0].prompt_steps == 1);
  CHECK(l.steps[1].actions.size() == 2);
  CHECK(l.steps[1].prompt_steps == 4);
  CHECK(l.settings.start == Point{1, 1});
  CHECK(l.settings.layers == kDefaultLayers);
  CHECK(l.settings.method == "visibility");
  CHECK(checkLesson(l).empty());
}

TEST_CASE("lessons: errors name the file, the place and the fix", "[lessons]") {
  CHECK(errorOf(inlineLesson(R"({"caption": "x", "actions": ["step 1", "jump"]})")) ==
        "lesson.json: /steps/0/actions/1: unknown action 'jump'; known: reset, step [N], back [N], seek N, run, run "
        "until expanded NODE, run until goal open, run until f > X, set heuristic|weight|tie-break|method|corner-offset|"
        "start|goal VALUE, layers|show|hide LIST, compare SETTING VALUE, compare off, inspect NODE");
  CHECK(errorOf(inlineLesson(R"({"action": "run"})")) == "lesson.json: /steps/0: a step needs a \"caption\"");
  CHECK(errorOf(inlineLesson("")) == "lesson.json: /steps: a lesson needs a non-empty array of steps");
  CHECK(errorOf("{") == "lesson.json:1:2: not valid JSON: syntax error while parsing object key - unexpected end of "
                        "input; expected string literal");
  // Line and column of the byte that stopped the parser, as the map loader gives them.
  CHECK(errorOf("{\n  \"format\": \"polypath-lesson\",\n  \"steps\": [,]\n}") ==
        "lesson.json:3:13: not valid JSON: syntax error while parsing value - unexpected ','; expected '[', '{', or a "
        "literal");
  CHECK(errorOf("{\"title\": 1e400}") ==
        "lesson.json:1:11: number 1e400 is too large for a double; use values below 1.7e308");
  CHECK(errorOf(R"({"format": "polypath-map"})") ==
        "lesson.json: /format: expected \"polypath-lesson\" (is this a lesson file?)");
  CHECK(errorOf(R"({"format": "polypath-lesson", "version": 2})") ==
        "lesson.json: /version: version 2 is newer than this polypath reads (1); update polypath");
  CHECK(errorOf(R"({"format": "polypath-lesson", "title": "t", "map": "missing.json", "steps": [{"caption": "c"}]})",
                "/nonexistent") == "lesson.json: /map: /nonexistent/missing.json: no such file; check the path");
  std::string with_settings = inlineLesson(R"({"caption": "c"})");
  with_settings.insert(with_settings.find("\"steps\""), R"("settings": {"method": "astar"}, )");
  CHECK(errorOf(with_settings) ==
        "lesson.json: /settings/method: unknown method 'astar' (known: visibility, navmesh, grid, finley)");
  std::string bad_layers = inlineLesson(R"({"caption": "c"})");
  bad_layers.insert(bad_layers.find("\"steps\""), R"("settings": {"layers": "path,paths"}, )");
  CHECK_THAT(errorOf(bad_layers), StartsWith("lesson.json: /settings/layers: unknown layer 'paths' (known: region,"));
  std::string unknown_key = inlineLesson(R"({"caption": "c"})");
  unknown_key.insert(unknown_key.find("\"steps\""), R"("settings": {"speed": 3}, )");
  CHECK_THAT(errorOf(unknown_key), StartsWith("lesson.json: /settings/speed: unknown setting"));
  CHECK(errorOf(inlineLesson(R"({"caption": "c", "prompt": {"text": "p", "steps": 1.5}})")) ==
        "lesson.json: /steps/0/prompt/steps: expected a whole number of Step presses, 0 or more");
}

TEST_CASE("lessons: checkLesson reports start points in holes and nodes beyond the graph", "[lessons]") {
  const Lesson l = parseLesson(
      inlineLesson(R"({"caption": "c", "actions": ["set start 5,5", "run until expanded 999", "inspect 3"]})"),
      "lesson.json");
  const std::vector<std::string> problems = checkLesson(l);
  REQUIRE(problems.size() == 2);
  CHECK_THAT(problems[0], StartsWith("lesson.json: /steps/0/actions/0: 'set start 5,5': the point is inside hole 0"));
  CHECK(problems[1] == "lesson.json: /steps/0/actions/1: 'run until expanded 999': node 999 does not exist (the "
                       "visibility graph with start and goal has nodes 0 to 5)");
  polypath::test::TempDir dir("lessons");
  const std::string file = dir.write("l.json", inlineLesson(R"({"caption": "c"})"));
  CHECK(loadLesson(file).source == file);
  CHECK_THAT(std::string([&] {
               try {
                 loadLesson(dir.path / "nope.json");
               } catch (const LessonError& e) {
                 return std::string(e.what());
               }
               return std::string();
             }()),
             Contains("nope.json: cannot open; check the path"));
}

TEST_CASE("lesson player: Back replays to the same state as going forward, prompts count Step presses", "[lessons]") {
  const Lesson lesson = loadLesson(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons" / "astar-vs-dijkstra.json");
  TimelineTarget forward(lesson), replayed(lesson);
  LessonPlayer a(lesson), b(lesson);
  a.start(forward);
  for (int i = 0; i < a.stepCount(); ++i) {
    INFO("lesson step " << i);
    if (i > 0) REQUIRE(a.next(forward));
    b.goTo(i, replayed);
    REQUIRE(forward.left() != nullptr);
    CHECK(forward.left()->position() == replayed.left()->position());
    CHECK(forward.left()->state().openSet() == replayed.left()->state().openSet());
    CHECK(forward.comparing == replayed.comparing);
    CHECK((forward.right() == nullptr) == (replayed.right() == nullptr));
    if (forward.right()) CHECK(forward.right()->position() == replayed.right()->position());
    CHECK(a.settings().search.heuristic == b.settings().search.heuristic);
    CHECK(forward.layers == replayed.layers);
  }
  // Step 1 (0-based) asks for three presses after "reset": Next makes the missing ones.
  a.goTo(1, forward);
  CHECK(a.promptRemaining() == 3);
  CHECK(forward.left()->position() == 0);
  CHECK_FALSE(a.userStepped());
  CHECK(a.promptRemaining() == 2);
  forward.seek(1);
  REQUIRE(a.next(forward));  // runs until the goal is open, from position 3
  b.goTo(2, replayed);
  CHECK(forward.left()->position() == replayed.left()->position());
  // Dijkstra, then A*: the heuristic set by the lesson's steps.
  CHECK(b.settings().search.heuristic == Heuristic::None);
  b.goTo(4, replayed);
  CHECK(b.settings().search.heuristic == Heuristic::Euclidean);
  CHECK_FALSE(b.compareSettings().has_value());
  b.goTo(6, replayed);
  REQUIRE(b.compareSettings().has_value());
  CHECK(b.compareSettings()->search.heuristic == Heuristic::None);
  CHECK(replayed.comparing);
  CHECK(replayed.left()->count() < replayed.right()->count());  // A* expands fewer than Dijkstra
  CHECK(b.promptRemaining() == 5);
  for (int i = 0; i < 4; ++i) CHECK_FALSE(b.userStepped());
  CHECK(b.userStepped());
  CHECK_FALSE(b.userStepped());
  REQUIRE(b.stepCount() == 8);
  CHECK(b.next(replayed));
  CHECK_FALSE(b.next(replayed));  // the last step
  CHECK(b.current() == 7);
  CHECK(replayed.left()->state().status() == SearchStatus::Found);
  b.goTo(100, replayed);
  CHECK(b.current() == b.stepCount() - 1);
}
