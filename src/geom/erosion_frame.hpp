// erosion_frame.hpp: the map's own frame for offsetting: coordinates translated to the
// centre of the map's bounding box and scaled by a power of two to about [-1, 1]. Large
// coordinates (1e6 to 1e7) lose their common offset, so an offsetting engine works on
// small numbers; the power-of-two scale multiplies exactly. Internal to polypath_geom.
#pragma once

#include <vector>

#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// world = origin + scale * frame.
struct ErosionFrame {
  Point origin;       ///< centre of the map's bounding box (world units)
  double scale = 1.0; ///< a power of two at least half the larger side of the box

  /// The frame of `polygons`' bounding box (origin 0, scale 1 when there are none).
  static ErosionFrame of(const std::vector<Polygon>& polygons);

  Point toFrame(Point p) const { return {(p.x - origin.x) / scale, (p.y - origin.y) / scale}; }
  Point toWorld(Point p) const { return {origin.x + p.x * scale, origin.y + p.y * scale}; }
  /// Every ring of `polygons` mapped by toFrame (to_world false) or toWorld (true).
  std::vector<Polygon> map(std::vector<Polygon> polygons, bool to_world) const;
};

}  // namespace polypath
