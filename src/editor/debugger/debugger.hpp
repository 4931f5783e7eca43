// debugger.hpp: the editor's search debugger: a timeline over every expansion of the
// scene's stepped search (step back, seek) and breakpoints, on the generic Search /
// SearchGraph views so it works for every search method the Scene shows.
//
// [SECTION] SearchDebugger
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "polypath/debug/breakpoints.hpp"
#include "polypath/debug/search_timeline.hpp"
#include "editor/canvas/camera.hpp"
#include "editor/document/scene.hpp"

namespace polypath::editor {

// [SECTION] SearchDebugger

/// Keeps a SearchTimeline (core/search_timeline.hpp) in step with the Scene's stepped
/// search and moves the Scene's stepped view along it. The timeline is rebuilt lazily
/// (one full search) when the Scene redid its query (Scene::searchGeneration()).
class SearchDebugger {
 public:
  /// Rebuilds the timeline when the scene's query changed and moves it to the scene's
  /// current position. Returns the timeline, or null when the scene has no search.
  SearchTimeline* sync(const Scene& scene);
  /// The scene's position on the timeline: expansions made by the stepped search (0 when
  /// not stepping).
  static int position(const Scene& scene);
  /// Shows the state after k expansions (clamped to 0 .. count) on the canvas. False when
  /// there is no search.
  bool seek(Scene& scene, int k);
  /// One expansion back / forward; false when at the start / end or no search.
  bool back(Scene& scene);
  bool forward(Scene& scene);

  /// The breakpoints the UI set; all are checked together.
  std::vector<Breakpoint> breakpoints;
  /// Runs the scene's search forward from its position until a breakpoint fires or the
  /// search ends (core runUntil on the timeline) and shows that state. Sets lastStop().
  BreakResult runToBreakpoint(Scene& scene);
  /// What the last runToBreakpoint() did ("stopped at step 7: node 4 expanded").
  const std::string& lastStop() const { return last_stop_; }

  /// The node of the scene's search graph within `radius` pixels of `mouse` (the
  /// nearest), or kNoNode. Works on any SearchGraph the scene searches.
  static NodeId nodeAt(const Scene& scene, const Camera& camera, ScreenPos mouse, double radius);
  /// A click on node n of the canvas (Alt + click, or while picking a breakpoint node):
  /// adds the "node n expanded" breakpoint when picking, else inspects n.
  void clickNode(NodeId n);
  /// The node the inspector shows (kNoNode: none).
  NodeId inspected = kNoNode;
  /// Call once a frame: when the scene's search was redone (a rebuilt graph renumbers its
  /// nodes), the inspector follows its node to the new graph (the start, the goal, or the
  /// node at the same position: the same map vertex) or, when there is none (the vertex
  /// moved or went), clears it.
  void followInspected(const Scene& scene);
  /// Where the inspected node is (world units), to mark it on the canvas; nullopt when
  /// none is inspected or the scene has no search.
  std::optional<Point> inspectedPosition(const Scene& scene) const;

  /// True while the next canvas click picks the node of a "node expanded" breakpoint.
  bool picking_breakpoint_node = false;

 private:
  std::optional<SearchTimeline> timeline_;
  std::uint64_t generation_ = 0;
  std::string last_stop_;
  // The inspected node as seen last frame: the search generation, its position and
  // whether it was the start or the goal (followInspected).
  std::uint64_t inspected_generation_ = 0;
  NodeId inspected_seen_ = kNoNode;
  Point inspected_at_{};
  int inspected_end_ = 0;  // 1 start, 2 goal, 0 another node
};

}  // namespace polypath::editor
