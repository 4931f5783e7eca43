// slide.cpp: the slide scale, the legend, the canvas labels and the slide text (PNG and SVG).
#include "editor/exports/slide.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "polypath/debug/layer_names.hpp"
#include "polypath/debug/palette.hpp"
#include "editor/app/appearance.hpp"
#include "editor/exports/exports.hpp"
#include "editor/panels/panels.hpp"
#include "editor/panels/text_wrap.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

/// A DebugDraw that draws nothing and counts what it was asked to draw.
class CountingDraw final : public DebugDraw {
 public:
  void line(Point, Point, Color, float) override { ++count; }
  void point(Point, Color, float) override { ++count; }
  void fillRings(const std::vector<const Ring*>&, Color) override { ++count; }
  void text(Point, std::string_view, Color) override { ++count; }
  int count = 0;
};

// The plates and their ink in each theme: a dark plate on the dark canvas, a light one
// on the light canvas (the legend's swatches are the theme's own colours).
constexpr ThemedColor kPlateColours{{12, 14, 20, 225}, {250, 250, 247, 235}};
constexpr ThemedColor kInkColours{{235, 238, 245, 255}, {20, 22, 28, 255}};
constexpr ThemedColor kStepInkColours{{150, 200, 255, 255}, {20, 80, 170, 255}};
constexpr Color kSlideInk = kInkColours.dark;  // canvas labels in the SVG

ImU32 imColour(Color c) { return IM_COL32(c.r, c.g, c.b, c.a); }

