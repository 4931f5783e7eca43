// cmd_convert.cpp: `polypath convert IN OUT`, dispatched on the file extensions.
#include <filesystem>
#include <iostream>

#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "cli/convert_mesh2.hpp"

namespace polypath::cli {

int runConvert(const std::vector<std::string>& args) {
  constexpr const char* kUsage =
      "usage: polypath convert IN OUT\n"
      "  IN.mesh OUT.json   Polyanya mesh 2 -> polygon map (the union of the mesh's faces)\n"
      "  IN.json OUT.mesh   polygon map -> mesh 2 (constrained Delaunay triangles)\n";
  if (wantsHelp(args)) {
    std::cout << kUsage;
    return kExitOk;
  }
  const std::vector<std::string> positional = parseOptions(args, {}, "convert");
  if (positional.size() != 2) badInput("convert takes two files: polypath convert IN OUT");
  const std::filesystem::path in = positional[0], out = positional[1];
  const std::string from = in.extension().string(), to = out.extension().string();
  if (from == ".mesh" && to == ".json") return convertMeshToMap(in, out);
  if (from == ".json" && to == ".mesh") return convertMapToMesh(in, out);
  badInput("convert cannot turn '" + from + "' into '" + to + "' (supported: .mesh -> .json, .json -> .mesh)");
}

}  // namespace polypath::cli
