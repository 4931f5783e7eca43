// lesson_check.cpp: checkLesson (see lesson_check.hpp).
#include "lessons/lesson_check.hpp"

#include "lessons/lesson_crowd.hpp"

#include "polypath/core/polygon_map.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath {

std::vector<std::string> checkLesson(const Lesson& lesson) {
  std::vector<std::string> problems;
  const std::string& src = lesson.source;
  MapDocument doc = lesson.map;
  doc.start = lesson.settings.start;
  doc.goal = lesson.settings.goal;
  doc.settings.corner_offset = lesson.settings.corner_offset;
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error) problems.push_back(src + ": map: " + p.describe());
  if (!lesson.settings.start) problems.push_back(src + ": /settings/start: no start (neither the lesson nor the map sets one)");
  if (!lesson.settings.goal) problems.push_back(src + ": /settings/goal: no goal (neither the lesson nor the map sets one)");
  if (!problems.empty()) return problems;

  const PolygonMap map = buildPolygonMap(lesson.map);
  // Replay the settings changes in order, checking points and node ids as they apply.
  LessonSettings s = lesson.settings;
  for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
    for (std::size_t k = 0; k < lesson.steps[i].actions.size(); ++k) {
      const LessonAction& a = lesson.steps[i].actions[k];
      const std::string where = src + ": /steps/" + std::to_string(i) + "/actions/" + std::to_string(k) + ": '" + a.text + "': ";
      if (a.kind == LessonAction::Kind::Set) {
        a.change.applyTo(s);
        if (a.change.name == SettingChange::Name::Start || a.change.name == SettingChange::Name::Goal) {
          const PointLocation loc = map.locate(a.change.point);
          if (!loc.walkable()) problems.push_back(where + "the point is " + loc.describe());
        }
      }
      const bool names_node = (a.kind == LessonAction::Kind::RunUntil && a.until == Breakpoint::Kind::NodeExpanded) ||
                              a.kind == LessonAction::Kind::Inspect;
      if (names_node && a.node.kind == LessonNode::Kind::Id && s.method == "visibility") {
        const VisibilityGraph graph(map, VisibilityOptions{s.corner_offset});
        const auto nodes = static_cast<NodeId>(graph.nodes().size() + 2);
        if (a.node.id >= nodes)
          problems.push_back(where + "node " + std::to_string(a.node.id) + " does not exist (the visibility graph with "
                             "start and goal has nodes 0 to " + std::to_string(nodes - 1) + ")");
      }
    }
  }
  // Crowd numbers in captions: every placeholder resolves on a run of the lesson's crowd.
  Lesson filled = lesson;
  for (std::string& p : fillCrowdCaptions(filled)) problems.push_back(std::move(p));
  return problems;
}

}  // namespace polypath
