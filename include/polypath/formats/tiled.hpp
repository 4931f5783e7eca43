// tiled.hpp: Tiled maps (mapeditor.org), in Tiled's XML format (.tmx) and its JSON format
// (.tmj): their object layers read into a TiledMap and written from one. What the objects
// mean to polypath (walkable areas, obstacles, start and goal) is the convert layer's
// (convert/tiled_map.hpp); this layer only reads and writes the files.
//
// Read: the <map> (orientation, size, tile size, version), every object layer, also inside
// group layers (their offsets added up), and of each object its id, name, position, size,
// rotation, shape (rectangle, ellipse, point, polygon, polyline; tile and text objects are
// kept with their kind) and its "walkable" property. Tile layers, image layers and
// tilesets are skipped. Coordinates are Tiled's: pixels, y pointing down.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/core/geometry.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// The shape of a Tiled object.
enum class TiledShape { Rectangle, Ellipse, Point, Polygon, Polyline, Tile, Text };

/// "rectangle", "ellipse", "point", "polygon", "polyline", "tile object", "text object".
const char* tiledShapeName(TiledShape shape);

/// One object of an object layer, as the file gives it.
struct TiledObject {
  int id = 0;                ///< Tiled's object id (0 when the file has none)
  std::string name;          ///< may be empty
  TiledShape shape = TiledShape::Rectangle;
  double x = 0.0, y = 0.0;   ///< position in pixels: the top-left corner of a rectangle or
                             ///< ellipse, the point, or the origin of polygon points
  double width = 0.0, height = 0.0;  ///< size of a rectangle or ellipse, pixels
  double rotation = 0.0;     ///< degrees clockwise about (x, y)
  std::vector<Point> points; ///< polygon or polyline vertices relative to (x, y), pixels
  std::optional<bool> walkable;  ///< the object's bool property "walkable", when it has one
  /// Where the object is in its file, for messages: "line 12" (.tmx) or a JSON pointer
  /// "/layers/1/objects/3" (.tmj).
  std::string place;
};

/// One object layer ("objectgroup").
struct TiledObjectLayer {
  int id = 0;
  std::string name;
  Point offset;                 ///< its offsetx, offsety plus those of the groups around it
  std::optional<bool> walkable; ///< its "walkable" property, or the nearest enclosing group's
  std::vector<TiledObject> objects;
};

/// A Tiled map's object layers and what polypath needs of the map itself.
struct TiledMap {
  std::string version = "1.10";  ///< the format version written ("1.10"); read: checked, kept
  std::string orientation = "orthogonal";
  int width = 1, height = 1;          ///< map size in tiles
  int tilewidth = 1, tileheight = 1;  ///< tile size in pixels
  bool infinite = false;              ///< an infinite map has no fixed rectangle
  std::optional<std::string> name;    ///< the map's string property "name", when it has one
  std::optional<std::string> units;   ///< the map's string property "units", when it has one
  std::vector<TiledObjectLayer> layers;  ///< object layers in file (drawing) order
};

/// Parses a .tmx file's text. `source` names the file in messages, which also give the
/// line: "FILE:LINE: ...". Throws MapFileError for text that is not XML (with pugixml's
/// description), a root element other than <map>, a format version other than 1.x, an
/// orientation other than "orthogonal", a missing or malformed number (map size, tile
/// size, object position, size, rotation, polygon points), a "walkable" property that is
/// not a bool, an object from a template file, or a polygon or polyline with fewer than 2
/// points.
TiledMap parseTmx(std::string_view text, const std::string& source);

/// Parses a .tmj file's text; messages name the file and a JSON pointer ("FILE: /layers/0/
/// objects/2/x: expected a number, got ...", syntax errors with line and column). Throws
/// MapFileError for the same problems as parseTmx, and for a "type" other than "map".
TiledMap parseTmj(std::string_view text, const std::string& source);

/// The map as .tmx text: <map> with its attributes and properties, one <objectgroup> per
/// layer (offset and "walkable" property when set), objects with their shape elements.
/// Numbers are written in the shortest form that reads back as the same double.
std::string serializeTmx(const TiledMap& map);

/// The map as .tmj text (Tiled's JSON map format), with the same content as serializeTmx.
std::string serializeTmj(const TiledMap& map);

/// Segments of the polygon an ellipse object becomes.
inline constexpr int kTiledEllipseSegments = 32;

/// The object's outline in map pixels (y down): rotation applied about (x, y) (exactly for
/// multiples of 90 degrees), then the layer offset added. A rectangle gives its 4 corners
/// clockwise on screen from the top-left; an ellipse kTiledEllipseSegments vertices, on the
/// ellipse when `ellipse_inside`, else on a polygon that covers it (edges tangent to it);
/// a polygon or polyline its points; a point, tile or text object its position alone.
Ring tiledObjectOutline(const TiledObject& object, Point layer_offset, bool ellipse_inside);

}  // namespace polypath
