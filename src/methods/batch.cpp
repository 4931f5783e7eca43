// batch.cpp: PathBatch (see batch.hpp): the method built once, queries answered on
// worker threads, each with its own Method::share() of the built structure.
#include "polypath/methods/batch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <optional>
#include <thread>

#include "formats/io_text.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/geom/endpoint.hpp"

namespace polypath {

struct PathBatch::Impl {
  BatchOptions options;
  std::optional<ClearanceSet> set;               // the original map (walls for placement messages)
  std::shared_ptr<const ClearanceLevel> level;   // the map eroded by the clearance; null at 0
  PolygonMap original_copy;                      // the map at clearance 0
  std::unique_ptr<Method> method;                // built on searched()
  double build_ms = 0.0;

  const PolygonMap& searched() const { return level ? level->map() : original_copy; }

  /// A method of this batch's own for one worker: a share of the built one, or (for a
  /// method that does not share) a new one built on the same map.
  std::unique_ptr<Method> workerMethod() const {
    if (std::unique_ptr<Method> m = method->share()) return m;
    std::unique_ptr<Method> m = methods().create(options.method.name);
    m->build(searched(), options.method.options);
    return m;
  }

  /// Where `which` point p goes with the clearance, or the reason it is refused.
  std::optional<Point> place(const char* which, Point p, std::string& error) const {
    const EndpointPlacement e = placeEndpoint(set->original(), level.get(), which, p, false);
    if (e.usable()) return e.point;
    const std::string name = std::string(which) + " " + io_text::formatPoint(p);
    switch (e.status) {
      case EndpointStatus::NotFinite: error = std::string(which) + " has a NaN or infinite coordinate"; break;
      case EndpointStatus::TooFar: error = name + " is too far out (a coordinate beyond 1e100)"; break;
      case EndpointStatus::NotWalkable: error = name + " is " + e.location.describe(); break;
      default: error = e.problem.empty() ? name + " cannot be used" : e.problem;
    }
    return std::nullopt;
  }

  /// `path` is the worker's, reused (its vectors keep their memory).
  BatchAnswer answer(Method& m, const BatchQuery& q, Path& path) const {
    BatchAnswer out;
    Point start = q.start, goal = q.goal;
    if (level) {
      const std::optional<Point> s = place("start", start, out.error);
      if (!s) return out;
      const std::optional<Point> g = place("goal", goal, out.error);
      if (!g) return out;
      start = *s;
      goal = *g;
    }
    try {
      m.findPath(start, goal, path, options.search);
      out.found = path.found;
      out.length = path.found ? path.length : 0.0;
      out.expanded = static_cast<std::size_t>(std::max(path.expanded, 0));
      if (options.keep_points) out.points = path.points;
    } catch (const QueryError& e) {
      out.error = e.what();
    }
    m.dropQuery();
    return out;
  }
};

PathBatch::PathBatch(const PolygonMap& map, const BatchOptions& options) : impl_(std::make_unique<Impl>()) {
  if (options.threads < 1)
    throw MethodError("a batch needs at least 1 thread, not " + std::to_string(options.threads));
  const auto t0 = std::chrono::steady_clock::now();
  Impl& im = *impl_;
  im.options = options;
  if (options.clearance != 0.0) {
    im.set.emplace(map.polygons(), options.clearance_style, VisibilityOptions{options.method.options.corner_offset});
    im.level = im.set->level(options.clearance);  // ClearanceError for a negative or NaN radius
    if (im.level->map().empty())
      throw ClearanceError("clearance " + io_text::formatNumber(options.clearance) +
                           " erodes every walkable area away: no point is that far from every wall");
  } else {
    im.original_copy = map;
  }
  im.method = methods().create(options.method.name);
  im.method->build(im.searched(), options.method.options);
  im.build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

PathBatch::~PathBatch() = default;

const BatchOptions& PathBatch::options() const { return impl_->options; }
const PolygonMap& PathBatch::searchedMap() const { return impl_->searched(); }
std::string PathBatch::structureSummary() const { return impl_->method->structureSummary(); }
double PathBatch::buildMilliseconds() const { return impl_->build_ms; }

std::vector<BatchAnswer> PathBatch::run(std::span<const BatchQuery> queries) const {
  const std::size_t n = queries.size();
  std::vector<BatchAnswer> answers(n);
  if (n == 0) return answers;
  const std::size_t workers = std::min<std::size_t>(static_cast<std::size_t>(impl_->options.threads), n);

  // Queries are handed out in index order; a worker that fails stops, the others go on, so
  // every index below a failure is answered and the lowest failing index is the same
  // whatever the threads do.
  std::atomic<std::size_t> next{0};
  std::vector<std::size_t> failed_at(workers, n);
  std::vector<std::exception_ptr> failure(workers);
  auto work = [&](std::size_t w) {
    std::size_t i = n;
    try {
      const std::unique_ptr<Method> m = impl_->workerMethod();
      Path path;
      while ((i = next.fetch_add(1)) < n) answers[i] = impl_->answer(*m, queries[i], path);
    } catch (...) {
      failed_at[w] = std::min(i, n - 1);
      failure[w] = std::current_exception();
    }
  };
  if (workers == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    pool.reserve(workers);
    for (std::size_t w = 0; w < workers; ++w) pool.emplace_back(work, w);
    for (std::thread& t : pool) t.join();
  }
  std::size_t worst = workers;
  for (std::size_t w = 0; w < workers; ++w)
    if (failure[w] && (worst == workers || failed_at[w] < failed_at[worst])) worst = w;
  if (worst < workers) std::rethrow_exception(failure[worst]);
  return answers;
}

}  // namespace polypath
