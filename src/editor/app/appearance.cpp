// appearance.cpp: UI font look-up and loading, UI scale, ImGui style per theme.
#include "editor/app/appearance.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <system_error>

#include "imgui.h"
#include "imgui_impl_sdlrenderer.h"

namespace polypath::editor {

namespace {

// The answer of `fc-match -f %{file} "DejaVu Sans"`; empty when fc-match is missing.
std::string fcMatchFile() {
  std::FILE* p = ::popen("fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null", "r");
  if (!p) return {};
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  ::pclose(p);
  return out;
}

}  // namespace

std::vector<std::filesystem::path> uiFontCandidates() {
  std::vector<std::filesystem::path> c{kDejaVuSansPath};
  const std::string matched = fcMatchFile();
  if (matched.size() > 4 && matched.ends_with(".ttf")) c.emplace_back(matched);
  return c;
}

std::optional<std::filesystem::path> findUiFont(const std::vector<std::filesystem::path>& candidates) {
  for (const auto& f : candidates) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(f, ec)) continue;
    if (std::ifstream(f, std::ios::binary).good()) return f;
  }
  return std::nullopt;
}

float effectiveUiScale(float setting, SDL_Window* window) {
  if (setting > 0.0f) return setting;
  float ddpi = 0.0f;
  const int display = window ? SDL_GetWindowDisplayIndex(window) : 0;
  if (SDL_GetDisplayDPI(std::max(display, 0), &ddpi, nullptr, nullptr) != 0 || !(ddpi > 0.0f)) return 1.0f;
  return std::clamp(std::round(ddpi / 96.0f * 4.0f) / 4.0f, 1.0f, 3.0f);
}

UiFonts buildUiFonts(const std::optional<std::filesystem::path>& font, float scale) {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  atlas->Clear();
  UiFonts out;
  if (font) {
    ImFontConfig cfg;
    cfg.OversampleH = 2;
    if (atlas->AddFontFromFileTTF(font->string().c_str(), std::round(kUiFontSize * scale), &cfg)) {
      out.file = font;
      out.size = std::round(kUiFontSize * scale);
    }
  }
  if (!out.file) {
    ImFontConfig cfg;
    cfg.SizePixels = std::round(13.0f * scale);
    atlas->AddFontDefault(&cfg);
    out.size = cfg.SizePixels;
  }
  const float caption = std::round(kCaptionFontSize * scale);
  if (out.file) {
    atlas->AddFontFromFileTTF(out.file->string().c_str(), caption);
  } else {
    ImFontConfig cfg;
    cfg.SizePixels = caption;
    atlas->AddFontDefault(&cfg);
  }
  return out;
}

void applyUiStyle(Theme theme, float scale) {
  ImGuiStyle style;  // the base sizes, then scaled once
  if (theme == Theme::Light) {
    ImGui::StyleColorsLight(&style);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.95f, 0.95f, 0.94f, 1.0f);
    style.Colors[ImGuiCol_Border] = ImVec4(0.55f, 0.57f, 0.62f, 0.5f);
    // On a projector ImGui's white frames on a near-white window vanish: frames a shade
    // darker with a border, a dark check mark and a solid slider grab.
    style.Colors[ImGuiCol_FrameBg] = ImVec4(0.84f, 0.85f, 0.88f, 1.0f);
    style.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.76f, 0.82f, 0.93f, 1.0f);
    style.Colors[ImGuiCol_FrameBgActive] = ImVec4(0.66f, 0.76f, 0.93f, 1.0f);
    style.Colors[ImGuiCol_CheckMark] = ImVec4(0.05f, 0.25f, 0.65f, 1.0f);
    style.Colors[ImGuiCol_SliderGrab] = ImVec4(0.15f, 0.40f, 0.80f, 1.0f);
    style.Colors[ImGuiCol_SliderGrabActive] = ImVec4(0.05f, 0.25f, 0.65f, 1.0f);
    style.Colors[ImGuiCol_ButtonActive] = ImVec4(0.15f, 0.40f, 0.80f, 1.0f);
    style.FrameBorderSize = 1.0f;
  } else {
    ImGui::StyleColorsDark(&style);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.12f, 1.0f);
  }
  style.WindowRounding = 0.0f;
  style.WindowBorderSize = 0.0f;
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

float canvasFontSize() { return std::min(ImGui::GetFontSize(), kUiFontSize); }

bool Appearance::update(Theme theme, float scale_setting, SDL_Window* window, bool renderer_started) {
  if (applied_ && theme == theme_ && scale_setting == setting_) return false;
  const float scale = effectiveUiScale(scale_setting, window);
  if (!applied_ || scale != scale_) {
    if (!candidates_) candidates_ = uiFontCandidates();
    fonts_ = buildUiFonts(findUiFont(*candidates_), scale);
    if (renderer_started) {  // the SDL renderer backend keeps the atlas in a texture of its own
      ImGui_ImplSDLRenderer_DestroyFontsTexture();
      ImGui_ImplSDLRenderer_CreateFontsTexture();
    }
  }
  applyUiStyle(theme, scale);
  applied_ = true;
  theme_ = theme;
  setting_ = scale_setting;
  scale_ = scale;
  return true;
}

const char* uiScaleName(float setting) {
  if (setting == 1.0f) return "1x";
  if (setting == 1.5f) return "1.5x";
  if (setting == 2.0f) return "2x";
  return "Auto";
}

}  // namespace polypath::editor
