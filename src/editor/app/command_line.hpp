// command_line.hpp: `polypath-editor [MAP] [--screenshot OUT.png] [--steps N] [--size WxH]
// [--start X,Y] [--goal X,Y] [--lesson FILE [--lesson-step K]] [--screenshot-sequence DIR]
// [--canvas-only] [--svg OUT.svg]`
// and where the default map is found.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "editor/app/appearance.hpp"
#include "polypath/core/geometry.hpp"

namespace polypath::editor {

/// What the editor is asked to do at start.
struct AppOptions {
  std::optional<std::filesystem::path> map;         ///< map to open; none: the default map
  std::optional<std::filesystem::path> screenshot;  ///< render one frame headless to this PNG and exit
  int steps = 0;                                    ///< Step presses made before the first frame
  /// Write one PNG per expansion to this folder headless and exit (frames 0 .. `steps`,
  /// all expansions when `steps` is 0); `steps` then counts frames, not presses.
  std::optional<std::filesystem::path> screenshot_sequence;
  /// Write an SVG of the scene (after the lesson step and --steps) to this file and exit.
  std::optional<std::filesystem::path> svg;
  bool canvas_only = false;                         ///< screenshots show the canvas only (no panels)
  /// --scale F: line widths, points, fonts and labels times F, in the window and in
  /// exports (0: 1 in the window, from the output size in exports: slideScaleFor).
  double scale = 0.0;
  bool legend = false;  ///< --legend: exports carry a legend of the layers drawn
  std::string caption;  ///< --caption TEXT: exports carry this caption (a lesson's own when empty)
  std::optional<Theme> theme;     ///< --theme dark|light: overrides the preferences
  std::optional<float> ui_scale;  ///< --ui-scale 1|1.5|2|auto (kUiScaleAuto): overrides the preferences
  std::optional<std::filesystem::path> lesson;      ///< lesson to open (maps/lessons/*.json)
  int lesson_step = 1;                              ///< lesson step shown first, 1-based
  /// --start / --goal: on a polygon map world points X,Y; on a .map grid cells C,R
  /// (column, row). Applied after the map opens (see applyInitialEndpoints).
  std::optional<Point> start, goal;
  int width = 1280;                                 ///< window width, pixels
  int height = 800;                                 ///< window height, pixels
  bool size_given = false;  ///< --size was given (else the remembered window size is used)
  /// Read the preferences file at start and write it when they change (see
  /// preferences.hpp). Off in screenshot mode, so screenshots look the same everywhere.
  bool preferences = true;
  /// Frames of the drag benchmark (--bench-drag N): 0 for a normal run.
  int bench_drag = 0;
  /// Frames of the pan and zoom benchmark (--bench-pan N): 0 for a normal run.
  int bench_pan = 0;
  /// --zoom F: a screenshot shows the fitted view zoomed in F times about its centre, and
  /// the pan benchmark zooms in F times instead of 8 (0: not given).
  double zoom = 0.0;
  /// --centre X,Y: the world point (world units) a --zoom screenshot and the pan benchmark
  /// centre the fitted view on before zooming; none: the fitted view's own centre.
  std::optional<Point> centre;
  bool headless = false;  ///< offscreen video driver and software renderer (implied by `screenshot`)
  /// SDL render driver to use ("software", "opengl", ...); empty: accelerated if possible
  /// (software when headless).
  std::string renderer;
  /// Autosave unsaved work to the recovery file and offer it at start (see recovery.hpp).
  /// Off in screenshot mode.
  bool autosave = true;
  /// Search method to select at start (--method: see parseMethod in scene_method.hpp); empty: visibility.
  std::string method;
  /// Funnel step to show at start (--funnel-step K, triangle A* only); -1: none.
  int funnel_step = -1;
  /// Open the Compare tab with this preset at its end (--compare: astar-dijkstra, weight,
  /// visibility-navmesh, navmesh-grid, triangle-polyanya); empty: no.
  std::string compare;
};

/// Result of parsing the command line.
struct ParsedCommandLine {
  AppOptions options;
  bool help = false;   ///< --help was given: print usage() and exit 0
  std::string error;   ///< not empty: print "polypath-editor: ERROR (kUsageHint)" and exit 2
};

/// Parses the arguments after the program name. Never throws.
ParsedCommandLine parseCommandLine(const std::vector<std::string>& args);

/// The usage text.
std::string usage();
/// What a bad argument's one-line error ends with, instead of the whole usage text.
inline constexpr const char* kUsageHint = "run polypath-editor --help for usage";

/// File name of the map opened when none is given.
inline constexpr const char* kDefaultMapName = "seed-demo.json";

/// Where the default map may be, in order: ../../maps, ../maps and ./maps relative to
/// the executable's folder, then the source tree's maps/ (POLYPATH_SOURCE_DIR).
std::vector<std::filesystem::path> defaultMapCandidates(const std::filesystem::path& executable_dir);

/// The first candidate that exists; nullopt when none does.
std::optional<std::filesystem::path> findDefaultMap(const std::filesystem::path& executable_dir);

/// Folder of the running executable (SDL_GetBasePath, or /proc/self/exe); empty if unknown.
std::filesystem::path executableDir();

}  // namespace polypath::editor
