// lessons_panel.cpp: the Lessons tab, the caption strip on the canvas and the keys.
#include "editor/lessons/lessons_panel.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "polypath/debug/node_inspector.hpp"
#include "editor/app/command_line.hpp"
#include "editor/panels/appearance_panel.hpp"
#include "editor/panels/panel_widgets.hpp"
#include "editor/panels/file_actions.hpp"
#include "editor/panels/text_wrap.hpp"
#include "imgui.h"
#include "imgui_stdlib.h"

namespace polypath::editor {

namespace {

constexpr double kCaptionShare = 0.28;
constexpr double kMinCaptionHeight = 150.0;

const ThemedText kPromptText{{1.0f, 0.8f, 0.35f, 1.0f}, {0.55f, 0.36f, 0.0f, 1.0f}};
const ThemedText kDimText{{0.6f, 0.64f, 0.7f, 1.0f}, {0.36f, 0.38f, 0.43f, 1.0f}};
const ThemedText kTitleText{{0.55f, 0.8f, 1.0f, 1.0f}, {0.05f, 0.35f, 0.65f, 1.0f}};

// The caption font of the current context's atlas: the second font buildUiFonts()
// adds (appearance.hpp); null when there is none.
ImFont* captionFont() {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  return atlas->Fonts.Size > 1 ? atlas->Fonts[1] : nullptr;
}

// "Step 3 of 8" and what the search shows now: expansions, and the path once found.
std::string progressLine(const Scene& scene, const LessonSession& s) {
  char buf[160];
  const SceneStats& st = scene.stats();
  const int expansions = scene.stepping() ? st.expansions : 0;
  int n = std::snprintf(buf, sizeof buf, "Step %d of %d   |   %d expansion%s", s.current() + 1, s.stepCount(), expansions,
                        expansions == 1 ? "" : "s");
  if (st.path_found && n > 0 && n < static_cast<int>(sizeof buf))
    std::snprintf(buf + n, sizeof buf - static_cast<std::size_t>(n), ", path length %.4f", st.path_length);
  return buf;
}

// The line under the caption for a step that inspects a node ("Inspected 12: g ... h ...
// f ..."); empty for other steps.
std::string inspectedLine(const Scene& scene, const UiState& ui) {
  const Search* search = scene.search();
  const NodeId n = ui.debugger.inspected;
  if (!search || n == kNoNode || static_cast<std::size_t>(n) >= search->graph()->nodeCount()) return {};
  const std::vector<LessonAction>& actions = ui.lessons.step().actions;
  if (std::none_of(actions.begin(), actions.end(),
                   [](const LessonAction& a) { return a.kind == LessonAction::Kind::Inspect; }))
    return {};
  const NodeInspection in = inspectNode(*search->graph(), search->state(), n);
  char buf[200];
  std::snprintf(buf, sizeof buf, "Inspected %s: g %.6g   h %.6g   f %.6g", nodeName(search->state(), n).c_str(), in.g,
                in.h, in.f);
  return buf;
}

std::string noteText(const std::string& note) { return "Note: " + note; }

// Height, pixels, of what goes under the header as ImGui lays it out (each item followed by
// the item spacing): the caption and the prompt in `caption_font`, wrapped to the content
// width, then the inspected line and the notes in the panel's type.
float bodyHeight(ImFont* caption_font, const std::string& caption, const char* prompt, const std::string& inspected,
                 const std::vector<std::string>& notes) {
  const float wrap = ImGui::GetContentRegionAvail().x;
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  auto big = [&](const char* text) {
    return caption_font->CalcTextSizeA(caption_font->FontSize, FLT_MAX, wrap, text).y + spacing;
  };
  auto small = [&](const std::string& text) { return ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y + spacing; };
  float h = big(caption.c_str());
  if (prompt[0]) h += big(prompt);
  if (!inspected.empty()) h += small(inspected);
  for (const std::string& note : notes) h += small(noteText(note));
  return h;
}

void navigationButtons(Scene& scene, UiState& ui, bool with_step) {
  LessonSession& s = ui.lessons;
  ImGui::BeginDisabled(s.current() <= 0);
  if (ImGui::Button("< Back")) s.back(scene, ui);
  remember(ui, "lesson Back");
  ImGui::EndDisabled();
  hint("The previous lesson step (Page Up).");
  if (with_step) {
    ImGui::SameLine();
    // A step marked "stepping": false has nothing to step (a finished search): the lesson says so.
    const bool steps = scene.searchState() && s.step().stepping;
    ImGui::BeginDisabled(!steps);
    if (ImGui::Button("Step")) stepShown(scene, ui);
    remember(ui, "lesson Step");
    ImGui::EndDisabled();
    hint(steps ? "One A* expansion, of both searches while they are side by side (the Step button; Right arrow on "
                 "the canvas)."
               : "Nothing to step in this lesson step: Next (Page Down) goes on.");
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(s.current() + 1 >= s.stepCount());
  if (ImGui::Button("Next >")) s.next(scene, ui);
  remember(ui, "lesson Next");
  ImGui::EndDisabled();
  hint("The next lesson step (Page Down); makes the Step presses a prompt still waits for.");
}

}  // namespace

double lessonCaptionHeight(const ScreenRect& canvas) {
  return std::min(canvas.h, std::max(kMinCaptionHeight, canvas.h * kCaptionShare));
}

Camera lessonCamera(const MapDocument& doc, const ScreenRect& canvas) {
  const auto bounds = documentBounds(doc);
  if (!bounds) return Camera(canvas, {0, 0}, 20.0);
  ScreenRect above = canvas;
  above.h = std::max(1.0, canvas.h - lessonCaptionHeight(canvas));
  return fittedWithin(canvas, above, *bounds);
}

void lessonsTab(Scene& scene, UiState& ui) {
  LessonSession& s = ui.lessons;
  if (s.active()) {
    const Lesson& lesson = *s.lesson();
    ImGui::PushStyleColor(ImGuiCol_Text, kTitleText);
    ImGui::TextWrapped("%s", lesson.title.c_str());
    ImGui::PopStyleColor();
    ImGui::TextDisabled("%s", s.file().filename().string().c_str());
    ImGui::TextWrapped("%s", lesson.summary.c_str());
    navigationButtons(scene, ui, false);
    ImGui::SameLine();
    if (ImGui::Button("Close lesson")) s.close(ui);
    remember(ui, "lessons Close");
    hint("Stop the lesson; the map and search stay as they are.");
    ImGui::Separator();
    for (int i = 0; i < s.stepCount(); ++i) {
      const LessonStep& st = lesson.steps[static_cast<std::size_t>(i)];
      char label[64];
      std::snprintf(label, sizeof label, "%d.##lessonstep%d", i + 1, i);
      if (ImGui::Selectable(label, i == s.current(), ImGuiSelectableFlags_AllowItemOverlap)) s.goTo(i, scene, ui);
      ImGui::SameLine(32.0f);
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextColored(i == s.current() ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : ImVec4(kDimText), "%s", st.caption.c_str());
      ImGui::PopTextWrapPos();
    }
    return;
  }
  if (!s.listed) {
    if (s.folder_text.empty())
      if (const auto folder = findLessonsFolder(executableDir())) s.folder_text = folder->string();
    s.entries = listLessons(s.folder_text);
    s.listed = true;
  }
  ImGui::TextWrapped("Lessons play a scripted demo of a search, step by step, with a caption for each step.");
  if (ImGui::Button("Folder...")) askForFile(ui, std::nullopt, FilePurpose::LessonFolder);
  remember(ui, "lesson folder");
  hint("Choose the folder whose lesson files (*.json) are listed.");
  ImGui::SameLine();
  ImGui::TextUnformatted(fitToWidth(s.folder_text.empty() ? std::string("no folder") : s.folder_text,
                                    ImGui::GetContentRegionAvail().x - 60.0f)
                             .c_str());
  ImGui::SameLine();
  if (ImGui::Button("List")) s.listed = false;
  hint("Read the lesson files (*.json) of this folder again.");
  if (s.entries.empty()) ImGui::TextDisabled("No lesson files (*.json) in this folder.");
  for (std::size_t i = 0; i < s.entries.size(); ++i) {
    const LessonEntry& e = s.entries[i];
    ImGui::PushID(static_cast<int>(i));
    char label[300];
    if (e.error.empty())
      std::snprintf(label, sizeof label, "%s  (%d steps)", e.title.c_str(), e.steps);
    else
      std::snprintf(label, sizeof label, "%s  (cannot be read)", e.title.c_str());
    if (ImGui::Selectable(label)) ui.lesson_request = e.file;
    remember(ui, ("lesson " + std::to_string(i)).c_str());
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
      ImGui::TextUnformatted(e.error.empty() ? e.summary.c_str() : e.error.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::PopID();
  }
}

void drawLessonCaption(Scene& scene, UiState& ui, const ScreenRect& canvas) {
  LessonSession& s = ui.lessons;
  if (!s.active()) return;
  const float h = static_cast<float>(lessonCaptionHeight(canvas));
  ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvas.x), static_cast<float>(canvas.y + canvas.h) - h));
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(canvas.w), h));
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the canvas hints under it do not show through
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(14, 10));
  ImGui::Begin("##lessoncaption", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoNav);
  ImGui::PopStyleVar();
  // Header: the buttons, the progress, the lesson's title (cut with an ellipsis at the right edge).
  navigationButtons(scene, ui, true);
  ImGui::SameLine(0.0f, 16.0f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(kDimText, "%s", progressLine(scene, s).c_str());
  ImGui::SameLine(0.0f, 16.0f);
  ImGui::TextColored(kTitleText, "%s", fitToWidth(s.lesson()->title, ImGui::GetContentRegionAvail().x).c_str());
  ImGui::Separator();
  // The caption, large when it fits above the notes (else in the panel's type).
  const LessonStep& step = s.step();
  char prompt[400] = "";
  if (s.promptRemaining() > 0)
    std::snprintf(prompt, sizeof prompt, "> %s  (%d more)", step.prompt.c_str(), s.promptRemaining());
  const std::string inspected = inspectedLine(scene, ui);
  ImFont* big = captionFont();
  const float width = ImGui::GetContentRegionAvail().x;
  // Broken at spaces only: a value such as 1.989 stays on one line.
  auto wrapped = [&](ImFont* font, const char* text) {
    return font ? wrapAtSpaces(font, font->FontSize, text, width)
                : wrapAtSpaces(ImGui::GetFont(), ImGui::GetFontSize(), text, width);
  };
  if (big && bodyHeight(big, wrapped(big, step.caption.c_str()), wrapped(big, prompt).c_str(), inspected,
                        s.notes()) > ImGui::GetContentRegionAvail().y)
    big = nullptr;
  const std::string caption = wrapped(big, step.caption.c_str()), prompt_text = wrapped(big, prompt);
  if (big) ImGui::PushFont(big);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(caption.c_str());
  remember(ui, "lesson caption");
  if (prompt[0]) {
    ImGui::PushStyleColor(ImGuiCol_Text, kPromptText);
    ImGui::TextUnformatted(prompt_text.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  if (big) ImGui::PopFont();
  // The inspected node (an "inspect" action), and what the editor cannot show.
  if (!inspected.empty()) ImGui::TextUnformatted(inspected.c_str());
  ImGui::PushTextWrapPos(0.0f);
  for (const std::string& note : s.notes()) ImGui::TextColored(kDimText, "%s", noteText(note).c_str());
  ImGui::PopTextWrapPos();
  const ImVec2 end = ImGui::GetCursorScreenPos();  // where the next item would go: under the last one
  ui.widget_rects["lesson content end"] = ScreenRect{end.x, end.y, 0.0, 0.0};
  ui.widget_rects["lesson strip"] = ScreenRect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                               ImGui::GetWindowSize().x, ImGui::GetWindowSize().y};
  ImGui::End();
}

bool lessonKey(Scene& scene, UiState& ui, SDL_Scancode code) {
  if (!ui.lessons.active()) return false;
  if (code == SDL_SCANCODE_PAGEDOWN) return ui.lessons.next(scene, ui), true;
  if (code == SDL_SCANCODE_PAGEUP) return ui.lessons.back(scene, ui), true;
  return false;
}

bool openRequestedLesson(Scene& scene, UiState& ui) {
  if (!ui.lesson_request) return false;
  const std::filesystem::path file = *ui.lesson_request;
  ui.lesson_request.reset();
  std::string error;
  if (!ui.lessons.open(file, scene, ui, &error)) {
    setStatus(ui, "Could not open the lesson: " + error, true);
    return false;
  }
  ui.path_text.clear();
  ui.hovered = ui.dragged = Handle{};
  ui.tab_request = PanelTab::Lessons;
  setStatus(ui, "Lesson \"" + ui.lessons.lesson()->title + "\": Next (Page Down) and Back (Page Up) move through it.",
            false);
  return true;
}

}  // namespace polypath::editor
