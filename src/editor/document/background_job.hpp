// background_job.hpp: one result built on a worker thread, polled by the editor's frame
// loop (done(), then take()), so a long build never blocks the window. GraphBuild and
// MapBuild are the two kinds the editor runs.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <thread>
#include <utility>

namespace polypath::editor {

/// Worker threads of BackgroundJobs that have not returned yet, detached ones included.
/// main() ends the process without waiting for them (std::_Exit) when this is not zero.
inline std::atomic<int> g_running_background_jobs{0};

/// Runs `job` on its own thread and keeps what it returns.
///
/// Join: destroying the BackgroundJob waits for the thread. The job may borrow its owner's
/// members (an owner whose job can be stopped asks it to stop first, and declares the
/// BackgroundJob after everything the job touches, so the thread is joined before they go).
/// Detach: for a job that cannot be interrupted (validation through GEOS, the mesh build), the
/// thread is let go and its result dropped when it returns, so quitting or replacing the job
/// never waits. The job must then own everything it uses (capture by value).
template <class T>
class BackgroundJob {
 public:
  enum class OnDestroy { Join, Detach };

  explicit BackgroundJob(std::function<std::unique_ptr<T>()> job, OnDestroy on_destroy = OnDestroy::Join)
      : state_(std::make_shared<State>()), on_destroy_(on_destroy) {
    g_running_background_jobs.fetch_add(1);
    thread_ = std::thread(
        [](std::shared_ptr<State> shared, std::function<std::unique_ptr<T>()> work) {
          run(std::move(shared), std::move(work));  // the job, and a result nobody took, are gone
          g_running_background_jobs.fetch_sub(1);
        },
        state_, std::move(job));
  }
  ~BackgroundJob() {
    if (on_destroy_ == OnDestroy::Join) thread_.join();
    else thread_.detach();
  }
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;

  /// True once the job has returned.
  bool done() const { return state_->done.load(std::memory_order_acquire); }
  /// After done(): the result (once; null when the job returned none), else null.
  std::unique_ptr<T> take() { return done() ? std::move(state_->result) : nullptr; }

 private:
  struct State {  // shared with the thread, so a detached thread outlives the BackgroundJob safely
    std::unique_ptr<T> result;
    std::atomic<bool> done{false};
  };
  static void run(std::shared_ptr<State> state, std::function<std::unique_ptr<T>()> job) {
    state->result = job();
    state->done.store(true, std::memory_order_release);
  }
  std::shared_ptr<State> state_;
  OnDestroy on_destroy_;
  std::thread thread_;
};

}  // namespace polypath::editor
