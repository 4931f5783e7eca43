// file_actions.hpp: the questions for a file the editor's buttons ask (Open, Save As,
// Export, background image, lesson folder) and what is done with the answer.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "editor/panels/file_dialog.hpp"

namespace polypath::editor {

class Scene;
struct UiState;

/// File types to open: every map the editor reads, polypath maps (.json), each import
/// format, Moving AI grids (.map), every file.
std::vector<FileFilter> openMapFilters();
/// File types to write: polypath maps (.json) first (SaveAs), then every other format
/// that can be written (Export has only those).
std::vector<FileFilter> saveMapFilters(bool export_only);

/// The folder a question starts in: the folder of `file` when it has one, else the most
/// recent place, else the current folder (empty path).
std::filesystem::path startFolder(const UiState& ui, const std::filesystem::path& file);

/// Asks (next frame, in the file dialog) for the file `purpose` needs, starting beside
/// `current` (the open map or grid; none: the recent place), a save proposing the file
/// `ui.path_text` names.
void askForFile(UiState& ui, const std::optional<std::filesystem::path>& current, FilePurpose purpose);

/// Acts on the answer of the dialog: Open asks to open the file (ui.open_request, which
/// asks about unsaved changes first), SaveAs saves (saveDocumentTo), Export exports,
/// Background loads the picture (relative to the map's folder when it is inside it),
/// LessonFolder lists that folder's lessons. A cancelled answer cancels any action that
/// waited for the save (ui.save_then_continue: the open, new, lesson or quit asked
/// for). GridSaveAs is the application's (it owns the grid).
void applyFileChoice(Scene& scene, UiState& ui, const FileChoice& choice);

/// Drops the open, new, lesson and quit requests waiting for an answer (Cancel).
void cancelPendingActions(UiState& ui);

}  // namespace polypath::editor
