// svg_draw.hpp: a DebugDraw that writes SVG, so every draw function of the core
// (drawMap, drawVisibilityGraph, drawSearch, drawPath...) can export a vector picture.
//
// [SECTION] SvgViewport (world units to SVG pixels)
// [SECTION] SvgDraw
//
// Sizes the DebugDraw interface gives in pixels (line widths, point radii) are SVG user
// units, so a picture looks like the editor's canvas at the same scale. World y points
// down on screen (DESIGN.md), as SVG's y does: no flip.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "polypath/debug/debug_draw.hpp"

namespace polypath {

// [SECTION] SvgViewport

/// Maps a world rectangle onto an SVG canvas of `width` pixels (height from the aspect
/// ratio) with a margin on every side, keeping proportions.
class SvgViewport {
 public:
  /// `min`, `max`: the world rectangle to show (world units); `width`, `margin`: pixels,
  /// width > 2 margin. A rectangle of zero width or height is widened to a square of
  /// its other side (or of 1 world unit when both are zero).
  SvgViewport(Point min, Point max, double width = 800.0, double margin = 20.0);
  /// The viewport of a map's bounds.
  static SvgViewport fit(const PolygonMap& map, double width = 800.0, double margin = 20.0);
  /// World point to SVG pixels.
  Point toSvg(Point world) const;
  double width() const { return width_; }
  double height() const { return height_; }
  /// Pixels per world unit.
  double scale() const { return scale_; }

 private:
  Point min_;
  double width_, height_, margin_, scale_;
};

// [SECTION] SvgDraw

/// Collects DebugDraw primitives as SVG elements: line() gives <line>, point() and ring() <circle>,
/// fillRings() one <path> with fill-rule="evenodd", text() <text>. Translucent colours
/// get stroke-opacity / fill-opacity. Groups (<g id="...">) may wrap primitives, for
/// example one per layer.
class SvgDraw final : public DebugDraw {
 public:
  explicit SvgDraw(const SvgViewport& viewport, Color background = {20, 22, 28, 255});

  void line(Point a, Point b, Color c, float width) override;
  void point(Point p, Color c, float radius) override;
  /// A <circle> with no fill, stroked `width` wide.
  void ring(Point p, Color c, float radius, float width) override;
  void fillRings(const std::vector<const Ring*>& rings, Color c) override;
  void text(Point p, std::string_view s, Color c) override;

  /// Opens <g id="id">; `id` is written escaped. Groups nest.
  void beginGroup(std::string_view id);
  /// Closes the innermost open group (no effect when none is open).
  void endGroup();
  /// The whole document: XML declaration, <svg> with width, height and viewBox, the
  /// background rectangle, every primitive in call order; open groups are closed.
  std::string document() const;
  const SvgViewport& viewport() const { return viewport_; }

 private:
  SvgViewport viewport_;
  Color background_;
  std::string body_;
  int open_groups_ = 0;
};

/// Text with &, <, >, " and ' escaped for XML content and attributes.
std::string xmlEscape(std::string_view s);

}  // namespace polypath
