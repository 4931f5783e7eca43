// sdl_draw.cpp: SDL_Renderer implementation of DebugDraw.
#include "editor/canvas/sdl_draw.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <utility>

#include "editor/app/appearance.hpp"
#include "imgui.h"

namespace polypath::editor {

namespace {

SDL_Color toSdl(Color c) { return {c.r, c.g, c.b, c.a}; }

SDL_Vertex vertex(double x, double y, SDL_Color c) {
  SDL_Vertex v{};
  v.position = {static_cast<float>(x), static_cast<float>(y)};
  v.color = c;
  return v;
}

// Screen coordinates far outside the window are clamped so float conversion stays sane.
constexpr double kFar = 1e7;
double clampFar(double v) { return std::isfinite(v) ? std::clamp(v, -kFar, kFar) : 0.0; }
ScreenPos clampFar(ScreenPos p) { return {clampFar(p.x), clampFar(p.y)}; }

// Cuts the segment a-b to the box [x0, x1] x [y0, y1] (Liang and Barsky 1984); false
// when no part of it lies inside.
bool clipSegment(ScreenPos& a, ScreenPos& b, double x0, double y0, double x1, double y1) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  double t0 = 0.0, t1 = 1.0;
  const double p[4] = {-dx, dx, -dy, dy}, q[4] = {a.x - x0, x1 - a.x, a.y - y0, y1 - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0.0) {
      if (q[i] < 0.0) return false;  // parallel to this side and outside it
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0.0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
  }
  if (t0 > t1) return false;
  const ScreenPos start = a;
  a = {start.x + dx * t0, start.y + dy * t0};
  b = {start.x + dx * t1, start.y + dy * t1};
  return true;
}

}  // namespace

SdlDebugDraw::SdlDebugDraw(SDL_Renderer* renderer, const Camera& camera, ImDrawList* text_list, Theme theme)
    : renderer_(renderer), camera_(camera), text_list_(text_list), theme_(theme) {
  const ScreenRect& v = camera_.viewport();
  clip_ = {static_cast<int>(std::floor(v.x)), static_cast<int>(std::floor(v.y)), static_cast<int>(std::ceil(v.w)),
           static_cast<int>(std::ceil(v.h))};
  setView();
}

void SdlDebugDraw::setView() {
  const double m = kViewMargin * scale_;
  const Point a = camera_.toWorld({clip_.x - m, clip_.y - m});
  const Point b = camera_.toWorld({clip_.x + clip_.w + m, clip_.y + clip_.h + m});
  view = ViewBox{{std::min(a.x, b.x), std::min(a.y, b.y)}, {std::max(a.x, b.x), std::max(a.y, b.y)}};
}

SdlDebugDraw::~SdlDebugDraw() { flush(); }

bool SdlDebugDraw::outsideClip(double x0, double y0, double x1, double y1) const {
  // A margin of a pixel: a triangle entirely beyond it covers no pixel centre of the
  // clip rectangle, so skipping it changes no pixel (SDL rasterizes triangles one by one).
  return x1 < clip_.x - 1.0 || x0 > clip_.x + clip_.w + 1.0 || y1 < clip_.y - 1.0 || y0 > clip_.y + clip_.h + 1.0;
}

void SdlDebugDraw::quad(ScreenPos a, ScreenPos b, SDL_Color c, double half_width) {
  if (outsideClip(std::min(a.x, b.x) - half_width, std::min(a.y, b.y) - half_width, std::max(a.x, b.x) + half_width,
                  std::max(a.y, b.y) + half_width))
    return;  // off screen: most of a big map when zoomed in
  if (!(std::hypot(b.x - a.x, b.y - a.y) > 0)) return;
  // Only the part inside the clip rectangle (widened past the line's half width) is drawn:
  // the pieces below then number at most the canvas's size over kPieceExtent.
  const double m = half_width + 2.0;
  if (!clipSegment(a, b, clip_.x - m, clip_.y - m, clip_.x + clip_.w + m, clip_.y + clip_.h + m)) return;
  const double dx = b.x - a.x, dy = b.y - a.y;
  // SDL's software renderer tests every pixel of a triangle's bounding box: a thin
  // diagonal line across the canvas would cost the square of its length (a dense
  // link layer took a second a frame). Pieces whose shorter side is at most
  // kPieceExtent pixels make that cost linear in the length; the pieces share their
  // ends, so the pixels drawn are the same.
  ++lines_;
  const double shorter = std::min(std::abs(dx), std::abs(dy));
  const int pieces = std::clamp(static_cast<int>(std::ceil(shorter / kPieceExtent)), 1, kMaxPieces);
  for (int i = 0; i < pieces; ++i) {
    const double t0 = static_cast<double>(i) / pieces, t1 = static_cast<double>(i + 1) / pieces;
    strip({a.x + dx * t0, a.y + dy * t0}, {a.x + dx * t1, a.y + dy * t1}, c, half_width);
  }
}

