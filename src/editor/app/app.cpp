// app.cpp: window, loop, canvas input, rendering and screenshots.
//
// [SECTION] Image and PNG
// [SECTION] Start and stop
// [SECTION] Autosave and recovery
// [SECTION] Events and mouse
// [SECTION] Frame
// [SECTION] Canvas input
// [SECTION] Banner
// [SECTION] Rendering
#include "editor/app/app.hpp"
#include "editor/panels/file_actions.hpp"
#include "editor/compare/compare_panel.hpp"

#include <algorithm>
#include <numbers>
#include <cfloat>
#include <limits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include "editor/debugger/debugger_panel.hpp"
#include "editor/crowd/crowd_panel.hpp"
#include "editor/exports/exports.hpp"
#include "editor/exports/slide.hpp"
#include "editor/lessons/lessons_panel.hpp"
#include "editor/tilegrid/grid_modals.hpp"
#include "editor/document/initial_endpoints.hpp"
#include "editor/canvas/grid_snap.hpp"
#include "editor/canvas/label_thinning.hpp"
#include "editor/canvas/sdl_draw.hpp"
#include "imgui.h"
#include "imgui_impl_sdl.h"
#include "imgui_impl_sdlrenderer.h"
#include "polypath/geom/map_validation.hpp"

namespace polypath::editor {

namespace {

// Canvas colours (dark palette; SdlDebugDraw draws them in the theme's).
constexpr Color kGridColor = palette::kGrid.dark;
constexpr Color kEditedOutline = palette::kEditedOutline.dark;  // the edited rings, when they are not what is built
constexpr Color kLabel = palette::kLabel.dark;
constexpr Color kLabelPlate = palette::kLabelPlate.dark;

// Index into the mouse arrays (left, right, middle), or -1.
int buttonIndex(Uint8 button) {
  switch (button) {
    case SDL_BUTTON_LEFT: return 0;
    case SDL_BUTTON_RIGHT: return 1;
    case SDL_BUTTON_MIDDLE: return 2;
    default: return -1;
  }
}

// "polygon 0, hole 2, vertex 5" / "polygon 1, outer ring" (RingLocation::describe): the
// vertex or ring. Only for problems that carry no structured place: the scene reports a
// GeometryError from building the map with its description as `where` and nothing else.
std::optional<Handle> handleOfDescription(const std::string& where) {
  int p = -1, h = -1, v = -1;
  if (std::sscanf(where.c_str(), "polygon %d, hole %d, vertex %d", &p, &h, &v) == 3) return Handle{Handle::Kind::Vertex, p, h, v};
  if (std::sscanf(where.c_str(), "polygon %d, outer ring, vertex %d", &p, &v) == 2) return Handle{Handle::Kind::Vertex, p, -1, v};
  if (std::sscanf(where.c_str(), "polygon %d, hole %d", &p, &h) == 2) return Handle{Handle::Kind::Vertex, p, h, -1};
  if (std::sscanf(where.c_str(), "polygon %d", &p) == 1) return Handle{Handle::Kind::Vertex, p, -1, -1};
  return std::nullopt;
}

// The vertex (vertex >= 0) or ring (vertex -1) a problem is about, from its structured
// place (MapProblem::place: a polygon as a whole is its outer ring); for a problem
// without one, from the description in its `where`.
std::optional<Handle> problemHandle(const MapProblem& p) {
  if (p.place.polygon >= 0) return Handle{Handle::Kind::Vertex, p.place.polygon, p.place.hole, p.place.vertex};
  return handleOfDescription(p.where);
}

// The ring a handle with a polygon and hole names; null when the document has none.
const Ring* ringOf(const MapDocument& doc, const Handle& h) {
  if (h.polygon < 0 || h.polygon >= static_cast<int>(doc.polygons.size())) return nullptr;
  const Polygon& poly = doc.polygons[static_cast<std::size_t>(h.polygon)];
  if (h.hole < 0) return &poly.outer;
  if (h.hole >= static_cast<int>(poly.holes.size())) return nullptr;
  return &poly.holes[static_cast<std::size_t>(h.hole)];
}

// "polygon 0, hole 1, vertex 3" or "polygon 0, outer ring" for a problem with a place;
// else its `where` as it is.
std::string placeOf(const MapProblem& p) {
  const RingLocation& at = p.place;
  if (at.polygon < 0) return p.where;
  if (at.vertex >= 0) return describeHandle(Handle{Handle::Kind::Vertex, at.polygon, at.hole, at.vertex});
  return "polygon " + std::to_string(at.polygon) + (at.hole < 0 ? std::string(", outer ring") : ", hole " + std::to_string(at.hole));
}

}  // namespace

// [SECTION] Image and PNG

Color Image::at(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height) return {0, 0, 0, 0};
  const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return {rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
}

bool writePng(const Image& image, const std::filesystem::path& file, std::string* error) {
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4) {
    if (error) *error = "no image to write";
    return false;
  }
  // Atomically (temporary file, rename): a failed write never leaves half a picture.
  const std::string png = encodePng(image);
  if (png.empty()) {
    if (error) *error = "cannot encode " + file.string() + " as PNG";
    return false;
  }
  return writeFileAtomically(png, file, error);
}

// [SECTION] Start and stop

App::App(AppOptions options) : options_(std::move(options)) {
  if (options_.screenshot || options_.screenshot_sequence || options_.svg || options_.bench_drag > 0 ||
      options_.bench_pan > 0) {
    options_.headless = true;
    options_.autosave = false;     // a screenshot never edits
    options_.preferences = false;  // and looks the same for everyone
  }
}

void App::loadPreferencesAtStart() {
  if (!options_.preferences) return;
  prefs_file_ = defaultPreferencesFile();
  if (!prefs_file_) return;
  std::string message;
  const Preferences p = loadPreferences(*prefs_file_, &message);
  copySharedPreferences(ui_, p);
  if (!options_.size_given) {
    options_.width = p.window_width;
    options_.height = p.window_height;
  }
  saved_prefs_ = p;
  if (!message.empty()) setStatus(ui_, message, true);
}

Preferences App::currentPreferences() const {
  Preferences p;
  copySharedPreferences(p, ui_);
  p.window_width = std::clamp(width(), 64, 16384);
  p.window_height = std::clamp(height(), 64, 16384);
  return p;
}

void App::savePreferencesIfChanged() {
  if (!prefs_file_) return;
  const Preferences p = currentPreferences();
  if (p == saved_prefs_) return;
  std::string error;
  if (!savePreferences(p, *prefs_file_, &error)) setStatus(ui_, "Preferences not saved: " + error, true);
  saved_prefs_ = p;  // do not retry every frame
}

App::~App() {
  if (imgui_started_) {
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
  }
  if (renderer_) SDL_DestroyRenderer(renderer_);
  if (window_) SDL_DestroyWindow(window_);
  if (sdl_started_) SDL_Quit();
}

void App::loadInitialDocument() {
  std::optional<std::filesystem::path> file = options_.map;
  if (!file) {
    file = findDefaultMap(executableDir());
    if (!file) {
      load_error_ = std::string("default map ") + kDefaultMapName + " not found next to the executable or in the "
                    "source tree; type the path of a map and press Open (or drop a map on the window)";
      scene_.setDocument(MapDocument{});
      scene_.setFileProblem("default map", load_error_);
      setStatus(ui_, load_error_, true);
      return;
    }
  }
  ui_.path_text = file->string();
  std::string error;
  if (isGridFile(*file)) {
    if (openGridFile(grid_, ui_, *file, &error)) return;
    load_error_ = error;
    return;
  }
  if (openDocument(scene_, ui_, *file, &error)) return;
  load_error_ = error;
  scene_.setDocument(MapDocument{});  // keeps the file problem openFile recorded
}

