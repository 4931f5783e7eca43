// fuzz_import.cpp: libFuzzer target over one map importer (POLYPATH_FUZZ_FORMAT, e.g.
// ".tmx"), then load, validate, build and path query (fuzz_import_one.hpp). Built once
// per format as polypath_fuzz_<format> (tests/fuzz/CMakeLists.txt); run as
//   build-fuzz/tests/fuzz/polypath_fuzz_tmx -max_len=4096 -timeout=10 -max_total_time=60 \
//       NEW_CORPUS_DIR tests/fuzz/corpus-tmx
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_import_one.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  polypath::fuzz::runImportOne(POLYPATH_FUZZ_FORMAT, std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
