/* test_capi.c: the C API (polypath/polypath.h) from C11: the seed demo's visibility length,
 * a map built from arrays with a length derived by hand, validation, batches, and the
 * error statuses and messages (missing file, start in a hole, unknown method).
 * Run by ctest with the source tree's maps folder as its argument. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "polypath/polypath.h"

static int failures = 0;

#define CHECK(cond)                                                   \
  do {                                                                \
    if (!(cond)) {                                                    \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                     \
    }                                                                 \
  } while (0)

/* The shortest visibility-graph length of maps/seed-demo.json from its start (15, 6) to
 * its goal (18, 22): the value the C++ tests use (kSeedLength). */
static const double kSeedLength = 34.861884652980;

static void seedDemo(const char* maps) {
  char file[4096];
  snprintf(file, sizeof file, "%s/seed-demo.json", maps);
  polypath_map* map = NULL;
  polypath_status s = polypath_map_load(file, &map);
  if (s != POLYPATH_OK) fprintf(stderr, "%s\n", polypath_last_error());
  CHECK(s == POLYPATH_OK);
  if (!map) return;
  CHECK(polypath_map_polygon_count(map) == 1);

  polypath_validation* v = NULL;
  CHECK(polypath_map_validate(map, &v) == POLYPATH_OK);
  CHECK(polypath_validation_error_count(v) == 0);
  polypath_validation_free(v);

  polypath_result* r = NULL;
  CHECK(polypath_find_path(map, "visibility", 0.0, 15, 6, 18, 22, &r) == POLYPATH_OK);
  CHECK(polypath_result_count(r) == 1);
  polypath_answer a;
  CHECK(polypath_result_answer(r, 0, &a) == POLYPATH_OK);
  CHECK(a.status == POLYPATH_OK);
  CHECK(a.found == 1);
  CHECK(fabs(a.length - kSeedLength) <= 1e-9);
  CHECK(a.expanded > 0);
  CHECK(a.point_count >= 3);
  double xy[64];
  CHECK(a.point_count <= 32);
  CHECK(polypath_result_points(r, 0, xy, 32) == POLYPATH_OK);
  CHECK(xy[0] == 15 && xy[1] == 6);
  CHECK(xy[2 * a.point_count - 2] == 18 && xy[2 * a.point_count - 1] == 22);
  double sum = 0;
  for (size_t k = 1; k < a.point_count; ++k)
    sum += hypot(xy[2 * k] - xy[2 * k - 2], xy[2 * k + 1] - xy[2 * k - 1]);
  CHECK(fabs(sum - kSeedLength) <= 1e-9);
  /* Too little room: nothing copied, an argument error naming both counts. */
  CHECK(polypath_result_points(r, 0, xy, 1) == POLYPATH_ERROR_ARGUMENT);
  CHECK(strstr(polypath_last_error(), "room for 1 points") != NULL);
  CHECK(polypath_result_answer(r, 1, &a) == POLYPATH_ERROR_ARGUMENT);
  CHECK(strcmp(polypath_result_error(r, 0), "") == 0);
  polypath_result_free(r);

  /* Polyanya, exact too, gives the same length. */
  r = NULL;
  CHECK(polypath_find_path(map, "polyanya", 0.0, 15, 6, 18, 22, &r) == POLYPATH_OK);
  CHECK(polypath_result_answer(r, 0, &a) == POLYPATH_OK);
  CHECK(fabs(a.length - kSeedLength) <= 1e-9);
  polypath_result_free(r);

  /* Unknown method. */
  r = NULL;
  CHECK(polypath_find_path(map, "nope", 0.0, 15, 6, 18, 22, &r) == POLYPATH_ERROR_METHOD);
  CHECK(r == NULL);
  CHECK(strstr(polypath_last_error(), "unknown method 'nope'") != NULL);
  CHECK(strcmp(polypath_status_name(POLYPATH_ERROR_METHOD), "method") == 0);

  /* A batch on 2 threads: the seed query, a refused one, the seed query reversed. */
  polypath_batch* b = NULL;
  CHECK(polypath_batch_create(map, NULL, 0.0, 2, &b) == POLYPATH_OK);
  const double qs[] = {15, 6, 18, 22, -50, -50, 18, 22, 18, 22, 15, 6};
  r = NULL;
  CHECK(polypath_batch_run(b, qs, 3, &r) == POLYPATH_OK);
  CHECK(polypath_result_count(r) == 3);
  CHECK(polypath_result_answer(r, 0, &a) == POLYPATH_OK);
  CHECK(a.found && fabs(a.length - kSeedLength) <= 1e-9);
  CHECK(polypath_result_answer(r, 1, &a) == POLYPATH_OK);
  CHECK(a.status == POLYPATH_ERROR_QUERY && !a.found && a.length == 0.0);
  CHECK(strstr(polypath_result_error(r, 1), "start (-50, -50)") != NULL);
  CHECK(polypath_result_answer(r, 2, &a) == POLYPATH_OK);
  CHECK(a.found && fabs(a.length - kSeedLength) <= 1e-9);
  polypath_result_free(r);
  polypath_batch_free(b);
  CHECK(polypath_batch_create(map, NULL, 0.0, 0, &b) == POLYPATH_ERROR_ARGUMENT);
  CHECK(b == NULL);
  polypath_map_free(map);
}

static void missingFile(const char* maps) {
  char file[4096];
  snprintf(file, sizeof file, "%s/no-such-map.json", maps);
  polypath_map* map = (polypath_map*)1;
  CHECK(polypath_map_load(file, &map) == POLYPATH_ERROR_FILE);
  CHECK(map == NULL);
  CHECK(strstr(polypath_last_error(), "no-such-map.json") != NULL);
  CHECK(polypath_map_load(NULL, &map) == POLYPATH_ERROR_ARGUMENT);
  CHECK(strstr(polypath_last_error(), "path is NULL") != NULL);
}