bool App::init(std::string* error) {
  auto fail = [&](const std::string& message, bool no_display) {
    // Outside headless mode, SDL or the window failing almost always means no display.
    no_display_ = no_display && !options_.headless;
    if (error) *error = no_display_ ? std::string(kNoDisplayMessage) + "\n(SDL: " + message + ")" : message;
    return false;
  };
  if (options_.headless) {
    // The offscreen driver needs no display; the software renderer can be read back.
    setenv("SDL_VIDEODRIVER", "offscreen", 1);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
    // Present into the driver's own memory framebuffer: otherwise SDL uploads every
    // frame through an OpenGL context (llvmpipe), which nobody sees and which cost
    // about a third of a headless frame's CPU time (bench-drag). Pixels are the same.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
  }
  // Closing the window sends SDL_WINDOWEVENT_CLOSE only (the editor asks about unsaved
  // changes); SDL_QUIT then only comes from SIGTERM / SIGINT and quits at once.
  SDL_SetHint(SDL_HINT_QUIT_ON_LAST_WINDOW_CLOSE, "0");
  loadPreferencesAtStart();
  if (options_.theme) {  // as choosing it in the View section: the canvas background follows
    ui_.theme = *options_.theme;
    ui_.background = palette::kBackground.in(ui_.theme);
  }
  if (options_.ui_scale) ui_.ui_scale = *options_.ui_scale;
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0)
    return fail(std::string("cannot start SDL: ") + SDL_GetError(), true);
  sdl_started_ = true;
  if (!options_.headless) {
    // Without a display SDL falls back to drivers that show nothing: the editor would
    // run invisibly forever.
    const char* driver = SDL_GetCurrentVideoDriver();
    if (!driver || std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0)
      return fail(std::string("only the ") + (driver ? driver : "no") + " video driver is available", true);
  }
  window_ = SDL_CreateWindow("polypath-editor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options_.width,
                             options_.height, SDL_WINDOW_RESIZABLE);
  if (!window_) return fail(std::string("cannot open a window: ") + SDL_GetError(), true);
  if (!options_.renderer.empty()) {
    int index = -1;
    for (int i = 0; i < SDL_GetNumRenderDrivers(); ++i) {
      SDL_RendererInfo info{};
      if (SDL_GetRenderDriverInfo(i, &info) == 0 && info.name && options_.renderer == info.name) index = i;
    }
    if (index < 0) return fail("no SDL render driver named " + options_.renderer, false);
    renderer_ = SDL_CreateRenderer(window_, index, 0);
    if (!renderer_)
      return fail("cannot create the " + options_.renderer + " renderer: " + SDL_GetError(), false);
  }
  if (!renderer_ && !options_.headless)
    renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (!renderer_) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
  if (!renderer_) return fail(std::string("cannot create a renderer: ") + SDL_GetError(), false);

  loadInitialDocument();
  if (const std::string e = applyInitialEndpoints(options_, grid_, scene_); !e.empty()) {
    if (load_error_.empty()) load_error_ = e;
    setStatus(ui_, e, true);
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // panels are docked at fixed places; nothing to remember
  appearance_.update(ui_.theme, ui_.ui_scale, window_, false);  // fonts, style (appearance.hpp)
  ImGui_ImplSDL2_InitForSDLRenderer(window_);
  ImGui_ImplSDLRenderer_Init(renderer_);
  imgui_started_ = true;
  SDL_EventState(SDL_DROPFILE, SDL_ENABLE);

  if (options_.lesson) {  // the lesson's map replaces the document
    ui_.lesson_request = options_.lesson;
    if (openRequestedLesson(scene_, ui_))
      ui_.lessons.goTo(options_.lesson_step - 1, scene_, ui_);
    else
      load_error_ = ui_.status;
  }
  applyStartOptions(options_, scene_, ui_);  // --method, --funnel-step, --compare (compare_panel.hpp)
  if (options_.headless) scene_.waitForBuilds();  // pictures and benchmarks show the built graph
  ui_.export_scale = static_cast<float>(options_.scale);  // --scale, --legend, --caption (exports/slide.hpp)
  ui_.export_legend = options_.legend;
  ui_.export_caption = options_.caption;
  const int presses = options_.screenshot_sequence ? 0 : options_.steps;  // a sequence's frames
  for (int i = 0; i < presses; ++i) grid_.active() ? grid_.step() : scene_.step();
  last_autosave_ = std::chrono::steady_clock::now();
  if (options_.autosave) offerRecovery();
  updateTitle();
  return true;
}

// [SECTION] Autosave and recovery

void App::offerRecovery() {
  recovery_file_ = defaultRecoveryFile();
  if (!recovery_file_) return;
  std::string error;
  recovery_offer_ = findRecovery(*recovery_file_, grid_.active() ? grid_.file() : scene_.file(), &error);
  if (!error.empty()) {
    setStatus(ui_, "The recovery file " + recovery_file_->string() + " cannot be read (" + error +
                       "); it is left as it is and will be replaced by the next autosave.",
              true);
    return;
  }
  if (!recovery_offer_) return;
  ui_.recovery_prompt = "Recover unsaved work from " + recovery_offer_->when + "?\n\n" +
                        (recovery_offer_->original ? "It was edited from " + recovery_offer_->original->string() + "."
                                                   : std::string("It was an untitled map.")) +
                        "\nRecover opens it with unsaved changes; Discard deletes it.";
}

void App::handleRecoveryAnswer() {
  const RecoveryAnswer answer = ui_.recovery_answer;
  ui_.recovery_answer = RecoveryAnswer::None;
  if (answer == RecoveryAnswer::None || !recovery_offer_ || !recovery_file_) return;
  if (answer == RecoveryAnswer::Recover) {
    const std::string when = recovery_offer_->when;
    if (Grid* grid = std::get_if<Grid>(&recovery_offer_->doc)) {
      grid_.recover(std::move(*grid), recovery_offer_->original);
    } else {
      grid_.close();
      scene_.setDocument(std::move(std::get<MapDocument>(recovery_offer_->doc)), recovery_offer_->original, true);
      scene_.setFileProblem("", "");
    }
    ui_.path_text = recovery_offer_->original ? recovery_offer_->original->string() : std::string();
    ui_.hovered = ui_.dragged = Handle{};
    recovery_owned_ = true;  // kept until the work is saved or discarded
    autosaved_edits_ = editCount();
    setStatus(ui_, "Recovered the unsaved work from " + when + ": save it to keep it.", false);
  } else {
    removeRecovery(*recovery_file_);
    setStatus(ui_, "Discarded the unsaved work of the last session.", false);
  }
  recovery_offer_.reset();
}

bool App::autosaveNow() {
  if (!recovery_file_ || !unsavedWork()) return false;
  last_autosave_ = std::chrono::steady_clock::now();
  autosaved_edits_ = editCount();
  std::string error;
  if (autosavesGrid() ? !writeRecovery(grid_.grid(), grid_.file(), *recovery_file_, &error)
                      : !writeRecovery(scene_.document(), scene_.file(), *recovery_file_, &error)) {
    if (!autosave_failed_) setStatus(ui_, "Autosave failed: " + error, true);
    autosave_failed_ = true;
    return false;
  }
  autosave_failed_ = false;
  recovery_owned_ = true;
  return true;
}

void App::autosaveTick() {
  if (!recovery_file_) return;
  // Saved or discarded (Save, or another map opened after "Discard changes"): the
  // recovery file is not needed any more.
  if (recovery_owned_ && !unsavedWork()) {
    removeRecovery(*recovery_file_);
    recovery_owned_ = false;
  }
  // Not while the recovery question is open (that would overwrite what it offers) and
  // not in the middle of a drag.
  if (!unsavedWork() || !ui_.recovery_prompt.empty() || recovery_offer_ || ui_.dragged || grid_.stroking()) return;
  const std::uint64_t edits = editCount() - autosaved_edits_;
  if (edits == 0) return;
  const double since = std::chrono::duration<double>(std::chrono::steady_clock::now() - last_autosave_).count();
  if (edits >= kAutosaveEdits || since >= kAutosaveSeconds) autosaveNow();
}

int App::width() const {
  int w = options_.width, h = options_.height;
  if (window_) SDL_GetWindowSize(window_, &w, &h);
  return w;
}

int App::height() const {
  int w = options_.width, h = options_.height;
  if (window_) SDL_GetWindowSize(window_, &w, &h);
  return h;
}

bool App::animating() const {
  return scene_.running() || scene_.loadingMap() || scene_.buildingGraph() || grid_.running() || ui_.compare.running() || ui_.crowd.playing() || ui_.exports.busy() ||
         ui_.lessons.measuring();
}

