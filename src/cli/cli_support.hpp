// cli_support.hpp: what every polypath command shares: exit codes, the bad-input
// exception, number and point parsing and printing. (Options: command_line.hpp.)
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/core/geometry.hpp"

namespace polypath::cli {

/// Exit codes: 0 the command ran, 1 validate found errors, 2 bad input, 3 internal error.
constexpr int kExitOk = 0;
constexpr int kExitProblems = 1;
constexpr int kExitBadInput = 2;
constexpr int kExitInternal = 3;

/// Bad input: each line is printed as "polypath: LINE" and the tool exits 2.
struct BadInput {
  std::vector<std::string> lines;
};
/// Throws BadInput with one line.
[[noreturn]] void badInput(std::string line);
/// Prints "polypath: LINE" on stderr.
void printProblem(const std::string& line);

/// Parses a whole string as a finite number (a leading '+' and surrounding spaces allowed).
std::optional<double> parseNumber(std::string_view text);
/// Parses "X,Y" into a point in world units.
std::optional<Point> parsePoint(std::string_view text);
/// A number with `digits` significant digits, as a human reads it.
std::string formatNumber(double v, int digits = 12);
/// "(x, y)" with formatNumber.
std::string formatPoint(Point p);

/// Wall time since t0, milliseconds.
double millisecondsSince(std::chrono::steady_clock::time_point t0);

}  // namespace polypath::cli
