// tools.cpp: select, drag, box select, add and insert vertices, draw rings, delete, reverse.
#include "editor/canvas/tools.hpp"

#include <algorithm>
#include <cmath>

#include <SDL.h>

#include "editor/canvas/grid_snap.hpp"

namespace polypath::editor {

namespace {

// Pixels the mouse must move before a press on empty space becomes a box.
constexpr double kBoxThreshold = 3.0;

std::string plural(std::size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

const char* toolName(Tool tool) {
  switch (tool) {
    case Tool::Select: return "Select";
    case Tool::AddVertex: return "Add vertex";
    case Tool::DrawHole: return "Draw hole";
    case Tool::DrawPolygon: return "Draw polygon";
  }
  return "Select";
}

char toolKey(Tool tool) {
  switch (tool) {
    case Tool::Select: return 'V';
    case Tool::AddVertex: return 'A';
    case Tool::DrawHole: return 'H';
    case Tool::DrawPolygon: return 'P';
  }
  return 'V';
}

void ToolController::setTool(Tool tool) {
  if (tool != tool_) cancelDrawing();
  tool_ = tool;
}

bool ToolController::isSelected(const Handle& h) const {
  return std::find(selection_.begin(), selection_.end(), h) != selection_.end();
}

void ToolController::selectRing(const Scene& scene, RingRef r) { selection_ = ringHandles(scene.document(), r); }

std::vector<RingRef> ToolController::selectedRings(const Scene& scene) const {
  std::vector<RingRef> rings;
  for (const Handle& h : selection_) {
    const auto r = ringOfHandle(h);
    if (!r || std::find(rings.begin(), rings.end(), *r) != rings.end()) continue;
    const Ring* ring = ringAt(scene.document(), *r);
    if (!ring) continue;
    std::size_t n = 0;
    for (const Handle& g : selection_)
      if (ringOfHandle(g) == r) ++n;
    if (n >= ring->size()) rings.push_back(*r);
  }
  return rings;
}

void ToolController::validate(const Scene& scene) {
  std::erase_if(selection_, [&](const Handle& h) { return !handlePosition(scene.document(), h); });
  if (dragged_ && !handlePosition(scene.document(), dragged_)) dragged_ = Handle{};
}

std::string ToolController::takeMessage() { return std::exchange(message_, std::string()); }

Point ToolController::snapped(Point p) const { return snapToGrid(p, snap_step_); }

// [SECTION] Mouse

void ToolController::mouse(Scene& scene, const Camera& camera, const CanvasInput& in) {
  const Point world = camera.toWorld(in.mouse);
  const MapDocument& doc = scene.document();
  overlay_.hovered_edge.reset();
  overlay_.box.reset();
  overlay_.drawing = drawing_;
  overlay_.drawing_cursor.reset();

  // A drag under way: follow the mouse, end on release.
  if (dragged_) {
    if (in.down) {
      const Point target = snapped(world + grab_offset_);
      const Point delta = target - drag_origin_;
      scene.gestureUpdate(dragChange(delta));
    } else {
      scene.endGesture(drag_label_);
      dragged_ = Handle{};
      insert_.reset();
    }
    return;
  }
  if (boxing_) {
    const Point a = camera.toWorld(box_from_);
    const bool big = std::hypot(in.mouse.x - box_from_.x, in.mouse.y - box_from_.y) >= kBoxThreshold;
    if (in.down) {
      if (big) overlay_.box = std::make_pair(a, world);
      return;
    }
    boxing_ = false;
    if (!box_add_) selection_.clear();
    if (!big) return;  // a click on empty space: the selection is cleared
    const double x0 = std::min(box_from_.x, in.mouse.x), x1 = std::max(box_from_.x, in.mouse.x);
    const double y0 = std::min(box_from_.y, in.mouse.y), y1 = std::max(box_from_.y, in.mouse.y);
    auto inside = [&](Point p) {
      const ScreenPos s = camera.toScreen(p);
      return s.x >= x0 && s.x <= x1 && s.y >= y0 && s.y <= y1;
    };
    for (std::size_t p = 0; p < doc.polygons.size(); ++p) {
      const Polygon& poly = doc.polygons[p];
      for (int r = -1; r < static_cast<int>(poly.holes.size()); ++r) {
        const Ring& ring = r < 0 ? poly.outer : poly.holes[static_cast<std::size_t>(r)];
        for (std::size_t v = 0; v < ring.size(); ++v) {
          const Handle h{Handle::Kind::Vertex, static_cast<int>(p), r, static_cast<int>(v)};
          if (inside(ring[v]) && !isSelected(h)) selection_.push_back(h);
        }
      }
    }
    return;
  }
  if (!in.hovered) return;

  if (tool_ == Tool::DrawHole || tool_ == Tool::DrawPolygon) {
    overlay_.drawing_cursor = snapped(world);
    if (in.pressed) clickDrawing(scene, camera, world, in.double_clicked);
    overlay_.drawing = drawing_;
    return;
  }

  const Handle handle = pickHandle(doc, camera, in.mouse);
  const std::optional<EdgePick> edge = handle ? std::nullopt : pickEdge(doc, camera, in.mouse);
  overlay_.hovered_edge = edge;
  if (!in.pressed) return;

  if (tool_ == Tool::AddVertex && !handle) {
    clickAddVertex(scene, camera, world, edge);
    return;
  }
  if (handle) {
    if (in.double_clicked && handle.kind == Handle::Kind::Vertex) {
      selectRing(scene, *ringOfHandle(handle));
      return;
    }
    if (in.shift) {
      if (isSelected(handle))
        std::erase(selection_, handle);
      else
        selection_.push_back(handle);
      return;
    }
    if (!isSelected(handle)) selection_ = {handle};
    startDrag(scene, camera, handle, world);
    return;
  }
  if (edge) {
    insertOnEdge(scene, *edge, true);
    return;
  }
  boxing_ = true;
  box_from_ = in.mouse;
  box_add_ = in.shift;
}

void ToolController::startDrag(Scene& scene, const Camera&, const Handle& grabbed, Point world) {
  const auto p = handlePosition(scene.document(), grabbed);
  if (!p) return;
  dragged_ = grabbed;
  drag_origin_ = *p;
  grab_offset_ = *p - world;
  drag_handles_ = isSelected(grabbed) ? selection_ : std::vector<Handle>{grabbed};
  insert_.reset();
  const auto rings = selectedRings(scene);
  if (drag_handles_.size() == 1)
    drag_label_ = "Move " + describeHandle(grabbed);
  else if (rings.size() == 1 && ringAt(scene.document(), rings[0])->size() == drag_handles_.size())
    drag_label_ = "Move " + describeRing(rings[0]);
  else
    drag_label_ = "Move " + plural(drag_handles_.size(), "point");
  scene.beginGesture();
}

void ToolController::insertOnEdge(Scene& scene, const EdgePick& edge, bool drag) {
  const RingRef r{edge.polygon, edge.hole};
  const Point p = snapped(edge.point);
  const int index = edge.edge + 1;
  const Handle inserted{Handle::Kind::Vertex, edge.polygon, edge.hole, index};
  if (!drag) {
    if (scene.edit("Insert vertex on " + describeRing(r), [&](MapDocument& d) { return insertVertex(d, r, index, p); }))
      selection_ = {inserted};
    return;
  }
  // Insert and drag as one gesture: one command "Insert vertex on ...".
  scene.beginGesture();
  insert_ = InsertDrag{r, index, p};
  selection_ = {inserted};
  dragged_ = inserted;
  drag_origin_ = p;
  grab_offset_ = Point{0, 0};
  drag_handles_ = {inserted};
  drag_label_ = "Insert vertex on " + describeRing(r);
  scene.gestureUpdate(dragChange(Point{0, 0}));
}

std::function<bool(MapDocument&)> ToolController::dragChange(Point delta) const {
  return [insert = insert_, handles = drag_handles_, delta](MapDocument& d) {
    bool changed = false;
    if (insert) changed = insertVertex(d, insert->ring, insert->index, insert->at);
    return moveHandles(d, handles, delta) || changed;
  };
}

void ToolController::clickAddVertex(Scene& scene, const Camera&, Point world, const std::optional<EdgePick>& edge) {
  if (edge) {
    insertOnEdge(scene, *edge, false);
    return;
  }
  // After the last selected vertex of its ring.
  const Handle* anchor = nullptr;
  for (const Handle& h : selection_)
    if (h.kind == Handle::Kind::Vertex) anchor = &h;
  if (!anchor) {
    message_ = "Add vertex: select a vertex first (the new one goes after it), or click an edge to insert.";
    return;
  }
  const RingRef r = *ringOfHandle(*anchor);
  const int index = anchor->vertex + 1;
  const Point p = snapped(world);
  if (scene.edit("Add vertex to " + describeRing(r), [&](MapDocument& d) { return insertVertex(d, r, index, p); }))
    selection_ = {Handle{Handle::Kind::Vertex, r.polygon, r.hole, index}};
}

void ToolController::clickDrawing(Scene& scene, const Camera& camera, Point world, bool double_clicked) {
  if (double_clicked) {
    finishDrawing(scene);
    return;
  }
  if (drawing_.size() >= 3) {
    const ScreenPos first = camera.toScreen(drawing_.front());
    const ScreenPos m = camera.toScreen(world);
    if (std::hypot(first.x - m.x, first.y - m.y) <= kHitRadius) {
      finishDrawing(scene);
      return;
    }
  }
  const Point p = snapped(world);
  if (!drawing_.empty() && drawing_.back() == p) return;
  drawing_.push_back(p);
}

bool ToolController::finishDrawing(Scene& scene) {
  if (drawing_.size() < 3) {
    message_ = std::string(toolName(tool_)) + ": a ring needs at least 3 points (" +
               plural(drawing_.size(), "point") + " so far).";
    return false;
  }
  const Ring ring = drawing_;
  if (tool_ == Tool::DrawHole) {
    const int polygon = polygonContaining(scene.document(), ring.front());
    if (polygon < 0) {
      message_ = "Draw hole: the first point is not inside any polygon; start the hole inside the walkable area.";
      return false;
    }
    const int hole = static_cast<int>(scene.document().polygons[static_cast<std::size_t>(polygon)].holes.size());
    scene.edit("Add hole to polygon " + std::to_string(polygon), [&](MapDocument& d) { return addHole(d, polygon, ring); });
    selectRing(scene, RingRef{polygon, hole});
  } else {
    const int polygon = static_cast<int>(scene.document().polygons.size());
    scene.edit("Add polygon " + std::to_string(polygon), [&](MapDocument& d) { return addPolygon(d, ring); });
    selectRing(scene, RingRef{polygon, -1});
  }
  drawing_.clear();
  overlay_.drawing.clear();
  return true;
}

void ToolController::cancelDrawing() {
  drawing_.clear();
  overlay_.drawing.clear();
}

// [SECTION] Keys and selection commands

bool ToolController::deleteSelection(Scene& scene) {
  if (selection_.empty()) return false;
  const auto rings = selectedRings(scene);
  std::string label;
  if (rings.size() == 1 && selection_.size() == ringAt(scene.document(), rings[0])->size())
    label = "Delete " + describeRing(rings[0]);
  else if (selection_.size() == 1)
    label = "Delete " + describeHandle(selection_[0]);
  else
    label = "Delete " + plural(selection_.size(), "point");
  const std::vector<Handle> handles = selection_;
  const bool done = scene.edit(label, [&](MapDocument& d) { return deleteHandles(d, handles); });
  selection_.clear();
  return done;
}

bool ToolController::reverseSelection(Scene& scene) {
  std::vector<RingRef> rings;
  for (const Handle& h : selection_)
    if (const auto r = ringOfHandle(h); r && std::find(rings.begin(), rings.end(), *r) == rings.end()) rings.push_back(*r);
  if (rings.empty()) {
    message_ = "Reverse: select a vertex of the ring first.";
    return false;
  }
  const std::string label = rings.size() == 1 ? "Reverse " + describeRing(rings[0]) : "Reverse " + plural(rings.size(), "ring");
  const bool done = scene.edit(label, [&](MapDocument& d) {
    bool any = false;
    for (const RingRef& r : rings) any |= reverseRing(d, r);
    return any;
  });
  // Vertex v of a reversed ring is now at (size - v) % size: keep the same points selected.
  for (Handle& h : selection_) {
    const Ring* ring = h.kind == Handle::Kind::Vertex ? ringAt(scene.document(), *ringOfHandle(h)) : nullptr;
    if (ring && !ring->empty()) h.vertex = (static_cast<int>(ring->size()) - h.vertex) % static_cast<int>(ring->size());
  }
  return done;
}

bool ToolController::key(Scene& scene, int scancode) {
  const bool drawing = tool_ == Tool::DrawHole || tool_ == Tool::DrawPolygon;
  switch (scancode) {
    case SDL_SCANCODE_DELETE: return deleteSelection(scene), true;
    case SDL_SCANCODE_BACKSPACE:
      if (drawing && !drawing_.empty())
        drawing_.pop_back();
      else
        deleteSelection(scene);
      overlay_.drawing = drawing_;
      return true;
    case SDL_SCANCODE_ESCAPE:
      if (dragged_) {
        scene.cancelGesture();
        dragged_ = Handle{};
        insert_.reset();
      } else if (!drawing_.empty()) {
        cancelDrawing();
      } else {
        selection_.clear();
      }
      return true;
    case SDL_SCANCODE_RETURN:
    case SDL_SCANCODE_KP_ENTER:
      if (drawing) finishDrawing(scene);
      return true;
    case SDL_SCANCODE_R: return reverseSelection(scene), true;
    case SDL_SCANCODE_V: setTool(Tool::Select); return true;
    case SDL_SCANCODE_A: setTool(Tool::AddVertex); return true;
    case SDL_SCANCODE_H: setTool(Tool::DrawHole); return true;
    case SDL_SCANCODE_P: setTool(Tool::DrawPolygon); return true;
    default: return false;
  }
}

std::string ToolController::hint() const {
  switch (tool_) {
    case Tool::Select:
      return "drag: move   click edge: insert   drag empty: box select   dbl-click: ring   Del: delete";
    case Tool::AddVertex: return "click: add a vertex after the selected one   click edge: insert";
    case Tool::DrawHole:
    case Tool::DrawPolygon:
      return drawing_.empty() ? "click: place the first point" :
             plural(drawing_.size(), "point") + "   click: add   Enter / dbl-click / first point: close   Backspace: undo point   Esc: cancel";
  }
  return {};
}

}  // namespace polypath::editor
