// debug_draw.hpp: the one drawing interface of polypath, and the functions that draw
// maps, visibility graphs, queries, searches and paths through it.
//
// [SECTION] Colour and layers
// [SECTION] DebugDraw interface
// [SECTION] Draw functions
//
// As in Recast/Detour's duDebugDraw and Box2D's b2DebugDraw, the core never includes a
// renderer: it walks its own structures and calls back. The editor implements DebugDraw
// with SDL2, the SVG writer with text, and tests with a recorder.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"
#include "polypath/core/visibility_graph.hpp"

namespace polypath {

// [SECTION] Colour and layers

/// 8-bit RGBA colour.
struct Color {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
  friend bool operator==(const Color&, const Color&) = default;
};

/// One toggleable kind of debug data. Values are bit flags for a `layers` mask.
enum Layer : std::uint32_t {
  LayerRegion = 1u << 0,          ///< walkable region fill
  LayerEdges = 1u << 1,           ///< ring edges
  LayerEdgeNormals = 1u << 2,     ///< inward normal at each edge midpoint
  LayerVertexNormals = 1u << 3,   ///< inward bisector at each vertex
  LayerVertices = 1u << 4,        ///< every ring vertex
  LayerReflexNodes = 1u << 5,     ///< graph nodes (reflex vertices, pushed by corner_offset)
  LayerLosLinks = 1u << 6,        ///< line-of-sight links between graph nodes
  LayerStartGoalLinks = 1u << 7,  ///< links from the start and to the goal
  LayerClosedSet = 1u << 8,       ///< nodes the search has expanded, with parent links
  LayerOpenSet = 1u << 9,         ///< nodes waiting in the open set
  LayerRelaxed = 1u << 10,        ///< arcs examined by the last expansion
  LayerExpanded = 1u << 11,       ///< the node expanded by the last step
  LayerPath = 1u << 12,           ///< the path found
  LayerStartGoal = 1u << 13,      ///< start and goal markers
  LayerGridCells = 1u << 14,      ///< grid method: blocked cells (free cells are drawn with LayerRegion)
  LayerGridExplored = 1u << 15,   ///< grid method: cells the search has closed
  LayerGridWaiting = 1u << 16,    ///< grid method: cells waiting in the open set
  // Navigation mesh (debug_draw_navmesh.hpp).
  LayerNavTriangles = 1u << 17,   ///< navmesh faces (constrained Delaunay triangles) outlined
  LayerNavAdjacency = 1u << 18,   ///< links between the centres of neighbouring faces
  LayerNavCorridor = 1u << 19,    ///< faces of the corridor the search returned
  LayerNavPortals = 1u << 20,     ///< the corridor's portals (shared edges crossed in order)
  LayerFunnelApex = 1u << 21,     ///< the funnel's apex while it is stepped
  LayerFunnelSides = 1u << 22,    ///< the funnel's left and right sides while it is stepped
  LayerNavSteerPortals = 1u << 23,  ///< the portal corridor's kept portals (seed 003: the ones an agent steers through)
  LayerClearanceOutline = 1u << 24,  ///< the boundary of the region eroded by the agent radius (clearance > 0)
};
/// Colour of the goal marker (the start marker has LayerStartGoal's colour).
inline constexpr Color kGoalColor{255, 117, 152, 255};
/// The navigation-mesh layers (bits 17..23).
inline constexpr std::uint32_t kNavMeshLayers = LayerNavTriangles | LayerNavAdjacency | LayerNavCorridor |
                                                 LayerNavPortals | LayerFunnelApex | LayerFunnelSides |
                                                 LayerNavSteerPortals;
/// Every layer.
inline constexpr std::uint32_t kAllLayers = ((1u << 17) - 1) | kNavMeshLayers | LayerClearanceOutline;
/// What the editor shows on open.
inline constexpr std::uint32_t kDefaultLayers = kAllLayers & ~LayerVertices;

/// Name, colour and meaning of a layer, for toggles and the legend.
struct LayerInfo {
  Layer layer;
  const char* name;
  Color color;
  const char* meaning;
};
/// All layers in drawing order (back to front).
std::span<const LayerInfo> layerInfos();
/// The colour a layer is drawn in.
Color layerColor(Layer layer);

// [SECTION] DebugDraw interface

/// An axis-aligned box in world units: the part of the world a target shows.
struct ViewBox {
  Point min;  ///< corner with the smallest coordinates, world units
  Point max;  ///< corner with the largest coordinates, world units
  /// True when the closed box spanned by `a` and `b` (two opposite corners in any order:
  /// a segment's ends, or a point twice) meets this closed box.
  bool meets(Point a, Point b) const {
    return std::max(a.x, b.x) >= min.x && std::min(a.x, b.x) <= max.x && std::max(a.y, b.y) >= min.y &&
           std::min(a.y, b.y) <= max.y;
  }
};

/// Receives primitives in world units. Sizes marked "pixels" are screen sizes the
/// implementation keeps constant under zoom.
class DebugDraw {
 public:
  virtual ~DebugDraw() = default;
  /// Level of detail: the world length of a few pixels on the target (0, the default:
  /// draw everything, as a picture file does). Draw functions may leave out detail smaller
  /// than this where a map is seen from afar (the faces of a large navigation mesh).
  double min_detail = 0.0;
  /// View culling: the part of the world the target shows, widened by its widest line and
  /// largest disc (world units). Unset (the default): everything is drawn, as a picture
  /// file shows it all. Draw functions leave out the elements whose bounding box misses it
  /// (the faces, walls and links of a large map off screen when zoomed in).
  std::optional<ViewBox> view;
  /// True when a primitive inside the bounding box of `a` and `b` may show: no view is
  /// set, or the box meets it. Draw functions call it before each element they may skip.
  bool shows(Point a, Point b) const { return !view || view->meets(a, b); }
  /// shows(p, p): a dot or a marker at p (its radius is in the view's margin).
  bool shows(Point p) const { return shows(p, p); }
  /// Takes min_detail and view from `target`: for a DebugDraw that passes its primitives
  /// on to `target` (recolours them, widens them), so the draw functions cull as for it.
  void cullLike(const DebugDraw& target) {
    min_detail = target.min_detail;
    view = target.view;
  }
  /// A segment from a to b, `width` pixels wide.
  virtual void line(Point a, Point b, Color c, float width) = 0;
  /// A filled disc at p with a radius in pixels.
  virtual void point(Point p, Color c, float radius) = 0;
  /// A hollow circle at p, `radius` and `width` in pixels (the open set: told from the
  /// filled closed set by shape as well as colour). Drawn as a filled disc by
  /// implementations that do not override it.
  virtual void ring(Point p, Color c, float radius, float width) {
    (void)width;
    point(p, c, radius);
  }
  /// Fills the region enclosed by the rings under the even-odd rule (outer rings and
  /// their holes together).
  virtual void fillRings(const std::vector<const Ring*>& rings, Color c) = 0;
  /// A short label whose top-left corner is at p.
  virtual void text(Point p, std::string_view s, Color c) = 0;
};

// [SECTION] Draw functions

/// Draw options that are not layers.
struct DrawStyle {
  double normal_length = 1.0;  ///< length of drawn normals in world units
  /// Level of detail: the normals of edges shorter than this (world units; a vertex
  /// normal: either of its edges) are left out, so that a map seen from afar shows its
  /// walls and not a fur of normals. 0 draws every normal.
  double normal_min_edge = 0.0;
};

/// Region fill, edges, vertices, edge and vertex normals (by layer).
void drawMap(DebugDraw& dd, const PolygonMap& map, std::uint32_t layers, const DrawStyle& style = {});
/// The edges of `eroded`, the walkable region eroded by the agent radius
/// (io/clearance.hpp), as thin lines in LayerClearanceOutline's colour: where the agent's
/// centre may go.
void drawClearanceOutline(DebugDraw& dd, const PolygonMap& eroded, std::uint32_t layers);
/// Graph nodes and line-of-sight links (by layer).
void drawVisibilityGraph(DebugDraw& dd, const VisibilityGraph& graph, std::uint32_t layers);
/// Start and goal markers (LayerStartGoal): either may be null. The start is drawn in
/// the layer's colour, the goal in kGoalColor.
void drawStartGoal(DebugDraw& dd, const Point* start, const Point* goal, std::uint32_t layers);
/// Start and goal links of a query, and the start and goal markers (by layer).
void drawQuery(DebugDraw& dd, const VisibilityQuery& query, std::uint32_t layers);
/// The closed set (with parent links), open set, last relaxed arcs and last expanded node.
void drawSearch(DebugDraw& dd, const SearchGraph& graph, const SearchState& state, std::uint32_t layers);
/// The path as a thick polyline.
void drawPath(DebugDraw& dd, const Path& path, std::uint32_t layers);

}  // namespace polypath