/* The square [0, 10]^2 with the hole [4, 6] x [2, 8] (outer ring clockwise, hole counter-
 * clockwise: the orientation is normalized). From (2, 5) to (8, 5) the hole is in the way;
 * the shortest path turns at its corners (4, 8) and (6, 8) (or, as long, (4, 2) and
 * (6, 2)): sqrt(2^2 + 3^2) + 2 + sqrt(2^2 + 3^2) = 2 sqrt(13) + 2. */
static void fromRings(void) {
  const double xy[] = {0, 0, 0, 10, 10, 10, 10, 0, /* outer */ 4, 2, 6, 2, 6, 8, 4, 8 /* hole */};
  const size_t ring_sizes[] = {4, 4};
  const size_t rings_per_polygon[] = {2};
  polypath_map* map = NULL;
  CHECK(polypath_map_from_rings(xy, ring_sizes, rings_per_polygon, 1, &map) == POLYPATH_OK);
  if (!map) return;
  const double expected = 2.0 * sqrt(13.0) + 2.0;
  const char* methods[] = {"visibility", "polyanya"};
  for (int m = 0; m < 2; ++m) {
    polypath_result* r = NULL;
    CHECK(polypath_find_path(map, methods[m], 0.0, 2, 5, 8, 5, &r) == POLYPATH_OK);
    polypath_answer a;
    CHECK(polypath_result_answer(r, 0, &a) == POLYPATH_OK);
    CHECK(a.found == 1);
    CHECK(fabs(a.length - expected) <= 1e-9);
    CHECK(a.point_count == 4);
    polypath_result_free(r);
  }
  /* With an agent of radius 0.5 the path keeps 0.5 from the hole: longer. */
  polypath_result* r = NULL;
  CHECK(polypath_find_path(map, "visibility", 0.5, 2, 5, 8, 5, &r) == POLYPATH_OK);
  polypath_answer a;
  CHECK(polypath_result_answer(r, 0, &a) == POLYPATH_OK);
  CHECK(a.found == 1 && a.length > expected + 0.1);
  polypath_result_free(r);

  /* Start in the hole. */
  r = NULL;
  CHECK(polypath_find_path(map, "visibility", 0.0, 5, 5, 8, 5, &r) == POLYPATH_ERROR_QUERY);
  CHECK(r == NULL);
  CHECK(strstr(polypath_last_error(), "start (5, 5)") != NULL);
  CHECK(strstr(polypath_last_error(), "hole 0 of polygon 0") != NULL);
  /* A clearance that erodes everything. */
  CHECK(polypath_find_path(map, "visibility", 20.0, 2, 5, 8, 5, &r) == POLYPATH_ERROR_CLEARANCE);

  polypath_validation* v = NULL;
  CHECK(polypath_map_validate(map, &v) == POLYPATH_OK);
  CHECK(polypath_validation_error_count(v) == 0);
  polypath_validation_free(v);
  polypath_map_free(map);

  /* A bow tie: accepted as rings, refused by validation with a message naming the crossing. */
  const double bow[] = {0, 0, 4, 4, 4, 0, 0, 4};
  const size_t bow_sizes[] = {4};
  const size_t one[] = {1};
  map = NULL;
  CHECK(polypath_map_from_rings(bow, bow_sizes, one, 1, &map) == POLYPATH_OK);
  CHECK(polypath_map_validate(map, &v) == POLYPATH_OK);
  CHECK(polypath_validation_error_count(v) >= 1);
  CHECK(polypath_validation_is_error(v, 0) == 1);
  CHECK(polypath_validation_message(v, 0) != NULL && strstr(polypath_validation_message(v, 0), "(2, 2)") != NULL);
  CHECK(polypath_validation_message(v, polypath_validation_count(v)) == NULL);
  polypath_validation_free(v);
  /* ... and no query runs on it: the errors come back as the message. */
  polypath_result* refused = NULL;
  CHECK(polypath_find_path(map, "visibility", 0.0, 1, 0.5, 3, 0.5, &refused) == POLYPATH_ERROR_GEOMETRY);
  CHECK(refused == NULL);
  CHECK(strstr(polypath_last_error(), "polypath_find_path: the map has errors; fix them first:") == polypath_last_error());
  CHECK(strstr(polypath_last_error(), "(2, 2)") != NULL);
  polypath_batch* no_batch = NULL;
  CHECK(polypath_batch_create(map, "polyanya", 0.0, 2, &no_batch) == POLYPATH_ERROR_GEOMETRY);
  CHECK(no_batch == NULL);
  CHECK(strstr(polypath_last_error(), "polypath_batch_create: the map has errors") == polypath_last_error());
  polypath_map_free(map);

  /* Rings that make no polygon: two vertices; a polygon without rings. */
  const size_t two[] = {2};
  CHECK(polypath_map_from_rings(bow, two, one, 1, &map) == POLYPATH_ERROR_GEOMETRY);
  CHECK(map == NULL);
  const size_t none[] = {0};
  CHECK(polypath_map_from_rings(bow, bow_sizes, none, 1, &map) == POLYPATH_ERROR_ARGUMENT);
  CHECK(strstr(polypath_last_error(), "polygon 0 has no rings") != NULL);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: test_capi MAPS_FOLDER\n");
    return 2;
  }
  seedDemo(argv[1]);
  missingFile(argv[1]);
  fromRings();
  if (failures) {
    fprintf(stderr, "%d checks failed\n", failures);
    return 1;
  }
  printf("polypath %s C API: all checks passed\n", polypath_version());
  return 0;
}
