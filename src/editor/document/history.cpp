// history.cpp: the command list, its position and the saved mark.
#include "editor/document/history.hpp"

namespace polypath::editor {

void History::reset(const MapDocument& base, bool saved) {
  base_ = base;
  commands_.clear();
  position_ = 0;
  saved_ = saved ? std::optional<std::size_t>(0) : std::nullopt;
  merge_open_ = false;
}

void History::push(EditCommand command) {
  const bool merge = merge_open_ && !command.merge_key.empty() && position_ == commands_.size() && position_ > 0 &&
                     commands_.back().merge_key == command.merge_key && !(saved_ && *saved_ == position_);
  if (merge) {
    commands_.back().after = std::move(command.after);
    return;
  }
  if (saved_ && *saved_ > position_) saved_.reset();  // the saved state is being dropped
  commands_.resize(position_);
  merge_open_ = !command.merge_key.empty();
  commands_.push_back(std::move(command));
  ++position_;
  if (commands_.size() > kMaxHistory) {
    base_ = std::move(commands_.front().after);
    commands_.erase(commands_.begin());
    --position_;
    if (saved_) saved_ = *saved_ == 0 ? std::nullopt : std::optional<std::size_t>(*saved_ - 1);
  }
}

std::optional<MapDocument> History::jumpTo(std::size_t n) {
  if (n > commands_.size() || n == position_) return std::nullopt;
  position_ = n;
  merge_open_ = false;
  return current();
}

}  // namespace polypath::editor
