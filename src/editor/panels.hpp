// panels.hpp: the Dear ImGui panels docked in the left column of the editor window.
//
// The column (kPanelWidth pixels wide) holds two fixed windows: "polypath" (file,
// problems, search, stats, open set, map vertices, view) and below it "Layers" (one
// row per layer: toggle, colour swatch, name, meaning; the legend). They never cover
// the canvas.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "core/debug_draw.hpp"
#include "editor/camera.hpp"
#include "editor/picking.hpp"
#include "editor/scene.hpp"

namespace polypath::editor {

/// Editor state that is not the document: view options, the file field, the status
/// line and requests the panels make to the application.
struct UiState {
  std::uint32_t layers = kDefaultLayers;  ///< Layer bits drawn on the canvas
  bool show_grid = true;                  ///< world grid under the map
  bool show_node_ids = true;              ///< node numbers next to searched nodes while stepping
  bool snap = false;                      ///< snap dragged points to the grid
  double snap_step = 1.0;                 ///< world units between snap positions

  std::string path_text;      ///< the File panel's path field
  std::string status;         ///< status line text
  bool status_error = false;  ///< status line shows an error

  bool fit_requested = false;                     ///< fit the map into the canvas next frame
  std::optional<std::filesystem::path> open_request;  ///< open this file (after confirming unsaved changes)
  bool quit_request = false;                      ///< the window was closed (confirm unsaved changes)
  bool quit = false;                              ///< leave the loop

  Handle hovered;  ///< handle under the mouse on the canvas (highlighted in the vertex table)
  Handle dragged;  ///< handle being dragged

  /// Screen rectangles of named widgets in the last frame, so scripted input can click
  /// them: the buttons "Open", "Save", "Save As", "Step", "Run", "Pause", "Reset",
  /// "Finish", "Fit", and the vertex table cells "vertex P,H,V x" / "... y" (polygon,
  /// hole or -1, vertex) of the rows drawn last frame.
  std::map<std::string, ScreenRect> widget_rects;
  double legend_height = 400.0;  ///< height of the Layers window, measured each frame
};

/// Sets the status line.
void setStatus(UiState& ui, std::string text, bool error);

/// Opens `file` into the scene and reports the outcome on the status line (and the
/// error in `error` if given). On failure the current document stays. Never throws.
bool openDocument(Scene& scene, UiState& ui, const std::filesystem::path& file, std::string* error = nullptr);
/// Saves to the current file (Save) or to the path field (Save As, or Save without a
/// current file), reporting on the status line. Never throws.
bool saveDocument(Scene& scene, UiState& ui, bool save_as);

/// Draws the panel column for a window of the given size and applies what the user did
/// to `scene` and `ui`. Call between ImGui::NewFrame() and ImGui::Render().
void drawPanels(Scene& scene, UiState& ui, int window_width, int window_height);

}  // namespace polypath::editor
