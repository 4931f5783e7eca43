// test_editor_appearance.cpp: the editor's look (appearance.hpp): the UI font is DejaVu
// Sans when installed and ImGui's built-in font otherwise, the UI scale sizes the font,
// the theme recolours the canvas and panels, and the overlaid Compare view has a legend.

#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include "editor/app/appearance.hpp"
#include "editor/compare/compare_legend.hpp"
#include "imgui.h"
#include "polypath/debug/palette.hpp"
#include "support/image_scan.hpp"

namespace {

const fs::path kMaps = fs::path(POLYPATH_SOURCE_DIR) / "maps";

// With POLYPATH_TEST_SHOTS set to a folder, the screenshot is kept there as `name` (for
// looking at the themes, and for the pictures in docs/editor.md).
void keepShot(const Image& img, const char* name) {
  if (const char* dir = std::getenv("POLYPATH_TEST_SHOTS")) writePng(img, fs::path(dir) / name);
}

// Runs `body` with a fresh ImGui context of its own, then gives the editor's back.
template <class Body>
void withOwnImGuiContext(Body body) {
  ImGuiContext* previous = ImGui::GetCurrentContext();
  ImGuiContext* own = ImGui::CreateContext();
  body();
  ImGui::DestroyContext(own);
  ImGui::SetCurrentContext(previous);
}

}  // namespace

TEST_CASE("editor: the UI font is DejaVu Sans when present, ImGui's built-in font when the file is missing",
          "[editor][appearance]") {
  CHECK_FALSE(findUiFont({"/nonexistent/fonts/DejaVuSans.ttf"}));
  withOwnImGuiContext([] {
    const UiFonts fallback = buildUiFonts(findUiFont({"/nonexistent/fonts/DejaVuSans.ttf"}), 1.0f);
    CHECK_FALSE(fallback.file);
    CHECK(fallback.size == 13.0f);
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    REQUIRE(atlas->Fonts.Size == 2);  // the UI font and the lesson caption font
    CHECK(atlas->Build());
    CHECK(atlas->Fonts[0]->FontSize == 13.0f);
    CHECK(atlas->Fonts[1]->FontSize == kCaptionFontSize);
  });
  if (!fs::exists(kDejaVuSansPath)) {
    WARN("SKIPPED the DejaVu half: " << kDejaVuSansPath << " is not installed (Debian fonts-dejavu-core)");
    return;
  }
  REQUIRE(findUiFont(uiFontCandidates()));
  withOwnImGuiContext([] {
    const UiFonts dejavu = buildUiFonts(fs::path(kDejaVuSansPath), 1.0f);
    REQUIRE(dejavu.file);
    CHECK(*dejavu.file == fs::path(kDejaVuSansPath));
    CHECK(dejavu.size == kUiFontSize);
    CHECK(ImGui::GetIO().Fonts->Build());
    CHECK(ImGui::GetIO().Fonts->Fonts[0]->FontSize == kUiFontSize);
  });
  // The editor itself loaded it.
  HeadlessEditor ed(withMap(kMaps / "seed-demo.json"));
  REQUIRE(ed.app->appearance().fonts().file);
  CHECK(*ed.app->appearance().fonts().file == fs::path(kDejaVuSansPath));
}

TEST_CASE("editor: UI scale 2x doubles the font size, 1.5x makes it half as large again", "[editor][appearance]") {
  HeadlessEditor ed(withMap(kMaps / "seed-demo.json"));
  App& app = *ed.app;
  app.ui().ui_scale = 1.0f;
  ed.frames(2);
  const float one = ImGui::GetFontSize();
  CHECK(one == app.appearance().fonts().size);
  const float padding = ImGui::GetStyle().FramePadding.x;
  app.ui().ui_scale = 2.0f;
  ed.frames(2);
  CHECK(app.appearance().scale() == 2.0f);
  CHECK(ImGui::GetFontSize() == 2 * one);
  CHECK(ImGui::GetStyle().FramePadding.x == 2 * padding);
  app.ui().ui_scale = 1.5f;
  ed.frames(2);
  CHECK(ImGui::GetFontSize() == std::round(1.5f * one));
  // Auto without a known display DPI (the offscreen driver) is 1x.
  CHECK(effectiveUiScale(kUiScaleAuto, nullptr) >= 1.0f);
  CHECK(effectiveUiScale(1.5f, nullptr) == 1.5f);
}

