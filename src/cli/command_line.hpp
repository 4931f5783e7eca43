// command_line.hpp: one polypath command's command line, parsed by CLI11: each option is
// declared once, with its help and a reader for its value; --help and -h print the help
// CLI11 generates from the declarations. Every problem (a bad value, a missing value, an
// unknown option) becomes one line of BadInput, in command-line order.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/cli_support.hpp"
#include "polypath/core/search.hpp"

namespace polypath::cli {

/// Thrown once a command printed its help (--help, -h): the tool exits 0.
struct HelpShown {};

/// Reads one option value: returns an error line, or an empty string when the value is good.
using ValueReader = std::function<std::string(const std::string& value)>;

/// polypath's help layout for CLI11: "usage: USAGE", the description, each group of
/// options ("options:", then one line per option with its help from `column`), the footer.
class HelpFormatter : public CLI::Formatter {
 public:
  /// `usage`: the first line without "usage: " ("polypath path MAP [options]").
  HelpFormatter(std::string usage, std::size_t column);
  /// The whole help text of `app`.
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;

 private:
  std::string usage_;
};

/// One command's options and positional arguments, declared on a CLI::App.
class CommandLine {
 public:
  /// `command` as typed after "polypath" ("path", "bench navmesh"), for messages; `usage`
  /// heads the help ("polypath path MAP [options]"), `description` follows it; option
  /// help starts at `column`.
  CommandLine(std::string command, std::string usage, const std::string& description = "", std::size_t column = 25);
  CommandLine(const CommandLine&) = delete;  // the options' callbacks hold `this`
  CommandLine& operator=(const CommandLine&) = delete;

  /// Options declared from now on are listed under "TITLE:" in the help (at first
  /// "options"). Each declaration returns its CLI::Option; group("") on one hides it.
  void group(const std::string& title);
  /// Text printed after the options in the help.
  void footer(const std::string& text);

  /// A value option, NAME VALUE or NAME=VALUE; `value` names the value in the help and in
  /// "NAME needs a value VALUE", the problem when nothing or another option follows (a
  /// value may start with a minus sign and a digit: -3,4). `read` decides about the value;
  /// when the option is repeated, the last one counts.
  CLI::Option* value(const std::string& name, const std::string& value, const std::string& help, ValueReader read);
  /// A flag (no value): `on` runs when it is given and returns a problem line, or an empty
  /// string. NAME=VALUE is the problem "NAME takes no value, got 'VALUE'".
  CLI::Option* flag(const std::string& name, const std::string& help, std::function<std::string()> on);
  /// A flag that sets `out`.
  CLI::Option* flag(const std::string& name, bool& out, const std::string& help);

  /// Parses `args` (the arguments after the command's name) and returns the positional
  /// ones. With --help or -h prints the help and throws HelpShown; throws BadInput with
  /// one line per problem ("unknown option 'X' for 'COMMAND' (see polypath COMMAND --help)").
  std::vector<std::string> parse(const std::vector<std::string>& args);
  /// parse() for a command that takes one map file: returns it. Throws BadInput "COMMAND
  /// needs a map file: USAGE" without one (`usage`: the help's when empty), "unexpected
  /// argument 'X' (COMMAND takes one map file)" with more.
  std::string parseMapFile(const std::vector<std::string>& args, const std::string& usage = "");

 private:
  CLI::App app_;
  std::string command_, usage_;
  std::vector<std::string> positional_;
  /// Value problems, each with the number of unknown options CLI11 had set aside before it.
  std::vector<std::pair<std::size_t, std::string>> problems_;
};

/// "NAME expects WHAT, got 'VALUE'".
std::string expects(const std::string& name, const std::string& what, const std::string& value);
/// Reads X,Y (finite numbers) into `out`.
ValueReader pointReader(const std::string& name, std::optional<Point>& out);
/// Reads a finite number of 0 or more into `out`.
ValueReader nonNegativeReader(const std::string& name, std::optional<double>& out);
/// Reads a finite number above 0 into `out`.
ValueReader positiveReader(const std::string& name, std::optional<double>& out);
/// Reads any text into `out`.
ValueReader textReader(std::string& out);
/// Reads none, euclidean, manhattan, chebyshev or octile into `out`.
ValueReader heuristicReader(Heuristic& out);

}  // namespace polypath::cli
