"""Keeping the server's resident memory near what is alive (glibc's allocator).

Two habits of glibc's malloc cost an open 20,000-card document 30 MB of
its peak, memory freed but never given back:

* each thread that allocates gets its own heap ("arena"); the analysis runs
  on a worker thread, so what the first check made and dropped stayed
  reserved in two heaps at once;
* a large block (a 14 MB buffer, its line index) is mapped on its own and
  unmapped when freed, until the first one is freed: then the size from which
  blocks are mapped grows past it, and the next buffers are carved from the
  heap, where freeing them leaves holes the heap keeps.

So the process gets one heap and a fixed mapping size. Elsewhere (musl,
macOS, Windows) nothing is asked: the same server, only its memory as that
allocator keeps it.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools

M_ARENA_MAX = -8        # glibc's mallopt parameters: the most heaps the process may have,
M_MMAP_THRESHOLD = -3   # the size from which a block is mapped on its own (fixed once set)
MAPPED_FROM = 256 * 1024


@functools.lru_cache(maxsize=1)
def _libc():
    """glibc, or None when the allocator is not glibc's."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
        return libc
    except (OSError, AttributeError, TypeError):
        return None


def one_arena() -> bool:
    """One heap for all threads and a fixed mapping size (call before the
    worker threads start). True when the allocator took both."""
    libc = _libc()
    if libc is None:
        return False
    one_heap = libc.mallopt(M_ARENA_MAX, 1)
    fixed_mapping = libc.mallopt(M_MMAP_THRESHOLD, MAPPED_FROM)   # asked even when the first was refused
    return bool(one_heap and fixed_mapping)


def trim() -> bool:
    """Give the memory freed at the top of the heap and in its free pages back
    to the system (glibc's malloc_trim; after every safe fix of a large file
    the process kept hundreds of MB it no longer used). True when asked."""
    libc = _libc()
    if libc is None or not hasattr(libc, "malloc_trim"):
        return False
    try:
        libc.malloc_trim(0)
    except (OSError, AttributeError, TypeError):
        return False
    return True
