// panels.cpp: the ImGui panels.
//
// [SECTION] Helpers
// [SECTION] Top: file and tools
// [SECTION] Top: search controls and summary
// [SECTION] Tab: Layers (legend and view)
// [SECTION] Tab: Search (options, stats, open set)
// [SECTION] Tab: Map (start, goal, vertex tables)
// [SECTION] Tab: History
// [SECTION] Tab: Help
// [SECTION] Tab: Problems
// [SECTION] Modal popups
// [SECTION] Column
#include "editor/panels/panels.hpp"

#include <algorithm>
#include <functional>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "polypath/convert/map_formats.hpp"
#include "polypath/debug/layer_names.hpp"
#include "editor/canvas/background.hpp"
#include "editor/app/appearance.hpp"
#include "editor/panels/appearance_panel.hpp"
#include "editor/debugger/debugger_panel.hpp"
#include "editor/compare/compare_panel.hpp"
#include "editor/panels/file_actions.hpp"
#include "editor/crowd/crowd_panel.hpp"
#include "editor/panels/method_panel.hpp"
#include "editor/exports/exports_panel.hpp"
#include "editor/lessons/lessons_panel.hpp"
#include "editor/canvas/colours.hpp"
#include "editor/document/new_map.hpp"
#include "editor/panels/panel_widgets.hpp"
#include "editor/panels/search_controls.hpp"
#include "imgui.h"
#include "imgui_stdlib.h"

namespace polypath::editor {

namespace {

// [SECTION] Helpers

// A palette colour (given in the dark theme, palette.hpp) as drawn in `theme`.
ImVec4 toImVec4(Color dark, Theme theme) {
  const Color c = themed(dark, theme);
  return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f);
}

const ThemedText kErrorText{{1.0f, 0.45f, 0.4f, 1.0f}, {0.75f, 0.08f, 0.05f, 1.0f}};
const ThemedText kWarningText{{1.0f, 0.8f, 0.35f, 1.0f}, {0.55f, 0.36f, 0.0f, 1.0f}};
const ThemedText kOkText{{0.55f, 0.85f, 0.55f, 1.0f}, {0.1f, 0.45f, 0.15f, 1.0f}};
const ThemedText kDimText{{0.6f, 0.64f, 0.7f, 1.0f}, {0.36f, 0.38f, 0.43f, 1.0f}};

// Remembers the last item's screen rectangle under `name`, for scripted input.
void recordItemRect(UiState& ui, const std::string& name) { remember(ui, name); }

// A button whose screen rectangle is remembered for scripted input.
bool namedButton(UiState& ui, const char* label, const char* name) {
  const bool pressed = ImGui::Button(label);
  recordItemRect(ui, name);
  return pressed;
}

// A button in a row that wraps: on the same line as the previous item when it fits,
// else on the next line (a narrow column never hides a button).
bool rowButton(UiState& ui, const char* label, const char* name, bool first) {
  if (!first) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::CalcTextSize(label).x + 2 * style.FramePadding.x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
  }
  return namedButton(ui, label, name);
}

// "start", "goal" or the node number.
std::string nodeName(const VisibilityQuery& q, NodeId n) {
  if (n == kNoNode) return "-";
  if (n == q.startNode()) return "start";
  if (n == q.goalNode()) return "goal";
  return std::to_string(n);
}

void tooltip(const char* text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// A tooltip on the last item when it is hovered (every control has one).
void tip(const char* text) { hint(text); }
void tip(const std::string& text) { tip(text.c_str()); }

void helpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) tooltip(text);
}

void wrappedText(const std::string& text, const ImVec4& colour, int max_lines);

// Wrapped text of at most `max_lines` lines: longer text is cut with "..." and shown
// whole in a tooltip. Keeps a long message from pushing the rest of the column away; the
// text takes `max_lines` lines however short it is, so what follows never moves.
void clampedText(const std::string& text, const ImVec4& colour, int max_lines) {
  const float y0 = ImGui::GetCursorPosY();
  const float reserved = y0 + static_cast<float>(max_lines) * ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.y;
  wrappedText(text, colour, max_lines);
  if (ImGui::GetCursorPosY() < reserved) ImGui::SetCursorPosY(reserved);
}

