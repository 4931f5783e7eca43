// grid_modals.hpp: open, New and quit while a Moving AI grid is shown, asking first when
// the grid has unsaved wall edits (the grid's counterpart of drawModals' questions).
#pragma once
#include "editor/tilegrid/grid_panel.hpp"
#include "editor/tilegrid/grid_scene.hpp"
#include "editor/panels/panels.hpp"

namespace polypath::editor {

/// Carries out ui.open_request, ui.new_request and ui.quit_request for the grid. A .map
/// opens as the grid; when a grid is shown with unsaved changes, the modal "Discard grid
/// changes?" (open, New) or "Quit without saving the grid?" (quit) asks first, with the
/// buttons "Grid Discard" and "Grid Cancel" recorded in ui.widget_rects. Once the grid may
/// go, another file and New leave grid mode and quit stays requested: drawModals then
/// carries them out for the polygon map (asking about its own unsaved changes).
/// Returns true while the request is the grid's business this frame (then skip
/// drawModals). Call where drawModals is called, before it.
bool drawGridModals(GridScene& grid, GridUi& gui, UiState& ui);

}  // namespace polypath::editor
