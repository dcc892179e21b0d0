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


def stop_pool_now(pool) -> None:
    """Drop the queued files and end the workers by their ids: leaving `with pool`
    waits for every submitted file otherwise (minutes on a large base)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)   # shutdown() forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            process.terminate()
        except (OSError, AttributeError, ValueError):
            pass
    for process in processes:
        try:
            process.join(5)
        except (OSError, AttributeError, ValueError, AssertionError):
            pass
    if manager is not None:
        # The pool's manager thread closes its wake-up pipe as it ends; the interpreter's
        # exit hook writes to that pipe. Left running, the two race: «Bad file descriptor»
        # printed after «Прервано.». Joined here, the hook finds the pipe closed.
        manager.join(5)
