// debugger_panel.cpp: the Search tab's debugger part (timeline and breakpoints).
#include "editor/debugger/debugger_panel.hpp"

#include <algorithm>
#include <cstdio>

#include "polypath/debug/node_inspector.hpp"
#include "editor/panels/panel_widgets.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

void timelinePart(Scene& scene, UiState& ui, SearchTimeline& t) {
  SearchDebugger& dbg = ui.debugger;
  ImGui::BeginDisabled(t.position() == 0);
  if (ImGui::Button("< Back")) dbg.back(scene);
  remember(ui, "Back");
  ImGui::EndDisabled();
  hint("Undo one A* expansion (Left arrow on the canvas).");
  ImGui::SameLine();
  ImGui::BeginDisabled(t.position() >= t.count());
  if (ImGui::Button("Forward >")) dbg.forward(scene);
  remember(ui, "Forward");
  ImGui::EndDisabled();
  hint("Make one A* expansion (Right arrow on the canvas).");
  int k = t.position();
  ImGui::SetNextItemWidth(-1);
  char fmt[64];
  std::snprintf(fmt, sizeof fmt, "expansion %%d of %d", t.count());
  if (ImGui::SliderInt("##timeline", &k, 0, t.count(), fmt, ImGuiSliderFlags_AlwaysClamp)) dbg.seek(scene, k);
  remember(ui, "timeline");
  hint("Drag to any expansion of the search: the canvas shows the open and closed sets at that moment.");
  // Always one line, so the rows below stay where they are.
  if (t.position() > 0)
    ImGui::TextDisabled("Expansion %d closed %s.", t.position(), nodeName(t.state(), t.expandedAt(t.position())).c_str());
  else
    ImGui::TextDisabled("No expansion yet.");
}

void breakpointPart(Scene& scene, UiState& ui, const SearchTimeline& t) {
  SearchDebugger& dbg = ui.debugger;
  ImGui::TextUnformatted("Breakpoints");
  hint("Run stops after the expansion that makes any breakpoint true.");
  if (ImGui::Button(dbg.picking_breakpoint_node ? "Click a node..." : "+ node expanded")) {
    dbg.picking_breakpoint_node = !dbg.picking_breakpoint_node;
  }
  remember(ui, "bp pick node");
  hint("Then click a node on the canvas: Run stops after that node is expanded.");
  ImGui::SameLine();
  if (ImGui::Button("+ goal opened")) dbg.breakpoints.push_back(Breakpoint::onGoalOpened());
  remember(ui, "bp goal opened");
  hint("Run stops after the expansion that first puts the goal into the open set.");
  static float f_limit = 10.0f;
  ImGui::SetNextItemWidth(90);
  ImGui::InputFloat("##bpf", &f_limit, 0, 0, "%.3g");
  remember(ui, "bp f value");
  ImGui::SameLine();
  if (ImGui::Button("+ f exceeds")) dbg.breakpoints.push_back(Breakpoint::onFAbove(f_limit));
  remember(ui, "bp f");
  hint("Run stops after the first expansion of a node whose f = g + w h is greater than the value.");
  ImGui::BeginDisabled(t.position() >= t.count());
  if (ImGui::Button("Run to breakpoint")) dbg.runToBreakpoint(scene);
  remember(ui, "Run to breakpoint");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Clear")) dbg.breakpoints.clear();
  remember(ui, "bp clear");
  // One line for the last stop (whole in a tooltip), then the list in a box of its own
  // height: adding or removing a breakpoint moves nothing.
  const std::string stop = dbg.lastStop().empty() ? std::string("Not run to a breakpoint yet.") : dbg.lastStop();
  ImGui::TextDisabled("%s", fitToWidth(stop, ImGui::GetContentRegionAvail().x).c_str());
  hint(stop.c_str());
  const float rows = 3.0f;
  ImGui::BeginChild("breakpoint list", ImVec2(0, rows * ImGui::GetFrameHeightWithSpacing()), true);
  if (dbg.breakpoints.empty()) ImGui::TextDisabled("No breakpoints.");
  for (std::size_t i = 0; i < dbg.breakpoints.size();) {
    ImGui::PushID(static_cast<int>(i));
    ImGui::BulletText("%s", dbg.breakpoints[i].describe().c_str());
    ImGui::SameLine();
    const bool remove = ImGui::SmallButton("x");
    ImGui::PopID();
    if (remove)
      dbg.breakpoints.erase(dbg.breakpoints.begin() + static_cast<std::ptrdiff_t>(i));
    else
      ++i;
  }
  ImGui::EndChild();
  remember(ui, "bp list");
}

