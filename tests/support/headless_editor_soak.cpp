// headless_editor_soak.cpp: the soak driver of headless_editor_soak.hpp.
#include "support/headless_editor_soak.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <random>
#include <sstream>

#include <time.h>

#include "editor/canvas/camera.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/methods/registry.hpp"

namespace polypath::test {

namespace fs = std::filesystem;
using namespace polypath::editor;

namespace {

using Clock = std::chrono::steady_clock;

/// Keys the stream presses (with a random Ctrl / Shift): the tool keys, editing and
/// search keys, the shortcuts' letters and what a number field takes.
constexpr std::array kKeys{
    SDL_SCANCODE_V, SDL_SCANCODE_A, SDL_SCANCODE_H, SDL_SCANCODE_P, SDL_SCANCODE_DELETE, SDL_SCANCODE_BACKSPACE,
    SDL_SCANCODE_ESCAPE, SDL_SCANCODE_RETURN, SDL_SCANCODE_SPACE, SDL_SCANCODE_F, SDL_SCANCODE_G, SDL_SCANCODE_LEFT,
    SDL_SCANCODE_RIGHT, SDL_SCANCODE_UP, SDL_SCANCODE_DOWN, SDL_SCANCODE_PAGEUP, SDL_SCANCODE_PAGEDOWN, SDL_SCANCODE_F1,
    SDL_SCANCODE_TAB, SDL_SCANCODE_Z, SDL_SCANCODE_Y, SDL_SCANCODE_S, SDL_SCANCODE_N, SDL_SCANCODE_HOME,
    SDL_SCANCODE_END, SDL_SCANCODE_1, SDL_SCANCODE_5, SDL_SCANCODE_0, SDL_SCANCODE_MINUS, SDL_SCANCODE_PERIOD};
/// Modifier states of the keys pressed.
constexpr Uint16 kNoMod = KMOD_NONE;
constexpr Uint16 kCtrl = KMOD_LCTRL;
constexpr Uint16 kShift = KMOD_LSHIFT;
constexpr Uint16 kCtrlShift = KMOD_LCTRL | KMOD_LSHIFT;
/// Methods (with options) the stream switches to.
constexpr std::array kMethods{"visibility", "polyanya", "centre", "portal", "grid:1", "grid:0.5", "grid:3"};
/// Agent radii and corner offsets the stream sets, world units.
constexpr std::array kRadii{0.0, 0.0, 0.25, 0.5, 1.0, 2.5};
constexpr std::array kOffsets{0.0, 0.1, 0.5};
/// Named widgets never clicked: text fields that hold a path.
constexpr std::array kUnsafeWidgets{"export name"};

/// CPU time this thread has used, seconds.
double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

/// Index of the first byte where a and b differ (their common length when one is a prefix).
std::size_t firstDifference(const std::string& a, const std::string& b) {
  const auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  return static_cast<std::size_t>(ia - a.begin());
}

class Soak {
 public:
  Soak(HeadlessEditor& editor, const SoakOptions& options)
      : app_(*editor.app), o_(options), rng_(options.seed) {
    for (std::size_t i = 0; i < o_.maps.size(); ++i) {
      const fs::path copy = o_.folder / ("map-" + std::to_string(i) + ".json");
      saveMap(loadMap(o_.maps[i]), copy);
      files_.push_back(copy);
    }
    generation_ = app_.scene().documentGeneration();
    baseline();
  }

  SoakReport run() {
    for (index_ = 0; index_ < o_.actions && !failed(); ++index_) {
      if (index_ > 0 && index_ % o_.episode_actions == 0) checkEpisode();
      if (failed()) break;
      act();
      report_.actions = index_ + 1;
    }
    if (!failed()) checkEpisode();
    return report_;
  }

 private:
  // [SECTION] Frames and failures

  bool failed() const { return !report_.failure.empty(); }

