// method_panel.hpp: the method part of the Search tab: the method selector (visibility
// graph, navmesh exact, triangle A* with centre or portal nodes, grid), the grid's cell
// size, and the funnel stepped one portal at a time once triangle A* found a path.
#pragma once

#include "editor/panels/panels.hpp"

namespace polypath::editor {

/// Draws the method selector and its settings into the current ImGui window and applies
/// them with Scene::setMethod(). For triangle A* with a found path: "Funnel step" (one
/// portal), "Funnel back", a slider over the funnel steps and "Show path" (leave the
/// funnel view). Named widgets: "method", "cell size", "Funnel step", "Funnel back",
/// "Show path".
void methodPart(Scene& scene, UiState& ui);

/// One funnel step forward on the scene's found triangle A* path (from "not stepping" to
/// step 1). False when there is no funnel or it is at its end.
bool funnelForward(Scene& scene);
/// One funnel step back; from step 0 leaves the funnel view. False when not stepping it.
bool funnelBack(Scene& scene);

}  // namespace polypath::editor
