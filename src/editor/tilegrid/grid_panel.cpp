// grid_panel.cpp: the editor's column and canvas mouse for a Moving AI grid.
#include "editor/tilegrid/grid_panel.hpp"
#include "editor/panels/search_controls.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include "editor/panels/file_actions.hpp"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "polypath/debug/debug_draw.hpp"
#include "polypath/core/geometry.hpp"

namespace polypath::editor {

bool isGridFile(const std::filesystem::path& file) { return file.extension() == ".map"; }

PolygonMap::Bounds gridBounds(const Grid& grid) {
  PolygonMap::Bounds b;
  b.min = grid.origin;
  b.max = grid.corner(grid.width, grid.height);
  return b;
}

Camera gridCamera(const Grid& grid, int window_width, int window_height, double ui_scale) {
  return fittedCamera(canvasRect(window_width, window_height, ui_scale), gridBounds(grid));
}

bool openGridFile(GridScene& grid, UiState& ui, const std::filesystem::path& file, std::string* error_out) {
  std::string error;
  if (!grid.open(file, &error)) {
    setStatus(ui, "Could not open: " + error, true);
    if (error_out) *error_out = error;
    return false;
  }
  ui.path_text = file.string();
  setStatus(ui, "Opened grid " + file.string() + ": Wall paints, Erase clears, Start/Goal place the markers.", false);
  return true;
}

bool saveGridFile(GridScene& grid, UiState& ui, bool save_as) {
  if (save_as || !grid.file()) {
    askForFile(ui, grid.file(), FilePurpose::GridSaveAs);
    return false;
  }
  return saveGridFileTo(grid, ui, *grid.file());
}

bool saveGridFileTo(GridScene& grid, UiState& ui, const std::filesystem::path& target) {
  std::string error;
  if (!grid.save(target, &error)) {
    setStatus(ui, "Could not save: " + error, true);
    return false;
  }
  ui.path_text = target.string();
  setStatus(ui, "Saved " + target.string(), false);
  return true;
}

namespace {

// A button whose rectangle the tests find as ui.widget_rects["Grid " + label].
bool button(UiState& ui, const char* label, bool same_line = false) {
  if (same_line) ImGui::SameLine();
  const bool pressed = ImGui::Button(label);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.widget_rects[std::string("Grid ") + label] = ScreenRect{a.x, a.y, b.x - a.x, b.y - a.y};
  return pressed;
}

template <class T>
bool radio(UiState& ui, const char* label, T& value, T option, bool same_line = true) {
  if (same_line) ImGui::SameLine();
  const bool pressed = ImGui::RadioButton(label, value == option);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  ui.widget_rects[std::string("Grid ") + label] = ScreenRect{a.x, a.y, b.x - a.x, b.y - a.y};
  if (pressed) value = option;
  return pressed;
}

void section(const char* title) {
  ImGui::Separator();
  ImGui::TextUnformatted(title);
}

void swatch(Color c, const char* text) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float s = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled(p, ImVec2(p.x + s, p.y + s), IM_COL32(c.r, c.g, c.b, 255));
  ImGui::Dummy(ImVec2(s, s));
  ImGui::SameLine();
  ImGui::TextUnformatted(text);
}

void filePart(GridScene& grid, UiState& ui) {
  if (button(ui, "Open")) askForFile(ui, grid.file(), FilePurpose::Open);
  if (button(ui, "Save", true)) saveGridFile(grid, ui, false);
  if (button(ui, "Save As", true)) saveGridFile(grid, ui, true);
  if (button(ui, "New", true)) ui.new_request = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Leave the grid for an empty polygon map (Ctrl+N); asks first about unsaved walls.");
  ImGui::TextWrapped("%s%s  %d x %d cells, %d free", grid.displayName().c_str(), grid.dirty() ? " *" : "",
                     grid.grid().width, grid.grid().height, grid.grid().freeCount());
  if (!ui.status.empty()) {
    const ImVec4 colour = ui.status_error ? ImVec4(1.0f, 0.45f, 0.45f, 1.0f) : ImVec4(0.7f, 0.9f, 0.7f, 1.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", ui.status.c_str());
    ImGui::PopStyleColor();
  }
}

void toolPart(GridScene& grid, GridUi& gui, UiState& ui) {
  section("Edit");
  radio(ui, "Wall", gui.tool, GridTool::Wall, false);
  radio(ui, "Erase", gui.tool, GridTool::Erase);
  radio(ui, "Start", gui.tool, GridTool::Start);
  radio(ui, "Goal", gui.tool, GridTool::Goal);
  ImGui::SetNextItemWidth(120);
  ImGui::SliderInt("brush radius (cells)", &gui.brush, 0, 5);
  if (button(ui, "Undo") ) grid.undo();
  if (button(ui, "Redo", true)) grid.redo();
  ImGui::SameLine();
  ImGui::Text("%zu / %zu strokes", grid.position(), grid.strokes().size());
}

void settingsPart(GridScene& grid, UiState& ui) {
  section("Grid search");
  GridOptions g = grid.gridOptions();
  SearchOptions s = grid.searchOptions();
  ImGui::TextUnformatted("moves");
  bool changed = radio(ui, "4", g.moves, 4);
  changed |= radio(ui, "8", g.moves, 8);
  ImGui::TextUnformatted("corners");
  changed |= radio(ui, "no-cut", g.corner, CornerRule::NoCut);
  changed |= radio(ui, "cut", g.corner, CornerRule::Cut);
  changed |= radio(ui, "uniform", g.corner, CornerRule::Uniform);
  ImGui::TextUnformatted("costs");
  changed |= radio(ui, "exact (1, 1.414)", g.costs, GridCosts::Exact);
  changed |= radio(ui, "textbook (100, 142)", g.costs, GridCosts::Textbook);
  if (changed) grid.setGridOptions(g);
  bool schanged = false;
  ImGui::SetNextItemWidth(140);
  if (ImGui::BeginCombo("heuristic", heuristicName(s.heuristic))) {
    for (Heuristic h : {Heuristic::None, Heuristic::Manhattan, Heuristic::Euclidean, Heuristic::Chebyshev,
                        Heuristic::Octile})
      if (ImGui::Selectable(heuristicName(h), h == s.heuristic)) {
        s.heuristic = h;
        schanged = true;
      }
    ImGui::EndCombo();
  }
  float w = static_cast<float>(s.weight);
  ImGui::SetNextItemWidth(140);
  if (ImGui::SliderFloat("weight", &w, 0.0f, 5.0f, "%.2f")) {
    s.weight = w;
    schanged = true;
  }
  ImGui::TextUnformatted("ties");
  schanged |= radio(ui, "larger g", s.tie_break, TieBreak::LargerG);
  schanged |= radio(ui, "cell number", s.tie_break, TieBreak::None);
  if (schanged) grid.setSearchOptions(s);
  bool smooth = grid.smoothing();
  if (ImGui::Checkbox("smooth the path", &smooth)) grid.setSmoothing(smooth);
}

void searchPart(GridScene& grid, UiState& ui) {
  section("Step the search");
  const SearchControls on = searchControls(grid.hasSearch(), grid.stepping(), grid.running(), grid.state().status());
  ImGui::BeginDisabled(!on.step);
  if (button(ui, "Step")) grid.step();
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!(grid.running() ? on.pause : on.run));
  if (button(ui, grid.running() ? "Pause" : "Run", true)) grid.running() ? grid.pause() : grid.run();
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!on.finish);
  if (button(ui, "Finish", true)) grid.finish();
  ImGui::EndDisabled();
  ImGui::BeginDisabled(!on.reset);
  if (button(ui, "Reset", true)) grid.reset();
  ImGui::EndDisabled();
  const SearchState& st = grid.state();
  const Grid& g = grid.grid();
  auto cell = [&](int c) { return c < 0 ? std::string("-") : "(" + std::to_string(c % g.width) + ", " + std::to_string(c / g.width) + ")"; };
  ImGui::Text("start %s  goal %s", cell(grid.start()).c_str(), cell(grid.goal()).c_str());
  const char* status = st.status() == SearchStatus::Found      ? "path found"
                       : st.status() == SearchStatus::Running  ? "searching"
                       : st.status() == SearchStatus::Idle     ? "no search"
                                                               : "no path";
  ImGui::Text("%s%s", status, grid.stepping() ? " (stepped)" : "");
  ImGui::Text("explored (closed) %d", st.expandedCount());
  ImGui::Text("waiting (open)    %zu", st.openSet().size());
  ImGui::Text("last expanded     %s", cell(st.lastExpanded()).c_str());
  if (grid.path().found) {
    ImGui::Text("path steps        %d", grid.pathSteps());
    ImGui::Text("length            %.4g cells", grid.pathLength());
    ImGui::Text("cost              %.6g", grid.path().length);
    if (!grid.smoothed().empty()) ImGui::Text("smoothed length   %.4g", polylineLength(grid.smoothed()) / g.cell_size);
  }
}

