// panels.hpp: the Dear ImGui panels docked in the left column of the editor window.
//
// The column (panelWidth() pixels wide, the whole window height) is one window. Its top
// does not scroll and holds what must always be visible: the file (name, path, Open,
// Save, Save As), the search buttons (Step, Run, Pause, Reset, Finish), the speed, the
// result, the status line and a problem count (long messages are cut to a few lines,
// whole in a tooltip; buttons wrap in a narrow column). Below it a tab bar switches a
// scrolling area between "Layers" (the legend: toggle, colour swatch, name, meaning per
// layer, and the view options), "Search" (options, stats, open set), "Map" (start, goal,
// snap to the walkable region, vertex tables) and "Problems". Only in a window too low
// for the top and a usable tab does the whole column scroll. It never covers the canvas.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/debug/palette.hpp"
#include "editor/canvas/camera.hpp"
#include "editor/compare/compare_view.hpp"
#include "editor/crowd/crowd_view.hpp"
#include "editor/debugger/debugger.hpp"
#include "editor/exports/exports.hpp"
#include "editor/panels/file_dialog.hpp"
#include "editor/lessons/lessons.hpp"
#include "editor/canvas/picking.hpp"
#include "editor/document/scene.hpp"
#include "editor/canvas/tools.hpp"

namespace polypath::editor {

/// The tabs of the panel column.
enum class PanelTab { Layers, Search, Compare, Crowd, Map, History, Problems, Lessons, Help };

/// One line of the banner at the top-left of the canvas.
struct BannerLine {
  std::string text;
  bool error = true;  ///< red; false: amber (a warning or a hint)
};

/// What the user answered to the recovery offer.
enum class RecoveryAnswer { None, Recover, Discard };

/// Editor state that is not the document: view options, the file field, the status
/// line and requests the panels make to the application.
struct UiState {
  std::uint32_t layers = kDefaultLayers;  ///< Layer bits drawn on the canvas
  bool show_grid = true;                  ///< world grid under the map
  bool show_node_ids = true;              ///< node numbers next to searched nodes while stepping
  bool snap = false;                      ///< snap dragged points to the grid
  double snap_step = 1.0;                 ///< world units between snap positions
  Color background = palette::kBackground.dark;  ///< canvas colour (set to the theme's when the theme changes)
  Theme theme = Theme::Dark;              ///< colour theme of the canvas and panels (palette.hpp)
  float ui_scale = 0.0f;                  ///< UI scale setting: 0 auto, or 1, 1.5, 2 (appearance.hpp)

  std::string path_text;      ///< the file Save As proposes (the open file, or beside an imported one)
  std::string status;         ///< status line text
  bool status_error = false;  ///< status line shows an error

  PanelTab tab = PanelTab::Layers;        ///< the tab shown last frame
  std::optional<PanelTab> tab_request;    ///< switch to this tab next frame

  /// The canvas banner: why there is no path, or what is wrong (set every frame).
  std::vector<BannerLine> banner;

  /// Not empty: the recovery modal is shown with this question.
  std::string recovery_prompt;
  RecoveryAnswer recovery_answer = RecoveryAnswer::None;  ///< set by the modal's buttons

  std::string background_text;                    ///< the background image shown in the Map tab
  std::optional<std::string> background_request;  ///< load this background image (App fits it to the map)
  std::string background_error;                   ///< why the map's background image cannot be shown
  std::vector<std::filesystem::path> recent;      ///< recently opened or saved files, newest first
  std::vector<std::filesystem::path> recent_folders;  ///< the file dialog's recent places, newest first
  bool native_file_dialog = true;                 ///< the desktop's file dialog when installed (file_dialog.hpp)
  std::optional<FileRequest> file_request;        ///< ask for this file next frame (file_actions.hpp)
  FileDialog file_dialog;                         ///< the file question being asked
  bool save_then_continue = false;                ///< a Save As was asked for by "Save" in an unsaved-changes question
  bool new_request = false;                       ///< start a new map (after confirming unsaved changes)
  bool fit_requested = false;                     ///< fit the map into the canvas next frame
  std::optional<std::filesystem::path> open_request;  ///< open this file (after confirming unsaved changes)
  bool quit_request = false;                      ///< the window was closed (confirm unsaved changes)
  bool quit = false;                              ///< leave the loop
  bool discard_changes = false;                   ///< the user chose to quit without saving

