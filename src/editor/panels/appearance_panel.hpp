// appearance_panel.hpp: the theme and UI scale choosers of the View section.
#pragma once

#include "editor/panels/panels.hpp"
#include "imgui.h"

namespace polypath::editor {

/// Theme (Dark / Light) and UI scale (Auto, 1x, 1.5x, 2x) combo boxes. Choosing a theme
/// also sets the canvas colour to the theme's background. Both are remembered in the
/// preferences; App applies them before the next frame (appearance.hpp).
void appearancePart(UiState& ui);

/// True when the current ImGui style is a light one (the Light theme).
bool lightUi();

/// A text colour for each theme; converts to the one of the current style (lightUi()).
struct ThemedText {
  ImVec4 dark, light;
  operator ImVec4() const { return lightUi() ? light : dark; }
};

}  // namespace polypath::editor
