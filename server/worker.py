"""The one thread the server's analyses run on, in order, with room for the
others when one takes long.

Each open document has a linter whose caches only this thread touches. A
job names its document (`owner`); a long job — every safe fix of a 20,000-card
file, the first check of one — calls `breathe` now and then, and the jobs
queued meanwhile for *other* documents run right there, on this thread,
before it goes on: a document opened while another is being fixed gets its
diagnostics in its own time, not after the fix. A job of the same document
waits (its linter is busy), and so do the owners in `patient` (background
work that may wait for the rest). A job can also be told to stop (`Cancelled`
raised at its next `breathe`) when the request it serves was cancelled.

An `Executor`, so asyncio's `run_in_executor` and `wrap_future` take it.
"""
from __future__ import annotations

import collections
import threading
from concurrent.futures import Executor, Future


class Cancelled(BaseException):
    """Raised at a `breathe` of a job whose request was cancelled (a BaseException:
    no `except Exception` on the way, the server's own `safely` included, takes
    it for a failure)."""


class Token:
    """A job's cancellation flag, set from the request loop, read on the worker."""

    __slots__ = ("cancelled",)

    def __init__(self):
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class _Job:
    __slots__ = ("future", "call", "owner", "token")

    def __init__(self, future: Future, call, owner, token: Token | None):
        self.future, self.call, self.owner, self.token = future, call, owner, token


class Worker(Executor):
    """A single worker thread whose long jobs let other documents' jobs through."""

    def __init__(self, name: str = "berserk-judge-analysis"):
        self._queue: collections.deque[_Job] = collections.deque()
        self._ready = threading.Condition()
        self._closed = False
        self._running: list[_Job] = []   # the job being run, and those run inside its breathes
        # called at each breath: the server makes it wait while a request's answer is
        # being made on its own thread (the answer gets the processor, not half of it)
        self.yield_to = None
        self.patient: set = set()   # owners whose jobs never run inside a breath (the base index's loading)
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def submit(self, fn, /, *args, owner=None, token: Token | None = None, **kwargs) -> Future:
        future: Future = Future()
        with self._ready:
            if self._closed:
                raise RuntimeError("the worker is shut down")
            self._queue.append(_Job(future, lambda: fn(*args, **kwargs), owner, token))
            self._ready.notify()
        return future

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._queue and not self._closed:
                    self._ready.wait()
                if self._closed and not self._queue:
                    return
                job = self._queue.popleft()
            self._execute(job)

    def _execute(self, job: _Job) -> None:
        if not job.future.set_running_or_notify_cancel():
            return   # cancelled before it started
        self._running.append(job)
        try:
            if job.token is not None and job.token.cancelled:
                raise Cancelled()
            result = job.call()
        except BaseException as exc:  # noqa: BLE001 - handed to whoever waits for it
            job.future.set_exception(exc)
        else:
            job.future.set_result(result)
        finally:
            self._running.pop()

    def breathe(self) -> None:
        """Run the jobs queued for other documents now (on this thread), then
        come back; raise Cancelled when the running job's request was cancelled.
        Called by a long job between its steps; a no-op off the worker."""
        if threading.current_thread() is not self.thread or not self._running:
            return
        running = self._running[-1]
        if running.token is not None and running.token.cancelled:
            raise Cancelled()
        if self.yield_to is not None:
            self.yield_to()
        if len(self._running) > 1:
            return   # already inside another job's breath: no deeper
        busy = {job.owner for job in self._running}
        while True:
            with self._ready:
                job = next((j for j in self._queue if j.owner not in busy and j.owner not in self.patient), None)
                if job is None:
                    return
                self._queue.remove(job)
            self._execute(job)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._ready:
            self._closed = True
            if cancel_futures:
                while self._queue:
                    self._queue.popleft().future.cancel()
            self._ready.notify_all()
        if wait and threading.current_thread() is not self.thread:
            self.thread.join()

