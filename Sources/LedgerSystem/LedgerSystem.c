#ifdef __linux__
#define _GNU_SOURCE
#include <sys/mman.h>
#endif
#include "LedgerSystem.h"

void *ledger_grow_mapping(void *at, size_t size, size_t newSize) {
#ifdef __linux__
    void *moved = mremap(at, size, newSize, MREMAP_MAYMOVE);
    return moved == MAP_FAILED ? NULL : moved;
#else
    (void)at; (void)size; (void)newSize;
    return NULL;
#endif
}

int ledger_move_pages(void *from, size_t size, void *to) {
#ifdef __linux__
    void *moved = mremap(from, size, size, MREMAP_MAYMOVE | MREMAP_FIXED, to);
    return moved == to ? 0 : -1;
#else
    (void)from; (void)size; (void)to;
    return -1;
#endif
}