int App::run() {
  // Without vsync (software renderer), cap the loop at about 60 frames per second.
  SDL_RendererInfo info{};
  const bool vsync = renderer_ && SDL_GetRendererInfo(renderer_, &info) == 0 &&
                     (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
  // Idle means asleep: when nothing animates and the frames that settle ImGui after the
  // last event are drawn, the loop waits for the next event. It wakes on its own only for
  // the text caret's blink (while a text field has focus) and the autosave timer.
  int settle_frames = kSettleFrames;
  while (!ui_.quit) {
    if (settle_frames <= 0 && !animating()) {
      const int timeout_ms = ImGui::GetIO().WantTextInput ? kCaretBlinkMs : kIdleWakeMs;
      SDL_WaitEventTimeout(nullptr, timeout_ms);
      settle_frames = 1;
    }
    const Uint64 t0 = SDL_GetTicks64();
    frame();
    settle_frames = events_in_frame_ > 0 ? kSettleFrames : settle_frames - 1;
    const Uint64 spent = SDL_GetTicks64() - t0;
    if (!vsync && spent < 16) SDL_Delay(static_cast<Uint32>(16 - spent));
  }
  if (ui_.discard_changes && recovery_file_ && recovery_owned_) removeRecovery(*recovery_file_);
  // Written at every exit (a broken file is replaced by a good one), not only on change.
  std::string error;
  if (prefs_file_ && !savePreferences(currentPreferences(), *prefs_file_, &error))
    std::fprintf(stderr, "polypath-editor: preferences not saved: %s\n", error.c_str());
  return 0;
}

namespace {

/// CPU time of the calling thread in milliseconds: a frame's cost to the window, not
/// counting the map builds running beside it on worker threads.
double windowThreadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return 1e3 * static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_nsec);
}

}  // namespace

int App::runBenchDrag() {
  const MapDocument& doc = scene_.document();
  const auto bounds = documentBounds(doc);
  Handle grab;
  double best = std::numeric_limits<double>::infinity();
  if (bounds) {
    const Point centre{(bounds->min.x + bounds->max.x) / 2, (bounds->min.y + bounds->max.y) / 2};
    for (std::size_t p = 0; p < doc.polygons.size(); ++p)
      for (int h = -1; h < static_cast<int>(doc.polygons[p].holes.size()); ++h)
        for (const Handle& v : ringHandles(doc, RingRef{static_cast<int>(p), h}))
          if (const double d = distance(*handlePosition(doc, v), centre); d < best) {
            best = d;
            grab = v;
          }
  }
  if (!grab) {
    std::fprintf(stderr, "polypath-editor: --bench-drag: the map has no vertex to drag\n");
    return 1;
  }
  const Point origin = *handlePosition(doc, grab);
  const Uint32 window = SDL_GetWindowID(window_);
  auto push = [&](Uint32 type, Point world) {
    const ScreenPos s = camera_.toScreen(world);
    SDL_Event e{};
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
      e.motion.windowID = window;
      e.motion.x = static_cast<int>(std::lround(s.x));
      e.motion.y = static_cast<int>(std::lround(s.y));
      e.motion.state = SDL_BUTTON_LMASK;
    } else {
      e.button.windowID = window;
      e.button.button = SDL_BUTTON_LEFT;
      e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
      e.button.clicks = 1;
      e.button.x = static_cast<int>(std::lround(s.x));
      e.button.y = static_cast<int>(std::lround(s.y));
    }
    SDL_PushEvent(&e);
  };
  for (int i = 0; i < 3; ++i) frame();  // layout
  // Zoomed in on the vertex (120 pixels per world unit) so a circle of a quarter unit,
  // small enough to keep a maze valid, moves the mouse by whole pixels every frame.
  const double scale = 120.0;
  const ScreenRect v = camera_.viewport();
  camera_ = Camera(v, origin - Point{v.w / 2 / scale, v.h / 2 / scale}, scale);
  push(SDL_MOUSEMOTION, origin);
  frame();
  push(SDL_MOUSEBUTTONDOWN, origin);
  frame();
  const std::size_t commands_before = scene_.history().size();
  std::vector<double> frame_ms, frame_cpu_ms, validate_ms, build_ms, graph_ms, query_ms;
  const double radius = 0.25;
  for (int i = 0; i < options_.bench_drag; ++i) {
    const double a = 2 * 3.14159265358979323846 * i / 60.0;
    push(SDL_MOUSEMOTION, origin + Point{radius * std::cos(a), radius * std::sin(a)});
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = windowThreadCpuMs();
    frame();
    frame_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    frame_cpu_ms.push_back(windowThreadCpuMs() - c0);
    validate_ms.push_back(scene_.stats().validate_ms);
    build_ms.push_back(scene_.stats().build_ms);
    graph_ms.push_back(scene_.stats().graph_ms);
    query_ms.push_back(scene_.stats().query_ms);
  }
  push(SDL_MOUSEBUTTONUP, origin);
  const bool worker = scene_.loadingMap();  // the drag was built on the worker
  const auto release0 = std::chrono::steady_clock::now();
  frame();  // the release runs the full validateMap (on a large map: starts the worker's last build)
  const double release_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - release0).count();
  auto percentile = [](std::vector<double> values, double q) {
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, static_cast<std::size_t>(q * static_cast<double>(values.size())))];
  };
  SDL_RendererInfo info{};
  SDL_GetRendererInfo(renderer_, &info);
  std::printf("bench-drag: %s, %zu vertices, %zu reflex nodes, %zu links; dragged %s\n", scene_.displayName().c_str(),
              scene_.stats().vertices, scene_.stats().reflex_nodes, scene_.stats().links, describeHandle(grab).c_str());
  std::printf("%d frames of %dx%d (%s renderer), one mouse motion each; the drag made %zu command(s)\n",
              options_.bench_drag, width(), height(), info.name ? info.name : "?",
              scene_.history().size() - commands_before);
  std::printf("frame ms: median %.2f  p90 %.2f  max %.2f; release frame %.2f (validateMap %.2f%s)\n",
              percentile(frame_ms, 0.5), percentile(frame_ms, 0.9), *std::max_element(frame_ms.begin(), frame_ms.end()),
              release_ms, scene_.stats().validate_ms, worker ? ", on the worker" : "");
  // CPU time of the window's thread: what a frame costs without the other jobs of a shared
  // machine, and without the map builds on worker threads.
  std::printf("frame CPU ms (window thread): median %.2f  p90 %.2f  max %.2f\n", percentile(frame_cpu_ms, 0.5),
              percentile(frame_cpu_ms, 0.9), *std::max_element(frame_cpu_ms.begin(), frame_cpu_ms.end()));
  std::printf("in each %s, ms (median / p90): validation %.2f / %.2f, build (PolygonMap + VisibilityGraph) "
              "%.2f / %.2f, of which the graph %.2f / %.2f, query %.2f / %.2f\n",
              worker ? "build installed from the worker (the frames only drew)" : "frame",
              percentile(validate_ms, 0.5), percentile(validate_ms, 0.9), percentile(build_ms, 0.5),
              percentile(build_ms, 0.9), percentile(graph_ms, 0.5), percentile(graph_ms, 0.9),
              percentile(query_ms, 0.5), percentile(query_ms, 0.9));
  return 0;
}

Camera App::centredView() const {
  Camera view = camera_;
  if (options_.centre) {
    const ScreenRect& v = view.viewport();
    const ScreenPos at = view.toScreen(*options_.centre);
    view.pan(v.x + v.w / 2.0 - at.x, v.y + v.h / 2.0 - at.y);
  }
  return view;
}

