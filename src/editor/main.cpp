// main.cpp: polypath-editor [MAP] [--screenshot OUT.png] [--steps N] [--size WxH] [--bench-drag N]
#include <cstdio>
#include <string>
#include <vector>

#include "editor/app.hpp"

int main(int argc, char** argv) {
  using namespace polypath::editor;
  const std::vector<std::string> args(argv + 1, argv + argc);
  const ParsedCommandLine cl = parseCommandLine(args);
  if (cl.help) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  if (!cl.error.empty()) {
    std::fprintf(stderr, "polypath-editor: %s\n%s", cl.error.c_str(), usage().c_str());
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
  if (cl.options.bench_drag > 0) return app.runBenchDrag();
  return app.run();
}
