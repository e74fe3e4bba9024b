#ifndef CALLOCATOR_H
#define CALLOCATOR_H

#include <stddef.h>

/// Asks the C library to serve allocations of `threshold` bytes or more with their own
/// mappings, returned to the system when freed (glibc's `mallopt(M_MMAP_THRESHOLD)`, which
/// also stops glibc from raising that threshold as large blocks are freed). Does nothing
/// where the C library has no such setting.
void ttsite_map_large_allocations(size_t threshold);

#endif