const char* statusName(NodeStatus s) {
  switch (s) {
    case NodeStatus::Open: return "open";
    case NodeStatus::Closed: return "closed";
    default: return "unseen";
  }
}

}  // namespace

void inspectorPart(const Scene& scene, UiState& ui) {
  ImGui::Separator();
  const Search* search = scene.search();
  const NodeId n = ui.debugger.inspected;
  ImGui::TextUnformatted("Node inspector");
  hint("Alt + click a node on the canvas to inspect it at the current expansion.");
  if (!search || n == kNoNode || static_cast<std::size_t>(n) >= search->graph()->nodeCount()) {
    ImGui::TextDisabled("Alt + click a node on the canvas.");
    return;
  }
  const SearchState& st = search->state();
  const NodeInspection in = inspectNode(*search->graph(), st, n);
  ImGui::Text("%s at (%.4g, %.4g): %s", nodeName(st, n).c_str(), in.position.x, in.position.y, statusName(in.status));
  if (in.status != NodeStatus::Unseen) {
    ImGui::Text("g %.6g   h %.6g   f %.6g", in.g, in.h, in.f);
    ImGui::Text("parent: %s", in.parent == kNoNode ? "none" : nodeName(st, in.parent).c_str());
  }
  ImGui::TextWrapped("%s", in.why.c_str());
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame;
  if (in.neighbours.empty() || !ImGui::BeginTable("neighbours", 4, flags)) return;
  for (const char* name : {"neighbour", "arc cost", "status", "g"}) ImGui::TableSetupColumn(name);
  ImGui::TableHeadersRow();
  for (const InspectedNeighbour& nb : in.neighbours) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%s%s", nodeName(st, nb.node).c_str(), nb.is_parent ? " (parent)" : nb.is_child ? " (child)" : "");
    ImGui::TableNextColumn();
    ImGui::Text("%.4g", nb.cost);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(statusName(nb.status));
    ImGui::TableNextColumn();
    if (nb.status == NodeStatus::Unseen)
      ImGui::TextUnformatted("-");
    else
      ImGui::Text("%.4g", nb.g);
  }
  ImGui::EndTable();
}


void drawNodeLabel(const Scene& scene, const Camera& camera, ScreenPos mouse) {
  const Search* search = scene.search();
  if (!search || !scene.stepping()) return;
  const NodeId n = SearchDebugger::nodeAt(scene, camera, mouse, kHitRadius);
  if (n == kNoNode) return;
  const NodeRecord& r = search->state().record(n);
  if (r.status == NodeStatus::Unseen) return;
  const std::string label = ghfLabel(r);
  const ScreenPos p = camera.toScreen(search->graph()->position(n));
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const ImVec2 at(static_cast<float>(p.x) + 10.0f, static_cast<float>(p.y) - 22.0f);
  const ImVec2 size = ImGui::CalcTextSize(label.c_str());
  dl->AddRectFilled(ImVec2(at.x - 3, at.y - 1), ImVec2(at.x + size.x + 3, at.y + size.y + 1), IM_COL32(0, 0, 0, 200), 3.0f);
  dl->AddText(at, IM_COL32(255, 255, 255, 255), label.c_str());
}

void debuggerPart(Scene& scene, UiState& ui) {
  SearchTimeline* t = ui.debugger.sync(scene);
  ImGui::Separator();
  if (!t) {
    ImGui::TextDisabled("Debugger: no search (place a start and a goal).");
    return;
  }
  timelinePart(scene, ui, *t);
  ImGui::Separator();
  breakpointPart(scene, ui, *t);
}

}  // namespace polypath::editor
