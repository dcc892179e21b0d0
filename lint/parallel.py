"""Lint card files one by one — from the cache, in worker processes or here —
then join them and run what needs the whole base.

A file is the unit: loading it and running the per-card rules on its cards
depends on nothing else (`check_file`). What does depend on other files is
done after the join, over every card in the order `load_base` gives, so the
output is the same for any number of jobs and with or without the cache:

* duplicate ids across files: a file holding an id that an earlier file
  already has is loaded again with those ids claimed, exactly as load_base
  would load it (rare: it is an error in the base), and not cached;
* base-wide rules (BJ502) and suppressions (`# noqa`, BJ900) run in
  lint.engine.lint_base over the joined cards, with the per-card findings
  taken from the files' outcomes.
"""
from __future__ import annotations

import multiprocessing
import os
import stat
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable

from cardbase.load import expand_paths, load_file
from cardbase.model import Card, CardBase
from lint.cache import FileOutcome, LintCache, settings_fingerprint
from lint.config import Settings
from lint.engine import CardChecker, CardContext, LintResult, lint_base

Progress = Callable[[int], None]


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def check_file(path: str, checker: CardChecker, claimed: dict[str, Card] | None = None) -> FileOutcome:
    """Load one file and run the per-card rules on its cards."""
    base = load_file(path, claimed)
    findings = []
    for card in base.cards:
        findings.extend(checker(CardContext(card)))
    return FileOutcome(path=path, cards=base.cards, problems=base.problems, findings=findings)


def lint_paths(paths: list[str] | None, settings: Settings, *, jobs: int = 1,
               cache: LintCache | None = None, progress: Progress | None = None,
               items: list | None = None) -> LintResult:
    """Lint the card files of `paths` (None: the demo base) as lint_base(load_base(paths)) would.
    `items` is `expand_paths(paths)` when the caller has it already."""
    started = time.perf_counter()
    tick = progress or (lambda done: None)
    items = list(expand_paths(paths)) if items is None else items
    files = [path for path, problem in items if problem is None]
    checker = CardChecker(settings)
    outcomes: list[FileOutcome | None] = [None] * len(files)
    keys: list[str | None] = [None] * len(files)
    todo: list[int] = []
    for index, path in enumerate(files):
        if cache is not None:
            keys[index] = _key(cache, checker, path)
            if keys[index] is not None:
                outcomes[index] = cache.get(path, keys[index])
        if outcomes[index] is None:
            todo.append(index)
        else:
            tick(1)

    if jobs > 1 and len(todo) > 1:
        todo = _in_workers(todo, files, keys, settings, cache, min(jobs, len(todo)), outcomes, tick)
    for index in todo:  # --jobs 1, or what the workers left
        outcomes[index] = check_file(files[index], checker)
        if cache is not None and keys[index] is not None:
            cache.put(keys[index], outcomes[index])
        tick(1)

    base, per_card = _join(items, outcomes, checker)
    result = lint_base(base, settings, card_findings=lambda ctx: per_card.get((ctx.card.path, ctx.card.id), []))
    result.seconds = time.perf_counter() - started
    return result


def _key(cache: LintCache, checker: CardChecker, path: str) -> str | None:
    """The cache key of a regular file; None (not cached) for anything else,
    which is left to the loader to report (a FIFO or /dev/zero is never read here)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as handle:
            content = handle.read()
    except OSError:
        return None  # the loader reports it; nothing to cache
    return cache.key(path, content, settings_fingerprint(checker, path))


def _join(items, outcomes: list[FileOutcome | None], checker: CardChecker):
    """The whole base in load_base's order, and the per-card findings by (path, id)."""
    base = CardBase()
    per_card: dict[tuple[str, str], list] = {}
    claimed: dict[str, Card] = {}
    files = iter(outcomes)
    for path, problem in items:
        if problem is not None:
            base.problems.append(problem)
            continue
        outcome = next(files)
        if any(card.id in claimed for card in outcome.cards):
            outcome = check_file(path, checker, claimed)
        base.paths.append(path)
        base.cards.extend(outcome.cards)
        base.problems.extend(outcome.problems)
        for card in outcome.cards:
            claimed[card.id] = card
        for finding in outcome.findings:
            per_card.setdefault((finding.path, finding.card or ""), []).append(finding)
    return base, per_card


# -- worker processes -----------------------------------------------------------
#
# With N jobs, N - 1 worker processes and this process take the files from one
# shared counter, so the work stays balanced and this process neither idles
# nor waits to unpickle the results of every file: only the workers' share
# crosses a process boundary.

_WORKER: dict = {}


def _start_worker(settings: Settings, cache_folder, cache_code, paths, keys, counter) -> None:
    _WORKER.update(checker=CardChecker(settings), paths=paths, keys=keys, counter=counter,
                   cache=LintCache(cache_folder, cache_code) if cache_folder is not None else None)


def _claim(counter, total: int) -> int | None:
    """The next position to check, or None when every file is taken."""
    with counter.get_lock():
        position = counter.value
        if position >= total:
            return None
        counter.value = position + 1
    return position


def _drain() -> list[tuple[int, FileOutcome]]:
    """In a worker: check files until none is left; (position, outcome) of each."""
    done = []
    paths, keys, cache = _WORKER["paths"], _WORKER["keys"], _WORKER["cache"]
    while (position := _claim(_WORKER["counter"], len(paths))) is not None:
        outcome = check_file(paths[position], _WORKER["checker"])
        if cache is not None and keys[position] is not None:
            cache.put(keys[position], outcome)
        done.append((position, outcome))
    return done


def _in_workers(todo, files, keys, settings, cache, jobs, outcomes, tick) -> list[int]:
    """Check the files of `todo` here and in `jobs - 1` worker processes; the
    indexes left undone (a worker died, no processes here) are returned to be
    checked here."""
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    paths = [files[i] for i in todo]
    todo_keys = [keys[i] for i in todo]
    folder, code = (cache.folder, cache.code) if cache is not None else (None, None)
    try:
        counter = context.Value("i", 0)
        pool = ProcessPoolExecutor(max_workers=jobs - 1, mp_context=context, initializer=_start_worker,
                                   initargs=(settings, folder, code, paths, todo_keys, counter))
    except (OSError, NotImplementedError, ImportError):
        return todo  # no processes here: all in this process
    reported = 0
    try:
        with pool:
            futures = [pool.submit(_drain) for _ in range(jobs - 1)]
            checker = CardChecker(settings)
            while (position := _claim(counter, len(paths))) is not None:
                index = todo[position]
                outcomes[index] = check_file(paths[position], checker)
                if cache is not None and todo_keys[position] is not None:
                    cache.put(todo_keys[position], outcomes[index])
                started = min(counter.value, len(paths))
                tick(started - reported)  # files taken so far, here and in the workers
                reported = started
            for future in futures:
                for position, outcome in future.result():
                    outcomes[todo[position]] = outcome
    except (BrokenProcessPool, OSError):
        pass  # a worker died: what it took is done below
    tick(len(paths) - reported)
    return [index for index in todo if outcomes[index] is None]
