// panel_widgets.cpp: see panel_widgets.hpp.
#include "editor/panel_widgets.hpp"

#include "editor/panels.hpp"
#include "imgui.h"

namespace polypath::editor {

void remember(UiState& ui, const std::string& name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.widget_rects[name] = ScreenRect{a.x, a.y, b.x - a.x, b.y - a.y};
}

void hint(const char* text) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace polypath::editor
