// commands.hpp: the polypath commands, one source file each (cmd_NAME.cpp). Each takes
// the arguments after its name and returns the exit code, or throws BadInput.
#pragma once

#include <string>
#include <vector>

namespace polypath::cli {

/// `polypath path MAP [options]` (cmd_path.cpp).
int runPath(const std::vector<std::string>& args);
/// `polypath validate MAP` (cmd_validate.cpp).
int runValidate(const std::vector<std::string>& args);
/// `polypath bench [SET] [options]` (cmd_bench.cpp).
int runBench(const std::vector<std::string>& args);

}  // namespace polypath::cli
