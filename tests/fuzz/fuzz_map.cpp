// fuzz_map.cpp: libFuzzer target over load, validate, build and path query.
//
// Build: cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DPOLYPATH_FUZZ=ON
//        cmake --build build-fuzz --target polypath_fuzz_map
// Run:   build-fuzz/tests/fuzz/polypath_fuzz_map -dict=tests/fuzz/map.dict -max_len=4096 \
//            -timeout=10 -max_total_time=60 NEW_CORPUS_DIR tests/fuzz/corpus
// Everything the target does is runOne() (fuzz_one.hpp), which the test binary also runs
// on tests/fuzz/corpus and tests/fuzz/crashes. A broken invariant throws InvariantError,
// which escapes here on purpose: libFuzzer reports the abort as a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_one.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  polypath::fuzz::runOne(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