void wrappedText(const std::string& text, const ImVec4& colour, int max_lines) {
  // Lines measured as ImGui's word wrap breaks them (the font's own widths): the text is
  // cut only when it really takes more than max_lines lines at the column's width.
  ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  const float width = std::max(40.0f, ImGui::GetContentRegionAvail().x);
  const char* const begin = text.c_str();
  const char* const end = begin + text.size();
  const char* line = begin;
  std::string shown = text;
  bool cut = false;
  for (int n = 1; line < end; ++n) {
    const char* eol = font->CalcWordWrapPositionA(scale, line, end, width);
    if (eol == line) ++eol;  // a word wider than the column: one character at least
    if (const void* nl = std::memchr(line, '\n', static_cast<std::size_t>(eol - line))) eol = static_cast<const char*>(nl);
    const char* next = eol;
    while (next < end && (*next == ' ' || *next == '\n')) ++next;
    if (n == max_lines && next < end) {
      // The last line: as much as fits before "...".
      const float dots = ImGui::CalcTextSize("...").x;
      const char* last = font->CalcWordWrapPositionA(scale, line, eol, std::max(1.0f, width - dots));
      while (last > line && last[-1] == ' ') --last;
      shown = std::string(begin, last) + "...";
      cut = true;
      break;
    }
    line = next;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(shown.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  if (cut && ImGui::IsItemHovered()) tooltip(text.c_str());
}

// [SECTION] Top: file

void filePart(Scene& scene, UiState& ui) {
  ImGui::Text("%s%s", scene.displayName().c_str(), scene.dirty() ? "  (unsaved changes)" : "");
  ImGui::TextColored(kDimText, "%s",
                     fitToWidth(scene.file() ? scene.file()->string() : std::string("not saved yet"),
                                ImGui::GetContentRegionAvail().x)
                         .c_str());
  if (rowButton(ui, "New", "New", true)) ui.new_request = true;
  tip("Start an empty map (Ctrl+N). Asks first when there are unsaved changes.");
  if (rowButton(ui, "Open", "Open", false)) askForFile(ui, scene.file(), FilePurpose::Open);
  tip(("Choose a map to open (Ctrl+O): a polypath map (.json), a Moving AI grid (.map), or a map of another tool "
       "to import (" + mapFormatExtensions(false) + "). Asks first when there are unsaved changes. You can also drop "
       "a map file on the window.")
          .c_str());
  if (rowButton(ui, "Save", "Save", false)) saveDocument(scene, ui, false);
  tip("Save to the current file (Ctrl+S); a new or imported map asks where, as Save As does.");
  if (rowButton(ui, "Save As", "Save As", false)) saveDocument(scene, ui, true);
  tip(("Choose the file to save to (Ctrl+Shift+S); it becomes the current file. Asks before replacing a file. A name "
       "ending in " + mapFormatExtensions(true) + " exports the map in that format instead.")
          .c_str());
  if (rowButton(ui, "Export map", "Export map", false)) askForFile(ui, scene.file(), FilePurpose::Export);
  tip(("Write the map in another tool's format (" + mapFormatExtensions(true) +
       "); the map's own file and its unsaved mark stay as they are.")
          .c_str());
  if (rowButton(ui, "Recent", "Recent", false)) ImGui::OpenPopup("recent");
  tip("Recently opened and saved maps.");
  if (ImGui::BeginPopup("recent")) {
    if (ui.recent.empty()) ImGui::TextDisabled("No recent files yet.");
    for (std::size_t i = 0; i < ui.recent.size(); ++i) {
      const std::string path = ui.recent[i].string();
      if (ImGui::Selectable(path.c_str())) ui.open_request = ui.recent[i];
      recordItemRect(ui, "recent " + std::to_string(i));
    }
    ImGui::EndPopup();
  }
  exportMenu(scene, ui);
}

void toolsPart(Scene& scene, UiState& ui, ToolController& tools) {
  ImGui::Separator();
  bool first = true;
  for (Tool t : {Tool::Select, Tool::AddVertex, Tool::DrawHole, Tool::DrawPolygon}) {
    char label[48];
    std::snprintf(label, sizeof label, "%s (%c)", toolName(t), toolKey(t));
    const bool current = tools.tool() == t;
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (rowButton(ui, label, toolName(t), first)) tools.setTool(t);
    if (current) ImGui::PopStyleColor();
    first = false;
    switch (t) {
      case Tool::Select:
        tip("Drag a vertex, the start or the goal; press an edge to insert a vertex and drag it; drag on empty space "
            "to box-select (Shift adds); double-click a vertex to select its ring; Del deletes the selection.");
        break;
      case Tool::AddVertex:
        tip("Click to add a vertex after the selected vertex of its ring (clicks continue the ring); click an edge "
            "to insert a vertex on it.");
        break;
      case Tool::DrawHole:
        tip("Click the corners of a new hole inside a polygon; Enter, a double-click or a click on the first point "
            "closes it; Backspace removes the last point; Esc cancels.");
        break;
      case Tool::DrawPolygon:
        tip("Click the corners of a new walkable polygon; Enter, a double-click or a click on the first point closes "
            "it; Backspace removes the last point; Esc cancels.");
        break;
    }
  }
  const History& history = scene.history();
  ImGui::BeginDisabled(!history.canUndo());
  if (rowButton(ui, "Undo", "Undo", false)) scene.undo();
  ImGui::EndDisabled();
  tip(history.canUndo() ? "Undo \"" + history.command(history.position() - 1).label + "\" (Ctrl+Z)"
                        : std::string("Nothing to undo (Ctrl+Z)."));
  ImGui::BeginDisabled(!history.canRedo());
  if (rowButton(ui, "Redo", "Redo", false)) scene.redo();
  ImGui::EndDisabled();
  tip(history.canRedo() ? "Redo \"" + history.command(history.position()).label + "\" (Ctrl+Y or Ctrl+Shift+Z)"
                        : std::string("Nothing to redo (Ctrl+Y or Ctrl+Shift+Z)."));
  // The selection row is always there (its buttons greyed without a selection), so the
  // rows below never move when something gets selected.
  const std::size_t selected = tools.selection().size();
  if (selected > 0)
    ImGui::TextColored(kDimText, "%zu selected", selected);
  else
    ImGui::TextColored(kDimText, "Nothing selected");
  recordItemRect(ui, "selection count");
  ImGui::BeginDisabled(selected == 0);
  ImGui::SameLine();
  if (ImGui::SmallButton("Delete")) tools.deleteSelection(scene);
  recordItemRect(ui, "Delete selection");
  tip("Delete the selected vertices (a fully selected ring goes whole), start or goal (Del).");
  ImGui::SameLine();
  if (ImGui::SmallButton("Reverse")) tools.reverseSelection(scene);
  tip("Reverse the vertex order (winding) of the rings of the selection (R).");
  ImGui::SameLine();
  if (ImGui::SmallButton("Clear")) tools.setSelection({});
  tip("Select nothing (Esc).");
  ImGui::EndDisabled();
}

// [SECTION] Top: search controls and summary

void controlsPart(Scene& scene, UiState& ui) {
  ImGui::Separator();
  const bool has_query = scene.searchState() != nullptr;
  // Each button is disabled while it would do nothing (search_controls.hpp).
  const SearchControls on = searchControls(has_query, scene.stepping(), scene.running(),
                                           has_query ? scene.searchState()->status() : SearchStatus::Idle);
  auto control = [&](const char* label, bool first, bool enabled, const char* why) {
    ImGui::BeginDisabled(!enabled);
    const bool pressed = rowButton(ui, label, label, first);
    ImGui::EndDisabled();
    tip(why);
    return pressed;
  };
  if (control("Step", true, on.step, "Make exactly one A* expansion and show the open set, the closed set and the arcs examined."))
    scene.step();
  if (control("Run", false, on.run, "Animate the search step by step at the speed below.")) scene.startRun();
  if (control("Pause", false, on.pause, "Stop the animation; the stepped view stays.")) scene.pause();
  if (control("Reset", false, on.reset, "Back to the start of the search: the canvas shows the finished result again."))
    scene.reset();
  if (control("Finish", false, on.finish, "Run the stepped search to the end at once.")) scene.finish();
  float sps = static_cast<float>(scene.stepsPerSecond());
  if (runSpeedSlider(ui, "run speed", sps, 60.0f, "How many expansions Run makes per second (Ctrl+click to type)."))
    scene.setStepsPerSecond(sps);

  // What the canvas shows, in one line.
  const SceneStats& st = scene.stats();
  char buf[160];
  ImVec4 colour = kDimText;
  if (scene.loadingMap()) {
    clampedText(scene.polygonMap() ? "Rebuilding: validating the edited map and building the search."
                                   : "Opening: validating the map and building the search.",
                kDimText, 2);
  } else if (scene.buildingGraph()) {
    // The graph's worker thread (graph_build.hpp): its progress and a way out, in the two
    // lines the summary takes, so the tabs below stay where they are.
    const float y0 = ImGui::GetCursorPosY();
    const float fraction = static_cast<float>(scene.graphBuildFraction());
    std::snprintf(buf, sizeof buf, "Building the visibility graph: %.0f%%", 100.0f * fraction);
    const float cancel_w = ImGui::CalcTextSize("Cancel").x + 2 * ImGui::GetStyle().FramePadding.x;
    ImGui::ProgressBar(fraction, ImVec2(-(cancel_w + ImGui::GetStyle().ItemSpacing.x), 0.0f), buf);
    ImGui::SameLine();
    if (namedButton(ui, "Cancel", "graph build cancel")) scene.cancelGraphBuild();
    tip("Stop building the visibility graph and search with Polyanya (exact, no graph) instead.");
    ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY(),
                                  y0 + 2 * ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.y));
  } else {
  if (!has_query) {
    if (!scene.polygonMap())
      std::snprintf(buf, sizeof buf, "No search: no valid map.");
    else if (!scene.startProblem().empty() || !scene.goalProblem().empty())
      std::snprintf(buf, sizeof buf, "No search. %s.",
                    (!scene.startProblem().empty() ? scene.startProblem() : scene.goalProblem()).c_str());
    else
      std::snprintf(buf, sizeof buf, "No search: the map has no %s.", !scene.document().start ? "start" : "goal");
    colour = kWarningText;
  } else if (scene.stepping()) {
    std::snprintf(buf, sizeof buf, "Stepping: %d expansions, %s%s.", st.expansions, statusName(st.status),
                  scene.running() ? " (running)" : "");
    if (st.path_found) {
      const std::size_t n = std::strlen(buf);
      std::snprintf(buf + n, sizeof buf - n, " Path %.4f.", st.path_length);
    }
    if (st.status == SearchStatus::NoPath) colour = kErrorText;
  } else if (st.path_found) {
    std::snprintf(buf, sizeof buf, "%s: length %.4f, %d expansions. Step to watch A*.",
                  scene.mapIsCurrent() ? "Path found" : "Path on the last valid map", st.path_length, st.expansions);
    colour = scene.mapIsCurrent() ? kOkText : kWarningText;
  } else {
    std::snprintf(buf, sizeof buf, "No path from start to goal (%d expansions).", st.expansions);
    colour = kErrorText;
  }
  clampedText(buf, colour, 2);
  }

  clampedText(ui.status, ui.status_error ? kErrorText : kOkText, 3);

  // The problem count row is always there ("No problems."), so the tabs never move.
  const std::vector<MapProblem> problems = scene.problems();
  if (problems.empty()) {
    ImGui::TextColored(kDimText, "No problems.");
    ImGui::SameLine();
    ImGui::BeginDisabled();
    ImGui::SmallButton("Show");
    ImGui::EndDisabled();
    tip("The map has no errors or warnings.");
  } else {
    const auto errors = std::count_if(problems.begin(), problems.end(),
                                      [](const MapProblem& p) { return p.severity == MapProblem::Severity::Error; });
    const auto warnings = static_cast<long>(problems.size()) - errors;
    std::snprintf(buf, sizeof buf, "%ld error%s, %ld warning%s", static_cast<long>(errors), errors == 1 ? "" : "s",
                  warnings, warnings == 1 ? "" : "s");
    ImGui::TextColored(errors ? kErrorText : kWarningText, "%s", buf);
    ImGui::SameLine();
    if (ImGui::SmallButton("Show")) ui.tab_request = PanelTab::Problems;
    tip("Open the Problems tab: every error and warning, with where it is.");
  }
}

