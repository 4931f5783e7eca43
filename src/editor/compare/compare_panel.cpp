// compare_panel.cpp: the Compare tab and the compare canvas.
#include "editor/compare/compare_panel.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "editor/canvas/camera.hpp"
#include "editor/compare/compare_titles.hpp"
#include "editor/canvas/sdl_draw.hpp"
#include "editor/panels/method_panel.hpp"
#include "editor/panels/panel_widgets.hpp"
#include "editor/canvas/recoloured_draw.hpp"
#include "editor/compare/compare_legend.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

const ImVec4 kDim{0.6f, 0.64f, 0.7f, 1.0f};

void sideEditor(CompareSetup& s, int i) {
  ImGui::PushID(i);
  ImGui::TextUnformatted(i == 0 ? "Left" : "Right");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x * 0.6f));
  methodCombo("##method", s.method);
  bool dijkstra = s.options.heuristic == Heuristic::None;
  if (ImGui::Checkbox("Dijkstra (h = 0)", &dijkstra)) s.options.heuristic = dijkstra ? Heuristic::None : Heuristic::Euclidean;
  ImGui::SameLine();
  float w = static_cast<float>(s.options.weight);
  ImGui::SetNextItemWidth(std::max(60.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::SliderFloat("##weight", &w, 1.0f, 5.0f, "weight %.2f")) s.options.weight = std::clamp(static_cast<double>(w), 1.0, 5.0);
  methodOptionInputs(s.method, 120.0f, nullptr);
  ImGui::PopID();
}

void table(const CompareView& cmp) {
  if (!ImGui::BeginTable("compare", 3, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_RowBg |
                                           ImGuiTableFlags_SizingStretchSame))
    return;
  ImGui::TableSetupColumn("");
  ImGui::TableSetupColumn("left");
  ImGui::TableSetupColumn("right");
  ImGui::TableHeadersRow();
  const CompareRow rows[2] = {cmp.row(0), cmp.row(1)};
  auto line = [&](const char* name, auto value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(kDim, "%s", name);
    for (const CompareRow& r : rows) {
      ImGui::TableNextColumn();
      const std::string v = value(r);
      ImGui::TextWrapped("%s", v.c_str());
    }
  };
  char buf[96];
  line("setup", [&](const CompareRow& r) { return r.stats.label; });
  line("expanded now", [&](const CompareRow& r) { return std::to_string(r.stats.expanded_now); });
  line("expanded in all", [&](const CompareRow& r) { return std::to_string(r.stats.expanded_total); });
  line("status now", [&](const CompareRow& r) { return std::string(statusName(r.stats.status_now)); });
  line("path length", [&](const CompareRow& r) {
    if (!r.stats.found) return std::string("no path");
    std::snprintf(buf, sizeof buf, "%.4f", r.world_length);
    return std::string(buf);
  });
  line("time", [&](const CompareRow& r) {
    std::snprintf(buf, sizeof buf, "%.3f ms", r.stats.time_ms);
    return std::string(buf);
  });
  line("graph nodes", [&](const CompareRow& r) { return std::to_string(r.stats.nodes); });
  line("structure", [&](const CompareRow& r) { return r.structure; });
  ImGui::EndTable();
}

}  // namespace

