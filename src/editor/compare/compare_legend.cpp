// compare_legend.cpp: see compare_legend.hpp.
#include "editor/compare/compare_legend.hpp"

#include <algorithm>

#include "editor/compare/compare_titles.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

constexpr float kPad = 6.0f;     // pixels inside the box
constexpr float kSwatch = 12.0f;  // swatch side, pixels

Color overlayTintLight(Color c) {
  const Color t = themed(c, Theme::Light);
  auto dim = [](std::uint8_t v) { return static_cast<std::uint8_t>(std::max(0, v - 40)); };
  return {dim(t.b), dim(t.g), dim(t.r), t.a};
}

ImU32 imColour(Color c) { return IM_COL32(c.r, c.g, c.b, c.a); }

}  // namespace

ColourMap overlayTintFor(Theme theme) { return theme == Theme::Light ? overlayTintLight : overlayTint; }

void drawOverlayLegend(ImDrawList* list, const CompareView& compare, const ScreenRect& canvas, Theme theme,
                       std::map<std::string, ScreenRect>* rects) {
  if (!list) return;
  // Each side's title as over a side-by-side pane, but each line may use the whole canvas width.
  const ScreenRect wide{canvas.x, canvas.y, 2.0 * std::max(0.0, canvas.w - 4 * kSwatch - 4 * kPad), canvas.h};
  const std::array<CompareTitle, 2> titles = compareTitles(compare, wide);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float x0 = static_cast<float>(canvas.x) + 8.0f, y0 = static_cast<float>(canvas.y) + 8.0f;
  const float text_x = x0 + kPad + 2 * kSwatch + 3 * kPad;
  float width = 0.0f;
  for (const CompareTitle& t : titles)
    for (const CompareTitleLine& l : t) width = std::max(width, ImGui::CalcTextSize(l.text.c_str()).x);
  const float height = 4 * line + kPad * 2 + 4.0f;
  const ImVec2 box_min(x0, y0), box_max(text_x + width + kPad, y0 + height);
  list->AddRectFilled(box_min, box_max, imColour(palette::kLabelPlate.in(theme)), 4.0f);
  list->AddRect(box_min, box_max, imColour(palette::kHint.in(theme)), 4.0f);
  const ColourMap tint = overlayTintFor(theme);
  for (int side = 0; side < 2; ++side) {
    const float y = y0 + kPad + static_cast<float>(side) * (2 * line + 4.0f);
    const Color path = side == 0 ? layerColor(LayerPath, theme) : tint(layerColor(LayerPath));
    const Color closed = side == 0 ? layerColor(LayerClosedSet, theme) : tint(layerColor(LayerClosedSet));
    const float sy = y + (line - kSwatch) / 2;
    list->AddRectFilled(ImVec2(x0 + kPad, sy), ImVec2(x0 + kPad + kSwatch, sy + kSwatch), imColour(path));
    list->AddCircleFilled(ImVec2(x0 + 2 * kPad + 1.5f * kSwatch, sy + kSwatch / 2), kSwatch / 2, imColour(closed));
    const CompareTitle& t = titles[static_cast<std::size_t>(side)];
    for (int k = 0; k < 2; ++k)
      list->AddText(ImVec2(text_x, y + static_cast<float>(k) * line),
                    imColour(k == 0 ? palette::kLabel.in(theme) : palette::kHint.in(theme)),
                    t[static_cast<std::size_t>(k)].text.c_str());
    if (rects) (*rects)["cmp legend " + std::to_string(side)] = {text_x, y, width, line};
  }
  if (rects) (*rects)["cmp legend"] = {x0, y0, box_max.x - x0, height};
}

}  // namespace polypath::editor
