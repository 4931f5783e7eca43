// debugger_panel.hpp: the debugger part of the Search tab: step back, the timeline slider
// over every expansion, and breakpoints.
#pragma once

#include "editor/panels/panels.hpp"

namespace polypath::editor {

/// Draws the timeline (Back, Forward, a slider over expansions 0 .. count) and the
/// breakpoints (node expanded, goal opened, f exceeds; "Run to breakpoint"; the list
/// last, in a box of fixed height) into the current ImGui window, acting on `scene`
/// through ui.debugger. Every row is there whatever the state, so nothing moves when a
/// breakpoint is added or the timeline moves. Named widgets (for scripted input): "Back",
/// "Forward", "timeline", "bp pick node", "bp goal opened", "bp f value", "bp f",
/// "Run to breakpoint", "bp clear", "bp list".
void debuggerPart(Scene& scene, UiState& ui);

/// The node inspector (the node Alt + clicked on the canvas, ringed there): its state,
/// g, h, f, parent, why, and its neighbours. Its height changes: draw it after the parts
/// that must not move.
void inspectorPart(const Scene& scene, UiState& ui);

/// Draws "g 3 h 4.24 f 7.24" on the canvas next to the search node under `mouse` (within
/// kHitRadius pixels) while stepping; nothing for an unseen node.
void drawNodeLabel(const Scene& scene, const Camera& camera, ScreenPos mouse);

}  // namespace polypath::editor
