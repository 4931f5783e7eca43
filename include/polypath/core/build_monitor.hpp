// build_monitor.hpp: progress and cancellation of a long build (the visibility graph),
// shared between the thread that builds and the thread that shows a progress bar.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>

#include "polypath/core/error.hpp"

namespace polypath {

/// Thrown by a build whose BuildMonitor was cancelled. Nothing half-built escapes: the
/// object under construction is destroyed.
class BuildCancelled : public Error {
 public:
  BuildCancelled() : Error("the build was cancelled") {}
};

/// Thrown by a build that would make more items (links) than its BuildMonitor allows: the
/// structure would not fit in memory. The message names the limit.
class BuildTooLarge : public Error {
 public:
  using Error::Error;
};

/// Passed to a build to watch it from another thread: the builder reports the fraction
/// done (0 to 1), anyone may cancel. Every call is thread-safe (atomics, no locks).
///
///   BuildMonitor monitor;
///   std::thread worker([&] { VisibilityGraph g(map, {}, &monitor); ... });
///   ... monitor.fraction() for a progress bar; monitor.cancel() to stop the worker ...
class BuildMonitor {
 public:
  /// Asks the build to stop: it throws BuildCancelled at its next check.
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  /// The fraction of the build done, 0 to 1.
  double fraction() const { return fraction_.load(std::memory_order_relaxed); }
  /// The most items (a visibility graph's links) the build may make; 0 (the default): no
  /// limit. Set before the build starts.
  void setItemLimit(std::size_t items) { limit_ = items; }
  std::size_t items() const { return items_.load(std::memory_order_relaxed); }

  /// For builders: records the fraction done; throws BuildCancelled when cancel() was called.
  void advance(double fraction) {
    fraction_.store(fraction, std::memory_order_relaxed);
    if (cancelled()) throw BuildCancelled();
  }
  /// For builders: counts `n` more items; throws BuildTooLarge past the limit.
  void addItems(std::size_t n) {
    const std::size_t total = items_.fetch_add(n, std::memory_order_relaxed) + n;
    if (limit_ > 0 && total > limit_)
      throw BuildTooLarge("the build would make more than " + std::to_string(limit_) +
                          " links, too many to keep in memory");
  }

 private:
  std::atomic<bool> cancelled_{false};
  std::atomic<double> fraction_{0.0};
  std::atomic<std::size_t> items_{0};
  std::size_t limit_ = 0;
};

}  // namespace polypath
