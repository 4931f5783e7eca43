// document.hpp: the document part of the Scene: the edited MapDocument, its file, the
// undo history, edits as undoable commands and gestures (drags). It builds nothing: every
// change is reported to one listener (the Scene, which rebuilds its BuiltMap and
// SteppedQuery), so this part knows nothing of maps, graphs or searches.
//
// [SECTION] DocumentChange
// [SECTION] Document
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "editor/canvas/picking.hpp"
#include "editor/document/history.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::editor {

// [SECTION] DocumentChange

/// What the listener of a Document is told.
enum class DocumentChange {
  Replaced,      ///< setDocument() or openFile(): a new document; forget what was built
  Edited,        ///< the document changed (an edit, a gesture step, undo, redo)
  GestureEnded,  ///< a gesture ended (the document did not change by it)
};

// [SECTION] Document

/// The most ring vertices a map the editor opens may have. Drawing a whole map at
/// fit-to-window costs about 9 ms per 1,000 vertices in the software renderer (Aurora), so
/// beyond this a frame takes more than a second; such a map is refused with a message
/// saying so.
inline constexpr std::size_t kMaxEditorVertices = 150'000;

/// The edited MapDocument with its file and history. Every edit goes through edit() or
/// a gesture and becomes one undoable command (history.hpp).
class Document {
 public:
  using Listener = std::function<void(DocumentChange)>;

  /// `listener` is called after every change (see DocumentChange); may be empty.
  explicit Document(Listener listener = {}) : listener_(std::move(listener)) {}

  // File ------------------------------------------------------------------------------

  /// Replaces the document. `file` is where Save writes; none for a new document.
  /// `dirty`: the document differs from `file` (a recovered autosave). Tells Replaced.
  void setDocument(MapDocument doc, std::optional<std::filesystem::path> file = std::nullopt, bool dirty = false);
  /// Loads a map file of any format the convert layer reads (map_formats.hpp). A polypath
  /// map (.json) becomes the current file; any other format is imported: the document has
  /// no file yet (Save asks for one) and counts as unsaved. On failure the current
  /// document stays, the error goes to fileProblem() and (if given) `error`, and false is
  /// returned (also for a map of more than kMaxEditorVertices ring vertices). Never throws.
  bool openFile(const std::filesystem::path& file, std::string* error = nullptr);
  /// Saves the document atomically to `file` as a polypath map, and `file` becomes the
  /// current file. On failure the error goes to fileProblem() and `error` and false is
  /// returned. Never throws.
  bool saveFile(const std::filesystem::path& file, std::string* error = nullptr);
  /// Writes the document in the format `file`'s extension names (exportMap), leaving the
  /// current file and the unsaved state as they are. Errors as saveFile(). Never throws.
  bool exportFile(const std::filesystem::path& file, std::string* error = nullptr);
  /// True when `file` is a polypath map (.json) rather than a format to import or export.
  static bool isNativeFile(const std::filesystem::path& file);
  /// Records a file problem (a map given on the command line that failed to load); an
  /// empty message clears it.
  void setFileProblem(const std::string& where, const std::string& message);
  /// The last load or save error (or setFileProblem()'s), if any.
  const std::optional<MapProblem>& fileProblem() const { return file_problem_; }

  const MapDocument& document() const { return doc_; }
  /// The file Save writes to, if any.
  const std::optional<std::filesystem::path>& file() const { return file_; }
  /// True when the document differs from what was opened or last saved.
  bool dirty() const { return !history_.atSaved(); }
  /// The document's name, else the file name, else "untitled".
  std::string displayName() const;
  /// The name the window title shows: the file name, followed by the map's name in
  /// brackets when it has one other than the file's stem ("maze.json (Hedge maze)");
  /// without a file, displayName().
  std::string titleName() const;
  /// Incremented by setDocument() and openFile(): a new document was loaded.
  std::uint64_t generation() const { return generation_; }
  /// Incremented by every edit (never reset): autosave counts edits with it.
  std::uint64_t editCount() const { return edits_; }

  // Edits -------------------------------------------------------------------------------

  /// A document edit: `change` edits the document and returns true when it changed
  /// something; then the edit becomes the command `label` (see EditCommand::merge_key).
  /// Returns what `change` returned (false: no command). Inside a gesture the change is
  /// applied live and the gesture makes the command.
  bool edit(const std::string& label, const std::function<bool(MapDocument&)>& change,
            const std::string& merge_key = {});
  /// Ends merging of the last command (a table cell lost focus).
  void closeMerge() { history_.closeMerge(); }

  /// A gesture (a drag) is one command however many times the document changes during
  /// it; see Scene::beginGesture().
  void beginGesture();
  void gestureUpdate(const std::function<bool(MapDocument&)>& change);
  void endGesture(const std::string& label);
  void cancelGesture();
  bool inGesture() const { return gesture_base_.has_value(); }

  /// Moves the start, the goal or a ring vertex; false when the handle does not exist.
  bool moveHandle(const Handle& handle, Point p);
  /// Sets the corner offset, the clearance radius (ignored unless finite and >= 0), the
  /// clearance style, the start and the goal: one undoable command each.
  void setCornerOffset(double offset);
  void setClearance(double radius);
  void setClearanceStyle(const ClearanceStyle& style);
  void setStart(std::optional<Point> p);
  void setGoal(std::optional<Point> p);

  // Undo and redo --------------------------------------------------------------------------

  const History& history() const { return history_; }
  /// Undoes / redoes one command; false when there is none. Ends a gesture first.
  bool undo();
  bool redo();
  /// Goes to history position n (0: before every command); false when out of range.
  bool jumpTo(std::size_t n);

 private:
  // Runs a load or save: on success clears the file problem, on an exception records it
  // (and in `error`) and returns false.
  bool fileOperation(const std::filesystem::path& file, std::string* error, const std::function<void()>& operation);
  void changed();  // ++edits_, tells Edited
  void tell(DocumentChange c) {
    if (listener_) listener_(c);
  }

  Listener listener_;
  MapDocument doc_;
  std::optional<std::filesystem::path> file_;
  std::optional<MapProblem> file_problem_;
  History history_;
  std::optional<MapDocument> gesture_base_;
  std::uint64_t generation_ = 0;
  std::uint64_t edits_ = 0;
};

}  // namespace polypath::editor
