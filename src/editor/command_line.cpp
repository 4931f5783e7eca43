// command_line.cpp: argument parsing and default map lookup.
#include "editor/command_line.hpp"

#include <charconv>
#include <cstdlib>
#include <system_error>

#include <SDL.h>

#ifndef POLYPATH_SOURCE_DIR
#define POLYPATH_SOURCE_DIR ""
#endif

namespace polypath::editor {

namespace {

bool parseInt(const std::string& s, int& out) {
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc() && ptr == end;
}

bool parseSize(const std::string& s, int& w, int& h) {
  const auto x = s.find_first_of("xX");
  if (x == std::string::npos) return false;
  return parseInt(s.substr(0, x), w) && parseInt(s.substr(x + 1), h) && w >= 64 && h >= 64 && w <= 16384 &&
         h <= 16384;
}

// "X,Y": two finite numbers separated by a comma.
bool parsePoint(const std::string& s, Point& out) {
  const auto comma = s.find(',');
  if (comma == std::string::npos) return false;
  const std::string xs = s.substr(0, comma), ys = s.substr(comma + 1);
  char* end = nullptr;
  out.x = std::strtod(xs.c_str(), &end);
  if (xs.empty() || *end != '\0') return false;
  out.y = std::strtod(ys.c_str(), &end);
  if (ys.empty() || *end != '\0') return false;
  return isFinite(out);
}

}  // namespace

std::string usage() {
  return "usage: polypath-editor [MAP] [--screenshot OUT.png] [--steps N] [--size WxH] [--start X,Y] [--goal X,Y]\n"
         "                       [--bench-drag N]\n"
         "  MAP               map file to open (default: maps/seed-demo.json)\n"
         "  --start X,Y       start of the search: a world point on a polygon map, a cell column,row\n"
         "                    on a .map grid (default: the map's; on a grid the first free cell)\n"
         "  --goal X,Y        goal of the search, likewise (on a grid default the last free cell)\n"
         "  --screenshot OUT  render one frame without a window, write it as PNG and exit\n"
         "  --steps N         press Step N times before showing (the search's open and closed sets)\n"
         "  --size WxH        window size in pixels (default: the last one, first 1280x800)\n"
         "  --bench-drag N    drag a vertex for N frames headless and print the frame times (ms)\n";
}

ParsedCommandLine parseCommandLine(const std::vector<std::string>& args) {
  ParsedCommandLine r;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](const char* what) -> const std::string* {
      if (i + 1 >= args.size()) {
        r.error = a + " needs " + what;
        return nullptr;
      }
      return &args[++i];
    };
    if (a == "-h" || a == "--help") {
      r.help = true;
    } else if (a == "--screenshot") {
      const std::string* v = value("an output file");
      if (!v) return r;
      r.options.screenshot = *v;
      r.options.headless = true;
    } else if (a == "--steps") {
      const std::string* v = value("a number");
      if (!v) return r;
      if (!parseInt(*v, r.options.steps) || r.options.steps < 0) {
        r.error = "--steps needs a number >= 0, not '" + *v + "'";
        return r;
      }
    } else if (a == "--size") {
      const std::string* v = value("WxH");
      if (!v) return r;
      if (!parseSize(*v, r.options.width, r.options.height)) {
        r.error = "--size needs WxH with each side 64..16384, not '" + *v + "'";
        return r;
      }
      r.options.size_given = true;
    } else if (a == "--start" || a == "--goal") {
      const std::string* v = value("X,Y");
      if (!v) return r;
      Point p;
      if (!parsePoint(*v, p)) {
        r.error = a + " needs X,Y (world units on a polygon map, cell column,row on a .map), not '" + *v + "'";
        return r;
      }
      (a == "--start" ? r.options.start : r.options.goal) = p;
    } else if (a == "--bench-drag") {
      const std::string* v = value("a number of frames");
      if (!v) return r;
      if (!parseInt(*v, r.options.bench_drag) || r.options.bench_drag < 1 || r.options.bench_drag > 1000000) {
        r.error = "--bench-drag needs a number of frames 1..1000000, not '" + *v + "'";
        return r;
      }
      r.options.headless = true;
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      r.error = "unknown option " + a;
      return r;
    } else if (!r.options.map) {
      r.options.map = a;
    } else {
      r.error = "more than one map given ('" + r.options.map->string() + "' and '" + a + "')";
      return r;
    }
  }
  return r;
}

std::vector<std::filesystem::path> defaultMapCandidates(const std::filesystem::path& executable_dir) {
  std::vector<std::filesystem::path> out;
  if (!executable_dir.empty())
    for (const char* rel : {"../../maps", "../maps", "maps"})
      out.push_back((executable_dir / rel / kDefaultMapName).lexically_normal());
  const std::string source = POLYPATH_SOURCE_DIR;
  if (!source.empty()) out.push_back(std::filesystem::path(source) / "maps" / kDefaultMapName);
  return out;
}

std::optional<std::filesystem::path> findDefaultMap(const std::filesystem::path& executable_dir) {
  for (const auto& candidate : defaultMapCandidates(executable_dir)) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

std::filesystem::path executableDir() {
  if (char* base = SDL_GetBasePath()) {
    std::filesystem::path p(base);
    SDL_free(base);
    return p;
  }
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe.parent_path();
}

}  // namespace polypath::editor