// [SECTION] Tab: Layers (legend and view)

// The legend's wording where the core's one-line meaning needs more for a reader.
const char* legendMeaning(const LayerInfo& info) {
  switch (info.layer) {
    case LayerEdges: return "walls: the ring edges";
    case LayerLosLinks: return "pairs of nodes that see each other (thin, under the walls)";
    case LayerClosedSet: return "expanded nodes; red lines: the link to each one's parent";
    case LayerOpenSet: return "nodes waiting to be expanded; green lines: the link to each one's parent";
    case LayerRelaxed: return "arcs the last step examined; thick: it found a shorter way (g improved)";
    default: return info.meaning;
  }
}

const char* legendDetail(const LayerInfo& info) {
  switch (info.layer) {
    case LayerClosedSet:
      return "A node is closed once A* expanded it: its shortest distance from the start (g) is final. The red "
             "line joins it to its parent, the node it was reached from.";
    case LayerOpenSet:
      return "Green dots are nodes A* has reached but not expanded yet (the open set, listed in the Search tab). "
             "The green line joins each one to its parent: the node it is currently reached from. The parent can "
             "change while the search goes on, when a shorter way is found.";
    case LayerRelaxed:
      return "The arcs from the node the last step expanded (white) to its neighbours. A thick yellow arc made "
             "the way to that neighbour shorter (its g improved, its parent is now the expanded node); a thin one "
             "did not.";
    case LayerStartGoalLinks: return "The nodes the start sees and the nodes that see the goal.";
    case LayerReflexNodes:
      return "Paths around obstacles only bend at concave corners of the walkable region: these are the nodes "
             "the visibility graph connects.";
    case LayerPath: return "The shortest path from S to G (while stepping: once the search reaches the goal).";
    default: return nullptr;
  }
}

// One legend row: the layer's toggle (named "toggle KEY"), its swatch (split in two with
// `second`, a second marker colour of the same layer), its name and meaning.
void layerRow(UiState& ui, const LayerInfo& info, const char* meaning, const char* detail, bool stacked,
              const Color* second = nullptr) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(2, 1));
  ImGui::CheckboxFlags("##on", &ui.layers, static_cast<unsigned int>(info.layer));
  ImGui::PopStyleVar();
  recordItemRect(ui, std::string("toggle ") + layerKey(info.layer));
  tip("Show or hide this layer on the canvas.");
  ImGui::SameLine();
  ImGui::ColorButton("##swatch", toImVec4(info.color, ui.theme), ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoAlpha,
                     ImVec2(14, 14));
  if (second) {  // the left half in the layer's colour, the right half in the second one
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const float mid = std::floor((a.x + b.x) / 2);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(a, ImVec2(mid, b.y), ImGui::ColorConvertFloat4ToU32(toImVec4(info.color, ui.theme)));
    dl->AddRectFilled(ImVec2(mid, a.y), b, ImGui::ColorConvertFloat4ToU32(toImVec4(*second, ui.theme)));
  }
  ImGui::TableNextColumn();
  ImGui::PushStyleColor(ImGuiCol_Text, (ui.layers & info.layer) ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                                                : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextUnformatted(info.name);
  ImGui::PopStyleColor();
  recordItemRect(ui, std::string("legend ") + info.name);
  if (detail && ImGui::IsItemHovered()) tooltip(detail);
  if (!stacked) ImGui::TableNextColumn();  // stacked (narrow column): the meaning goes under the name
  ImGui::PushStyleColor(ImGuiCol_Text, kDimText);
  ImGui::TextWrapped("%s", meaning);
  ImGui::PopStyleColor();
  if (detail && ImGui::IsItemHovered()) tooltip(detail);
}

// The editor's own colours (tools, problems), after the layers.
void editorLegend(Theme theme) {
  struct Entry {
    Color colour;
    const char* name;
    const char* meaning;
  };
  const Entry entries[] = {
      {kSelectionColor, "Selection", "selected vertices; the dashed selection box"},
      {kHoverEdgeColor, "Edge under mouse", "a click inserts a vertex at the small circle"},
      {kHoverRing, "Hover", "the vertex, start or goal under the mouse"},
      {kDragRing, "Dragged", "the point being dragged"},
      {kInspectedMark, "Inspected", "the node shown in the node inspector (Search tab; Alt + click a node)"},
      {kDrawingColor, "New ring", "the hole or polygon being drawn; click the circled first point to close"},
      {kProblemColor, "Error", "where the map is invalid, or a start/goal that cannot be used"},
      {kWarningColor, "Warning", "allowed but maybe not meant (a pinch, a shared wall)"},
  };
  ImGui::Separator();
  ImGui::TextUnformatted("Editor colours");
  if (!ImGui::BeginTable("editor legend", 2, ImGuiTableFlags_SizingFixedFit)) return;
  ImGui::TableSetupColumn("swatch", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("text", ImGuiTableColumnFlags_WidthStretch);
  for (const Entry& e : entries) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::ColorButton(e.name, toImVec4(e.colour, theme), ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoAlpha,
                       ImVec2(14, 14));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(e.name);
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kDimText, "%s", e.meaning);
    ImGui::PopTextWrapPos();
  }
  ImGui::EndTable();
}

