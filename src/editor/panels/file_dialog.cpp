// file_dialog.cpp: the editor's file dialog and the choice of zenity (see file_dialog.hpp).
#include "editor/panels/file_dialog.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "editor/panels/panel_widgets.hpp"
#include "editor/panels/panels.hpp"
#include "editor/panels/zenity_dialog.hpp"
#include "imgui.h"
#include "imgui_stdlib.h"

namespace polypath::editor {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::filesystem::path absoluteOr(const std::filesystem::path& p) {
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(p, ec);
  return (ec ? p : abs).lexically_normal();
}

bool fileExists(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::exists(p, ec);
}

bool isFolder(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_directory(p, ec);
}

const char* okLabel(const FileRequest& r) { return r.folder ? "Choose" : r.save ? "Save" : "Open"; }

bool keyPressed(ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false); }

}  // namespace

bool FileFilter::matches(const std::filesystem::path& file) const {
  if (extensions.empty()) return true;
  const std::string ext = lower(file.extension().string());
  return std::any_of(extensions.begin(), extensions.end(), [&](const std::string& e) { return lower(e) == ext; });
}

std::vector<FolderEntry> listFolder(const std::filesystem::path& folder, const FileFilter& filter, std::string* error) {
  std::vector<FolderEntry> folders, files;
  std::error_code ec;
  std::filesystem::directory_iterator it(folder, std::filesystem::directory_options::skip_permission_denied, ec);
  if (ec) {
    if (error) *error = "cannot read the folder " + folder.string() + ": " + ec.message();
    return {};
  }
  for (; it != std::filesystem::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code type_ec;
    if (it->is_directory(type_ec))
      folders.push_back({name, true});
    else if (filter.matches(it->path()))
      files.push_back({name, false});
  }
  const auto by_name = [](const FolderEntry& a, const FolderEntry& b) { return a.name < b.name; };
  std::sort(folders.begin(), folders.end(), by_name);
  std::sort(files.begin(), files.end(), by_name);
  folders.insert(folders.end(), files.begin(), files.end());
  if (error) error->clear();
  return folders;
}

void addRecentFolder(std::vector<std::filesystem::path>& places, const std::filesystem::path& folder) {
  const std::filesystem::path abs = absoluteOr(folder);
  std::erase(places, abs);
  places.insert(places.begin(), abs);
  if (places.size() > kMaxRecentFolders) places.resize(kMaxRecentFolders);
}

bool useNativeDialog(bool native_allowed, bool headless) {
  if (headless) return false;
  const char* env = std::getenv("POLYPATH_FILE_DIALOG");
  if (env && std::strcmp(env, "builtin") == 0) return false;
  const bool asked = env && std::strcmp(env, "zenity") == 0;
  return (native_allowed || asked) && findOnPath("zenity").has_value();
}

FileDialog::FileDialog() = default;
FileDialog::~FileDialog() = default;
FileDialog::FileDialog(FileDialog&&) noexcept = default;
FileDialog& FileDialog::operator=(FileDialog&&) noexcept = default;

void FileDialog::open(FileRequest request, bool native) {
  zenity_.reset();
  overwrite_.reset();
  filter_ = 0;
  if (native) {
    if (const auto program = findOnPath("zenity")) {
      auto z = std::make_unique<ZenityDialog>();
      if (z->start(*program, request)) zenity_ = std::move(z);
    }
  }
  std::error_code ec;
  const std::filesystem::path cwd = std::filesystem::current_path(ec);
  std::filesystem::path start = request.start.empty() ? cwd : request.start;
  if (!isFolder(start)) start = cwd;
  setName(request.name);
  request_ = std::move(request);
  enter(start);
  just_opened_ = true;
}

void FileDialog::enter(const std::filesystem::path& folder) {
  folder_ = absoluteOr(folder);
  if (!folder_.has_filename() && folder_.has_relative_path()) folder_ = folder_.parent_path();  // "sub/" -> "sub"
  static const FileFilter kAll{"All files", {}};
  const FileFilter& f = request_ && filter_ < request_->filters.size() ? request_->filters[filter_] : kAll;
  entries_ = listFolder(folder_, f, &list_error_);
  if (request_ && request_->folder) std::erase_if(entries_, [](const FolderEntry& e) { return !e.folder; });
  selected_ = -1;
}

