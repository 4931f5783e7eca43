// polypath_c.cpp: the C API (include/polypath/polypath.h) over the C++ library: each
// handle wraps the C++ object, each call catches every exception and turns it into a
// status and the calling thread's message.
#include "polypath/polypath.h"

#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "polypath/convert/map_formats.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/geom/map_validation.hpp"
#include "polypath/methods/batch.hpp"
#include "polypath/version.hpp"

struct polypath_map {
  polypath::MapDocument doc;
  polypath::PolygonMap map;

  /// validateMap's problems, found once, at the first call that needs them (validation or
  /// a query), so that loading stays quick; safe when several threads ask at once.
  const std::vector<polypath::MapProblem>& problems() const {
    std::call_once(validated_, [this] { problems_ = polypath::validateMap(doc); });
    return problems_;
  }

 private:
  mutable std::once_flag validated_;
  mutable std::vector<polypath::MapProblem> problems_;
};

struct polypath_batch {
  std::unique_ptr<polypath::PathBatch> batch;
};

struct polypath_result {
  std::vector<polypath::BatchAnswer> answers;
};

struct polypath_validation {
  std::vector<std::string> messages;
  std::vector<bool> errors;
  std::size_t error_count = 0;
};

namespace {

thread_local std::string last_error;

polypath_status fail(polypath_status status, std::string message) {
  last_error = std::move(message);
  return status;
}

/// Runs `body` (which returns a status), turning every exception into a status and message.
template <class Body>
polypath_status guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const polypath::MapFileError& e) {
    return fail(POLYPATH_ERROR_FILE, e.what());
  } catch (const polypath::GeometryError& e) {
    return fail(POLYPATH_ERROR_GEOMETRY, e.what());
  } catch (const polypath::MethodError& e) {
    return fail(POLYPATH_ERROR_METHOD, e.what());
  } catch (const polypath::QueryError& e) {
    return fail(POLYPATH_ERROR_QUERY, e.what());
  } catch (const polypath::ClearanceError& e) {
    return fail(POLYPATH_ERROR_CLEARANCE, e.what());
  } catch (const std::bad_alloc&) {
    try {
      return fail(POLYPATH_ERROR_MEMORY, "out of memory");
    } catch (...) {
      return POLYPATH_ERROR_MEMORY;
    }
  } catch (const std::exception& e) {
    return fail(POLYPATH_ERROR_INTERNAL, e.what());
  } catch (...) {
    return fail(POLYPATH_ERROR_INTERNAL, "unknown exception");
  }
}

polypath_status nullArgument(const char* function, const char* argument) {
  return fail(POLYPATH_ERROR_ARGUMENT, std::string(function) + ": " + argument + " is NULL");
}

polypath::BatchOptions batchOptions(const char* method, double clearance, int threads) {
  polypath::BatchOptions o;
  o.method.name = method ? method : "visibility";
  o.clearance = clearance;
  o.threads = threads;
  return o;
}

}  // namespace

