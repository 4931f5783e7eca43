// panel_widgets.cpp: see panel_widgets.hpp.
#include "editor/panels/panel_widgets.hpp"

#include <cstdio>

#include "editor/panels/panels.hpp"
#include "imgui.h"

namespace polypath::editor {

void remember(UiState& ui, const std::string& name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.widget_rects[name] = ScreenRect{a.x, a.y, b.x - a.x, b.y - a.y};
}

bool runSpeedSlider(UiState& ui, const std::string& name, float& steps_per_second, float max_sps, const char* tooltip) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Run");
  hint(tooltip);
  ImGui::SameLine();
  // Room for the widest value on the right; the slider shows no text of its own.
  const float value_width = ImGui::CalcTextSize("000.0 steps/s").x;
  ImGui::SetNextItemWidth(-(value_width + ImGui::GetStyle().ItemSpacing.x));
  const bool changed = ImGui::SliderFloat(("##" + name).c_str(), &steps_per_second, 0.5f, max_sps, "",
                                          ImGuiSliderFlags_Logarithmic);
  remember(ui, name + " slider");
  hint(tooltip);
  ImGui::SameLine();
  char value[32];
  std::snprintf(value, sizeof value, "%.1f steps/s", steps_per_second);
  ImGui::TextUnformatted(value);
  remember(ui, name + " value");
  hint(tooltip);
  return changed;
}

std::string fitToWidth(const std::string& text, float max_width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= max_width) return text;
  const float dots = ImGui::CalcTextSize("...").x;
  // The longest prefix that fits with the dots (widths grow with the prefix). Measured
  // whole: CalcTextSize rounds each width up, so two parts' sum may exceed the whole.
  std::size_t lo = 0, hi = text.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi + 1) / 2;
    if (ImGui::CalcTextSize((text.substr(0, mid) + "...").c_str()).x <= max_width)
      lo = mid;
    else
      hi = mid - 1;
  }
  if (lo == 0 && dots > max_width) return {};
  while (lo > 0 && text[lo - 1] == ' ') --lo;  // "path ..." reads better as "path..."
  return text.substr(0, lo) + "...";
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
