// run_cli.hpp: runs the polypath command-line tool as a separate process and captures
// its exit code, stdout and stderr (for the CLI tests of methods added after test_cli.cpp).
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
struct CliResult {
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

/// Runs `polypath ARGS...` (POLYPATH_CLI), stdout through popen, stderr through a
/// temporary file. exit_code is -1 when the process did not exit normally.
inline CliResult runPolypath(const std::vector<std::string>& args) {
  static int counter = 0;
  const std::filesystem::path err_file = std::filesystem::temp_directory_path() /
                                         ("polypath-cli-grid-stderr-" + std::to_string(::getpid()) + "-" +
                                          std::to_string(counter++));
  std::string cmd = shellQuoted(POLYPATH_CLI);
  for (const std::string& a : args) cmd += " " + shellQuoted(a);
  cmd += " 2>" + shellQuoted(err_file.string());
  CliResult r;
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

}  // namespace polypath::test
