// method_panel.hpp: the method part of the Search tab: the selector of the registered
// methods (polypath/methods/registry.hpp), each method's options (the grid's cell size),
// and the funnel stepped one portal at a time once a corridor method found a path.
#pragma once

#include "editor/panels/panels.hpp"

namespace polypath::editor {

/// Draws the method selector and its settings into the current ImGui window and applies
/// them with Scene::setMethod(). For triangle A* with a found path: "Funnel step" (one
/// portal), "Funnel back", a slider over the funnel steps and "Show path" (leave the
/// funnel view). Named widgets: "method", "cell size", "Funnel step", "Funnel back",
/// "Show path".
void methodPart(Scene& scene, UiState& ui);

/// A combo box listing the registered methods by label; true when the user picked one
/// (written to m.name).
bool methodCombo(const char* label, MethodSettings& m);
/// An input per option of m's method (the grid's cell size), each item `width` pixels
/// wide (0: ImGui's default), with its help as a hint; an entry is taken on Enter when it is
/// finite and > 0. With `ui` each input is remembered by its lower-case label ("cell size").
/// True when an option changed.
bool methodOptionInputs(MethodSettings& m, float width, UiState* ui);

/// One funnel step forward on the scene's found triangle A* path (from "not stepping" to
/// step 1). False when there is no funnel or it is at its end.
bool funnelForward(Scene& scene);
/// One funnel step back; from step 0 leaves the funnel view. False when not stepping it.
bool funnelBack(Scene& scene);

}  // namespace polypath::editor
