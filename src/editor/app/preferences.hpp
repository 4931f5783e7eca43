// preferences.hpp: what the editor remembers between runs (layers, view, snap, canvas
// colour, window size, recent files), as JSON in ($XDG_CONFIG_HOME or
// ~/.config)/polypath/preferences.json, written atomically (temporary file, rename).
// A missing file gives the defaults; a broken one is ignored with a message (and
// replaced at the next save).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/debug/palette.hpp"

namespace polypath::editor {

/// The remembered settings. Defaults are the editor's first-run look.
struct Preferences {
  std::uint32_t layers = kDefaultLayers;  ///< Layer bits shown
  bool show_grid = true;                  ///< world grid drawn
  bool show_node_ids = true;              ///< node numbers while stepping
  bool snap = false;                      ///< snap placed and dragged points to the grid
  double snap_step = 1.0;                 ///< snap step, world units (> 0)
  Color background = palette::kBackground.dark;  ///< canvas colour
  Theme theme = Theme::Dark;              ///< colour theme ("theme": "dark" or "light")
  float ui_scale = 0.0f;                  ///< UI scale ("ui_scale": 0 for auto, 1, 1.5 or 2)
  int window_width = 1280;                ///< pixels, 64..16384
  int window_height = 800;                ///< pixels, 64..16384
  std::vector<std::filesystem::path> recent;  ///< recent files, newest first
  std::vector<std::filesystem::path> recent_folders;  ///< folders files were last chosen in (the file dialog's recent places), newest first
  bool native_file_dialog = true;  ///< use the desktop's file dialog (zenity) when it is installed (file_dialog.hpp)
  friend bool operator==(const Preferences&, const Preferences&) = default;
};

/// Copies the preferences kept under the same names in Preferences and the editor's
/// UiState (layers, grid, node ids, snap, snap step, background, theme, UI scale, recent files and folders,
/// native dialog) from
/// `from` to `to`, either way: the one list of them (the window size is not among them).
template <class To, class From>
void copySharedPreferences(To& to, const From& from) {
  to.layers = from.layers;
  to.show_grid = from.show_grid;
  to.show_node_ids = from.show_node_ids;
  to.snap = from.snap;
  to.snap_step = from.snap_step;
  to.background = from.background;
  to.theme = from.theme;
  to.ui_scale = from.ui_scale;
  to.recent = from.recent;
  to.recent_folders = from.recent_folders;
  to.native_file_dialog = from.native_file_dialog;
}

/// ($XDG_CONFIG_HOME or $HOME/.config)/polypath: the editor's config folder (also of the
/// recovery file); nullopt when neither variable gives an absolute folder.
/// XDG_CONFIG_HOME is used only when absolute.
std::optional<std::filesystem::path> configDir();

/// configDir()/preferences.json; nullopt when neither
/// gives an absolute folder.
std::optional<std::filesystem::path> defaultPreferencesFile();

/// Reads preferences. A missing file gives the defaults and no message. A file that is
/// not valid JSON or has values of the wrong type or range gives the defaults for what
/// is wrong and `message` naming the file and the problem ("... is not valid JSON ...;
/// using the defaults"). Never throws.
Preferences loadPreferences(const std::filesystem::path& file, std::string* message = nullptr);

/// Writes preferences atomically (creating the folder). False with `error` set on
/// failure; never throws.
bool savePreferences(const Preferences& prefs, const std::filesystem::path& file, std::string* error = nullptr);

}  // namespace polypath::editor
