// new_map.cpp: the default room and the placement of an added start or goal.
#include "editor/document/new_map.hpp"

#include <cmath>
#include <limits>

#include "editor/canvas/camera.hpp"

namespace polypath::editor {

MapDocument defaultRoom() {
  MapDocument doc;
  doc.name = "untitled";
  doc.units = "m";
  Polygon room;
  room.outer = {{0, 0}, {40, 0}, {40, 24}, {0, 24}};
  doc.polygons.push_back(room);
  doc.start = Point{6, 12};
  doc.goal = Point{34, 12};
  return doc;
}

Point addedEndpoint(const MapDocument& doc, const PolygonMap* map, bool is_start) {
  const auto bounds = documentBounds(doc);
  if (!bounds) return Point{0, 0};
  const double w = bounds->max.x - bounds->min.x, h = bounds->max.y - bounds->min.y;
  const Point quarter{is_start ? bounds->min.x + w / 4 : bounds->max.x - w / 4, bounds->min.y + h / 2};
  const std::optional<Point> other = is_start ? doc.goal : doc.start;
  if (!map || (map->isWalkable(quarter) && !(other && *other == quarter))) return quarter;
  constexpr int kLattice = 17;
  std::optional<Point> best;
  double best_score = -std::numeric_limits<double>::infinity();
  for (int j = 0; j < kLattice; ++j)
    for (int i = 0; i < kLattice; ++i) {
      const Point p{bounds->min.x + w * (i + 0.5) / kLattice, bounds->min.y + h * (j + 0.5) / kLattice};
      if (!map->isWalkable(p)) continue;
      const double score = other ? std::hypot(p.x - other->x, p.y - other->y) : -std::hypot(p.x - quarter.x, p.y - quarter.y);
      if (score > best_score) {
        best_score = score;
        best = p;
      }
    }
  return best ? *best : quarter;
}

}  // namespace polypath::editor
