// svg_draw.cpp: SVG output of the DebugDraw primitives.
#include "polypath/formats/svg_draw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace polypath {

namespace {

/// A coordinate or size with at most 3 decimals, trailing zeros dropped ("12.5", "3").
std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f", v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

std::string rgb(Color c) {
  return "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

/// ` NAME-opacity="0.5"` for a translucent colour, nothing for an opaque one.
std::string opacity(const char* name, Color c) {
  if (c.a == 255) return "";
  return std::string(" ") + name + "-opacity=\"" + num(c.a / 255.0) + "\"";
}

}  // namespace

std::string xmlEscape(std::string_view s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += ch;
    }
  }
  return out;
}

SvgViewport::SvgViewport(Point min, Point max, double width, double margin)
    : min_(min), width_(width), margin_(margin) {
  double w = max.x - min.x, h = max.y - min.y;
  if (!(w > 0.0) && !(h > 0.0)) w = h = 1.0;
  if (!(w > 0.0)) {
    min_.x -= h / 2;
    w = h;
  }
  if (!(h > 0.0)) {
    min_.y -= w / 2;
    h = w;
  }
  scale_ = (width_ - 2.0 * margin_) / w;
  height_ = std::ceil(h * scale_ + 2.0 * margin_);
}

SvgViewport SvgViewport::fit(const PolygonMap& map, double width, double margin) {
  return SvgViewport(map.bounds().min, map.bounds().max, width, margin);
}

Point SvgViewport::toSvg(Point world) const {
  return {margin_ + (world.x - min_.x) * scale_, margin_ + (world.y - min_.y) * scale_};
}

SvgDraw::SvgDraw(const SvgViewport& viewport, Color background) : viewport_(viewport), background_(background) {}

void SvgDraw::line(Point a, Point b, Color c, float width) {
  const Point p = viewport_.toSvg(a), q = viewport_.toSvg(b);
  body_ += "<line x1=\"" + num(p.x) + "\" y1=\"" + num(p.y) + "\" x2=\"" + num(q.x) + "\" y2=\"" + num(q.y) +
           "\" stroke=\"" + rgb(c) + "\"" + opacity("stroke", c) + " stroke-width=\"" + num(width) +
           "\" stroke-linecap=\"round\"/>\n";
}

void SvgDraw::point(Point p, Color c, float radius) {
  const Point s = viewport_.toSvg(p);
  body_ += "<circle cx=\"" + num(s.x) + "\" cy=\"" + num(s.y) + "\" r=\"" + num(radius) + "\" fill=\"" + rgb(c) +
           "\"" + opacity("fill", c) + "/>\n";
}

void SvgDraw::ring(Point p, Color c, float radius, float width) {
  const Point s = viewport_.toSvg(p);
  body_ += "<circle cx=\"" + num(s.x) + "\" cy=\"" + num(s.y) + "\" r=\"" + num(radius) + "\" fill=\"none\" stroke=\"" +
           rgb(c) + "\" stroke-width=\"" + num(width) + "\"" + opacity("stroke", c) + "/>\n";
}

void SvgDraw::fillRings(const std::vector<const Ring*>& rings, Color c) {
  std::string d;
  for (const Ring* ring : rings) {
    if (ring->empty()) continue;
    for (std::size_t i = 0; i < ring->size(); ++i) {
      const Point s = viewport_.toSvg((*ring)[i]);
      d += (i == 0 ? "M" : " L") + num(s.x) + " " + num(s.y);
    }
    d += " Z ";
  }
  if (d.empty()) return;
  d.pop_back();
  body_ += "<path d=\"" + d + "\" fill=\"" + rgb(c) + "\"" + opacity("fill", c) + " fill-rule=\"evenodd\"/>\n";
}

void SvgDraw::text(Point p, std::string_view s, Color c) {
  const Point q = viewport_.toSvg(p);
  body_ += "<text x=\"" + num(q.x) + "\" y=\"" + num(q.y) +
           "\" font-family=\"monospace\" font-size=\"12\" dominant-baseline=\"hanging\" fill=\"" + rgb(c) + "\"" +
           opacity("fill", c) + ">" + xmlEscape(s) + "</text>\n";
}

void SvgDraw::beginGroup(std::string_view id) {
  body_ += "<g id=\"" + xmlEscape(id) + "\">\n";
  ++open_groups_;
}

void SvgDraw::endGroup() {
  if (open_groups_ == 0) return;
  body_ += "</g>\n";
  --open_groups_;
}

std::string SvgDraw::document() const {
  const std::string w = num(viewport_.width()), h = num(viewport_.height());
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w +
         " " + h + "\">\n";
  out += "<rect x=\"0\" y=\"0\" width=\"" + w + "\" height=\"" + h + "\" fill=\"" + rgb(background_) + "\"/>\n";
  out += body_;
  for (int i = 0; i < open_groups_; ++i) out += "</g>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace polypath
