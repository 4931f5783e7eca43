// fuzz_import_one.cpp: see fuzz_import_one.hpp.
#include "fuzz/fuzz_import_one.hpp"

#include <stdexcept>

#include "polypath/convert/map_formats.hpp"

namespace polypath::fuzz {

Result runImportOne(const std::string& extension, std::string_view bytes, const Limits& limits) {
  const MapFormat* format = mapFormatFor("input" + extension);
  if (!format || !format->parse) throw std::invalid_argument("no map format reads '" + extension + "'");
  MapDocument doc;
  try {
    doc = format->parse(bytes, "input" + extension);
  } catch (const Error&) {
    return Result{};  // refused with a message: documented
  }
  return runOne(serializeMap(doc), limits);
}

}  // namespace polypath::fuzz
