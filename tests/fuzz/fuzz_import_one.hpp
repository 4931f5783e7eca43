// fuzz_import_one.hpp: one fuzz input through a map importer, then through runOne.
//
// The importer is a format of polypath/convert/map_formats.hpp, picked by extension
// (".mesh", ".tmx", ...). Its `parse` either refuses the bytes with a polypath::Error
// (MapFileError, MeshFileError: documented, not a finding) or gives a document, which
// then goes as polypath JSON through runOne (fuzz_one.hpp): validation, build, queries
// and their invariants. Each importer's libFuzzer target (tests/fuzz/fuzz_import.cpp,
// built once per format as polypath_fuzz_<format>) and the test binary (replaying
// tests/fuzz/corpus-<format>/ and tests/fuzz/crashes/*.<format>) run this function.
#pragma once

#include <string>
#include <string_view>

#include "fuzz/fuzz_one.hpp"

namespace polypath::fuzz {

/// Runs one input through the importer of `extension` (with its dot). Result::stage is
/// ParseError when the importer refused it; otherwise runOne's result on the document.
/// Throws std::invalid_argument for an extension no format reads, InvariantError for a
/// broken invariant, and lets every other exception escape (a finding).
Result runImportOne(const std::string& extension, std::string_view bytes, const Limits& limits = {});

}  // namespace polypath::fuzz
