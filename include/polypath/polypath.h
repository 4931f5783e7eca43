/* polypath.h: polypath's C API (C11 and C++): load or build a polygon map, validate it,
 * find one path or answer a batch of queries in parallel, free everything.
 *
 * Conventions
 *  - Handles are opaque: polypath_map (a map), polypath_batch (a map with a method built
 *    once), polypath_result (the answers of a query or a batch), polypath_validation (the
 *    problems of a map). Each has a _free function that accepts NULL.
 *  - Every function that can fail returns a polypath_status; on failure it leaves its
 *    output handle NULL and records a message for polypath_last_error(). No C++ exception
 *    ever crosses this API: an out-of-memory becomes POLYPATH_ERROR_MEMORY, anything
 *    unexpected POLYPATH_ERROR_INTERNAL.
 *  - Thread safety: the message is per thread (like errno). A map, batch, result or
 *    validation may be read from several threads at once (every function taking a const
 *    handle); freeing one while another thread uses it is the caller's error.
 *  - Units: world units (the map's coordinates); y grows upwards, as in the JSON format.
 *  - Points are interleaved doubles: x0, y0, x1, y1, ...
 *
 *    polypath_map* map = NULL;
 *    if (polypath_map_load("maps/seed-demo.json", &map) != POLYPATH_OK) {
 *      fprintf(stderr, "%s\n", polypath_last_error());
 *      return 1;
 *    }
 *    polypath_result* path = NULL;
 *    if (polypath_find_path(map, "visibility", 0.0, 15, 6, 18, 22, &path) == POLYPATH_OK) {
 *      polypath_answer a;
 *      polypath_result_answer(path, 0, &a);
 *      printf("%s %.6f\n", a.found ? "found" : "no path", a.length);
 *    }
 *    polypath_result_free(path);
 *    polypath_map_free(map);
 *
 * Link with the CMake target polypath::c (find_package(polypath)); it brings the C++
 * libraries it is made of.
 */
#ifndef POLYPATH_POLYPATH_H
#define POLYPATH_POLYPATH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a call did. */
typedef enum polypath_status {
  POLYPATH_OK = 0,                /**< success */
  POLYPATH_ERROR_ARGUMENT = 1,    /**< a NULL pointer, an index out of range, a buffer too small, threads < 1 */
  POLYPATH_ERROR_FILE = 2,        /**< a map file that cannot be read or parsed (the message names file and place) */
  POLYPATH_ERROR_GEOMETRY = 3,    /**< rings that cannot make a map (fewer than 3 distinct vertices, not finite, ...) */
  POLYPATH_ERROR_METHOD = 4,      /**< an unknown method name, or a method that cannot be built on the map */
  POLYPATH_ERROR_QUERY = 5,       /**< a start or goal refused: outside the walkable region, without clearance, NaN */
  POLYPATH_ERROR_CLEARANCE = 6,   /**< a clearance radius that is negative, not finite, or erodes every area away */
  POLYPATH_ERROR_MEMORY = 7,      /**< out of memory */
  POLYPATH_ERROR_INTERNAL = 8     /**< anything else (a bug: please report the message) */
} polypath_status;

/** A polygon map: walkable polygons with holes. */
typedef struct polypath_map polypath_map;
/** A map with one method built once, answering batches of queries on worker threads. */
typedef struct polypath_batch polypath_batch;
/** The answers of polypath_find_path (one) or polypath_batch_run (one per query). */
typedef struct polypath_result polypath_result;
/** The problems polypath_map_validate found. */
typedef struct polypath_validation polypath_validation;

/** One answer of a polypath_result. */
typedef struct polypath_answer {
  polypath_status status; /**< POLYPATH_OK when the query ran, POLYPATH_ERROR_QUERY when it was refused */
  int found;              /**< 1 when a path was found, else 0 */
  double length;          /**< world units; 0 when not found */
  size_t expanded;        /**< search nodes expanded (closed set size) */
  size_t point_count;     /**< points of the path, start to goal; 0 when not found */
} polypath_answer;

/* ---- Errors and version ---------------------------------------------------------- */

/** The message of the last call that failed on the calling thread ("" when none has).
 *  Valid until the thread's next failing call. Names the file and place, the point, the
 *  method: "unknown method 'x' (one of: visibility, polyanya, ...)". */
const char* polypath_last_error(void);

/** A constant name for a status: "ok", "argument", "file", "geometry", "method", "query",
 *  "clearance", "memory", "internal" ("unknown" for any other value). */
const char* polypath_status_name(polypath_status status);

/** The library version, "MAJOR.MINOR.PATCH". */
const char* polypath_version(void);

/* ---- Maps ------------------------------------------------------------------------ */

/** Reads a map file in any format polypath imports, picked by extension (.json polypath
 *  map, .mesh Polyanya mesh 2 or 3, .geojson, .tmx and .tmj Tiled maps; another extension
 *  is read as polypath JSON). On success *out is
 *  a new map (free it with polypath_map_free). Errors: ARGUMENT (NULL), FILE (unreadable,
 *  unknown extension, malformed: the message names the file and the place), GEOMETRY. */
polypath_status polypath_map_load(const char* path, polypath_map** out);

