// command_line.cpp: argument parsing and default map lookup.
#include "editor/app/command_line.hpp"

#include "editor/canvas/camera.hpp"
#include "editor/compare/compare_view.hpp"
#include "editor/document/scene_method.hpp"

#include <algorithm>
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

// A number from lo to hi, the whole string.
bool parseNumberIn(const std::string& s, double lo, double hi, double& out) {
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end != '\0' || !(v >= lo && v <= hi)) return false;
  out = v;
  return true;
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
         "                       [--bench-drag N] [--bench-pan N] [--lesson FILE [--lesson-step K]] [--screenshot-sequence DIR]\n"
         "                       [--canvas-only] [--svg OUT.svg] [--zoom F] [--centre X,Y]\n"
         "  MAP               map file to open (default: maps/seed-demo.json)\n"
         "  --start X,Y       start of the search: a world point on a polygon map, a cell column,row\n"
         "                    on a .map grid (default: the map's; on a grid the first free cell)\n"
         "  --goal X,Y        goal of the search, likewise (on a grid default the last free cell)\n"
         "  --screenshot OUT  render one frame without a window, write it as PNG and exit\n"
         "  --steps N         press Step N times before showing (the search's open and closed sets)\n"
         "  --size WxH        window size in pixels (default: the last one, first 1280x800)\n"
         "  --bench-drag N    drag a vertex for N frames headless and print the frame times (ms)\n"
         "  --bench-pan N     zoom and pan for N frames headless and print the frame times (ms)\n"
         "  --zoom F          --screenshot shows the fitted view zoomed in F times (1..100000) about\n"
         "                    its centre; --bench-pan zooms in F times instead of 8\n"
         "  --centre X,Y      the world point --zoom and --bench-pan centre the view on first\n"
         "  --method M        search method: visibility (default), polyanya, centre, portal, grid[:CELL]\n"
         "  --funnel-step K   (centre, portal) show the funnel after K portal steps\n"
         "  --compare P       open the Compare tab: astar-dijkstra, weight, visibility-navmesh,\n"
         "                    navmesh-grid or triangle-polyanya, both searches at their end\n"
         "                    (with --steps N: both after N expansions)\n"
         "  --lesson FILE     play a lesson (maps/lessons/*.json): its map, settings and captions\n"
         "  --lesson-step K   show lesson step K (1-based; default 1)\n"
         "  --screenshot-sequence DIR\n"
         "                    write DIR/step-0000.png .. one per expansion (to --steps N, default\n"
         "                    the whole search) without a window, and exit\n"
         "  --canvas-only     screenshots show the canvas only, without the panel column\n"
         "                    (with --size WxH the image is WxH: the window widens by the column)\n"
         "  --svg OUT.svg     write the scene as SVG (the Export menu's SVG) without a window, and exit\n"
         "  --scale F         line widths, points, fonts and labels times F (0.25..8; default: 1 in the\n"
         "                    window, in exports from the output size: 1920x1080 is 1.35)\n"
         "  --legend          exports carry a legend: what each colour means, for the layers drawn\n"
         "  --caption TEXT    exports carry this caption (in a lesson: the step's caption)\n"
         "  --theme T         colour theme: dark or light (default: the last one, first dark)\n"
         "  --ui-scale S      panel font and sizes: 1, 1.5, 2 or auto, from the display's DPI\n"
         "                    (default: the last one, first auto)\n";
}

