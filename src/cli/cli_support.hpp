// cli_support.hpp: what every polypath command shares: exit codes, the bad-input
// exception, number and point parsing and printing, and the option parser.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/core/geometry.hpp"
#include "polypath/core/search.hpp"

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

/// One command-line option. Value options get the next argument (or the text after
/// "="); apply() returns an error line, or an empty string when the value is good. A value
/// option followed by nothing, or by an argument that starts with "--" (another option),
/// is an error "NAME needs a value VALUE" instead of taking that option as its value.
struct Option {
  std::string name;  ///< "--start"
  bool takes_value = true;
  std::function<std::string(const std::string&)> apply;
  std::string value = "";  ///< what the value looks like, for messages: "X,Y", "N", "F.svg"
};
/// True when a command-line argument is an option rather than a value: it starts with
/// "--" ("-3,4" and "-1" are values).
bool looksLikeOption(const std::string& arg);
/// Splits `args` into options (applied in order) and positional arguments. Collects
/// every error (unknown option, missing or malformed value) and throws them together
/// as BadInput; `command` names the command in the messages.
std::vector<std::string> parseOptions(const std::vector<std::string>& args, const std::vector<Option>& options,
                                      const std::string& command);
/// parseOptions() for a command that takes one map file and options: returns the file.
/// Throws BadInput "COMMAND needs a map file: USAGE" without one, and "unexpected argument
/// 'X' (COMMAND takes one map file)" with more (besides the options' errors).
std::string parseMapFileArgs(const std::vector<std::string>& args, const std::vector<Option>& options,
                             const std::string& command, const std::string& usage);
/// An option taking X,Y.
Option pointOption(const std::string& name, std::optional<Point>& out);
/// An option taking a finite number that must be 0 or more; `value` names it in messages.
Option nonNegativeOption(const std::string& name, std::optional<double>& out, const std::string& value = "N");
/// --heuristic none|euclidean|manhattan|chebyshev|octile.
Option heuristicOption(Heuristic& out);
/// --tie-break g|none: larger g first among equal f, or node id only.
Option tieBreakOption(TieBreak& out);
/// A flag (no value) that sets `out` to true.
Option flagOption(const std::string& name, bool& out);
/// True when args hold --help or -h.
bool wantsHelp(const std::vector<std::string>& args);
/// Wall time since t0, milliseconds.
double millisecondsSince(std::chrono::steady_clock::time_point t0);

}  // namespace polypath::cli