std::string rgb(Color c) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "rgb(%d,%d,%d)", c.r, c.g, c.b);
  return buf;
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string svgText(double x, double y, double size, Color c, const std::string& s, const char* anchor = "start") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-family=\"sans-serif\" font-size=\"" + num(size) +
         "\" text-anchor=\"" + anchor + "\" dominant-baseline=\"middle\" fill=\"" + rgb(c) + "\">" + xmlEscape(s) +
         "</text>\n";
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
std::vector<std::string> wrapWords(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::string line, word;
  auto flush_word = [&] {
    if (word.empty()) return;
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    word.clear();
  };
  for (char ch : text) {
    if (ch == ' ' || ch == '\n') flush_word();
    else word += ch;
  }
  flush_word();
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

double slideScaleFor(double width, double height) {
  const double s = std::min(width / kSlideBaseWidth, height / kSlideBaseHeight);
  return std::isfinite(s) ? std::max(1.0, s) : 1.0;
}

std::vector<LegendEntry> legendEntries(const std::function<void(DebugDraw&, std::uint32_t)>& draw, std::uint32_t layers,
                                       bool has_start, bool has_goal) {
  std::vector<LegendEntry> out;
  for (const LayerInfo& info : layerInfos()) {
    if (!(layers & info.layer)) continue;
    bool drawn = false;
    if (info.layer == LayerStartGoal) {  // a line each: their markers differ in colour
      if (has_start) out.push_back(LegendEntry{info.layer, "Start", palette::kStart.dark});
      if (has_goal) out.push_back(LegendEntry{info.layer, "Goal", palette::kGoal.dark});
    } else {
      CountingDraw counter;
      draw(counter, info.layer);
      drawn = counter.count > 0;
    }
    if (drawn) out.push_back(LegendEntry{info.layer, info.name, info.color});
  }
  return out;
}

std::vector<LegendEntry> legendEntries(const Scene& scene, std::uint32_t layers) {
  return legendEntries([&scene](DebugDraw& dd, std::uint32_t layer) { scene.draw(dd, layer); }, layers,
                       scene.document().start.has_value(), scene.document().goal.has_value());
}

std::vector<CanvasLabel> nodeNumberLabels(const Scene& scene) {
  std::vector<CanvasLabel> out;
  if (!scene.stepping() || !scene.query() || !scene.searchState()) return out;
  const VisibilityQuery& q = *scene.query();
  const SearchState& st = *scene.searchState();
  for (std::size_t i = 0; i < q.graph().nodes().size(); ++i) {
    const NodeId n = static_cast<NodeId>(i);
    if (st.record(n).status != NodeStatus::Unseen) out.push_back(CanvasLabel{q.position(n), std::to_string(n)});
  }
  return out;
}

namespace {

/// Sizes of the slide text in pixels, from the current ImGui font.
struct SlideMetrics {
  float small, big, pad, line, swatch;
  explicit SlideMetrics(double scale) {
    const float s = static_cast<float>(scale);
    small = canvasFontSize() * s * 1.25f;
    big = canvasFontSize() * s * 1.75f;
    pad = 8.0f * s;
    line = small * 1.3f;
    swatch = small;
  }
};

}  // namespace

SlideLayout slideLayout(const ScreenRect& canvas, const SlideText& text, double scale) {
  SlideLayout out;
  out.free = canvas;
  if (text.empty()) return out;
  ImFont* font = ImGui::GetFont();
  const SlideMetrics m(scale);
  if (!text.legend.empty()) {
    float w = 0.0f;
    for (const LegendEntry& e : text.legend) w = std::max(w, font->CalcTextSizeA(m.small, FLT_MAX, 0.0f, e.name.c_str()).x);
    const double box_w = m.pad * 3 + m.swatch + w, box_h = m.pad * 2 + m.line * static_cast<float>(text.legend.size());
    out.legend = {canvas.x + canvas.w - box_w - m.pad, canvas.y + m.pad, box_w, box_h};
    out.free.w = std::max(1.0, out.legend.x - m.pad - canvas.x);
  }
  if (!text.step.empty() || !text.caption.empty()) {
    const float wrap = static_cast<float>(canvas.w) - 4 * m.pad;
    const double step_h = text.step.empty() ? 0.0 : m.small * 1.2;
    const double caption_h =
        text.caption.empty() ? 0.0
                             : font->CalcTextSizeA(m.big, FLT_MAX, wrap, wrapAtSpaces(font, m.big, text.caption, wrap).c_str()).y;
    const double plate_h = step_h + caption_h + 2 * m.pad;
    out.plate = {canvas.x, canvas.y + canvas.h - plate_h, canvas.w, plate_h};
    out.free.h = std::max(1.0, out.plate.y - canvas.y);
  }
  return out;
}

void drawSlideText(ImDrawList* dl, const ScreenRect& canvas, const SlideText& text, double scale) {
  if (!dl || text.empty()) return;
  ImFont* font = ImGui::GetFont();
  const SlideMetrics m(scale);
  const float s = static_cast<float>(scale);
  const float small = m.small, big = m.big, pad = m.pad;
  const SlideLayout layout = slideLayout(canvas, text, scale);
  const Color kPlate = kPlateColours.in(text.theme), kInk = kInkColours.in(text.theme);
  const Color kStepInk = kStepInkColours.in(text.theme);
  const float left = static_cast<float>(canvas.x), top = static_cast<float>(canvas.y);
  const float right = static_cast<float>(canvas.x + canvas.w), bottom = static_cast<float>(canvas.y + canvas.h);
  dl->PushClipRect(ImVec2(left, top), ImVec2(right, bottom), true);
  if (!text.legend.empty()) {
    const float line = m.line, swatch = m.swatch;
    const ImVec2 at(static_cast<float>(layout.legend.x), static_cast<float>(layout.legend.y));
    dl->AddRectFilled(at, ImVec2(at.x + static_cast<float>(layout.legend.w), at.y + static_cast<float>(layout.legend.h)),
                      imColour(kPlate), 4.0f * s);
    for (std::size_t i = 0; i < text.legend.size(); ++i) {
      const LegendEntry& e = text.legend[i];
      const float y = at.y + pad + line * static_cast<float>(i);
      const float mid = y + line / 2;
      dl->AddRectFilled(ImVec2(at.x + pad, mid - swatch / 3), ImVec2(at.x + pad + swatch, mid + swatch / 3),
                        imColour(Color{e.color.r, e.color.g, e.color.b, 255}));
      dl->AddText(font, small, ImVec2(at.x + pad * 2 + swatch, mid - small / 2), imColour(kInk), e.name.c_str());
    }
  }
  if (!text.step.empty() || !text.caption.empty()) {
    const float wrap = static_cast<float>(canvas.w) - 4 * pad;
    const float step_h = text.step.empty() ? 0.0f : small * 1.2f;
    const float plate_top = static_cast<float>(layout.plate.y);
    dl->AddRectFilled(ImVec2(left, plate_top), ImVec2(right, bottom), imColour(kPlate));
    float y = plate_top + pad;
    if (!text.step.empty()) {
      dl->AddText(font, small, ImVec2(left + 2 * pad, y), imColour(kStepInk), text.step.c_str());
      y += step_h;
    }
    if (!text.caption.empty()) {
      const std::string caption = wrapAtSpaces(font, big, text.caption, wrap);  // 1.989 stays whole
      dl->AddText(font, big, ImVec2(left + 2 * pad, y), imColour(kInk), caption.c_str(), nullptr, wrap);
    }
  }
  dl->PopClipRect();
}

std::string slideTextSvg(const SlideText& text, double width, double height, double scale) {
  std::string out;
  const Color kPlate = kPlateColours.in(text.theme), kInk = kInkColours.in(text.theme);
  const Color kStepInk = kStepInkColours.in(text.theme);
  const double small = 13.0 * scale, big = 18.0 * scale, pad = 8.0 * scale;
  if (!text.legend.empty()) {
    std::size_t chars = 0;
    for (const LegendEntry& e : text.legend) chars = std::max(chars, e.name.size());
    const double line = small * 1.3, swatch = small;
    const double box_w = pad * 3 + swatch + static_cast<double>(chars) * small * 0.6;
    const double box_h = pad * 2 + line * static_cast<double>(text.legend.size());
    const double x = width - box_w - pad, y = pad;
    out += "<g id=\"legend\">\n<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(box_w) +
           "\" height=\"" + num(box_h) + "\" rx=\"" + num(4 * scale) + "\" fill=\"" + rgb(kPlate) +
           "\" fill-opacity=\"0.88\"/>\n";
    for (std::size_t i = 0; i < text.legend.size(); ++i) {
      const LegendEntry& e = text.legend[i];
      const double mid = y + pad + line * (static_cast<double>(i) + 0.5);
      out += "<rect x=\"" + num(x + pad) + "\" y=\"" + num(mid - swatch / 3) + "\" width=\"" + num(swatch) +
             "\" height=\"" + num(swatch * 2 / 3) + "\" fill=\"" + rgb(e.color) + "\"/>\n";
      out += svgText(x + pad * 2 + swatch, mid, small, kInk, e.name);
    }
    out += "</g>\n";
  }
  if (!text.step.empty() || !text.caption.empty()) {
    const auto per_line = static_cast<std::size_t>(std::max(10.0, (width - 4 * pad) / (big * 0.55)));
    const std::vector<std::string> lines = wrapWords(text.caption, per_line);
    const double step_h = text.step.empty() ? 0.0 : small * 1.4, line_h = big * 1.25;
    const double plate_h = step_h + line_h * static_cast<double>(lines.size()) + 2 * pad;
    const double top = height - plate_h;
    out += "<g id=\"caption\">\n<rect x=\"0\" y=\"" + num(top) + "\" width=\"" + num(width) + "\" height=\"" +
           num(plate_h) + "\" fill=\"" + rgb(kPlate) + "\" fill-opacity=\"0.88\"/>\n";
    double y = top + pad;
    if (!text.step.empty()) {
      out += svgText(2 * pad, y + step_h / 2, small, kStepInk, text.step);
      y += step_h;
    }
    for (const std::string& l : lines) {
      out += svgText(2 * pad, y + line_h / 2, big, kInk, l);
      y += line_h;
    }
    out += "</g>\n";
  }
  return out;
}

std::string canvasLabelsSvg(const Scene& scene, std::uint32_t layers, const SvgViewport& viewport, double scale) {
  std::string out = "<g id=\"labels\">\n";
  const MapDocument& doc = scene.document();
  if (layers & LayerStartGoal) {
    for (const auto& [p, name] : {std::pair{doc.start, "S"}, std::pair{doc.goal, "G"}}) {
      if (!p || !isFinite(*p)) continue;
      const Point q = viewport.toSvg(*p);
      out += svgText(q.x, q.y, 11.0 * scale, kMarkerInk, name, "middle");
    }
  }
  for (const CanvasLabel& l : nodeNumberLabels(scene)) {
    const Point q = viewport.toSvg(l.at);
    out += svgText(q.x + 8.0 * scale, q.y + 8.0 * scale, 10.0 * scale, kSlideInk, l.text);
  }
  return out + "</g>\n";
}

double canvasScale(const UiState& ui, bool exported, const ScreenRect& canvas) {
  if (!exported) return 1.0;  // the live canvas: a large scale would fill the screen with discs (and slowly)
  if (ui.export_scale > 0.0f) return ui.export_scale;
  return slideScaleFor(canvas.w, canvas.h);
}

SlideText exportSlideText(const Scene& scene, const UiState& ui, bool lesson_caption) {
  SlideText t;
  t.theme = ui.theme;
  t.step = ui.exports.frameLabel();
  t.caption = ui.export_caption;
  if (t.caption.empty() && lesson_caption && ui.lessons.active()) t.caption = ui.lessons.step().caption;
  if (ui.export_legend) t.legend = legendEntries(scene, ui.layers);
  for (LegendEntry& e : t.legend) e.color = themed(e.color, ui.theme);  // the colours the canvas shows
  return t;
}

std::optional<std::string> exportedSvg(const Scene& scene, const UiState& ui, std::string* error) {
  std::optional<std::string> svg = sceneSvg(scene, ui.layers, error);
  if (!svg) return svg;
  const PolygonMap* map = scene.polygonMap();
  const SvgViewport viewport = SvgViewport::fit(*map, kSvgExportWidth);
  const double scale = ui.export_scale > 0.0f ? ui.export_scale : 1.0;
  const std::string extra = canvasLabelsSvg(scene, ui.layers, viewport, scale) +
                            slideTextSvg(exportSlideText(scene, ui, true), viewport.width(), viewport.height(), scale);
  const std::size_t end = svg->rfind("</svg>");
  if (end != std::string::npos) svg->insert(end, extra);
  return svg;
}

}  // namespace polypath::editor
