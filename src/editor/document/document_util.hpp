// document_util.hpp: small helpers the document room's parts share (timing, prefixes).
#pragma once

#include <chrono>
#include <string>
#include <string_view>

namespace polypath::editor {

/// The clock the editor times builds and queries with.
using Clock = std::chrono::steady_clock;

/// Milliseconds of wall time since t0.
inline double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// True when `s` begins with `prefix` (a problem's JSON pointer, "/start...").
inline bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace polypath::editor
