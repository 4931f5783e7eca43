// colours.hpp: the editor's own colours (problem marks and editing tools), listed in the
// legend with the layers' colours.
#pragma once

#include "polypath/debug/debug_draw.hpp"

namespace polypath::editor {

/// Colour of the canvas marks where an error is (the offending vertex, ring, crossing
/// point, start or goal), and where a warning is.
inline constexpr Color kProblemColor{255, 70, 70, 255};
inline constexpr Color kWarningColor{255, 190, 60, 255};
/// Colours of the editing tools: selected vertices and the selection box, the edge under
/// the mouse (a click inserts a vertex on it), the ring being drawn, the handle under the
/// mouse and the handle being dragged.
inline constexpr Color kSelectionColor{80, 200, 255, 255};
inline constexpr Color kHoverEdgeColor{190, 255, 60, 255};
inline constexpr Color kDrawingColor{255, 150, 40, 255};
inline constexpr Color kHoverRing{255, 255, 255, 255};
inline constexpr Color kDragRing{255, 230, 90, 255};
/// The ring around the node the node inspector (Search tab) shows.
inline constexpr Color kInspectedMark{255, 80, 230, 255};

}  // namespace polypath::editor
