// compare_titles.cpp: see compare_titles.hpp.
#include "editor/compare/compare_titles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "editor/panels/panel_widgets.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

constexpr double kMargin = 8.0;  // pixels from each pane's edges
constexpr double kTop = 3.0;     // pixels from the canvas top to the first line

}  // namespace

double compareTitleHeight() {
  return std::ceil(2 * kTop + ImGui::GetTextLineHeightWithSpacing() + ImGui::GetTextLineHeight());
}

std::array<CompareTitle, 2> compareTitles(const CompareView& compare, const ScreenRect& canvas) {
  std::array<CompareTitle, 2> titles;
  const double half = canvas.w / 2.0;
  const float width = static_cast<float>(std::max(0.0, half - 2 * kMargin));
  const double line = ImGui::GetTextLineHeightWithSpacing();
  for (int i = 0; i < 2; ++i) {
    const CompareRow row = compare.row(i);
    char state[96];
    std::snprintf(state, sizeof state, "%d expanded%s", row.stats.expanded_now,
                  row.stats.status_now == SearchStatus::Found ? ", path found" : "");
    const std::string lines[2] = {row.stats.label, state};
    for (int k = 0; k < 2; ++k) {
      CompareTitleLine& out = titles[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
      out.text = fitToWidth(lines[k], width);
      const ImVec2 size = ImGui::CalcTextSize(out.text.c_str());
      out.rect = {canvas.x + i * half + kMargin, canvas.y + kTop + k * line, size.x, size.y};
    }
  }
  return titles;
}

}  // namespace polypath::editor