int App::runBenchPan() {
  for (int i = 0; i < 3; ++i) frame();  // layout; the camera fits the map
  const Camera fitted = centredView();
  const ScreenRect v = camera_.viewport();
  const ScreenPos centre{v.x + v.w / 2.0, v.y + v.h / 2.0};
  // Cycles of 60 frames, as a user looks around a map: zoom in 8x (--zoom) about the view's
  // centre over 20 frames, pan around a circle of a quarter of the view over 20, zoom back out.
  const double zoom = options_.zoom > 0 ? options_.zoom : 8.0;
  const double step_zoom = std::pow(zoom, 1.0 / 20.0);
  std::vector<double> frame_ms, frame_cpu_ms, pan_cpu_ms, zoom_cpu_ms;
  for (int i = 0; i < options_.bench_pan; ++i) {
    const int k = i % 60;
    if (k == 0) camera_ = fitted;
    if (k < 20) {
      camera_.zoomAt(centre, step_zoom);
    } else if (k < 40) {
      const double r = v.h / 4.0, a0 = 2 * std::numbers::pi * (k - 20) / 20.0,
                 a1 = 2 * std::numbers::pi * (k - 19) / 20.0;
      camera_.pan(r * (std::cos(a1) - std::cos(a0)), r * (std::sin(a1) - std::sin(a0)));
    } else {
      camera_.zoomAt(centre, 1.0 / step_zoom);
    }
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = windowThreadCpuMs();
    frame();
    frame_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    frame_cpu_ms.push_back(windowThreadCpuMs() - c0);
    (k >= 20 && k < 40 ? pan_cpu_ms : zoom_cpu_ms).push_back(frame_cpu_ms.back());
  }
  auto percentile = [](std::vector<double> values, double q) {
    if (values.empty()) return 0.0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, static_cast<std::size_t>(q * static_cast<double>(values.size())))];
  };
  SDL_RendererInfo info{};
  SDL_GetRendererInfo(renderer_, &info);
  std::printf("bench-pan: %s, %zu vertices, method %s (%s)\n", scene_.displayName().c_str(), scene_.stats().vertices,
              scene_.method().name.c_str(), scene_.stats().structure.c_str());
  std::printf("%d frames of %dx%d (%s renderer): zoom in %gx, pan a circle, zoom out, per 60 frames\n",
              options_.bench_pan, width(), height(), info.name ? info.name : "?", zoom);
  std::printf("frame ms: median %.2f  p90 %.2f  max %.2f\n", percentile(frame_ms, 0.5), percentile(frame_ms, 0.9),
              *std::max_element(frame_ms.begin(), frame_ms.end()));
  std::printf("frame CPU ms (window thread): median %.2f  p90 %.2f  max %.2f\n", percentile(frame_cpu_ms, 0.5),
              percentile(frame_cpu_ms, 0.9), *std::max_element(frame_cpu_ms.begin(), frame_cpu_ms.end()));
  std::printf("frame CPU ms by phase: zooming (%zu frames) median %.2f  p90 %.2f; panning at %gx (%zu frames) "
              "median %.2f  p90 %.2f\n",
              zoom_cpu_ms.size(), percentile(zoom_cpu_ms, 0.5), percentile(zoom_cpu_ms, 0.9), zoom, pan_cpu_ms.size(),
              percentile(pan_cpu_ms, 0.5), percentile(pan_cpu_ms, 0.9));
  return 0;
}

int App::runScreenshot() {
  for (int i = 0; i < 3; ++i) frame();  // let ImGui lay the panels out
  if (options_.zoom > 0 || options_.centre) {  // the fitted view, centred and zoomed as asked
    camera_ = centredView();
    const ScreenRect& v = camera_.viewport();
    camera_.zoomAt({v.x + v.w / 2.0, v.y + v.h / 2.0}, options_.zoom > 0 ? options_.zoom : 1.0);
  }
  Image image;
  frame(&image);
  if (options_.canvas_only) image = cropImage(image, canvasRect(width(), height(), appearance_.scale()));
  std::string error;
  if (!options_.screenshot || !writePng(image, *options_.screenshot, &error)) {
    std::fprintf(stderr, "polypath-editor: %s\n", error.empty() ? "no screenshot file given" : error.c_str());
    return 1;
  }
  return load_error_.empty() ? 0 : 2;
}

int App::runScreenshotSequence() {
  for (int i = 0; i < 3; ++i) frame();  // let ImGui lay the panels out
  if (!options_.screenshot_sequence) return 1;
  if (grid_.active()) return runGridSequence();  // grid_exports.cpp
  ui_.exports.requestSequence(*options_.screenshot_sequence, options_.steps > 0 ? options_.steps : -1,
                              options_.canvas_only);
  while (ui_.exports.busy()) frame();
  std::fprintf(ui_.status_error ? stderr : stdout, "polypath-editor: %s\n", ui_.status.c_str());
  if (ui_.status_error) return 1;
  return load_error_.empty() ? 0 : 2;
}

// [SECTION] Events and mouse

void App::handleEvent(const SDL_Event& e) {
  ImGui_ImplSDL2_ProcessEvent(&e);
  switch (e.type) {
    case SDL_QUIT:
      // SIGTERM or SIGINT (closing the window is SDL_WINDOWEVENT_CLOSE): quit now, keeping
      // unsaved work in the recovery file.
      grid_.endStroke();  // a wall stroke in progress is work too
      autosaveNow();
      ui_.quit = true;
      break;
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_CLOSE) ui_.quit_request = true;
      if (e.window.event == SDL_WINDOWEVENT_LEAVE) mouse_inside_ = false;
      break;
    case SDL_MOUSEMOTION:
      mouse_ = {static_cast<double>(e.motion.x), static_cast<double>(e.motion.y)};
      mouse_inside_ = true;
      break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
      mouse_ = {static_cast<double>(e.button.x), static_cast<double>(e.button.y)};
      mouse_inside_ = true;
      const int i = buttonIndex(e.button.button);
      if (i < 0) break;
      const bool down = e.type == SDL_MOUSEBUTTONDOWN;
      mouse_down_[i] = down;
      if (down && i == 0) double_click_ = e.button.clicks >= 2;
      if (down) mouse_pressed_[i] = true;
      break;
    }
    case SDL_KEYDOWN:
      if (e.key.keysym.scancode == SDL_SCANCODE_SPACE && !ImGui::GetIO().WantTextInput) space_down_ = true;
      handleShortcut(e.key);
      break;
    case SDL_KEYUP:
      if (e.key.keysym.scancode == SDL_SCANCODE_SPACE) space_down_ = false;
      break;
    case SDL_DROPFILE:
      if (e.drop.file) {
        ui_.open_request = std::filesystem::path(e.drop.file);
        SDL_free(e.drop.file);
      }
      break;
    default: break;
  }
}

void App::feedMouseToImGui() {
  // Replaces what the SDL backend read from SDL_GetMouseState: the state the events gave.
  ImGuiIO& io = ImGui::GetIO();
  const bool any_down = mouse_down_[0] || mouse_down_[1] || mouse_down_[2];
  io.MousePos = (mouse_inside_ || any_down) ? ImVec2(static_cast<float>(mouse_.x), static_cast<float>(mouse_.y))
                                            : ImVec2(-FLT_MAX, -FLT_MAX);
  for (int i = 0; i < 3; ++i) {
    // A press and release within one frame still counts as one frame held (a click).
    io.MouseDown[i] = mouse_down_[i] || mouse_pressed_[i];
    mouse_pressed_[i] = false;
  }
}

bool App::handleShortcut(const SDL_KeyboardEvent& key) {
  // A question is open (unsaved changes, recovery): its buttons answer, not the keys.
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return false;
  const SDL_Scancode code = key.keysym.scancode;
  const bool ctrl = (key.keysym.mod & KMOD_CTRL) != 0;
  const bool shift = (key.keysym.mod & KMOD_SHIFT) != 0;
  if (ctrl && code == SDL_SCANCODE_O) {
    askForFile(ui_, grid_.active() ? grid_.file() : scene_.file(), FilePurpose::Open);
    return true;
  }
  if (ctrl) {
    // Undo and redo work everywhere but in a text field (which has its own).
    if (ImGui::GetIO().WantTextInput && (code == SDL_SCANCODE_Z || code == SDL_SCANCODE_Y)) return false;
    if (grid_.active()) {
      if (code == SDL_SCANCODE_Z) shift ? grid_.redo() : grid_.undo();
      if (code == SDL_SCANCODE_Y) grid_.redo();
      if (code == SDL_SCANCODE_S && key.repeat == 0) saveGridFile(grid_, ui_, shift);
      if (code == SDL_SCANCODE_N) ui_.new_request = true;
      return code == SDL_SCANCODE_Z || code == SDL_SCANCODE_Y || code == SDL_SCANCODE_S || code == SDL_SCANCODE_N;
    }
    switch (code) {
      case SDL_SCANCODE_Z:
        shift ? scene_.redo() : scene_.undo();
        return true;
      case SDL_SCANCODE_Y: scene_.redo(); return true;
      case SDL_SCANCODE_S:
        if (key.repeat == 0) saveDocument(scene_, ui_, shift);
        return true;
      case SDL_SCANCODE_N: ui_.new_request = true; return true;
      case SDL_SCANCODE_A:
        if (ImGui::GetIO().WantTextInput) return false;
        {
          std::vector<Handle> all;
          for (std::size_t p = 0; p < scene_.document().polygons.size(); ++p)
            for (int h = -1; h < static_cast<int>(scene_.document().polygons[p].holes.size()); ++h) {
              const auto ring = ringHandles(scene_.document(), RingRef{static_cast<int>(p), h});
              all.insert(all.end(), ring.begin(), ring.end());
            }
          tools_.setSelection(std::move(all));
        }
        return true;
      default: return false;
    }
  }
  if (ImGui::GetIO().WantTextInput) return false;
  if (code == SDL_SCANCODE_F) {
    ui_.fit_requested = true;
    return true;
  }
  if (code == SDL_SCANCODE_G) {
    ui_.show_grid = !ui_.show_grid;
    return true;
  }
  if (code == SDL_SCANCODE_LEFT || code == SDL_SCANCODE_RIGHT) {
    // Step the search back / forward along the debugger's timeline (and the Compare
    // view's panes while they are shown: lessons.hpp).
    if (code == SDL_SCANCODE_LEFT)
      stepBackShown(scene_, ui_);
    else
      stepShown(scene_, ui_);
    return true;
  }
  if (code == SDL_SCANCODE_F1) {
    ui_.tab_request = PanelTab::Help;
    return true;
  }
  if (lessonKey(scene_, ui_, code)) return true;  // Page Down / Page Up: lesson Next / Back
  return tools_.key(scene_, code);
}