extern "C" {

const char* polypath_last_error(void) { return last_error.c_str(); }

const char* polypath_status_name(polypath_status status) {
  switch (status) {
    case POLYPATH_OK: return "ok";
    case POLYPATH_ERROR_ARGUMENT: return "argument";
    case POLYPATH_ERROR_FILE: return "file";
    case POLYPATH_ERROR_GEOMETRY: return "geometry";
    case POLYPATH_ERROR_METHOD: return "method";
    case POLYPATH_ERROR_QUERY: return "query";
    case POLYPATH_ERROR_CLEARANCE: return "clearance";
    case POLYPATH_ERROR_MEMORY: return "memory";
    case POLYPATH_ERROR_INTERNAL: return "internal";
  }
  return "unknown";
}

const char* polypath_version(void) { return POLYPATH_VERSION_STRING; }

namespace {

/// POLYPATH_ERROR_GEOMETRY naming the map's validation errors when it has any (queries
/// refuse such a map, as the command line and the Python module do), else POLYPATH_OK.
polypath_status refuseInvalid(const polypath_map& m, const char* function) {
  std::string errors;
  for (const polypath::MapProblem& p : m.problems())
    if (p.severity == polypath::MapProblem::Severity::Error) errors += (errors.empty() ? "" : "\n") + p.describe();
  if (errors.empty()) return POLYPATH_OK;
  return fail(POLYPATH_ERROR_GEOMETRY, std::string(function) + ": the map has errors; fix them first:\n" + errors);
}

}  // namespace

// ---- Maps

polypath_status polypath_map_load(const char* path, polypath_map** out) {
  if (out) *out = nullptr;
  return guarded([&] {
    if (!path) return nullArgument("polypath_map_load", "path");
    if (!out) return nullArgument("polypath_map_load", "out");
    auto m = std::make_unique<polypath_map>();
    m->doc = polypath::importMap(path);
    m->map = polypath::buildPolygonMap(m->doc);
    *out = m.release();
    return POLYPATH_OK;
  });
}

polypath_status polypath_map_from_rings(const double* xy, const size_t* ring_sizes, const size_t* rings_per_polygon,
                                        size_t polygon_count, polypath_map** out) {
  if (out) *out = nullptr;
  return guarded([&] {
    if (!out) return nullArgument("polypath_map_from_rings", "out");
    if (polygon_count > 0 && !rings_per_polygon) return nullArgument("polypath_map_from_rings", "rings_per_polygon");
    auto m = std::make_unique<polypath_map>();
    std::size_t ring = 0, vertex = 0;
    for (std::size_t p = 0; p < polygon_count; ++p) {
      if (rings_per_polygon[p] == 0)
        return fail(POLYPATH_ERROR_ARGUMENT,
                    "polypath_map_from_rings: polygon " + std::to_string(p) + " has no rings (it needs an outer ring)");
      if (!ring_sizes) return nullArgument("polypath_map_from_rings", "ring_sizes");
      polypath::Polygon poly;
      for (std::size_t k = 0; k < rings_per_polygon[p]; ++k, ++ring) {
        if (ring_sizes[ring] > 0 && !xy) return nullArgument("polypath_map_from_rings", "xy");
        polypath::Ring r;
        r.reserve(ring_sizes[ring]);
        for (std::size_t v = 0; v < ring_sizes[ring]; ++v, ++vertex) r.push_back({xy[2 * vertex], xy[2 * vertex + 1]});
        if (k == 0) poly.outer = std::move(r);
        else poly.holes.push_back(std::move(r));
      }
      m->doc.polygons.push_back(std::move(poly));
    }
    m->map = polypath::buildPolygonMap(m->doc);
    *out = m.release();
    return POLYPATH_OK;
  });
}

void polypath_map_free(polypath_map* map) { delete map; }

size_t polypath_map_polygon_count(const polypath_map* map) { return map ? map->map.polygons().size() : 0; }

polypath_status polypath_map_validate(const polypath_map* map, polypath_validation** out) {
  if (out) *out = nullptr;
  return guarded([&] {
    if (!map) return nullArgument("polypath_map_validate", "map");
    if (!out) return nullArgument("polypath_map_validate", "out");
    auto v = std::make_unique<polypath_validation>();
    for (const polypath::MapProblem& p : map->problems()) {
      const bool error = p.severity == polypath::MapProblem::Severity::Error;
      v->messages.push_back(p.describe());
      v->errors.push_back(error);
      v->error_count += error;
    }
    *out = v.release();
    return POLYPATH_OK;
  });
}

size_t polypath_validation_count(const polypath_validation* v) { return v ? v->messages.size() : 0; }
size_t polypath_validation_error_count(const polypath_validation* v) { return v ? v->error_count : 0; }
int polypath_validation_is_error(const polypath_validation* v, size_t i) {
  return v && i < v->errors.size() && v->errors[i] ? 1 : 0;
}
const char* polypath_validation_message(const polypath_validation* v, size_t i) {
  return v && i < v->messages.size() ? v->messages[i].c_str() : nullptr;
}
void polypath_validation_free(polypath_validation* v) { delete v; }

// ---- One path

polypath_status polypath_find_path(const polypath_map* map, const char* method, double clearance, double sx,
                                   double sy, double gx, double gy, polypath_result** out) {
  if (out) *out = nullptr;
  return guarded([&] {
    if (!map) return nullArgument("polypath_find_path", "map");
    if (!out) return nullArgument("polypath_find_path", "out");
    if (const polypath_status invalid = refuseInvalid(*map, "polypath_find_path")) return invalid;
    const polypath::PathBatch batch(map->map, batchOptions(method, clearance, 1));
    const polypath::BatchQuery q{{sx, sy}, {gx, gy}};
    auto r = std::make_unique<polypath_result>();
    r->answers = batch.run(std::span(&q, 1));
    if (!r->answers[0].error.empty()) return fail(POLYPATH_ERROR_QUERY, r->answers[0].error);
    *out = r.release();
    return POLYPATH_OK;
  });
}

// ---- Batches

polypath_status polypath_batch_create(const polypath_map* map, const char* method, double clearance, int threads,
                                      polypath_batch** out) {
  if (out) *out = nullptr;
  return guarded([&] {
    if (!map) return nullArgument("polypath_batch_create", "map");
    if (!out) return nullArgument("polypath_batch_create", "out");
    if (const polypath_status invalid = refuseInvalid(*map, "polypath_batch_create")) return invalid;
    if (threads < 1)
      return fail(POLYPATH_ERROR_ARGUMENT, "polypath_batch_create: threads is " + std::to_string(threads) + ", not 1 or more");
    auto b = std::make_unique<polypath_batch>();
    b->batch = std::make_unique<polypath::PathBatch>(map->map, batchOptions(method, clearance, threads));
    *out = b.release();
    return POLYPATH_OK;
  });
}

polypath_status polypath_batch_run(const polypath_batch* batch, const double* queries, size_t count,
                                   polypath_result** out) {
  if (out) *out = nullptr;
  return guarded([&] {
    if (!batch) return nullArgument("polypath_batch_run", "batch");
    if (!out) return nullArgument("polypath_batch_run", "out");
    if (count > 0 && !queries) return nullArgument("polypath_batch_run", "queries");
    std::vector<polypath::BatchQuery> qs(count);
    for (std::size_t i = 0; i < count; ++i)
      qs[i] = {{queries[4 * i], queries[4 * i + 1]}, {queries[4 * i + 2], queries[4 * i + 3]}};
    auto r = std::make_unique<polypath_result>();
    r->answers = batch->batch->run(qs);
    *out = r.release();
    return POLYPATH_OK;
  });
}

void polypath_batch_free(polypath_batch* batch) { delete batch; }

// ---- Results

size_t polypath_result_count(const polypath_result* result) { return result ? result->answers.size() : 0; }

polypath_status polypath_result_answer(const polypath_result* result, size_t i, polypath_answer* out) {
  return guarded([&] {
    if (!result) return nullArgument("polypath_result_answer", "result");
    if (!out) return nullArgument("polypath_result_answer", "out");
    if (i >= result->answers.size())
      return fail(POLYPATH_ERROR_ARGUMENT, "polypath_result_answer: answer " + std::to_string(i) + " of " +
                                               std::to_string(result->answers.size()));
    const polypath::BatchAnswer& a = result->answers[i];
    out->status = a.error.empty() ? POLYPATH_OK : POLYPATH_ERROR_QUERY;
    out->found = a.found ? 1 : 0;
    out->length = a.length;
    out->expanded = a.expanded;
    out->point_count = a.points.size();
    return POLYPATH_OK;
  });
}

const char* polypath_result_error(const polypath_result* result, size_t i) {
  return result && i < result->answers.size() ? result->answers[i].error.c_str() : nullptr;
}

polypath_status polypath_result_points(const polypath_result* result, size_t i, double* xy, size_t capacity) {
  return guarded([&] {
    if (!result) return nullArgument("polypath_result_points", "result");
    if (i >= result->answers.size())
      return fail(POLYPATH_ERROR_ARGUMENT, "polypath_result_points: answer " + std::to_string(i) + " of " +
                                               std::to_string(result->answers.size()));
    const std::vector<polypath::Point>& pts = result->answers[i].points;
    if (capacity < pts.size())
      return fail(POLYPATH_ERROR_ARGUMENT, "polypath_result_points: room for " + std::to_string(capacity) +
                                               " points, the path has " + std::to_string(pts.size()));
    if (!pts.empty() && !xy) return nullArgument("polypath_result_points", "xy");
    for (std::size_t k = 0; k < pts.size(); ++k) {
      xy[2 * k] = pts[k].x;
      xy[2 * k + 1] = pts[k].y;
    }
    return POLYPATH_OK;
  });
}

void polypath_result_free(polypath_result* result) { delete result; }

}  // extern "C"
