// background.hpp: a background image (PNG or JPEG, read with stb_image) drawn under the
// map so a designer can trace level art.
//
// Its placement is saved in the map's settings as
//   "settings": {..., "background": {"image": "art/level1.png", "offset": [x, y],
//                                   "scale": 0.05, "opacity": 0.5}}
// image: path of the picture, relative to the map file's folder (or absolute); offset:
// world position of the picture's top-left corner; scale: world units per image pixel;
// opacity: 0 (invisible) .. 1 (opaque). The picture's rows run along +y like the map's
// screen (see camera.hpp), so it is drawn as it looks in an image viewer.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <SDL.h>

#include "editor/canvas/camera.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::editor {

/// The settings key holding the background object.
inline constexpr const char* kBackgroundKey = "background";

/// Where and how the background image is drawn (see the file comment).
struct BackgroundSettings {
  std::string image;       ///< path as written in the map (relative to the map's folder)
  Point offset{0.0, 0.0};  ///< world position of the image's top-left corner
  double scale = 1.0;      ///< world units per image pixel, > 0
  double opacity = 0.5;    ///< 0..1
  friend bool operator==(const BackgroundSettings&, const BackgroundSettings&) = default;
};

/// The document's background settings; nullopt when it has none. Values of the wrong
/// type or range are replaced by the defaults and named in `error`.
std::optional<BackgroundSettings> backgroundOf(const MapDocument& doc, std::string* error = nullptr);

/// Writes (or with nullopt removes) the background object in the document's settings.
void setBackground(MapDocument& doc, const std::optional<BackgroundSettings>& background);

/// The image file: `image` as is when absolute, else relative to the map file's folder
/// (to the current folder for a map not saved yet).
std::filesystem::path resolveBackgroundImage(const std::string& image,
                                             const std::optional<std::filesystem::path>& map_file);

/// A background picture loaded into an SDL texture. Reloads only when the file changes.
class BackgroundImage {
 public:
  BackgroundImage() = default;
  ~BackgroundImage();
  BackgroundImage(const BackgroundImage&) = delete;
  BackgroundImage& operator=(const BackgroundImage&) = delete;

  /// Makes sure `file` is the loaded picture (nothing to do when it already is). False
  /// with error() set when it cannot be read ("cannot read art.png: unknown image type").
  bool load(SDL_Renderer* renderer, const std::filesystem::path& file);
  /// Drops the picture.
  void clear();
  /// Draws the picture placed by `settings`, clipped to the camera's viewport.
  void draw(SDL_Renderer* renderer, const Camera& camera, const BackgroundSettings& settings) const;

  bool loaded() const { return texture_ != nullptr; }
  int width() const { return width_; }    ///< pixels
  int height() const { return height_; }  ///< pixels
  const std::string& error() const { return error_; }

 private:
  SDL_Texture* texture_ = nullptr;
  int width_ = 0, height_ = 0;
  std::filesystem::path file_;  // what was asked for last (loaded or not)
  std::filesystem::file_time_type time_{};
  std::string error_;
};

}  // namespace polypath::editor
