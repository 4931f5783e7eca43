// compare_titles.cpp: see compare_titles.hpp.
#include "editor/compare_titles.hpp"

#include <algorithm>
#include <cstdio>

#include "imgui.h"

namespace polypath::editor {

namespace {

constexpr double kMargin = 8.0;  // pixels from each pane's edges
constexpr double kTop = 3.0;     // pixels from the canvas top to the first line

}  // namespace

std::string fitToWidth(const std::string& text, float max_width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= max_width) return text;
  const float dots = ImGui::CalcTextSize("...").x;
  // The longest prefix that fits beside the dots (widths grow with the prefix).
  std::size_t lo = 0, hi = text.size();
  while (lo < hi) {
    const std::size_t mid = (lo + hi + 1) / 2;
    if (ImGui::CalcTextSize(text.c_str(), text.c_str() + mid).x + dots <= max_width)
      lo = mid;
    else
      hi = mid - 1;
  }
  if (lo == 0 && dots > max_width) return {};
  while (lo > 0 && text[lo - 1] == ' ') --lo;  // "path ..." reads better as "path..."
  return text.substr(0, lo) + "...";
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
