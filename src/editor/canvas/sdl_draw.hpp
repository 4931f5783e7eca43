// sdl_draw.hpp: polypath::DebugDraw drawn with an SDL_Renderer through the editor camera.
//
// Lines one pixel wide or less (links, normals, outlines) are SDL lines; wider lines are
// quads and discs are triangle fans (SDL_RenderGeometry), anti-aliased by a
// feathered edge: a strip of a pixel whose alpha falls to 0 outwards, centred on the
// exact edge, so a line covers its width on average and its inside keeps its colour
// exactly. (Chosen over supersampling: it needs no offscreen target four times the
// window, keeps ImGui's text crisp, and works the same in the live canvas.) Line widths,
// disc radii and text sizes are multiplied by one scale factor (setScale: slide exports
// and projectors). Region fills are
// even-odd scanline spans over screen rows (SDL_RenderFillRects), text goes to a Dear
// ImGui draw list when one is given. Everything is clipped to the camera's viewport, and
// DebugDraw::view is the viewport in world units (widened by kViewMargin pixels), so the
// draw functions skip what lies off screen.
// Colours are given in the dark palette and drawn in the theme's (palette.hpp: themed()).
// Every colour is drawn with its alpha (SDL_BLENDMODE_BLEND is set before each batch:
// the accelerated renderers otherwise draw translucent geometry opaque).
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <SDL.h>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/debug/palette.hpp"
#include "editor/canvas/camera.hpp"

struct ImDrawList;

namespace polypath::editor {

/// Draws debug primitives into an SDL_Renderer. Geometry is batched: call flush() (or
/// destroy the object) before drawing anything else with the renderer.
class SdlDebugDraw final : public DebugDraw {
 public:
  /// `text_list` receives text (may be null: text is skipped). Drawing is clipped to the
  /// camera's viewport; flush() resets the renderer's clip rect. Colours of the dark
  /// palette are drawn as the same meaning's colour in `theme`.
  SdlDebugDraw(SDL_Renderer* renderer, const Camera& camera, ImDrawList* text_list = nullptr, Theme theme = Theme::Dark);
  ~SdlDebugDraw() override;
  SdlDebugDraw(const SdlDebugDraw&) = delete;
  SdlDebugDraw& operator=(const SdlDebugDraw&) = delete;

  void line(Point a, Point b, Color c, float width) override;
  void point(Point p, Color c, float radius) override;
  void fillRings(const std::vector<const Ring*>& rings, Color c) override;
  void text(Point p, std::string_view s, Color c) override;
  void ring(Point p, Color c, float radius, float width) override;

  /// How far (pixels, before setScale's factor) DebugDraw::view reaches past the viewport:
  /// more than the widest line and the largest disc the draw functions cull, so nothing
  /// that reaches into the viewport is left out.
  static constexpr double kViewMargin = 16.0;

  /// A ring outline in screen space (`radius` pixels) at a world point: used for
  /// editor handles that are not debug data.
  void circle(Point p, Color c, float radius, float width);
  /// A dashed segment: `dash` pixels drawn, `dash` pixels skipped (at most 400 dashes;
  /// longer segments get longer dashes).
  void dashedLine(Point a, Point b, Color c, float width, float dash = 5.0f);
  /// Text placed in screen space relative to a world point: the text's box is moved by
  /// (dx, dy) pixels from p, then by -anchor_x / -anchor_y times its own size (0: p is
  /// the top-left corner, 0.5: the centre). A `plate` with alpha > 0 is filled behind
  /// the text (2 pixels of padding), so lines under it do not cross the letters.
  void label(Point p, std::string_view s, Color c, double dx = 0, double dy = 0, double anchor_x = 0,
             double anchor_y = 0, Color plate = {0, 0, 0, 0});
  /// Sends the batched triangles to the renderer and restores its clip rect.
  void flush();
  /// Multiplies every line width, disc radius, label offset and text size from now on
  /// (1: the sizes as given, in pixels), and view's margin. Values <= 0 or not finite are
  /// taken as 1.
  void setScale(double scale);
  /// The factor set by setScale (1 by default).
  double scale() const { return scale_; }
  /// Discs left out because one of the same colour and size was already drawn within a
  /// quarter of its radius (level of detail on dense maps).
  int discsSkipped() const { return discs_skipped_; }
  /// Level of detail for dense discs: a run of at least kDenseDiscs discs (or rings) of one
  /// colour and size (a layer of nodes), drawn with no other primitive between them, is drawn
  /// with a radius of at most kDiscSpacingRadius times the median on-screen distance from
  /// each disc to its nearest neighbour, and at least kMinDiscRadius pixels (times
  /// setScale's factor). Nodes closer together than their discs can show become small
  /// dots (a point cloud along the walls of a whole big map in the window, not a band of
  /// overlapping discs); discs apart by 2.5 radii or more, and fewer discs (markers),
  /// keep their size. A shrunk ring stays a ring while its radius is at least 2.5 pixels
  /// (its line thinned in proportion) and becomes a dot below.
  static constexpr int kDenseDiscs = 16;
  static constexpr double kDiscSpacingRadius = 0.4;
  static constexpr double kMinDiscRadius = 1.0;
  /// Level of detail for dense one-pixel lines: when a run of hairlines of one colour (a
  /// layer of links) adds up to more than kDenseHairlines times the canvas's area in
  /// pixels, only a share of its lines (the same ones every frame, chosen by a hash of
  /// their order) is drawn, so that the kept ones add up to that much: a whole big map's
  /// visibility graph in the window reads as a web of sample links, not a solid fill.
  static constexpr double kDenseHairlines = 0.2;
  /// Lines left out by the level of detail above.
  int hairlinesSkipped() const { return hairlines_skipped_; }
  /// The radius (pixels, before setScale's factor) the discs of the last dense run were
  /// drawn with after the level of detail above (0: no run was shrunk yet).
  double lastDenseRadius() const { return last_dense_radius_; }

