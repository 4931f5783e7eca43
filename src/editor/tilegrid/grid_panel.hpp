// grid_panel.hpp: the editor's column and canvas input for a Moving AI grid (GridScene):
// file, wall brush and markers, the grid method's settings, Step/Run/Finish/Reset, the
// search's statistics and the colour legend; and the mouse on the canvas (paint and
// erase walls, place or drag the start and goal).
#pragma once
#include <filesystem>
#include "editor/canvas/camera.hpp"
#include "editor/tilegrid/grid_scene.hpp"
#include "editor/panels/panels.hpp"
#include "editor/canvas/tools.hpp"

namespace polypath::editor {

/// What the left mouse button does on a grid.
enum class GridTool { Wall, Erase, Start, Goal };

/// The grid column's own state.
struct GridUi {
  GridTool tool = GridTool::Wall;
  int brush = 0;            ///< brush radius in cells (0 = one cell, 1 = 3 x 3, ...)
  int dragging_marker = 0;  ///< 1 while the start is dragged, 2 the goal, 0 otherwise
  bool discard_confirmed = false;  ///< the user gave up the grid's changes for the pending request
};

/// True for a path ending in ".map" (a Moving AI grid).
bool isGridFile(const std::filesystem::path& file);

/// The world rectangle a grid covers (its origin to its far corner).
PolygonMap::Bounds gridBounds(const Grid& grid);

/// Fits the camera to the grid in the canvas of a window of this size.
Camera gridCamera(const Grid& grid, int window_width, int window_height, double ui_scale = 1.0);

/// Opens a .map into `grid` and reports in the status line. False with `error` on failure.
bool openGridFile(GridScene& grid, UiState& ui, const std::filesystem::path& file, std::string* error = nullptr);

/// Saves to the grid's file; Save As (or no file yet) asks for the file in the file
/// dialog (FilePurpose::GridSaveAs, answered by saveGridFileTo) and returns false.
bool saveGridFile(GridScene& grid, UiState& ui, bool save_as);
/// Writes the grid to `target` (it becomes the grid's file), reporting on the status
/// line; false with the error there.
bool saveGridFileTo(GridScene& grid, UiState& ui, const std::filesystem::path& target);

/// The column for a grid (replaces drawPanels while a grid is open). Buttons are
/// recorded in ui.widget_rects under "Grid <label>" names for the tests.
void drawGridPanel(GridScene& grid, GridUi& gui, UiState& ui, double panel_width, int window_height);

/// Left mouse on the canvas: a press on the start or goal cell drags that marker;
/// otherwise the tool: Wall/Erase paint a stroke (one undoable command per press),
/// Start/Goal place the marker on a free cell.
void gridMouse(GridScene& grid, GridUi& gui, const Camera& camera, const CanvasInput& in);

}  // namespace polypath::editor