void layersTab(UiState& ui, std::uint32_t shown) {
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6, 1));
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(3, 1));
  // Name and meaning side by side when there is room, else the meaning under the name.
  // Widths at UI scale 1, times the scale (the font's size over its size at 1x).
  const float ui_scale = ImGui::GetFontSize() / kUiFontSize;
  const bool stacked = ImGui::GetContentRegionAvail().x < 380.0f * ui_scale;
  if (ImGui::BeginTable("layers", stacked ? 2 : 3, ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("toggle", ImGuiTableColumnFlags_WidthFixed);
    if (stacked) {
      ImGui::TableSetupColumn("name and meaning", ImGuiTableColumnFlags_WidthStretch);
    } else {
      ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, 130.0f * ui_scale);
      ImGui::TableSetupColumn("meaning", ImGuiTableColumnFlags_WidthStretch);
    }
    for (const LayerInfo& info : layerInfos()) {
      if (!(shown & info.layer)) continue;  // not drawn by the current method
      ImGui::PushID(static_cast<int>(info.layer));
      if (info.layer == LayerStartGoal)  // one layer, two markers: one toggle, both colours
        layerRow(ui, info, "where the path begins (S) and where it ends (G)", nullptr, stacked, &kGoalColor);
      else
        layerRow(ui, info, legendMeaning(info), legendDetail(info), stacked);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  ImGui::PopStyleVar(2);
  ImGui::Spacing();
  if (ImGui::SmallButton("All")) ui.layers = kAllLayers;
  tip("Show every layer.");
  ImGui::SameLine();
  if (ImGui::SmallButton("None")) ui.layers = 0;
  tip("Hide every layer.");
  ImGui::SameLine();
  if (ImGui::SmallButton("Default")) ui.layers = kDefaultLayers;
  tip("The layers shown at first.");
  ImGui::TextColored(kDimText, "Hover a row for more. Greyed: the last valid map or path.");

  editorLegend(ui.theme);

  ImGui::Separator();
  ImGui::TextUnformatted("View");
  ImGui::Checkbox("Grid", &ui.show_grid);
  tip("Draw the world grid under the map (G). With snapping on, every line is a snap position.");
  ImGui::SameLine();
  ImGui::Checkbox("Node ids", &ui.show_node_ids);
  tip("Number the searched nodes while stepping, as in the open set table.");
  ImGui::SameLine();
  if (namedButton(ui, "Fit (F)", "Fit")) ui.fit_requested = true;
  tip("Fit the whole map into the canvas (F).");
  ImGui::Checkbox("Snap to grid, step", &ui.snap);
  recordItemRect(ui, "Snap to grid");
  tip("Placed, inserted and dragged points land on multiples of the step (world units) on both axes.");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(100);
  if (ImGui::InputDouble("##snapstep", &ui.snap_step, 0.5, 1.0, "%.3g"))
    if (!(ui.snap_step > 0) || !std::isfinite(ui.snap_step)) ui.snap_step = 1.0;
  tip("The grid step for snapping, in world units.");
  float bg[3] = {ui.background.r / 255.0f, ui.background.g / 255.0f, ui.background.b / 255.0f};
  if (ImGui::ColorEdit3("Canvas colour", bg, ImGuiColorEditFlags_NoInputs))
    ui.background = {static_cast<std::uint8_t>(std::lround(bg[0] * 255)), static_cast<std::uint8_t>(std::lround(bg[1] * 255)),
                     static_cast<std::uint8_t>(std::lround(bg[2] * 255)), 255};
  tip("The colour behind the map (remembered in the preferences).");
  appearancePart(ui);
}

// [SECTION] Tab: Search (options, stats, open set)

// Agent clearance: radius slider, joins and segments (undoable edits of the map's settings).
void clearancePart(Scene& scene) {
  const MapSettings& settings = scene.document().settings;
  double extent = 10.0;  // the map's larger side, world units: the slider goes to an eighth of it
  bool first = true;
  double lo_x = 0, hi_x = 0, lo_y = 0, hi_y = 0;
  for (const Polygon& poly : scene.document().polygons)
    for (const Point& v : poly.outer) {
      if (!isFinite(v)) continue;
      lo_x = first ? v.x : std::min(lo_x, v.x), hi_x = first ? v.x : std::max(hi_x, v.x);
      lo_y = first ? v.y : std::min(lo_y, v.y), hi_y = first ? v.y : std::max(hi_y, v.y);
      first = false;
    }
  if (!first && std::max(hi_x - lo_x, hi_y - lo_y) > 0) extent = std::max(hi_x - lo_x, hi_y - lo_y);
  float radius = static_cast<float>(settings.clearance);
  if (ImGui::SliderFloat("Clearance", &radius, 0.0f, static_cast<float>(extent / 8), "%.3f"))
    scene.setClearance(std::max(0.0, static_cast<double>(radius)));
  if (ImGui::IsItemDeactivated()) scene.closeMerge();
  helpMarker("Agent radius (world units, saved in the map; 0 = exact). The walkable region is eroded by it "
             "(teal outline, layer Eroded outline) and the search keeps the agent's centre inside.");
  ClearanceStyle style = settings.clearance_style;
  int joins = style.joins == ClearanceJoins::Round ? 0 : 1;
  const char* join_names[] = {"round", "mitre"};
  bool style_changed = ImGui::Combo("Joins", &joins, join_names, IM_ARRAYSIZE(join_names));
  tip("How the eroded region turns around obstacle corners: arcs (round) or points (mitre).");
  int segments = style.segments;
  if (joins == 0) {
    style_changed |= ImGui::SliderInt("Segments", &segments, 1, std::min(32, kMaxClearanceSegments));
    tip("Chords per quarter circle of a round join.");
  }
  if (style_changed) {
    style.joins = joins == 0 ? ClearanceJoins::Round : ClearanceJoins::Mitre;
    style.segments = std::clamp(segments, 1, kMaxClearanceSegments);
    scene.setClearanceStyle(style);
  }
  if (ImGui::IsItemDeactivated()) scene.closeMerge();
}

void searchOptions(Scene& scene, UiState& ui) {
  SearchOptions options = scene.searchOptions();
  bool changed = false;
  ImGui::PushItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x * 0.55f));

  methodPart(scene, ui);  // method_panel.cpp

  int heuristic = options.heuristic == Heuristic::None ? 0 : 1;
  const char* heuristics[] = {"none (Dijkstra)", "euclidean"};
  if (ImGui::Combo("Heuristic", &heuristic, heuristics, IM_ARRAYSIZE(heuristics))) {
    options.heuristic = heuristic == 0 ? Heuristic::None : Heuristic::Euclidean;
    changed = true;
  }
  tip("h, the estimate of the distance left. Euclidean (straight line) is admissible: paths stay shortest.");
  float weight = static_cast<float>(options.weight);
  if (ImGui::SliderFloat("Weight", &weight, 1.0f, 5.0f, "%.2f")) {
    options.weight = std::clamp(static_cast<double>(weight), 1.0, 5.0);
    changed = true;
  }
  helpMarker("f = g + weight * h. Above 1 expands fewer nodes but the path may be longer.");
  bool larger_g = options.tie_break == TieBreak::LargerG;
  if (ImGui::Checkbox("Tie-break: larger g first", &larger_g)) {
    options.tie_break = larger_g ? TieBreak::LargerG : TieBreak::None;
    changed = true;
  }
  tip("Among open nodes with equal f, expand the one with larger g (deeper) first: usually fewer expansions.");
  double offset = scene.document().settings.corner_offset;
  if (ImGui::InputDouble("Corner offset", &offset, 0.05, 0.5, "%.3f")) {
    if (std::isfinite(offset)) scene.setCornerOffset(std::max(0.0, offset));
  }
  if (ImGui::IsItemDeactivated()) scene.closeMerge();
  tip("World units; an undoable edit of the map's settings.");
  helpMarker("Pushes graph nodes this far into the walkable area along the vertex normals "
             "(world units, saved in the map). 0 gives exact shortest paths.");
  clearancePart(scene);
  ImGui::PopItemWidth();
  if (changed) scene.setSearchOptions(options);
}