// [SECTION] Frame

void App::frame(Image* capture) {
  SDL_Event e;
  events_in_frame_ = 0;
  while (SDL_PollEvent(&e)) {
    handleEvent(e);
    ++events_in_frame_;
  }

  scene_.pollBuilds();  // a map or visibility graph finished on a worker thread
  if (scene_.notice() != shown_notice_) {  // a choice made for the user: say it once
    shown_notice_ = scene_.notice();
    if (!shown_notice_.empty()) setStatus(ui_, shown_notice_, false);
  }

  appearance_.update(ui_.theme, ui_.ui_scale, window_, true);  // the View section may have changed them
  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  feedMouseToImGui();
  ImGui::NewFrame();
  ui_.exports.beforeFrame(scene_, ui_.debugger, &ui_.crowd);  // a PNG sequence: this frame's expansion or crowd step

  scene_.update(ImGui::GetIO().DeltaTime);
  grid_.update(ImGui::GetIO().DeltaTime);
  if (ui_.tab == PanelTab::Crowd) ui_.crowd.update();  // Play: steps per frame (crowd_view.hpp)
  else ui_.crowd.pause();

  const int w = width(), h = height();
  const double ui_scale = appearance_.scale();
  const ScreenRect canvas_rect = canvasRect(w, h, ui_scale);
  const ScreenRect& current = camera_.viewport();
  if (current.x != canvas_rect.x || current.y != canvas_rect.y || current.w != canvas_rect.w ||
      current.h != canvas_rect.h)
    camera_.setViewport(canvas_rect);
  if (scene_.documentGeneration() != fitted_generation_ || ui_.fit_requested) {
    camera_ = ui_.lessons.active() ? lessonCamera(scene_.document(), canvas_rect) : initialCamera(scene_.document(), w, h, ui_scale);
    fitted_generation_ = scene_.documentGeneration();
    ui_.fit_requested = false;
  }
  if (grid_.active() && grid_.generation() != grid_fitted_) {
    camera_ = gridCamera(grid_.grid(), w, h, ui_scale);
    grid_fitted_ = grid_.generation();
  }

  tools_.setSnapStep(ui_.snap ? ui_.snap_step : 0.0);
  tools_.validate(scene_);
  if (grid_.active())
    drawGridPanel(grid_, grid_ui_, ui_, panelWidth(w, ui_scale), h);
  else
    drawPanels(scene_, ui_, tools_, panelWidth(w, ui_scale), h);
  canvas();
  // A picture of the canvas only never shows widgets: the lesson's caption strip gives
  // way to the slide text (exports/slide.hpp), which carries the lesson's caption.
  const bool canvas_picture = ui_.exports.capturingCanvasOnly() || (options_.screenshot && options_.canvas_only);
  if (!grid_.active() && !canvas_picture) drawLessonCaption(scene_, ui_, canvas_rect);
  std::optional<Camera> live_camera;  // the user's view, back after an exported frame fitted beside its text
  if (ui_.exports.capturing() || options_.screenshot || !sequence_label_.empty()) {
    ScreenRect area = canvas_rect;  // above the caption strip when it is in the picture
    if (!canvas_picture && !grid_.active() && ui_.lessons.active()) area.h -= lessonCaptionHeight(canvas_rect);
    SlideText text = exportSlideText(scene_, ui_, canvas_picture);
    if (grid_.active()) {  // the grid's layers, not the polygon scene's
      text.legend.clear();
      if (ui_.export_legend)
        text.legend = legendEntries([this](DebugDraw& dd, std::uint32_t layer) { grid_.draw(dd, layer); }, ui_.layers,
                                    grid_.start() >= 0, grid_.goal() >= 0);
      for (LegendEntry& entry : text.legend) entry.color = themed(entry.color, ui_.theme);
    }
    if (!sequence_label_.empty()) text.step = sequence_label_;
    const double scale = canvasScale(ui_, true, canvas_rect);
    // A map shown whole (the view fitted at opening) that the legend or the caption would
    // cover is fitted again into what they leave free; a view the user chose stays as it is.
    const SlideLayout layout = slideLayout(area, text, scale);
    const Camera fitted = grid_.active()            ? gridCamera(grid_.grid(), w, h, ui_scale)
                          : ui_.lessons.active()    ? lessonCamera(scene_.document(), canvas_rect)
                                                    : initialCamera(scene_.document(), w, h, ui_scale);
    const auto bounds = grid_.active() ? std::optional<PolygonMap::Bounds>(gridBounds(grid_.grid()))
                                       : documentBounds(scene_.document());
    auto covers = [&](const ScreenRect& r) {  // the text's box over the map's bounding box on screen
      if (!bounds || r.w <= 0 || r.h <= 0) return false;
      const ScreenPos a = camera_.toScreen(bounds->min), b = camera_.toScreen(bounds->max);
      return std::max(a.x, b.x) > r.x && std::min(a.x, b.x) < r.x + r.w && std::max(a.y, b.y) > r.y &&
             std::min(a.y, b.y) < r.y + r.h;
    };
    if (bounds && sameView(camera_, fitted) && (covers(layout.legend) || covers(layout.plate))) {
      live_camera = camera_;
      camera_ = fittedWithin(canvas_rect, layout.free, *bounds);
    }
    drawSlideText(ImGui::GetForegroundDrawList(), area, text, scale);
  }
  tools_.validate(scene_);
  if (std::string message = tools_.takeMessage(); !message.empty()) setStatus(ui_, message, true);
  if (!drawGridModals(grid_, grid_ui_, ui_)) drawModals(scene_, ui_);  // a .map opens as the grid
  fileDialogFrame();
  ui_.debugger.followInspected(scene_);
  ui_.lessons.afterFrame(scene_, ui_);
  handleRecoveryAnswer();
  handleBackgroundRequest();
  updateTitle();
  // The Compare tab synced in the panels, before the modals and the lesson could replace
  // the document: its searches point into the scene's graph, so sync again before drawing.
  if (ui_.tab == PanelTab::Compare) ui_.compare.sync(scene_);
  if (ui_.tab == PanelTab::Crowd) ui_.crowd.sync(scene_);
  // Exports (exports.hpp) capture the frame like a screenshot.
  Image export_image;
  const bool exporting = ui_.exports.capturing();
  Image* target = capture ? capture : exporting ? &export_image : nullptr;
  render(target);
  if (live_camera) camera_ = *live_camera;
  if (exporting) ui_.exports.afterRender(*target, canvas_rect);
  bool export_error = false;
  if (const auto message = ui_.exports.takeMessage(&export_error)) setStatus(ui_, *message, export_error);
  if (options_.autosave) autosaveTick();
  savePreferencesIfChanged();
}

void App::updateTitle() {
  if (!window_) return;
  const std::string title = grid_.active() ? grid_.displayName() + (grid_.dirty() ? "*" : "") + " - polypath-editor"
                                           : scene_.titleName() + (scene_.dirty() ? "*" : "") + " - polypath-editor";
  if (title != title_) {
    title_ = title;
    SDL_SetWindowTitle(window_, title_.c_str());
  }
}

// [SECTION] Canvas input

