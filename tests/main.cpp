// Catch2 entry point for polypath_tests. With the editor built in, the process waits for
// map builds the editor let go (a detached BackgroundJob still in GEOS) before it ends, so
// no worker thread runs while the process tears down its statics.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#ifdef POLYPATH_HAVE_EDITOR
#include <chrono>
#include <thread>

#include "editor/document/background_job.hpp"
#endif

int main(int argc, char* argv[]) {
  const int result = Catch::Session().run(argc, argv);
#ifdef POLYPATH_HAVE_EDITOR
  while (polypath::editor::g_running_background_jobs.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
#endif
  return result;
}
