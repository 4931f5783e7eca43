// edit_commands.hpp: the edits a designer makes to a MapDocument, as plain functions on
// the document (no UI, no history). The Scene wraps each call into one undoable command
// (see history.hpp); tests call them directly.
//
// Rings are named by RingRef {polygon, hole} (hole -1: the outer ring). Every function
// keeps MapDocument::extra_polygons parallel to the polygons, returns false (and leaves
// the document unchanged) when what it names does not exist, and never validates: an
// edit may make the map invalid, which the Scene shows.
#pragma once

#include <optional>
#include <vector>

#include "editor/canvas/picking.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::editor {

/// One ring of a document: the outer ring of `polygon` (hole -1) or one of its holes.
struct RingRef {
  int polygon = -1;  ///< polygon index
  int hole = -1;     ///< hole index, -1 for the outer ring
  friend bool operator==(const RingRef&, const RingRef&) = default;
};

/// The ring a vertex handle belongs to; nullopt for start, goal and None.
std::optional<RingRef> ringOfHandle(const Handle& h);

/// The ring `r` names; null when the document has no such ring.
const Ring* ringAt(const MapDocument& doc, RingRef r);
Ring* ringAt(MapDocument& doc, RingRef r);

/// "polygon 0, outer ring" / "polygon 1, hole 2".
std::string describeRing(RingRef r);

/// Moves every handle (vertices, start, goal) by `delta` world units. Handles given twice
/// move once. False when none of them exists.
bool moveHandles(MapDocument& doc, const std::vector<Handle>& handles, Point delta);

/// Inserts `p` into ring `r` before position `index` (0..size; size appends).
bool insertVertex(MapDocument& doc, RingRef r, int index, Point p);

/// Deletes the handles: vertices leave their rings (a ring losing every vertex is
/// removed whole; an outer ring so removed removes its polygon with its holes), the start
/// or goal is removed. Indices are those before the deletion. False when none exists.
bool deleteHandles(MapDocument& doc, const std::vector<Handle>& handles);

/// Adds `ring` as a new hole of `polygon`. False when the polygon does not exist or the
/// ring has fewer than 3 vertices.
bool addHole(MapDocument& doc, int polygon, Ring ring);

/// Adds a new polygon with outer ring `ring` and no holes. False with fewer than 3 vertices.
bool addPolygon(MapDocument& doc, Ring ring);

/// Moves every vertex of ring `r` by `delta` world units.
bool moveRing(MapDocument& doc, RingRef r, Point delta);

/// Deletes ring `r`; deleting an outer ring deletes its polygon and its holes.
bool deleteRing(MapDocument& doc, RingRef r);

/// Reverses the order of ring `r`'s vertices (its winding), keeping vertex 0 first.
bool reverseRing(MapDocument& doc, RingRef r);

/// Every vertex handle of ring `r` (empty when it does not exist).
std::vector<Handle> ringHandles(const MapDocument& doc, RingRef r);

/// The polygon whose outer ring contains `p` (even-odd test, floating point: for
/// choosing where a drawn hole goes, not for geometry); -1 when none. The last polygon
/// wins when outer rings overlap.
int polygonContaining(const MapDocument& doc, Point p);

}  // namespace polypath::editor
