// history.hpp: undo and redo of document edits.
//
// Each command is one edit as the user sees it (a whole drag, one typed coordinate, a
// deleted selection) and holds the document as it is after the edit: the history is
// the base document followed by the state after each command. Undo and redo (and
// jumping to any entry of the History panel) restore a stored state, so every edit,
// whatever its kind, undoes exactly, and a redo gives the same document bit for bit.
// A map of 2,000 vertices is about 32 KB per state; kMaxHistory bounds the memory.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "polypath/formats/map_io.hpp"

namespace polypath::editor {

/// Most commands kept; older ones are forgotten (their edits stay, they cannot be undone).
inline constexpr std::size_t kMaxHistory = 500;

/// One undoable edit: what the History panel lists and the document after it.
struct EditCommand {
  std::string label;  ///< "Move polygon 0, outer ring, vertex 3", "Add hole", ...
  MapDocument after;  ///< the document once the edit is done
  /// Consecutive edits with the same non-empty key merge into one command while the
  /// merge stays open (typing digits into one vertex table cell).
  std::string merge_key;
};

/// The list of commands and the position in it.
class History {
 public:
  /// Forgets every command; `base` is the document before any of them. `saved`: `base`
  /// is what the file holds (false for recovered work that was never saved).
  void reset(const MapDocument& base, bool saved = true);
  /// Adds a command after the current position, dropping the commands that were undone.
  /// A command with the same merge_key as the current one (and the merge still open)
  /// replaces it instead.
  void push(EditCommand command);
  /// Stops the current command from absorbing the next edits (see EditCommand::merge_key).
  void closeMerge() { merge_open_ = false; }

  /// Number of commands (not counting the base).
  std::size_t size() const { return commands_.size(); }
  /// Commands applied: 0 at the base, size() after the last one.
  std::size_t position() const { return position_; }
  bool canUndo() const { return position_ > 0; }
  bool canRedo() const { return position_ < commands_.size(); }
  /// The command at index i (0-based, i < size()).
  const EditCommand& command(std::size_t i) const { return commands_[i]; }

  /// Moves the position to `n` (0..size()) and returns the document there; nullopt when
  /// n is out of range or already the position.
  std::optional<MapDocument> jumpTo(std::size_t n);
  /// The document at the current position.
  const MapDocument& current() const { return position_ == 0 ? base_ : commands_[position_ - 1].after; }

  /// The current position is what the file holds.
  void markSaved() { saved_ = position_; }
  /// True when the current position is the saved one.
  bool atSaved() const { return saved_ && *saved_ == position_; }

 private:
  MapDocument base_;
  std::vector<EditCommand> commands_;
  std::size_t position_ = 0;
  std::optional<std::size_t> saved_ = 0;  // position the file matches; none: never saved
  bool merge_open_ = false;
};

}  // namespace polypath::editor
