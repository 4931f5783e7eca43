// The fuzz target's code path (fuzz/fuzz_one.hpp) on the seed corpus and on every input
// that once broke the fuzzer (tests/fuzz/crashes), so a fixed crash stays fixed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_import_one.hpp"
#include "fuzz/fuzz_one.hpp"
#include "polypath/geom/map_validation.hpp"

namespace fs = std::filesystem;
using polypath::fuzz::Result;
using polypath::fuzz::runOne;
using polypath::fuzz::Stage;

namespace {

const fs::path kFuzz = fs::path(POLYPATH_SOURCE_DIR) / "tests" / "fuzz";

std::string readBytes(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The inputs of a folder, sorted; README.md and *.open (found, not fixed yet) are left out.
std::vector<fs::path> inputs(const fs::path& folder, std::vector<fs::path>* open = nullptr) {
  std::vector<fs::path> files;
  if (!fs::is_directory(folder)) return files;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
    if (entry.path().extension() == ".open") {
      if (open) open->push_back(entry.path());
      continue;
    }
    files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// Runs one input file: a .json through runOne, any other extension through the
/// importer of that extension (runImportOne).
Result run(const fs::path& file) {
  INFO("input " << file.string());
  Result r;
  if (file.extension() == ".json")
    REQUIRE_NOTHROW(r = runOne(readBytes(file)));
  else
    REQUIRE_NOTHROW(r = polypath::fuzz::runImportOne(file.extension().string(), readBytes(file)));
  return r;
}

}  // namespace

TEST_CASE("every fuzz seed runs through load, validate and query without a finding", "[fuzz]") {
  const std::vector<fs::path> files = inputs(kFuzz / "corpus");
  REQUIRE(files.size() >= 20);
  int queried = 0, refused = 0;
  for (const fs::path& file : files) {
    const Result r = run(file);
    const std::string name = file.filename().string();
    INFO(name << ": " << polypath::fuzz::stageName(r.stage));
    // The seeds say what they are: map-* and ok-* are valid maps with paths queried,
    // bad-* are refused by parseMap or validateMap; fuzz-* (kept from a long fuzz run for
    // the coverage they add) may end at any stage, without a finding.
    if (name.rfind("fuzz-", 0) == 0) continue;
    if (name.rfind("bad-", 0) == 0) {
      CHECK((r.stage == Stage::ParseError || r.stage == Stage::Invalid));
      ++refused;
    } else {
      CHECK(r.stage == Stage::Queried);
      CHECK(r.queries > 0);
      ++queried;
    }
  }
  CHECK(queried >= 10);
  CHECK(refused >= 10);
}

TEST_CASE("every input that once broke the fuzzer runs without a finding", "[fuzz]") {
  std::vector<fs::path> open;
  const std::vector<fs::path> files = inputs(kFuzz / "crashes", &open);
  for (const fs::path& file : open) WARN("not fixed yet, skipped: " << file.string());
  for (const fs::path& file : files) run(file);
  SUCCEED(files.size() << " crash inputs replayed");
}

TEST_CASE("the fuzz runner reports a broken map as invalid, not as a finding", "[fuzz]") {
  CHECK(runOne("").stage == Stage::ParseError);
  CHECK(runOne("{\"version\": 1, \"polygons\": [{\"outer\": [[0,0],[1,1],[1,0],[0,1]]}]}").stage == Stage::Invalid);
  const Result r = runOne("{\"version\": 1, \"polygons\": [{\"outer\": [[0,0],[4,0],[4,4],[0,4]]}], \"start\": [1,1], \"goal\": [3,3]}");
  CHECK(r.stage == Stage::Queried);
  CHECK(r.found == r.queries);
}

TEST_CASE("every importer's fuzz seeds run through import, validate and query without a finding", "[fuzz]") {
  int folders = 0;
  for (const auto& entry : fs::directory_iterator(kFuzz)) {
    const std::string folder = entry.path().filename().string();
    if (!entry.is_directory() || folder.rfind("corpus-", 0) != 0) continue;
    ++folders;
    const std::string extension = "." + folder.substr(7);
    int queried = 0, refused = 0;
    for (const fs::path& file : inputs(entry.path())) {
      INFO(file.string());
      REQUIRE(file.extension().string() == extension);  // a seed names its importer
      const Result r = run(file);
      // ok-* seeds import into valid maps that are queried; bad-* are refused; fuzz-*
      // (kept from a long fuzz run) may end at any stage, without a finding.
      if (file.filename().string().rfind("fuzz-", 0) == 0) continue;
      if (file.filename().string().rfind("bad-", 0) == 0) {
        CHECK(r.stage == Stage::ParseError);
        ++refused;
      } else {
        CHECK(r.stage == Stage::Queried);
        ++queried;
      }
    }
    INFO(folder);
    CHECK(queried >= 2);
    CHECK(refused >= 2);
  }
  CHECK(folders >= 1);
}
