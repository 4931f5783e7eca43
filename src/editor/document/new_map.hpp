// new_map.hpp: what New and the Map tab's Add buttons put on the canvas, so that a new
// map is usable at once: a room with a start and a goal apart, and an added endpoint on
// walkable ground away from the other one.
#pragma once

#include <optional>

#include "polypath/core/polygon_map.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::editor {

/// The document New opens: one 40 x 24 m room, start (6, 12) and goal (34, 12), named
/// "untitled". It validates without problems and its path is the straight 28 m line.
MapDocument defaultRoom();

/// Where the Map tab's Add button puts a missing start (`is_start`) or goal: on the
/// horizontal line through the middle of the map's bounds, a quarter of the width from the
/// left (start) or the right (goal); when that point is not walkable on `map`, the
/// walkable point of a 17 x 17 lattice over the bounds farthest from the other endpoint
/// (or nearest that quarter point when there is no other endpoint). Without bounds, the
/// origin; without a built `map` (an invalid document), the quarter point.
Point addedEndpoint(const MapDocument& doc, const PolygonMap* map, bool is_start);

}  // namespace polypath::editor
