// slide.hpp: slide-ready exports: the scale factor of an output size, the legend (the
// layers that draw something now), the labels of the canvas (S, G, node numbers) and
// the text a slide carries over the canvas (step k of n, the caption, the legend), drawn
// into PNGs (an ImGui draw list) and SVGs alike.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "editor/canvas/camera.hpp"
#include "editor/document/scene.hpp"
#include "polypath/debug/palette.hpp"
#include "polypath/formats/svg_draw.hpp"

struct ImDrawList;

namespace polypath::editor {

struct UiState;

/// Canvas size, pixels, at which the slide scale is 1 (the editor's default window).
inline constexpr double kSlideBaseWidth = 1280.0;
inline constexpr double kSlideBaseHeight = 800.0;

/// The scale of an output of `width` x `height` pixels: min(width / 1280, height / 800),
/// at least 1 (a 1920x1080 canvas: 1.35). Line widths, disc radii, fonts and labels are
/// multiplied by it.
double slideScaleFor(double width, double height);

/// One line of a legend: a layer that draws something, its colour and its name.
struct LegendEntry {
  Layer layer;
  std::string name;
  Color color;
};

/// The layers of `layers` that draw at least one primitive for the scene now (each
/// drawn into a DebugDraw that only counts), in drawing order; on the start/goal layer a
/// line "Start" and a line "Goal" for each the document has. Colours of the dark theme.
std::vector<LegendEntry> legendEntries(const Scene& scene, std::uint32_t layers);
/// The same for any picture: `draw(dd, layer)` draws one layer of it (a .map grid's).
std::vector<LegendEntry> legendEntries(const std::function<void(DebugDraw&, std::uint32_t)>& draw, std::uint32_t layers,
                                       bool has_start, bool has_goal);

/// One text label of the canvas at a world point.
struct CanvasLabel {
  Point at;
  std::string text;
};
/// The node numbers the canvas shows while stepping (every node the search has seen),
/// matching the open set table; empty when the scene is not stepping.
std::vector<CanvasLabel> nodeNumberLabels(const Scene& scene);

/// The text a slide carries over the canvas.
struct SlideText {
  std::string step;                 ///< "Step 3 of 12" on a sequence's frames; empty: none
  std::string caption;              ///< a lesson step's caption or the user's; empty: none
  std::vector<LegendEntry> legend;  ///< empty: no legend
  Theme theme = Theme::Dark;        ///< the plates' colours: dark on the dark theme, light on the light one
  bool empty() const { return step.empty() && caption.empty() && legend.empty(); }
};

/// Where the slide text lies on a canvas, pixels.
struct SlideLayout {
  ScreenRect legend;  ///< the legend's box (w = 0: no legend)
  ScreenRect plate;   ///< the plate of the step and caption along the bottom (h = 0: none)
  ScreenRect free;    ///< the canvas left of the legend and above the plate: where the map is fitted
};
/// The layout drawSlideText uses for `text` on `canvas` at `scale` (the current ImGui font).
SlideLayout slideLayout(const ScreenRect& canvas, const SlideText& text, double scale);

/// Draws `text` over `canvas` into `dl`: the legend in a box at the top right (a swatch
/// and the layer's name per line), the step and the caption (wrapped to the canvas) on a
/// dark plate along the bottom. Every size (font, swatch, padding) is times `scale`.
void drawSlideText(ImDrawList* dl, const ScreenRect& canvas, const SlideText& text, double scale);

/// The same text as SVG for a picture of `width` x `height`: <g id="legend"> (a <rect>
/// swatch and a <text> per entry) and <g id="caption"> (a plate and one <text> per line,
/// wrapped at about `width` / (7.2 x scale) characters). Empty when `text` is empty.
std::string slideTextSvg(const SlideText& text, double width, double height, double scale);

/// SVG <text> labels: S and G centred on the start and goal markers (when `layers` shows
/// them) and the node numbers of nodeNumberLabels, placed by `viewport`, in a group
/// <g id="labels">; font sizes times `scale`.
std::string canvasLabelsSvg(const Scene& scene, std::uint32_t layers, const SvgViewport& viewport, double scale);

// What the editor puts on a slide ---------------------------------------------------

/// The scale the canvas is drawn at: 1 on the live canvas; for a frame that is exported
/// (`exported`: a PNG, a sequence frame, a headless screenshot), ui.export_scale when set
/// (--scale, the Export menu's field), else slideScaleFor the canvas.
double canvasScale(const UiState& ui, bool exported, const ScreenRect& canvas);

/// The text of an exported frame: "Step k of n" on a sequence's frames, the caption
/// (ui.export_caption, else the lesson step's caption when `lesson_caption`: the lesson
/// strip is not in the picture), and the legend when ui.export_legend is on.
SlideText exportSlideText(const Scene& scene, const UiState& ui, bool lesson_caption);

/// The Export menu's SVG: sceneSvg of ui.layers, then the canvas labels (S, G, node
/// numbers) and exportSlideText as <text>, all times ui.export_scale (1 when unset).
/// nullopt with `error` set when there is no built map.
std::optional<std::string> exportedSvg(const Scene& scene, const UiState& ui, std::string* error);

}  // namespace polypath::editor
