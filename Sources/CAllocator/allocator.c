#include <stdlib.h>  /* first: it defines __GLIBC__ on glibc */
#include "CAllocator.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void ttsite_map_large_allocations(size_t threshold) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, (int)threshold);
#else
    (void)threshold;
#endif
}
