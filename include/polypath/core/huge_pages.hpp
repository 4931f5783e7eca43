// huge_pages.hpp: an allocator for the large arrays a search reads at random, backed by
// 2 MiB pages where the system grants them.
//
// A query on a big mesh reads corners scattered over megabytes: with 4 KiB pages nearly every
// face it enters costs a TLB miss and a page walk besides the cache miss. Linux's transparent
// huge pages map such an array with one TLB entry per 2 MiB when the memory is 2 MiB-aligned
// and advised (madvise(MADV_HUGEPAGE)) before it is first touched; with THP set to "never",
// or on another system, the memory is ordinary and only the alignment is spent.
#pragma once

#include <cstddef>

namespace polypath {

namespace detail {
/// Allocates `bytes` (at least 1) aligned for any object; from kHugePageMin bytes on,
/// 2 MiB-aligned, rounded up to whole 2 MiB pages and advised for huge pages. Throws
/// std::bad_alloc. Free with freeLarge(p, bytes) and the same byte count.
void* allocateLarge(std::size_t bytes);
/// Frees memory from allocateLarge(bytes).
void freeLarge(void* p, std::size_t bytes) noexcept;
/// Arrays from this size on get huge pages (1 MiB: at least half of a 2 MiB page is used).
inline constexpr std::size_t kHugePageMin = std::size_t{1} << 20;
}  // namespace detail

/// A std::allocator replacement for std::vector of trivially relocatable types that are read
/// at random by a search (PolyanyaMesh's corners): small arrays come from operator new,
/// large ones from detail::allocateLarge. Stateless: any two compare equal.
template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(detail::allocateLarge(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { detail::freeLarge(p, n * sizeof(T)); }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace polypath
