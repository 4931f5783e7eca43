// exports_panel.cpp: the Export popup of the file row.
#include "editor/exports/exports_panel.hpp"

#include <algorithm>

#include "editor/exports/exports.hpp"
#include "editor/exports/slide.hpp"
#include "polypath/convert/map_formats.hpp"
#include "editor/panels/panel_widgets.hpp"
#include "imgui.h"
#include "imgui_stdlib.h"

namespace polypath::editor {

namespace {

std::filesystem::path withSuffix(const std::string& name, const char* suffix) { return name + suffix; }

}  // namespace

std::string defaultExportName(const Scene& scene) {
  if (scene.file()) {
    std::filesystem::path p = *scene.file();
    p.replace_extension();
    return p.string();
  }
  std::string name = scene.document().name;
  std::replace(name.begin(), name.end(), ' ', '-');
  return name.empty() ? std::string("polypath") : name;
}

bool exportSvg(const Scene& scene, UiState& ui, const std::filesystem::path& file) {
  std::string error;
  const std::optional<std::string> svg = exportedSvg(scene, ui, &error);
  if (!svg || !writeFileAtomically(*svg, file, &error)) {
    setStatus(ui, "SVG not exported: " + error, true);
    return false;
  }
  setStatus(ui, "Exported " + file.string(), false);
  return true;
}

bool exportMapFile(Scene& scene, UiState& ui, const std::filesystem::path& file) {
  std::string error;
  if (!scene.exportFile(file, &error)) {
    setStatus(ui, "Map not exported: " + error, true);
    return false;
  }
  setStatus(ui, "Exported " + file.string() + " (" + mapFormatFor(file)->name + ")", false);
  return true;
}

bool exportTrace(const Scene& scene, UiState& ui, const std::filesystem::path& file) {
  std::string error;
  const std::optional<nlohmann::ordered_json> trace = sceneTrace(scene, &error);
  if (!trace || !writeFileAtomically(traceText(*trace), file, &error)) {
    setStatus(ui, "Search trace not exported: " + error, true);
    return false;
  }
  setStatus(ui, "Exported " + file.string() + " (" + std::to_string((*trace)["events"].size()) +
                    " events; open it in Posthoc, https://posthoc.pathfinding.ai)",
            false);
  return true;
}

void exportMenu(Scene& scene, UiState& ui) {
  ImGui::SameLine();
  if (ImGui::Button("Export")) {
    if (ui.export_name.empty()) ui.export_name = defaultExportName(scene);
    ImGui::OpenPopup("export");
  }
  remember(ui, "Export");
  hint("Export a PNG of the canvas, an SVG of the scene, the map in another tool's format, the search trace (Posthoc JSON) or a PNG per expansion.");
  if (!ImGui::BeginPopup("export")) return;
  ImGui::TextUnformatted("File name (without extension):");
  ImGui::SetNextItemWidth(320);
  ImGui::InputText("##exportname", &ui.export_name);
  remember(ui, "export name");
  ImGui::Checkbox("Canvas only (no panels)", &ui.export_canvas_only);
  hint("PNGs show the canvas only; off: the whole window, as --screenshot does.");
  ImGui::SetNextItemWidth(120);
  ImGui::InputFloat("scale (0: from the size)", &ui.export_scale, 0.25f, 0.5f, "%.2f");
  ui.export_scale = ui.export_scale > 0.0f ? std::clamp(ui.export_scale, 0.25f, 8.0f) : 0.0f;
  remember(ui, "export scale");
  hint("Line widths, points, fonts and labels times this, on the canvas and in exports; 0: 1 on the canvas, "
       "and in exports from the picture's size (1920x1080: 1.35).");
  ImGui::Checkbox("Legend", &ui.export_legend);
  remember(ui, "export legend");
  hint("PNGs and SVGs carry a legend: what each colour means, for the layers drawn.");
  ImGui::SetNextItemWidth(320);
  ImGui::InputTextWithHint("##exportcaption", "caption (in a lesson: the step's)", &ui.export_caption);
  remember(ui, "export caption");
  ImGui::BeginDisabled(ui.export_name.empty() || ui.exports.busy());
  if (ImGui::Selectable("Export PNG  (.png)")) ui.exports.requestPng(withSuffix(ui.export_name, ".png"), ui.export_canvas_only);
  remember(ui, "export png");
  hint("The canvas as it is now, as a PNG picture.");
  if (ImGui::Selectable("Export SVG  (.svg)")) exportSvg(scene, ui, withSuffix(ui.export_name, ".svg"));
  remember(ui, "export svg");
  hint("The map and the layers shown now as a vector picture (as `polypath svg` draws it).");
  // The map itself in the other tools' formats (map_formats.hpp), one entry each.
  for (const MapFormat& format : mapFormats()) {
    if (!format.serialize || &format == &mapFormats().front()) continue;
    const std::string& ext = format.extensions.front();
    if (ImGui::Selectable(("Export map as " + format.name + "  (" + ext + ")").c_str()))
      exportMapFile(scene, ui, withSuffix(ui.export_name, ext.c_str()));
    remember(ui, "export map " + ext.substr(1));
  }
  hint("The map (walkable polygons, holes, start and goal) for another tool; the document keeps its own file.");
  ImGui::BeginDisabled(!scene.search());
  if (ImGui::Selectable("Export search trace  (.trace.json)"))
    exportTrace(scene, ui, withSuffix(ui.export_name, ".trace.json"));
  remember(ui, "export trace");
  hint("Every event of the A* search (generating, expanding, closing...) as a search trace for the Posthoc "
       "visualiser; the same file `polypath trace` writes.");
  ImGui::SetNextItemWidth(120);
  ImGui::InputInt("frames (-1: all)", &ui.export_steps);
  ui.export_steps = std::max(-1, ui.export_steps);
  if (ImGui::Selectable("Export PNG sequence  (folder -steps/)"))
    ui.exports.requestSequence(withSuffix(ui.export_name, "-steps"), ui.export_steps, ui.export_canvas_only);
  remember(ui, "export sequence");
  hint("One PNG per expansion for slides: FOLDER/step-0000.png shows the search before the first expansion, "
       "step-0001.png after it, and so on.");
  ImGui::EndDisabled();
  ImGui::EndDisabled();
  ImGui::EndPopup();
}

}  // namespace polypath::editor
