"""Lint card files one by one — from the cache, in worker processes or here —
then join them and run what needs the whole base.

A file is the unit: loading it and running the per-card rules on its cards
depends on nothing else (`check_file` → lint.engine.FileResult, which keeps
findings and the few marks base-wide rules need, never the cards, so memory
stays flat in the size of the base). What depends on other files is done
after the join, in lint.engine.join, over the files in the order
`load_base` gives, so the output is the same for any number of jobs and
with or without the cache:

* duplicate ids across files: a file holding an id that an earlier file
  already has is checked again with those ids claimed, exactly as load_base
  would load it (rare: it is an error in the base), and not cached;
* base-wide rules (BJ502) over every file's marks, and the suppressions
  waiting for them.

Each file is read once (`read_inputs`): the same bytes are hashed for the
cache keys and loaded, so an edit made during a run cannot leave a cache
entry keyed on other bytes than those checked.
"""
from __future__ import annotations

import os
import time
from collections import namedtuple
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Callable

from berserk_judge.cardbase.load import expand_paths, load_file
from berserk_judge.cardbase.workers import die_with_parent, pool_context, stop_pool_now
from berserk_judge.lint.cache import LintCache, settings_fingerprint
from berserk_judge.lint.config import Settings
from berserk_judge.lint.engine import CardChecker, FileResult, LintResult, join
from berserk_judge.lint.inputs import Input, read_input, read_inputs

Progress = Callable[[int], None]
Claimed = namedtuple("Claimed", "path line")   # what a duplicate-id message needs of the first card


def default_jobs() -> int:
    """The number of cores this process may use (also the most `--jobs` gets)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def check_file(path: str, checker: CardChecker, claimed: dict | None = None, raw: bytes | None = None) -> FileResult:
    """Load one file (from `raw` when given) and check its cards on their own."""
    base = load_file(path, claimed, raw)
    return checker.check_cards(path, base.cards, base.problems)


def lint_paths(paths: list[str] | None, settings: Settings, *, jobs: int = 1,
               cache: LintCache | None = None, progress: Progress | None = None,
               items: list | None = None, inputs: list[Input] | None = None) -> LintResult:
    """Lint the card files of `paths` (None: the demo base) as lint_base(load_base(paths)) would.
    `items` is `expand_paths(paths)` and `inputs` is `read_inputs(items)` when the caller has them."""
    started = time.perf_counter()
    tick = progress or (lambda done: None)
    items = list(expand_paths(paths)) if items is None else items
    inputs = read_inputs(items) if inputs is None else inputs
    checker = CardChecker(settings)
    parts: list[FileResult | None] = [None] * len(inputs)
    keys: list[str | None] = [None] * len(inputs)
    todo: list[int] = []
    for index, given in enumerate(inputs):
        if cache is not None and given.raw is not None:
            keys[index] = cache.key(given.path, given.raw, settings_fingerprint(checker, given.path))
            parts[index] = cache.get(given.path, keys[index])
        if parts[index] is None:
            todo.append(index)
        else:
            tick(1)

    jobs = min(jobs, default_jobs(), len(todo))
    if jobs > 1:
        if cache is not None:
            cache.prepare()   # marked before the workers race to create it
        _in_workers(todo, inputs, keys, settings, cache, jobs, parts, tick)
    for index in todo:  # --jobs 1, or what the workers left
        if parts[index] is None:
            parts[index] = check_file(inputs[index].path, checker, raw=inputs[index].raw)
            if cache is not None and keys[index] is not None:
                cache.put(keys[index], parts[index])
            tick(1)
    for given in inputs:
        given.raw = None  # memory flat: the bytes are checked; a duplicate-id file is read again

    result = _join(items, inputs, parts, checker)
    result.seconds = time.perf_counter() - started
    return result


def _join(items, inputs: list[Input], parts: list[FileResult], checker: CardChecker) -> LintResult:
    """The files' results in load_base's order, duplicates across files resolved, joined."""
    ordered: list[FileResult] = []
    problems = []
    paths = []
    claimed: dict[str, Claimed] = {}
    position = 0
    for path, problem in items:
        if problem is not None:
            problems.append(problem)
            continue
        part, given = parts[position], inputs[position]
        position += 1
        if any(card_id in claimed for card_id, _ in part.ids):
            again = read_input(path)
            if again.digest != given.digest:
                given.digest = ""  # changed meanwhile: this run's output is not stored
            part = check_file(path, checker, claimed, again.raw)
        paths.append(path)
        ordered.append(part)
        for card_id, line in part.ids:
            claimed[card_id] = Claimed(path, line)
    return join(ordered, checker, problems, paths)


# -- worker processes -----------------------------------------------------------
#
# With N jobs, N worker processes take the files, one task per file, and this
# process collects the results in any order (they are put back in place by
# position, so each file counts once). A worker that dies breaks the pool:
# every file without a result is then checked here, once. Workers are forked
# after the reader is loaded here, so none of them pays for its start again,
# and they die with this process (PR_SET_PDEATHSIG): `kill -9` of lint leaves
# none behind.

_WORKER: dict = {}


def _start_worker(settings: Settings, cache_folder, cache_code, parent: int) -> None:
    die_with_parent(parent)
    _WORKER.update(checker=CardChecker(settings),
                   cache=LintCache(cache_folder, cache_code) if cache_folder is not None else None)


def _work(path: str, raw: bytes | None, key: str | None) -> FileResult:
    """In a worker: check one file (and store its result in the cache)."""
    part = check_file(path, _WORKER["checker"], raw=raw)
    if _WORKER["cache"] is not None and key is not None:
        _WORKER["cache"].put(key, part)
    return part


def _warm_reader() -> None:
    """Load the reader (grammar, morphology) before forking: the workers share it."""
    try:
        from berserk_judge.parser import warm_up

        warm_up()
    except Exception:  # noqa: BLE001 - a reader fault shows per card (BJ002), not here
        pass


def _in_workers(todo, inputs, keys, settings, cache, jobs, parts, tick) -> None:
    """Fill `parts` for the indexes of `todo` in `jobs` worker processes;
    whatever they leave (a worker died, no processes here) stays None for the caller."""
    context = pool_context()
    folder, code = (cache.folder, cache.code) if cache is not None else (None, None)
    if context.get_start_method() == "fork":
        _warm_reader()
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_start_worker,
                                   initargs=(settings, folder, code, os.getpid()))
    except (OSError, NotImplementedError, ImportError):
        return
    with pool:
        futures = {}
        try:
            for index in todo:
                futures[pool.submit(_work, inputs[index].path, inputs[index].raw, keys[index])] = index
            for future in as_completed(futures):
                parts[futures[future]] = future.result()
                tick(1)
        except (BrokenProcessPool, OSError):
            pass  # a worker died: the files without a result are checked here
        except BaseException:
            stop_pool_now(pool)   # Ctrl-C, SIGTERM (cli.interrupt): not after every queued file
            raise
