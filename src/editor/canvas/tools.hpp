// tools.hpp: the canvas editing tools: what a click, a drag or a key does to the map.
//
// [SECTION] Tools and input
// [SECTION] ToolController
//
// Select (V): press a vertex, the start or the goal and drag it (a selected vertex drags
//   the whole selection); press an edge to insert a vertex there and drag it; press empty
//   space and drag to box-select (Shift adds); Shift+click toggles; double-click a vertex
//   selects its whole ring (then drag moves the ring, Del deletes it, R reverses it).
// Add vertex (A): click to add a vertex after the selected vertex of its ring (the new
//   vertex becomes the selection, so clicks continue the ring); click an edge to insert.
// Draw hole (H) / Draw polygon (P): click points; Enter, a double-click or a click on
//   the first point closes the ring (3 points at least); Backspace removes the last
//   point, Esc cancels. A hole goes into the polygon around its first point.
// Every edit is one command of the Scene's history; a drag is one command.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "editor/canvas/camera.hpp"
#include "editor/document/edit_commands.hpp"
#include "editor/canvas/picking.hpp"
#include "editor/document/scene.hpp"

namespace polypath::editor {

// [SECTION] Tools and input

/// The canvas tools (see the file comment).
enum class Tool { Select, AddVertex, DrawHole, DrawPolygon };

/// Name shown on the tool buttons: "Select", "Add vertex", "Draw hole", "Draw polygon".
const char* toolName(Tool tool);
/// The tool's shortcut key: 'V', 'A', 'H', 'P'.
char toolKey(Tool tool);

/// The mouse as the canvas saw it this frame.
struct CanvasInput {
  ScreenPos mouse;               ///< pixels
  bool hovered = false;          ///< the mouse is over the canvas (not over a panel)
  bool pressed = false;          ///< the left button went down on the canvas this frame
  bool double_clicked = false;   ///< ... and it was a double-click
  bool down = false;             ///< the left button is held (after a press on the canvas)
  bool released = false;         ///< the left button went up this frame
  bool shift = false;            ///< Shift held
};

/// What the editor draws over the map for the tools (all world points).
struct ToolOverlay {
  std::optional<EdgePick> hovered_edge;   ///< the edge a click would insert on
  std::vector<Point> drawing;             ///< the ring being drawn
  std::optional<Point> drawing_cursor;    ///< where the next point would go
  std::optional<std::pair<Point, Point>> box;  ///< the selection box, two corners
};

// [SECTION] ToolController

/// Applies canvas input and tool keys to the Scene. Keeps the tool, the selection and
/// the ring being drawn.
class ToolController {
 public:
  Tool tool() const { return tool_; }
  /// Switches tool; a ring being drawn is dropped.
  void setTool(Tool tool);

  /// Selected handles (vertices, start, goal).
  const std::vector<Handle>& selection() const { return selection_; }
  void setSelection(std::vector<Handle> handles) { selection_ = std::move(handles); }
  bool isSelected(const Handle& h) const;
  /// Selects every vertex of ring `r`.
  void selectRing(const Scene& scene, RingRef r);
  /// The rings whose every vertex is selected.
  std::vector<RingRef> selectedRings(const Scene& scene) const;

  /// Grid snapping for placed and dragged points: a step in world units, 0 for none.
  void setSnapStep(double step) { snap_step_ = step; }

  /// Handles this frame's mouse on the canvas.
  void mouse(Scene& scene, const Camera& camera, const CanvasInput& in);
  /// Handles a key on the canvas (not typed into a field). Returns true when it was
  /// one of the tools' keys: Delete, Backspace, Escape, Return, R, and V/A/H/P.
  bool key(Scene& scene, int scancode);

  /// Removes selected handles the document no longer has (after undo, delete, open).
  void validate(const Scene& scene);
  /// The handle being dragged; None when there is no drag.
  const Handle& dragged() const { return dragged_; }
  /// The vertex or edge under the mouse (for the hover highlight) and the drawing state.
  const ToolOverlay& overlay() const { return overlay_; }
  /// One line telling what the tool does next ("Click to add points; Enter closes ...").
  std::string hint() const;
  /// The last message for the status line (an edit that could not be made); cleared by
  /// takeMessage().
  std::string takeMessage();

  /// Closes the ring being drawn (Enter). False with fewer than 3 points or no polygon
  /// around a hole's first point (the message says so).
  bool finishDrawing(Scene& scene);
  /// Drops the ring being drawn (Esc).
  void cancelDrawing();
  /// Deletes the selection (one command): whole rings, vertices, start, goal.
  bool deleteSelection(Scene& scene);
  /// Reverses every selected ring, or the ring of the selected vertices (one command).
  bool reverseSelection(Scene& scene);

 private:
  Point snapped(Point p) const;
  void startDrag(Scene& scene, const Camera& camera, const Handle& grabbed, Point world);
  void clickAddVertex(Scene& scene, const Camera& camera, Point world, const std::optional<EdgePick>& edge);
  void insertOnEdge(Scene& scene, const EdgePick& edge, bool drag);
  void clickDrawing(Scene& scene, const Camera& camera, Point world, bool double_clicked);
  // The drag's change to the document at the gesture's start: the insertion (when the
  // drag began by pressing an edge), then every dragged handle moved by `delta`.
  std::function<bool(MapDocument&)> dragChange(Point delta) const;

  struct InsertDrag {
    RingRef ring;
    int index = 0;
    Point at{};
  };

  Tool tool_ = Tool::Select;
  std::vector<Handle> selection_;
  double snap_step_ = 0.0;

  // A drag of the selection (or of one handle).
  Handle dragged_;
  std::vector<Handle> drag_handles_;
  Point drag_origin_{};     // position of the grabbed handle when the drag began
  Point grab_offset_{};     // grabbed handle minus mouse world point at the press
  std::string drag_label_;
  std::optional<InsertDrag> insert_;  // the drag began by inserting this vertex

  // Box selection.
  bool boxing_ = false;
  ScreenPos box_from_{};
  bool box_add_ = false;

  std::vector<Point> drawing_;
  ToolOverlay overlay_;
  std::string message_;
};

}  // namespace polypath::editor