void App::canvas() {
  const ScreenRect r = canvasRect(width(), height(), appearance_.scale());
  ImGui::SetNextWindowPos(ImVec2(static_cast<float>(r.x), static_cast<float>(r.y)), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(r.w), static_cast<float>(r.h)), ImGuiCond_Always);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("##canvas", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoNav);
  ImGui::PopStyleVar();
  ImGui::InvisibleButton("canvas", ImVec2(static_cast<float>(r.w), static_cast<float>(r.h)),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const bool activated = ImGui::IsItemActivated();
  const ImGuiIO& io = ImGui::GetIO();
  const ScreenPos mouse{io.MousePos.x, io.MousePos.y};
  const Point world = camera_.toWorld(mouse);
  const bool moved = io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f;

  // Space + left drag, middle drag and right drag pan; the wheel zooms around the cursor.
  const bool space_pan = space_down_ && !tools_.dragged();
  if (active && moved &&
      (ImGui::IsMouseDown(ImGuiMouseButton_Right) || ImGui::IsMouseDown(ImGuiMouseButton_Middle) ||
       (space_pan && ImGui::IsMouseDown(ImGuiMouseButton_Left))))
    camera_.pan(io.MouseDelta.x, io.MouseDelta.y);
  if (hovered && io.MouseWheel != 0.0f) camera_.zoomAt(mouse, std::pow(1.2, static_cast<double>(io.MouseWheel)));

  // Left button: the tools (select, drag, insert, box select, draw).
  CanvasInput in;
  in.mouse = mouse;
  in.hovered = hovered;
  in.pressed = activated && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !space_pan;
  in.double_clicked = in.pressed && double_click_;
  in.down = active && ImGui::IsMouseDown(ImGuiMouseButton_Left);
  in.released = !in.down;
  in.shift = io.KeyShift;
  if (grid_.active()) {
    gridMouse(grid_, grid_ui_, camera_, in);
    ImGui::End();
    return;
  }
  if (ui_.tab == PanelTab::Compare || (ui_.tab == PanelTab::Crowd && ui_.crowd.sides() == 2) ||
      (ui_.tab == PanelTab::Crowd && crowdCanvasMouse(ui_, camera_, in))) {  // a comparison, or a crowd area drawn
    ImGui::End();
    return;
  }
  // Alt + click (or a click while picking a breakpoint node) goes to the debugger.
  if (in.pressed && (io.KeyAlt || ui_.debugger.picking_breakpoint_node)) {
    ui_.debugger.clickNode(SearchDebugger::nodeAt(scene_, camera_, mouse, kHitRadius));
    if (ui_.debugger.inspected != kNoNode) ui_.tab_request = PanelTab::Search;
    in.pressed = in.double_clicked = false;
  }
  tools_.mouse(scene_, camera_, in);
  ui_.dragged = tools_.dragged();
  ui_.hovered = (hovered && !ui_.dragged && tools_.tool() != Tool::DrawHole && tools_.tool() != Tool::DrawPolygon)
                    ? pickHandle(scene_.document(), camera_, mouse)
                    : Handle{};

  // Tooltips: the handle under the mouse, or a searched node (the node inspector).
  const Handle shown = ui_.dragged ? ui_.dragged : ui_.hovered;
  if (shown) {
    if (const auto p = handlePosition(scene_.document(), shown))
      ImGui::SetTooltip("%s\n(%.4g, %.4g)", describeHandle(shown).c_str(), p->x, p->y);
  } else if (hovered && scene_.search()) {
    // Any method's search graph: visibility nodes, Polyanya nodes, triangles, cells.
    const NodeId best = SearchDebugger::nodeAt(scene_, camera_, mouse, kHitRadius);
    if (best != kNoNode) {
      const Point p = scene_.search()->graph()->position(best);
      const SearchState* st = scene_.searchState();
      const NodeRecord* rec = st && scene_.stepping() ? &st->record(best) : nullptr;
      if (rec && rec->status != NodeStatus::Unseen)
        ImGui::SetTooltip("node %d (%s) at (%.4g, %.4g)\ng %.4f  h %.4f  f %.4f\nparent %d", best,
                          rec->status == NodeStatus::Open ? "open" : "closed", p.x, p.y, rec->g, rec->h, rec->f,
                          rec->parent);
      else
        ImGui::SetTooltip("node %d at (%.4g, %.4g)", best, p.x, p.y);
    }
  }

  if (hovered && !shown) drawNodeLabel(scene_, camera_, mouse);

  // Text on the canvas margins.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float left = static_cast<float>(r.x + 10), bottom = static_cast<float>(r.y + r.h - 22);
  float coords_width = 0.0f;
  const Color hc = palette::kHint.in(ui_.theme);
  const ImU32 hint = IM_COL32(hc.r, hc.g, hc.b, hc.a);
  char coords[96] = "";
  if (hovered && std::isfinite(world.x) && std::isfinite(world.y)) {
    std::snprintf(coords, sizeof coords, "x %.6g  y %.6g", world.x, world.y);
    coords_width = ImGui::CalcTextSize(coords).x;
    dl->AddText(ImVec2(static_cast<float>(r.x + r.w) - coords_width - 10, bottom),
                hint, coords);
  }
  const std::string tool_hint = std::string(toolName(tools_.tool())) + ": " + tools_.hint();
  const char* view_hint = "wheel: zoom   middle/right/Space drag: pan   F: fit   F1: help";
  const float line = ImGui::GetTextLineHeightWithSpacing();
  // Not in exported pictures and canvas-only screenshots (slides): only the map and search.
  const bool hints = !ui_.exports.busy() && !options_.canvas_only;
  for (const char* text : {tool_hint.c_str(), view_hint}) {
    if (!hints) break;
    const float room = static_cast<float>(r.w) - (text == view_hint ? coords_width : 0.0f) - 30.0f;
    if (ImGui::CalcTextSize(text).x <= room)
      dl->AddText(ImVec2(left, text == view_hint ? bottom : bottom - line), hint, text);
  }
  updateBanner();
  drawBanner(r);
  ImGui::End();
}

// [SECTION] Banner

void App::updateBanner() {
  std::vector<BannerLine>& lines = ui_.banner;
  lines.clear();
  const MapDocument& doc = scene_.document();
  const std::vector<MapProblem> problems = scene_.problems();
  auto isEndpoint = [](const MapProblem& p) {
    return p.where.rfind("/start", 0) == 0 || p.where.rfind("/goal", 0) == 0 || p.where == "query";
  };
  const MapProblem* first_map_error = nullptr;
  std::size_t map_errors = 0;
  for (const MapProblem& p : problems)
    if (p.severity == MapProblem::Severity::Error && !isEndpoint(p)) {
      if (!first_map_error) first_map_error = &p;
      ++map_errors;
    }
  auto describe = [](const MapProblem& p) {
    const std::string place = placeOf(p);
    return place.empty() ? p.what : place + ": " + p.what;
  };
  const std::string more =
      map_errors > 1 ? " (" + std::to_string(map_errors - 1) + " more in the Problems tab)" : std::string();

  if (!scene_.polygonMap() && scene_.loadingMap()) return;  // the search summary says it is opening
  if (!scene_.polygonMap()) {
    if (doc.polygons.empty() && first_map_error && first_map_error->where.rfind("/polygons", 0) != 0)
      lines.push_back({"No map: " + describe(*first_map_error), true});
    else if (doc.polygons.empty())
      lines.push_back({"No map. Open a map file (Open, Ctrl+O, or drop one on the window).", true});
    else
      lines.push_back({"The map is invalid: " + (first_map_error ? describe(*first_map_error) : std::string("see Problems")) +
                           more,
                       true});
    if (!doc.polygons.empty())
      lines.push_back({"Fix the places marked in red: drag them, or type coordinates in the Map tab.", false});
    return;
  }
  if (!scene_.mapIsCurrent()) {
    lines.push_back({"The edited map is invalid: " + (first_map_error ? describe(*first_map_error) : std::string("see Problems")) +
                         more,
                     true});
    lines.push_back({"Showing the last valid map and path, greyed; the edited rings are outlined.", false});
  }
  const char* fix = scene_.snapToWalkable() ? "" : " (or turn on Snap start/goal in the Map tab)";
  for (const std::string* why : {&scene_.startProblem(), &scene_.goalProblem()})
    if (!why->empty()) lines.push_back({*why + ": drag it into the walkable region" + fix + ".", true});
  if (!doc.start) lines.push_back({"No start: add one in the Map tab.", false});
  if (!doc.goal) lines.push_back({"No goal: add one in the Map tab.", false});
  if (scene_.snappedStart()) lines.push_back({"The start is outside the walkable region: the search starts from the nearest walkable point (dashed line).", false});
  if (scene_.snappedGoal()) lines.push_back({"The goal is outside the walkable region: the search ends at the nearest walkable point (dashed line).", false});
  if (scene_.query()) {
    const SceneStats& st = scene_.stats();
    const bool no_path = scene_.stepping() ? st.status == SearchStatus::NoPath : !scene_.resultPath().found;
    if (no_path)
      lines.push_back({scene_.separateAreas() ? "No path: start and goal are in separate areas."
                                              : "No path from start to goal.",
                       true});
  }
}

