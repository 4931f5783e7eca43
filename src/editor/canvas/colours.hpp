// colours.hpp: the editor's own colours (problem marks and editing tools), listed in the
// legend with the layers' colours. They are the dark theme's (palette.hpp); SdlDebugDraw
// draws them in the theme's.
#pragma once

#include "polypath/debug/palette.hpp"

namespace polypath::editor {

/// Colour of the canvas marks where an error is (the offending vertex, ring, crossing
/// point, start or goal), and where a warning is.
inline constexpr Color kProblemColor = palette::kProblem.dark;
inline constexpr Color kWarningColor = palette::kWarning.dark;
/// Colours of the editing tools: selected vertices and the selection box, the edge under
/// the mouse (a click inserts a vertex on it), the ring being drawn, the handle under the
/// mouse and the handle being dragged.
inline constexpr Color kSelectionColor = palette::kSelection.dark;
inline constexpr Color kHoverEdgeColor = palette::kHoverEdge.dark;
inline constexpr Color kDrawingColor = palette::kDrawing.dark;
inline constexpr Color kHoverRing = palette::kHover.dark;
inline constexpr Color kDragRing = palette::kDragged.dark;
/// The ring around the node the node inspector (Search tab) shows.
inline constexpr Color kInspectedMark = palette::kInspected.dark;

}  // namespace polypath::editor
