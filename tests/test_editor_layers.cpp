// test_editor_layers.cpp: the Layers tab against what the canvas draws: every layer the
// scene draws (with every method, while stepping and with the result) has a toggle in
// the legend, each layer draws only in its own legend colours, and the start and goal
// markers share one row and one toggle.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include <map>
#include <set>
#include <tuple>

#include "polypath/debug/layer_names.hpp"
#include "support/image_scan.hpp"

namespace {

using Rgba = std::tuple<int, int, int, int>;
/// Opaque: a layer may fill translucently in its colour.
Rgba rgba(Color c) { return {c.r, c.g, c.b, 255}; }

/// The colours of every primitive drawn.
class ColourDraw final : public DebugDraw {
 public:
  std::set<Rgba> colours;
  int count = 0;
  void line(Point, Point, Color c, float) override { add(c); }
  void point(Point, Color c, float) override { add(c); }
  void fillRings(const std::vector<const Ring*>&, Color c) override { add(c); }
  void text(Point, std::string_view, Color c) override { add(c); }

 private:
  void add(Color c) {
    colours.insert(rgba(c));
    ++count;
  }
};

/// The colours a layer's legend row shows (its swatches), and the markers' dark outline.
std::set<Rgba> legendColours(Layer layer) {
  std::set<Rgba> out = {rgba(layerColor(layer))};
  if (layer == LayerStartGoal) out.insert({rgba(kGoalColor), rgba(kMarkerInk)});
  return out;
}

const ScreenRect* rect(App& app, const std::string& name) {
  const auto it = app.ui().widget_rects.find(name);
  return it == app.ui().widget_rects.end() ? nullptr : &it->second;
}

/// The layers the scene draws now, each drawn alone; checks each draws only its legend colours.
std::uint32_t drawnLayers(const Scene& scene) {
  std::uint32_t drawn = 0;
  for (const LayerInfo& info : layerInfos()) {
    ColourDraw dd;
    scene.draw(dd, info.layer);
    if (dd.count == 0) continue;
    drawn |= info.layer;
    const std::set<Rgba> allowed = legendColours(info.layer);
    for (const Rgba& c : dd.colours) {
      INFO("layer " << layerKey(info.layer) << " draws colour " << std::get<0>(c) << "," << std::get<1>(c) << ","
                    << std::get<2>(c) << ", not in its legend row");
      CHECK(allowed.count(c) == 1);
    }
  }
  ColourDraw none;
  scene.draw(none, 0);
  CHECK(none.count == 0);  // nothing is drawn outside the layers
  return drawn;
}

}  // namespace

TEST_CASE("editor layers: every layer the scene draws has a toggle in the Layers tab, for every method",
          "[editor][layers]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "rooms-with-doors.json"));
  App& app = *ed.app;
  Scene& scene = app.scene();
  const MethodSettings methods[] = {{"visibility", {1.0}},   {"polyanya", {1.0}},
                                    {"centre", {1.0}}, {"portal", {1.0}},
                                    {"grid", {1.0}}};
  std::uint32_t everDrawn = 0;
  for (const MethodSettings& m : methods) {
    INFO("method " << describe(m));
    scene.setMethod(m);
    ed.frames(2);
    // While stepping (the search layers), then the result with the funnel stepped.
    for (int i = 0; i < 4; ++i) scene.step();
    std::uint32_t drawn = drawnLayers(scene);
    scene.finish();
    if (scene.methodView().funnelCount(scene.shownSearchPath()) > 1) scene.methodView().setFunnelPosition(1);
    drawn |= drawnLayers(scene);
    scene.methodView().setFunnelPosition(-1);
    drawn |= drawnLayers(scene);
    everDrawn |= drawn;
    ed.frames(2);
    for (const LayerInfo& info : layerInfos()) {
      if (!(drawn & info.layer)) continue;
      INFO("layer " << layerKey(info.layer));
      const ScreenRect* toggle = rect(app, std::string("toggle ") + layerKey(info.layer));
      REQUIRE(toggle);
      // The toggle sits on the row of its layer's name, left of it.
      const ScreenRect* label = rect(app, std::string("legend ") + info.name);
      REQUIRE(label);
      CHECK(toggle->x + toggle->w < label->x);
      CHECK(toggle->y < label->y + label->h);
      CHECK(label->y < toggle->y + toggle->h);
    }
    scene.reset();
  }
  // The triangle searches draw the steer portals, on their own layer.
  CHECK((everDrawn & LayerNavSteerPortals) != 0);
  CHECK((everDrawn & LayerFunnelSides) != 0);
}

TEST_CASE("editor layers: the steer portals' toggle hides them on the canvas, the portals stay",
          "[editor][layers][navmesh]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "rooms-with-doors.json"));
  App& app = *ed.app;
  app.scene().setMethod({"portal", {1.0}});
  ed.frames(2);
  auto count = [](const Image& img, Color c) { return countColour(img, wholeImage(img), c); };
  const Color steer = layerColor(LayerNavSteerPortals), portal = layerColor(LayerNavPortals);
  Image img = ed.shot();
  const int steer_before = count(img, steer), portal_before = count(img, portal);
  CHECK(steer_before > 200);  // a few thick segments and their dots
  CHECK(portal_before > 50);
  ed.click("toggle nav-steer-portals");
  CHECK((app.ui().layers & LayerNavSteerPortals) == 0);
  img = ed.shot();
  // Only the legend's swatch keeps the colour (14 x 14 pixels at most).
  CHECK(count(img, steer) <= 14 * 14);
  CHECK(count(img, portal) >= portal_before);  // the portals it covered show again
  ed.click("toggle nav-steer-portals");
  CHECK((app.ui().layers & LayerNavSteerPortals) != 0);
}

TEST_CASE("editor layers: start and goal share one legend row: one toggle, both colours, both markers hidden",
          "[editor][layers]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "rooms-with-doors.json"));
  App& app = *ed.app;
  Image img = ed.shot();  // the rectangles below are this frame's
  const ScreenRect* toggle = rect(app, "toggle start-goal");
  const ScreenRect* label = rect(app, "legend Start / goal");
  REQUIRE(toggle);
  REQUIRE(label);
  CHECK(rect(app, "legend Goal (G)") == nullptr);  // no second row without a toggle
  // The swatch, on the toggle's row between the toggle and the name, shows both colours.
  const ScreenRect swatch_row{toggle->x + toggle->w, std::floor(label->y + label->h / 2), label->x - toggle->x - toggle->w,
                              1};
  const int start_px = countColour(img, swatch_row, layerColor(LayerStartGoal));
  const int goal_px = countColour(img, swatch_row, kGoalColor);
  CHECK(start_px >= 5);  // each half of the 14-pixel swatch
  CHECK(goal_px >= 5);
  // The markers on the canvas: the start's and the goal's colour, gone once the toggle is off.
  const ScreenPos s = app.camera().toScreen(*app.scene().document().start);
  const ScreenPos g = app.camera().toScreen(*app.scene().document().goal);
  auto near = [&](const Image& im, ScreenPos p, Color c) {  // within 4 pixels of p
    return countColour(im, ScreenRect{std::floor(p.x) - 4, std::floor(p.y) - 4, 9, 9}, c);
  };
  CHECK(near(img, s, layerColor(LayerStartGoal)) > 10);
  CHECK(near(img, g, kGoalColor) > 10);
  ed.click("toggle start-goal");
  img = ed.shot();
  CHECK(near(img, s, layerColor(LayerStartGoal)) == 0);
  CHECK(near(img, g, kGoalColor) == 0);
}

#endif  // POLYPATH_HAVE_EDITOR
