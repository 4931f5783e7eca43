// preferences.cpp: reading and atomically writing the preferences file.
#include "editor/app/preferences.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "editor/app/appearance.hpp"

namespace polypath::editor {

namespace {

using nlohmann::json;

// The layers of editors before "layers_known" was written (bits 0..22, up to LayerFunnelSides).
constexpr std::uint32_t kLayersBeforeSteerPortals = (1u << 23) - 1;

std::optional<std::filesystem::path> absoluteEnv(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  std::filesystem::path p(v);
  if (!p.is_absolute()) return std::nullopt;
  return p;
}

json colourJson(Color c) { return json::array({c.r, c.g, c.b}); }

}  // namespace

std::optional<std::filesystem::path> configDir() {
  if (auto xdg = absoluteEnv("XDG_CONFIG_HOME")) return *xdg / "polypath";
  if (auto home = absoluteEnv("HOME")) return *home / ".config" / "polypath";
  return std::nullopt;
}

std::optional<std::filesystem::path> defaultPreferencesFile() {
  if (auto dir = configDir()) return *dir / "preferences.json";
  return std::nullopt;
}

Preferences loadPreferences(const std::filesystem::path& file, std::string* message) {
  Preferences prefs;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return prefs;
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  json j;
  try {
    j = json::parse(ss.str());
  } catch (const std::exception& e) {
    if (message) *message = "preferences " + file.string() + " are not valid JSON (" + e.what() + "); using the defaults";
    return prefs;
  }
  if (!j.is_object()) {
    if (message) *message = "preferences " + file.string() + " are not a JSON object; using the defaults";
    return prefs;
  }
  // Each key on its own: a bad value keeps its default and is named in the message.
  std::vector<std::string> bad;
  auto read = [&](const char* key, auto&& apply) {
    if (!j.contains(key)) return;
    try {
      if (!apply(j.at(key))) bad.push_back(key);
    } catch (const std::exception&) {
      bad.push_back(key);
    }
  };
  read("layers", [&](const json& v) {
    if (!v.is_number_unsigned()) return false;
    // A layer the file's editor did not have yet (not in "layers_known"; files without that
    // key knew bits 0..22) starts as kDefaultLayers says, not hidden.
    std::uint64_t known = kLayersBeforeSteerPortals;
    if (j.contains("layers_known") && j["layers_known"].is_number_unsigned()) known = j["layers_known"].get<std::uint64_t>();
    const auto k = static_cast<std::uint32_t>(known & kAllLayers);
    prefs.layers = (static_cast<std::uint32_t>(v.get<std::uint64_t>()) & k) | (kDefaultLayers & ~k);
    return true;
  });
  read("show_grid", [&](const json& v) { return v.is_boolean() && (prefs.show_grid = v.get<bool>(), true); });
  read("show_node_ids", [&](const json& v) { return v.is_boolean() && (prefs.show_node_ids = v.get<bool>(), true); });
  read("snap", [&](const json& v) { return v.is_boolean() && (prefs.snap = v.get<bool>(), true); });
  read("snap_step", [&](const json& v) {
    if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>())) return false;
    prefs.snap_step = v.get<double>();
    return true;
  });
  read("background", [&](const json& v) {
    if (!v.is_array() || v.size() != 3) return false;
    int c[3];
    for (int i = 0; i < 3; ++i) {
      if (!v[i].is_number_integer() || v[i].get<int>() < 0 || v[i].get<int>() > 255) return false;
      c[i] = v[i].get<int>();
    }
    prefs.background = {static_cast<std::uint8_t>(c[0]), static_cast<std::uint8_t>(c[1]), static_cast<std::uint8_t>(c[2]), 255};
    return true;
  });
  read("theme", [&](const json& v) {
    if (!v.is_string() || (v.get<std::string>() != "dark" && v.get<std::string>() != "light")) return false;
    prefs.theme = v.get<std::string>() == "light" ? Theme::Light : Theme::Dark;
    return true;
  });
  read("ui_scale", [&](const json& v) {
    if (!v.is_number()) return false;
    const float f = v.get<float>();
    return std::find(std::begin(kUiScales), std::end(kUiScales), f) != std::end(kUiScales) && (prefs.ui_scale = f, true);
  });
  read("window", [&](const json& v) {
    if (!v.is_array() || v.size() != 2 || !v[0].is_number_integer() || !v[1].is_number_integer()) return false;
    const int w = v[0].get<int>(), h = v[1].get<int>();
    if (w < 64 || h < 64 || w > 16384 || h > 16384) return false;
    prefs.window_width = w;
    prefs.window_height = h;
    return true;
  });
  // A list of paths: strings that are not empty, at most 10.
  const auto paths = [&](std::vector<std::filesystem::path>& into) {
    return [&into](const json& v) {
      if (!v.is_array()) return false;
      for (const json& f : v)
        if (f.is_string() && !f.get<std::string>().empty() && into.size() < 10) into.emplace_back(f.get<std::string>());
      return true;
    };
  };
  read("recent", paths(prefs.recent));
  read("recent_folders", paths(prefs.recent_folders));
  read("native_file_dialog", [&](const json& v) {
    if (!v.is_boolean()) return false;
    prefs.native_file_dialog = v.get<bool>();
    return true;
  });
  if (!bad.empty() && message) {
    std::string keys;
    for (const std::string& k : bad) keys += (keys.empty() ? "" : ", ") + k;
    *message = "preferences " + file.string() + ": ignored bad value" + (bad.size() > 1 ? "s" : "") + " of " + keys +
               "; using the defaults for " + (bad.size() > 1 ? "them" : "it");
  }
  return prefs;
}

bool savePreferences(const Preferences& prefs, const std::filesystem::path& file, std::string* error) {
  json j = json::object();
  j["layers"] = prefs.layers;
  j["layers_known"] = kAllLayers;
  j["show_grid"] = prefs.show_grid;
  j["show_node_ids"] = prefs.show_node_ids;
  j["snap"] = prefs.snap;
  j["snap_step"] = prefs.snap_step;
  j["background"] = colourJson(prefs.background);
  j["theme"] = prefs.theme == Theme::Light ? "light" : "dark";
  j["ui_scale"] = prefs.ui_scale;
  j["window"] = json::array({prefs.window_width, prefs.window_height});
  json recent = json::array();
  for (const auto& f : prefs.recent) recent.push_back(f.string());
  j["recent"] = recent;
  json folders = json::array();
  for (const auto& f : prefs.recent_folders) folders.push_back(f.string());
  j["recent_folders"] = folders;
  j["native_file_dialog"] = prefs.native_file_dialog;
  const std::string text = j.dump(1) + "\n";

  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) {
    if (error) *error = "cannot create " + file.parent_path().string() + ": " + ec.message();
    return false;
  }
  const std::filesystem::path tmp = file.string() + ".tmp-" + std::to_string(::getpid());
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) {
    if (error) *error = "cannot write " + tmp.string();
    return false;
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0 &&
                       ::fsync(::fileno(f)) == 0;
  const bool closed = std::fclose(f) == 0;
  if (!written || !closed) {
    std::filesystem::remove(tmp, ec);
    if (error) *error = "cannot write " + tmp.string();
    return false;
  }
  std::filesystem::rename(tmp, file, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    if (error) *error = "cannot replace " + file.string() + ": " + ec.message();
    return false;
  }
  return true;
}

}  // namespace polypath::editor
