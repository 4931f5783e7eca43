// app.hpp: the editor application: SDL window and renderer, Dear ImGui, the loop
// (events, update, render) and the headless screenshot.
//
// Mouse input reaches Dear ImGui from the SDL events the loop receives (not from
// SDL_GetMouseState), so events pushed with SDL_PushEvent drive the editor exactly like
// a real mouse; the tests rely on that.
//
// Closing the window asks before dropping unsaved changes; SDL_QUIT (which SDL sends on
// SIGTERM and SIGINT) quits at once after autosaving them to the recovery file.
// Every loop of a frame is bounded (the grid draws at most kMaxGridLines lines per
// axis), so a map with huge coordinates cannot hang the editor.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <SDL.h>

#include "editor/app/appearance.hpp"
#include "editor/canvas/background.hpp"
#include "editor/canvas/camera.hpp"
#include "editor/canvas/colours.hpp"
#include "editor/app/command_line.hpp"
#include "editor/tilegrid/grid_panel.hpp"
#include "editor/tilegrid/grid_scene.hpp"
#include "editor/panels/panels.hpp"
#include "editor/app/preferences.hpp"
#include "editor/app/recovery.hpp"
#include "editor/document/scene.hpp"
#include "editor/canvas/tools.hpp"

namespace polypath::editor {

class SdlDebugDraw;

/// An RGBA image read back from the renderer (4 bytes per pixel, rows top to bottom).
struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;
  /// Colour of pixel (x, y); transparent black outside the image.
  Color at(int x, int y) const;
};

/// What the editor prints (after "polypath-editor: ") and why it exits 2 when it is not
/// in screenshot mode and there is no display to open a window on.
inline constexpr const char* kNoDisplayMessage =
    "no display available (is DISPLAY set?); use --screenshot OUT.png to render without one";

/// Most grid lines drawn across or down the canvas; a finer grid is not drawn.
inline constexpr int kMaxGridLines = 400;
/// Autosave while the document has unsaved changes: after this many seconds, or after
/// this many edits since the last autosave (a drag counts once it ends).
inline constexpr double kAutosaveSeconds = 30.0;
inline constexpr std::uint64_t kAutosaveEdits = 20;

/// Frames drawn after the last event before the idle loop sleeps (ImGui settles hover
/// and layout changes over a frame or two).
inline constexpr int kSettleFrames = 3;
/// While a text field has focus, the idle loop wakes this often for the caret's blink.
inline constexpr int kCaretBlinkMs = 500;
/// Otherwise it wakes this often (the autosave timer), when no event comes first.
inline constexpr int kIdleWakeMs = 5000;

/// Writes an image as PNG (stb_image_write). False with `error` set on failure.
bool writePng(const Image& image, const std::filesystem::path& file, std::string* error = nullptr);

/// The editor. Typical use: App app(options); app.init(&error); app.run(); One App at a
/// time per process (it owns SDL and the Dear ImGui context).
class App {
 public:
  explicit App(AppOptions options);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  /// Creates the window, renderer and ImGui context, opens the map (or the default
  /// map), looks for a recovery file to offer, and makes the Step presses asked for. A
  /// map that cannot be read is not a failure: the editor opens an empty document and
  /// shows the error (see loadError()). Returns false when SDL, the window or the
  /// renderer cannot start; outside headless mode also when SDL could only pick the
  /// "offscreen" or "dummy" video driver (then noDisplay() is true and `error` is
  /// kNoDisplayMessage).
  bool init(std::string* error = nullptr);
  /// True when init() failed because there is no display (see kNoDisplayMessage).
  bool noDisplay() const { return no_display_; }

  /// One iteration: handle pending events, advance the search animation, lay out the
  /// panels, handle canvas input, draw and present. With `capture`, the frame is read
  /// back into it before being presented.
  void frame(Image* capture = nullptr);
  /// Runs frames until the window is closed. Returns the exit code (0). While nothing
  /// animates (animating() is false) it sleeps until the next event (SDL_WaitEventTimeout),
  /// so an idle editor uses no CPU.
  int run();
  /// True while something moves without input: a running search (map, grid or Compare)
  /// or an export that renders frames.
  bool animating() const;
  /// Renders a few frames (so ImGui lays out), centres and zooms the view when --centre or
  /// --zoom was given, writes the last frame to the screenshot file and returns the exit code: 0, 1 when the PNG cannot be written, 2 when the
  /// map could not be loaded (the PNG is still written).
  int runScreenshot();
  /// --screenshot-sequence DIR: lays out a few frames, then writes DIR/step-0000.png ..
  /// one frame per expansion (Exporter::requestSequence, to --steps N or the end) and
  /// returns 0, 1 when a frame cannot be written (the message goes to stderr), 2 when the
  /// map or lesson could not be loaded.
  int runScreenshotSequence();
  /// runScreenshotSequence on a .map grid (grid_exports.cpp): DIR/step-0000.png (before
  /// the first expansion) .. one frame per expansion of the grid search; same returns.
  int runGridSequence();

