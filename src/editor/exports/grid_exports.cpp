// grid_exports.cpp: --screenshot-sequence on a .map grid: one PNG per expansion of the
// grid search (the polygon scene's sequence goes through Exporter and the debugger).
#include <algorithm>
#include <climits>
#include <cstdio>
#include <system_error>

#include "editor/app/app.hpp"
#include "editor/exports/exports.hpp"

namespace polypath::editor {

int App::runGridSequence() {
  namespace fs = std::filesystem;
  const fs::path dir = *options_.screenshot_sequence;
  if (!grid_.hasSearch()) {
    std::fprintf(stderr, "polypath-editor: cannot export a sequence: the grid has no start and goal cell\n");
    return 1;
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    std::fprintf(stderr, "polypath-editor: cannot write the sequence to %s: %s\n", dir.string().c_str(),
                 ec ? ec.message().c_str() : "not a folder");
    return 1;
  }
  grid_.finish();  // the whole search's expansions: the n of "Step k of n"
  const int total = static_cast<int>(grid_.state().expandedCount());
  const int last = options_.steps > 0 ? std::min(options_.steps, total) : total;
  grid_.stepToStart();
  int written = 0;
  for (int k = 0;; ++k) {
    Image image;
    sequence_label_ = "Step " + std::to_string(k) + " of " + std::to_string(last);
    frame(&image);
    sequence_label_.clear();
    if (options_.canvas_only) image = cropImage(image, canvasRect(width(), height(), appearance_.scale()));
    std::string error;
    const std::string png = encodePng(image);
    if (png.empty()) error = "the frame could not be read back or encoded";
    else writeFileAtomically(png, dir / sequenceFileName(k), &error);
    if (!error.empty()) {
      std::fprintf(stderr, "polypath-editor: export failed after %d file(s): %s\n", written, error.c_str());
      return 1;
    }
    ++written;
    if (k >= last || grid_.state().status() != SearchStatus::Running) break;
    grid_.step();
  }
  std::printf("polypath-editor: Wrote %d frames to %s\n", written, dir.string().c_str());
  return load_error_.empty() ? 0 : 2;
}

}  // namespace polypath::editor
