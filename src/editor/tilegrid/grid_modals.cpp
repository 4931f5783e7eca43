// grid_modals.cpp: the unsaved-changes questions for a grid document (see grid_modals.hpp).
#include "editor/tilegrid/grid_modals.hpp"

#include <string>
#include "imgui.h"

namespace polypath::editor {

namespace {

constexpr const char* kDiscardTitle = "Discard grid changes?";
constexpr const char* kQuitTitle = "Quit without saving the grid?";

// A button the tests find as ui.widget_rects["Grid " + label].
bool modalButton(UiState& ui, const char* label) {
  const bool pressed = ImGui::Button(label);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.widget_rects[std::string("Grid ") + label] = ScreenRect{a.x, a.y, b.x - a.x, b.y - a.y};
  return pressed;
}

// The grid may go: a .map replaces it; another file or New leaves grid mode (drawModals
// carries the request on next frame); a quit goes on to drawModals.
void proceed(GridScene& grid, GridUi& gui, UiState& ui) {
  if (ui.open_request && isGridFile(*ui.open_request)) {
    openGridFile(grid, ui, *ui.open_request);
    ui.open_request.reset();
    gui.discard_confirmed = false;
    return;
  }
  if (ui.open_request || ui.new_request) grid.close();
  // quit: stays requested, with the grid's changes given up
}

}  // namespace

bool drawGridModals(GridScene& grid, GridUi& gui, UiState& ui) {
  const bool pending = ui.open_request || ui.new_request || ui.quit_request;
  if (!pending) {
    gui.discard_confirmed = false;
    return false;
  }
  if (!grid.active()) {
    // From the polygon map, a .map opens at once: the polygon map stays in memory.
    if (ui.open_request && isGridFile(*ui.open_request)) {
      openGridFile(grid, ui, *ui.open_request);
      ui.open_request.reset();
      return true;
    }
    return false;
  }
  if (!grid.dirty() || gui.discard_confirmed) {
    const bool quitting = ui.quit_request && !ui.open_request && !ui.new_request;
    proceed(grid, gui, ui);
    return !quitting && (ui.open_request || ui.new_request);  // left grid mode: drawModals goes on next frame
  }
  const char* title = ui.quit_request ? kQuitTitle : kDiscardTitle;
  if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
  const ImVec2 c = ImGui::GetMainViewport()->GetCenter();
  ImGui::SetNextWindowPos(c, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s has unsaved wall edits (%zu strokes).", grid.displayName().c_str(), grid.position());
    ImGui::TextUnformatted(ui.quit_request  ? "Save them before you quit?"
                           : ui.new_request ? "Save them before you start a new map?"
                                            : "Save them before you open the other file?");
    if (grid.file() && modalButton(ui, "Save")) {
      if (saveGridFileTo(grid, ui, *grid.file())) {  // saved: go on as after Discard
        gui.discard_confirmed = true;
        ImGui::CloseCurrentPopup();
      }
    }
    if (grid.file()) ImGui::SameLine();
    if (modalButton(ui, "Discard")) {
      gui.discard_confirmed = true;
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (modalButton(ui, "Cancel")) {
      ui.open_request.reset();
      ui.new_request = false;
      ui.quit_request = false;
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  return true;
}

}  // namespace polypath::editor
