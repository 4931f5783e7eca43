// text_wrap.hpp: breaking text into lines at spaces only. Dear ImGui's own wrapping also
// breaks after '.' and ',', which splits numbers such as "1.989" across lines; captions
// that cite measured values are wrapped here first.
#pragma once

#include <string>
#include <string_view>

struct ImFont;

namespace polypath::editor {

/// `text` with each space where a line must break replaced by '\n', so that every line is
/// at most `width` pixels wide in `font` at `size` pixels (a single word wider than that
/// stays whole on its own line). Existing newlines are kept. Returns `text` unchanged
/// when `font` is null or `width` is not positive.
std::string wrapAtSpaces(const ImFont* font, float size, std::string_view text, float width);

}  // namespace polypath::editor
