// document.cpp: Document (see document.hpp): the document and its file, edits as
// undoable commands, gestures, undo and redo. Every change ends in tell().
#include "editor/document/document.hpp"

#include <cmath>

#include "polypath/convert/map_formats.hpp"

namespace polypath::editor {

namespace {

// A problem with a file: named by the file unless the message already names it.
MapProblem problemWithFile(const std::filesystem::path& file, const std::string& message) {
  const std::string name = file.string();
  return {MapProblem::Severity::Error, message.find(name) == std::string::npos ? name : std::string(), message};
}

}  // namespace

// [SECTION] Document

void Document::setDocument(MapDocument doc, std::optional<std::filesystem::path> file, bool dirty) {
  doc_ = std::move(doc);
  file_ = std::move(file);
  history_.reset(doc_, !dirty);
  gesture_base_.reset();
  ++generation_;
  tell(DocumentChange::Replaced);
}

bool Document::fileOperation(const std::filesystem::path& file, std::string* error, const std::function<void()>& operation) {
  try {
    operation();
    file_problem_.reset();
    return true;
  } catch (const std::exception& e) {
    file_problem_ = problemWithFile(file, e.what());
    if (error) *error = e.what();
    return false;
  }
}

bool Document::isNativeFile(const std::filesystem::path& file) {
  const MapFormat* format = mapFormatFor(file);
  return !format || format == &mapFormats().front();  // unknown extensions load as JSON
}

bool Document::openFile(const std::filesystem::path& file, std::string* error) {
  return fileOperation(file, error, [&] {
    const bool native = isNativeFile(file);
    MapDocument doc = native ? loadMap(file) : importMap(file);
    const std::size_t vertices = ringVertexCount(doc.polygons);
    if (vertices > kMaxEditorVertices)
      throw Error(file.string() + " has " + std::to_string(vertices) + " ring vertices; the editor opens maps of up to " +
                  std::to_string(kMaxEditorVertices) +
                  " (beyond that a frame of the whole map takes over a second). polypath validate, path, query and convert "
                  "work on it from the command line");
    if (native)
      setDocument(std::move(doc), file);
    else
      setDocument(std::move(doc), std::nullopt, true);
  });
}

bool Document::exportFile(const std::filesystem::path& file, std::string* error) {
  return fileOperation(file, error, [&] { exportMap(doc_, file); });
}

bool Document::saveFile(const std::filesystem::path& file, std::string* error) {
  return fileOperation(file, error, [&] {
    saveMap(doc_, file);
    file_ = file;
    history_.markSaved();
  });
}

void Document::setFileProblem(const std::string& where, const std::string& message) {
  if (message.empty())
    file_problem_.reset();
  else
    file_problem_ = MapProblem{MapProblem::Severity::Error, where, message};
}

std::string Document::displayName() const {
  if (!doc_.name.empty()) return doc_.name;
  if (file_) return file_->filename().string();
  return "untitled";
}

std::string Document::titleName() const {
  if (!file_) return displayName();
  const std::string file = file_->filename().string();
  if (doc_.name.empty() || doc_.name == file_->stem().string()) return file;
  return file + " (" + doc_.name + ")";
}

// [SECTION] Edits

bool Document::edit(const std::string& label, const std::function<bool(MapDocument&)>& change,
                 const std::string& merge_key) {
  if (gesture_base_) {
    gestureUpdate(change);
    return true;
  }
  MapDocument next = doc_;
  if (!change(next) || next == doc_) return false;
  doc_ = std::move(next);
  history_.push(EditCommand{label, doc_, merge_key});
  changed();
  return true;
}

void Document::beginGesture() {
  if (gesture_base_) endGesture("Edit");
  gesture_base_ = doc_;
}

void Document::gestureUpdate(const std::function<bool(MapDocument&)>& change) {
  if (!gesture_base_) return;
  MapDocument next = *gesture_base_;
  change(next);
  if (next == doc_) return;
  doc_ = std::move(next);
  changed();
}

void Document::endGesture(const std::string& label) {
  if (!gesture_base_) return;
  gesture_base_.reset();
  tell(DocumentChange::GestureEnded);  // the Scene validates in full again
  if (doc_ == history_.current()) return;
  history_.push(EditCommand{label, doc_, {}});
}

void Document::cancelGesture() {
  if (!gesture_base_) return;
  MapDocument base = std::move(*gesture_base_);
  gesture_base_.reset();
  if (base == doc_) return;
  doc_ = std::move(base);
  changed();
}

bool Document::undo() {
  if (gesture_base_) endGesture("Edit");
  return history_.canUndo() && jumpTo(history_.position() - 1);
}

bool Document::redo() {
  if (gesture_base_) endGesture("Edit");
  return history_.canRedo() && jumpTo(history_.position() + 1);
}

bool Document::jumpTo(std::size_t n) {
  if (gesture_base_) endGesture("Edit");
  auto doc = history_.jumpTo(n);
  if (!doc) return false;
  doc_ = std::move(*doc);
  changed();
  return true;
}

bool Document::moveHandle(const Handle& handle, Point p) {
  if (!handlePosition(doc_, handle)) return false;
  edit("Move " + describeHandle(handle), [&](MapDocument& d) { return setHandlePosition(d, handle, p); },
       "move " + describeHandle(handle));
  return true;
}

void Document::setCornerOffset(double offset) {
  edit("Corner offset", [&](MapDocument& d) {
    d.settings.corner_offset = offset;
    return true;
  }, "corner offset");
}

void Document::setStart(std::optional<Point> p) {
  edit(p ? (doc_.start ? "Move start" : "Add start") : "Remove start", [&](MapDocument& d) {
    d.start = p;
    return true;
  }, "start");
}

void Document::setGoal(std::optional<Point> p) {
  edit(p ? (doc_.goal ? "Move goal" : "Add goal") : "Remove goal", [&](MapDocument& d) {
    d.goal = p;
    return true;
  }, "goal");
}

void Document::setClearance(double radius) {
  if (!std::isfinite(radius) || radius < 0.0) return;
  edit("Clearance", [&](MapDocument& d) {
    if (d.settings.clearance == radius) return false;
    d.settings.clearance = radius;
    return true;
  }, "clearance");
}
void Document::setClearanceStyle(const ClearanceStyle& style) {
  edit("Clearance joins", [&](MapDocument& d) {
    if (d.settings.clearance_style == style) return false;
    d.settings.clearance_style = style;
    return true;
  }, "clearance joins");
}

void Document::changed() {
  ++edits_;
  tell(DocumentChange::Edited);
}

}  // namespace polypath::editor
