// search_controls.hpp: which of the Step / Run / Pause / Reset / Finish buttons do
// something in the current state of a stepped search; the panels disable the others
// (ImGui BeginDisabled), so no button is pressable that does nothing.
#pragma once

#include "polypath/core/search.hpp"

namespace polypath::editor {

/// Enabled flags of the search buttons.
struct SearchControls {
  bool step = false;    ///< one more expansion is possible
  bool run = false;     ///< an animation can start (from the start once the search ended)
  bool pause = false;   ///< an animation is running
  bool reset = false;   ///< the view is stepped: back to the finished result
  bool finish = false;  ///< expansions remain, or the view is not stepped yet
};

/// The buttons that act, for a search that exists (`has_search`: a valid map, start and
/// goal), is shown stepped or not, is animating or not, with this status.
inline SearchControls searchControls(bool has_search, bool stepping, bool running, SearchStatus status) {
  SearchControls c;
  if (!has_search) return c;
  const bool more = !stepping || status == SearchStatus::Running;
  c.step = more;
  c.run = !running;
  c.pause = running;
  c.reset = stepping || running;
  c.finish = more;
  return c;
}

}  // namespace polypath::editor
