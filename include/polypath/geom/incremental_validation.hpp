// incremental_validation.hpp: validation during a drag, from the edges that moved.
//
// validateMap() checks every ring with GEOS (tens of milliseconds on a 2,000-vertex map);
// a drag moves one vertex, or a group, and leaves every other edge where it was. The
// DragValidator keeps the last fully validated document (the base) and, for an edited
// document with the same rings, decides from the moved edges alone whether the problem
// list is still empty, or certainly not, or falls back to validateMap.
//
// Method. Let the base have no errors (no crossing, start and goal walkable); it may have
// warnings (rings touching at a pinch or along an edge, near-duplicate vertices). Move every vertex
// along the straight line from its base to its new position: the moving edge e sweeps a
// region inside the convex hull H(e) of its old and new ends. The walkable region can
// change its topology (a hole leaving its outer ring, rings nesting differently, the
// start falling into a hole) only where some boundary passes over something: so if no
// unmoved edge and no start or goal meets any H(e), no two moved edges with different
// motions have overlapping hulls, and in the final state the moved edges neither meet a
// non-adjacent edge, nor fold back onto their neighbours, nor are shorter than the
// near-duplicate tolerance (with the extent of the new map), then validateMap() reports
// exactly the base's warnings: each one is about edges that did not move and that no moved
// edge came near (a moved edge in a contact met the other edge, so it is left to
// validateMap(); so is a vertex of a ring a warning names, and a change of the map's
// extent, which scales the near-duplicate tolerance). A moved edge that properly crosses another edge is always an error
// of validateMap(). Everything else (touches, hulls meeting something) is left to
// validateMap(). The edges near a hull are found with a uniform grid over the base's
// edges: O(k log n)-like work for k moved edges instead of all pairs of rings.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "polypath/formats/map_io.hpp"

namespace polypath {

/// Checks edited documents against a fully validated base document (see the header
/// comment for the method). Holds a copy of the base; cheap to reset (O(n)).
class DragValidator {
 public:
  DragValidator();
  ~DragValidator();
  DragValidator(const DragValidator&) = delete;
  DragValidator& operator=(const DragValidator&) = delete;

  /// Takes `doc` and its full validateMap() result as the new base. Only a base whose
  /// problems are all warnings enables incremental checks; with an error, check() always
  /// says nullopt.
  void reset(const MapDocument& doc, const std::vector<MapProblem>& problems);
  /// Forgets the base (check() then always says nullopt).
  void clear();

  /// The problems of `doc` when the moved edges decide them: the base's warnings (what
  /// validateMap would report) or crossing errors followed by them (validateMap would report
  /// at least one error; its messages differ). nullopt when validateMap must run: no clean base, a
  /// different ring structure or settings, more than kMaxMoved moved vertices, or a
  /// moved edge that touches something, or sweeps over an edge, the start or the goal.
  /// Moving only the start or the goal is checked against the base's PolygonMap with
  /// validateMap's own message. Never throws for geometry. A crossing error is
  /// structured as validateMap's: `where` and `place` name the moved vertex of the first
  /// crossing edge, `point` is the crossing point and `fix` the advice.
  std::optional<std::vector<MapProblem>> check(const MapDocument& doc) const;

  /// What the last check() did (for tests and the benchmark).
  struct Stats {
    int moved_vertices = 0;     ///< ring vertices at a new position
    int moved_edges = 0;        ///< edges with a moved end
    long long edge_tests = 0;   ///< unmoved edges tested against moved edges and hulls
    bool decided = false;       ///< check() returned a value
  };
  const Stats& lastStats() const { return stats_; }

  /// More moved vertices than this: validateMap runs (a whole-map move is no drag).
  static constexpr int kMaxMoved = 512;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  mutable Stats stats_;
};

/// validateMap()'s problem for the start or goal `p` (`which` is "start" or "goal") on a
/// built map: not finite, too far out, or not walkable (naming the nearest walkable
/// point); nullopt when p is missing or fine. The problem's `point` is p (when finite);
/// its `place` names no polygon. `map` may be null (not built): only the
/// coordinates are checked then.
std::optional<MapProblem> endpointProblem(const std::string& which, const std::optional<Point>& p,
                                          const PolygonMap* map);

}  // namespace polypath
