// file_dialog.hpp: choosing a file or a folder (Open, Save As, Export, background image,
// lesson folder, grid files).
//
// A FileRequest says what is chosen and what for. FileDialog shows it either as the
// editor's own Dear ImGui modal (folders, files filtered by type, recent places, a name
// field that also takes a typed path, an Overwrite / Cancel question before a save
// replaces a file; keys: Enter opens, Backspace in an empty name field goes up a folder,
// Up/Down move through the list, Escape cancels) or, when allowed and installed, as the
// desktop's dialog: zenity, run as a child process that the editor polls every frame
// while it keeps drawing (zenity_dialog.hpp). The editor's own dialog is used when
// zenity is not on PATH, in headless mode (tests), when the preference
// native_file_dialog is off, or when POLYPATH_FILE_DIALOG=builtin; POLYPATH_FILE_DIALOG=zenity
// asks for zenity even where the preference is off.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace polypath::editor {

struct UiState;
class ZenityDialog;

/// What the chosen file is for; the application acts on it (file_actions.hpp).
enum class FilePurpose {
  Open,             ///< open or import a map (polygon map or .map grid)
  SaveAs,           ///< save the polygon map (a non-.json extension exports it)
  Export,           ///< export the polygon map in another tool's format
  Background,       ///< the background image under the map
  LessonFolder,     ///< the folder the Lessons tab lists
  GridSaveAs,       ///< save the Moving AI grid
};

/// A file type of the dialog: a label and the extensions it shows (".json"); no
/// extensions: every file.
struct FileFilter {
  std::string label;
  std::vector<std::string> extensions;
  /// True when `file`'s extension is one of `extensions` (case-insensitive), or there are none.
  bool matches(const std::filesystem::path& file) const;
};

/// A question for a file or folder.
struct FileRequest {
  FilePurpose purpose = FilePurpose::Open;
  std::string title;               ///< the dialog's title ("Open a map")
  bool save = false;               ///< choosing a file to write (asks before overwriting)
  bool folder = false;             ///< choosing a folder
  std::vector<FileFilter> filters; ///< file types, the first selected; none: every file
  std::filesystem::path start;     ///< the folder shown first (the current folder when empty or missing)
  std::string name;                ///< the name proposed (save)
};

/// The answer: the purpose and the chosen path, or no path when cancelled.
struct FileChoice {
  FilePurpose purpose = FilePurpose::Open;
  std::optional<std::filesystem::path> path;
};

/// One row of the editor's dialog: a folder or a file of the folder shown.
struct FolderEntry {
  std::string name;
  bool folder = false;
};

/// The folders (first) and the files of `folder` that `filter` shows, each group sorted
/// by name; hidden entries (".name") are left out. An unreadable folder gives an empty
/// list and `error` (naming the folder and why).
std::vector<FolderEntry> listFolder(const std::filesystem::path& folder, const FileFilter& filter,
                                    std::string* error = nullptr);

/// Most recent places (folders) remembered.
inline constexpr std::size_t kMaxRecentFolders = 8;
/// Puts `folder` first in `places` (absolute, no duplicates, at most kMaxRecentFolders).
void addRecentFolder(std::vector<std::filesystem::path>& places, const std::filesystem::path& folder);

/// True when POLYPATH_FILE_DIALOG, the preference `native_allowed` and the mode let the
/// desktop's dialog (zenity) be used and zenity is on PATH.
bool useNativeDialog(bool native_allowed, bool headless);

/// The file dialog of the editor (one at a time). Call draw() every frame after the
/// other windows; it returns the answer on the frame the dialog closes.
class FileDialog {
 public:
  FileDialog();
  ~FileDialog();
  FileDialog(const FileDialog&) = delete;
  FileDialog& operator=(const FileDialog&) = delete;
  FileDialog(FileDialog&&) noexcept;
  FileDialog& operator=(FileDialog&&) noexcept;

  /// Starts asking `request` (replacing a question still open). `native`: run zenity
  /// instead of the editor's dialog (see useNativeDialog); when it cannot start, the
  /// editor's dialog is shown.
  void open(FileRequest request, bool native);
  /// True while a question is open (either dialog).
  bool isOpen() const { return request_.has_value(); }
  /// True while zenity is running.
  bool native() const { return zenity_ != nullptr; }
  /// Draws the dialog (or polls zenity); the answer on the frame it closes. Records the
  /// widget rectangles "dialog Up", "dialog name", "dialog OK", "dialog Cancel",
  /// "dialog Overwrite", "dialog filter LABEL", "dialog place N" and "dialog entry NAME"
  /// (folders end in '/') in ui.widget_rects, and adds the folder of a chosen path to
  /// ui.recent_folders.
  std::optional<FileChoice> draw(UiState& ui);

  /// The folder shown, the rows listed and the name typed (for tests and the soak).
  const std::filesystem::path& folder() const { return folder_; }
  const std::vector<FolderEntry>& entries() const { return entries_; }
  const std::string& name() const { return name_; }
  /// Why the last Enter or OK chose nothing ("There is no file ..."); empty otherwise.
  const std::string& nameError() const { return name_error_; }
  /// The file waiting for the Overwrite / Cancel answer, if any.
  const std::optional<std::filesystem::path>& overwriteQuestion() const { return overwrite_; }

 private:
  void enter(const std::filesystem::path& folder);
  void setName(std::string name);
  std::optional<std::filesystem::path> confirm();  // Enter / OK on the name field
  std::optional<FileChoice> drawOwn(UiState& ui);
  std::optional<FileChoice> pollNative(UiState& ui);
  FileChoice finish(UiState& ui, std::optional<std::filesystem::path> path);

  std::optional<FileRequest> request_;
  std::unique_ptr<ZenityDialog> zenity_;
  std::filesystem::path folder_;
  std::vector<FolderEntry> entries_;
  std::string list_error_;  // the folder could not be read
  std::string name_error_;  // the name typed names no file (shown under the name field)
  std::size_t filter_ = 0;
  std::string name_;
  int name_generation_ = 0;  // a new name field (and focus) after the name was set from outside
  bool focus_name_ = false;
  int selected_ = -1;
  std::optional<std::filesystem::path> overwrite_;
  bool just_opened_ = false;
};

}  // namespace polypath::editor