TEST_CASE("editor: the light theme changes the canvas background, the walkable fill and the panels", "[editor][appearance][screenshot]") {
  HeadlessEditor ed(withMap(kMaps / "seed-demo.json"));
  App& app = *ed.app;
  const ScreenRect canvas = canvasRect(app.width(), app.height());
  const ScreenRect corner{canvas.x + canvas.w - 40, canvas.y + 4, 30, 10};  // off the map, above the hints
  app.ui().show_grid = false;  // the corner in the canvas colour only
  ed.frames(2);
  const ScreenRect column{1, canvas.y + canvas.h - 30, 5, 20};  // inside the panel column's left padding (8 px)
  Image img = ed.shot();
  CHECK(countColour(img, corner, palette::kBackground.dark) == 300);
  CHECK(countColour(img, wholeImage(img), palette::kRegion.dark) > 10000);
  const Color panel_dark = img.at(3, static_cast<int>(canvas.y + canvas.h - 20));
  // What choosing Light in the View section does (appearance_panel.cpp).
  app.ui().theme = Theme::Light;
  app.ui().background = palette::kBackground.light;
  ed.frames(2);
  img = ed.shot();
  CHECK(countColour(img, corner, palette::kBackground.light) == 300);
  CHECK(countColour(img, wholeImage(img), palette::kRegion.light) > 10000);
  CHECK(countColour(img, wholeImage(img), palette::kRegion.dark) == 0);
  CHECK(countColour(img, wholeImage(img), palette::kPath.light) > 50);
  const Color panel_light = img.at(3, static_cast<int>(canvas.y + canvas.h - 20));
  CHECK(panel_dark.r < 60);
  CHECK(panel_light.r > 200);
  CHECK(countPixels(img, column, [](Color c) { return c.r > 200 && c.g > 200 && c.b > 200; }) == 100);
  // On a projector a check box must show against the light panel: an unticked box is a
  // frame a shade darker than the window (ImGui's own light style draws it white on
  // near-white), and the open tab stands out from the others.
  app.ui().layers &= ~static_cast<std::uint32_t>(LayerVertexNormals);
  ed.frames(2);
  img = ed.shot();
  const auto box = app.ui().widget_rects.find("toggle vertex-normals");
  REQUIRE(box != app.ui().widget_rects.end());
  auto apart = [](Color a, Color b) { return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b); };
  const int framed = countPixels(img, box->second, [&](Color c) { return apart(c, panel_light) >= 45; });
  CHECK(framed >= static_cast<int>(box->second.w * box->second.h / 2));
  for (Theme theme : {Theme::Light, Theme::Dark}) {
    INFO((theme == Theme::Light ? "light" : "dark"));
    app.ui().theme = theme;
    ed.frames(2);
    img = ed.shot();
    const ScreenRect open_tab = app.ui().widget_rects.at("tab Layers"), other = app.ui().widget_rects.at("tab Map");
    const Color open_fill = img.at(static_cast<int>(open_tab.x + 3), static_cast<int>(open_tab.y + 3));
    const Color other_fill = img.at(static_cast<int>(other.x + 3), static_cast<int>(other.y + 3));
    CHECK(apart(open_fill, other_fill) >= 120);
  }
  app.ui().theme = Theme::Light;
  // Stepped half way at 1.5x, for looking at both themes.
  app.ui().ui_scale = 1.5f;
  for (int i = 0; i < 4; ++i) app.scene().step();
  ed.frames(2);
  keepShot(ed.shot(), "editor-light-theme.png");
  app.ui().theme = Theme::Dark;
  app.ui().background = palette::kBackground.dark;
  ed.frames(2);
  keepShot(ed.shot(), "editor-dark-theme.png");
}

TEST_CASE("editor: the overlaid Compare view has a legend naming both searches with their colours",
          "[editor][appearance][compare][screenshot]") {
  for (const Theme theme : {Theme::Dark, Theme::Light}) {
    HeadlessEditor ed(withMap(kMaps / "seed-demo.json"));
    App& app = *ed.app;
    app.ui().theme = theme;
    app.ui().background = palette::kBackground.in(theme);
    ed.click("tab Compare");
    ed.click("cmp preset 0");  // A* vs Dijkstra
    ed.click("cmp End");
    ed.click("cmp overlay");
    REQUIRE(app.ui().compare.overlaid);
    const Image img = ed.shot();
    keepShot(img, theme == Theme::Light ? "editor-compare-overlay-light.png" : "editor-compare-overlay-dark.png");
    REQUIRE(app.ui().widget_rects.count("cmp legend"));
    const ScreenRect legend = app.ui().widget_rects.at("cmp legend");
    const ScreenRect canvas = canvasRect(app.width(), app.height());
    CHECK(legend.x >= canvas.x);
    CHECK(legend.y >= canvas.y);
    // Both swatches: the first search's path colour and the second's tinted one.
    const Color tinted = overlayTintFor(theme)(layerColor(LayerPath));
    CHECK(countColour(img, legend, layerColor(LayerPath, theme)) >= 100);
    CHECK(countColour(img, legend, tinted) >= 100);
    // The plate behind the text, and text on it: each side's title (setup) line.
    const Color plate = palette::kLabelPlate.in(theme);
    CHECK(countPixels(img, legend, [&](Color c) { return std::abs(c.r - plate.r) < 8 && std::abs(c.g - plate.g) < 8; }) > 1000);
    for (int side = 0; side < 2; ++side) {
      const ScreenRect title = app.ui().widget_rects.at("cmp legend " + std::to_string(side));
      const Color label = palette::kLabel.in(theme);
      CHECK(countPixels(img, title, [&](Color c) {
              return std::abs(c.r - label.r) < 40 && std::abs(c.g - label.g) < 40 && std::abs(c.b - label.b) < 40;
            }) > 30);
    }
    CHECK(countColour(img, canvas, tinted) > 150);  // the tinted path on the map too
  }
}

#endif  // POLYPATH_HAVE_EDITOR
