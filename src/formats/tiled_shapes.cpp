// tiled_shapes.cpp: Tiled object shapes as outlines in map pixels (tiled.hpp).
#include <cmath>
#include <numbers>

#include "polypath/formats/tiled.hpp"

namespace polypath {

const char* tiledShapeName(TiledShape shape) {
  switch (shape) {
    case TiledShape::Rectangle: return "rectangle";
    case TiledShape::Ellipse: return "ellipse";
    case TiledShape::Point: return "point";
    case TiledShape::Polygon: return "polygon";
    case TiledShape::Polyline: return "polyline";
    case TiledShape::Tile: return "tile object";
    case TiledShape::Text: return "text object";
  }
  return "object";
}

namespace {

/// Rotation by `degrees` clockwise on a y-down screen: the matrix [c -s; s c]. Multiples
/// of 90 degrees use exact 0 and +-1, so axis-aligned shapes keep exact coordinates.
struct Rotation {
  double c = 1.0, s = 0.0;
  explicit Rotation(double degrees) {
    const double turns = degrees / 90.0;
    if (std::isfinite(turns) && turns == std::floor(turns)) {
      const long quarter = static_cast<long>(std::fmod(turns, 4.0) + 4.0) % 4;
      static constexpr double kCos[4] = {1, 0, -1, 0}, kSin[4] = {0, 1, 0, -1};
      c = kCos[quarter];
      s = kSin[quarter];
    } else {
      const double r = degrees * std::numbers::pi / 180.0;
      c = std::cos(r);
      s = std::sin(r);
    }
  }
  Point apply(Point d) const {
    if (s == 0.0 && c == 1.0) return d;  // no rotation: keep the values (and the sign of 0) as given
    return {d.x * c - d.y * s, d.x * s + d.y * c};
  }
};

}  // namespace

Ring tiledObjectOutline(const TiledObject& o, Point layer_offset, bool ellipse_inside) {
  Ring local;
  switch (o.shape) {
    case TiledShape::Rectangle:
      local = {{0.0, 0.0}, {o.width, 0.0}, {o.width, o.height}, {0.0, o.height}};
      break;
    case TiledShape::Ellipse: {
      const double rx = o.width / 2.0, ry = o.height / 2.0;
      const double grow = ellipse_inside ? 1.0 : 1.0 / std::cos(std::numbers::pi / kTiledEllipseSegments);
      for (int k = 0; k < kTiledEllipseSegments; ++k) {
        const double a = 2.0 * std::numbers::pi * k / kTiledEllipseSegments;
        local.push_back({rx + rx * grow * std::cos(a), ry + ry * grow * std::sin(a)});
      }
      break;
    }
    case TiledShape::Polygon:
    case TiledShape::Polyline: local = o.points; break;
    case TiledShape::Point:
    case TiledShape::Tile:
    case TiledShape::Text: local = {{0.0, 0.0}}; break;
  }
  const Rotation rotation(o.rotation);
  Ring out;
  out.reserve(local.size());
  for (const Point& d : local) {
    const Point r = rotation.apply(d);
    out.push_back({o.x + r.x + layer_offset.x, o.y + r.y + layer_offset.y});
  }
  return out;
}

}  // namespace polypath
