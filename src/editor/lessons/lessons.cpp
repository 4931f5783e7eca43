// lessons.cpp: the lesson list and LessonSession: the editor's LessonTarget over the
// Scene, the debugger's timeline and the view options.
#include "editor/lessons/lessons.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <span>
#include <system_error>

#include "polypath/debug/breakpoints.hpp"
#include "editor/app/command_line.hpp"
#include "editor/panels/panels.hpp"
#include "lessons/lesson_check.hpp"
#include "lessons/lesson_crowd.hpp"

namespace polypath::editor {

namespace fs = std::filesystem;

// [SECTION] Lesson files

std::vector<LessonEntry> listLessons(const fs::path& folder) {
  std::vector<LessonEntry> out;
  std::error_code ec;
  fs::directory_iterator it(folder, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() != ".json") continue;
    LessonEntry e;
    e.file = it->path();
    e.title = it->path().filename().string();
    try {
      const Lesson lesson = loadLesson(e.file);
      e.title = lesson.title;
      e.summary = lesson.summary;
      e.steps = static_cast<int>(lesson.steps.size());
    } catch (const std::exception& x) {
      e.error = x.what();
    }
    out.push_back(std::move(e));
  }
  std::sort(out.begin(), out.end(), [](const LessonEntry& a, const LessonEntry& b) { return a.file < b.file; });
  return out;
}

std::string lessonStepError(const fs::path& lesson, int step) {
  try {
    const int count = static_cast<int>(loadLesson(lesson).steps.size());
    if (step <= count) return "";
    return "--lesson-step " + std::to_string(step) + ": " + lesson.string() + " has " + std::to_string(count) +
           (count == 1 ? " step (1)" : " steps (1.." + std::to_string(count) + ")");
  } catch (const std::exception&) {
    return "";
  }
}

std::optional<fs::path> findLessonsFolder(const fs::path& executable_dir) {
  for (const fs::path& map : defaultMapCandidates(executable_dir)) {
    std::error_code ec;
    const fs::path folder = map.parent_path() / "lessons";
    if (fs::is_directory(folder, ec)) return folder;
  }
  return std::nullopt;
}

// [SECTION] LessonTarget over the editor

namespace {

/// The editor's method for a lesson's method name: a registered method by its name, where
/// the lesson format's "navmesh" is triangle A* with portal-midpoint nodes (the lessons
/// teach the corridor and the funnel); "grid" rasterizes at cell size 1; "finley" (a CLI
/// reference method) is shown as the visibility graph, with a note (updateNotes).
MethodSettings lessonMethod(const std::string& name) {
  MethodSettings m;
  if (!parseMethodSettings(name == "navmesh" ? "portal" : name, m)) m = MethodSettings{};
  return m;
}

/// What a lesson drives in the editor: the document's start, goal and corner offset and
/// the search options (configure), the debugger's timeline (seek, run, runUntil), the
/// canvas layers and the node inspector.
class EditorTarget final : public LessonTarget {
 public:
  EditorTarget(const Lesson& lesson, Scene& scene, UiState& ui) : lesson_(lesson), scene_(scene), ui_(ui) {}

  void configure(const LessonSettings& s, const std::optional<LessonSettings>& compare) override {
    if (!scene_.dirty()) {
      // Nothing to lose: the lesson's map with these settings, as a document of no file.
      MapDocument want = lesson_.map;
      want.start = s.start;
      want.goal = s.goal;
      want.settings.corner_offset = s.corner_offset;
      if (!(scene_.document() == want) || scene_.file()) scene_.setDocument(std::move(want));
    } else {
      // The user edited the lesson's map: keep the edits, change only what the lesson sets.
      const MapDocument& d = scene_.document();
      if (d.start != s.start) scene_.setStart(s.start);
      if (d.goal != s.goal) scene_.setGoal(s.goal);
      if (d.settings.corner_offset != s.corner_offset) scene_.setCornerOffset(s.corner_offset);
    }
    scene_.setSearchOptions(s.search);
    scene_.setMethod(lessonMethod(s.method));
    // A second search goes to the Compare view, stepped together with the first.
    if (compare) {
      ui_.compare.setups = {CompareSetup{lessonMethod(s.method), s.search},
                            CompareSetup{lessonMethod(compare->method), compare->search}};
      ui_.compare.sync(scene_);
      ui_.tab_request = PanelTab::Compare;
    } else if (ui_.tab == PanelTab::Compare) {
      ui_.tab_request = PanelTab::Lessons;
    }
    seek(0);
  }
  void seek(int k) override {
    ui_.debugger.seek(scene_, std::max(0, k));
    if (SearchComparison* c = comparing()) c->seek(std::max(0, k));
  }
  int position() const override { return SearchDebugger::position(scene_); }
  void run() override {
    if (SearchTimeline* t = ui_.debugger.sync(scene_)) ui_.debugger.seek(scene_, t->count());
    if (SearchComparison* c = comparing()) c->toEnd();
  }
  void runUntil(const LessonAction& a) override {
    SearchTimeline* t = ui_.debugger.sync(scene_);
    if (!t) return;
    const SearchState& s = scene_.search()->state();
    const Breakpoint bp[] = {a.breakpoint(s.start(), s.goal())};
    polypath::runUntil(*t, std::span<const Breakpoint>(bp));
    scene_.showSearch(t->search());
  }
  void setLayers(std::uint32_t layers) override { ui_.layers = layers; }
  void inspect(const LessonNode& node) override {
    if (const Search* search = scene_.search()) {
      const SearchState& s = search->state();
      ui_.debugger.inspected = node.resolve(s.start(), s.goal());
    }
  }

