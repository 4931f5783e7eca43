// appearance_panel.cpp: see appearance_panel.hpp.
#include "editor/panels/appearance_panel.hpp"

#include "editor/app/appearance.hpp"
#include "editor/panels/panel_widgets.hpp"
#include "imgui.h"

namespace polypath::editor {

bool lightUi() {
  const ImVec4& bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  return bg.x + bg.y + bg.z > 1.5f;
}

void appearancePart(UiState& ui) {
  ImGui::SetNextItemWidth(110);
  const char* themes[] = {"Dark", "Light"};
  int theme = ui.theme == Theme::Light ? 1 : 0;
  if (ImGui::Combo("Theme", &theme, themes, 2)) {
    ui.theme = theme == 1 ? Theme::Light : Theme::Dark;
    ui.background = palette::kBackground.in(ui.theme);
  }
  remember(ui, "Theme");
  hint("Dark for screens, Light for projectors in a lit room: canvas, grid, marks and panels change together.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(80);
  if (ImGui::BeginCombo("UI scale", uiScaleName(ui.ui_scale))) {
    for (float s : kUiScales)
      if (ImGui::Selectable(uiScaleName(s), s == ui.ui_scale)) ui.ui_scale = s;
    ImGui::EndCombo();
  }
  remember(ui, "UI scale");
  hint("Size of text and controls. Auto follows the display's DPI (96 DPI is 1x).");
}

}  // namespace polypath::editor
