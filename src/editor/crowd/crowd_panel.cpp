// crowd_panel.cpp: the Crowd tab and its canvas (see crowd_panel.hpp).
#include "editor/crowd/crowd_panel.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "polypath/crowd/metrics_json.hpp"
#include "editor/canvas/sdl_draw.hpp"
#include "editor/compare/compare_titles.hpp"
#include "editor/panels/panel_widgets.hpp"
#include "imgui.h"

namespace polypath::editor {
namespace {

constexpr Color kDragArea{255, 230, 90, 255};

const char* areaText(const std::optional<crowd::Rect>& r, const char* otherwise) {
  static char text[2][96];
  static int k = 0;
  k = 1 - k;
  if (!r) return otherwise;
  std::snprintf(text[k], sizeof text[k], "x %.4g  y %.4g  w %.4g  h %.4g", r->x, r->y, r->w, r->h);
  return text[k];
}

// The metrics of `polypath crowd --json`, one row each, a column per side.
void metricsTable(const CrowdView& view) {
  std::array<nlohmann::ordered_json, 2> m;
  for (int i = 0; i < view.sides(); ++i)
    if (const crowd::Crowd* c = view.crowd(i)) m[static_cast<std::size_t>(i)] = crowd::metricsJson(c->metrics(), view.steer(i));
  if (m[0].is_null()) return;
  if (!ImGui::BeginTable("crowd metrics", 1 + view.sides(), ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupColumn("metric");
  for (int i = 0; i < view.sides(); ++i) ImGui::TableSetupColumn(crowd::steerName(view.steer(i)));
  ImGui::TableHeadersRow();
  for (const auto& [key, value] : m[0].items()) {
    if (key == "steer") continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(key.c_str());
    for (int i = 0; i < view.sides(); ++i) {
      ImGui::TableNextColumn();
      const nlohmann::ordered_json& v = m[static_cast<std::size_t>(i)][key];
      if (v.is_null()) ImGui::TextUnformatted("-");
      else if (v.is_number_integer()) ImGui::Text("%lld", static_cast<long long>(v.get<std::int64_t>()));
      else ImGui::Text("%.6g", v.get<double>());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void crowdPanel(const Scene& scene, UiState& ui) {
  CrowdView& view = ui.crowd;
  CrowdSettings& s = view.settings;
  ImGui::TextWrapped("Agents walk from around the start (or the spawn area) to the goal (or the goal area), "
                     "keeping off the walls and out of each other (ORCA). Editing the map resets the crowd.");
  int agents = s.agents;
  if (ImGui::InputInt("agents", &agents)) s.agents = std::clamp(agents, 1, kMaxCrowdAgents);
  remember(ui, "crowd agents");
  hint("Number of agents (1 to 2000).");
  float radius = static_cast<float>(s.radius), speed = static_cast<float>(s.speed);
  if (ImGui::InputFloat("radius", &radius, 0.05f, 0.2f, "%.3f") && radius > 0.0f) s.radius = radius;
  remember(ui, "crowd radius");
  hint("Every agent's radius, world units: its centre keeps this far from the walls.");
  if (ImGui::InputFloat("speed", &speed, 0.1f, 0.5f, "%.3f") && speed > 0.0f) s.speed = speed;
  remember(ui, "crowd speed");
  hint("Maximum speed, world units per second (time step 0.1 s).");
  int seed = static_cast<int>(std::min<std::uint64_t>(s.seed, 1000000000));
  if (ImGui::InputInt("seed", &seed)) s.seed = static_cast<std::uint64_t>(std::max(seed, 0));
  hint("Random seed: spawn lattice offset and the nudges that break symmetric standstills.");

  // One steering mode (a radio button each), or both side by side.
  const struct {
    crowd::Steer steer;
    const char* label;
    const char* tip;
  } modes[2] = {{crowd::Steer::Funnel, "funnel", "Every agent aims at the path's corners: they queue in single file at the corners."},
                {crowd::Steer::Portals, "portals",
                 "Every agent aims at the nearest point of the next steer portal: they spread across its width."}};
  for (const auto& mode : modes) {
    if (mode.steer != crowd::Steer::Funnel) ImGui::SameLine();
    if (ImGui::RadioButton(mode.label, !s.compare && s.steer == mode.steer)) {
      s.steer = mode.steer;
      s.compare = false;
    }
    remember(ui, std::string("crowd ") + mode.label);
    hint(mode.tip);
  }
  ImGui::SameLine();
  if (ImGui::RadioButton("compare", s.compare)) s.compare = true;
  remember(ui, "crowd compare");
  hint("Both steering modes side by side on the same map, spawn and seed, stepped together.");

  ImGui::Separator();
  ImGui::TextUnformatted("Areas");
  ImGui::Text("spawn: %s", areaText(s.from, "around the start"));
  ImGui::Text("goal: %s", areaText(s.to, "the goal"));
  if (ImGui::RadioButton("drag: spawn area", view.area.tool == CrowdArea::Spawn))
    view.area.tool = view.area.tool == CrowdArea::Spawn ? CrowdArea::None : CrowdArea::Spawn;
  remember(ui, "crowd draw spawn");
  hint("Then drag a rectangle on the canvas: the agents start at random places in it.");
  ImGui::SameLine();
  if (ImGui::RadioButton("drag: goal area", view.area.tool == CrowdArea::Goal))
    view.area.tool = view.area.tool == CrowdArea::Goal ? CrowdArea::None : CrowdArea::Goal;
  remember(ui, "crowd draw goal");
  hint("Then drag a rectangle on the canvas: each agent's goal is a random place in it.");
  if (ImGui::Button("Default areas")) {
    s.from.reset();
    s.to.reset();
    view.area.tool = CrowdArea::None;
  }
  remember(ui, "crowd clear areas");
  hint("Back to the places around the map's start and goal (as polypath crowd without --from and --to).");

  view.sync(scene);
  ImGui::Separator();
  ImGui::TextUnformatted("Run");
  if (ImGui::Button("Play")) view.play();
  remember(ui, "crowd play");
  hint("Step the crowd every frame until all agents arrived.");
  ImGui::SameLine();
  if (ImGui::Button("Pause")) view.pause();
  remember(ui, "crowd pause");
  ImGui::SameLine();
  if (ImGui::Button("Step")) view.step();
  remember(ui, "crowd step");
  hint("One time step (0.1 s).");
  ImGui::SameLine();
  if (ImGui::Button("Reset")) view.reset();
  remember(ui, "crowd reset");
  hint("Back to step 0 (the same spawn).");
  ImGui::SliderInt("steps per frame", &view.steps_per_frame, 1, kMaxCrowdStepsPerFrame);
  view.steps_per_frame = std::clamp(view.steps_per_frame, 1, kMaxCrowdStepsPerFrame);
  remember(ui, "crowd steps per frame");
  hint("Play speed: time steps made each frame.");
  if (!view.error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 110, 110, 255));
    ImGui::TextWrapped("%s", view.error().c_str());
    ImGui::PopStyleColor();
    return;
  }
  if (const crowd::Crowd* c = view.crowd(0))
    ImGui::Text("step %d (%.1f s)%s   last step %.2f ms", c->steps(), c->time(), view.done() ? ", done" : "",
                1e3 * view.lastStepSeconds());
  metricsTable(view);

  ImGui::Separator();
  ImGui::TextUnformatted("Export");
  char folder[512];
  std::snprintf(folder, sizeof folder, "%s", view.sequence_folder.c_str());
  if (ImGui::InputText("folder", folder, sizeof folder)) view.sequence_folder = folder;
  hint("The folder for the PNG sequence (created when missing).");
  if (ImGui::Button("Export PNG sequence") && !ui.exports.busy()) {
    view.reset();
    ui.exports.requestCrowdSequence(view.sequence_folder, ui.export_steps, ui.export_canvas_only);
  }
  remember(ui, "crowd export");
  hint("Writes FOLDER/step-0000.png (step 0) .. one frame per time step until all arrived "
       "(or the Export menu's step count).");
}

bool crowdCanvasMouse(UiState& ui, const Camera& camera, const CanvasInput& in) {
  CrowdView& view = ui.crowd;
  CrowdAreaDrag& drag = view.area;
  if (drag.tool == CrowdArea::None) return false;
  const Point p = camera.toWorld(in.mouse);
  if (in.pressed) drag.from = drag.to = p;
  if (drag.from && in.down) drag.to = p;
  if (drag.from && in.released) {
    if (const auto r = rectBetween(*drag.from, p)) (drag.tool == CrowdArea::Spawn ? view.settings.from : view.settings.to) = r;
    drag.from.reset();
    drag.to.reset();
  }
  return true;
}

void drawCrowdOverlay(DebugDraw& dd, const UiState& ui, const Camera& camera) {
  ui.crowd.draw(dd, 0, camera.scale());
  const CrowdAreaDrag& drag = ui.crowd.area;
  if (drag.from && drag.to)
    if (const auto r = rectBetween(*drag.from, *drag.to)) {
      const Point a{r->x, r->y}, b{r->x + r->w, r->y}, c{r->x + r->w, r->y + r->h}, d{r->x, r->y + r->h};
      for (const auto& [u, v] : {std::pair{a, b}, std::pair{b, c}, std::pair{c, d}, std::pair{d, a}})
        dd.line(u, v, kDragArea, 2.0f);
    }
}

void drawCrowdCompareCanvas(SDL_Renderer* renderer, const Scene& scene, const UiState& ui, ScreenRect canvas,
                            std::uint32_t layers, ImDrawList* text, std::map<std::string, ScreenRect>* rects,
                            double scale) {
  const CrowdView& view = ui.crowd;
  const PolygonMap* map = scene.polygonMap();
  if (!map || view.sides() != 2 || !view.crowd(0) || !view.crowd(1)) return;
  PaneTitleText titles;
  for (int i = 0; i < 2; ++i) {
    const crowd::Crowd& c = *view.crowd(i);
    const Camera cam = fittedCamera(paneRect(canvas, i), map->bounds(), 24.0);
    SdlDebugDraw dd(renderer, cam, text, ui.theme);
    dd.setScale(scale);
    drawMap(dd, *map, layers & LayerRegion);
    drawMap(dd, *map, layers & LayerEdges);
    view.draw(dd, i, cam.scale());
    scene.drawMarkers(dd, layers);
    dd.flush();
    char state[96];
    std::snprintf(state, sizeof state, "step %d, arrived %d of %d", c.steps(), c.metrics().arrived,
                  static_cast<int>(c.agents().size()));
    titles[static_cast<std::size_t>(i)] = {std::string(crowd::steerName(view.steer(i))) + " steering", state};
  }
  if (text) drawPaneTitles(text, paneTitles(titles, canvas), canvas, rects, "crowd title", ui.theme);
}

}  // namespace polypath::editor
