// test_test_names.cpp: CTest registers each Catch2 test case by name and splits a name at
// ';' (a CMake list separator), so a test named "a; b" runs as two filters that match
// nothing and "pass". Every TEST_CASE name in tests/ must be free of ';'.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

TEST_CASE("no test case name contains a semicolon (CTest would split it and run nothing)", "[meta]") {
  namespace fs = std::filesystem;
  int names = 0;
  for (const auto& e : fs::directory_iterator(fs::path(POLYPATH_SOURCE_DIR) / "tests")) {
    if (e.path().extension() != ".cpp") continue;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string s = text.str();
    const std::string marker = "TEST_CASE(\"";
    for (std::size_t at = s.find(marker); at != std::string::npos; at = s.find(marker, at + 1)) {
      const std::size_t begin = at + marker.size(), end = s.find('"', begin);
      if (end == std::string::npos) break;
      const std::string name = s.substr(begin, end - begin);
      if (name.find("\\\"") != std::string::npos || name.empty()) continue;
      INFO(e.path().filename().string() << ": " << name);
      CHECK(name.find(';') == std::string::npos);
      ++names;
    }
  }
  CHECK(names > 300);
}
