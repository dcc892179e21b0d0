"""The card files of a lint run, each read once.

The same bytes are hashed (for the cache keys and the stored output) and
loaded, so an edit made while `lint` runs cannot leave a cache entry keyed on
other bytes than those checked. Light on purpose: a warm run imports only this
and the cache before it prints the stored output.
"""
from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass


@dataclass
class Input:
    """One card file as read: its bytes (None when it is not a regular file
    or cannot be read: the loader then reports why; dropped once checked)
    and their sha256 ("" when unreadable: a run with such a file is not stored)."""

    path: str
    raw: bytes | None
    digest: str


def read_input(path: str) -> Input:
    """A card file's bytes, read once; a FIFO or a device is never read."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return Input(path, None, "")
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return Input(path, None, "")
        with os.fdopen(os.dup(handle), "rb") as stream:
            raw = stream.read()
    except OSError:
        return Input(path, None, "")
    finally:
        os.close(handle)
    return Input(path, raw, hashlib.sha256(raw).hexdigest())


def read_inputs(items) -> list[Input]:
    """The Input of each card file of `cardbase.load.expand_paths` items, in order."""
    return [read_input(path) for path, problem in items if problem is None]