void SdlDebugDraw::strip(ScreenPos a, ScreenPos b, SDL_Color c, double half_width) {
  flushDiscs();  // keep drawing order
  if (outsideClip(std::min(a.x, b.x) - half_width - 1.0, std::min(a.y, b.y) - half_width - 1.0,
                  std::max(a.x, b.x) + half_width + 1.0, std::max(a.y, b.y) + half_width + 1.0))
    return;  // this piece is off screen
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len = std::hypot(dx, dy);
  if (!(len > 0)) return;
  // The solid core reaches half a pixel short of the edge, the feather half a pixel past it.
  const double ux = -dy / len, uy = dx / len;
  // A thin line keeps a solid pixel: its colour stays exact (1-pixel outlines stay crisp).
  const double core = std::max(0.5, half_width - 0.5), outer = core + 1.0;
  if (half_width <= 0.75) {
    // Hairlines (links, normals, outlines): one-pixel lines, no feather. A dense link
    // layer has tens of thousands; as lines their cost is their length in pixels.
    if (!indices_.empty()) flushGeometry();  // keep drawing order
    hairlines_.push_back({{static_cast<float>(a.x), static_cast<float>(a.y)},
                          {static_cast<float>(b.x), static_cast<float>(b.y)}, c, lines_});
    return;
  }
  if (!hairlines_.empty()) flushHairlines();  // keep drawing order
  const int base = static_cast<int>(vertices_.size());
  SDL_Color clear = c;
  clear.a = 0;
  for (double side : {core, -core, outer, -outer}) {
    const SDL_Color col = std::abs(side) == outer ? clear : c;
    vertices_.push_back(vertex(a.x + ux * side, a.y + uy * side, col));
    vertices_.push_back(vertex(b.x + ux * side, b.y + uy * side, col));
  }
  // Vertices: 0 1 core +, 2 3 core -, 4 5 feather +, 6 7 feather -.
  for (int i : {0, 1, 3, 0, 3, 2, 4, 5, 1, 4, 1, 0, 2, 3, 7, 2, 7, 6}) indices_.push_back(base + i);
}

SDL_Color SdlDebugDraw::sdlColor(Color c) const { return toSdl(themed(c, theme_)); }

void SdlDebugDraw::disc(ScreenPos s, SDL_Color c, double radius, double ring_half_width) {
  const double reach = radius + ring_half_width;
  if (outsideClip(s.x - reach, s.y - reach, s.x + reach, s.y + reach)) return;
  pending_discs_.push_back({s, c, radius, ring_half_width});
}

