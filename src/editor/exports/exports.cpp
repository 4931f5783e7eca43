// exports.cpp: SVG, Posthoc trace, PNG and PNG-sequence exports of the editor.
#include "editor/exports/exports.hpp"

#include <algorithm>
#include <cstdio>
#include <system_error>

#include "editor/crowd/crowd_view.hpp"
#include "polypath/debug/layer_names.hpp"
#include "editor/app/app.hpp"
#include "editor/debugger/debugger.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/posthoc_trace.hpp"
#include "polypath/formats/svg_draw.hpp"
#include "stb_image_write.h"

namespace polypath::editor {

namespace fs = std::filesystem;

// [SECTION] Files

std::optional<std::string> sceneSvg(const Scene& scene, std::uint32_t layers, std::string* error, double width) {
  const PolygonMap* map = scene.polygonMap();
  if (!map) {
    if (error) *error = "no map to export: the map is empty or invalid (see the Problems tab)";
    return std::nullopt;
  }
  SvgDraw svg(SvgViewport::fit(*map, width));
  for (const Layer layer : sceneLayerOrder()) {
    if (!(layers & layer)) continue;
    svg.beginGroup(std::string("layer-") + layerKey(layer));
    scene.draw(svg, layer);
    svg.endGroup();
  }
  return svg.document();
}

std::optional<nlohmann::ordered_json> sceneTrace(const Scene& scene, std::string* error) {
  const Search* search = scene.search();
  if (!search || !search->graph()) {
    if (error) *error = "no search to export: the map needs a valid start and goal";
    return std::nullopt;
  }
  const SearchState& s = search->state();
  return posthocTrace(*search->graph(), s.start(), s.goal(), s.options());
}

std::string traceText(const nlohmann::ordered_json& trace) { return trace.dump(1) + "\n"; }

Image cropImage(const Image& image, const ScreenRect& rect) {
  const int x0 = std::clamp(static_cast<int>(rect.x), 0, image.width);
  const int y0 = std::clamp(static_cast<int>(rect.y), 0, image.height);
  const int x1 = std::clamp(static_cast<int>(rect.x + rect.w), x0, image.width);
  const int y1 = std::clamp(static_cast<int>(rect.y + rect.h), y0, image.height);
  Image out;
  out.width = x1 - x0;
  out.height = y1 - y0;
  out.rgba.reserve(static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.height) * 4);
  for (int y = y0; y < y1; ++y) {
    const auto row = image.rgba.begin() + (static_cast<std::ptrdiff_t>(y) * image.width + x0) * 4;
    out.rgba.insert(out.rgba.end(), row, row + static_cast<std::ptrdiff_t>(out.width) * 4);
  }
  return out;
}

std::string encodePng(const Image& image) {
  std::string bytes;
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4)
    return bytes;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  };
  if (!stbi_write_png_to_func(append, &bytes, image.width, image.height, 4, image.rgba.data(), image.width * 4))
    bytes.clear();
  return bytes;
}

bool writeFileAtomically(const std::string& bytes, const fs::path& file, std::string* error) {
  try {
    saveTextFileAtomically(bytes, file);
    return true;
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
}

std::string sequenceFileName(int k) {
  char name[32];
  std::snprintf(name, sizeof name, "step-%04d.png", k);
  return name;
}

// [SECTION] Exporter

void Exporter::requestPng(const fs::path& file, bool canvas_only) {
  Job job;
  job.target = file;
  job.canvas_only = canvas_only;
  job_ = job;
  written_ = 0;
}

void Exporter::requestSequence(const fs::path& dir, int steps, bool canvas_only) {
  Job job;
  job.sequence = true;
  job.target = dir;
  job.canvas_only = canvas_only;
  job.steps = steps;
  job_ = job;
  written_ = 0;
}

void Exporter::requestCrowdSequence(const fs::path& dir, int steps, bool canvas_only) {
  requestSequence(dir, steps, canvas_only);
  job_->crowd = true;
}

bool Exporter::startSequence() {
  std::error_code ec;
  fs::create_directories(job_->target, ec);
  if (ec || !fs::is_directory(job_->target)) {
    finish("Cannot write the sequence to " + job_->target.string() + ": " +
               (ec ? ec.message() : std::string("not a folder")) + ".",
           true);
    return false;
  }
  return true;
}

std::string Exporter::frameLabel() const {
  if (!capturing() || !job_->sequence) return {};
  if (job_->last < 0) return "Step " + std::to_string(job_->next);  // a crowd run until it is done
  return "Step " + std::to_string(job_->next) + " of " + std::to_string(job_->last);
}

void Exporter::finish(std::string message, bool error) {
  job_.reset();
  restore_ = live_;
  live_.reset();
  message_ = std::move(message);
  message_error_ = error;
}

void Exporter::beforeFrame(Scene& scene, SearchDebugger& debugger, CrowdView* crowd) {
  if (restore_) {  // a sequence ended: the live search where it was
    if (restore_->stepping)
      debugger.seek(scene, restore_->position);
    else
      scene.reset();
    restore_.reset();
  }
  if (!job_) return;
  if (!job_->sequence) {
    job_->armed = true;
    return;
  }
  if (job_->crowd) {
    if (!crowd || !crowd->crowd(0)) return finish("Cannot export a crowd sequence: there is no crowd (see the Crowd tab).", true);
    if (job_->next == 0) {
      if (!startSequence()) return;
      crowd->pause();
      job_->last = job_->steps;  // -1: until the crowd is done
    } else {
      crowd->step();
    }
    job_->crowd_done = crowd->done();
    job_->armed = true;
    return;
  }
  if (job_->last < 0) {
    // First frame: the folder, and how many frames the search has.
    SearchTimeline* t = debugger.sync(scene);
    if (!t) return finish("Cannot export a sequence: there is no search (the map needs a valid start and goal).", true);
    if (!startSequence()) return;
    job_->last = job_->steps < 0 ? t->count() : std::min(job_->steps, t->count());
    live_ = LivePosition{scene.stepping(), SearchDebugger::position(scene)};
  }
  debugger.seek(scene, job_->next);
  job_->armed = true;
}

void Exporter::afterRender(const Image& image, const ScreenRect& canvas) {
  if (!job_ || !job_->armed) return;
  const Image shot = job_->canvas_only ? cropImage(image, canvas) : image;
  const std::string png = encodePng(shot);
  const fs::path file = job_->sequence ? job_->target / sequenceFileName(job_->next) : job_->target;
  std::string error;
  if (png.empty())
    error = "the frame could not be read back or encoded";
  else
    writeFileAtomically(png, file, &error);
  if (!error.empty()) return finish("Export failed after " + std::to_string(written_) + " file(s): " + error, true);
  ++written_;
  if (!job_->sequence) return finish("Exported " + file.string(), false);
  if (job_->crowd && (job_->crowd_done || (job_->last >= 0 && job_->next >= job_->last)))
    return finish("Wrote " + std::to_string(written_) + " frames to " + job_->target.string(), false);
  if (!job_->crowd && job_->next >= job_->last) {
    const std::string note =
        job_->steps > job_->last ? " (the search ends after " + std::to_string(job_->last) + " expansions)" : "";
    return finish("Wrote " + std::to_string(written_) + " frames to " + job_->target.string() + note, false);
  }
  ++job_->next;
  job_->armed = false;
}

std::optional<std::string> Exporter::takeMessage(bool* error) {
  std::optional<std::string> m = std::move(message_);
  message_.reset();
  if (error) *error = message_error_;
  return m;
}

}  // namespace polypath::editor