  void fail(const std::string& what) {
    if (failed()) return;
    std::ostringstream out;
    out << "soak seed " << o_.seed << ", action " << index_ << " (" << action_ << "): " << what
        << " (replay: POLYPATH_SOAK_SEED=" << o_.seed << " POLYPATH_SOAK_EVENTS=" << index_ + 1 << ")";
    report_.failure = out.str();
  }

  // One App::frame(), timed; a new document starts a new baseline.
  void frame() {
    if (failed()) return;
    const auto t0 = Clock::now();
    const double cpu0 = cpuSeconds();
    app_.frame();
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const double cpu = cpuSeconds() - cpu0;
    ++report_.frames;
    if (seconds > report_.slowest_frame) {
      report_.slowest_frame = seconds;
      report_.slowest_action = action_;
    }
    // Over the bound in wall time but not in this thread's CPU time: the machine held the
    // test up (other processes), not the editor; a hang (a loop) takes the CPU time too.
    if (seconds > o_.max_frame_seconds && cpu <= o_.max_frame_seconds / 2) ++report_.stalled_frames;
    if (seconds > o_.max_frame_seconds && cpu > o_.max_frame_seconds / 2) {
      std::ostringstream what;
      what << "a frame took " << seconds << " s (" << cpu << " s of CPU time; bound " << o_.max_frame_seconds
           << " s): a hang";
      fail(what.str());
    }
    // Quitting (a window close answered "Quit") ends nothing here: the stream goes on.
    app_.ui().quit = false;
    app_.ui().discard_changes = false;
    if (app_.scene().documentGeneration() != generation_) {
      generation_ = app_.scene().documentGeneration();
      baseline();
    }
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) frame();
  }

  // The opening document of the history: the document right after it was loaded.
  void baseline() {
    const History& h = app_.scene().history();
    opening_known_ = h.position() == 0;
    if (opening_known_) opening_ = serializeMap(h.current());
  }

  // [SECTION] Random choices

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  bool chance(double p) { return real(0.0, 1.0) < p; }
  template <class Array>
  auto pick(const Array& a) -> decltype(a[0]) {
    return a[static_cast<std::size_t>(uniform(0, static_cast<int>(a.size()) - 1))];
  }

  // A canvas pixel: most often near a vertex, the start or the goal, else anywhere.
  ScreenPos canvasPoint() {
    const ScreenRect canvas = canvasRect(app_.width(), app_.height());
    const MapDocument& doc = app_.scene().document();
    std::vector<Point> handles;
    for (const auto& polygon : doc.polygons) {
      handles.insert(handles.end(), polygon.outer.begin(), polygon.outer.end());
      for (const auto& hole : polygon.holes) handles.insert(handles.end(), hole.begin(), hole.end());
    }
    if (doc.start) handles.push_back(*doc.start);
    if (doc.goal) handles.push_back(*doc.goal);
    ScreenPos s{real(canvas.x, canvas.x + canvas.w - 1), real(canvas.y, canvas.y + canvas.h - 1)};
    if (!handles.empty() && chance(0.6)) {
      s = app_.camera().toScreen(pick(handles));
      s.x += real(-4, 4);
      s.y += real(-4, 4);
    }
    s.x = std::clamp(std::round(s.x), canvas.x, canvas.x + canvas.w - 1);
    s.y = std::clamp(std::round(s.y), canvas.y, canvas.y + canvas.h - 1);
    return s;
  }

  // [SECTION] Events

