// geojson.hpp: polygon maps as GeoJSON (RFC 7946): Polygon and MultiPolygon geometries
// as walkable areas (their interior rings as holes), start and goal as Point features.
//
// Reading: the root is a FeatureCollection, a Feature, a GeometryCollection or a bare
// Polygon or MultiPolygon. Each Polygon becomes one walkable area (a MultiPolygon one per
// part), in document order. Rings must be closed (first position equal to the last; the
// repeat is dropped) with at least 4 positions; either orientation is accepted. A
// position is [x, y] or [x, y, z] (z ignored). A Feature whose geometry is a Point with
// the property "role": "start" or "goal" sets that endpoint. Every other geometry is
// refused with its JSON pointer: LineString and MultiLineString (an open line bounds no
// area), other Points, MultiPoint. A Feature with a null geometry is skipped. The
// properties of a Polygon feature are kept as the polygon's extra keys. The
// FeatureCollection's foreign members "name" and "units" are read when present, and its
// other foreign members kept as the map's extra keys ("bbox" is ignored).
//
// Writing: a FeatureCollection with "name" (when set), "units" and the map's extra keys
// as foreign members (after "features"; one named like a member is dropped), one Polygon Feature
// per walkable area (exterior ring counter-clockwise, holes clockwise, in the y-up frame
// of RFC 7946; rings closed; the polygon's extra keys as properties), then the start
// and goal as Point features with "role". Numbers read back as the same doubles.
// Coordinates are taken as planar x, y in the map's units; nothing is projected.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "polypath/formats/map_io.hpp"

namespace polypath {

/// A map read from GeoJSON, with the JSON pointers its parts came from (for messages).
struct GeoJsonMap {
  MapDocument doc;  ///< the map; units "degrees" unless the file says otherwise
  /// Per polygon of doc: the pointer of its coordinates array, whose element 0 is the
  /// exterior ring and element h + 1 hole h ("/features/2/geometry/coordinates", or
  /// ".../coordinates/1" for the second part of a MultiPolygon).
  std::vector<std::string> polygon_pointers;
  std::string start_pointer;  ///< pointer of the start's Point feature, empty when none
  std::string goal_pointer;   ///< pointer of the goal's Point feature, empty when none

  /// The JSON pointer of a place of doc: a polygon, a ring (hole -1: the exterior) or a
  /// vertex (position index, as written). Empty for place.polygon out of range.
  std::string pointerOf(const RingLocation& place) const;
};

/// Parses GeoJSON text. `source` names the file in messages, which read
/// "SOURCE: POINTER: what is wrong" (or "SOURCE:LINE:COLUMN: not valid JSON: ..." for a
/// syntax error). Throws MapFileError on malformed JSON, a key given twice, a missing or
/// unknown "type", a geometry polypath does not read (see above), a ring that is not
/// closed or has fewer than 4 positions, a position that is not 2 or 3 finite numbers,
/// a second start or goal, or no polygon at all. Geometry is not validated (validateMap).
GeoJsonMap parseGeoJson(std::string_view text, const std::string& source = "<memory>");

/// The map as a GeoJSON FeatureCollection (see above), pretty-printed with one position
/// per line. Rings are written as given, reversed (keeping their first vertex) where
/// their orientation is not RFC 7946's; a ring with zero area is written as given.
/// Settings are not written (GeoJSON has no place for them).
std::string serializeGeoJson(const MapDocument& doc);

}  // namespace polypath
