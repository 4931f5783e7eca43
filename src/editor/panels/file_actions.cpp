// file_actions.cpp: the questions for a file and their answers (see file_actions.hpp).
#include "editor/panels/file_actions.hpp"

#include "editor/document/scene.hpp"
#include "editor/panels/panels.hpp"
#include "polypath/convert/map_formats.hpp"

namespace polypath::editor {

std::vector<FileFilter> openMapFilters() {
  FileFilter all{"All maps", {".map"}};
  std::vector<FileFilter> each;
  for (const MapFormat& f : mapFormats()) {
    if (!f.parse) continue;
    all.extensions.insert(all.extensions.end(), f.extensions.begin(), f.extensions.end());
    each.push_back({f.name, f.extensions});
  }
  std::vector<FileFilter> filters{all};
  filters.insert(filters.end(), each.begin(), each.end());
  filters.push_back({"Moving AI grid", {".map"}});
  filters.push_back({"All files", {}});
  return filters;
}

std::vector<FileFilter> saveMapFilters(bool export_only) {
  std::vector<FileFilter> filters;
  for (const MapFormat& f : mapFormats()) {
    if (!f.serialize || (export_only && Document::isNativeFile(f.extensions.front()))) continue;
    filters.push_back({f.name, f.extensions});
  }
  return filters;
}

std::filesystem::path startFolder(const UiState& ui, const std::filesystem::path& file) {
  if (!file.empty() && !file.parent_path().empty()) return file.parent_path();
  if (!ui.recent_folders.empty()) return ui.recent_folders.front();
  return {};
}

void askForFile(UiState& ui, const std::optional<std::filesystem::path>& file, FilePurpose purpose) {
  const std::filesystem::path current = file.value_or(std::filesystem::path(ui.path_text));
  FileRequest r;
  r.purpose = purpose;
  r.start = startFolder(ui, current);
  switch (purpose) {
    case FilePurpose::Open:
      r.title = "Open a map";
      r.filters = openMapFilters();
      break;
    case FilePurpose::SaveAs:
      r.title = "Save the map as";
      r.save = true;
      r.filters = saveMapFilters(false);
      r.start = startFolder(ui, ui.path_text.empty() ? current : std::filesystem::path(ui.path_text));
      r.name = std::filesystem::path(ui.path_text.empty() ? current : std::filesystem::path(ui.path_text)).filename().string();
      if (r.name.empty()) r.name = "untitled.json";
      break;
    case FilePurpose::Export:
      r.title = "Export the map as";
      r.save = true;
      r.filters = saveMapFilters(true);
      r.name = current.stem().string();
      break;
    case FilePurpose::Background:
      r.title = "Background image";
      r.filters = {{"Images", {".png", ".jpg", ".jpeg"}}, {"All files", {}}};
      break;
    case FilePurpose::LessonFolder:
      r.title = "Lessons folder";
      r.folder = true;
      if (!ui.lessons.folder_text.empty()) r.start = ui.lessons.folder_text;
      break;
    case FilePurpose::GridSaveAs:
      r.title = "Save the grid as";
      r.save = true;
      r.filters = {{"Moving AI grid", {".map"}}};
      r.start = startFolder(ui, ui.path_text);
      r.name = std::filesystem::path(ui.path_text).filename().string();
      break;
  }
  ui.file_request = std::move(r);
}

void cancelPendingActions(UiState& ui) {
  ui.open_request.reset();
  ui.lesson_request.reset();
  ui.new_request = false;
  ui.quit_request = false;
  ui.save_then_continue = false;
}

void applyFileChoice(Scene& scene, UiState& ui, const FileChoice& choice) {
  if (!choice.path) {
    if (ui.save_then_continue) {
      cancelPendingActions(ui);
      setStatus(ui, "Not saved; nothing else was done.", false);
    }
    return;
  }
  const std::filesystem::path& file = *choice.path;
  switch (choice.purpose) {
    case FilePurpose::Open: ui.open_request = file; break;
    case FilePurpose::SaveAs:
    case FilePurpose::Export:
      // A failed save cancels what waited for it; a saved map lets it go on (drawModals).
      if (!saveDocumentTo(scene, ui, file) && ui.save_then_continue) cancelPendingActions(ui);
      ui.save_then_continue = false;
      break;
    case FilePurpose::Background: {
      std::filesystem::path image = file;
      if (scene.file()) {
        const std::filesystem::path rel = file.lexically_relative(std::filesystem::absolute(*scene.file()).parent_path());
        if (!rel.empty() && *rel.begin() != "..") image = rel;
      }
      ui.background_text = image.string();
      ui.background_request = image.string();
      break;
    }
    case FilePurpose::LessonFolder:
      ui.lessons.folder_text = file.string();
      ui.lessons.listed = false;
      break;
    case FilePurpose::GridSaveAs: break;  // the application's
  }
}

}  // namespace polypath::editor
