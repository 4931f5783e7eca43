// tiled_map.hpp: what a Tiled map means to polypath, both ways: a TiledMap
// (formats/tiled.hpp) as a MapDocument, and a MapDocument as a TiledMap.
//
// Reading, with 1 world unit = 1 pixel and y down (Tiled's and polypath's screen axes):
// - the walkable region is painted in the file's order (layers as listed, groups entered,
//   objects in index order): rectangle, ellipse and polygon objects whose "walkable"
//   property (the object's, else its layer's or an enclosing group's) is true add their
//   area; every other rectangle, ellipse and polygon object is an obstacle and cuts its
//   area out (painted_region.hpp). With no walkable object, the map's rectangle
//   (width x tilewidth by height x tileheight pixels from (0, 0)) is walkable first;
// - object positions, rotation (degrees clockwise about x, y) and layer offsets are
//   applied; an ellipse becomes a kTiledEllipseSegments-gon, covering the ellipse for an
//   obstacle and inside it for a walkable area (tiledObjectOutline);
// - a point object named "start" or "goal" sets them (also a rectangle without size, as
//   older Tiled wrote points); other points, tile and text objects are ignored;
// - the map's string properties "name" and "units" name the map (else the file's stem)
//   and its units (else "px").
//
// Writing (tiledFromDocument): an orthogonal map of 1-pixel tiles covering (0, 0) to the
// map's far corner; layer "walkable" (property walkable = true) with each polygon's outer
// ring, layer "obstacles" with the holes, as polygon objects; islands inside holes in
// further pairs of layers ("walkable 2", "obstacles 2", ...) painted after the holes
// around them; a layer "markers" with point objects "start" and "goal". Reading it back
// gives the same rings, vertex for vertex.
#pragma once

#include <string>

#include "polypath/formats/map_io.hpp"
#include "polypath/formats/tiled.hpp"

namespace polypath {

/// The walkable region, start, goal, name and units of a Tiled map (see above). `source`
/// names the file in messages, which name the object and its place ("FILE:LINE: object 7
/// \"rock\": ..." for .tmx, "FILE: /layers/0/objects/2: object 7 ..." for .tmj). Throws
/// MapFileError for a polyline among the shapes (open: it encloses no area), a shape
/// whose ring is not simple (crosses or overlaps itself, zero area: validateMap's
/// message), two objects both named "start" (or "goal"), an infinite map without a
/// walkable object, or a region GEOS cannot compute.
MapDocument documentFromTiled(const TiledMap& map, const std::string& source);

/// The document as a Tiled map (see above). The document should be valid (validateMap):
/// islands are found by exact point-in-ring tests that assume rings do not cross.
TiledMap tiledFromDocument(const MapDocument& doc);

}  // namespace polypath