/** Builds a map from rings. There are `polygon_count` polygons; polygon p has
 *  `rings_per_polygon[p]` >= 1 rings, its outer ring first, then its holes; ring k (counted
 *  over all polygons in order) has `ring_sizes[k]` vertices; `xy` holds every ring's
 *  vertices in that order as x, y pairs (any orientation, the closing vertex not repeated).
 *  On success *out is a new map. Errors: ARGUMENT (a NULL array with a non-zero count, a
 *  polygon without rings), GEOMETRY (a ring with fewer than 3 distinct vertices, all on
 *  one line, not finite). Self-intersections are not refused here: see polypath_map_validate. */
polypath_status polypath_map_from_rings(const double* xy, const size_t* ring_sizes, const size_t* rings_per_polygon,
                                        size_t polygon_count, polypath_map** out);

/** Frees a map (NULL is allowed). Batches built on it stay usable (they keep a copy). */
void polypath_map_free(polypath_map* map);

/** Number of polygons of the map (0 for NULL). */
size_t polypath_map_polygon_count(const polypath_map* map);

/** Checks the map as `polypath validate` does (crossing edges, holes outside their
 *  polygon, overlapping polygons, the start and goal of a map file, ...). On success *out
 *  lists the problems (free it with polypath_validation_free); a valid map gives 0 errors.
 *  Errors: ARGUMENT (NULL). */
polypath_status polypath_map_validate(const polypath_map* map, polypath_validation** out);

/** Number of problems, errors and warnings (0 for NULL). */
size_t polypath_validation_count(const polypath_validation* v);
/** Number of errors among them (0 for NULL): the map is valid when this is 0. */
size_t polypath_validation_error_count(const polypath_validation* v);
/** 1 when problem i is an error, 0 for a warning or an i out of range. */
int polypath_validation_is_error(const polypath_validation* v, size_t i);
/** The message of problem i, "WHERE: WHAT" ("/polygons/0/outer: edges 0 and 2 cross at
 *  (1, 1)..."); NULL when i is out of range. Valid until the validation is freed. */
const char* polypath_validation_message(const polypath_validation* v, size_t i);
/** Frees a validation (NULL is allowed). */
void polypath_validation_free(polypath_validation* v);

/* ---- One path -------------------------------------------------------------------- */

/** The path from (sx, sy) to (gx, gy) by the registered method `method` ("visibility",
 *  "polyanya", "centre", "portal", "grid"; NULL: "visibility") for an agent of radius
 *  `clearance` (0: a point; > 0: the map eroded by that radius, round joins). Builds the
 *  method for this one query: for many queries use polypath_batch_create.
 *  On success *out holds one answer (found or not: a path that does not exist is not an
 *  error). Errors: ARGUMENT, GEOMETRY (the map has validation errors: the message lists
 *  them), METHOD (unknown name, cannot build), CLEARANCE, QUERY (start
 *  or goal refused: the message says which point and why, "start (5, 5) is inside hole 0
 *  of polygon 0"). */
polypath_status polypath_find_path(const polypath_map* map, const char* method, double clearance, double sx,
                                   double sy, double gx, double gy, polypath_result** out);

/* ---- Batches --------------------------------------------------------------------- */

/** Builds `method` (NULL: "visibility") once on the map eroded by `clearance`, to answer
 *  queries on `threads` worker threads. The batch keeps its own copy of the map. On
 *  success *out is a new batch (free it with polypath_batch_free). Errors: ARGUMENT (NULL
 *  map, threads < 1), GEOMETRY (the map has validation errors: the message lists them),
 *  METHOD, CLEARANCE. */
polypath_status polypath_batch_create(const polypath_map* map, const char* method, double clearance, int threads,
                                      polypath_batch** out);

/** Answers `count` queries, `queries` holding sx, sy, gx, gy per query (4 count doubles),
 *  in parallel. The answers are in query order and equal one polypath_find_path per query;
 *  a refused query is an answer with status POLYPATH_ERROR_QUERY (see
 *  polypath_result_error), not a failure of the call. Several threads may run one batch
 *  at once. Errors: ARGUMENT (NULL batch or out, NULL queries with count > 0). */
polypath_status polypath_batch_run(const polypath_batch* batch, const double* queries, size_t count,
                                   polypath_result** out);

/** Frees a batch (NULL is allowed). */
void polypath_batch_free(polypath_batch* batch);

/* ---- Results --------------------------------------------------------------------- */

/** Number of answers (0 for NULL). */
size_t polypath_result_count(const polypath_result* result);

/** Copies answer i into *out. Errors: ARGUMENT (NULL, i out of range). */
polypath_status polypath_result_answer(const polypath_result* result, size_t i, polypath_answer* out);

/** Why answer i was refused, or "" when it ran; NULL when i is out of range. Valid until
 *  the result is freed. */
const char* polypath_result_error(const polypath_result* result, size_t i);

/** Copies the path of answer i into `xy` (2 * point_count doubles: x, y per point, start
 *  to goal); `capacity` is the number of points `xy` has room for. Errors: ARGUMENT (NULL,
 *  i out of range, capacity < point_count; nothing is copied then). */
polypath_status polypath_result_points(const polypath_result* result, size_t i, double* xy, size_t capacity);

/** Frees a result (NULL is allowed). */
void polypath_result_free(polypath_result* result);

#ifdef __cplusplus
}
#endif

#endif /* POLYPATH_POLYPATH_H */