 private:
  /// The Compare view's comparison while this step compares (configure opened it).
  SearchComparison* comparing() {
    if (ui_.tab_request != PanelTab::Compare && ui_.tab != PanelTab::Compare) return nullptr;
    ui_.compare.sync(scene_);
    return ui_.compare.comparison();
  }

  const Lesson& lesson_;
  Scene& scene_;
  UiState& ui_;
};

}  // namespace

// [SECTION] LessonSession

namespace {
std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}
}  // namespace

bool LessonSession::open(const fs::path& file, Scene& scene, UiState& ui, std::string* error) {
  std::unique_ptr<Lesson> lesson;
  try {
    lesson = std::make_unique<Lesson>(loadLesson(file));
  } catch (const std::exception& x) {
    if (error) *error = x.what();
    return false;
  }
  // Crowd numbers: placeholders that do not parse are refused now; the runs (one per
  // steering mode cited, a second or two) go to a worker thread, and until they are done
  // the captions show "..." where the numbers will be. checkLesson then sees that text.
  std::vector<std::string> problems;
  bool cites_crowd = false;
  for (std::size_t i = 0; i < lesson->steps.size(); ++i) {
    std::string& caption = lesson->steps[i].caption;
    const std::vector<CrowdPlaceholder> found = findCrowdPlaceholders(caption);
    for (const CrowdPlaceholder& p : found)
      if (p.steer.empty())
        problems.push_back(file.string() + ": /steps/" + std::to_string(i) + "/caption: '" +
                           caption.substr(p.offset, p.size) + "' is not of the form {crowd.STEER.FIELD}");
    cites_crowd = cites_crowd || !found.empty();
  }
  std::future<std::pair<std::vector<std::string>, Lesson>> job;
  if (problems.empty() && cites_crowd) {
    job = std::async(std::launch::async, [copy = *lesson]() mutable {
      std::vector<std::string> run_problems = fillCrowdCaptions(copy);
      return std::make_pair(std::move(run_problems), std::move(copy));
    });
    for (LessonStep& step : lesson->steps) {
      const std::vector<CrowdPlaceholder> found = findCrowdPlaceholders(step.caption);
      for (auto p = found.rbegin(); p != found.rend(); ++p) step.caption.replace(p->offset, p->size, "...");
    }
  }
  if (problems.empty()) problems = checkLesson(*lesson);
  if (!problems.empty()) {
    if (error) {
      *error = problems.front();
      if (problems.size() > 1) *error += " (and " + std::to_string(problems.size() - 1) + " more)";
    }
    return false;
  }
  if (lesson->steps.empty()) {
    if (error) *error = file.string() + ": the lesson has no steps";
    return false;
  }
  const bool was_active = active();
  if (crowd_job_.valid()) abandoned_jobs_.push_back(std::move(crowd_job_));
  crowd_job_ = std::move(job);
  lesson_ = std::move(lesson);
  player_ = std::make_unique<LessonPlayer>(*lesson_);
  file_ = file;
  if (!was_active) user_layers_ = ui.layers;
  // A fresh document for the lesson: unsaved work was asked about before (drawModals).
  scene.setDocument(MapDocument{});
  goTo(0, scene, ui);
  return true;
}

void LessonSession::close(UiState& ui) {
  if (!active()) return;
  if (crowd_job_.valid()) abandoned_jobs_.push_back(std::move(crowd_job_));  // ends on its own
  player_.reset();
  lesson_.reset();
  file_.clear();
  notes_.clear();
  ui.layers = user_layers_;
}

