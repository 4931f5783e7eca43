// recovery.cpp: the autosave recovery file.
#include "editor/app/recovery.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <system_error>

#include "editor/app/preferences.hpp"
#include "polypath/formats/movingai.hpp"

namespace polypath::editor {

namespace {

std::string localTime(const std::filesystem::path& file) {
  struct stat st{};
  if (::stat(file.c_str(), &st) != 0) return "an unknown time";
  std::tm tm{};
  const std::time_t t = st.st_mtime;
  if (!::localtime_r(&t, &tm)) return "an unknown time";
  char buf[64];
  if (std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm) == 0) return "an unknown time";
  return buf;
}

// The recovery file as JSON when it holds a grid (an object with a "movingai_map"
// string), else null (a polygon map, or anything loadMap should report on).
nlohmann::json gridRecovery(const std::filesystem::path& recovery) {
  std::ifstream in(recovery, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().find(std::string("\"") + kRecoveryGridKey + "\"") == std::string::npos) return nullptr;
  nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, false);
  if (j.is_object() && j.contains(kRecoveryGridKey) && j[kRecoveryGridKey].is_string()) return j;
  return nullptr;
}

}  // namespace

std::optional<std::filesystem::path> defaultRecoveryFile() {
  if (auto dir = configDir()) return *dir / "recovery.json";
  return std::nullopt;
}

namespace {

// The one writer of recovery files: creates the folder, then `save` writes the work with
// `of` (the original's absolute path, or null) as its "recovery_of".
bool writeRecoveryWith(const std::optional<std::filesystem::path>& original, const std::filesystem::path& recovery,
                       std::string* error, const std::function<void(const nlohmann::json& of)>& save) {
  try {
    std::error_code ec;
    std::filesystem::create_directories(recovery.parent_path(), ec);
    if (ec) {
      if (error) *error = "cannot create " + recovery.parent_path().string() + ": " + ec.message();
      return false;
    }
    save(original ? nlohmann::json(std::filesystem::absolute(*original).string()) : nlohmann::json(nullptr));
    return true;
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
}

}  // namespace

bool writeRecovery(const MapDocument& doc, const std::optional<std::filesystem::path>& original,
                   const std::filesystem::path& recovery, std::string* error) {
  return writeRecoveryWith(original, recovery, error, [&](const nlohmann::json& of) {
    MapDocument copy = doc;
    if (!copy.extra.is_object()) copy.extra = nlohmann::json::object();
    copy.extra[kRecoveryOfKey] = of;
    saveMap(copy, recovery);
  });
}

bool writeRecovery(const Grid& grid, const std::optional<std::filesystem::path>& original,
                   const std::filesystem::path& recovery, std::string* error) {
  return writeRecoveryWith(original, recovery, error, [&](const nlohmann::json& of) {
    nlohmann::json j = nlohmann::json::object();
    j[kRecoveryGridKey] = serializeMovingAiMap(grid);
    j[kRecoveryOfKey] = of;
    saveTextFileAtomically(j.dump(1) + "\n", recovery);
  });
}

std::optional<RecoveryOffer> findRecovery(const std::filesystem::path& recovery,
                                          const std::optional<std::filesystem::path>& opened, std::string* error) {
  try {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(recovery, ec)) return std::nullopt;
    const auto saved = std::filesystem::last_write_time(recovery, ec);
    if (ec) return std::nullopt;
    if (opened) {
      std::error_code ec2;
      const auto opened_time = std::filesystem::last_write_time(*opened, ec2);
      if (!ec2 && saved <= opened_time) return std::nullopt;  // the map was saved after the autosave
    }
    RecoveryOffer offer;
    auto takeOriginal = [&offer](const nlohmann::json& of) {
      if (of.is_string() && !of.get<std::string>().empty()) offer.original = std::filesystem::path(of.get<std::string>());
    };
    const nlohmann::json grid = gridRecovery(recovery);
    if (!grid.is_null()) {
      // A grid: its .map text, read as a .map file is (errors name the recovery file).
      offer.doc = parseMovingAiMap(grid[kRecoveryGridKey].get<std::string>(), recovery.string());
      if (grid.contains(kRecoveryOfKey)) takeOriginal(grid[kRecoveryOfKey]);
    } else {
      MapDocument doc = loadMap(recovery);
      if (doc.extra.is_object() && doc.extra.contains(kRecoveryOfKey)) {
        takeOriginal(doc.extra[kRecoveryOfKey]);
        doc.extra.erase(kRecoveryOfKey);
      }
      // loadMap names an unnamed map after the file: "recovery" is not the user's name.
      if (doc.name == recovery.stem().string()) doc.name.clear();
      offer.doc = std::move(doc);
    }
    offer.when = localTime(recovery);
    return offer;
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return std::nullopt;
  }
}

void removeRecovery(const std::filesystem::path& recovery) {
  std::error_code ec;
  std::filesystem::remove(recovery, ec);
}

}  // namespace polypath::editor
