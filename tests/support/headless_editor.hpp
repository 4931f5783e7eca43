// headless_editor.hpp: the editor App running headless in the test process (SDL
// offscreen driver, software renderer), driven by SDL events pushed into its loop as a
// real mouse and keyboard would send them.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include <SDL.h>

#include "editor/app/app.hpp"
#include "stb_image.h"

namespace polypath::test {

using polypath::editor::App;
using polypath::editor::AppOptions;
using polypath::editor::Image;
using polypath::editor::ScreenPos;
using polypath::editor::ScreenRect;

/// The seed demo map: its shortest path length, and its JSON.
inline constexpr double kSeedLength = 34.861884652980;
/// Window size of the headless editors, pixels.
inline constexpr int kWidth = 1280;
inline constexpr int kHeight = 800;

inline const char* const kSeedJson =
    R"({"format":"polypath-map","version":1,"name":"Seed demo","units":"m","polygons":[{"outer":[[3,15],[3,3],)"
    R"([24,3],[24,8],[6,8],[6,10],[24,10],[24,24],[15,24],[15,17],[21,17],[21,15]],"holes":[]}],"start":[15,6],)"
    R"("goal":[18,22],"settings":{"clearance":0,"corner_offset":0}})";


/// An editor running headless in this process, with helpers that push SDL events.
struct HeadlessEditor {
  std::unique_ptr<App> app;
  /// Autosave stays off unless asked for: a test must not write to the user's config
  /// folder, nor find a recovery file there.
  explicit HeadlessEditor(AppOptions options, int width = kWidth, int height = kHeight, bool autosave = false) {
    options.headless = true;
    options.width = width;
    options.height = height;
    options.autosave = autosave;
    options.preferences = false;  // nor read or write the preferences there
    app = std::make_unique<App>(options);
    std::string error;
    const bool started = app->init(&error);
    INFO(error);
    REQUIRE(started);
    frames(2);
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) app->frame();
  }
  /// The window's close button (SDL_WINDOWEVENT_CLOSE), then two frames.
  void closeWindow() {
    SDL_Event e{};
    e.type = SDL_WINDOWEVENT;
    e.window.event = SDL_WINDOWEVENT_CLOSE;
    e.window.windowID = SDL_GetWindowID(app->window());
    SDL_PushEvent(&e);
    frames(2);
  }
  /// SDL_QUIT, as SDL sends it on SIGTERM or SIGINT, then one frame.
  void quitSignal() {
    SDL_Event e{};
    e.type = SDL_QUIT;
    SDL_PushEvent(&e);
    frames(1);
  }
  void motion(int x, int y) {
    SDL_Event e{};
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = SDL_GetWindowID(app->window());
    e.motion.x = x;
    e.motion.y = y;
    SDL_PushEvent(&e);
    frames(1);
  }
  void button(bool down, int x, int y, Uint8 which = SDL_BUTTON_LEFT, Uint8 clicks = 1) {
    SDL_Event e{};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.windowID = SDL_GetWindowID(app->window());
    e.button.button = which;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = clicks;
    e.button.x = x;
    e.button.y = y;
    SDL_PushEvent(&e);
    frames(1);
  }
  /// Moves there, presses, moves in `steps` steps to the target, releases.
  void drag(ScreenPos from, ScreenPos to, int steps = 4, Uint8 which = SDL_BUTTON_LEFT) {
    const int x0 = static_cast<int>(std::lround(from.x)), y0 = static_cast<int>(std::lround(from.y));
    const int x1 = static_cast<int>(std::lround(to.x)), y1 = static_cast<int>(std::lround(to.y));
    motion(x0, y0);
    button(true, x0, y0, which);
    for (int i = 1; i <= steps; ++i) motion(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
    button(false, x1, y1, which);
  }
  /// Clicks the centre of a named panel button (its rectangle from the last frame).
  void click(const std::string& name) {
    const auto it = app->ui().widget_rects.find(name);
    INFO("button " << name);
    REQUIRE(it != app->ui().widget_rects.end());
    const ScreenRect r = it->second;
    const int x = static_cast<int>(r.x + r.w / 2), y = static_cast<int>(r.y + r.h / 2);
    motion(x, y);
    button(true, x, y);
    button(false, x, y);
  }
  void wheel(int x, int y, int amount) {
    motion(x, y);
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.windowID = SDL_GetWindowID(app->window());
    e.wheel.y = amount;
    e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
    SDL_PushEvent(&e);
    frames(1);
  }
  void key(SDL_Scancode code, Uint16 mod = KMOD_NONE) {
    SDL_Event e{};
    e.type = SDL_KEYDOWN;
    e.key.windowID = SDL_GetWindowID(app->window());
    e.key.keysym.scancode = code;
    e.key.keysym.sym = SDL_GetKeyFromScancode(code);
    e.key.keysym.mod = mod;
    e.key.state = SDL_PRESSED;
    SDL_PushEvent(&e);
    frames(1);  // ImGui sees keys held at the start of a frame: release in the next one
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    SDL_PushEvent(&e);
    frames(1);
  }
  /// Types ASCII text into the focused field (an SDL_TEXTINPUT event per 31 bytes).
  void type(const std::string& text) {
    for (std::size_t at = 0; at < text.size(); at += 31) {
      SDL_Event e{};
      e.type = SDL_TEXTINPUT;
      e.text.windowID = SDL_GetWindowID(app->window());
      std::snprintf(e.text.text, sizeof e.text.text, "%s", text.substr(at, 31).c_str());
      SDL_PushEvent(&e);
      frames(1);
    }
  }
  /// Answers the open file dialog by typing `file` (its name field has the focus, its text
  /// selected) and pressing Enter.
  void chooseFile(const std::filesystem::path& file) {
    frames(1);
    INFO("file dialog for " << file);
    REQUIRE(app->ui().file_dialog.isOpen());
    type(file.string());
    key(SDL_SCANCODE_RETURN);
  }
  Image shot() {
    Image img;
    app->frame(&img);
    return img;
  }
};

/// A PNG file read with stb_image as RGBA (an empty Image when it cannot be read).
inline Image loadPng(const std::filesystem::path& file) {
  Image img;
  int channels = 0;
  unsigned char* data = stbi_load(file.string().c_str(), &img.width, &img.height, &channels, 4);
  if (!data) return Image{};
  img.rgba.assign(data, data + static_cast<std::size_t>(img.width) * static_cast<std::size_t>(img.height) * 4);
  stbi_image_free(data);
  return img;
}

inline AppOptions withMap(const std::filesystem::path& map) {
  AppOptions o;
  o.map = map;
  return o;
}

}  // namespace polypath::test
