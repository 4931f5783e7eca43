// map_object.cpp: see map_object.hpp.
#include "python/map_object.hpp"

#include <cmath>

#include <pybind11/pybind11.h>

#include "cli/validate_clearance.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/geom/map_validation.hpp"
#include "polypath/methods/batch.hpp"
#include "python/errors.hpp"
#include "python/search_options.hpp"

namespace polypath::python {
namespace {

/// A registered method built on `level`'s map, as Method::build makes it.
std::unique_ptr<Method> buildMethod(const MethodSettings& settings, const ClearanceLevel& level) {
  std::unique_ptr<Method> m = methods().create(settings.name);
  m->build(level.map(), settings.options);
  return m;
}

/// A method with start and goal linked in, for a stepped search; keeps the level its
/// structure points into alive.
class MethodGraph : public SteppedGraph {
 public:
  MethodGraph(std::shared_ptr<const ClearanceLevel> level, std::unique_ptr<Method> method)
      : level_(std::move(level)), method_(std::move(method)) {}
  const SearchGraph& graph() const override { return *method_->graph(); }
  NodeId startNode() const override { return method_->startNode(); }
  NodeId goalNode() const override { return method_->goalNode(); }
  Path worldPath(const Path& search) const override { return method_->worldPath(search); }
  std::string methodName() const override { return std::string(method_->info().name); }

 private:
  std::shared_ptr<const ClearanceLevel> level_;
  std::unique_ptr<Method> method_;
};

bool isEndpointProblem(const MapProblem& p) { return p.where == "/start" || p.where == "/goal"; }

}  // namespace

MapObject::MapObject(std::string file, MapDocument doc) : file_(std::move(file)), doc_(std::move(doc)) {}

std::vector<MapProblem> MapObject::validate() const {
  std::vector<MapProblem> problems = validateMap(doc_);
  const std::vector<MapProblem> clearance = cli::clearanceEndpointProblems(doc_, problems);
  problems.insert(problems.end(), clearance.begin(), clearance.end());
  return problems;
}

QueryOptions MapObject::options(const std::string& method, std::optional<double> clearance,
                                std::optional<double> corner_offset, const std::optional<std::string>& heuristic,
                                double weight,
                                const std::string& tie_break) const {
  QueryOptions q;
  if (!parseMethodSettings(method, q.method)) {
    const std::string name = method.substr(0, method.find(':'));
    methods().get(name);  // MethodError "unknown method 'x' (one of: ...)" when unknown
    throw pybind11::value_error("method '" + method + "': " + name +
                                (methodInfo({name, {}}).options.empty()
                                     ? " takes no option value"
                                     : ": the value after ':' must be a finite number > 0"));
  }
  q.clearance = clearance.value_or(doc_.settings.clearance);
  if (!std::isfinite(q.clearance) || q.clearance < 0.0)
    throw pybind11::value_error("clearance must be a finite number >= 0, not " + std::to_string(q.clearance));
  q.method.options.corner_offset = corner_offset.value_or(doc_.settings.corner_offset);
  if (!std::isfinite(q.method.options.corner_offset) || q.method.options.corner_offset < 0.0)
    throw pybind11::value_error("corner_offset must be a finite number >= 0, not " +
                                std::to_string(q.method.options.corner_offset));
  q.search = searchOptions(heuristic.value_or(q.method.name == "grid" ? "octile" : "euclidean"), weight, tie_break);
  return q;
}

Point MapObject::endpoint(const std::optional<Point>& given, const char* which) const {
  if (given) return *given;
  const std::optional<Point>& own = std::string(which) == "start" ? doc_.start : doc_.goal;
  if (!own) raise(ErrorClass::Query, file_ + ": the map has no " + which + "; pass " + which + "=(x, y)");
  return *own;
}

const PolygonMap& MapObject::original() {
  if (!clearance_) {
    std::string errors;
    for (const MapProblem& p : validateMap(doc_))
      if (p.severity == MapProblem::Severity::Error && !isEndpointProblem(p))
        errors += (errors.empty() ? "" : "\n") + file_ + ": " + p.describe();
    if (!errors.empty()) raise(ErrorClass::Geometry, errors, file_);
    clearance_.emplace(doc_, 4);
  }
  return clearance_->original();
}

std::shared_ptr<const ClearanceLevel> MapObject::level(double radius) {
  original();
  return clearance_->level(radius);
}

Point MapObject::place(const ClearanceLevel& level, Point p, const char* which) {
  requireWalkable(original(), p, which);
  return level.radius() > 0.0 ? requireClearance(level, original(), p, which) : p;
}

Result MapObject::path(Point start, Point goal, const QueryOptions& q) {
  std::shared_ptr<const ClearanceLevel> lv = level(q.clearance);
  start = place(*lv, start, "start");
  goal = place(*lv, goal, "goal");
  Built* built = nullptr;
  for (Built& b : built_)
    if (b.settings == q.method && b.radius == q.clearance) built = &b;
  if (!built) {
    std::unique_ptr<Method> method = buildMethod(q.method, *lv);
    built = &built_.emplace_back(Built{q.method, q.clearance, lv, std::move(method)});
  }
  return makeResult(built->method->findPath(start, goal, q.search), q.method.name);
}

std::vector<Result> MapObject::paths(const std::vector<Point>& starts, const std::vector<Point>& goals,
                                     const QueryOptions& q, int threads, bool keep_points) const {
  BatchOptions options;
  options.method = q.method;
  options.clearance = q.clearance;
  options.clearance_style = doc_.settings.clearance_style;
  options.threads = threads;
  options.keep_points = keep_points;
  options.search = q.search;
  std::vector<BatchQuery> queries;
  queries.reserve(starts.size());
  for (std::size_t i = 0; i < starts.size(); ++i) queries.push_back({starts[i], goals[i]});
  const PathBatch batch(checkedOriginal(), options);
  std::vector<Result> out;
  out.reserve(queries.size());
  for (BatchAnswer& a : batch.run(queries)) {
    Result r;
    r.found = a.found;
    r.length = a.length;
    r.points = std::move(a.points);
    r.expanded = static_cast<int>(a.expanded);
    r.method = q.method.name;
    r.error = std::move(a.error);
    out.push_back(std::move(r));
  }
  return out;
}

std::unique_ptr<SteppedGraph> MapObject::stepped(Point start, Point goal, const QueryOptions& q) {
  std::shared_ptr<const ClearanceLevel> lv = level(q.clearance);
  start = place(*lv, start, "start");
  goal = place(*lv, goal, "goal");
  std::unique_ptr<Method> method = buildMethod(q.method, *lv);
  method->query(start, goal);
  return std::make_unique<MethodGraph>(std::move(lv), std::move(method));
}

}  // namespace polypath::python