void legendPart(UiState& ui) {
  section("Legend");
  swatch(layerColor(LayerGridCells), "wall (blocked cell)");
  swatch(layerColor(LayerRegion), "free cell");
  swatch(layerColor(LayerGridExplored), "explored: closed set");
  swatch(layerColor(LayerGridWaiting), "waiting: open set");
  swatch(layerColor(LayerPath), "path cells and smoothed path");
  swatch(layerColor(LayerStartGoal), "start");
  swatch(kGoalColor, "goal");
  (void)ui;
  ImGui::TextWrapped("Left: tool. Drag S or G to move them. Right/middle drag: pan, wheel: zoom. "
                     "Ctrl+Z / Ctrl+Y undo and redo a stroke, Ctrl+S saves.");
}

}  // namespace

void drawGridPanel(GridScene& grid, GridUi& gui, UiState& ui, double panel_width, int window_height) {
  ui.widget_rects.clear();
  ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(panel_width), static_cast<float>(std::max(1, window_height))),
                           ImGuiCond_Always);
  ImGui::Begin("polypath grid", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  filePart(grid, ui);
  toolPart(grid, gui, ui);
  settingsPart(grid, ui);
  searchPart(grid, ui);
  legendPart(ui);
  ImGui::End();
}

void gridMouse(GridScene& grid, GridUi& gui, const Camera& camera, const CanvasInput& in) {
  const Grid& g = grid.grid();
  const Point w = camera.toWorld(in.mouse);
  const int x = static_cast<int>(std::floor((w.x - g.origin.x) / g.cell_size));
  const int y = static_cast<int>(std::floor((w.y - g.origin.y) / g.cell_size));
  if (in.pressed && g.contains(x, y)) {
    const int c = g.index(x, y);
    if (c == grid.start())
      gui.dragging_marker = 1;
    else if (c == grid.goal())
      gui.dragging_marker = 2;
    else if (gui.tool == GridTool::Start)
      grid.setStart(x, y);
    else if (gui.tool == GridTool::Goal)
      grid.setGoal(x, y);
    else
      grid.beginStroke(gui.tool == GridTool::Wall);
  }
  if (in.down && g.contains(x, y)) {
    if (gui.dragging_marker == 1 && g.index(x, y) != grid.goal() && g.index(x, y) != grid.start()) grid.setStart(x, y);
    if (gui.dragging_marker == 2 && g.index(x, y) != grid.start() && g.index(x, y) != grid.goal()) grid.setGoal(x, y);
    if (grid.stroking()) grid.paint(x, y, gui.brush);
  }
  if (!in.down) {
    gui.dragging_marker = 0;
    grid.endStroke();
  }
}

}  // namespace polypath::editor
