// Replaces the C library's allocation functions with counting wrappers that forward to glibc's
// own allocator. See include/MallocCounter.h for what is counted.

#include "MallocCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

// glibc's allocator under its internal names; exported by every glibc since 2.2.5, and what the
// public names resolve to when nothing interposes them.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static _Atomic uint64_t allocations;
static _Atomic uint64_t deallocations;
static _Atomic uint64_t allocatedBytes;

static inline void *counted(void *pointer, size_t size) {
  if (pointer != NULL) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&allocatedBytes, size, memory_order_relaxed);
  }
  return pointer;
}

static inline int isPowerOfTwo(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

void *malloc(size_t size) { return counted(__libc_malloc(size), size); }

void *calloc(size_t count, size_t size) {
  return counted(__libc_calloc(count, size), count * size);
}

void *realloc(void *pointer, size_t size) {
  if (pointer != NULL && size == 0) {
    atomic_fetch_add_explicit(&deallocations, 1, memory_order_relaxed);
    return __libc_realloc(pointer, size);
  }
  return counted(__libc_realloc(pointer, size), size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (!isPowerOfTwo(alignment) || alignment % sizeof(void *) != 0) return EINVAL;
  void *pointer = counted(__libc_memalign(alignment, size), size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  if (!isPowerOfTwo(alignment)) {
    errno = EINVAL;
    return NULL;
  }
  return counted(__libc_memalign(alignment, size), size);
}

void *memalign(size_t alignment, size_t size) {
  return counted(__libc_memalign(alignment, size), size);
}

void *valloc(size_t size) { return counted(__libc_valloc(size), size); }

void *pvalloc(size_t size) { return counted(__libc_pvalloc(size), size); }

void free(void *pointer) {
  if (pointer != NULL) atomic_fetch_add_explicit(&deallocations, 1, memory_order_relaxed);
  __libc_free(pointer);
}

uint64_t MallocCounterAllocations(void) {
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}

uint64_t MallocCounterDeallocations(void) {
  return atomic_load_explicit(&deallocations, memory_order_relaxed);
}

uint64_t MallocCounterAllocatedBytes(void) {
  return atomic_load_explicit(&allocatedBytes, memory_order_relaxed);
}

void MallocCounterReset(void) {
  atomic_store_explicit(&allocations, 0, memory_order_relaxed);
  atomic_store_explicit(&deallocations, 0, memory_order_relaxed);
  atomic_store_explicit(&allocatedBytes, 0, memory_order_relaxed);
}