double SdlDebugDraw::medianSpacing(const std::vector<std::size_t>& group, double reach) {
  // Discs hashed into cells of `reach` pixels; each looks for its nearest neighbour in
  // its own and the 8 cells around it, at most kLooks candidates (where discs crowd, the
  // first few are already close: the answer only has to tell crowded from spaced).
  constexpr int kLooks = 32;
  auto cellOf = [&](ScreenPos p) {
    return std::pair{static_cast<std::int64_t>(std::floor(p.x / reach)), static_cast<std::int64_t>(std::floor(p.y / reach))};
  };
  auto keyOf = [](std::int64_t cx, std::int64_t cy) { return (cx << 32) ^ (cy & 0xffffffff); };
  std::vector<std::pair<std::int64_t, std::size_t>> cells;
  cells.reserve(group.size());
  for (std::size_t i : group) {
    const auto [cx, cy] = cellOf(pending_discs_[i].s);
    cells.emplace_back(keyOf(cx, cy), i);
  }
  std::sort(cells.begin(), cells.end());
  std::vector<double> nearest;
  nearest.reserve(group.size());
  for (std::size_t i : group) {
    const ScreenPos p = pending_discs_[i].s;
    const auto [cx, cy] = cellOf(p);
    double best = reach;
    int looks = 0;
    // Its own cell first: where discs crowd, the nearest is there.
    static constexpr int kOrder[9][2] = {{0, 0}, {-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    for (const auto& [dx, dy] : kOrder) {
      const std::int64_t key = keyOf(cx + dx, cy + dy);
      auto it = std::lower_bound(cells.begin(), cells.end(), std::pair{key, std::size_t{0}});
      for (; it != cells.end() && it->first == key && looks < kLooks; ++it) {
        if (it->second == i) continue;
        ++looks;
        const ScreenPos q = pending_discs_[it->second].s;
        best = std::min(best, std::hypot(q.x - p.x, q.y - p.y));
      }
    }
    nearest.push_back(best);
  }
  const auto mid = nearest.begin() + static_cast<std::ptrdiff_t>(nearest.size() / 2);
  std::nth_element(nearest.begin(), mid, nearest.end());
  return *mid;
}

void SdlDebugDraw::flushDiscs() {
  if (pending_discs_.empty()) return;
  // The runs of one colour and radius, and the radius each is drawn with.
  struct Run {
    SDL_Color color;
    double radius, ring_half_width, drawn;
    std::vector<std::size_t> members;
  };
  std::vector<Run> runs;
  std::vector<std::size_t> run_of(pending_discs_.size());
  for (std::size_t i = 0; i < pending_discs_.size(); ++i) {
    const PendingDisc& d = pending_discs_[i];
    auto same = [&](const Run& r) {
      return r.radius == d.radius && r.ring_half_width == d.ring_half_width && r.color.r == d.color.r && r.color.g == d.color.g && r.color.b == d.color.b &&
             r.color.a == d.color.a;
    };
    auto it = std::find_if(runs.begin(), runs.end(), same);
    if (it == runs.end()) it = runs.insert(runs.end(), Run{d.color, d.radius, d.ring_half_width, d.radius, {}});
    it->members.push_back(i);
    run_of[i] = static_cast<std::size_t>(it - runs.begin());
  }
  for (Run& r : runs) {
    if (static_cast<int>(r.members.size()) < kDenseDiscs || !(r.radius > 0)) continue;
    // Nearest neighbours farther than `reach` leave the radius as it is: only closer ones matter.
    const double reach = std::max(1.0, r.radius / kDiscSpacingRadius);
    const double spacing = medianSpacing(r.members, reach);
    if (spacing >= reach) continue;
    r.drawn = std::min(r.radius, std::max(kMinDiscRadius * scale_, kDiscSpacingRadius * spacing));
    last_dense_radius_ = r.drawn / scale_;
  }
  // The queue is moved out: ringAt's quads flush the discs queued before them.
  const std::vector<PendingDisc> discs = std::move(pending_discs_);
  pending_discs_.clear();
  for (std::size_t i = 0; i < discs.size(); ++i) {
    const PendingDisc& d = discs[i];
    const Run& r = runs[run_of[i]];
    if (d.ring_half_width <= 0)
      fanDisc(d.s, d.color, r.drawn);
    else if (r.drawn >= 2.5 * scale_)
      ringAt(d.s, d.color, r.drawn, d.ring_half_width * r.drawn / r.radius);  // shrunk in proportion
    else
      fanDisc(d.s, d.color, r.drawn);  // too small to show a hole: a dot
  }
}

void SdlDebugDraw::fanDisc(ScreenPos s, SDL_Color c, double radius) {
  // Level of detail: one disc per colour, size and cell of a quarter of its radius. Where
  // nodes are denser than that (a whole big map in the window) the ones left out would
  // only repaint the same pixels; the cost stays bounded by the screen, not the map.
  const double cell = std::max(1.0, radius / 4.0);
  const DiscKey key{(std::uint32_t{c.r} << 24) | (std::uint32_t{c.g} << 16) | (std::uint32_t{c.b} << 8) | c.a,
                    static_cast<std::int32_t>(std::lround(radius * 4.0)),
                    static_cast<std::int32_t>(std::floor(s.x / cell)), static_cast<std::int32_t>(std::floor(s.y / cell))};
  if (!drawn_discs_.insert(key).second) {
    ++discs_skipped_;
    return;
  }
  if (!hairlines_.empty()) flushHairlines();  // keep drawing order
  const int segments = std::clamp(static_cast<int>(radius * 3.0), 12, 96);
  const double core = std::max(0.0, radius - 0.5), outer = radius + 0.5;
  SDL_Color clear = c;
  clear.a = 0;
  const int centre = static_cast<int>(vertices_.size());
  vertices_.push_back(vertex(s.x, s.y, c));
  for (int i = 0; i < segments; ++i) {
    const double t = 2.0 * std::numbers::pi * i / segments;
    vertices_.push_back(vertex(s.x + core * std::cos(t), s.y + core * std::sin(t), c));
    vertices_.push_back(vertex(s.x + outer * std::cos(t), s.y + outer * std::sin(t), clear));
  }
  for (int i = 0; i < segments; ++i) {
    const int in0 = centre + 1 + 2 * i, out0 = in0 + 1;
    const int in1 = centre + 1 + 2 * ((i + 1) % segments), out1 = in1 + 1;
    for (int k : {centre, in0, in1, in0, out0, out1, in0, out1, in1}) indices_.push_back(k);
  }
}

void SdlDebugDraw::setScale(double scale) {
  scale_ = std::isfinite(scale) && scale > 0 ? scale : 1.0;
  setView();
}

void SdlDebugDraw::line(Point a, Point b, Color c, float width) {
  if (!isFinite(a) || !isFinite(b)) return;
  quad(clampFar(camera_.toScreen(a)), clampFar(camera_.toScreen(b)), sdlColor(c), std::max(0.5, width * scale_ / 2.0));
}

void SdlDebugDraw::point(Point p, Color c, float radius) {
  if (!isFinite(p)) return;
  disc(clampFar(camera_.toScreen(p)), sdlColor(c), radius * scale_);
}

void SdlDebugDraw::circle(Point p, Color c, float radius, float width) {
  if (!isFinite(p)) return;
  ringAt(clampFar(camera_.toScreen(p)), sdlColor(c), radius * scale_, width * scale_ / 2.0);
}

void SdlDebugDraw::ringAt(ScreenPos s, SDL_Color c, double r, double half_width) {
  const int segments = 32;
  for (int i = 0; i < segments; ++i) {
    const double t0 = 2.0 * std::numbers::pi * i / segments, t1 = 2.0 * std::numbers::pi * (i + 1) / segments;
    quad({s.x + r * std::cos(t0), s.y + r * std::sin(t0)}, {s.x + r * std::cos(t1), s.y + r * std::sin(t1)}, c, half_width);
  }
}

void SdlDebugDraw::ring(Point p, Color c, float radius, float width) {
  // Queued with the discs: a dense open set shrinks as the closed set does (kDenseDiscs).
  if (!isFinite(p)) return;
  disc(clampFar(camera_.toScreen(p)), sdlColor(c), radius * scale_, width * scale_ / 2.0);
}

void SdlDebugDraw::dashedLine(Point a, Point b, Color c, float width, float dash) {
  if (!isFinite(a) || !isFinite(b)) return;
  const ScreenPos sa = clampFar(camera_.toScreen(a)), sb = clampFar(camera_.toScreen(b));
  const double len = std::hypot(sb.x - sa.x, sb.y - sa.y);
  if (!(len > 0)) return;
  const double period = std::max(2.0 * std::max(1.0, dash * scale_), len / 400.0);
  const int dashes = static_cast<int>(std::ceil(len / period));  // at most 400 (and 1 for short lines)
  for (int i = 0; i < dashes; ++i) {
    const double t0 = i * period / len, t1 = std::min(1.0, (i * period + period / 2) / len);
    quad({sa.x + (sb.x - sa.x) * t0, sa.y + (sb.y - sa.y) * t0}, {sa.x + (sb.x - sa.x) * t1, sa.y + (sb.y - sa.y) * t1},
         sdlColor(c), std::max(0.5, width * scale_ / 2.0));
  }
}

void SdlDebugDraw::fillRings(const std::vector<const Ring*>& rings, Color c) {
  // Even-odd scanline fill: for each pixel row, sample at the row's centre, collect the
  // x of every edge crossing and fill between pairs. Pixel i is filled when its centre
  // i + 0.5 lies in [x0, x1). Edges enter an active list at their first row and leave it
  // after their last, so a frame costs the edges plus the rows they span, not rows times
  // edges (a map of 35,000 ring vertices filled 800 rows in 28 million edge tests).
  flushDiscs();  // keep drawing order
  flushGeometry();
  flushHairlines();
  fill_edges_.clear();
  for (const Ring* ring : rings) {
    if (!ring || ring->size() < 3) continue;
    for (std::size_t i = 0; i < ring->size(); ++i) {
      const Point p = (*ring)[i], q = (*ring)[(i + 1) % ring->size()];
      if (!isFinite(p) || !isFinite(q)) continue;
      FillEdge e{clampFar(camera_.toScreen(p)), clampFar(camera_.toScreen(q)), 0, 0};
      if (e.a.y == e.b.y) continue;
      const double lo = std::min(e.a.y, e.b.y), hi = std::max(e.a.y, e.b.y);
      // Rows whose centre y = row + 0.5 may lie in [lo, hi), one more each side for
      // rounding: the exact test below decides.
      e.first_row = std::max(clip_.y, static_cast<int>(std::ceil(lo - 0.5)) - 1);
      e.last_row = std::min(clip_.y + clip_.h - 1, static_cast<int>(std::ceil(hi - 0.5)));
      if (e.first_row > e.last_row) continue;  // above or below the clip rectangle
      fill_edges_.push_back(e);
    }
  }
  if (fill_edges_.empty()) return;
  std::sort(fill_edges_.begin(), fill_edges_.end(),
            [](const FillEdge& x, const FillEdge& y) { return x.first_row < y.first_row; });
  spans_.clear();
  active_edges_.clear();
  std::size_t next = 0;
  for (int row = fill_edges_.front().first_row; next < fill_edges_.size() || !active_edges_.empty(); ++row) {
    while (next < fill_edges_.size() && fill_edges_[next].first_row <= row) active_edges_.push_back(next++);
    std::erase_if(active_edges_, [&](std::size_t k) { return fill_edges_[k].last_row < row; });
    const double y = row + 0.5;
    crossings_.clear();
    for (std::size_t k : active_edges_) {
      const FillEdge& e = fill_edges_[k];
      if ((e.a.y <= y && y < e.b.y) || (e.b.y <= y && y < e.a.y))
        crossings_.push_back(e.a.x + (y - e.a.y) * (e.b.x - e.a.x) / (e.b.y - e.a.y));
    }
    std::sort(crossings_.begin(), crossings_.end());
    for (std::size_t i = 0; i + 1 < crossings_.size(); i += 2) {
      const double lo = std::max(std::ceil(crossings_[i] - 0.5), static_cast<double>(clip_.x));
      const double hi = std::min(std::ceil(crossings_[i + 1] - 0.5), static_cast<double>(clip_.x + clip_.w));
      if (hi > lo) spans_.push_back({static_cast<int>(lo), row, static_cast<int>(hi - lo), 1});
    }
  }
  if (spans_.empty()) return;
  SDL_RenderSetClipRect(renderer_, &clip_);
  SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
  const Color t = themed(c, theme_);
  SDL_SetRenderDrawColor(renderer_, t.r, t.g, t.b, t.a);
  SDL_RenderFillRects(renderer_, spans_.data(), static_cast<int>(spans_.size()));
}

void SdlDebugDraw::text(Point p, std::string_view s, Color c) { label(p, s, c); }

void SdlDebugDraw::label(Point p, std::string_view s, Color c, double dx, double dy, double anchor_x,
                         double anchor_y, Color plate) {
  if (!text_list_ || !isFinite(p) || s.empty()) return;
  const ScreenPos sp = clampFar(camera_.toScreen(p));
  const std::string str(s);
  ImFont* font = ImGui::GetFont();
  const float size_px = static_cast<float>(canvasFontSize() * scale_);
  const ImVec2 size = font->CalcTextSizeA(size_px, FLT_MAX, 0.0f, str.c_str());
  const float x = static_cast<float>(std::round(sp.x + dx * scale_ - anchor_x * size.x));
  const float y = static_cast<float>(std::round(sp.y + dy * scale_ - anchor_y * size.y));
  const float pad = static_cast<float>(scale_);
  text_list_->PushClipRect(ImVec2(static_cast<float>(clip_.x), static_cast<float>(clip_.y)),
                           ImVec2(static_cast<float>(clip_.x + clip_.w), static_cast<float>(clip_.y + clip_.h)), true);
  if (plate.a > 0) {
    const Color pt = themed(plate, theme_);
    text_list_->AddRectFilled(ImVec2(x - 2 * pad, y - pad), ImVec2(x + size.x + 2 * pad, y + size.y + pad),
                              IM_COL32(pt.r, pt.g, pt.b, pt.a), 2.0f * pad);
  }
  const Color t = themed(c, theme_);
  text_list_->AddText(font, size_px, ImVec2(x, y), IM_COL32(t.r, t.g, t.b, t.a), str.c_str());
  text_list_->PopClipRect();
}

void SdlDebugDraw::flushGeometry() {
  if (!indices_.empty()) {
    SDL_RenderSetClipRect(renderer_, &clip_);
    // Untextured geometry uses the renderer's draw blend mode: without BLEND the OpenGL
    // renderer draws a colour with alpha 16 opaque (the grid turned solid white).
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(renderer_, nullptr, vertices_.data(), static_cast<int>(vertices_.size()), indices_.data(),
                       static_cast<int>(indices_.size()));
  }
  vertices_.clear();
  indices_.clear();
}

void SdlDebugDraw::flushHairlines() {
  if (!hairlines_.empty()) {
    SDL_RenderSetClipRect(renderer_, &clip_);
    SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_BLEND);
    SDL_Color current{0, 0, 0, 0};
    bool set = false;
    auto sameColour = [](SDL_Color x, SDL_Color y) { return x.r == y.r && x.g == y.g && x.b == y.b && x.a == y.a; };
    const double area = std::max(1.0, static_cast<double>(clip_.w) * clip_.h);
    double keep = 1.0;  // the share of the current run's lines drawn (kDenseHairlines)
    for (std::size_t i = 0; i < hairlines_.size(); ++i) {
      const Hairline& h = hairlines_[i];
      if (i == 0 || !sameColour(h.color, hairlines_[i - 1].color)) {  // a run starts: how much would it paint?
        double length = 0.0;
        for (std::size_t j = i; j < hairlines_.size() && sameColour(hairlines_[j].color, h.color); ++j)
          length += std::max(1.0, std::hypot(double{hairlines_[j].b.x - hairlines_[j].a.x},
                                             double{hairlines_[j].b.y - hairlines_[j].a.y}));
        keep = std::min(1.0, kDenseHairlines * area / length);
      }
      if (keep < 1.0) {
        // The same lines every frame (a hash of the line's number), whole (all its pieces).
        std::uint32_t x = h.line * 0x9E3779B1u;
        x ^= x >> 15;
        x *= 0x85EBCA77u;
        x ^= x >> 13;
        if (x >= keep * 4294967295.0) {
          if (i == 0 || hairlines_[i - 1].line != h.line) ++hairlines_skipped_;
          continue;
        }
      }
      if (!set || h.color.r != current.r || h.color.g != current.g || h.color.b != current.b || h.color.a != current.a) {
        SDL_SetRenderDrawColor(renderer_, h.color.r, h.color.g, h.color.b, h.color.a);
        current = h.color;
        set = true;
      }
      SDL_RenderDrawLineF(renderer_, h.a.x, h.a.y, h.b.x, h.b.y);
    }
  }
  hairlines_.clear();
}

void SdlDebugDraw::flush() {
  flushDiscs();
  flushGeometry();
  flushHairlines();
  SDL_RenderSetClipRect(renderer_, nullptr);
}

}  // namespace polypath::editor
