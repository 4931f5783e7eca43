// panel_widgets.hpp: the small ImGui helpers the panel files share: remembering a
// control's screen rectangle for scripted input, its tooltip, the Run speed slider, and
// text cut to a width with an ellipsis.
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

/// `text` cut at the end and finished with "..." so that it is at most `max_width` pixels
/// wide in the current ImGui font (whole when it fits; "" when not even "..." fits). Call
/// inside an ImGui frame.
std::string fitToWidth(const std::string& text, float max_width);

/// Shows `text` as a wrapped tooltip while the last ImGui item is hovered (disabled items
/// too). Every control in the editor has one.
void hint(const char* text);

}  // namespace polypath::editor
