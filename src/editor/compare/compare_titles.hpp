// compare_titles.hpp: the titles over the two panes of the Compare canvas (side by side):
// per pane the setup ("navmesh triangle A* (portals), A*") and the state ("46 expanded,
// path found") on two lines, each cut with an ellipsis to its pane's width, so the two
// titles never run into each other however narrow the window.
#pragma once

#include <array>
#include <map>
#include <string>

#include "editor/canvas/camera.hpp"
#include "editor/compare/compare_view.hpp"
#include "polypath/debug/palette.hpp"

struct ImDrawList;

namespace polypath::editor {

/// Height of the title band at the top of each pane, pixels: two lines of the current
/// ImGui font (36 with Dear ImGui's 13-pixel built-in font). Call inside an ImGui frame.
double compareTitleHeight();

/// One line of a pane's title: its text (cut to fit) and its screen rectangle, pixels.
struct CompareTitleLine {
  std::string text;
  ScreenRect rect;
};

/// A pane's title: line 0 the setup, line 1 the expansions and whether the path was found.
using CompareTitle = std::array<CompareTitleLine, 2>;

/// Two lines of text for each of two panes.
using PaneTitleText = std::array<std::array<std::string, 2>, 2>;

/// The titles of two side-by-side panes from their text, placed and cut as compareTitles
/// places them. Call inside an ImGui frame.
std::array<CompareTitle, 2> paneTitles(const PaneTitleText& text, const ScreenRect& canvas);

/// Pane i's (0 left, 1 right) drawing rectangle: its half of `canvas` under the title band.
ScreenRect paneRect(const ScreenRect& canvas, int i);

/// Draws the titles and the divider between the panes into `text`, in the theme's label
/// and divider colours; with `rects`, each line's rectangle as "PREFIX I K" (pane I, line K).
void drawPaneTitles(ImDrawList* text, const std::array<CompareTitle, 2>& titles, const ScreenRect& canvas,
                    std::map<std::string, ScreenRect>* rects, const std::string& prefix, Theme theme);

/// The titles of the left (0) and right (1) panes for the canvas rectangle `canvas`: each
/// pane is half the canvas, its lines 8 pixels in from its left edge and kept 8 pixels
/// from its right edge. Call inside an ImGui frame (it measures text).
std::array<CompareTitle, 2> compareTitles(const CompareView& compare, const ScreenRect& canvas);

}  // namespace polypath::editor
