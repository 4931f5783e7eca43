// run_cli.hpp: runs the polypath command-line tool (POLYPATH_CLI) as a separate process
// and captures its exit code, stdout and stderr, for the CLI tests.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace polypath::test {

/// What one run of the tool gave.
struct RunResult {
  int exit_code = -1;
  std::string out;  ///< stdout
  std::string err;  ///< stderr
};

/// Runs `polypath ARGS...`, capturing stdout (popen) and stderr (a temporary file).
RunResult runCli(const std::vector<std::string>& args);

/// Runs a shell command (std::system); returns its exit code (-1 if it did not exit)
/// and, when `output` is given, what it wrote to stdout and stderr (via a temporary file).
int runShell(const std::string& cmd, std::string* output = nullptr);

/// The whole content of a file ("" when it cannot be read).
std::string readWholeFile(const std::filesystem::path& file);

/// The lines of a text, without their newlines.
std::vector<std::string> linesOf(const std::string& text);

}  // namespace polypath::test
