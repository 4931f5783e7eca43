// compare_titles.cpp: see compare_titles.hpp.
#include "editor/compare/compare_titles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "editor/panels/panel_widgets.hpp"
#include "polypath/debug/palette.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

constexpr double kMargin = 8.0;  // pixels from each pane's edges
constexpr double kTop = 3.0;     // pixels from the canvas top to the first line

}  // namespace

double compareTitleHeight() {
  return std::ceil(2 * kTop + ImGui::GetTextLineHeightWithSpacing() + ImGui::GetTextLineHeight());
}

std::array<CompareTitle, 2> paneTitles(const PaneTitleText& text, const ScreenRect& canvas) {
  std::array<CompareTitle, 2> titles;
  const double half = canvas.w / 2.0;
  const float width = static_cast<float>(std::max(0.0, half - 2 * kMargin));
  const double line = ImGui::GetTextLineHeightWithSpacing();
  for (std::size_t i = 0; i < 2; ++i) {
    for (std::size_t k = 0; k < 2; ++k) {
      CompareTitleLine& out = titles[i][k];
      out.text = fitToWidth(text[i][k], width);
      const ImVec2 size = ImGui::CalcTextSize(out.text.c_str());
      out.rect = {canvas.x + static_cast<double>(i) * half + kMargin, canvas.y + kTop + static_cast<double>(k) * line,
                  size.x, size.y};
    }
  }
  return titles;
}

ScreenRect paneRect(const ScreenRect& canvas, int i) {
  const double half = canvas.w / 2.0;
  return {canvas.x + i * half + (i ? 2.0 : 0.0), canvas.y + compareTitleHeight(), half - 2.0,
          canvas.h - compareTitleHeight()};
}

void drawPaneTitles(ImDrawList* text, const std::array<CompareTitle, 2>& titles, const ScreenRect& canvas,
                    std::map<std::string, ScreenRect>* rects, const std::string& prefix, Theme theme) {
  auto im = [](Color k) { return IM_COL32(k.r, k.g, k.b, k.a); };
  const ImU32 title = im(palette::kLabel.in(theme));
  const ImU32 divider = im(palette::kDivider.in(theme));
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t k = 0; k < 2; ++k) {
      const CompareTitleLine& l = titles[i][k];
      text->AddText(ImVec2(static_cast<float>(l.rect.x), static_cast<float>(l.rect.y)),
                    title, l.text.c_str());
      if (rects) (*rects)[prefix + " " + std::to_string(i) + " " + std::to_string(k)] = l.rect;
    }
  const double half = canvas.w / 2.0;
  text->AddLine(ImVec2(static_cast<float>(canvas.x + half), static_cast<float>(canvas.y)),
                ImVec2(static_cast<float>(canvas.x + half), static_cast<float>(canvas.y + canvas.h)),
                divider, 2.0f);
}

std::array<CompareTitle, 2> compareTitles(const CompareView& compare, const ScreenRect& canvas) {
  PaneTitleText text;
  for (int i = 0; i < 2; ++i) {
    const CompareRow row = compare.row(i);
    char state[96];
    std::snprintf(state, sizeof state, "%d expanded%s", row.stats.expanded_now,
                  row.stats.status_now == SearchStatus::Found ? ", path found" : "");
    text[static_cast<std::size_t>(i)] = {row.stats.label, state};
  }
  return paneTitles(text, canvas);
}

}  // namespace polypath::editor
