// compare_legend.hpp: the legend of the overlaid Compare canvas: which colours belong to
// which search (side 0 in the palette's colours, side 1 tinted), with each side's title
// (setup and state, as over the side-by-side panes).
#pragma once

#include <map>
#include <string>

#include "editor/canvas/camera.hpp"
#include "editor/compare/compare_view.hpp"
#include "polypath/debug/palette.hpp"

struct ImDrawList;

namespace polypath::editor {

/// The tint of the overlaid second side in `theme`: overlayTint for the dark theme; for the
/// light theme red and blue of the light colour swapped and darkened, so it stays readable
/// on the light canvas. Takes and returns colours as DebugDraw receives them (dark palette).
using ColourMap = Color (*)(Color);
ColourMap overlayTintFor(Theme theme);

/// Draws the legend box at the canvas's top-left corner into `list`: per side a swatch
/// pair (path colour, closed-set colour) and the side's title lines. With `rects`, its
/// rectangle goes in as "cmp legend" and each side's first line as "cmp legend I".
void drawOverlayLegend(ImDrawList* list, const CompareView& compare, const ScreenRect& canvas, Theme theme,
                       std::map<std::string, ScreenRect>* rects = nullptr);

}  // namespace polypath::editor
