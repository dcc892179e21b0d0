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
from concurrent.futures import ProcessPoolExecutor, as_completed
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
               cache: LintCache | None = None, progress: Progress | None = None) -> LintResult:
    """Lint the card files of `paths` (None: the demo base) as lint_base(load_base(paths)) would."""
    started = time.perf_counter()
    tick = progress or (lambda done: None)
    items = list(expand_paths(paths))
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
    for index in todo:
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

_WORKER: dict = {}


def _start_worker(settings: Settings, cache_folder, cache_code) -> None:
    _WORKER["checker"] = CardChecker(settings)
    _WORKER["cache"] = LintCache(cache_folder, cache_code) if cache_folder is not None else None


def _work(path: str, key: str | None) -> FileOutcome:
    outcome = check_file(path, _WORKER["checker"])
    cache = _WORKER["cache"]
    if cache is not None and key is not None:
        cache.put(key, outcome)
    return outcome


def _in_workers(todo, files, keys, settings, cache, jobs, outcomes, tick) -> list[int]:
    """Check the files of `todo` in `jobs` processes; the indexes left undone
    (a worker died) are returned to be checked here."""
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    left = set(todo)
    folder, code = (cache.folder, cache.code) if cache is not None else (None, None)
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_start_worker,
                                 initargs=(settings, folder, code)) as pool:
            futures = {pool.submit(_work, files[i], keys[i]): i for i in todo}
            for future in as_completed(futures):
                index = futures[future]
                outcomes[index] = future.result()
                left.discard(index)
                tick(1)
    except (BrokenProcessPool, OSError, NotImplementedError):
        pass  # no processes here (or one was killed): the rest is done in this process
    return sorted(left)
