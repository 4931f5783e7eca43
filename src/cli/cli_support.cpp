// cli_support.cpp: see cli_support.hpp.
#include "cli/cli_support.hpp"

#include <charconv>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace polypath::cli {

[[noreturn]] void badInput(std::string line) { throw BadInput{{std::move(line)}}; }

void printProblem(const std::string& line) { std::cerr << "polypath: " << line << '\n'; }


std::optional<double> parseNumber(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  double v = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<Point> parsePoint(std::string_view text) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const auto x = parseNumber(text.substr(0, comma));
  const auto y = parseNumber(text.substr(comma + 1));
  if (!x || !y) return std::nullopt;
  return Point{*x, *y};
}

std::string formatNumber(double v, int digits) {
  std::ostringstream s;
  s << std::setprecision(digits) << v;
  return s.str();
}

std::string formatPoint(Point p) { return "(" + formatNumber(p.x) + ", " + formatNumber(p.y) + ")"; }



bool looksLikeOption(const std::string& arg) { return arg.size() >= 2 && arg[0] == '-' && arg[1] == '-'; }

std::vector<std::string> parseOptions(const std::vector<std::string>& args, const std::vector<Option>& options,
                                      const std::string& command) {
  std::vector<std::string> positional, errors;
  bool options_ended = false;  // after "--" every argument is positional
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (!options_ended && arg == "--") {
      options_ended = true;
      continue;
    }
    if (options_ended || arg.size() < 2 || arg[0] != '-') {
      positional.push_back(arg);
      continue;
    }
    const std::size_t eq = arg.find('=');
    const std::string name = arg.substr(0, eq);
    const Option* opt = nullptr;
    for (const Option& o : options)
      if (o.name == name) opt = &o;
    if (!opt) {
      errors.push_back("unknown option '" + name + "' for '" + command + "' (see polypath " + command + " --help)");
      continue;
    }
    std::string value;
    if (eq != std::string::npos) {
      if (!opt->takes_value) {
        errors.push_back(name + " takes no value, got '" + arg.substr(eq + 1) + "'");
        continue;
      }
      value = arg.substr(eq + 1);
    } else if (opt->takes_value) {
      if (i + 1 >= args.size() || looksLikeOption(args[i + 1])) {
        errors.push_back(name + " needs a value" + (opt->value.empty() ? "" : " " + opt->value));
        continue;
      }
      value = args[++i];
    }
    if (std::string e = opt->apply(value); !e.empty()) errors.push_back(std::move(e));
  }
  if (!errors.empty()) throw BadInput{std::move(errors)};
  return positional;
}

std::string parseMapFileArgs(const std::vector<std::string>& args, const std::vector<Option>& options,
                             const std::string& command, const std::string& usage) {
  const std::vector<std::string> positional = parseOptions(args, options, command);
  if (positional.empty()) badInput(command + " needs a map file: " + usage);
  if (positional.size() > 1) badInput("unexpected argument '" + positional[1] + "' (" + command + " takes one map file)");
  return positional[0];
}

Option pointOption(const std::string& name, std::optional<Point>& out) {
  return {name, true,
          [name, &out](const std::string& v) -> std::string {
            out = parsePoint(v);
            return out ? "" : name + " expects X,Y, got '" + v + "'";
          },
          "X,Y"};
}

Option nonNegativeOption(const std::string& name, std::optional<double>& out, const std::string& value) {
  return {name, true,
          [name, &out](const std::string& v) -> std::string {
            out = parseNumber(v);
            if (!out) return name + " expects a number, got '" + v + "'";
            if (*out < 0.0) return name + " must be 0 or more, got " + v;
            return "";
          },
          value};
}

bool wantsHelp(const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") return true;
  return false;
}

Option heuristicOption(Heuristic& out) {
  return {"--heuristic", true,
          [&out](const std::string& v) -> std::string {
            return parseHeuristic(v, out) ? ""
                                          : "--heuristic expects none, euclidean, manhattan, chebyshev or octile, got '" +
                                                v + "'";
          },
          "none|euclidean|manhattan|chebyshev|octile"};
}

Option tieBreakOption(TieBreak& out) {
  return {"--tie-break", true,
          [&out](const std::string& v) -> std::string {
            if (v == "g") out = TieBreak::LargerG;
            else if (v == "none") out = TieBreak::None;
            else return "--tie-break expects g or none, got '" + v + "'";
            return "";
          },
          "g|none"};
}

Option flagOption(const std::string& name, bool& out) {
  return {name, false, [&out](const std::string&) -> std::string {
            out = true;
            return "";
          }};
}

double millisecondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace polypath::cli
