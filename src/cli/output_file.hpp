// output_file.hpp: writing a command's output file (svg, trace) with a clear error.
#pragma once

#include <string>

namespace polypath::cli {

/// Writes `text` to `file` (replacing it). Throws BadInput "cannot write FILE: reason"
/// when the file cannot be opened or written.
void writeOutputFile(const std::string& file, const std::string& text);

}  // namespace polypath::cli
