// panel_widgets.hpp: the small ImGui helpers every panel file shares: remembering a
// control's screen rectangle for scripted input, and its tooltip.
#pragma once

#include <string>

namespace polypath::editor {

struct UiState;

/// Stores the last ImGui item's screen rectangle (pixels) as UiState::widget_rects[name],
/// so scripted tests can click the control by name.
void remember(UiState& ui, const std::string& name);

/// Shows `text` as a wrapped tooltip while the last ImGui item is hovered (disabled items
/// too). Every control in the editor has one.
void hint(const char* text);

}  // namespace polypath::editor