  /// The drag benchmark (--bench-drag N): presses the ring vertex nearest the map's
  /// centre, moves it round a small circle (a quarter of a world unit) with one mouse
  /// motion per frame for N frames, releases, and prints the frame times (median, 90th
  /// percentile, max, milliseconds) and the scene's build and query times to stdout.
  /// Returns 0, or 1 when the map has no vertex to drag.
  int runBenchDrag();
  /// The pan and zoom benchmark (--bench-pan N): from the fitted view (centred on
  /// --centre when given), N frames of a 60-frame cycle (zoom in 8x, or --zoom F, about the
  /// canvas centre in 20 frames, pan round a circle of a quarter of the canvas height in 20,
  /// zoom back out in 20), each frame timed; prints the frame times (median, 90th
  /// percentile, max; wall and window-thread CPU, ms), and the CPU times of the zooming and
  /// of the panning frames apart. Returns 0.
  int runBenchPan();

  /// True once the user closed the window (after confirming unsaved changes), or SDL_QUIT
  /// arrived.
  bool quitRequested() const { return ui_.quit; }

  /// Writes the document to the recovery file now if it has unsaved changes (the loop
  /// does it every kAutosaveSeconds or kAutosaveEdits edits). False when autosave is
  /// off, nothing is unsaved or writing failed (the status line says why).
  bool autosaveNow();
  /// The preferences file used; nullopt when preferences are off or there is no config folder.
  const std::optional<std::filesystem::path>& preferencesFile() const { return prefs_file_; }
  /// The recovery file used; nullopt when autosave is off or there is no config folder.
  const std::optional<std::filesystem::path>& recoveryFile() const { return recovery_file_; }
  /// The error of loading the initial map; empty when it loaded.
  const std::string& loadError() const { return load_error_; }

  /// The document, built map and search the editor shows.
  Scene& scene() { return scene_; }
  const Scene& scene() const { return scene_; }
  /// The Moving AI grid the editor shows instead of the polygon map once a .map is opened.
  GridScene& grid() { return grid_; }
  GridUi& gridUi() { return grid_ui_; }
  /// View options, the file field, the status line and last frame's widget rectangles.
  UiState& ui() { return ui_; }
  /// The canvas tools: current tool, selection, ring being drawn.
  ToolController& tools() { return tools_; }
  /// The canvas camera of the last frame (fitted to the document when it was opened).
  const Camera& camera() const { return camera_; }
  /// The SDL window (null before init()).
  SDL_Window* window() const { return window_; }
  /// The theme, UI font and scale applied to ImGui.
  const Appearance& appearance() const { return appearance_; }
  /// Window size in pixels.
  int width() const;
  int height() const;

 private:
  // The current view with --centre moved to the canvas centre (the current view without it).
  Camera centredView() const;
  void loadInitialDocument();
  void offerRecovery();
  void handleRecoveryAnswer();
  void autosaveTick();
  // The work autosave keeps: the grid when it is open with unsaved walls, else the
  // polygon map (which stays in memory behind a grid).
  bool autosavesGrid() const { return grid_.active() && grid_.dirty(); }
  bool unsavedWork() const { return autosavesGrid() || scene_.dirty(); }
  std::uint64_t editCount() const { return scene_.editCount() + grid_.editCount(); }
  void handleEvent(const SDL_Event& e);
  void feedMouseToImGui();
  void canvas();
  void render(Image* capture);
  void drawGrid(SdlDebugDraw& dd) const;
  void drawProblemMarks(SdlDebugDraw& dd) const;
  void drawOverlays(SdlDebugDraw& dd) const;
  void drawLabels(SdlDebugDraw& dd) const;
  void drawTools(SdlDebugDraw& dd) const;
  void drawBackgroundImage();
  void handleBackgroundRequest();
  void fileDialogFrame();  // app_files.cpp
  bool handleShortcut(const SDL_KeyboardEvent& key);
  void updateBanner();
  void drawBanner(const ScreenRect& canvas) const;
  void updateTitle();
  void loadPreferencesAtStart();
  void savePreferencesIfChanged();
  Preferences currentPreferences() const;

  AppOptions options_;
  Scene scene_;
  GridScene grid_;
  GridUi grid_ui_;
  std::uint64_t grid_fitted_ = 0;
  UiState ui_;
  int events_in_frame_ = 0;  // events handled by the last frame()
  std::string shown_notice_;  // the Scene's notice last put in the status line
  Camera camera_;
  ToolController tools_;
  BackgroundImage background_;
  Appearance appearance_;  // theme, UI font and scale applied to ImGui
  bool space_down_ = false;  // Space held: left drag pans
  std::uint64_t fitted_generation_ = 0;
  /// "Step k of n" on the frames of a grid's --screenshot-sequence (empty otherwise).
  std::string sequence_label_;
  std::string load_error_;
  std::string title_;

  SDL_Window* window_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  bool sdl_started_ = false;
  bool imgui_started_ = false;
  bool no_display_ = false;

  // Preferences (see preferences.hpp): the file and what it holds now.
  std::optional<std::filesystem::path> prefs_file_;
  Preferences saved_prefs_;

  // Autosave and recovery (see recovery.hpp).
  std::optional<std::filesystem::path> recovery_file_;
  std::optional<RecoveryOffer> recovery_offer_;
  bool recovery_owned_ = false;  // the recovery file holds this session's work: delete it once saved or discarded
  std::uint64_t autosaved_edits_ = 0;
  std::chrono::steady_clock::time_point last_autosave_{};
  bool autosave_failed_ = false;

  // Mouse state from events (see the file comment).
  bool mouse_inside_ = false;
  ScreenPos mouse_{};
  bool mouse_down_[3] = {false, false, false};
  bool mouse_pressed_[3] = {false, false, false};

  bool double_click_ = false;  // the last left press was a double-click (SDL's click count)
};

}  // namespace polypath::editor