void statsPart(const Scene& scene) {
  ImGui::Separator();
  ImGui::TextUnformatted("Stats");
  const SceneStats& s = scene.stats();
  if (!ImGui::BeginTable("stats", 4, ImGuiTableFlags_SizingStretchSame)) return;
  auto cell = [](const char* name, const std::string& value) {
    ImGui::TableNextColumn();
    ImGui::TextColored(kDimText, "%s", name);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(value.c_str());
  };
  char buf[64];
  cell("vertices", std::to_string(s.vertices));
  cell("reflex nodes", std::to_string(s.reflex_nodes));
  cell("links", std::to_string(s.links));
  cell("expansions", std::to_string(s.expansions));
  std::snprintf(buf, sizeof buf, "%.4f", s.path_length);
  cell("path length", s.path_found ? std::string(buf) : std::string("-"));
  cell("status", scene.searchState() ? statusName(s.status) : "no query");
  std::snprintf(buf, sizeof buf, "%.3f ms", s.build_ms);
  cell(s.graph_updated ? "graph update" : "build", buf);
  std::snprintf(buf, sizeof buf, "%.3f ms", s.query_ms);
  cell("query", buf);
  std::snprintf(buf, sizeof buf, "%.1f ms", 1000.0 * ImGui::GetIO().DeltaTime);
  cell("frame", buf);
  ImGui::EndTable();
  if (s.graph_updated)
    ImGui::TextColored(kDimText, "graph updated in place (%lld node pairs re-tested)",
                       static_cast<long long>(s.update_tested));
  else
    ImGui::TextColored(kDimText, "graph built anew");
}

void openSetPart(const Scene& scene) {
  const SearchState* state = scene.searchState();
  const VisibilityQuery* query = scene.query();
  const std::vector<NodeId> open = state ? state->openSet() : std::vector<NodeId>{};
  char label[64];
  std::snprintf(label, sizeof label, "Open set (%zu)", open.size());
  ImGui::Separator();
  ImGui::TextUnformatted(label);
  if (!state || !query) {
    ImGui::TextColored(kDimText, "No search.");
    return;
  }
  const NodeId expanded = state->lastExpanded();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDimText, "Sorted by f (next to expand first). Last expanded: %s",
                     nodeName(*query, expanded).c_str());
  ImGui::PopTextWrapPos();
  const float rows = static_cast<float>(std::min<std::size_t>(open.size(), 8) + 1);
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingStretchSame;
  if (!ImGui::BeginTable("open", 7, flags, ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * (rows + 0.5f))))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* name : {"node", "x", "y", "g", "h", "f", "parent"}) ImGui::TableSetupColumn(name);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(open.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const NodeId n = open[static_cast<std::size_t>(i)];
      const NodeRecord& r = state->record(n);
      const Point p = query->position(n);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(nodeName(*query, n).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", p.x);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", p.y);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", r.g);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", r.h);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", r.f);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(nodeName(*query, r.parent).c_str());
    }
  }
  ImGui::EndTable();
}

void searchTab(Scene& scene, UiState& ui) {
  searchOptions(scene, ui);
  debuggerPart(scene, ui);
  statsPart(scene);
  // Parts whose height changes (the inspected node, the open set) come last.
  inspectorPart(scene, ui);
  openSetPart(scene);
}

// [SECTION] Tab: Map (start, goal, vertex tables)

bool isProblemVertex(const std::vector<MapProblem>& problems, int polygon, int hole, int vertex) {
  const std::string ring = "/polygons/" + std::to_string(polygon) +
                           (hole < 0 ? std::string("/outer") : "/holes/" + std::to_string(hole));
  const std::string exact = ring + "/" + std::to_string(vertex);
  for (const MapProblem& p : problems)
    if (p.where == exact || p.where.rfind(exact + "/", 0) == 0) return true;
  return false;
}

void ringTable(Scene& scene, UiState& ui, ToolController& tools, const std::vector<MapProblem>& problems, int polygon,
               int hole) {
  // A copy: an edit made by a cell or a button replaces the document (and its rings).
  const Polygon& poly = scene.document().polygons[static_cast<std::size_t>(polygon)];
  const Ring ring = hole < 0 ? poly.outer : poly.holes[static_cast<std::size_t>(hole)];
  const std::string label = (hole < 0 ? std::string("outer ring") : "hole " + std::to_string(hole)) + " (" +
                            std::to_string(ring.size()) + " vertices)";
  const bool highlighted = (ui.hovered.kind == Handle::Kind::Vertex && ui.hovered.polygon == polygon &&
                            ui.hovered.hole == hole) ||
                           (ui.dragged.kind == Handle::Kind::Vertex && ui.dragged.polygon == polygon &&
                            ui.dragged.hole == hole);
  ImGui::PushID(hole + 1);
  if (highlighted) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
  if (ImGui::TreeNodeEx("ring", hole < 0 ? ImGuiTreeNodeFlags_DefaultOpen : 0, "%s", label.c_str())) {
    const RingRef r{polygon, hole};
    const std::string name = describeRing(r);
    if (ImGui::SmallButton("Select")) tools.selectRing(scene, r);
    recordItemRect(ui, "ring " + std::to_string(polygon) + "," + std::to_string(hole) + " select");
    tip("Select every vertex of this ring: drag one of them on the canvas to move the ring.");
    ImGui::SameLine();
    if (ImGui::SmallButton("Reverse")) scene.edit("Reverse " + name, [&](MapDocument& d) { return reverseRing(d, r); });
    recordItemRect(ui, "ring " + std::to_string(polygon) + "," + std::to_string(hole) + " reverse");
    tip("Reverse the order of the vertices (the ring's winding). Vertex 0 stays first.");
    ImGui::SameLine();
    if (ImGui::SmallButton(hole < 0 ? "Delete polygon" : "Delete hole")) {
      scene.edit("Delete " + (hole < 0 ? "polygon " + std::to_string(polygon) : name),
                 [&](MapDocument& d) { return deleteRing(d, r); });
      ImGui::TreePop();
      ImGui::PopID();
      return;
    }
    recordItemRect(ui, "ring " + std::to_string(polygon) + "," + std::to_string(hole) + " delete");
    tip(hole < 0 ? "Delete this polygon with its holes (undo brings it back)." : "Delete this hole (undo brings it back).");
    const float rows = static_cast<float>(std::min<std::size_t>(ring.size(), 14) + 1);
    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
    if (ImGui::BeginTable("vertices", 3, flags, ImVec2(0, ImGui::GetFrameHeightWithSpacing() * (rows + 0.3f)))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, 30.0f);
      ImGui::TableSetupColumn("x");
      ImGui::TableSetupColumn("y");
      ImGui::TableHeadersRow();
      ImGuiListClipper clipper;
      clipper.Begin(static_cast<int>(ring.size()));
      while (clipper.Step()) {
        for (int v = clipper.DisplayStart; v < clipper.DisplayEnd; ++v) {
          const Handle h{Handle::Kind::Vertex, polygon, hole, v};
          Point p = ring[static_cast<std::size_t>(v)];
          ImGui::TableNextRow();
          if (h == ui.hovered || h == ui.dragged)
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(70, 90, 130, 255));
          if (isProblemVertex(problems, polygon, hole, v))
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(120, 40, 40, 255));
          ImGui::PushID(v);
          ImGui::TableNextColumn();
          ImGui::Text("%d", v);
          ImGui::TableNextColumn();
          ImGui::SetNextItemWidth(-1);
          const std::string cell = "vertex " + std::to_string(polygon) + "," + std::to_string(hole) + "," +
                                   std::to_string(v);
          bool edited = ImGui::InputDouble("##x", &p.x, 0.0, 0.0, "%.6g");
          recordItemRect(ui, cell + " x");
          bool done = ImGui::IsItemDeactivated();
          tip("x of this vertex, world units. Typing into one cell is one undoable edit.");
          ImGui::TableNextColumn();
          ImGui::SetNextItemWidth(-1);
          edited |= ImGui::InputDouble("##y", &p.y, 0.0, 0.0, "%.6g");
          recordItemRect(ui, cell + " y");
          done |= ImGui::IsItemDeactivated();
          tip("y of this vertex, world units.");
          if (edited) scene.moveHandle(h, p);
          if (done) scene.closeMerge();
          ImGui::PopID();
        }
      }
      ImGui::EndTable();
    }
    ImGui::TreePop();
  }
  ImGui::PopID();
}