void App::drawBanner(const ScreenRect& r) const {
  if (ui_.banner.empty()) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = 8.0f;
  const float wrap = static_cast<float>(std::clamp(r.w - 20 - 2 * pad, 60.0, 640.0));
  const float x = static_cast<float>(r.x) + 10.0f;
  float y = static_cast<float>(r.y) + 10.0f;
  // Measure, then draw a plate behind every line so the text reads over any map.
  float width = 0.0f, height = 0.0f;
  std::vector<ImVec2> sizes;
  for (const BannerLine& line : ui_.banner) {
    const ImVec2 sz = ImGui::CalcTextSize(line.text.c_str(), nullptr, false, wrap);
    sizes.push_back(sz);
    width = std::max(width, sz.x);
    height += sz.y + 3.0f;
  }
  const bool any_error = std::any_of(ui_.banner.begin(), ui_.banner.end(), [](const BannerLine& l) { return l.error; });
  const Color edge = any_error ? kProblemColor : kWarningColor;
  dl->AddRectFilled(ImVec2(x, y), ImVec2(x + width + 2 * pad, y + height + 2 * pad - 3.0f), IM_COL32(12, 13, 18, 235),
                    4.0f);
  dl->AddRect(ImVec2(x, y), ImVec2(x + width + 2 * pad, y + height + 2 * pad - 3.0f), IM_COL32(edge.r, edge.g, edge.b, 255),
              4.0f, 0, 1.5f);
  y += pad;
  for (std::size_t i = 0; i < ui_.banner.size(); ++i) {
    const BannerLine& line = ui_.banner[i];
    const ImU32 col = line.error ? IM_COL32(255, 125, 115, 255) : IM_COL32(255, 205, 110, 255);
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(x + pad, y), col, line.text.c_str(), nullptr, wrap);
    y += sizes[i].y + 3.0f;
  }
}

// [SECTION] Rendering

void App::drawGrid(SdlDebugDraw& dd) const {
  // The rule of grid_snap.hpp: with snapping on, every line is a snap position.
  const double step = gridStep(camera_.scale(), ui_.snap ? ui_.snap_step : 0.0);
  const ScreenRect& v = camera_.viewport();
  const Point a = camera_.toWorld({v.x, v.y}), b = camera_.toWorld({v.x + v.w, v.y + v.h});
  if (!std::isfinite(step) || !(step > 0) || !isFinite(a) || !isFinite(b)) return;
  // The lines of one axis: k = first..first+count-1 at k * step. Skipped when there would
  // be too many, or when the coordinates are so large that neighbouring lines cannot be
  // told apart in double precision (x + step == x: the old loop never ended there).
  struct Axis {
    double first = 0;
    int count = 0;
  };
  auto axis = [step](double lo, double hi) -> std::optional<Axis> {
    const double first = std::ceil(lo / step), last = std::floor(hi / step);
    if (!std::isfinite(first) || !std::isfinite(last)) return std::nullopt;
    const double count = last - first + 1;
    if (!(count >= 0) || count > kMaxGridLines) return std::nullopt;
    const double magnitude = std::max(std::abs(lo), std::abs(hi));
    if (magnitude + step == magnitude || magnitude / step > 1e12) return std::nullopt;
    return Axis{first, static_cast<int>(count)};
  };
  const auto xs = axis(a.x, b.x), ys = axis(a.y, b.y);
  if (!xs || !ys) return;
  for (int k = 0; k < xs->count; ++k) {
    const double x = (xs->first + k) * step;
    dd.line({x, a.y}, {x, b.y}, kGridColor, 1.0f);
  }
  for (int k = 0; k < ys->count; ++k) {
    const double y = (ys->first + k) * step;
    dd.line({a.x, y}, {b.x, y}, kGridColor, 1.0f);
  }
}

void App::handleBackgroundRequest() {
  if (!ui_.background_request) return;
  const std::string image = std::move(*ui_.background_request);
  ui_.background_request.reset();
  BackgroundImage probe;
  if (!probe.load(renderer_, resolveBackgroundImage(image, scene_.file()))) {
    setStatus(ui_, probe.error(), true);
    return;
  }
  // Keep the placement of a picture already there; a first picture spans the map's width.
  BackgroundSettings b;
  if (const auto old = backgroundOf(scene_.document())) {
    b = *old;
  } else if (const auto bounds = documentBounds(scene_.document())) {
    b.offset = bounds->min;
    const double w = bounds->max.x - bounds->min.x;
    if (w > 0) b.scale = w / probe.width();
  }
  b.image = image;
  scene_.edit("Set background image", [&](MapDocument& d) {
    setBackground(d, b);
    return true;
  });
  setStatus(ui_, "Background image " + image + ": " + std::to_string(probe.width()) + " x " +
                     std::to_string(probe.height()) + " pixels.", false);
}

void App::drawBackgroundImage() {
  const auto b = backgroundOf(scene_.document());
  if (!b || b->image.empty()) {
    background_.clear();
    ui_.background_error.clear();
    return;
  }
  if (!background_.load(renderer_, resolveBackgroundImage(b->image, scene_.file()))) {
    ui_.background_error = background_.error();
    return;
  }
  ui_.background_error.clear();
  background_.draw(renderer_, camera_, *b);
}

void App::drawTools(SdlDebugDraw& dd) const {
  const MapDocument& doc = scene_.document();
  const ToolOverlay& o = tools_.overlay();
  // The edge a click would insert on, and where.
  if (o.hovered_edge && !ui_.dragged) {
    if (const Ring* ring = ringAt(doc, RingRef{o.hovered_edge->polygon, o.hovered_edge->hole}); ring && !ring->empty()) {
      const auto e = static_cast<std::size_t>(o.hovered_edge->edge);
      dd.line((*ring)[e], (*ring)[(e + 1) % ring->size()], kHoverEdgeColor, 4.0f);
      dd.circle(snapToGrid(o.hovered_edge->point, ui_.snap ? ui_.snap_step : 0.0), kHoverEdgeColor, 4.0f, 1.5f);
    }
  }
  // Selected vertices (start and goal get a ring).
  for (const Handle& h : tools_.selection()) {
    const auto p = handlePosition(doc, h);
    if (!p) continue;
    if (h.kind == Handle::Kind::Vertex) {
      dd.point(*p, kMarkerInk, 6.0f);
      dd.point(*p, kSelectionColor, 4.5f);
    } else {
      dd.circle(*p, kSelectionColor, kMarkerRadius + kMarkerOutline + 3.0f, 2.0f);
    }
  }
  // The ring being drawn: placed points, the edges between them, the next edge dashed.
  if (!o.drawing.empty()) {
    for (std::size_t i = 0; i + 1 < o.drawing.size(); ++i) dd.line(o.drawing[i], o.drawing[i + 1], kDrawingColor, 2.0f);
    if (o.drawing_cursor) {
      dd.dashedLine(o.drawing.back(), *o.drawing_cursor, kDrawingColor, 1.5f);
      if (o.drawing.size() >= 2) dd.dashedLine(*o.drawing_cursor, o.drawing.front(), kDrawingColor, 1.0f, 3.0f);
    }
    for (const Point& p : o.drawing) dd.point(p, kDrawingColor, 3.5f);
    dd.circle(o.drawing.front(), kDrawingColor, static_cast<float>(kHitRadius), 1.5f);  // click here to close
  }
  if (o.drawing_cursor) dd.circle(*o.drawing_cursor, kDrawingColor, 3.0f, 1.0f);
  // The selection box.
  if (o.box) {
    const Point a = o.box->first, b = o.box->second;
    const Point c{a.x, b.y}, d{b.x, a.y};
    for (auto [u, v] : {std::pair{a, c}, std::pair{c, b}, std::pair{b, d}, std::pair{d, a}})
      dd.dashedLine(u, v, kSelectionColor, 1.0f, 4.0f);
  }
}

