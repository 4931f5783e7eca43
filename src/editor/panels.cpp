// panels.cpp: the ImGui panels.
//
// [SECTION] Helpers
// [SECTION] File
// [SECTION] Problems
// [SECTION] Search
// [SECTION] Stats
// [SECTION] Open set
// [SECTION] Map (vertex table)
// [SECTION] View
// [SECTION] Layers and legend
// [SECTION] Confirmation popups
// [SECTION] Column
#include "editor/panels.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "imgui.h"
#include "imgui_stdlib.h"

namespace polypath::editor {

namespace {

// [SECTION] Helpers

ImVec4 toImVec4(Color c) { return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f); }

const ImVec4 kErrorText{1.0f, 0.45f, 0.4f, 1.0f};
const ImVec4 kWarningText{1.0f, 0.8f, 0.35f, 1.0f};
const ImVec4 kOkText{0.55f, 0.85f, 0.55f, 1.0f};
const ImVec4 kDimText{0.6f, 0.64f, 0.7f, 1.0f};

// Remembers the last item's screen rectangle under `name`, for scripted input.
void recordItemRect(UiState& ui, const std::string& name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.widget_rects[name] = ScreenRect{a.x, a.y, b.x - a.x, b.y - a.y};
}

// A button whose screen rectangle is remembered for scripted input.
bool namedButton(UiState& ui, const char* label, const char* name) {
  const bool pressed = ImGui::Button(label);
  recordItemRect(ui, name);
  return pressed;
}

// "start", "goal" or the node number.
std::string nodeName(const VisibilityQuery& q, NodeId n) {
  if (n == kNoNode) return "-";
  if (n == q.startNode()) return "start";
  if (n == q.goalNode()) return "goal";
  return std::to_string(n);
}

void helpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

// [SECTION] File

void filePanel(Scene& scene, UiState& ui) {
  if (!ImGui::CollapsingHeader("File", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::Text("%s%s", scene.displayName().c_str(), scene.dirty() ? " (unsaved changes)" : "");
  ImGui::SetNextItemWidth(-1);
  const bool enter = ImGui::InputTextWithHint("##path", "path/to/map.json", &ui.path_text,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  if (namedButton(ui, "Open", "Open") || enter) {
    if (ui.path_text.empty())
      setStatus(ui, "Type the path of a map file, then press Open.", true);
    else
      ui.open_request = std::filesystem::path(ui.path_text);
  }
  ImGui::SameLine();
  if (namedButton(ui, "Save", "Save")) saveDocument(scene, ui, false);
  ImGui::SameLine();
  if (namedButton(ui, "Save As", "Save As")) saveDocument(scene, ui, true);
  if (!ui.status.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ui.status_error ? kErrorText : kOkText);
    ImGui::TextWrapped("%s", ui.status.c_str());
    ImGui::PopStyleColor();
  }
}

// [SECTION] Problems

void problemsPanel(const Scene& scene) {
  const std::vector<MapProblem> problems = scene.problems();
  char label[64];
  std::snprintf(label, sizeof label, "Problems (%zu)###problems", problems.size());
  if (!problems.empty()) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
  if (!ImGui::CollapsingHeader(label)) return;
  if (problems.empty()) {
    ImGui::TextColored(kOkText, "The map is valid.");
    return;
  }
  if (!scene.mapIsCurrent() && scene.polygonMap())
    ImGui::TextColored(kWarningText, "The canvas shows the last valid map; the red outline is the edited one.");
  for (const MapProblem& p : problems) {
    ImGui::PushStyleColor(ImGuiCol_Text, p.severity == MapProblem::Severity::Error ? kErrorText : kWarningText);
    ImGui::Bullet();
    ImGui::TextWrapped("%s", p.describe().c_str());
    ImGui::PopStyleColor();
  }
}

// [SECTION] Search

void searchPanel(Scene& scene, UiState& ui) {
  if (!ImGui::CollapsingHeader("Search", ImGuiTreeNodeFlags_DefaultOpen)) return;
  SearchOptions options = scene.searchOptions();
  bool changed = false;
  ImGui::PushItemWidth(200);

  int method = 0;
  const char* methods[] = {"visibility graph"};
  ImGui::Combo("Method", &method, methods, IM_ARRAYSIZE(methods));
  helpMarker("A* over the reflex corners that see each other, with start and goal linked in. "
             "Navigation mesh and grid come later.");

  int heuristic = options.heuristic == Heuristic::None ? 0 : 1;
  const char* heuristics[] = {"none (Dijkstra)", "euclidean"};
  if (ImGui::Combo("Heuristic", &heuristic, heuristics, IM_ARRAYSIZE(heuristics))) {
    options.heuristic = heuristic == 0 ? Heuristic::None : Heuristic::Euclidean;
    changed = true;
  }
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
  double offset = scene.document().settings.corner_offset;
  if (ImGui::InputDouble("Corner offset", &offset, 0.05, 0.5, "%.3f")) {
    if (std::isfinite(offset)) scene.setCornerOffset(std::max(0.0, offset));
  }
  helpMarker("Pushes graph nodes this far into the walkable area along the vertex normals "
             "(world units, saved in the map). 0 gives exact shortest paths.");
  if (changed) scene.setSearchOptions(options);

  const bool has_query = scene.searchState() != nullptr;
  ImGui::BeginDisabled(!has_query);
  if (namedButton(ui, "Step", "Step")) scene.step();
  ImGui::SameLine();
  ImGui::BeginDisabled(scene.running());
  if (namedButton(ui, "Run", "Run")) scene.startRun();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!scene.running());
  if (namedButton(ui, "Pause", "Pause")) scene.pause();
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (namedButton(ui, "Reset", "Reset")) scene.reset();
  ImGui::SameLine();
  if (namedButton(ui, "Finish", "Finish")) scene.finish();
  ImGui::EndDisabled();
  float sps = static_cast<float>(scene.stepsPerSecond());
  if (ImGui::SliderFloat("Steps per second", &sps, 0.5f, 60.0f, "%.1f", ImGuiSliderFlags_Logarithmic))
    scene.setStepsPerSecond(sps);
  ImGui::PopItemWidth();

  ImGui::PushTextWrapPos(0.0f);
  if (!has_query)
    ImGui::TextColored(kWarningText, "No query: start and goal must be in the walkable area.");
  else if (scene.stepping())
    ImGui::TextColored(kDimText, "Showing the stepped search (%d expansions, %s).%s",
                       scene.searchState()->expandedCount(), statusName(scene.searchState()->status()),
                       scene.running() ? " Running..." : "");
  else
    ImGui::TextColored(kDimText, "Showing findPath's result. Press Step to watch A* expand nodes.");
  ImGui::PopTextWrapPos();
}

// [SECTION] Stats

void statsPanel(const Scene& scene) {
  if (!ImGui::CollapsingHeader("Stats", ImGuiTreeNodeFlags_DefaultOpen)) return;
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
  cell("build", buf);
  std::snprintf(buf, sizeof buf, "%.3f ms", s.query_ms);
  cell("query", buf);
  ImGui::EndTable();
}

// [SECTION] Open set

void openSetPanel(const Scene& scene) {
  const SearchState* state = scene.searchState();
  const VisibilityQuery* query = scene.query();
  const std::vector<NodeId> open = state ? state->openSet() : std::vector<NodeId>{};
  char label[64];
  std::snprintf(label, sizeof label, "Open set (%zu)###openset", open.size());
  if (!ImGui::CollapsingHeader(label, ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (!state || !query) {
    ImGui::TextColored(kDimText, "No search.");
    return;
  }
  const NodeId expanded = state->lastExpanded();
  ImGui::TextColored(kDimText, "Sorted by f (next to expand first). Last expanded: %s",
                     nodeName(*query, expanded).c_str());
  const float rows = static_cast<float>(std::min<std::size_t>(open.size(), 8) + 1);
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingStretchProp;
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

// [SECTION] Map (vertex table)

bool isProblemVertex(const std::vector<MapProblem>& problems, int polygon, int hole, int vertex) {
  const std::string ring = "/polygons/" + std::to_string(polygon) +
                           (hole < 0 ? std::string("/outer") : "/holes/" + std::to_string(hole));
  const std::string exact = ring + "/" + std::to_string(vertex);
  for (const MapProblem& p : problems)
    if (p.where == exact || p.where.rfind(exact + "/", 0) == 0) return true;
  return false;
}

void ringTable(Scene& scene, UiState& ui, const std::vector<MapProblem>& problems, int polygon, int hole) {
  const Polygon& poly = scene.document().polygons[static_cast<std::size_t>(polygon)];
  const Ring& ring = hole < 0 ? poly.outer : poly.holes[static_cast<std::size_t>(hole)];
  const std::string label = (hole < 0 ? std::string("outer ring") : "hole " + std::to_string(hole)) + " (" +
                            std::to_string(ring.size()) + " vertices)";
  const bool highlighted = (ui.hovered.kind == Handle::Kind::Vertex && ui.hovered.polygon == polygon &&
                            ui.hovered.hole == hole) ||
                           (ui.dragged.kind == Handle::Kind::Vertex && ui.dragged.polygon == polygon &&
                            ui.dragged.hole == hole);
  ImGui::PushID(hole + 1);
  if (highlighted) ImGui::SetNextItemOpen(true, ImGuiCond_Always);
  if (ImGui::TreeNodeEx("ring", hole < 0 ? ImGuiTreeNodeFlags_DefaultOpen : 0, "%s", label.c_str())) {
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
          ImGui::TableNextColumn();
          ImGui::SetNextItemWidth(-1);
          edited |= ImGui::InputDouble("##y", &p.y, 0.0, 0.0, "%.6g");
          recordItemRect(ui, cell + " y");
          if (edited) scene.moveHandle(h, p);
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
  } else {
    ImGui::TextColored(kWarningText, "no %s", label);
    ImGui::SameLine();
    if (ImGui::SmallButton("Add")) {
      // At the centre of the map's bounds: drag it from there.
      const auto b = documentBounds(doc);
      const Point p = b ? Point{(b->min.x + b->max.x) / 2, (b->min.y + b->max.y) / 2} : Point{0, 0};
      is_start ? scene.setStart(p) : scene.setGoal(p);
    }
  }
  ImGui::PopID();
}

void mapPanel(Scene& scene, UiState& ui) {
  if (!ImGui::CollapsingHeader("Map", ImGuiTreeNodeFlags_DefaultOpen)) return;
  pointRow(scene, "start", true);
  pointRow(scene, "goal", false);
  const std::vector<MapProblem> problems = scene.problems();
  const int polygons = static_cast<int>(scene.document().polygons.size());
  if (polygons == 0) ImGui::TextColored(kDimText, "No polygons. Open a map file.");
  for (int p = 0; p < polygons; ++p) {
    ImGui::PushID(p);
    if (ImGui::TreeNodeEx("polygon", ImGuiTreeNodeFlags_DefaultOpen, "polygon %d", p)) {
      // Re-read the size each time: an edit never changes it, but stay safe.
      const int holes = static_cast<int>(scene.document().polygons[static_cast<std::size_t>(p)].holes.size());
      for (int h = -1; h < holes; ++h) ringTable(scene, ui, problems, p, h);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
}

// [SECTION] View

void viewPanel(UiState& ui) {
  if (!ImGui::CollapsingHeader("View")) return;
  ImGui::Checkbox("Grid", &ui.show_grid);
  ImGui::SameLine();
  ImGui::Checkbox("Node ids", &ui.show_node_ids);
  ImGui::SameLine();
  if (namedButton(ui, "Fit (F)", "Fit")) ui.fit_requested = true;
  ImGui::Checkbox("Snap drags to", &ui.snap);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(100);
  if (ImGui::InputDouble("world units", &ui.snap_step, 0.5, 1.0, "%.3g"))
    if (!(ui.snap_step > 0) || !std::isfinite(ui.snap_step)) ui.snap_step = 1.0;
  ImGui::TextColored(kDimText, "Canvas: wheel zooms, right or middle drag pans, F fits,\n"
                               "left drag moves a vertex, the start or the goal.");
}

// [SECTION] Layers and legend

void layersWindow(UiState& ui, int window_height) {
  const float top = static_cast<float>(window_height - ui.legend_height);
  ImGui::SetNextWindowPos(ImVec2(0, std::max(0.0f, top)), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(kPanelWidth), static_cast<float>(ui.legend_height)),
                           ImGuiCond_Always);
  ImGui::Begin("Layers and legend", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6, 1));
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(3, 1));
  if (ImGui::BeginTable("layers", 3, ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("toggle", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed, 130.0f);
    ImGui::TableSetupColumn("meaning", ImGuiTableColumnFlags_WidthStretch);
    for (const LayerInfo& info : layerInfos()) {
      ImGui::TableNextRow();
      ImGui::PushID(static_cast<int>(info.layer));
      ImGui::TableNextColumn();
      ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(2, 1));
      ImGui::CheckboxFlags("##on", &ui.layers, static_cast<unsigned int>(info.layer));
      ImGui::PopStyleVar();
      ImGui::SameLine();
      ImGui::ColorButton("##swatch", toImVec4(info.color), ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoAlpha,
                         ImVec2(14, 14));
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, (ui.layers & info.layer) ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                                                                    : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextUnformatted(info.name);
      ImGui::PopStyleColor();
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, kDimText);
      ImGui::TextWrapped("%s", info.meaning);
      ImGui::PopStyleColor();
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  ImGui::PopStyleVar(2);
  ImGui::Spacing();
  if (ImGui::SmallButton("All")) ui.layers = kAllLayers;
  ImGui::SameLine();
  if (ImGui::SmallButton("None")) ui.layers = 0;
  ImGui::SameLine();
  if (ImGui::SmallButton("Default")) ui.layers = kDefaultLayers;
  // Size the window to its content for the next frame.
  const double wanted = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y - ImGui::GetStyle().ItemSpacing.y;
  ui.legend_height = std::clamp(wanted, 80.0, std::max(80.0, window_height * 0.6));
  ImGui::End();
}

// [SECTION] Confirmation popups

void confirmations(Scene& scene, UiState& ui) {
  if (ui.open_request && !scene.dirty()) {
    openDocument(scene, ui, *ui.open_request);
    ui.open_request.reset();
  }
  if (ui.quit_request && !scene.dirty()) {
    ui.quit = true;
    ui.quit_request = false;
  }
  if (ui.open_request && !ImGui::IsPopupOpen("Discard changes?")) ImGui::OpenPopup("Discard changes?");
  if (ui.quit_request && !ImGui::IsPopupOpen("Quit without saving?")) ImGui::OpenPopup("Quit without saving?");

  if (ImGui::BeginPopupModal("Discard changes?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s has unsaved changes.", scene.displayName().c_str());
    if (ImGui::Button("Discard and open")) {
      if (ui.open_request) openDocument(scene, ui, *ui.open_request);
      ui.open_request.reset();
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
      ui.open_request.reset();
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  if (ImGui::BeginPopupModal("Quit without saving?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("%s has unsaved changes.", scene.displayName().c_str());
    if (ImGui::Button("Quit")) {
      ui.quit = true;
      ui.quit_request = false;
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
      ui.quit_request = false;
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
}

}  // namespace

// [SECTION] Column

void setStatus(UiState& ui, std::string text, bool error) {
  ui.status = std::move(text);
  ui.status_error = error;
}

bool openDocument(Scene& scene, UiState& ui, const std::filesystem::path& file, std::string* error_out) {
  std::string error;
  if (!scene.openFile(file, &error)) {
    setStatus(ui, "Could not open: " + error, true);
    if (error_out) *error_out = error;
    return false;
  }
  ui.path_text = file.string();
  ui.hovered = ui.dragged = Handle{};
  if (scene.hasErrors())
    setStatus(ui, "Opened " + file.string() + ": the map has problems (see Problems).", true);
  else
    setStatus(ui, "Opened " + file.string(), false);
  return true;
}

bool saveDocument(Scene& scene, UiState& ui, bool save_as) {
  std::filesystem::path target;
  if (!save_as && scene.file())
    target = *scene.file();
  else if (!ui.path_text.empty())
    target = ui.path_text;
  else {
    setStatus(ui, "Type the path to save to, then press Save As.", true);
    return false;
  }
  std::string error;
  if (!scene.saveFile(target, &error)) {
    setStatus(ui, "Could not save: " + error, true);
    return false;
  }
  ui.path_text = target.string();
  setStatus(ui, "Saved " + target.string() + (scene.hasErrors() ? " (the map still has problems)" : ""),
            scene.hasErrors());
  return true;
}

void drawPanels(Scene& scene, UiState& ui, int window_width, int window_height) {
  (void)window_width;
  ui.widget_rects.clear();
  layersWindow(ui, window_height);
  const float height = static_cast<float>(std::max(100.0, window_height - ui.legend_height));
  ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(kPanelWidth), height), ImGuiCond_Always);
  ImGui::Begin("polypath", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings);
  filePanel(scene, ui);
  problemsPanel(scene);
  statsPanel(scene);
  searchPanel(scene, ui);
  openSetPanel(scene);
  mapPanel(scene, ui);
  viewPanel(ui);
  confirmations(scene, ui);
  ImGui::End();
}

}  // namespace polypath::editor
