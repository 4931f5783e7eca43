// test_editor_panel_layout.cpp: panel controls that must stay readable, checked on the
// rendered frame: the Run speed value is never under the slider's handle, and the handle
// stands where the logarithmic scale puts the value; and rows that come and go never move
// the controls below them.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include "imgui.h"
#include "support/image_scan.hpp"

namespace {

Color styleColour(ImGuiCol which) {
  const ImVec4 c = ImGui::GetStyleColorVec4(which);
  auto byte = [](float v) { return static_cast<std::uint8_t>(std::lround(v * 255.0f)); };
  return {byte(c.x), byte(c.y), byte(c.z), 255};
}

/// Mean x of the pixels of colour `c` in `r` (inset by 1 pixel: the frame's border).
double meanX(const Image& img, const ScreenRect& r, Color c) {
  double sum = 0.0;
  int n = 0;
  forEachPixel(img, ScreenRect{r.x + 1, r.y + 1, r.w - 2, r.h - 2}, [&](int x, int, Color p) {
    if (p == c) sum += x, ++n;
  });
  return n ? sum / n : -1.0;
}

}  // namespace

TEST_CASE("panel layout: the Run speed value stands beside the slider, never under its handle",
          "[editor][layout]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json"));
  App& app = *ed.app;
  ed.frames(1);
  const Color grab = styleColour(ImGuiCol_SliderGrab);
  // 0.5 and 60 are the ends of the scale; sqrt(0.5 * 60) puts the handle in the middle,
  // where a value printed inside the slider is drawn.
  for (const double sps : {0.5, 4.0, std::sqrt(0.5 * 60.0), 60.0}) {
    INFO("steps per second " << sps);
    app.scene().setStepsPerSecond(sps);
    const Image img = ed.shot();
    const ScreenRect slider = app.ui().widget_rects.at("run speed slider");
    const ScreenRect value = app.ui().widget_rects.at("run speed value");
    CHECK(slider.x + slider.w <= value.x);  // side by side on one row
    CHECK(value.y < slider.y + slider.h);
    CHECK(slider.y < value.y + value.h);
    CHECK(value.x + value.w <= panelWidth(kWidth));
    CHECK(countPixels(img, value, [](Color c) { return isBright(c); }) >= 30);  // the value is drawn
    CHECK(countColour(img, value, grab) == 0);  // and no part of the handle covers it
    // The handle stands where the logarithmic scale puts the value (within 3 pixels).
    REQUIRE(countColour(img, slider, grab) > 20);
    const double t = std::log(sps / 0.5) / std::log(60.0 / 0.5);
    const double grab_width = 10.0;  // ImGui's GrabMinSize, float sliders
    const double inner = slider.w - 4.0 - grab_width;  // 2 pixels of padding each side
    CHECK(std::abs(meanX(img, slider, grab) - (slider.x + 2.0 + grab_width / 2 + t * inner)) <= 3.0);
  }
}

TEST_CASE("panel layout: rows that come and go (selection, status, problems, breakpoints) move nothing",
          "[editor][layout]") {
  HeadlessEditor ed(withMap(fs::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json"));
  App& app = *ed.app;
  UiState& ui = app.ui();
  ed.frames(1);
  auto y = [&](const std::string& name) {
    const auto it = ui.widget_rects.find(name);
    INFO(name);
    REQUIRE(it != ui.widget_rects.end());
    return it->second.y;
  };
  const double tabs = y("tab Layers");
  const double delete_button = y("Delete selection");
  // Nothing selected, no status, no problems: the tabs stand where they will stay.
  CHECK(app.tools().selection().empty());
  ed.key(SDL_SCANCODE_A, KMOD_CTRL);  // select every vertex
  ed.frames(1);
  REQUIRE_FALSE(app.tools().selection().empty());
  CHECK(y("Delete selection") == delete_button);
  CHECK(y("tab Layers") == tabs);
  setStatus(ui, "A status line long enough to wrap onto a second and a third line of the panel column, as an error "
                "message naming a file and a place in it would be.", true);
  ed.frames(1);
  CHECK(y("tab Layers") == tabs);
  app.scene().setStart(Point{0, 0});  // outside the map: a problem row appears
  ed.frames(1);
  REQUIRE_FALSE(app.scene().problems().empty());
  CHECK(y("tab Layers") == tabs);
  app.scene().setStart(Point{15, 6});
  ed.frames(1);

  // Search tab: the breakpoint list grows at the end, in a box of its own height.
  ui.tab_request = PanelTab::Search;
  ed.frames(2);
  const double run_to = y("Run to breakpoint"), list = y("bp list"), timeline = y("timeline");
  ed.click("bp goal opened");
  ed.click("bp goal opened");
  REQUIRE(ui.debugger.breakpoints.size() == 2);
  CHECK(y("Run to breakpoint") == run_to);
  CHECK(y("bp list") == list);
  ed.click("Step");  // the timeline's "closed" line appears
  ed.click("Run to breakpoint");  // and the last stop line
  ed.frames(1);
  CHECK_FALSE(ui.debugger.lastStop().empty());
  CHECK(y("timeline") == timeline);
  CHECK(y("Run to breakpoint") == run_to);
  CHECK(y("bp list") == list);
}

#endif  // POLYPATH_HAVE_EDITOR
