// json_duplicates.cpp: see json_duplicates.hpp.
#include "formats/json_duplicates.hpp"

#include <cstddef>
#include <set>
#include <vector>

#include <nlohmann/json.hpp>

namespace polypath::json_syntax {

std::string escapePointerToken(const std::string& key) {
  std::string escaped;
  for (char c : key) {
    if (c == '~') escaped += "~0";
    else if (c == '/') escaped += "~1";
    else escaped += c;
  }
  return escaped;
}

namespace {

using Json = nlohmann::json;

/// SAX events to a stack of open containers; stops (returns false) at the first key an
/// object already has.
class DuplicateKeyFinder final : public nlohmann::json_sax<Json> {
 public:
  std::optional<DuplicateKey> duplicate;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    value();
    stack_.push_back(Container{true, {}, {}, 0, false});
    return true;
  }
  bool key(string_t& k) override {
    Container& top = stack_.back();
    top.token = escapePointerToken(k);
    if (!top.keys.insert(k).second) {
      duplicate = DuplicateKey{pointer(), k};
      return false;
    }
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override {
    value();
    stack_.push_back(Container{false, {}, {}, 0, false});
    return true;
  }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  struct Container {
    bool object;
    std::set<std::string> keys;  ///< an object's keys so far
    std::string token;           ///< the current member's reference token
    std::size_t index;           ///< an array's current element
    bool started;                ///< an array has had an element
  };
  std::vector<Container> stack_;

  /// A value starts in the innermost container: an array moves to its next index.
  bool value() {
    if (!stack_.empty() && !stack_.back().object) {
      Container& a = stack_.back();
      if (a.started) ++a.index;
      a.started = true;
      a.token = std::to_string(a.index);
    }
    return true;
  }
  bool close() {
    stack_.pop_back();
    return true;
  }
  std::string pointer() const {
    std::string p;
    for (const Container& c : stack_) p += "/" + c.token;
    return p;
  }
};

}  // namespace

std::optional<DuplicateKey> firstDuplicateKey(std::string_view text) {
  DuplicateKeyFinder finder;
  Json::sax_parse(text.begin(), text.end(), &finder);
  return finder.duplicate;
}

}  // namespace polypath::json_syntax