void FileDialog::setName(std::string name) {
  name_ = std::move(name);
  name_error_.clear();
  ++name_generation_;
  focus_name_ = true;
}

std::optional<std::filesystem::path> FileDialog::confirm() {
  if (name_.empty()) return request_->folder ? std::optional(folder_) : std::nullopt;
  std::filesystem::path p = absoluteOr(folder_ / name_);  // an absolute name replaces the folder
  if (isFolder(p) && !(request_->folder && name_.back() != '/')) {
    enter(p);
    setName("");
    return std::nullopt;
  }
  if (request_->save && !p.has_extension() && filter_ < request_->filters.size() &&
      !request_->filters[filter_].extensions.empty())
    p += request_->filters[filter_].extensions.front();
  focus_name_ = true;  // not chosen yet: the name field keeps the keyboard
  if (!request_->save && !request_->folder && !fileExists(p)) {
    name_error_ = "There is no file " + p.string() + ".";
    return std::nullopt;
  }
  if (request_->save && fileExists(p)) {
    overwrite_ = p;
    return std::nullopt;
  }
  return p;
}

FileChoice FileDialog::finish(UiState& ui, std::optional<std::filesystem::path> path) {
  FileChoice choice{request_->purpose, std::move(path)};
  if (choice.path) addRecentFolder(ui.recent_folders, request_->folder ? *choice.path : choice.path->parent_path());
  request_.reset();
  zenity_.reset();
  overwrite_.reset();
  return choice;
}

std::optional<FileChoice> FileDialog::draw(UiState& ui) {
  if (!request_) return std::nullopt;
  return zenity_ ? pollNative(ui) : drawOwn(ui);
}

std::optional<FileChoice> FileDialog::pollNative(UiState& ui) {
  const std::optional<std::string> answer = zenity_->poll();
  if (!answer) return std::nullopt;
  return finish(ui, answer->empty() ? std::nullopt : std::optional<std::filesystem::path>(*answer));
}

