// recovery.hpp: autosave of unsaved work to a recovery file, and finding it again at the
// next start.
//
// The recovery file is ($XDG_CONFIG_HOME or ~/.config)/polypath/recovery.json, written
// atomically, with the key "recovery_of" holding the absolute path of the file the work
// was edited from (null for an untitled document). A polygon map is written as a normal
// map file (polypath::saveMap) plus that key; a grid as the JSON object
// {"movingai_map": "<the .map text, serializeMovingAiMap>", "recovery_of": ...}. The
// editor writes it while the document has unsaved changes and deletes it when the work
// is saved or discarded.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>

#include "polypath/core/grid.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::editor {

/// The extra top-level key naming the file a recovery document was edited from.
inline constexpr const char* kRecoveryOfKey = "recovery_of";
/// The key of a grid's recovery file holding the grid as Moving AI .map text.
inline constexpr const char* kRecoveryGridKey = "movingai_map";

/// The unsaved work a recovery file holds: a polygon map or a grid (.map document).
using RecoveredWork = std::variant<MapDocument, Grid>;

/// ($XDG_CONFIG_HOME or $HOME/.config)/polypath/recovery.json; nullopt when neither
/// variable gives an absolute folder. XDG_CONFIG_HOME is used only when absolute.
std::optional<std::filesystem::path> defaultRecoveryFile();

/// Writes `doc` to `recovery` (creating its folder) with the "recovery_of" key set to
/// `original`. Atomic. False with `error` set on failure; never throws.
bool writeRecovery(const MapDocument& doc, const std::optional<std::filesystem::path>& original,
                   const std::filesystem::path& recovery, std::string* error = nullptr);
/// The same for a grid: its .map text under "movingai_map" (see above).
bool writeRecovery(const Grid& grid, const std::optional<std::filesystem::path>& original,
                   const std::filesystem::path& recovery, std::string* error = nullptr);

/// A recovery file found at start.
struct RecoveryOffer {
  RecoveredWork doc;                              ///< the recovered document (a map without the "recovery_of" key)
  std::optional<std::filesystem::path> original;  ///< the file it was edited from, if any
  std::string when;                               ///< local modification time, "2024-05-01 14:03:12"
};

/// The recovery file's document when the file exists and is newer than `opened` (the
/// map the editor opened; any age when there is none or it has no time). nullopt when
/// there is nothing to offer; an unreadable recovery file gives nullopt and `error`.
/// Never throws.
std::optional<RecoveryOffer> findRecovery(const std::filesystem::path& recovery,
                                          const std::optional<std::filesystem::path>& opened,
                                          std::string* error = nullptr);

/// Deletes the recovery file if it exists. Never throws.
void removeRecovery(const std::filesystem::path& recovery);

}  // namespace polypath::editor
