// method_panel.cpp: method selector, grid cell size and funnel stepping (Search tab).
#include "editor/panels/method_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "editor/panels/panel_widgets.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

const char* methodHelp(MethodKind kind) {
  switch (kind) {
    case MethodKind::Visibility:
      return "A* over the reflex corners that see each other, with start and goal linked in. Exact.";
    case MethodKind::NavmeshExact:
      return "Polyanya (Cui, Harabor, Grastien 2017) on the constrained Delaunay triangles: searches intervals "
             "of triangle edges seen from a root corner. Exact: the same length as the visibility graph.";
    case MethodKind::NavmeshCentre:
      return "Triangle A* as in seed 003: one node per triangle at its centre, then the funnel pulls the path "
             "taut through the corridor's portals. Fast but not always shortest.";
    case MethodKind::NavmeshPortal:
      return "Triangle A* with nodes at portal (shared edge) midpoints, as Recast/Detour places them, then the "
             "funnel. Not always shortest.";
    case MethodKind::Grid:
      return "The map rasterized into square cells (a cell is free when it lies wholly in the walkable region), "
             "A* with 8 moves and no corner cutting. The path runs through cell centres.";
  }
  return "";
}

void funnelPart(Scene& scene, UiState& ui) {
  MethodView& view = scene.methodView();
  const Path& search = scene.shownSearchPath();
  const int count = view.funnelCount(search);
  ImGui::TextUnformatted("Funnel");
  ImGui::SameLine();
  if (count <= 0) {
    ImGui::TextColored(ImVec4(0.6f, 0.6f, 0.65f, 1.0f), "after the search finds a path");
    return;
  }
  const int k = view.funnelPosition();
  ImGui::BeginDisabled(k < 0);
  if (ImGui::SmallButton("< Funnel back")) funnelBack(scene);
  remember(ui, "Funnel back");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(k >= count);
  if (ImGui::SmallButton("Funnel step >")) funnelForward(scene);
  remember(ui, "Funnel step");
  ImGui::EndDisabled();
  hint("Process one more portal of the corridor: the funnel's sides tighten, or one side crosses the other and "
       "its end becomes the new apex (a corner of the path).");
  ImGui::SameLine();
  ImGui::BeginDisabled(k < 0);
  if (ImGui::SmallButton("Show path")) view.setFunnelPosition(-1);
  remember(ui, "Show path");
  ImGui::EndDisabled();
  int pos = std::max(0, k);
  char fmt[64];
  std::snprintf(fmt, sizeof fmt, "funnel step %%d of %d", count);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##funnel", &pos, 0, count, fmt, ImGuiSliderFlags_AlwaysClamp)) view.setFunnelPosition(pos);
  if (const FunnelState* f = k >= 0 ? view.funnelState(search, k) : nullptr) {
    const auto portals = static_cast<int>(view.funnelPortals(search).size());
    ImGui::TextColored(ImVec4(0.6f, 0.6f, 0.65f, 1.0f), "apex at portal %d, next portal %d of %d, %zu corners fixed%s",
                       f->apex_index, std::min(f->next, portals - 1), portals - 1, f->path.size(),
                       f->done ? " (done)" : "");
  }
}

}  // namespace

bool funnelForward(Scene& scene) {
  MethodView& view = scene.methodView();
  const int count = view.funnelCount(scene.shownSearchPath());
  const int k = view.funnelPosition();
  if (count <= 0 || k >= count) return false;
  view.setFunnelPosition(k < 0 ? 1 : k + 1);
  return true;
}

bool funnelBack(Scene& scene) {
  MethodView& view = scene.methodView();
  const int k = view.funnelPosition();
  if (k < 0) return false;
  view.setFunnelPosition(k - 1);
  return true;
}

void methodPart(Scene& scene, UiState& ui) {
  MethodSettings m = scene.method();
  int index = static_cast<int>(std::find(std::begin(kMethodKinds), std::end(kMethodKinds), m.kind) - std::begin(kMethodKinds));
  if (ImGui::BeginCombo("Method", methodName(m.kind))) {
    for (int i = 0; i < static_cast<int>(std::size(kMethodKinds)); ++i)
      if (ImGui::Selectable(methodName(kMethodKinds[i]), i == index)) {
        m.kind = kMethodKinds[i];
        scene.setMethod(m);
      }
    ImGui::EndCombo();
  }
  remember(ui, "method");
  hint(methodHelp(m.kind));
  if (m.kind == MethodKind::Grid) {
    double cell = m.cell_size;
    if (ImGui::InputDouble("Cell size", &cell, 0.25, 1.0, "%.3g", ImGuiInputTextFlags_EnterReturnsTrue)) {
      if (cell > 0.0 && std::isfinite(cell)) {
        m.cell_size = cell;
        scene.setMethod(m);
      }
    }
    remember(ui, "cell size");
    hint("World units per cell side (press Enter). Smaller cells fit the walls better and cost more.");
  }
  if (!scene.stats().structure.empty())
    ImGui::TextColored(ImVec4(0.6f, 0.6f, 0.65f, 1.0f), "%s", scene.stats().structure.c_str());
  if (isTriangleSearch(m.kind)) funnelPart(scene, ui);
}

}  // namespace polypath::editor
