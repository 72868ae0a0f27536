// The system calls Swift cannot call itself: `mremap` takes a variable
// number of arguments, which Swift does not import. Linux only; elsewhere
// each call fails, and its caller copies instead.
#ifndef LEDGER_SYSTEM_H
#define LEDGER_SYSTEM_H

#include <stddef.h>

/// Grows the mapping of `size` bytes at `at` to `newSize` bytes, moving it
/// when it cannot grow in place (its pages are moved, not copied): the
/// mapping's new address, or NULL (nothing changed).
void *ledger_grow_mapping(void *at, size_t size, size_t newSize);

/// Moves the pages of the mapping of `size` bytes at `from` to `to`
/// (page-aligned), replacing whatever was mapped there; nothing is copied.
/// 0, or -1 when nothing was moved.
int ledger_move_pages(void *from, size_t size, void *to);

#endif
