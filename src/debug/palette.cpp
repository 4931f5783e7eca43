// palette.cpp: the list of named colours and the theme look-ups.
#include "polypath/debug/palette.hpp"

#include <array>

namespace polypath {

namespace {

using namespace palette;

static_assert(kGoal.dark == kGoalColor, "the goal marker is drawn in the palette's goal colour");

constexpr std::array<PaletteEntry, 42> kEntries = {{
    {"Canvas", kBackground},
    {"Grid", kGrid},
    {"Hint text", kHint},
    {"Label", kLabel},
    {"Label plate", kLabelPlate},
    {"Walkable region", kRegion},
    {"Edges", kEdges},
    {"Vertices", kVertices},
    {"Edge normals", kEdgeNormals},
    {"Vertex normals", kVertexNormals},
    {"Eroded outline", kClearanceOutline},
    {"Reflex nodes", kReflexNodes},
    {"Line-of-sight links", kLosLinks},
    {"Start/goal links", kStartGoalLinks},
    {"Closed set", kClosedSet},
    {"Open set", kOpenSet},
    {"Relaxed arcs", kRelaxed},
    {"Expanded node", kExpanded},
    {"Path", kPath},
    {"Start", kStart},
    {"Goal", kGoal},
    {"Grid walls", kGridWalls},
    {"Explored cells", kGridExplored},
    {"Waiting cells", kGridWaiting},
    {"Navmesh triangles", kNavTriangles},
    {"Navmesh adjacency", kNavAdjacency},
    {"Corridor", kNavCorridor},
    {"Portals", kNavPortals},
    {"Steer portals", kNavSteerPortals},
    {"Funnel sides", kFunnelSides},
    {"Funnel apex", kFunnelApex},
    {"Error", kProblem},
    {"Warning", kWarning},
    {"Selection", kSelection},
    {"New ring", kDrawing},
    {"Edge under mouse", kHoverEdge},
    {"Hover", kHover},
    {"Dragged", kDragged},
    {"Inspected node", kInspected},
    {"Edited rings", kEditedOutline},
    {"Compare divider", kDivider},
    // The start and goal markers' outline and letters (editor/document/scene.hpp kMarkerInk):
    // light letters on the light theme's deep blue and purple markers.
    {"Marker ink", {{12, 14, 20, 255}, {255, 255, 255, 255}}},
}};

}  // namespace

std::span<const PaletteEntry> paletteEntries() { return kEntries; }

Color themed(Color dark, Theme theme) {
  if (theme == Theme::Dark) return dark;
  for (const PaletteEntry& e : kEntries)
    if (e.color.dark == dark) return e.color.light;
  return dark;
}

Color layerColor(Layer layer, Theme theme) { return themed(layerColor(layer), theme); }

}  // namespace polypath
