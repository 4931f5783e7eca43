// exports_panel.hpp: the Export menu of the panel column's file row: PNG of the canvas,
// SVG of the scene, the map in other tools' formats, the search trace (Posthoc JSON) and
// a PNG sequence of the search.
#pragma once

#include "editor/panels/panels.hpp"

namespace polypath::editor {

/// The "Export" button (on the file row, after the previous button) and its popup: a
/// file name field (without extension; a folder for the sequence), the frames of the
/// sequence, "canvas only", and the items "Export PNG", "Export SVG", "Export map as
/// <format>" (one per writable format of map_formats.hpp but polypath JSON), "Export
/// search trace", "Export PNG sequence". SVG, maps and trace are written at once; PNGs
/// are handed to ui.exports (rendered by the App). Results and errors go to the status
/// line. Named widgets: "Export", "export name", "export png", "export svg", "export map
/// <extension without dot>" (e.g. "export map mesh"), "export trace", "export sequence".
void exportMenu(Scene& scene, UiState& ui);

/// The default export name: the map file's path without extension, else the map's name
/// (spaces as '-') in the current folder, else "polypath".
std::string defaultExportName(const Scene& scene);

/// Writes the SVG of the scene with ui.layers to `file`; reports on the status line.
bool exportSvg(const Scene& scene, UiState& ui, const std::filesystem::path& file);
/// Writes the map in the format of `file`'s extension (Scene::exportFile); reports on the
/// status line.
bool exportMapFile(Scene& scene, UiState& ui, const std::filesystem::path& file);
/// Writes the Posthoc search trace of the scene's search to `file`; reports on the status line.
bool exportTrace(const Scene& scene, UiState& ui, const std::filesystem::path& file);

}  // namespace polypath::editor
