// zenity_dialog.cpp: zenity as a polled child process (see zenity_dialog.hpp).
#include "editor/panels/zenity_dialog.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "editor/panels/file_dialog.hpp"

extern char** environ;

namespace polypath::editor {

std::optional<std::filesystem::path> findOnPath(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::stringstream folders(path);
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    if (folder.empty()) continue;
    const std::filesystem::path candidate = std::filesystem::path(folder) / program;
    std::error_code ec;
    if (std::filesystem::is_regular_file(candidate, ec) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

std::vector<std::string> zenityArguments(const FileRequest& request) {
  std::vector<std::string> args{"--file-selection", "--title=" + request.title};
  if (request.save) {
    args.emplace_back("--save");
    args.emplace_back("--confirm-overwrite");
  }
  if (request.folder) args.emplace_back("--directory");
  if (!request.start.empty()) {
    std::filesystem::path start = request.start / request.name;
    args.push_back("--filename=" + start.string() + (request.name.empty() ? "/" : ""));
  }
  for (const FileFilter& f : request.filters) {
    std::string patterns;
    for (const std::string& e : f.extensions) patterns += (patterns.empty() ? "*" : " *") + e;
    args.push_back("--file-filter=" + f.label + " | " + (patterns.empty() ? "*" : patterns));
  }
  return args;
}

bool ZenityDialog::start(const std::filesystem::path& program, const FileRequest& request, std::string* error) {
  int fds[2];
  if (::pipe(fds) != 0) {
    if (error) *error = std::string("cannot start zenity: ") + std::strerror(errno);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  std::vector<std::string> args = zenityArguments(request);
  args.insert(args.begin(), program.string());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc = posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (rc != 0) {
    ::close(fds[0]);
    pid_ = -1;
    if (error) *error = "cannot start " + program.string() + ": " + std::strerror(rc);
    return false;
  }
  out_ = fds[0];
  ::fcntl(out_, F_SETFL, ::fcntl(out_, F_GETFL) | O_NONBLOCK);
  return true;
}

ZenityDialog::~ZenityDialog() {
  if (out_ >= 0) ::close(out_);
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
}

std::optional<std::string> ZenityDialog::poll() {
  char buf[4096];
  while (out_ >= 0) {
    const ssize_t n = ::read(out_, buf, sizeof buf);
    if (n > 0) {
      text_.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0) {  // zenity closed its output
      ::close(out_);
      out_ = -1;
    }
    break;
  }
  if (pid_ <= 0) return std::string();
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, WNOHANG);
  if (r == 0) return std::nullopt;  // still open
  pid_ = -1;
  if (out_ >= 0) {  // what it wrote just before ending
    ssize_t n;
    while ((n = ::read(out_, buf, sizeof buf)) > 0) text_.append(buf, static_cast<std::size_t>(n));
  }
  const bool chosen = r > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  while (!text_.empty() && (text_.back() == '\n' || text_.back() == '\r')) text_.pop_back();
  return chosen ? text_ : std::string();
}

}  // namespace polypath::editor
