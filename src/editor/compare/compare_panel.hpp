// compare_panel.hpp: the Compare tab (setups, presets, lockstep stepping, the table) and
// the canvas while it is open: two viewports side by side, or one with both sides overlaid.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <SDL.h>

#include "editor/app/command_line.hpp"
#include "editor/compare/compare_view.hpp"
#include "editor/panels/panels.hpp"

struct ImDrawList;

namespace polypath::editor {

/// Draws the Compare tab into the current ImGui window: the two sides (method, heuristic,
/// weight), presets, "Side by side / Overlaid", Reset / Back / Step / Run / To end and a
/// slider over the common position, and the table (expansions now and in all, path length
/// in world units, time of one search, graph nodes). Syncs ui.compare with the scene and
/// advances its Run. Named widgets: "cmp Step", "cmp Back", "cmp Reset", "cmp Run",
/// "cmp End", "cmp overlay", "cmp preset N" (N = ComparePreset value), "cmp position".
void comparePanel(const Scene& scene, UiState& ui);

/// Applies the command line's --method, --funnel-step and --compare to the scene and the
/// UI (unknown names were refused by the parser and are ignored here). With --compare,
/// --steps N > 0 stands both searches after N expansions, else at their end.
void applyStartOptions(const AppOptions& options, Scene& scene, UiState& ui);

/// Draws the comparison on the canvas rectangle: the map (region, walls) and each side at
/// the common position, side by side (each fitted into its half, titled) or overlaid (side
/// 1 tinted, overlayTintFor), then the start and goal markers, in `theme`'s colours.
/// Nothing when there is no comparison. Side by side, the titles (compare_titles.hpp) go
/// into `text` and, with `rects`, their rectangles into it as "cmp title I K" (pane I,
/// line K); overlaid, the legend (compare_legend.hpp) does. `scale` multiplies line
/// widths, points and labels as SdlDebugDraw::setScale does (the export scale).
void drawCompareCanvas(SDL_Renderer* renderer, const Scene& scene, const CompareView& compare, ScreenRect canvas,
                       std::uint32_t layers, ImDrawList* text, std::map<std::string, ScreenRect>* rects = nullptr,
                       Theme theme = Theme::Dark, double scale = 1.0);

}  // namespace polypath::editor
