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
/// `polypath convert IN OUT` (cmd_convert.cpp).
int runConvert(const std::vector<std::string>& args);
/// `polypath bench navmesh [--limit N]` (bench_navmesh.cpp).
int runBenchNavmesh(const std::vector<std::string>& args);
/// `polypath bench polyanya [--mesh F.mesh --scen F.scen] [--queries N]`: Polyanya's speed on
/// Polyanya's own meshes and scenarios, lengths checked on Aurora (bench_polyanya.cpp).
int runBenchPolyanya(const std::vector<std::string>& args);
/// `polypath svg MAP --out F.svg [options]` (cmd_svg.cpp).
int runSvg(const std::vector<std::string>& args);
/// `polypath trace MAP --out F.trace.json [options]` (cmd_trace.cpp).
int runTrace(const std::vector<std::string>& args);

}  // namespace polypath::cli
