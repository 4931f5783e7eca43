// recoloured_draw.hpp: a DebugDraw that passes every primitive on with its colour mapped,
// for the editor's greyed stale data and the Compare view's tinted second search.
#pragma once

#include "polypath/debug/debug_draw.hpp"

namespace polypath::editor {

/// Passes every primitive on to another DebugDraw with its colour mapped by `recolour`,
/// culled as for it (its level of detail and view, taken when constructed).
class RecolouredDraw final : public DebugDraw {
 public:
  RecolouredDraw(DebugDraw& out, Color (*recolour)(Color)) : out_(out), recolour_(recolour) { cullLike(out); }
  void line(Point a, Point b, Color c, float width) override { out_.line(a, b, recolour_(c), width); }
  void point(Point p, Color c, float radius) override { out_.point(p, recolour_(c), radius); }
  void ring(Point p, Color c, float radius, float width) override { out_.ring(p, recolour_(c), radius, width); }
  void fillRings(const std::vector<const Ring*>& rings, Color c) override { out_.fillRings(rings, recolour_(c)); }
  void text(Point p, std::string_view s, Color c) override { out_.text(p, s, recolour_(c)); }

 private:
  DebugDraw& out_;
  Color (*recolour_)(Color);
};

}  // namespace polypath::editor
