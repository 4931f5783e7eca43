// crowd_panel.hpp: the Crowd tab (agents, radius, speed, steering, spawn and goal areas,
// Play / Pause / Step / Reset, steps per frame, Compare, the live metrics, the PNG
// sequence) and the canvas while it is open: the map with the agents, or two titled panes
// (funnel and portals steering) for Compare; a left drag draws the chosen area.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <SDL.h>

#include "editor/canvas/camera.hpp"
#include "editor/canvas/tools.hpp"
#include "editor/panels/panels.hpp"

struct ImDrawList;

namespace polypath::editor {

/// Draws the Crowd tab into the current ImGui window and applies it to ui.crowd (synced
/// with the scene first). Named widgets: "crowd agents", "crowd radius", "crowd speed",
/// "crowd funnel", "crowd portals", "crowd compare", "crowd draw spawn", "crowd draw goal",
/// "crowd clear areas", "crowd play", "crowd pause", "crowd step", "crowd reset",
/// "crowd steps per frame", "crowd export".
void crowdPanel(const Scene& scene, UiState& ui);

/// Canvas input while the Crowd tab is open: with an area tool chosen (ui.crowd_area), a
/// left drag draws that area (spawn or goal) as a rectangle in world units. Returns true
/// when it took the input (the map tools then get none).
bool crowdCanvasMouse(UiState& ui, const Camera& camera, const CanvasInput& in);

/// Draws the crowd over the map (camera's scale), and the area being dragged.
void drawCrowdOverlay(DebugDraw& dd, const UiState& ui, const Camera& camera);

/// Compare: the two crowds side by side, each pane fitted to the map, titled ("funnel
/// steering" / "portals steering", then "step N, arrived A of N"); titles go into `text`
/// and, with `rects`, as "crowd title I K". Nothing when there is no comparison.
void drawCrowdCompareCanvas(SDL_Renderer* renderer, const Scene& scene, const UiState& ui, ScreenRect canvas,
                            std::uint32_t layers, ImDrawList* text, std::map<std::string, ScreenRect>* rects = nullptr,
                            double scale = 1.0);

}  // namespace polypath::editor
