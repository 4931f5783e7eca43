// camera.hpp: the world <-> screen transform of the editor canvas (pan, zoom, fit).
//
// [SECTION] Screen types
// [SECTION] Camera
// [SECTION] Window layout (where the canvas is)
//
// The map is drawn the same way up as the file's coordinates: screen y grows with world
// y (screen = viewport corner + (world - origin) * scale), so a level designer sees the
// numbers of the vertex table increase to the right and downwards.
#pragma once

#include <optional>

#include "polypath/core/polygon_map.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::editor {

// [SECTION] Screen types

/// A position on the window in pixels (x right, y down); fractional values are allowed.
struct ScreenPos {
  double x = 0.0;  ///< pixels from the window's left edge
  double y = 0.0;  ///< pixels from the window's top edge
};

/// An axis-aligned rectangle on the window, in pixels.
struct ScreenRect {
  double x = 0.0, y = 0.0;  ///< top-left corner, pixels
  double w = 0.0, h = 0.0;  ///< size, pixels
  /// True when p is inside (left and top edges included, right and bottom excluded).
  bool contains(ScreenPos p) const { return p.x >= x && p.y >= y && p.x < x + w && p.y < y + h; }
};

// [SECTION] Camera

/// Maps world units to canvas pixels with a uniform scale and no rotation.
class Camera {
 public:
  /// Smallest and largest scale the camera accepts (pixels per world unit).
  static constexpr double kMinScale = 1e-6;
  static constexpr double kMaxScale = 1e6;

  Camera() = default;
  /// A camera showing world point `origin` at the viewport's top-left corner.
  Camera(ScreenRect viewport, Point origin, double scale);

  /// Screen position (pixels) of a world point.
  ScreenPos toScreen(Point world) const;
  /// World point under a screen position.
  Point toWorld(ScreenPos screen) const;

  /// The canvas area the camera draws into.
  const ScreenRect& viewport() const { return viewport_; }
  /// World point at the viewport's top-left corner.
  Point origin() const { return origin_; }
  /// Pixels per world unit.
  double scale() const { return scale_; }

  /// Changes the canvas area and keeps the world point at its centre where it was.
  void setViewport(ScreenRect viewport);
  /// Scales and centres `bounds` into the viewport, leaving `margin` pixels on each side.
  /// Degenerate bounds (a point, a line) are centred at a scale that keeps them visible.
  void fit(const PolygonMap::Bounds& bounds, double margin = 40.0);
  /// Multiplies the scale by `factor` keeping the world point under `anchor` fixed.
  void zoomAt(ScreenPos anchor, double factor);
  /// Moves the view by a screen offset in pixels (the map follows the mouse).
  void pan(double dx, double dy);

 private:
  ScreenRect viewport_{0, 0, 1, 1};
  Point origin_{};
  double scale_ = 1.0;
};

/// A camera over `viewport` fitted to `bounds` (see Camera::fit).
Camera fittedCamera(ScreenRect viewport, const PolygonMap::Bounds& bounds, double margin = 40.0);

/// A camera over `canvas` that shows `bounds` fitted into `area` (a part of the canvas,
/// see Camera::fit): the map clear of what covers the rest (a legend, a caption).
Camera fittedWithin(const ScreenRect& canvas, const ScreenRect& area, const PolygonMap::Bounds& bounds,
                    double margin = 40.0);

/// True when two cameras map the world to the same pixels: same viewport, and origin and
/// scale equal to 1e-9 relative (a view fitted again after a resize compares equal).
bool sameView(const Camera& a, const Camera& b);

/// Points farther out than this (world units, either coordinate) are too far out:
/// validation refuses them (the limit of exact geometry), the camera fit leaves them out
/// (fitting a vertex typed as 1e300 would shrink the rest of the map to nothing) and the
/// scene never queries from or to them.
inline constexpr double kFarCoordinate = 1e100;

/// Bounds of every finite vertex, start and goal of a document (the map as edited, even
/// when invalid) within kFarCoordinate; nullopt when it has no such point.
std::optional<PolygonMap::Bounds> documentBounds(const MapDocument& doc);

// [SECTION] Window layout

/// Widest the panel column docked on the left of the window gets, in pixels: wide
/// enough for the eight tab labels whole (with up to 99 problems) side by side.
inline constexpr double kMaxPanelWidth = 480.0;
/// Largest share of the window width the panel column takes: the canvas keeps the rest.
inline constexpr double kMaxPanelShare = 0.4;

/// Width of the panel column for a window this wide at UI scale `ui_scale` (appearance.hpp):
/// min(kMaxPanelWidth x ui_scale, 40% of the window), whole pixels, so the labels stay whole
/// at every scale the window has room for and the canvas keeps at least 60% of the window.
double panelWidth(int window_width, double ui_scale = 1.0);

/// The smallest window width whose canvas (canvasRect) is exactly `canvas_width` pixels
/// wide (canvas_width >= 1): --canvas-only screenshots are then exactly --size.
int windowWidthForCanvas(int canvas_width, double ui_scale = 1.0);

/// The canvas: the window minus the panel column at UI scale `ui_scale` (never narrower
/// than 1 pixel).
ScreenRect canvasRect(int window_width, int window_height, double ui_scale = 1.0);

/// The camera the editor uses right after opening a document in a window of this size:
/// the document fitted into canvasRect(). Screenshot tests use it to find features.
Camera initialCamera(const MapDocument& doc, int window_width, int window_height, double ui_scale = 1.0);

}  // namespace polypath::editor