void comparePanel(const Scene& scene, UiState& ui) {
  CompareView& cmp = ui.compare;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDim, "Two methods or settings on this map, start and goal, stepped together. "
                           "Editing is off while this tab is open.");
  ImGui::PopTextWrapPos();
  struct Preset {
    ComparePreset p;
    const char* label;
  };
  const Preset presets[] = {{ComparePreset::AStarVsDijkstra, "A* vs Dijkstra"},
                            {ComparePreset::Weight1VsWeight18, "weight 1 vs 1.8"},
                            {ComparePreset::VisibilityVsNavmesh, "visibility vs navmesh"},
                            {ComparePreset::NavmeshVsGrid, "navmesh vs grid"},
                            {ComparePreset::TriangleVsPolyanya, "triangle A* vs Polyanya"}};
  for (std::size_t i = 0; i < std::size(presets); ++i) {
    if (i > 0) {  // on the same row while the button fits, else on the next
      const ImGuiStyle& style = ImGui::GetStyle();
      const float width = ImGui::CalcTextSize(presets[i].label).x + 2 * style.FramePadding.x;
      const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
      if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
    }
    if (ImGui::SmallButton(presets[i].label)) applyPreset(cmp.setups, presets[i].p, scene.searchOptions());
    remember(ui, "cmp preset " + std::to_string(static_cast<int>(presets[i].p)));
  }
  for (int i = 0; i < 2; ++i) sideEditor(cmp.setups[static_cast<std::size_t>(i)], i);
  ImGui::Checkbox("Overlaid (right side tinted)", &cmp.overlaid);
  remember(ui, "cmp overlay");
  hint("One viewport with both searches, instead of two side by side.");

  cmp.sync(scene);
  cmp.update(ImGui::GetIO().DeltaTime);
  SearchComparison* c = cmp.comparison();
  if (!c) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(0.95f, 0.75f, 0.3f, 1.0f), "%s", cmp.error().c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::Separator();
  // A button is disabled while it would do nothing: nothing to go back to, or no
  // expansion left for Step, Run and To end.
  const bool at_start = c->position() <= 0, at_end = c->position() >= c->count();
  ImGui::BeginDisabled(at_start && !cmp.running());
  if (ImGui::Button("Reset")) cmp.reset();
  remember(ui, "cmp Reset");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(at_start);
  if (ImGui::Button("< Back")) c->back();
  remember(ui, "cmp Back");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(at_end);
  if (ImGui::Button("Step >")) cmp.step();
  remember(ui, "cmp Step");
  ImGui::EndDisabled();
  hint("One expansion on both sides (a side that finished stays finished).");
  ImGui::SameLine();
  ImGui::BeginDisabled(at_end && !cmp.running());
  if (ImGui::Button(cmp.running() ? "Pause" : "Run")) cmp.running() ? cmp.pause() : cmp.run();
  remember(ui, "cmp Run");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(at_end);
  if (ImGui::Button("To end")) cmp.finish();
  remember(ui, "cmp End");
  ImGui::EndDisabled();
  int k = c->position();
  char fmt[64];
  std::snprintf(fmt, sizeof fmt, "step %%d of %d", c->count());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##cmppos", &k, 0, c->count(), fmt, ImGuiSliderFlags_AlwaysClamp)) c->seek(k);
  remember(ui, "cmp position");
  float sps = static_cast<float>(cmp.stepsPerSecond());
  if (runSpeedSlider(ui, "cmp run speed", sps, 120.0f, "How many steps of both searches Run makes per second."))
    cmp.setStepsPerSecond(sps);
  table(cmp);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(kDim, "Time: one whole search on its own (build excluded). Path length in world units "
                           "(triangle A*: after the funnel; grid: through cell centres).");
  ImGui::PopTextWrapPos();
}

void applyStartOptions(const AppOptions& options, Scene& scene, UiState& ui) {
  MethodSettings m;
  if (!options.method.empty() && parseMethodSettings(options.method, m)) scene.setMethod(m);
  if (options.funnel_step >= 0 && scene.methodView().funnelCount(scene.shownSearchPath()) > 0)
    scene.methodView().setFunnelPosition(
        std::min(options.funnel_step, scene.methodView().funnelCount(scene.shownSearchPath())));
  ComparePreset preset;
  if (!options.compare.empty() && parseComparePreset(options.compare, preset)) {
    applyPreset(ui.compare.setups, preset, scene.searchOptions());
    ui.compare.sync(scene);
    // --steps N: both searches stand after N expansions (as Step > N times); else at the end.
    if (SearchComparison* c = ui.compare.comparison()) options.steps > 0 ? c->seek(options.steps) : c->toEnd();
    ui.tab_request = PanelTab::Compare;
  }
}

void drawCompareCanvas(SDL_Renderer* renderer, const Scene& scene, const CompareView& compare, ScreenRect canvas,
                       std::uint32_t layers, ImDrawList* text, std::map<std::string, ScreenRect>* rects, Theme theme,
                       double scale) {
  const SearchComparison* c = compare.comparison();
  const PolygonMap* map = scene.polygonMap();
  if (!c || !map) return;
  const std::uint32_t map_layers = LayerRegion | LayerEdges;
  auto drawSide = [&](const Camera& cam, int side, bool tinted, bool with_map) {
    SdlDebugDraw dd(renderer, cam, text, theme);
    dd.setScale(scale);
    if (with_map) {
      drawMap(dd, *map, layers & LayerRegion);
      drawMap(dd, *map, layers & LayerEdges);
    }
    if (tinted) {
      RecolouredDraw tint(dd, overlayTintFor(theme));
      compare.draw(tint, side, layers & ~map_layers);
    } else {
      compare.draw(dd, side, layers & ~map_layers);
    }
    scene.drawMarkers(dd, layers);
    dd.flush();
  };
  const PolygonMap::Bounds bounds = map->bounds();
  if (compare.overlaid) {
    const Camera cam = fittedCamera(canvas, bounds);
    drawSide(cam, 0, false, true);
    drawSide(cam, 1, true, false);
    drawOverlayLegend(text, compare, canvas, theme, rects);
  } else {
    for (int i = 0; i < 2; ++i) drawSide(fittedCamera(paneRect(canvas, i), bounds, 24.0), i, false, true);
    if (text) drawPaneTitles(text, compareTitles(compare, canvas), canvas, rects, "cmp title", theme);
  }
}

}  // namespace polypath::editor
