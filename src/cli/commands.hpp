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
/// `polypath bench polyanya [--mesh F.mesh --scen F.scen] [--queries N] [--passes N]
/// [--faces merged|given]`: Polyanya's speed on Polyanya's own meshes and scenarios, their
/// faces merged on load by default, lengths checked on Aurora (bench_polyanya.cpp).
int runBenchPolyanya(const std::vector<std::string>& args);
/// `polypath bench scale [options]`: each stage's time and memory from 10^2 to 10^5
/// vertices, with fitted growth exponents (bench_scale.cpp).
int runBenchScale(const std::vector<std::string>& args);
/// `polypath svg MAP --out F.svg [options]` (cmd_svg.cpp).
int runSvg(const std::vector<std::string>& args);
/// `polypath trace MAP --out F.trace.json [options]` (cmd_trace.cpp).
int runTrace(const std::vector<std::string>& args);
/// True when `path` arguments ask for the grid method: --method grid, or a Moving AI
/// .map file without --method (path_grid.cpp).
bool isGridPathRequest(const std::vector<std::string>& args);
/// `polypath path MAP --method grid [options]` (path_grid.cpp).
int runPathGrid(const std::vector<std::string>& args);
/// `polypath query MAP --queries F [options]`: many queries on one built structure,
/// in parallel (cmd_query.cpp).
int runQuery(const std::vector<std::string>& args);
/// `polypath crowd MAP --agents N --steer funnel|portals [options]`: a crowd run headless,
/// its metrics (cmd_crowd.cpp).
int runCrowd(const std::vector<std::string>& args);
/// `polypath scen FILE.scen [options]` (cmd_scen.cpp).
int runScen(const std::vector<std::string>& args);
/// `polypath bench heuristics [options]`: seed 002's heuristic table (bench_heuristics.cpp).
int runBenchHeuristics(const std::vector<std::string>& args);
/// `polypath bench [SET] [options]` (cmd_bench.cpp).
int runBench(const std::vector<std::string>& args);
/// Every bench set, comma separated, in the order of `bench --help` (cmd_bench.cpp's table).
std::string benchSetList();

}  // namespace polypath::cli