ParsedCommandLine parseCommandLine(const std::vector<std::string>& args) {
  ParsedCommandLine r;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    // The next argument as the option's value; nothing (and an error "--start needs a value
    // X,Y") at the end or before another option, which is never taken as a value.
    auto value = [&](const char* what) -> const std::string* {
      if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0) {
        r.error = a + " needs a value " + what;
        return nullptr;
      }
      return &args[++i];
    };
    if (a == "-h" || a == "--help") {
      r.help = true;
    } else if (a == "--screenshot") {
      const std::string* v = value("OUT.png");
      if (!v) return r;
      r.options.screenshot = *v;
      r.options.headless = true;
    } else if (a == "--screenshot-sequence") {
      const std::string* v = value("DIR");
      if (!v) return r;
      r.options.screenshot_sequence = *v;
      r.options.headless = true;
    } else if (a == "--svg") {
      const std::string* v = value("OUT.svg");
      if (!v) return r;
      r.options.svg = *v;
      r.options.headless = true;
    } else if (a == "--canvas-only") {
      r.options.canvas_only = true;
    } else if (a == "--legend") {
      r.options.legend = true;
    } else if (a == "--caption") {
      const std::string* v = value("TEXT");
      if (!v) return r;
      r.options.caption = *v;
    } else if (a == "--scale" || a == "--zoom") {
      const bool zoom = a == "--zoom";
      const std::string* v = value("F");
      if (!v) return r;
      if (!parseNumberIn(*v, zoom ? 1.0 : 0.25, zoom ? 1e5 : 8.0, zoom ? r.options.zoom : r.options.scale)) {
        r.error = a + " needs a factor " + (zoom ? "1..100000" : "0.25..8") + ", not '" + *v + "'";
        return r;
      }
    } else if (a == "--theme") {
      const std::string* v = value("T");
      if (!v) return r;
      if (*v != "dark" && *v != "light") {
        r.error = "--theme needs dark or light, not '" + *v + "'";
        return r;
      }
      r.options.theme = *v == "light" ? Theme::Light : Theme::Dark;
    } else if (a == "--ui-scale") {
      const std::string* v = value("S");
      if (!v) return r;
      char* end = nullptr;
      const float f = *v == "auto" ? kUiScaleAuto : std::strtof(v->c_str(), &end);
      const bool listed = std::find(std::begin(kUiScales), std::end(kUiScales), f) != std::end(kUiScales);
      if (*v != "auto" && (v->empty() || *end != '\0' || !listed || f == kUiScaleAuto)) {
        r.error = "--ui-scale needs 1, 1.5, 2 or auto, not '" + *v + "'";
        return r;
      }
      r.options.ui_scale = f;
    } else if (a == "--lesson") {
      const std::string* v = value("FILE");
      if (!v) return r;
      r.options.lesson = *v;
    } else if (a == "--lesson-step") {
      const std::string* v = value("K");
      if (!v) return r;
      if (!parseInt(*v, r.options.lesson_step) || r.options.lesson_step < 1) {
        r.error = "--lesson-step needs a step number >= 1, not '" + *v + "'";
        return r;
      }
    } else if (a == "--steps") {
      const std::string* v = value("N");
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
    } else if (a == "--start" || a == "--goal" || a == "--centre" || a == "--center") {
      const std::string* v = value("X,Y");
      if (!v) return r;
      Point p;
      const bool endpoint = a == "--start" || a == "--goal";
      if (!parsePoint(*v, p)) {
        r.error = a + " needs X,Y (world units" + (endpoint ? " on a polygon map, cell column,row on a .map" : "") +
                  "), not '" + *v + "'";
        return r;
      }
      (a == "--start" ? r.options.start : a == "--goal" ? r.options.goal : r.options.centre) = p;
    } else if (a == "--bench-drag") {
      const std::string* v = value("N");
      if (!v) return r;
      if (!parseInt(*v, r.options.bench_drag) || r.options.bench_drag < 1 || r.options.bench_drag > 1000000) {
        r.error = "--bench-drag needs a number of frames 1..1000000, not '" + *v + "'";
        return r;
      }
      r.options.headless = true;
    } else if (a == "--bench-pan") {
      const std::string* v = value("N");
      if (!v) return r;
      if (!parseInt(*v, r.options.bench_pan) || r.options.bench_pan < 1 || r.options.bench_pan > 1000000) {
        r.error = "--bench-pan needs a number of frames 1..1000000, not '" + *v + "'";
        return r;
      }
      r.options.headless = true;
    } else if (a == "--method") {
      const std::string* v = value("M");
      if (!v) return r;
      MethodSettings m;
      if (!parseMethodSettings(*v, m)) {
        r.error = "--method needs " + methods().names(", ") + " (grid:CELL: a cell size), not '" + *v + "'";
        return r;
      }
      r.options.method = *v;
    } else if (a == "--funnel-step") {
      const std::string* v = value("K");
      if (!v) return r;
      if (!parseInt(*v, r.options.funnel_step) || r.options.funnel_step < 0) {
        r.error = "--funnel-step needs a number >= 0, not '" + *v + "'";
        return r;
      }
    } else if (a == "--compare") {
      const std::string* v = value("P");
      if (!v) return r;
      ComparePreset p;
      if (!parseComparePreset(*v, p)) {
        r.error = "--compare needs astar-dijkstra, weight, visibility-navmesh, navmesh-grid or triangle-polyanya, not '" +
                  *v + "'";
        return r;
      }
      r.options.compare = *v;
    } else if (!a.empty() && a[0] == '-' && a != "-") {
      r.error = "unknown option '" + a + "'";
      return r;
    } else if (!r.options.map) {
      r.options.map = a;
    } else {
      r.error = "more than one map given ('" + r.options.map->string() + "' and '" + a + "')";
      return r;
    }
  }
  if (r.options.screenshot && r.options.screenshot_sequence) r.error = "give --screenshot or --screenshot-sequence, not both";
  // Options that would be silently ignored are refused.
  MethodSettings method;
  const bool has_funnel = parseMethodSettings(r.options.method, method) && methods().create(method.name)->funnel();
  if (r.error.empty() && r.options.funnel_step >= 0 && !has_funnel && !r.options.lesson)
    r.error = "--funnel-step needs --method centre or portal (the funnel of triangle A*)";
  // --canvas-only --size WxH: the canvas is WxH, the window wider by the panel column.
  if (r.options.canvas_only && r.options.size_given)
    r.options.width = windowWidthForCanvas(r.options.width, std::max(1.0f, r.options.ui_scale.value_or(1.0f)));
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
