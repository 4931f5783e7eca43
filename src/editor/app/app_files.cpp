// app_files.cpp: the file dialog in the editor's frame: a question asked by a button is
// opened (the desktop's dialog or the editor's, file_dialog.hpp) and its answer applied.
#include "editor/app/app.hpp"
#include "editor/panels/file_actions.hpp"

namespace polypath::editor {

void App::fileDialogFrame() {
  if (ui_.file_request) {
    ui_.file_dialog.open(std::move(*ui_.file_request), useNativeDialog(ui_.native_file_dialog, options_.headless));
    ui_.file_request.reset();
  }
  const std::optional<FileChoice> choice = ui_.file_dialog.draw(ui_);
  if (!choice) return;
  if (choice->purpose == FilePurpose::GridSaveAs) {  // the grid is the application's
    if (choice->path) saveGridFileTo(grid_, ui_, *choice->path);
    return;
  }
  applyFileChoice(scene_, ui_, *choice);
}

}  // namespace polypath::editor
