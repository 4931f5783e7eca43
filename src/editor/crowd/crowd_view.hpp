// crowd_view.hpp: the editor's Crowd tab model: a crowd (polypath::crowd) on the open map,
// or two (funnel and portals steering, same map, spawn and seed) stepped together for
// Compare; Play, Pause, Step, Reset, and the agents drawn as discs with a heading and a
// line to their current target.
//
// The crowd reflects the open document: sync() rebuilds it (back to step 0) whenever the
// document was replaced or edited, or the settings changed. Runs are deterministic, so the
// tab's metrics equal `polypath crowd --json` for the same map, settings and seed.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "polypath/crowd/crowd.hpp"
#include "polypath/debug/debug_draw.hpp"
#include "editor/document/scene.hpp"

namespace polypath::editor {

/// What the Crowd tab runs (world units, seconds).
struct CrowdSettings {
  int agents = 30;                          ///< 1 .. kMaxCrowdAgents
  double radius = 0.4;                      ///< > 0
  double speed = 1.0;                       ///< maximum speed, world units per second, > 0
  crowd::Steer steer = crowd::Steer::Funnel;
  std::uint64_t seed = 1;
  std::optional<crowd::Rect> from, to;      ///< spawn and goal areas; none: around the map's start and goal
  bool compare = false;                     ///< run both steering modes side by side
  friend bool operator==(const CrowdSettings&, const CrowdSettings&) = default;
};
/// The agents' disc colour on the canvas.
inline constexpr Color kCrowdAgentColor{70, 150, 255, 255};
/// Most agents the tab spawns.
inline constexpr int kMaxCrowdAgents = 2000;
/// Most steps per frame while playing.
inline constexpr int kMaxCrowdStepsPerFrame = 50;

/// The run `polypath crowd` makes for these settings on `doc` (arrival within 2 radii, the
/// map's start and goal as the default spawn and goal places), steered by `steer`.
crowd::CrowdConfig crowdConfig(const CrowdSettings& settings, const MapDocument& doc, crowd::Steer steer);

/// Which area a left drag on the canvas draws while the Crowd tab is open.
enum class CrowdArea { None, Spawn, Goal };

/// The area tool and the rectangle being dragged (world units).
struct CrowdAreaDrag {
  CrowdArea tool = CrowdArea::None;
  std::optional<Point> from, to;  ///< the drag's corners while the button is held
};

/// The rectangle spanned by two corners (any order); nullopt when it has no width or height.
std::optional<crowd::Rect> rectBetween(Point a, Point b);

/// The crowd (or the two crowds of Compare) on the scene's map.
class CrowdView {
 public:
  CrowdView();
  ~CrowdView();
  CrowdView(const CrowdView&) = delete;
  CrowdView& operator=(const CrowdView&) = delete;

  CrowdSettings settings;     ///< edited by the tab; sync() applies changes
  int steps_per_frame = 1;    ///< steps each frame while playing, 1 .. kMaxCrowdStepsPerFrame
  CrowdAreaDrag area;         ///< the canvas's area tool (crowd_panel.hpp)
  std::string sequence_folder = "crowd-frames";  ///< where the tab's PNG sequence goes

  /// Rebuilds the crowd(s) at step 0 when the document was replaced or edited or the
  /// settings changed since the last call (stops Play). Failures (no start, a radius that
  /// erodes everything, too many agents) go to error(); there is then no crowd. Never throws.
  void sync(const Scene& scene);
  /// Starts playing (from step 0 when every crowd is done).
  void play();
  void pause() { playing_ = false; }
  /// One time step of every crowd; stops Play.
  void step();
  /// Back to step 0 (rebuilt); stops Play.
  void reset();
  /// While playing: steps_per_frame steps of every crowd; Play stops once all are done.
  /// Call once per frame.
  void update();
  bool playing() const { return playing_; }
  /// Every crowd done (all arrived or the step limit), or none.
  bool done() const;

  /// 1, or 2 with settings.compare (side 0 funnel, side 1 portals).
  int sides() const { return settings.compare ? 2 : 1; }
  /// Side i's crowd; null when there is none (see error()).
  const crowd::Crowd* crowd(int side) const { return crowds_[static_cast<std::size_t>(side)].get(); }
  /// Side i's steering.
  crowd::Steer steer(int side) const;
  /// Why there is no crowd ("agent radius 9 erodes the whole walkable region ..."), or empty.
  const std::string& error() const { return error_; }
  /// Seconds the last step of all sides took (wall time), for the tab's display.
  double lastStepSeconds() const { return last_step_seconds_; }

  /// Draws side i: the spawn and goal areas, the region the centres move in (outline), the
  /// agents as discs (pixel radius = radius * pixels_per_unit) with a heading tick, and a
  /// line from each agent to its target. Arrived agents are not drawn.
  void draw(DebugDraw& dd, int side, double pixels_per_unit) const;

 private:
  void rebuild();
  void stepAll();  // one step of every crowd, timed
  const Scene* scene_ = nullptr;
  std::uint64_t built_generation_ = 0, built_edits_ = 0;
  CrowdSettings built_settings_;
  bool built_ = false;
  MapDocument doc_;  // the document the crowds run on
  std::unique_ptr<ClearanceSet> set_;
  std::array<std::unique_ptr<crowd::Crowd>, 2> crowds_;
  std::string error_;
  bool playing_ = false;
  double last_step_seconds_ = 0.0;
};

}  // namespace polypath::editor
