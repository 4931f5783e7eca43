// crowd_view.cpp: CrowdView (see crowd_view.hpp).
#include "editor/crowd/crowd_view.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace polypath::editor {
namespace {

constexpr Color kAreaFrom{90, 200, 120, 255};
constexpr Color kAreaTo{255, 80, 220, 255};
constexpr Color kAgentHeading{235, 240, 250, 255};
constexpr Color kTargetLine{255, 200, 60, 255};
constexpr Color kPortal{255, 200, 60, 140};

void drawRect(DebugDraw& dd, const crowd::Rect& r, Color c) {
  const Point a{r.x, r.y}, b{r.x + r.w, r.y}, d{r.x + r.w, r.y + r.h}, e{r.x, r.y + r.h};
  dd.line(a, b, c, 1.5f);
  dd.line(b, d, c, 1.5f);
  dd.line(d, e, c, 1.5f);
  dd.line(e, a, c, 1.5f);
}

}  // namespace

std::optional<crowd::Rect> rectBetween(Point a, Point b) {
  const crowd::Rect r{std::min(a.x, b.x), std::min(a.y, b.y), std::fabs(b.x - a.x), std::fabs(b.y - a.y)};
  if (!(r.w > 0.0) || !(r.h > 0.0)) return std::nullopt;
  return r;
}

crowd::CrowdConfig crowdConfig(const CrowdSettings& s, const MapDocument& doc, crowd::Steer steer) {
  crowd::CrowdConfig c;
  c.agents = s.agents;
  c.radius = s.radius;
  c.speed = s.speed;
  c.steer = steer;
  c.seed = s.seed;
  c.from = s.from;
  c.to = s.to;
  c.arrive_distance = crowd::exitArriveDistance(s.radius);
  if (doc.start) c.start = *doc.start;
  if (doc.goal) c.goal = *doc.goal;
  return c;
}

CrowdView::CrowdView() = default;
CrowdView::~CrowdView() = default;

crowd::Steer CrowdView::steer(int side) const {
  if (!settings.compare) return settings.steer;
  return side == 0 ? crowd::Steer::Funnel : crowd::Steer::Portals;
}

void CrowdView::sync(const Scene& scene) {
  if (built_ && scene_ == &scene && built_generation_ == scene.documentGeneration() &&
      built_edits_ == scene.editCount() && built_settings_ == settings)
    return;
  scene_ = &scene;
  built_generation_ = scene.documentGeneration();
  built_edits_ = scene.editCount();
  built_settings_ = settings;
  built_ = true;
  doc_ = scene.document();
  set_.reset();
  rebuild();
}

void CrowdView::rebuild() {
  playing_ = false;
  crowds_ = {};
  error_.clear();
  try {
    if (!settings.from && !doc_.start) throw crowd::CrowdError("the map has no start: set one, or draw a spawn area");
    if (!settings.to && !doc_.goal) throw crowd::CrowdError("the map has no goal: set one, or draw a goal area");
    if (!set_) set_ = std::make_unique<ClearanceSet>(doc_);
    for (int i = 0; i < sides(); ++i)
      crowds_[static_cast<std::size_t>(i)] = std::make_unique<crowd::Crowd>(*set_, crowdConfig(settings, doc_, steer(i)));
  } catch (const std::exception& e) {
    crowds_ = {};
    error_ = e.what();
  }
}

bool CrowdView::done() const {
  for (const auto& c : crowds_)
    if (c && !c->done()) return false;
  return true;
}

void CrowdView::play() {
  if (!crowds_[0]) return;
  if (done()) rebuild();
  playing_ = true;
}

void CrowdView::stepAll() {
  const auto t0 = std::chrono::steady_clock::now();
  for (auto& c : crowds_)
    if (c) c->step();
  last_step_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void CrowdView::step() {
  playing_ = false;
  stepAll();
}

void CrowdView::reset() {
  if (built_) rebuild();
}

void CrowdView::update() {
  if (!playing_) return;
  for (int k = 0; k < steps_per_frame && !done(); ++k) stepAll();
  if (done()) playing_ = false;
}

void CrowdView::draw(DebugDraw& dd, int side, double pixels_per_unit) const {
  if (settings.from) drawRect(dd, *settings.from, kAreaFrom);
  if (settings.to) drawRect(dd, *settings.to, kAreaTo);
  const crowd::Crowd* c = crowd(side);
  if (!c) return;
  drawClearanceOutline(dd, c->level().map(), LayerClearanceOutline);
  const float r = static_cast<float>(std::max(2.0, c->config().radius * pixels_per_unit));
  for (const crowd::Agent& a : c->agents()) {
    if (a.arrived) continue;
    if (a.target.has_portal) dd.line(a.target.portal.left, a.target.portal.right, kPortal, 1.0f);
    dd.line(a.position, a.target.point, kTargetLine, 1.0f);
  }
  for (const crowd::Agent& a : c->agents()) {
    if (a.arrived) continue;
    dd.point(a.position, kCrowdAgentColor, r);
    // Heading: the velocity of the last step, else the way to the target.
    Point h = a.velocity;
    if (dot(h, h) == 0.0) h = a.target.point - a.position;
    const double n = std::sqrt(dot(h, h));
    if (n > 0.0) dd.line(a.position, a.position + h * (a.radius / n), kAgentHeading, 2.0f);
  }
}

}  // namespace polypath::editor
