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

/// Runs `job` on its own thread and keeps what it returns. Destroying the BackgroundJob
/// waits for the thread: an owner whose job can be stopped asks it to stop first, and
/// declares the BackgroundJob after everything the job touches, so it is destroyed (and the
/// thread joined) before them.
template <class T>
class BackgroundJob {
 public:
  explicit BackgroundJob(std::function<std::unique_ptr<T>()> job)
      : thread_([this, job = std::move(job)] {
          result_ = job();
          done_.store(true, std::memory_order_release);
        }) {}
  ~BackgroundJob() {
    if (thread_.joinable()) thread_.join();
  }
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;

  /// True once the job has returned.
  bool done() const { return done_.load(std::memory_order_acquire); }
  /// After done(): the result (once; null when the job returned none), else null.
  std::unique_ptr<T> take() { return done() ? std::move(result_) : nullptr; }

 private:
  std::unique_ptr<T> result_;
  std::atomic<bool> done_{false};
  std::jthread thread_;  // last: started after, joined before, the members above
};

}  // namespace polypath::editor
