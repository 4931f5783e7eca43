// temp_dir.hpp: a fresh folder under the system temp folder for one test, removed
// (with everything in it, whatever its permissions) when the test ends.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace polypath::test {

/// A unique folder named "polypath-<prefix>-<pid>-<n>" under the system temp folder.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix = "test") {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           ("polypath-" + prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// Writes `text` (bytes as given) to a file in the folder and returns its path as a string.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return (path / name).string();
  }
};

}  // namespace polypath::test
