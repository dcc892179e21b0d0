"""What every pool of worker processes of the tool shares (lint's checks, the card
index's digests): workers that die with the parent and a fork where the system has one."""
from __future__ import annotations

import multiprocessing
import os
import signal


def die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this process when its parent dies (Linux); exit
    at once if the parent is gone already. A pool's `initializer`."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux: the pool's own checks remain
        pass
    if os.getppid() != parent:
        os._exit(1)


def pool_context():
    """A fork context where the system has one (workers share what the parent loaded), else the default."""
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
