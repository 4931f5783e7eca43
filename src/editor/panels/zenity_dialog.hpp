// zenity_dialog.hpp: the desktop's file dialog, zenity, run as a child process that the
// editor polls each frame (it never waits for it, so the window keeps drawing).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace polypath::editor {

struct FileRequest;

/// The full path of `program` found in the folders of $PATH (executable files only);
/// nullopt when it is not there.
std::optional<std::filesystem::path> findOnPath(const std::string& program);

/// The arguments zenity is given for `request` (after the program name):
/// --file-selection --title=..., --save --confirm-overwrite for a save, --directory for a
/// folder, --filename=START/NAME and one --file-filter=LABEL | *.ext ... per filter.
std::vector<std::string> zenityArguments(const FileRequest& request);

/// One zenity run. The destructor ends a dialog still open (SIGTERM) and reaps it.
class ZenityDialog {
 public:
  /// Starts `program` with zenityArguments(request); false (with `error`) when it cannot.
  bool start(const std::filesystem::path& program, const FileRequest& request, std::string* error = nullptr);
  ~ZenityDialog();
  /// Reads what zenity printed so far and checks whether it ended, without waiting.
  /// Returns nullopt while it runs; once it ended, the chosen path (empty: cancelled or
  /// failed).
  std::optional<std::string> poll();

 private:
  pid_t pid_ = -1;
  int out_ = -1;  // read end of zenity's stdout
  std::string text_;
};

}  // namespace polypath::editor
