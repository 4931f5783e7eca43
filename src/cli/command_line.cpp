// command_line.cpp: see command_line.hpp.
#include "cli/command_line.hpp"

#include <iostream>
#include <memory>
#include <utility>

namespace polypath::cli {

HelpFormatter::HelpFormatter(std::string usage, std::size_t column) : usage_(std::move(usage)) {
  column_width(column);
}

std::string HelpFormatter::make_help(const CLI::App* app, std::string, CLI::AppFormatMode) const {
  std::string out = "usage: " + usage_ + "\n";
  if (!app->get_description().empty()) out += "\n" + app->get_description() + "\n";
  for (const std::string& group : app->get_groups()) {
    const std::vector<const CLI::Option*> options =
        app->get_options([&](const CLI::Option* o) { return o->get_group() == group && o->nonpositional(); });
    if (group.empty() || options.empty()) continue;
    out += "\n" + group + ":\n";
    for (const CLI::Option* o : options) out += make_option(o, false);
  }
  if (!app->get_footer().empty()) out += "\n" + app->get_footer() + "\n";
  return out;
}

CommandLine::CommandLine(std::string command, std::string usage, const std::string& description, std::size_t column)
    : app_(description, "polypath " + command), command_(std::move(command)), usage_(std::move(usage)) {
  app_.formatter(std::make_shared<HelpFormatter>(usage_, column));
  app_.allow_extras();  // unknown options are collected, reported with the other problems
  app_.option_defaults()->group("options");
  app_.set_help_flag("-h,--help", "print this help and exit");
  app_.add_option("args", positional_)->group("");  // every positional argument, checked by the command
}

void CommandLine::group(const std::string& title) { app_.option_defaults()->group(title); }

void CommandLine::footer(const std::string& text) { app_.footer(text); }

CLI::Option* CommandLine::value(const std::string& name, const std::string& value, const std::string& help,
                                ValueReader read) {
  auto check = [this, name, value, read = std::move(read)](const std::string& v) {
    // CLI11 gives "" when the option is followed by nothing or by another option.
    std::string problem = v.empty() ? name + " needs a value" + (value.empty() ? "" : " " + value) : read(v);
    if (!problem.empty()) problems_.emplace_back(app_.remaining_size(), std::move(problem));
  };
  // 0 or 1 values, so that the next option is not taken as the value; read as parsed, so
  // that problems keep their order and the last of repeated options wins.
  return app_.add_option_function<std::string>(name, check, help)->expected(0, 1)->trigger_on_parse()->type_name(value);
}

CLI::Option* CommandLine::flag(const std::string& name, const std::string& help, std::function<std::string()> on) {
  auto check = [this, name, on = std::move(on)](const std::string& v) {
    // CLI11 gives "true" for the flag alone, the value for NAME=VALUE.
    std::string problem = v == "true" ? on() : name + " takes no value, got '" + v + "'";
    if (!problem.empty()) problems_.emplace_back(app_.remaining_size(), std::move(problem));
  };
  return app_.add_option_function<std::string>(name, check, help)->expected(0)->trigger_on_parse()->type_name("");
}

CLI::Option* CommandLine::flag(const std::string& name, bool& out, const std::string& help) {
  return flag(name, help, [&out] {
    out = true;
    return std::string();
  });
}

std::vector<std::string> CommandLine::parse(const std::vector<std::string>& args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  std::vector<std::string> failures;
  try {
    app_.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << app_.help();
    throw HelpShown{};
  } catch (const CLI::ParseError& e) {  // whatever else CLI11 refuses, in its words
    failures.push_back(e.what());
  }
  // Value problems and unknown options, in the order given.
  BadInput errors;
  const std::vector<std::string> unknown = app_.remaining();
  auto problem = problems_.begin();
  for (std::size_t i = 0; i <= unknown.size(); ++i) {
    for (; problem != problems_.end() && problem->first <= i; ++problem) errors.lines.push_back(problem->second);
    if (i == unknown.size()) break;
    const std::string name = unknown[i].substr(0, unknown[i].find('='));
    errors.lines.push_back("unknown option '" + name + "' for '" + command_ + "' (see polypath " + command_ +
                           " --help)");
  }
  errors.lines.insert(errors.lines.end(), failures.begin(), failures.end());
  if (!errors.lines.empty()) throw errors;
  return positional_;
}

std::string CommandLine::parseMapFile(const std::vector<std::string>& args, const std::string& usage) {
  const std::vector<std::string> positional = parse(args);
  if (positional.empty()) badInput(command_ + " needs a map file: " + (usage.empty() ? usage_ : usage));
  if (positional.size() > 1)
    badInput("unexpected argument '" + positional[1] + "' (" + command_ + " takes one map file)");
  return positional[0];
}

std::string expects(const std::string& name, const std::string& what, const std::string& value) {
  return name + " expects " + what + ", got '" + value + "'";
}

ValueReader pointReader(const std::string& name, std::optional<Point>& out) {
  return [name, &out](const std::string& v) {
    out = parsePoint(v);
    return out ? std::string() : expects(name, "X,Y", v);
  };
}

ValueReader nonNegativeReader(const std::string& name, std::optional<double>& out) {
  return [name, &out](const std::string& v) {
    out = parseNumber(v);
    if (!out) return expects(name, "a number", v);
    if (*out < 0.0) return name + " must be 0 or more, got " + v;
    return std::string();
  };
}

ValueReader positiveReader(const std::string& name, std::optional<double>& out) {
  return [name, &out](const std::string& v) {
    out = parseNumber(v);
    if (!out) return expects(name, "a number", v);
    if (*out <= 0.0) return name + " must be more than 0, got " + v;
    return std::string();
  };
}

ValueReader textReader(std::string& out) {
  return [&out](const std::string& v) {
    out = v;
    return std::string();
  };
}

ValueReader heuristicReader(Heuristic& out) {
  return [&out](const std::string& v) {
    return parseHeuristic(v, out) ? std::string()
                                  : expects("--heuristic", "none, euclidean, manhattan, chebyshev or octile", v);
  };
}

}  // namespace polypath::cli
