// appearance.hpp: the editor's look: colour theme (palette.hpp), UI font and UI scale.
//
// The UI font is DejaVu Sans (Debian fonts-dejavu-core), found at run time under
// /usr/share/fonts/truetype/dejavu/ or through `fc-match`; without it Dear ImGui's
// built-in font is used. The UI scale multiplies the font size and every style size
// (padding, spacing, rounding); "auto" takes it from the display's DPI.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include <SDL.h>

#include "polypath/debug/palette.hpp"

namespace polypath::editor {

/// UI scale setting: 0 means "auto" (from the display DPI); otherwise the factor.
inline constexpr float kUiScaleAuto = 0.0f;
/// The settings offered in the View section and accepted in the preferences.
inline constexpr float kUiScales[] = {kUiScaleAuto, 1.0f, 1.5f, 2.0f};
/// UI font size at scale 1, pixels.
inline constexpr float kUiFontSize = 15.0f;
/// Size of the lesson caption font at scale 1, pixels.
inline constexpr float kCaptionFontSize = 26.0f;

/// Size in pixels of the text drawn on the canvas and in exports before their own scale
/// (SdlDebugDraw::setScale, the slide scale): the UI font's size at UI scale 1, so that
/// the panels' scale never resizes labels against the discs they sit on. Call with an
/// ImGui context current.
float canvasFontSize();

/// The default place of DejaVu Sans on Debian.
inline constexpr const char* kDejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/// Where to look for the UI font, in order: kDejaVuSansPath, then what `fc-match`
/// answers for "DejaVu Sans" (when fc-match is installed and names a .ttf file).
std::vector<std::filesystem::path> uiFontCandidates();

/// The first candidate that is a readable regular file; nullopt when none is.
std::optional<std::filesystem::path> findUiFont(const std::vector<std::filesystem::path>& candidates);

/// The factor a scale setting means: `setting` itself, or for kUiScaleAuto the display's
/// DPI over 96 (SDL_GetDisplayDPI of the window's display) rounded to a quarter and kept
/// in 1..3; 1 when the DPI is unknown.
float effectiveUiScale(float setting, SDL_Window* window);

/// What buildUiFonts loaded.
struct UiFonts {
  std::optional<std::filesystem::path> file;  ///< the TTF used; nullopt: ImGui's built-in font
  float size = 0.0f;                          ///< UI font size, pixels
};

/// Replaces the current ImGui context's fonts: the UI font (`font` at kUiFontSize x
/// scale, or the built-in font at 13 x scale when `font` is nullopt or cannot be read)
/// first, then the lesson caption font (kCaptionFontSize x scale). The renderer's font
/// texture must be recreated afterwards (App does).
UiFonts buildUiFonts(const std::optional<std::filesystem::path>& font, float scale);

/// Sets the current ImGui context's style: the theme's colours and every size scaled by
/// `scale` from the editor's base style.
void applyUiStyle(Theme theme, float scale);

/// The look applied to the ImGui context, kept in step with the user's settings.
class Appearance {
 public:
  /// Applies `theme` and the scale setting when they differ from what was applied last
  /// (always the first time): fonts rebuilt at the scale (the renderer backend's font
  /// texture recreated when `renderer_started`), style set. Call between frames.
  /// Returns true when it changed anything.
  bool update(Theme theme, float scale_setting, SDL_Window* window, bool renderer_started);
  /// What buildUiFonts loaded last.
  const UiFonts& fonts() const { return fonts_; }
  /// The scale factor applied last.
  float scale() const { return scale_; }

  /// Where update() looks for the UI font (default: uiFontCandidates(), looked up once).
  void setFontCandidates(std::vector<std::filesystem::path> candidates) { candidates_ = std::move(candidates); }

 private:
  std::optional<std::vector<std::filesystem::path>> candidates_;
  bool applied_ = false;
  Theme theme_ = Theme::Dark;
  float setting_ = 1.0f;
  float scale_ = 1.0f;
  UiFonts fonts_;
};

/// A name for a scale setting: "Auto", "1x", "1.5x", "2x".
const char* uiScaleName(float setting);

}  // namespace polypath::editor
