// picking.hpp: the things the mouse can grab on the canvas (start, goal, ring vertices).
#pragma once

#include <optional>
#include <string>

#include "editor/canvas/camera.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::editor {

/// How close (pixels) the mouse must be to a handle to grab it.
inline constexpr double kHitRadius = 8.0;

/// A draggable point of a document: the start, the goal or one ring vertex.
struct Handle {
  enum class Kind { None, Start, Goal, Vertex };
  Kind kind = Kind::None;
  int polygon = -1;  ///< polygon index (Vertex)
  int hole = -1;     ///< hole index, -1 for the outer ring (Vertex)
  int vertex = -1;   ///< vertex index in the ring (Vertex)

  /// True for anything but Kind::None.
  explicit operator bool() const { return kind != Kind::None; }
  friend bool operator==(const Handle&, const Handle&) = default;
};

/// The handle under `mouse`: start and goal win over vertices when both are within
/// `radius` pixels; otherwise the nearest vertex within `radius`; else a None handle.
Handle pickHandle(const MapDocument& doc, const Camera& camera, ScreenPos mouse, double radius = kHitRadius);

/// A point on a ring edge under the mouse.
struct EdgePick {
  int polygon = -1;  ///< polygon index
  int hole = -1;     ///< hole index, -1 for the outer ring
  int edge = -1;     ///< the edge from vertex `edge` to vertex `edge + 1` (mod the ring size)
  Point point{};     ///< the edge's point nearest to the mouse, world units
};

/// The ring edge nearest to `mouse` within `radius` pixels (measured on screen); nullopt
/// when none is that close.
std::optional<EdgePick> pickEdge(const MapDocument& doc, const Camera& camera, ScreenPos mouse,
                                 double radius = kHitRadius);

/// World position of a handle; nullopt when it does not exist in `doc`.
std::optional<Point> handlePosition(const MapDocument& doc, const Handle& handle);

/// Sets a handle's position; false (and no change) when it does not exist in `doc`.
bool setHandlePosition(MapDocument& doc, const Handle& handle, Point p);

/// "start", "goal", "polygon 0, outer ring, vertex 3", "polygon 0, hole 1, vertex 2".
std::string describeHandle(const Handle& handle);

}  // namespace polypath::editor
