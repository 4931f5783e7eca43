// run_cli.cpp: running the polypath tool for the CLI tests (see run_cli.hpp).
#include "support/run_cli.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <catch2/catch.hpp>
#include <sys/wait.h>
#include <unistd.h>

namespace polypath::test {

namespace fs = std::filesystem;

namespace {

std::string shellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

}  // namespace

RunResult runCli(const std::vector<std::string>& args) {
  static int counter = 0;
  const fs::path err_file =
      fs::temp_directory_path() / ("polypath-cli-stderr-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  std::string cmd = shellQuote(POLYPATH_CLI);
  for (const std::string& a : args) cmd += " " + shellQuote(a);
  cmd += " 2>" + shellQuote(err_file.string());
  RunResult r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_file, std::ios::binary);
  r.err.assign(std::istreambuf_iterator<char>(in), {});
  in.close();
  fs::remove(err_file);
  return r;
}

std::string readWholeFile(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

int runShell(const std::string& cmd, std::string* output) {
  const fs::path out = fs::temp_directory_path() / ("polypath-shell-" + std::to_string(::getpid()) + ".txt");
  const int status = std::system((cmd + " >'" + out.string() + "' 2>&1").c_str());
  if (output) *output = readWholeFile(out);
  std::error_code ec;
  fs::remove(out, ec);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace polypath::test
