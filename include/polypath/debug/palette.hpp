// palette.hpp: every colour polypath draws with, one named colour per meaning, in a dark
// theme (screens) and a light theme (classroom projectors).
//
// The colours the search is told by (nodes, sets, path, start, goal) and the editor's
// marks were chosen so that, under simulated protanopia, deuteranopia and tritanopia
// (Machado, Oliveira & Fernandes 2009, severity 1), each pair shown together differs by
// a CIEDE2000 distance of at least 10, and each differs from the theme's background and
// walkable fill by at least 20 (tests/test_palette.cpp checks it; docs/editor.md lists
// the pairs). The open set is drawn as hollow rings and the closed set as filled discs,
// so they differ by shape too.
#pragma once

#include <span>

#include "polypath/debug/debug_draw.hpp"

namespace polypath {

/// The editor's colour themes.
enum class Theme {
  Dark,   ///< light marks on a near-black canvas (the default; what SVG exports use)
  Light,  ///< dark marks on a near-white canvas, for projectors in lit rooms
};

/// A meaning's colour in each theme.
struct ThemedColor {
  Color dark;
  Color light;
  /// The colour in `theme`.
  constexpr Color in(Theme theme) const { return theme == Theme::Light ? light : dark; }
};

/// The named colours, one per meaning.
namespace palette {
// Canvas
inline constexpr ThemedColor kBackground{{20, 22, 28, 255}, {248, 248, 245, 255}};   ///< canvas behind the map
inline constexpr ThemedColor kGrid{{255, 255, 255, 16}, {0, 0, 0, 28}};              ///< world grid lines
inline constexpr ThemedColor kHint{{130, 138, 152, 255}, {88, 94, 106, 255}};        ///< hint text on the canvas
inline constexpr ThemedColor kLabel{{225, 230, 238, 255}, {24, 28, 36, 255}};        ///< node labels
inline constexpr ThemedColor kDivider{{120, 125, 135, 255}, {150, 155, 165, 255}};    ///< line between Compare panes
inline constexpr ThemedColor kLabelPlate{{14, 16, 22, 215}, {250, 250, 248, 220}};   ///< plate behind node labels
// Map
inline constexpr ThemedColor kRegion{{46, 58, 74, 255}, {218, 226, 236, 255}};      ///< walkable region fill
inline constexpr ThemedColor kEdges{{200, 208, 220, 255}, {36, 40, 48, 255}};       ///< ring edges (walls)
inline constexpr ThemedColor kVertices{{200, 208, 221, 255}, {36, 40, 49, 255}};    ///< ring vertices
inline constexpr ThemedColor kEdgeNormals{{120, 140, 170, 255}, {110, 125, 150, 255}};
inline constexpr ThemedColor kVertexNormals{{150, 120, 200, 255}, {130, 95, 185, 255}};
inline constexpr ThemedColor kClearanceOutline{{0, 255, 210, 255}, {0, 140, 115, 255}};
// Visibility graph and search
inline constexpr ThemedColor kReflexNodes{{139, 146, 188, 255}, {108, 127, 141, 255}};    ///< graph nodes
inline constexpr ThemedColor kLosLinks{{90, 110, 135, 255}, {170, 182, 198, 255}};
inline constexpr ThemedColor kStartGoalLinks{{80, 170, 200, 255}, {90, 160, 190, 255}};
inline constexpr ThemedColor kClosedSet{{172, 33, 36, 255}, {249, 19, 4, 255}};
inline constexpr ThemedColor kOpenSet{{44, 173, 148, 255}, {19, 187, 113, 255}};
inline constexpr ThemedColor kRelaxed{{184, 171, 91, 255}, {146, 89, 66, 255}};
inline constexpr ThemedColor kExpanded{{255, 255, 255, 255}, {0, 0, 1, 255}};
inline constexpr ThemedColor kPath{{68, 128, 255, 255}, {1, 140, 251, 255}};
inline constexpr ThemedColor kStart{{86, 64, 255, 255}, {26, 0, 255, 255}};
inline constexpr ThemedColor kGoal{{255, 117, 152, 255}, {115, 20, 120, 255}};
// Grid method
inline constexpr ThemedColor kGridWalls{{120, 112, 100, 255}, {150, 142, 130, 255}};
inline constexpr ThemedColor kGridExplored{{40, 70, 120, 255}, {190, 208, 235, 255}};
inline constexpr ThemedColor kGridWaiting{{40, 110, 110, 255}, {180, 225, 220, 255}};
// Navigation mesh
inline constexpr ThemedColor kNavTriangles{{70, 95, 120, 255}, {150, 165, 185, 255}};
inline constexpr ThemedColor kNavAdjacency{{110, 90, 150, 255}, {165, 145, 200, 255}};
inline constexpr ThemedColor kNavCorridor{{60, 120, 90, 160}, {140, 205, 165, 160}};
inline constexpr ThemedColor kNavPortals{{240, 200, 60, 255}, {185, 135, 0, 255}};
inline constexpr ThemedColor kNavSteerPortals{{200, 140, 255, 255}, {135, 70, 210, 255}};
inline constexpr ThemedColor kFunnelSides{{255, 120, 60, 255}, {215, 85, 20, 255}};
inline constexpr ThemedColor kFunnelApex{{255, 60, 160, 255}, {200, 20, 120, 255}};
// Editor marks
inline constexpr ThemedColor kProblem{{194, 54, 27, 255}, {200, 20, 20, 255}};     ///< where the map is invalid
inline constexpr ThemedColor kWarning{{250, 255, 17, 255}, {182, 146, 0, 255}};    ///< allowed but maybe not meant
inline constexpr ThemedColor kSelection{{40, 137, 250, 255}, {9, 130, 120, 255}};  ///< selected vertices, selection box
inline constexpr ThemedColor kDrawing{{205, 166, 230, 255}, {215, 0, 166, 255}};   ///< the ring being drawn
inline constexpr ThemedColor kHoverEdge{{106, 177, 59, 255}, {134, 123, 81, 255}};  ///< edge under the mouse
inline constexpr ThemedColor kHover{{235, 240, 255, 255}, {20, 24, 60, 255}};   ///< handle under the mouse
inline constexpr ThemedColor kDragged{{255, 215, 150, 255}, {150, 80, 0, 255}}; ///< handle being dragged
inline constexpr ThemedColor kInspected{{255, 80, 230, 255}, {180, 0, 150, 255}};  ///< ring around the node the inspector shows
inline constexpr ThemedColor kEditedOutline{{235, 238, 245, 220}, {30, 34, 44, 220}};  ///< edited rings not built yet
}  // namespace palette

/// A named colour of the palette.
struct PaletteEntry {
  const char* name;   ///< the meaning, as in the legend ("Closed set", "Error")
  ThemedColor color;
};

/// Every named colour of the palette (the constants above), each once.
std::span<const PaletteEntry> paletteEntries();

/// The same meaning's colour in `theme` for a colour of the dark palette; colours not in
/// the palette (greyed or tinted ones) come back unchanged.
Color themed(Color dark, Theme theme);

/// The colour a layer is drawn in, in `theme`.
Color layerColor(Layer layer, Theme theme);

}  // namespace polypath
