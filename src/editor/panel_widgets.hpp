// panel_widgets.hpp: the small ImGui helpers every panel file shares: remembering a
// control's screen rectangle for scripted input, and its tooltip.
#pragma once

#include <string>

namespace polypath::editor {

struct UiState;

/// Stores the last ImGui item's screen rectangle (pixels) as UiState::widget_rects[name],
/// so scripted tests can click the control by name.
void remember(UiState& ui, const std::string& name);

/// The Run speed control: "Run", a logarithmic slider from 0.5 to `max_sps` steps per
/// second, and the value beside it ("4.0 steps/s"), outside the slider so its handle
/// never covers it. `tooltip` shows over each part. Named widgets "NAME slider" and
/// "NAME value". True when the user changed `steps_per_second`.
bool runSpeedSlider(UiState& ui, const std::string& name, float& steps_per_second, float max_sps, const char* tooltip);

/// Shows `text` as a wrapped tooltip while the last ImGui item is hovered (disabled items
/// too). Every control in the editor has one.
void hint(const char* text);

}  // namespace polypath::editor
