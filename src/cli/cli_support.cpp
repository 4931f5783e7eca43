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

double millisecondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace polypath::cli
