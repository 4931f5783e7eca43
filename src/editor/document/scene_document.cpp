// scene_document.cpp: the document part of the Scene: the document and its file, edits
// as undoable commands, gestures, undo and redo. Every change ends in documentChanged(),
// which rebuilds the built part (scene.cpp).
#include "editor/document/scene.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::editor {

namespace {

// A problem with a file: named by the file unless the message already names it.
MapProblem fileProblem(const std::filesystem::path& file, const std::string& message) {
  const std::string name = file.string();
  return {MapProblem::Severity::Error, message.find(name) == std::string::npos ? name : std::string(), message};
}

}  // namespace

// [SECTION] Document

void Scene::setDocument(MapDocument doc, std::optional<std::filesystem::path> file, bool dirty) {
  // Forget everything built for the previous document before building the new one, so
  // an invalid new document never shows the old map.
  search_ = Search{};
  sgraph_ = nullptr;
  method_view_.clear();
  graph_.reset();
  map_.reset();
  last_found_path_ = Path{};
  doc_ = std::move(doc);
  file_ = std::move(file);
  history_.reset(doc_, !dirty);
  gesture_base_.reset();
  stepper_.stop();
  ++generation_;
  rebuild();
}

bool Scene::fileOperation(const std::filesystem::path& file, std::string* error, const std::function<void()>& operation) {
  try {
    operation();
    file_problem_.reset();
    return true;
  } catch (const std::exception& e) {
    file_problem_ = fileProblem(file, e.what());
    if (error) *error = e.what();
    return false;
  }
}

bool Scene::openFile(const std::filesystem::path& file, std::string* error) {
  return fileOperation(file, error, [&] { setDocument(loadMap(file), file); });
}

bool Scene::saveFile(const std::filesystem::path& file, std::string* error) {
  return fileOperation(file, error, [&] {
    saveMap(doc_, file);
    file_ = file;
    history_.markSaved();
  });
}

void Scene::setFileProblem(const std::string& where, const std::string& message) {
  if (message.empty())
    file_problem_.reset();
  else
    file_problem_ = MapProblem{MapProblem::Severity::Error, where, message};
}

std::string Scene::displayName() const {
  if (!doc_.name.empty()) return doc_.name;
  if (file_) return file_->filename().string();
  return "untitled";
}

// [SECTION] Edits

bool Scene::edit(const std::string& label, const std::function<bool(MapDocument&)>& change,
                 const std::string& merge_key) {
  if (gesture_base_) {
    gestureUpdate(change);
    return true;
  }
  MapDocument next = doc_;
  if (!change(next) || next == doc_) return false;
  doc_ = std::move(next);
  history_.push(EditCommand{label, doc_, merge_key});
  documentChanged();
  return true;
}

void Scene::beginGesture() {
  if (gesture_base_) endGesture("Edit");
  gesture_base_ = doc_;
}

void Scene::gestureUpdate(const std::function<bool(MapDocument&)>& change) {
  if (!gesture_base_) return;
  MapDocument next = *gesture_base_;
  change(next);
  if (next == doc_) return;
  doc_ = std::move(next);
  documentChanged();
}

void Scene::endGesture(const std::string& label) {
  if (!gesture_base_) return;
  gesture_base_.reset();
  if (validated_incrementally_) rebuild();  // the full validateMap, with its messages
  if (doc_ == history_.current()) return;
  history_.push(EditCommand{label, doc_, {}});
}

void Scene::cancelGesture() {
  if (!gesture_base_) return;
  MapDocument base = std::move(*gesture_base_);
  gesture_base_.reset();
  if (base == doc_) return;
  doc_ = std::move(base);
  documentChanged();
}

bool Scene::undo() {
  if (gesture_base_) endGesture("Edit");
  return history_.canUndo() && jumpTo(history_.position() - 1);
}

bool Scene::redo() {
  if (gesture_base_) endGesture("Edit");
  return history_.canRedo() && jumpTo(history_.position() + 1);
}

bool Scene::jumpTo(std::size_t n) {
  if (gesture_base_) endGesture("Edit");
  auto doc = history_.jumpTo(n);
  if (!doc) return false;
  doc_ = std::move(*doc);
  documentChanged();
  return true;
}

bool Scene::moveHandle(const Handle& handle, Point p) {
  if (!handlePosition(doc_, handle)) return false;
  edit("Move " + describeHandle(handle), [&](MapDocument& d) { return setHandlePosition(d, handle, p); },
       "move " + describeHandle(handle));
  return true;
}

void Scene::setCornerOffset(double offset) {
  edit("Corner offset", [&](MapDocument& d) {
    d.settings.corner_offset = offset;
    return true;
  }, "corner offset");
}

void Scene::setStart(std::optional<Point> p) {
  edit(p ? (doc_.start ? "Move start" : "Add start") : "Remove start", [&](MapDocument& d) {
    d.start = p;
    return true;
  }, "start");
}

void Scene::setGoal(std::optional<Point> p) {
  edit(p ? (doc_.goal ? "Move goal" : "Add goal") : "Remove goal", [&](MapDocument& d) {
    d.goal = p;
    return true;
  }, "goal");
}


void Scene::documentChanged() {
  ++edits_;
  rebuild();
}

}  // namespace polypath::editor
