// lesson_crowd.cpp: crowd placeholders in lesson captions (see lesson_crowd.hpp).
#include "lessons/lesson_crowd.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <optional>

#include "polypath/crowd/metrics_json.hpp"

namespace polypath {

std::vector<CrowdPlaceholder> findCrowdPlaceholders(std::string_view caption) {
  static constexpr std::string_view kOpen = "{crowd.";
  std::vector<CrowdPlaceholder> out;
  for (std::size_t at = caption.find(kOpen); at != std::string_view::npos; at = caption.find(kOpen, at + 1)) {
    CrowdPlaceholder p;
    p.offset = at;
    const std::size_t close = caption.find('}', at);
    p.size = close == std::string_view::npos ? caption.size() - at : close + 1 - at;
    if (close != std::string_view::npos) {
      const std::string_view inner = caption.substr(at + kOpen.size(), close - at - kOpen.size());
      const std::size_t dot = inner.find('.');
      if (dot != std::string_view::npos && dot > 0 && dot + 1 < inner.size()) {
        p.steer = inner.substr(0, dot);
        p.field = inner.substr(dot + 1);
      }
    }
    out.push_back(p);
  }
  return out;
}

crowd::CrowdConfig lessonCrowdConfig(const Lesson& lesson, crowd::Steer steer) {
  const LessonCrowd settings = lesson.crowd.value_or(LessonCrowd{});
  crowd::CrowdConfig c;
  c.agents = settings.agents;
  c.radius = settings.radius;
  c.speed = settings.speed;
  c.seed = settings.seed;
  c.max_steps = settings.max_steps;
  c.steer = steer;
  c.arrive_distance = crowd::exitArriveDistance(c.radius);
  if (lesson.settings.start) c.start = *lesson.settings.start;
  if (lesson.settings.goal) c.goal = *lesson.settings.goal;
  return c;
}

std::string captionNumber(const nlohmann::ordered_json& value) {
  if (value.is_null()) return "-";
  if (value.is_string()) return value.get<std::string>();
  const double v = value.get<double>();
  char text[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15) std::snprintf(text, sizeof text, "%.0f", v);
  else std::snprintf(text, sizeof text, "%.4g", v);
  return text;
}

std::vector<std::string> fillCrowdCaptions(Lesson& lesson) {
  std::vector<std::string> problems;
  const std::array<crowd::Steer, 2> steers{crowd::Steer::Funnel, crowd::Steer::Portals};
  std::array<std::optional<nlohmann::ordered_json>, 2> runs;  // by steers' index, run when first cited
  std::optional<ClearanceSet> set;
  std::vector<std::string> captions;
  for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
    std::string text = lesson.steps[i].caption;
    const std::vector<CrowdPlaceholder> found = findCrowdPlaceholders(text);
    for (auto p = found.rbegin(); p != found.rend(); ++p) {  // back to front: offsets stay valid
      const std::string written = text.substr(p->offset, p->size);
      const std::string where = lesson.source + ": /steps/" + std::to_string(i) + "/caption: '" + written + "': ";
      if (p->steer.empty()) {
        problems.push_back(where + "expected {crowd.STEER.FIELD}, for example {crowd.portals.time_all}");
        continue;
      }
      if (!lesson.crowd) {
        problems.push_back(where + "the lesson has no \"crowd\" settings to run");
        continue;
      }
      crowd::Steer steer;
      if (!crowd::parseSteer(p->steer, steer)) {
        problems.push_back(where + "unknown steering '" + p->steer + "' (known: funnel, portals)");
        continue;
      }
      const std::size_t k = steer == steers[0] ? 0 : 1;
      if (!runs[k]) {
        try {
          if (!set) set.emplace(lesson.map);
          crowd::Crowd c(*set, lessonCrowdConfig(lesson, steer));
          runs[k] = crowd::metricsJson(c.run(), steer);
        } catch (const std::exception& e) {
          problems.push_back(where + "the crowd run failed: " + e.what());
          return problems;
        }
      }
      const auto value = runs[k]->find(p->field);
      if (value == runs[k]->end()) {
        std::string known;
        for (const auto& [key, v] : runs[k]->items()) known += (known.empty() ? "" : ", ") + key;
        problems.push_back(where + "unknown field '" + p->field + "' (known: " + known + ")");
        continue;
      }
      text.replace(p->offset, p->size, captionNumber(*value));
    }
    captions.push_back(std::move(text));
  }
  if (problems.empty())
    for (std::size_t i = 0; i < captions.size(); ++i) lesson.steps[i].caption = std::move(captions[i]);
  return problems;
}

}  // namespace polypath