  Uint32 windowId() const { return SDL_GetWindowID(app_.window()); }
  void push(SDL_Event e) {
    SDL_PushEvent(&e);
    frame();
  }
  void motion(ScreenPos p) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = windowId();
    e.motion.x = static_cast<int>(p.x);
    e.motion.y = static_cast<int>(p.y);
    push(e);
  }
  void button(bool down, ScreenPos p, Uint8 which, Uint8 clicks = 1) {
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.windowID = windowId();
    e.button.button = which;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = clicks;
    e.button.x = static_cast<int>(p.x);
    e.button.y = static_cast<int>(p.y);
    push(e);
  }
  void click(ScreenPos p, Uint8 which = SDL_BUTTON_LEFT, Uint8 clicks = 1) {
    motion(p);
    button(true, p, which, clicks);
    button(false, p, which, clicks);
  }
  void key(SDL_Scancode code, Uint16 mod) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.windowID = windowId();
    e.key.keysym.scancode = code;
    e.key.keysym.sym = SDL_GetKeyFromScancode(code);
    e.key.keysym.mod = mod;
    e.key.state = SDL_PRESSED;
    push(e);
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    push(e);
  }
  // Clicks the centre of a named widget of the last frame; false when there is none.
  bool clickWidget(const std::string& name) {
    const auto& rects = app_.ui().widget_rects;
    const auto it = rects.find(name);
    if (it == rects.end()) return false;
    const ScreenRect r = it->second;
    click({std::round(r.x + r.w / 2), std::round(r.y + r.h / 2)});
    return true;
  }

  // [SECTION] Actions

  // Every action starts with the file fields pointing into the soak folder.
  void guardPaths() {
    UiState& ui = app_.ui();
    ui.path_text = chance(0.5) && !files_.empty() ? pick(files_).string()
                                                  : (o_.folder / ("saved-" + std::to_string(uniform(0, 3)) + ".json")).string();
    ui.export_name = (o_.folder / "export").string();
    // A file dialog the last action opened (a random click on Open, Save As...) closes
    // unanswered: random keys must not write files outside the soak folder.
    ui.recent_folders = {o_.folder};
    if (ui.file_dialog.isOpen() && !clickWidget("dialog Cancel")) key(SDL_SCANCODE_ESCAPE, kNoMod);
  }

  void act() {
    guardPaths();
    const int kind = uniform(0, 99);
    if (kind < 14) return canvasClick();
    if (kind < 26) return canvasDrag();
    if (kind < 30) return wheel();
    if (kind < 42) return randomKey();
    if (kind < 46) return typeText();
    if (kind < 62) return widgetClick();
    if (kind < 64) return toolChange();
    if (kind < 72) return undoRedo();
    if (kind < 75) return methodChange();
    if (kind < 79) return clearanceChange();
    if (kind < 84) return tabChange();
    if (kind < 87) return saveAs();
    if (kind < 90) return openMap();
    if (kind < 92) return newMap();
    if (kind < 94) return openLesson();
    if (kind < 96) return exportPng();
    return compareStep();
  }

  void canvasClick() {
    const ScreenPos p = canvasPoint();
    const Uint8 which = chance(0.75) ? SDL_BUTTON_LEFT : SDL_BUTTON_RIGHT;
    const Uint8 clicks = chance(0.2) ? 2 : 1;
    describe("click", which, p, clicks);
    click(p, which, clicks);
  }
  void canvasDrag() {
    const ScreenPos from = canvasPoint();
    const ScreenPos to = canvasPoint();
    const Uint8 which = chance(0.8) ? SDL_BUTTON_LEFT : (chance(0.5) ? SDL_BUTTON_MIDDLE : SDL_BUTTON_RIGHT);
    const int steps = uniform(1, 6);
    std::ostringstream d;
    d << "drag button " << int(which) << " from " << from.x << "," << from.y << " to " << to.x << "," << to.y
      << " in " << steps << " steps";
    action_ = d.str();
    motion(from);
    button(true, from, which);
    for (int i = 1; i <= steps; ++i)
      motion({std::round(from.x + (to.x - from.x) * i / steps), std::round(from.y + (to.y - from.y) * i / steps)});
    button(false, to, which);
  }
  void wheel() {
    const ScreenPos p = canvasPoint();
    const int amount = pick(std::array{-3, -1, 1, 2});
    action_ = "wheel " + std::to_string(amount) + " at " + std::to_string(int(p.x)) + "," + std::to_string(int(p.y));
    motion(p);
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.windowID = windowId();
    e.wheel.y = amount;
    e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    push(e);
  }
  void randomKey() {
    const SDL_Scancode code = pick(kKeys);
    const int m = uniform(0, 9);
    const Uint16 mod = m < 6 ? kNoMod : m < 8 ? kCtrl : m < 9 ? kShift : kCtrlShift;
    action_ = std::string("key ") + ((mod & KMOD_CTRL) ? "Ctrl+" : "") + ((mod & KMOD_SHIFT) ? "Shift+" : "") +
              SDL_GetScancodeName(code);
    key(code, mod);
  }
  void typeText() {
    static constexpr char kChars[] = "0123456789.-e ";
    std::string text;
    for (int i = uniform(1, 4); i > 0; --i) text += kChars[uniform(0, static_cast<int>(sizeof kChars) - 2)];
    action_ = "type \"" + text + "\"";
    SDL_Event e{};
    e.type = SDL_TEXTINPUT;
    e.text.windowID = windowId();
    std::snprintf(e.text.text, sizeof e.text.text, "%s", text.c_str());
    push(e);
  }
  void widgetClick() {
    std::vector<std::string> names;
    for (const auto& [name, rect] : app_.ui().widget_rects)
      if (std::find(kUnsafeWidgets.begin(), kUnsafeWidgets.end(), name) == kUnsafeWidgets.end() && rect.w > 0 &&
          rect.h > 0)
        names.push_back(name);
    if (names.empty()) return canvasClick();
    const std::string name = pick(names);
    action_ = "click widget \"" + name + "\"";
    clickWidget(name);
  }
  void toolChange() {
    const Tool tool = pick(std::array{Tool::Select, Tool::AddVertex, Tool::DrawHole, Tool::DrawPolygon});
    action_ = std::string("tool ") + toolName(tool);
    app_.tools().setTool(tool);
    frame();
  }
  void undoRedo() {
    const int which = uniform(0, 3);
    action_ = which < 2 ? "key Ctrl+Z" : which == 2 ? "key Ctrl+Y" : "key Ctrl+Shift+Z";
    key(which == 2 ? SDL_SCANCODE_Y : SDL_SCANCODE_Z, which < 3 ? kCtrl : kCtrlShift);
  }
  void methodChange() {
    MethodSettings settings;
    const std::string text = pick(kMethods);
    parseMethodSettings(text, settings);
    action_ = "method " + text;
    app_.scene().setMethod(settings);
    frame();
  }
  void clearanceChange() {
    const int which = uniform(0, 2);
    if (which == 0) {
      const double r = pick(kRadii);
      action_ = "clearance " + std::to_string(r);
      app_.scene().setClearance(r);
      app_.scene().closeMerge();
    } else if (which == 1) {
      const double offset = pick(kOffsets);
      action_ = "corner offset " + std::to_string(offset);
      app_.scene().setCornerOffset(offset);
    } else {
      action_ = "snap to the walkable region";
      app_.scene().setSnapToWalkable(!app_.scene().snapToWalkable());
    }
    frame();
  }
  void tabChange() {
    const PanelTab tab = pick(std::array{PanelTab::Layers, PanelTab::Search, PanelTab::Compare, PanelTab::Map,
                                         PanelTab::History, PanelTab::Problems, PanelTab::Lessons, PanelTab::Help});
    action_ = "tab " + std::to_string(static_cast<int>(tab));
    app_.ui().tab_request = tab;
    frames(2);
  }
  void saveAs() {
    action_ = "Save As " + app_.ui().path_text;
    key(SDL_SCANCODE_S, kCtrlShift);
    frame();
    key(SDL_SCANCODE_RETURN, kNoMod);  // the dialog proposes path_text
    if (app_.ui().file_dialog.overwriteQuestion()) clickWidget("dialog Overwrite");
  }
  // The actions that replace the document check the episode first.
  void openMap() {
    if (files_.empty()) return newMap();
    checkEpisode();
    const fs::path file = pick(files_);
    action_ = "open " + file.string();
    app_.ui().open_request = file;  // asks first when there are unsaved changes
    frames(2);
  }
  void newMap() {
    checkEpisode();
    action_ = "key Ctrl+N";
    key(SDL_SCANCODE_N, kCtrl);
  }
  void openLesson() {
    if (o_.lessons.empty()) return newMap();
    checkEpisode();
    const fs::path file = pick(o_.lessons);
    action_ = "lesson " + file.filename().string();
    app_.ui().lesson_request = file;
    frames(2);
  }
  void exportPng() {
    const bool sequence = chance(0.3);
    action_ = sequence ? "export a PNG sequence of 5 steps" : "export a PNG";
    if (sequence)
      app_.ui().exports.requestSequence(o_.folder / "sequence", 5, chance(0.5));
    else
      app_.ui().exports.requestPng(o_.folder / "export.png", chance(0.5));
    frames(8);
  }
  void compareStep() {
    action_ = "Compare tab and its buttons";
    app_.ui().tab_request = PanelTab::Compare;
    frames(2);
    for (int i = uniform(1, 4); i > 0; --i) clickWidget(pick(std::array{"cmp Step", "cmp Run", "cmp Back", "cmp End", "cmp Reset"}));
  }

  void describe(const char* what, Uint8 which, ScreenPos p, Uint8 clicks) {
    std::ostringstream d;
    d << what << " button " << int(which) << (clicks == 2 ? " double" : "") << " at " << p.x << "," << p.y;
    action_ = d.str();
  }

  // [SECTION] Undo to the start

  // Answers an open question with Cancel and leaves any text field and ring being drawn
  // (Escape), so that nothing the interface holds becomes an edit during the check.
  void settle() {
    UiState& ui = app_.ui();
    if (ui.new_request || ui.open_request || ui.lesson_request) {
      if (!clickWidget("Cancel")) {
        ui.new_request = false;
        ui.open_request.reset();
        ui.lesson_request.reset();
      }
    }
    key(SDL_SCANCODE_ESCAPE, kNoMod);
    frames(2);
  }

  // Undoes every command (the opening document must come back byte for byte), then redoes
  // as many (the last document must come back byte for byte).
  void checkEpisode() {
    if (failed()) return;
    const std::string saved_action = action_;
    action_ = "undo to the start";
    settle();
    Scene& scene = app_.scene();
    const std::string last = serializeMap(scene.document());
    const std::size_t commands = scene.history().position();
    std::size_t undone = 0;
    while (scene.undo()) ++undone;
    frames(2);
    if (failed()) return;
    if (undone != commands || scene.history().position() != 0)
      return fail("undo stopped at position " + std::to_string(scene.history().position()) + " after " +
                  std::to_string(undone) + " of " + std::to_string(commands) + " commands");
    const std::string first = serializeMap(scene.document());
    if (opening_known_ && first != opening_)
      return fail("undoing " + std::to_string(undone) +
                  " commands did not give the opening document back: first difference at byte " +
                  std::to_string(firstDifference(first, opening_)) + "\nopening:  " + opening_ + "\nundone:   " + first);
    action_ = "redo to the end";
    std::size_t redone = 0;
    while (redone < undone && scene.redo()) ++redone;  // commands undone before stay undone
    frames(2);
    if (failed()) return;
    const std::string again = serializeMap(scene.document());
    if (redone != undone || again != last)
      return fail("redoing " + std::to_string(redone) + " of " + std::to_string(undone) +
                  " commands did not give the last document back: first difference at byte " +
                  std::to_string(firstDifference(again, last)));
    if (opening_known_) ++report_.episodes;
    report_.undone += undone;
    action_ = saved_action;
  }

  App& app_;
  const SoakOptions& o_;
  std::mt19937_64 rng_;
  SoakReport report_;
  int index_ = 0;
  std::string action_ = "start";
  std::vector<fs::path> files_;
  std::uint64_t generation_ = 0;
  std::string opening_;
  bool opening_known_ = false;
};

}  // namespace

SoakReport runSoak(HeadlessEditor& editor, const SoakOptions& options) { return Soak(editor, options).run(); }

}  // namespace polypath::test