std::optional<FileChoice> FileDialog::drawOwn(UiState& ui) {
  const std::string popup = request_->title + "###file dialog";
  if (!ImGui::IsPopupOpen("###file dialog")) ImGui::OpenPopup(popup.c_str());
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(std::min(760.0f, vp->Size.x - 40.0f), std::min(520.0f, vp->Size.y - 40.0f)),
                           ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the panel and the map must not show through the file list
  if (!ImGui::BeginPopupModal(popup.c_str(), nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings))
    return std::nullopt;
  std::optional<FileChoice> done;
  std::optional<std::filesystem::path> chosen;
  bool cancel = false;

  if (overwrite_) {
    // The save replaces a file: ask first.
    ImGui::TextWrapped("%s already exists. Overwrite it?", overwrite_->string().c_str());
    if (ImGui::Button("Overwrite")) chosen = overwrite_;
    remember(ui, "dialog Overwrite");
    hint("Replace the file with the map (written to a temporary file first, then renamed).");
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || keyPressed(ImGuiKey_Escape)) {
      overwrite_.reset();
      focus_name_ = true;
    }
    remember(ui, "dialog Cancel");
    hint("Keep the file; choose another name.");
    if (chosen) done = finish(ui, chosen);
    ImGui::EndPopup();
    return done;
  }

  // Folder row: Up and the folder shown.
  if (ImGui::Button("Up")) enter(folder_.parent_path());
  remember(ui, "dialog Up");
  hint("The folder above (Backspace in an empty name field).");
  ImGui::SameLine();
  ImGui::TextUnformatted(fitToWidth(folder_.string(), ImGui::GetContentRegionAvail().x).c_str());

  // File types, on as many lines as they need.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  for (std::size_t i = 0; i < request_->filters.size(); ++i) {
    const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x +
                        ImGui::CalcTextSize(request_->filters[i].label.c_str()).x;
    if (i > 0 && ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
    if (ImGui::RadioButton(request_->filters[i].label.c_str(), filter_ == i)) {
      filter_ = i;
      enter(folder_);
    }
    remember(ui, "dialog filter " + request_->filters[i].label);
  }

  // Places on the left, the folder's entries on the right.
  const float footer = ImGui::GetFrameHeightWithSpacing() * 3.0f;
  const float list_h = std::max(60.0f, ImGui::GetContentRegionAvail().y - footer);
  ImGui::BeginChild("places", ImVec2(180.0f, list_h), true);
  ImGui::TextDisabled("Recent places");
  std::vector<std::filesystem::path> places = ui.recent_folders;
  if (const char* home = std::getenv("HOME")) places.emplace_back(home);
  for (std::size_t i = 0; i < places.size(); ++i) {
    const bool is_home = i + 1 == places.size() && std::getenv("HOME");
    const std::string label = is_home ? std::string("Home") : places[i].filename().string();
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(label.empty() ? places[i].string().c_str() : label.c_str(), places[i] == folder_) &&
        isFolder(places[i]))
      enter(places[i]);
    ImGui::PopID();
    remember(ui, "dialog place " + std::to_string(i));
    hint(places[i].string().c_str());
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("entries", ImVec2(0, list_h), true);
  if (!list_error_.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "%s", list_error_.c_str());
  std::optional<std::size_t> open_entry;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const FolderEntry& e = entries_[i];
    const std::string label = e.folder ? e.name + "/" : e.name;
    if (ImGui::Selectable(label.c_str(), static_cast<int>(i) == selected_, ImGuiSelectableFlags_AllowDoubleClick)) {
      selected_ = static_cast<int>(i);
      setName(label);
      if (ImGui::IsMouseDoubleClicked(0)) open_entry = i;
    }
    remember(ui, "dialog entry " + label);
  }
  if (entries_.empty() && list_error_.empty())
    ImGui::TextDisabled(request_->folder ? "No folders here." : "No files of this type here.");
  ImGui::EndChild();

  // The name (or a typed path) and the buttons.
  ImGui::TextUnformatted(request_->folder ? "Folder" : "Name");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (focus_name_) ImGui::SetKeyboardFocusHere();  // again each frame until the field has it
  const bool name_was_empty = name_.empty();
  ImGui::PushID(name_generation_);
  const bool entered = ImGui::InputTextWithHint(
      "##name", request_->save ? "name, or a path" : "a name or a path; Enter opens", &name_,
      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if (ImGui::IsItemActive()) focus_name_ = false;
  if (ImGui::IsItemEdited()) name_error_.clear();
  ImGui::PopID();
  remember(ui, "dialog name");
  // Why Enter chose nothing, next to where the user typed (the list may be scrolled away).
  if (!name_error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.35f, 0.35f, 1.0f));
    ImGui::TextWrapped("%s", name_error_.c_str());
    ImGui::PopStyleColor();
    remember(ui, "dialog name error");
  }
  hint("A file name in the folder shown, a path relative to it, or an absolute path. Enter opens a folder or "
       "chooses the file.");
  const bool ok = ImGui::Button(okLabel(*request_));
  remember(ui, "dialog OK");
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) cancel = true;
  remember(ui, "dialog Cancel");
  hint("Close the dialog without choosing (Escape).");

  // Keys (not on the frame the dialog opened: the key that opened it is still down).
  if (!just_opened_) {
    if (keyPressed(ImGuiKey_Escape)) cancel = true;
    // Backspace in an empty name field (not one it just emptied) goes up a folder.
    if (keyPressed(ImGuiKey_Backspace) && name_was_empty && name_.empty()) enter(folder_.parent_path());
    const int n = static_cast<int>(entries_.size());
    if (n > 0 && (keyPressed(ImGuiKey_DownArrow) || keyPressed(ImGuiKey_UpArrow))) {
      selected_ = keyPressed(ImGuiKey_DownArrow) ? std::min(n - 1, selected_ + 1) : std::max(0, selected_ - 1);
      const FolderEntry& e = entries_[static_cast<std::size_t>(selected_)];
      setName(e.folder ? e.name + "/" : e.name);
    }
  }
  just_opened_ = false;
  if (open_entry || entered || ok) chosen = confirm();
  if (cancel) done = finish(ui, std::nullopt);
  else if (chosen) done = finish(ui, chosen);
  if (done) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return done;
}

}  // namespace polypath::editor
