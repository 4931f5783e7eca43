// main.cpp: polypath-editor [MAP] [--screenshot OUT.png] [--steps N] [--size WxH] [--bench-drag N] [--bench-pan N]
// [--lesson FILE [--lesson-step K]] [--screenshot-sequence DIR] [--canvas-only] [--svg OUT.svg]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "editor/app/app.hpp"
#include "editor/document/background_job.hpp"
#include "editor/exports/exports_panel.hpp"
#include "editor/lessons/lessons.hpp"

namespace {

int runEditor(int argc, char** argv) {
  using namespace polypath::editor;
  const std::vector<std::string> args(argv + 1, argv + argc);
  const ParsedCommandLine cl = parseCommandLine(args);
  if (cl.help) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  std::string option_error = cl.error;
  if (option_error.empty() && cl.options.lesson) option_error = lessonStepError(*cl.options.lesson, cl.options.lesson_step);
  if (!option_error.empty()) {  // one line, as the polypath tool does; the usage only on --help
    std::fprintf(stderr, "polypath-editor: %s (%s)\n", option_error.c_str(), kUsageHint);
    return 2;
  }
  App app(cl.options);
  std::string error;
  const bool started = app.init(&error);
  if (!app.loadError().empty()) std::fprintf(stderr, "polypath-editor: %s\n", app.loadError().c_str());
  if (!started) {
    std::fprintf(stderr, "polypath-editor: %s\n", error.c_str());
    return app.noDisplay() ? 2 : 1;  // 2: no display, use --screenshot
  }
  if (cl.options.screenshot) return app.runScreenshot();
  if (cl.options.screenshot_sequence) return app.runScreenshotSequence();
  if (cl.options.svg && app.grid().active()) {  // SVG export draws polygon maps only
    std::fprintf(stderr, "polypath-editor: --svg exports polygon maps; %s is a grid (.map): use --screenshot OUT.png "
                 "or --screenshot-sequence DIR\n", cl.options.map ? cl.options.map->string().c_str() : "the map");
    return 2;
  }
  if (cl.options.svg) {  // the Export menu's SVG, of the scene as init() left it
    const bool ok = exportSvg(app.scene(), app.ui(), *cl.options.svg);
    std::fprintf(ok ? stdout : stderr, "polypath-editor: %s\n", app.ui().status.c_str());
    return ok ? (app.loadError().empty() ? 0 : 2) : 1;
  }
  if (cl.options.bench_drag > 0) return app.runBenchDrag();
  if (cl.options.bench_pan > 0) return app.runBenchPan();
  return app.run();
}

}  // namespace

int main(int argc, char** argv) {
  const int code = runEditor(argc, argv);  // the App is gone: recovery written, window closed
  // A map build that GEOS is still running (a large map closed while it opened) cannot be
  // stopped: end the process instead of waiting for it.
  if (polypath::editor::g_running_background_jobs.load() > 0) {
    std::fflush(nullptr);
    std::_Exit(code);
  }
  return code;
}