void pointRow(Scene& scene, const char* label, bool is_start) {
  const MapDocument& doc = scene.document();
  const std::optional<Point> current = is_start ? doc.start : doc.goal;
  ImGui::PushID(label);
  if (current) {
    double xy[2] = {current->x, current->y};
    ImGui::SetNextItemWidth(200);
    if (ImGui::InputScalarN(label, ImGuiDataType_Double, xy, 2, nullptr, nullptr, "%.6g")) {
      const Point p{xy[0], xy[1]};
      is_start ? scene.setStart(p) : scene.setGoal(p);
    }
    if (ImGui::IsItemDeactivated()) scene.closeMerge();
    tip(is_start ? "Where the path begins (x, y world units); drag S on the canvas too."
                 : "Where the path ends (x, y world units); drag G on the canvas too.");
    ImGui::SameLine();
    if (ImGui::SmallButton("Remove")) is_start ? scene.setStart(std::nullopt) : scene.setGoal(std::nullopt);
    tip("Remove it from the map (the search needs both).");
  } else {
    ImGui::TextColored(kWarningText, "no %s", label);
    ImGui::SameLine();
    const bool add = ImGui::SmallButton("Add");
    tip(is_start ? "Put it on walkable ground in the left part of the map, away from the goal; then drag it."
                 : "Put it on walkable ground in the right part of the map, away from the start; then drag it.");
    if (add) {
      const Point p = addedEndpoint(doc, scene.polygonMap(), is_start);
      is_start ? scene.setStart(p) : scene.setGoal(p);
    }
  }
  ImGui::PopID();
}

void backgroundPart(Scene& scene, UiState& ui) {
  ImGui::Separator();
  ImGui::TextUnformatted("Background image");
  std::string error;
  const std::optional<BackgroundSettings> bg = backgroundOf(scene.document(), &error);
  if (bg && ui.background_text.empty()) ui.background_text = bg->image;
  if (namedButton(ui, "Choose...", "Load background")) askForFile(ui, scene.file(), FilePurpose::Background);
  tip("Choose a PNG or JPEG to trace, drawn under the map and fitted to the map's width (undoable; saved in the "
      "map's settings, relative to the map file's folder when it is inside it).");
  if (bg) {
    ImGui::SameLine();
    ImGui::TextUnformatted(fitToWidth(ui.background_text, ImGui::GetContentRegionAvail().x).c_str());
  }
  if (!bg) {
    ImGui::TextColored(kDimText, "None.");
    return;
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("Remove")) {
    scene.edit("Remove background image", [](MapDocument& d) {
      setBackground(d, std::nullopt);
      return true;
    });
    ui.background_text.clear();
    return;
  }
  tip("Remove the background image from the map (undoable).");
  if (!error.empty()) ImGui::TextColored(kWarningText, "%s", error.c_str());
  if (!ui.background_error.empty()) clampedText(ui.background_error, kErrorText, 3);
  BackgroundSettings b = *bg;
  bool changed = false;
  double xy[2] = {b.offset.x, b.offset.y};
  ImGui::SetNextItemWidth(200);
  if (ImGui::InputScalarN("offset", ImGuiDataType_Double, xy, 2, nullptr, nullptr, "%.6g")) {
    b.offset = {xy[0], xy[1]};
    changed = isFinite(b.offset);
  }
  bool done = ImGui::IsItemDeactivated();
  tip("World position of the picture's top-left corner.");
  ImGui::SetNextItemWidth(200);
  if (ImGui::InputDouble("scale", &b.scale, 0.0, 0.0, "%.6g")) changed = b.scale > 0 && std::isfinite(b.scale);
  done |= ImGui::IsItemDeactivated();
  tip("World units per image pixel.");
  float opacity = static_cast<float>(b.opacity);
  ImGui::SetNextItemWidth(200);
  if (ImGui::SliderFloat("opacity", &opacity, 0.0f, 1.0f, "%.2f")) {
    b.opacity = opacity;
    changed = true;
  }
  done |= ImGui::IsItemDeactivated();
  tip("0: invisible, 1: opaque.");
  if (changed)
    scene.edit("Place background image", [&](MapDocument& d) {
      setBackground(d, b);
      return true;
    }, "background");
  if (done) scene.closeMerge();
}

