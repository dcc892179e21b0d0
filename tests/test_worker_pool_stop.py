"""stop_pool_now leaves no pool thread for the interpreter's exit hook to race with.

CI once printed «OSError: [Errno 9] Bad file descriptor» after «Прервано.»: the
pool's manager thread was closing its wake-up pipe while concurrent.futures'
exit hook wrote to it. Once stop_pool_now returns, that thread has ended and the
pipe is closed, so the hook skips it."""
import time
from concurrent.futures import ProcessPoolExecutor

from berserk_judge.cardbase.workers import pool_context, stop_pool_now


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_stop_pool_now_ends_the_workers_and_the_manager_thread():
    pool = ProcessPoolExecutor(max_workers=2, mp_context=pool_context())
    futures = [pool.submit(_sleep, 30) for _ in range(6)]
    deadline = time.monotonic() + 30
    while len(pool._processes) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    processes = list(pool._processes.values())
    manager = pool._executor_manager_thread
    wakeup = pool._executor_manager_thread_wakeup
    started = time.monotonic()
    stop_pool_now(pool)
    assert time.monotonic() - started < 10
    assert len(processes) == 2 and not any(process.is_alive() for process in processes)
    assert manager is not None and not manager.is_alive()
    assert wakeup._closed
    assert all(future.done() for future in futures[2:])