  SearchDebugger debugger;  ///< timeline, breakpoints (debugger_panel.hpp)
  CompareView compare;      ///< the Compare tab; the canvas shows it while that tab is open (compare_panel.hpp)
  CrowdView crowd;          ///< the Crowd tab; the canvas shows the crowd while that tab is open (crowd_panel.hpp)
  LessonSession lessons;    ///< the lesson being played (lessons.hpp)
  std::optional<std::filesystem::path> lesson_request;  ///< open this lesson (after confirming unsaved changes)
  Exporter exports;         ///< PNG and PNG-sequence exports in progress (exports.hpp)
  std::string export_name;  ///< the Export menu's file name (without extension)
  bool export_canvas_only = true;  ///< exported PNGs show the canvas only
  int export_steps = -1;    ///< frames of an exported PNG sequence (-1: the whole search)
  /// Line widths, points, fonts and labels times this in the canvas and exports (0: 1 in
  /// the window, from the output size in exports: exports/slide.hpp). From --scale.
  float export_scale = 0.0f;
  bool export_legend = false;  ///< exports carry a legend of the layers drawn (--legend)
  std::string export_caption;  ///< exports carry this caption; empty: a lesson's own (--caption)

  Handle hovered;  ///< handle under the mouse on the canvas (highlighted in the vertex table)
  Handle dragged;  ///< handle being dragged

  /// Screen rectangles of named widgets in the last frame, so scripted input can click
  /// them: the buttons "Open", "Save", "Save As", "Step", "Run", "Pause", "Reset",
  /// "Finish", the tabs "tab Layers", "tab Search", "tab Map", "tab Problems", and
  /// in their tabs "Fit", "Snap start/goal", the legend's layer names "legend NAME"
  /// and their toggles "toggle KEY" (layerKey), the vertex table cells
  /// "vertex P,H,V x" / "... y" (polygon, hole or -1, vertex) of the rows drawn last
  /// frame, and in the recovery modal "Recover" and "Discard".
  std::map<std::string, ScreenRect> widget_rects;
  double top_height = 0.0;  ///< height of the column's fixed top part last frame, pixels
};

/// Sets the status line.
void setStatus(UiState& ui, std::string text, bool error);

/// Most entries of the recent files list.
inline constexpr std::size_t kMaxRecent = 10;
/// Puts `file` first in the recent list (absolute path, no duplicates, at most kMaxRecent).
void addRecent(UiState& ui, const std::filesystem::path& file);

/// Replaces the document with an empty, untitled one (no questions: see drawModals).
void newDocument(Scene& scene, UiState& ui);
/// Opens `file` into the scene and reports the outcome on the status line (and the
/// error in `error` if given). On failure the current document stays. Never throws.
bool openDocument(Scene& scene, UiState& ui, const std::filesystem::path& file, std::string* error = nullptr);
/// Save: writes the current file. Save As, or Save of a map without a file (new or
/// imported): asks for the file in the file dialog (the answer saves, see
/// applyFileChoice) and returns false. Never throws.
bool saveDocument(Scene& scene, UiState& ui, bool save_as);
/// Writes the document to `target` atomically and reports on the status line: a .json
/// file becomes the current file; another extension exports the map in that format (the
/// current file stays). False with the error on the status line. Never throws.
bool saveDocumentTo(Scene& scene, UiState& ui, const std::filesystem::path& target);

/// Draws the panel column (panel_width pixels wide: panelWidth(), the window's height) and applies what the user did
/// to `scene` and `ui`. Call between ImGui::NewFrame() and ImGui::Render().
void drawPanels(Scene& scene, UiState& ui, ToolController& tools, double panel_width, int window_height);

/// Carries out new, open and quit requests, asking first about unsaved changes, and shows
/// the recovery question (ui.recovery_prompt) in modal popups. Call after every other
/// window of the frame has begun (Dear ImGui 1.86 asserts when a window appears for the
/// first time after a modal opened in the same frame).
void drawModals(Scene& scene, UiState& ui);

}  // namespace polypath::editor
