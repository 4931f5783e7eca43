// exports.hpp: what the editor writes besides maps: a PNG of the canvas (the code of
// --screenshot), an SVG of the scene (io/svg_draw), the search as a Posthoc search trace
// (io/posthoc_trace) and a numbered PNG sequence of the stepped search for slides.
//
// [SECTION] Files (SVG, trace, PNG bytes)
// [SECTION] Exporter (PNG and sequences, captured by the App's frames)
//
// Every file is written atomically (saveTextFileAtomically: temporary file, fsync,
// rename), so a failed export never leaves half a file; errors come back as messages.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "editor/canvas/camera.hpp"
#include "editor/document/scene.hpp"

namespace polypath::editor {

struct Image;
class SearchDebugger;
class CrowdView;

// [SECTION] Files

/// Width of an SVG export in pixels (the default of `polypath svg`, so both give the
/// same coordinates for the same map).
inline constexpr double kSvgExportWidth = 800.0;

/// The scene as SVG: the built map fitted into `width` pixels (SvgViewport::fit), one
/// <g id="layer-NAME"> per layer of `layers` in sceneLayerOrder(), each drawn by
/// Scene::draw (so the path, search sets and markers are what the canvas shows). Returns
/// nullopt and sets `error` when there is no built map.
std::optional<std::string> sceneSvg(const Scene& scene, std::uint32_t layers, std::string* error,
                                    double width = kSvgExportWidth);

/// The scene's search (its graph, start, goal and options) from start to goal as a
/// Posthoc search trace: exactly what `polypath trace` writes for the same map and query.
/// nullopt and `error` set when there is no search (no valid map, start or goal).
std::optional<nlohmann::ordered_json> sceneTrace(const Scene& scene, std::string* error);

/// The text `polypath trace` writes for a trace (indent 1, final newline).
std::string traceText(const nlohmann::ordered_json& trace);

/// The part of `image` inside `rect` (clipped to the image).
Image cropImage(const Image& image, const ScreenRect& rect);

/// PNG file bytes of an image (stb_image_write); empty when it cannot be encoded.
std::string encodePng(const Image& image);

/// Writes `bytes` to `file` atomically. False with `error` ("cannot write F: reason;
/// check that the folder exists and is writable") on failure. Never throws.
bool writeFileAtomically(const std::string& bytes, const std::filesystem::path& file, std::string* error);

/// File name of frame k of a PNG sequence: "step-0000.png" (at least 4 digits).
std::string sequenceFileName(int k);

// [SECTION] Exporter

/// Exports that need rendered frames. The panels ask (requestPng, requestSequence); the
/// App calls beforeFrame() at the start of every frame (moves the search to the next
/// frame of a sequence) and, when capturing() is true, hands the frame's image to
/// afterRender(), which writes it. A PNG is captured one frame after it was asked for, so
/// the menu that asked is closed by then. A sequence writes one PNG per frame: frame k
/// shows the search after k expansions, k = 0 .. min(steps, expansions of the search).
class Exporter {
 public:
  /// Writes the next frame (the canvas only when `canvas_only`) to `file`.
  void requestPng(const std::filesystem::path& file, bool canvas_only);
  /// Writes DIR/step-0000.png .. DIR/step-NNNN.png, one frame per expansion, from 0 to
  /// `steps` expansions (a negative `steps`: to the end of the search). The folder is
  /// created when missing. Once the sequence ends (or fails) the live search goes back
  /// to where it was before the first frame.
  void requestSequence(const std::filesystem::path& dir, int steps, bool canvas_only);
  /// Writes DIR/step-0000.png .. one frame per crowd time step: frame k shows the Crowd
  /// tab's crowd(s) after k steps, until every agent arrived (or the step limit) or, with
  /// `steps` >= 0, `steps` steps. Stops Play; the crowd is left where the sequence ended.
  void requestCrowdSequence(const std::filesystem::path& dir, int steps, bool canvas_only);
  /// True while a sequence or PNG is pending, and until the frame after a sequence put
  /// the live search back.
  bool busy() const { return job_.has_value() || restore_.has_value(); }
  /// True when this frame is to be captured (call after beforeFrame()).
  bool capturing() const { return job_ && job_->armed; }
  /// True when the frame being captured is cropped to the canvas (no widgets may show).
  bool capturingCanvasOnly() const { return capturing() && job_->canvas_only; }
  /// While a sequence's frame is captured: "Step k of n" (k expansions of n); else empty.
  std::string frameLabel() const;

  /// Start of a frame: arms a pending PNG; for a sequence, creates the folder at the
  /// first frame and moves the scene's search (through `debugger`) to the next frame's
  /// expansion, or for a crowd sequence steps `crowd` once (none at frame 0).
  void beforeFrame(Scene& scene, SearchDebugger& debugger, CrowdView* crowd = nullptr);
  /// After rendering a captured frame: writes it (cropped to `canvas` when asked).
  void afterRender(const Image& image, const ScreenRect& canvas);

  /// A message for the status line after a job ended or failed ("Wrote 41 frames to
  /// DIR"); taken (cleared) by the caller. `error` tells whether it is an error.
  std::optional<std::string> takeMessage(bool* error);
  /// Files written by the last (or current) job.
  int written() const { return written_; }

 private:
  struct Job {
    bool sequence = false;
    std::filesystem::path target;  // the PNG, or the sequence's folder
    bool canvas_only = false;
    int steps = -1;    // sequence: last expansion asked for (-1: the end)
    int next = 0;      // sequence: the frame to capture next
    int last = -1;     // sequence: the last frame (known at the first frame)
    bool armed = false;
    bool crowd = false;       // a crowd sequence: frame k after k time steps
    bool crowd_done = false;  // the crowd finished with this frame
  };
  bool startSequence();  // first frame of a sequence: the folder; false (job finished) when it cannot be made
  // Where the live search stood before a sequence: stepping at `position`, or not stepping.
  struct LivePosition {
    bool stepping = false;
    int position = 0;
  };
  void finish(std::string message, bool error);

  std::optional<Job> job_;
  std::optional<LivePosition> live_;     // the search before the running sequence
  std::optional<LivePosition> restore_;  // put the search back here at the next beforeFrame()
  std::optional<std::string> message_;
  bool message_error_ = false;
  int written_ = 0;
};

}  // namespace polypath::editor