 private:
  SDL_Color sdlColor(Color c) const;  // c in the theme
  void setView();  // DebugDraw::view: the clip rectangle and kViewMargin x scale_ pixels, in world units
  // A segment of half_width pixels (already scaled), with feathered long edges.
  void quad(ScreenPos a, ScreenPos b, SDL_Color c, double half_width);
  // One piece of a quad, its bounding box small (see quad()).
  void strip(ScreenPos a, ScreenPos b, SDL_Color c, double half_width);
  // The longest extent of a piece along its shorter axis, in pixels, and a cap on the
  // pieces of one line (after clipping a line spans at most the canvas).
  static constexpr double kPieceExtent = 24.0;
  static constexpr int kMaxPieces = 1024;
  // A disc of `radius` pixels (already scaled), or with `ring_half_width` > 0 a ring
  // outline of that half width: queued in pending_discs_ for flushDiscs.
  void disc(ScreenPos s, SDL_Color c, double radius, double ring_half_width = 0.0);
  // A ring outline (pixels, already scaled) of 32 feathered quads.
  void ringAt(ScreenPos s, SDL_Color c, double radius, double half_width);
  // Draws the queued discs, each run of one colour and radius shrunk to its spacing (see
  // kDenseDiscs); called before any other primitive, so drawing order is kept.
  void flushDiscs();
  // The median distance (pixels) from each disc of `group` (indices into pending_discs_)
  // to its nearest neighbour, counting only neighbours closer than `reach`.
  double medianSpacing(const std::vector<std::size_t>& group, double reach);
  // A disc with a feathered rim, unless one of the same colour and size is in its cell.
  void fanDisc(ScreenPos s, SDL_Color c, double radius);
  // True when the box [x0, x1] x [y0, y1] (pixels) lies more than a pixel outside clip_.
  bool outsideClip(double x0, double y0, double x1, double y1) const;
  void flushGeometry();
  void flushHairlines();

  SDL_Renderer* renderer_;
  Camera camera_;
  ImDrawList* text_list_;
  Theme theme_;
  SDL_Rect clip_{};
  double scale_ = 1.0;
  std::vector<SDL_Vertex> vertices_;
  std::vector<int> indices_;
  std::vector<SDL_Rect> spans_;
  struct Hairline {
    SDL_FPoint a, b;
    SDL_Color color;
    std::uint32_t line;  // the line this piece is of (quad() cuts long lines into pieces)
  };
  std::vector<Hairline> hairlines_;
  std::uint32_t lines_ = 0;  // lines drawn through quad() so far
  int hairlines_skipped_ = 0;
  struct DiscKey {  // a disc's colour, size (quarter pixels) and cell (see disc())
    std::uint32_t colour;
    std::int32_t size, cx, cy;
    bool operator==(const DiscKey&) const = default;
  };
  struct DiscKeyHash {
    std::size_t operator()(const DiscKey& k) const {
      std::uint64_t h = k.colour;
      for (std::int32_t v : {k.size, k.cx, k.cy}) h = h * 0x9E3779B97F4A7C15ull + static_cast<std::uint32_t>(v);
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  std::unordered_set<DiscKey, DiscKeyHash> drawn_discs_;
  struct PendingDisc {
    ScreenPos s;
    SDL_Color color;
    double radius;
    double ring_half_width;  // 0: a filled disc
  };
  std::vector<PendingDisc> pending_discs_;
  double last_dense_radius_ = 0.0;
  int discs_skipped_ = 0;  // one-pixel lines, drawn as SDL lines (their cost is their length)
  std::vector<double> crossings_;
  /// fillRings' edges in screen space, with the pixel rows they may cross, and the active
  /// list of the row being filled (indices into fill_edges_): kept to reuse their memory.
  struct FillEdge {
    ScreenPos a, b;
    int first_row, last_row;
  };
  std::vector<FillEdge> fill_edges_;
  std::vector<std::size_t> active_edges_;
};

}  // namespace polypath::editor
