// background.cpp: background settings in the map, and the picture as an SDL texture.
#include "editor/canvas/background.hpp"

#include <algorithm>
#include <cmath>

#include "stb_image.h"

namespace polypath::editor {

std::optional<BackgroundSettings> backgroundOf(const MapDocument& doc, std::string* error) {
  if (!doc.extra_settings.is_object() || !doc.extra_settings.contains(kBackgroundKey)) return std::nullopt;
  const nlohmann::json& j = doc.extra_settings.at(kBackgroundKey);
  if (!j.is_object()) {
    if (error) *error = "/settings/background is not an object; ignored";
    return std::nullopt;
  }
  BackgroundSettings b;
  std::string bad;
  auto note = [&](const char* key) { bad += (bad.empty() ? "" : ", ") + std::string(key); };
  if (j.contains("image")) {
    if (j["image"].is_string()) b.image = j["image"].get<std::string>();
    else note("image");
  }
  if (j.contains("offset")) {
    const auto& o = j["offset"];
    if (o.is_array() && o.size() == 2 && o[0].is_number() && o[1].is_number() &&
        std::isfinite(o[0].get<double>()) && std::isfinite(o[1].get<double>()))
      b.offset = {o[0].get<double>(), o[1].get<double>()};
    else
      note("offset");
  }
  if (j.contains("scale")) {
    if (j["scale"].is_number() && j["scale"].get<double>() > 0 && std::isfinite(j["scale"].get<double>()))
      b.scale = j["scale"].get<double>();
    else
      note("scale");
  }
  if (j.contains("opacity")) {
    if (j["opacity"].is_number() && j["opacity"].get<double>() >= 0 && j["opacity"].get<double>() <= 1)
      b.opacity = j["opacity"].get<double>();
    else
      note("opacity");
  }
  if (!bad.empty() && error) *error = "/settings/background: bad " + bad + " (using the default)";
  return b;
}

void setBackground(MapDocument& doc, const std::optional<BackgroundSettings>& background) {
  if (!doc.extra_settings.is_object()) doc.extra_settings = nlohmann::json::object();
  if (!background) {
    doc.extra_settings.erase(kBackgroundKey);
    return;
  }
  doc.extra_settings[kBackgroundKey] = {{"image", background->image},
                                        {"offset", {background->offset.x, background->offset.y}},
                                        {"scale", background->scale},
                                        {"opacity", background->opacity}};
}

std::filesystem::path resolveBackgroundImage(const std::string& image,
                                             const std::optional<std::filesystem::path>& map_file) {
  const std::filesystem::path p(image);
  if (p.is_absolute() || !map_file) return p;
  return map_file->parent_path() / p;
}

BackgroundImage::~BackgroundImage() { clear(); }

void BackgroundImage::clear() {
  if (texture_) SDL_DestroyTexture(texture_);
  texture_ = nullptr;
  width_ = height_ = 0;
  file_.clear();
  error_.clear();
}

bool BackgroundImage::load(SDL_Renderer* renderer, const std::filesystem::path& file) {
  std::error_code ec;
  const auto time = std::filesystem::last_write_time(file, ec);
  if (file == file_ && (ec || time == time_)) return texture_ != nullptr;  // asked before: same answer
  clear();
  file_ = file;
  time_ = ec ? std::filesystem::file_time_type{} : time;
  int w = 0, h = 0, channels = 0;
  unsigned char* pixels = stbi_load(file.string().c_str(), &w, &h, &channels, 4);
  if (!pixels) {
    error_ = "cannot read the background image " + file.string() + ": " +
             (ec ? std::string("no such file") : std::string(stbi_failure_reason() ? stbi_failure_reason() : "unknown error")) +
             " (PNG or JPEG)";
    return false;
  }
  SDL_Texture* t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, w, h);
  if (t) SDL_UpdateTexture(t, nullptr, pixels, w * 4);
  stbi_image_free(pixels);
  if (!t) {
    error_ = "cannot make a texture of " + file.string() + ": " + SDL_GetError();
    return false;
  }
  SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
  texture_ = t;
  width_ = w;
  height_ = h;
  return true;
}

void BackgroundImage::draw(SDL_Renderer* renderer, const Camera& camera, const BackgroundSettings& s) const {
  if (!texture_ || !(s.opacity > 0)) return;
  const ScreenPos a = camera.toScreen(s.offset);
  const ScreenPos b = camera.toScreen(s.offset + Point{width_ * s.scale, height_ * s.scale});
  // Far off screen (or absurd numbers): nothing to draw, and no float overflow in SDL.
  const ScreenRect& v = camera.viewport();
  if (!std::isfinite(a.x) || !std::isfinite(a.y) || !std::isfinite(b.x) || !std::isfinite(b.y)) return;
  if (b.x < v.x || b.y < v.y || a.x > v.x + v.w || a.y > v.y + v.h) return;
  if (std::max({std::abs(a.x), std::abs(a.y), std::abs(b.x), std::abs(b.y)}) > 1e7) return;
  const SDL_Rect clip{static_cast<int>(v.x), static_cast<int>(v.y), static_cast<int>(v.w), static_cast<int>(v.h)};
  SDL_RenderSetClipRect(renderer, &clip);
  SDL_SetTextureAlphaMod(texture_, static_cast<Uint8>(std::lround(std::clamp(s.opacity, 0.0, 1.0) * 255)));
  const SDL_FRect dst{static_cast<float>(a.x), static_cast<float>(a.y), static_cast<float>(b.x - a.x),
                      static_cast<float>(b.y - a.y)};
  SDL_RenderCopyF(renderer, texture_, nullptr, &dst);
  SDL_RenderSetClipRect(renderer, nullptr);
}

}  // namespace polypath::editor