void App::drawProblemMarks(SdlDebugDraw& dd) const {
  const MapDocument& doc = scene_.document();
  auto outlineRing = [&](const Ring& ring, Color c, float width) {
    for (std::size_t i = 0; i < ring.size(); ++i) dd.line(ring[i], ring[(i + 1) % ring.size()], c, width);
  };
  // The edited rings when they are not what is built (the map is invalid).
  if (!scene_.mapIsCurrent()) {
    for (const Polygon& poly : doc.polygons) {
      for (int r = -1; r < static_cast<int>(poly.holes.size()); ++r) {
        const Ring& ring = r < 0 ? poly.outer : poly.holes[static_cast<std::size_t>(r)];
        outlineRing(ring, kEditedOutline, 1.5f);
        for (const Point& p : ring) dd.point(p, kEditedOutline, 2.5f);
      }
    }
  }
  // Where each problem is: the ring (thick outline), the vertex (a ring around it) and
  // the point the message names (a crossing: an X in a circle).
  for (const MapProblem& p : scene_.problems()) {
    const Color c = p.severity == MapProblem::Severity::Error ? kProblemColor : kWarningColor;
    const std::optional<Handle> h = problemHandle(p);
    if (h && h->vertex < 0) {
      if (const Ring* ring = ringOf(doc, *h)) outlineRing(*ring, c, 3.0f);
    } else if (h) {
      if (const auto pos = handlePosition(doc, *h)) dd.circle(*pos, c, 10.0f, 2.0f);
    }
    // A start or goal problem's point is the marker itself: ringed below, no X.
    if (p.where.rfind("/start", 0) == 0 || p.where.rfind("/goal", 0) == 0) continue;
    if (const std::optional<Point>& at = p.point; at && isFinite(*at)) {
      const double s = 6.0 / camera_.scale();
      dd.line(*at + Point{-s, -s}, *at + Point{s, s}, c, 2.5f);
      dd.line(*at + Point{-s, s}, *at + Point{s, -s}, c, 2.5f);
      dd.circle(*at, c, 9.0f, 1.5f);
    }
  }
  // A start or goal that cannot be used: a red ring around its marker.
  const float ring_radius = kMarkerRadius + kMarkerOutline + 4.0f;
  if (!scene_.startProblem().empty() && doc.start) dd.circle(*doc.start, kProblemColor, ring_radius, 3.0f);
  if (!scene_.goalProblem().empty() && doc.goal) dd.circle(*doc.goal, kProblemColor, ring_radius, 3.0f);
}

void App::drawOverlays(SdlDebugDraw& dd) const {
  drawProblemMarks(dd);
  // The node the inspector shows (Search tab), ringed twice: dark under light.
  if (const auto p = ui_.debugger.inspectedPosition(scene_)) {
    dd.circle(*p, kLabelPlate, 11.0f, 4.0f);
    dd.circle(*p, kInspectedMark, 11.0f, 2.0f);
  }
  // Snapped start / goal: a dashed line from where the point is to where the search uses it.
  const MapDocument& doc = scene_.document();
  if (ui_.layers & LayerStartGoal) {
    if (scene_.snappedStart() && doc.start)
      dd.dashedLine(*doc.start, *scene_.snappedStart(), layerColor(LayerStartGoal), 1.5f);
    if (scene_.snappedGoal() && doc.goal) dd.dashedLine(*doc.goal, *scene_.snappedGoal(), kGoalColor, 1.5f);
  }
}

void App::drawLabels(SdlDebugDraw& dd) const {
  const MapDocument& doc = scene_.document();
  // Node numbers while stepping, to match the open set table, on plates so the lines
  // under them do not cross the digits.
  if (ui_.show_node_ids) {
    // Thinned to one number per cell of two text lines (label_thinning.hpp).
    const std::vector<CanvasLabel> labels = nodeNumberLabels(scene_);
    std::vector<Point> anchors;
    for (const CanvasLabel& l : labels) anchors.push_back(l.at);
    for (std::size_t i : thinLabels(anchors, camera_, 2.0 * canvasFontSize()))
      dd.label(labels[i].at, labels[i].text, kLabel, 8, 3, 0, 0, kLabelPlate);
  }
  if (ui_.layers & LayerStartGoal) {
    // Twice, one pixel apart: bold enough to read on the small disc.
    for (double dx : {0.0, 1.0}) {
      if (doc.start) dd.label(*doc.start, "S", kMarkerInk, dx, 0, 0.5, 0.5);
      if (doc.goal) dd.label(*doc.goal, "G", kMarkerInk, dx, 0, 0.5, 0.5);
    }
  }
}

void App::render(Image* capture) {
  SDL_RenderSetClipRect(renderer_, nullptr);
  SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_NONE);
  SDL_SetRenderDrawColor(renderer_, ui_.background.r, ui_.background.g, ui_.background.b, 255);
  SDL_RenderClear(renderer_);
  {
    SdlDebugDraw dd(renderer_, camera_, ImGui::GetBackgroundDrawList(), ui_.theme);
    const bool exported = ui_.exports.capturing() || options_.screenshot || options_.screenshot_sequence;
    dd.setScale(canvasScale(ui_, exported, camera_.viewport()));
    DrawStyle style;
    style.normal_length = 18.0 / camera_.scale();
    style.normal_min_edge = 8.0 / camera_.scale();  // normals of edges under 8 pixels: left out
    dd.min_detail = 3.0 / camera_.scale();          // mesh edges under 3 pixels: left out
    const std::uint32_t markers = LayerStartGoal;
    if (grid_.active()) {
      grid_.draw(dd, ui_.layers);
      if (ui_.show_grid) drawGrid(dd);
    } else if (ui_.tab == PanelTab::Compare && ui_.compare.comparison()) {
      drawCompareCanvas(renderer_, scene_, ui_.compare, camera_.viewport(), ui_.layers, ImGui::GetBackgroundDrawList(),
                        &ui_.widget_rects, ui_.theme, dd.scale());
    } else if (ui_.tab == PanelTab::Crowd && ui_.crowd.sides() == 2) {
      drawCrowdCompareCanvas(renderer_, scene_, ui_, camera_.viewport(), ui_.layers, ImGui::GetBackgroundDrawList(),
                             &ui_.widget_rects, dd.scale());
    } else {
    // Back to front: region, grid, background image, the scene, problems and snapping, start and goal,
    // hover and drag rings; then the text (node numbers, S and G) over everything.
    scene_.draw(dd, ui_.layers & LayerRegion, style);
    if (ui_.show_grid) drawGrid(dd);
    // The picture to trace lies over the region's fill (which would hide it) and under
    // every line.
    dd.flush();
    drawBackgroundImage();
    scene_.draw(dd, ui_.layers & ~(static_cast<std::uint32_t>(LayerRegion) | markers), style);
    drawOverlays(dd);
    scene_.drawMarkers(dd, ui_.layers);
    auto ringRadius = [](const Handle& h) {
      return h.kind == Handle::Kind::Vertex ? static_cast<float>(kHitRadius) + 1 : kMarkerRadius + kMarkerOutline + 2;
    };
    if (ui_.hovered)
      if (const auto p = handlePosition(scene_.document(), ui_.hovered)) dd.circle(*p, kHoverRing, ringRadius(ui_.hovered), 1.5f);
    if (ui_.dragged)
      if (const auto p = handlePosition(scene_.document(), ui_.dragged)) dd.circle(*p, kDragRing, ringRadius(ui_.dragged), 2.0f);
    drawTools(dd);
    if (ui_.tab == PanelTab::Crowd) drawCrowdOverlay(dd, ui_, camera_);
    drawLabels(dd);
    }
    dd.flush();
  }
  ImGui::Render();
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
  if (capture) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(renderer_, &w, &h);
    capture->width = w;
    capture->height = h;
    capture->rgba.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    if (SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_RGBA32, capture->rgba.data(), w * 4) != 0) {
      capture->width = capture->height = 0;
      capture->rgba.clear();
    }
  }
  SDL_RenderPresent(renderer_);
}

}  // namespace polypath::editor
