// huge_pages.cpp: large allocations on 2 MiB pages where Linux's transparent huge pages allow.
#include "polypath/core/huge_pages.hpp"

#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace polypath::detail {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
/// Linux only: elsewhere every array comes from operator new.
bool isLarge(std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  return bytes >= kHugePageMin;
#else
  (void)bytes;
  return false;
#endif
}
}  // namespace

void* allocateLarge(std::size_t bytes) {
  if (!isLarge(bytes)) return ::operator new(bytes == 0 ? 1 : bytes);
  const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* p = std::aligned_alloc(kHugePage, rounded);
  if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  madvise(p, rounded, MADV_HUGEPAGE);  // a hint: where refused (THP "never"), the pages stay small
#endif
  return p;
}

void freeLarge(void* p, std::size_t bytes) noexcept {
  if (!isLarge(bytes)) ::operator delete(p);
  else std::free(p);
}

}  // namespace polypath::detail
