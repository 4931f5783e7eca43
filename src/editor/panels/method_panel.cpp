// method_panel.cpp: method selector, grid cell size and funnel stepping (Search tab).
#include "editor/panels/method_panel.hpp"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstdio>
#include <string>

#include "editor/panels/panel_widgets.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

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

bool methodCombo(const char* label, MethodSettings& m) {
  bool changed = false;
  const MethodEntry* current = methods().find(m.name);
  if (ImGui::BeginCombo(label, current ? current->info->label.data() : m.name.c_str())) {
    for (const MethodEntry& e : methods().entries())
      if (ImGui::Selectable(e.info->label.data(), &e == current)) {
        m.name = std::string(e.info->name);
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

bool methodOptionInputs(MethodSettings& m, float width, UiState* ui) {
  const MethodEntry* e = methods().find(m.name);
  if (!e) return false;
  bool changed = false;
  for (const MethodOptionInfo& o : e->info->options) {
    double value = m.options.*(o.field);
    if (width > 0.0f) ImGui::SetNextItemWidth(width);
    if (ImGui::InputDouble(o.label.data(), &value, 0.25, 1.0, "%.3g", ImGuiInputTextFlags_EnterReturnsTrue) &&
        value > 0.0 && std::isfinite(value)) {
      m.options.*(o.field) = value;
      changed = true;
    }
    if (ui) {
      std::string name(o.label);
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
      remember(*ui, name);
    }
    hint(o.help.data());
  }
  return changed;
}

void methodPart(Scene& scene, UiState& ui) {
  MethodSettings m = scene.method();
  if (methodCombo("Method", m)) scene.setMethod(m);
  remember(ui, "method");
  hint(methodInfo(m).help.data());
  if (methodOptionInputs(m, 0.0f, &ui)) scene.setMethod(m);
  if (!scene.stats().structure.empty())
    ImGui::TextColored(ImVec4(0.6f, 0.6f, 0.65f, 1.0f), "%s", scene.stats().structure.c_str());
  if (scene.methodView().hasFunnel()) funnelPart(scene, ui);
}

}  // namespace polypath::editor