void LessonSession::goTo(int i, Scene& scene, UiState& ui) {
  if (!active()) return;
  EditorTarget target(*lesson_, scene, ui);
  player_->goTo(i, target);
  moved(scene, ui);
}

bool LessonSession::next(Scene& scene, UiState& ui) {
  if (!active()) return false;
  EditorTarget target(*lesson_, scene, ui);
  const bool moved_on = player_->next(target);
  moved(scene, ui);
  return moved_on;
}

bool LessonSession::back(Scene& scene, UiState& ui) {
  if (!active()) return false;
  EditorTarget target(*lesson_, scene, ui);
  const bool moved_back = player_->back(target);
  moved(scene, ui);
  return moved_back;
}

namespace {
/// The Compare view's position while the Compare tab shows (or is about to show) its
/// comparison, else 0.
int comparePosition(const UiState& ui) {
  const bool shown = ui.tab_request ? *ui.tab_request == PanelTab::Compare : ui.tab == PanelTab::Compare;
  const SearchComparison* c = shown ? ui.compare.comparison() : nullptr;
  return c ? c->position() : 0;
}
}  // namespace

void stepShown(Scene& scene, UiState& ui) {
  ui.debugger.forward(scene);
  if (ui.tab == PanelTab::Compare && ui.compare.comparison()) ui.compare.step();
}

void stepBackShown(Scene& scene, UiState& ui) {
  ui.debugger.back(scene);
  if (ui.tab == PanelTab::Compare)
    if (SearchComparison* c = ui.compare.comparison()) {
      ui.compare.pause();
      c->back();
    }
}

void LessonSession::moved(Scene& scene, const UiState& ui) {
  lesson_position_ = SearchDebugger::position(scene);
  compare_position_ = comparePosition(ui);
  lesson_generation_ = scene.documentGeneration();
  updateNotes();
}

void LessonSession::updateNotes() {
  notes_.clear();
  const LessonSettings& s = player_->settings();
  if (s.method == "finley")
    notes_.push_back("This step searches with the finley method (a command-line reference); the editor shows "
                     "the visibility graph's search instead.");
  if (const auto c = player_->compareSettings()) {
    std::vector<std::string> what;
    if (c->method != s.method) what.push_back("method " + c->method);
    if (c->search.heuristic != s.search.heuristic) what.push_back(std::string("heuristic ") + heuristicName(c->search.heuristic));
    if (c->search.weight != s.search.weight) what.push_back("weight " + number(c->search.weight));
    if (c->search.tie_break != s.search.tie_break) what.push_back("another tie-break");
    if (c->corner_offset != s.corner_offset) what.push_back("corner offset " + number(c->corner_offset));
    std::string list;
    for (const std::string& w : what) list += (list.empty() ? "" : ", ") + w;
    notes_.push_back("The Compare tab shows this search (left) beside a second one (right: " +
                     (list.empty() ? std::string("the same settings") : list) + "), stepped together.");
  }
}

void LessonSession::takeCrowdNumbers() {
  if (!crowd_job_.valid() || crowd_job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  auto [problems, measured] = crowd_job_.get();
  for (std::size_t i = 0; i < lesson_->steps.size() && i < measured.steps.size(); ++i)
    if (problems.empty()) lesson_->steps[i].caption = measured.steps[i].caption;
  updateNotes();
  for (const std::string& p : problems) notes_.push_back("The crowd numbers could not be measured: " + p);
}

void LessonSession::afterFrame(Scene& scene, UiState& ui) {
  std::erase_if(abandoned_jobs_, [](const auto& job) {
    return job.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  });
  if (!active()) return;
  takeCrowdNumbers();
  if (scene.documentGeneration() != lesson_generation_) {
    // Another map was opened (or a new one started, or work recovered): the lesson is over.
    close(ui);
    return;
  }
  const int position = SearchDebugger::position(scene);
  const int compare_position = comparePosition(ui);
  if (ui.exports.busy()) {  // a PNG sequence moves the search: not the audience pressing Step
    lesson_position_ = position;
    compare_position_ = compare_position;
    return;
  }
  // Steps forward of the search or of the panes (both stepped together: counted once).
  const int stepped = std::max({0, position - lesson_position_, compare_position - compare_position_});
  lesson_position_ = position;
  compare_position_ = compare_position;
  if (stepped > 0 && player_->promptRemaining() > 0) {
    for (int k = 0; k < stepped; ++k)
      if (player_->userStepped()) {
        // The prompt is satisfied: on to the next lesson step, from the state the
        // audience stepped to.
        next(scene, ui);
        return;
      }
  }
}

}  // namespace polypath::editor
