// run_cli.hpp: runs the polypath command-line tool (POLYPATH_CLI) as a separate process
// and captures its exit code, stdout and stderr, for the CLI tests.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace polypath::test {

/// What one run of the tool gave.
struct CliRun {
  int exit_code = -1;
  std::string out;  ///< stdout
  std::string err;  ///< stderr
};

/// The argument quoted for /bin/sh.
inline std::string shellQuoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// Runs `polypath ARGS...`, capturing stdout (popen) and stderr (a temporary file).
inline CliRun runPolypath(const std::vector<std::string>& args) {
  static int counter = 0;
  const std::filesystem::path err_file = std::filesystem::temp_directory_path() /
                                         ("polypath-run-stderr-" + std::to_string(::getpid()) + "-" +
                                          std::to_string(counter++));
  std::string cmd = shellQuoted(POLYPATH_CLI);
  for (const std::string& a : args) cmd += " " + shellQuoted(a);
  cmd += " 2>" + shellQuoted(err_file.string());
  CliRun r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return r;
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_file, std::ios::binary);
  r.err.assign(std::istreambuf_iterator<char>(in), {});
  in.close();
  std::filesystem::remove(err_file);
  return r;
}

/// The whole content of a file ("" when it cannot be read).
inline std::string readWholeFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace polypath::test
