// output_file.cpp: writing output files.
#include "cli/output_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "cli/cli_support.hpp"

namespace polypath::cli {

void writeOutputFile(const std::string& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out) badInput("cannot write " + file + ": " + std::strerror(errno));
  out << text;
  out.flush();
  if (!out) badInput("cannot write " + file + ": " + std::strerror(errno));
}

}  // namespace polypath::cli
