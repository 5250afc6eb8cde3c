#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Counts the heap allocations of the whole process, exactly.
///
/// Linking this target into an executable replaces `malloc`, `calloc`, `realloc`,
/// `posix_memalign`, `aligned_alloc`, `memalign`, `valloc`, `pvalloc` and `free` for the whole
/// process (the executable's definitions interpose the C library's, also for the Swift runtime
/// and every other shared library). Each replacement counts the call in a process-wide atomic
/// counter, then forwards to the C library's own allocator (`__libc_malloc` and friends), so
/// memory is managed exactly as without it.
///
/// Every successful call that returns new memory counts as one allocation, including every
/// `realloc` of a non-null size; `free` of a non-null pointer (and `realloc(pointer, 0)`)
/// counts as one deallocation. Counting costs one relaxed atomic increment per call.

/// The number of allocations since the process started or `MallocCounterReset` was last called.
uint64_t MallocCounterAllocations(void);

/// The number of deallocations since the process started or `MallocCounterReset` was last
/// called.
uint64_t MallocCounterDeallocations(void);

/// The number of bytes requested by the allocations counted by `MallocCounterAllocations`.
uint64_t MallocCounterAllocatedBytes(void);

/// Sets every counter back to zero.
void MallocCounterReset(void);

#endif