void mapTab(Scene& scene, UiState& ui, ToolController& tools) {
  pointRow(scene, "start", true);
  pointRow(scene, "goal", false);
  bool snap = scene.snapToWalkable();
  if (ImGui::Checkbox("Snap start/goal to the walkable region", &snap)) scene.setSnapToWalkable(snap);
  tip("Search from the nearest walkable point when the start or goal is outside the walkable region.");
  recordItemRect(ui, "Snap start/goal");
  helpMarker("When the start or the goal is outside the walkable region (in a hole, outside every polygon), "
             "search from the nearest walkable point instead. The map keeps the point where you put it; the "
             "canvas shows the snapped point at the end of a dashed line.");
  backgroundPart(scene, ui);
  ImGui::Separator();
  const std::vector<MapProblem> problems = scene.problems();
  const int polygons = static_cast<int>(scene.document().polygons.size());
  if (polygons == 0) ImGui::TextColored(kDimText, "No polygons. Open a map file, or draw one (Draw polygon, P).");
  for (int p = 0; p < polygons && p < static_cast<int>(scene.document().polygons.size()); ++p) {
    ImGui::PushID(p);
    if (ImGui::TreeNodeEx("polygon", ImGuiTreeNodeFlags_DefaultOpen, "polygon %d", p)) {
      // Sizes re-read each time: a button in a ring's header can delete a ring.
      auto exists = [&](int h) {
        const auto& polys = scene.document().polygons;
        return p < static_cast<int>(polys.size()) && h < static_cast<int>(polys[static_cast<std::size_t>(p)].holes.size());
      };
      for (int h = -1; exists(h); ++h) ringTable(scene, ui, tools, problems, p, h);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
}

// [SECTION] Tab: History

void historyTab(Scene& scene, UiState& ui) {
  const History& history = scene.history();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDimText, "Every edit, oldest first. Click an entry to go back (or forward) to just after it; "
                               "the greyed entries after the current one are what Redo brings back.");
  ImGui::PopTextWrapPos();
  const std::size_t position = history.position();
  if (ImGui::Selectable("(opened map)", position == 0)) scene.jumpTo(0);
  recordItemRect(ui, "history 0");
  for (std::size_t i = 0; i < history.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    const bool undone = i >= position;
    if (undone) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    char label[256];
    std::snprintf(label, sizeof label, "%zu. %s", i + 1, history.command(i).label.c_str());
    if (ImGui::Selectable(label, i + 1 == position)) scene.jumpTo(i + 1);
    recordItemRect(ui, "history " + std::to_string(i + 1));
    if (undone) ImGui::PopStyleColor();
    ImGui::PopID();
  }
}

// [SECTION] Tab: Help

void helpTab() {
  struct Row {
    const char* keys;
    const char* what;
  };
  const Row rows[] = {
      {"V", "Select tool: drag points, press an edge to insert, box select"},
      {"A", "Add vertex tool: click adds after the selected vertex"},
      {"H", "Draw hole tool"},
      {"P", "Draw polygon tool"},
      {"Enter / double-click", "close the ring being drawn"},
      {"Backspace", "remove the last drawn point (else delete the selection)"},
      {"Esc", "cancel the drag or the drawing, else clear the selection"},
      {"Del", "delete the selection (whole rings when fully selected)"},
      {"Shift+click / Shift+drag", "add to the selection"},
      {"double-click a vertex", "select its ring (drag to move it)"},
      {"R", "reverse the rings of the selection"},
      {"Ctrl+A", "select every vertex"},
      {"Ctrl+Z", "undo"},
      {"Ctrl+Y, Ctrl+Shift+Z", "redo"},
      {"Ctrl+N", "new map"},
      {"Ctrl+O", "open a map (the file dialog)"},
      {"Ctrl+S", "save (a new map asks where)"},
      {"Ctrl+Shift+S", "save as (the file dialog)"},
      {"file dialog: Enter", "open the folder or choose the file named"},
      {"file dialog: Backspace", "the folder above (in an empty name field)"},
      {"file dialog: Up / Down", "move through the list"},
      {"file dialog: Esc", "cancel"},
      {"wheel", "zoom around the cursor"},
      {"middle / right / Space+left drag", "pan"},
      {"F", "fit the map into the canvas"},
      {"G", "grid on or off"},
      {"Left / Right", "one A* expansion back / forward"},
      {"Page Down / Page Up", "lesson: next / previous step"},
      {"F1", "this help"},
      {"drop a file", "open it"},
  };
  if (!ImGui::BeginTable("shortcuts", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return;
  ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, ImGui::GetContentRegionAvail().x * 0.42f);
  ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
  for (const Row& r : rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(r.keys);
    ImGui::PopTextWrapPos();
    ImGui::TableNextColumn();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kDimText, "%s", r.what);
    ImGui::PopTextWrapPos();
  }
  ImGui::EndTable();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDimText, "Hover any button or field for what it does. Preferences (layers, snap, window size, "
                               "recent files) are kept in $XDG_CONFIG_HOME/polypath/preferences.json.");
  ImGui::PopTextWrapPos();
}

// [SECTION] Tab: Problems

void problemsTab(const Scene& scene) {
  const std::vector<MapProblem> problems = scene.problems();
  if (problems.empty()) {
    ImGui::TextColored(kOkText, "The map is valid.");
    return;
  }
  ImGui::PushTextWrapPos(0.0f);
  if (!scene.mapIsCurrent() && scene.polygonMap())
    ImGui::TextColored(kWarningText, "The canvas shows the last valid map greyed; the edited rings are outlined, "
                                     "the places with problems marked in red.");
  for (const MapProblem& p : problems) {
    ImGui::PushStyleColor(ImGuiCol_Text, p.severity == MapProblem::Severity::Error ? kErrorText : kWarningText);
    ImGui::Bullet();
    ImGui::TextWrapped("%s", p.describe().c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
}

// [SECTION] Modal popups

// The buttons of an unsaved-changes question: Save (then go on; a map without a file asks
// where first, and cancelling that cancels the action), Discard (go on without saving),
// Cancel (do nothing). True when the question is answered.
bool answerUnsaved(Scene& scene, UiState& ui) {
  bool answered = false;
  if (namedButton(ui, "Save", "Save changes")) {
    if (scene.file() && Document::isNativeFile(*scene.file())) {
      answered = saveDocumentTo(scene, ui, *scene.file());  // saved: the action goes on next frame
    } else {
      ui.save_then_continue = true;
      askForFile(ui, scene.file(), FilePurpose::SaveAs);
      answered = true;
    }
  }
  tip("Save the changes, then go on (a new or imported map asks where to save first).");
  ImGui::SameLine();
  if (namedButton(ui, "Discard", "Discard changes")) {
    if (ui.quit_request) {
      ui.quit = true;
      ui.discard_changes = true;
      ui.quit_request = false;
    } else if (ui.new_request) {
      newDocument(scene, ui);
    } else if (ui.open_request) {
      openDocument(scene, ui, *ui.open_request);
    } else if (ui.lesson_request) {
      openRequestedLesson(scene, ui);
    }
    ui.open_request.reset();
    ui.lesson_request.reset();
    ui.new_request = false;
    answered = true;
  }
  tip("Go on and lose the changes.");
  ImGui::SameLine();
  if (namedButton(ui, "Cancel", "Cancel")) {
    cancelPendingActions(ui);
    answered = true;
  }
  tip("Keep the map open with its changes; do nothing else.");
  return answered;
}

// Centres the next popup on the main viewport.
void centreNextPopup() {
  const ImVec2 c = ImGui::GetMainViewport()->GetCenter();
  ImGui::SetNextWindowPos(c, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
}

}  // namespace

void drawModals(Scene& scene, UiState& ui) {
  if (ui.new_request && !scene.dirty()) {
    newDocument(scene, ui);
    ui.new_request = false;
  }
  if (ui.open_request && !scene.dirty()) {
    openDocument(scene, ui, *ui.open_request);
    ui.open_request.reset();
  }
  if (ui.lesson_request && !scene.dirty()) openRequestedLesson(scene, ui);
  if (ui.quit_request && !scene.dirty()) {
    ui.quit = true;
    ui.quit_request = false;
  }
  if (!ui.recovery_prompt.empty() && !ImGui::IsPopupOpen("Recover unsaved work?"))
    ImGui::OpenPopup("Recover unsaved work?");
  // While "Save" waits for the Save As dialog, the question stays closed.
  const bool asking = !ui.save_then_continue && !ui.file_dialog.isOpen() && !ui.file_request;
  if (asking && (ui.new_request || ui.open_request || ui.lesson_request) && !ImGui::IsPopupOpen("Discard changes?"))
    ImGui::OpenPopup("Discard changes?");
  if (asking && ui.quit_request && !ImGui::IsPopupOpen("Quit without saving?"))
    ImGui::OpenPopup("Quit without saving?");

  centreNextPopup();
  if (ImGui::BeginPopupModal("Recover unsaved work?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::TextUnformatted(ui.recovery_prompt.c_str());
    ImGui::PopTextWrapPos();
    if (namedButton(ui, "Recover", "Recover")) {
      ui.recovery_answer = RecoveryAnswer::Recover;
      ui.recovery_prompt.clear();
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (namedButton(ui, "Discard", "Discard")) {
      ui.recovery_answer = RecoveryAnswer::Discard;
      ui.recovery_prompt.clear();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  for (const char* title : {"Discard changes?", "Quit without saving?"}) {
    centreNextPopup();
    if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
      ImGui::Text("%s has unsaved changes.", scene.displayName().c_str());
      const char* then = ui.quit_request ? "quit" : ui.new_request ? "start a new map" : "open the other file";
      ImGui::Text("Save them before you %s?", then);
      if (answerUnsaved(scene, ui)) ImGui::CloseCurrentPopup();
      ImGui::EndPopup();
    }
  }
}

namespace {

// A tab's scrolling area is never lower than this (pixels).
constexpr float kMinTabHeight = 180.0f;

// One tab of the column: its button in the strip, and its content.
struct TabSpec {
  const char* label;  // shown (may carry "###id")
  const char* name;   // widget_rects key "tab NAME"
  PanelTab which;
  std::function<void()> content;
};

// The column's tabs: a strip of tab buttons that wraps onto a second row when the column is
// narrower than the labels (nine labels in the UI font do not fit one row of the default
// column, and ImGui's tab bar would cut them to "Histor.."), then the selected tab's
// content, which scrolls while the top of the column does not. A tab_request selects.
void tabColumn(UiState& ui, const std::vector<TabSpec>& tabs) {
  if (ui.tab_request) ui.tab = *ui.tab_request;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (const TabSpec& t : tabs) {
    const bool selected = ui.tab == t.which;
    const float width = ImGui::CalcTextSize(t.label, nullptr, true).x + 2 * style.FramePadding.x;
    if (!first) {
      ImGui::SameLine(0.0f, style.ItemInnerSpacing.x);
      if (ImGui::GetCursorPosX() + width > right) ImGui::NewLine();
    }
    first = false;
    // The open tab stands out by more than a shade: the accent fill and a bar under it;
    // the others are plain frames.
    ImGui::PushStyleColor(ImGuiCol_Button, style.Colors[selected ? ImGuiCol_ButtonActive : ImGuiCol_FrameBg]);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, style.Colors[selected ? ImGuiCol_ButtonActive : ImGuiCol_ButtonHovered]);
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, style.Colors[ImGuiCol_ButtonActive]);
    if (selected) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 1.0f, 1.0f, 1.0f));
    if (ImGui::Button(t.label)) ui.tab = t.which;
    ImGui::PopStyleColor(selected ? 4 : 3);
    if (selected) {
      const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
      const float bar = std::max(2.0f, style.FramePadding.y * 0.75f);
      ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(lo.x, hi.y - bar), hi, ImGui::GetColorU32(ImGuiCol_CheckMark));
    }
    recordItemRect(ui, std::string("tab ") + t.name);
  }
  ImGui::Separator();
  for (const TabSpec& t : tabs) {
    if (ui.tab != t.which) continue;
    // The rest of the column, but at least kMinTabHeight (the column scrolls then).
    const float height = std::max(kMinTabHeight, ImGui::GetContentRegionAvail().y);
    ImGui::BeginChild("##content", ImVec2(0, height), false);
    t.content();
    ImGui::EndChild();
  }
}

}  // namespace

