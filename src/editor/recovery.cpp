// recovery.cpp: the autosave recovery file.
#include "editor/recovery.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <ctime>
#include <system_error>

#include "editor/preferences.hpp"

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

}  // namespace

std::optional<std::filesystem::path> defaultRecoveryFile() {
  if (auto dir = configDir()) return *dir / "recovery.json";
  return std::nullopt;
}

bool writeRecovery(const MapDocument& doc, const std::optional<std::filesystem::path>& original,
                   const std::filesystem::path& recovery, std::string* error) {
  try {
    std::error_code ec;
    std::filesystem::create_directories(recovery.parent_path(), ec);
    if (ec) {
      if (error) *error = "cannot create " + recovery.parent_path().string() + ": " + ec.message();
      return false;
    }
    MapDocument copy = doc;
    if (!copy.extra.is_object()) copy.extra = nlohmann::json::object();
    copy.extra[kRecoveryOfKey] = original ? nlohmann::json(std::filesystem::absolute(*original).string())
                                          : nlohmann::json(nullptr);
    saveMap(copy, recovery);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
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
    offer.doc = loadMap(recovery);
    if (offer.doc.extra.is_object() && offer.doc.extra.contains(kRecoveryOfKey)) {
      const nlohmann::json& of = offer.doc.extra[kRecoveryOfKey];
      if (of.is_string() && !of.get<std::string>().empty()) offer.original = std::filesystem::path(of.get<std::string>());
      offer.doc.extra.erase(kRecoveryOfKey);
    }
    // loadMap names an unnamed map after the file: "recovery" is not the user's name.
    if (offer.doc.name == recovery.stem().string()) offer.doc.name.clear();
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
