// debug_draw_polyanya.hpp: draws a stepped Polyanya search (polyanya.hpp): its intervals and
// roots, through the DebugDraw interface and the existing search layers.
#pragma once

#include <cstdint>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/core/search.hpp"

namespace polypath {

/// Polyanya's search nodes: each interval as a segment with thin lines from its root to both
/// ends (closed nodes on LayerClosedSet, open nodes on LayerOpenSet, the node expanded by
/// the last step thicker on LayerExpanded), and every root vertex as a dot (LayerReflexNodes).
/// `state` must be the state of a Search running on `query`.
void drawPolyanya(DebugDraw& dd, const PolyanyaQuery& query, const SearchState& state, std::uint32_t layers);

}  // namespace polypath