// [SECTION] Column

void setStatus(UiState& ui, std::string text, bool error) {
  ui.status = std::move(text);
  ui.status_error = error;
}

void addRecent(UiState& ui, const std::filesystem::path& file) {
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(file, ec);
  if (ec) abs = file;
  abs = abs.lexically_normal();
  std::erase(ui.recent, abs);
  ui.recent.insert(ui.recent.begin(), abs);
  if (ui.recent.size() > kMaxRecent) ui.recent.resize(kMaxRecent);
}

void newDocument(Scene& scene, UiState& ui) {
  scene.setDocument(defaultRoom());
  scene.setFileProblem("", "");
  ui.path_text.clear();
  ui.hovered = ui.dragged = Handle{};
  setStatus(ui, "New map: a 40 x 24 m room with a start and a goal. Drag S and G, edit the walls, add obstacles (H).",
            false);
}

bool openDocument(Scene& scene, UiState& ui, const std::filesystem::path& file, std::string* error_out) {
  std::string error;
  if (!scene.openFile(file, &error)) {
    setStatus(ui, "Could not open: " + error, true);
    if (error_out) *error_out = error;
    return false;
  }
  ui.hovered = ui.dragged = Handle{};
  addRecent(ui, file);
  const std::string problems = scene.hasErrors() ? ": the map has problems (see the Problems tab)." : "";
  if (Document::isNativeFile(file)) {
    ui.path_text = file.string();
    setStatus(ui, "Opened " + file.string() + problems, !problems.empty());
  } else {
    // An imported map is saved as a polypath map beside it: Save proposes it.
    ui.path_text = std::filesystem::path(file).replace_extension(".json").string();
    setStatus(ui, "Imported " + file.string() + " (" + mapFormatFor(file)->name + ")" + problems +
                      (problems.empty() ? "; Save writes it as " + ui.path_text : ""),
              !problems.empty());
  }
  return true;
}

bool saveDocument(Scene& scene, UiState& ui, bool save_as) {
  if (save_as || !scene.file()) {
    askForFile(ui, scene.file(), FilePurpose::SaveAs);
    return false;
  }
  return saveDocumentTo(scene, ui, *scene.file());
}

bool saveDocumentTo(Scene& scene, UiState& ui, const std::filesystem::path& target) {
  std::string error;
  if (!Document::isNativeFile(target)) {  // "level.tmx": written in that format, the file stays
    if (!scene.exportFile(target, &error)) {
      setStatus(ui, "Could not export: " + error, true);
      return false;
    }
    setStatus(ui, "Exported " + target.string() + " (" + mapFormatFor(target)->name + "); the map's own file is " +
                      (scene.file() ? scene.file()->string() : std::string("not saved yet")), false);
    return true;
  }
  if (!scene.saveFile(target, &error)) {
    setStatus(ui, "Could not save: " + error, true);
    return false;
  }
  ui.path_text = target.string();
  addRecent(ui, target);
  setStatus(ui, "Saved " + target.string() + (scene.hasErrors() ? " (the map still has problems)" : ""),
            scene.hasErrors());
  return true;
}

void drawPanels(Scene& scene, UiState& ui, ToolController& tools, double panel_width, int window_height) {
  ui.widget_rects.clear();
  ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(panel_width),
                                  static_cast<float>(std::max(1, window_height))),
                           ImGuiCond_Always);
  // The column itself only scrolls in a window too low for the top part and a usable tab.
  ImGui::Begin("polypath", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  filePart(scene, ui);
  toolsPart(scene, ui, tools);
  controlsPart(scene, ui);
  ui.top_height = ImGui::GetCursorPosY();
  const std::size_t problem_count = scene.problems().size();
  char problems_label[64];
  std::snprintf(problems_label, sizeof problems_label, "Problems (%zu)###problems", problem_count);
  tabColumn(ui, {
                    {"Layers", "Layers", PanelTab::Layers, [&] { layersTab(ui, methodInfo(scene.method()).layers); }},
                    {"Search", "Search", PanelTab::Search, [&] { searchTab(scene, ui); }},
                    {"Compare", "Compare", PanelTab::Compare, [&] { comparePanel(scene, ui); }},  // compare_panel.cpp
                    {"Crowd", "Crowd", PanelTab::Crowd, [&] { crowdPanel(scene, ui); }},          // crowd_panel.cpp
                    {"Map", "Map", PanelTab::Map, [&] { mapTab(scene, ui, tools); }},
                    {"History", "History", PanelTab::History, [&] { historyTab(scene, ui); }},
                    {problems_label, "Problems", PanelTab::Problems, [&] { problemsTab(scene); }},
                    {"Lessons", "Lessons", PanelTab::Lessons, [&] { lessonsTab(scene, ui); }},
                    {"Help", "Help", PanelTab::Help, [&] { helpTab(); }},
                });
  ui.tab_request.reset();
  ImGui::End();
}

}  // namespace polypath::editor
