"""How `lint` runs: the cache folder, the number of jobs and the progress bar
around lint.parallel.lint_paths (kept apart from the options in lint_cmd)."""
from __future__ import annotations

from pathlib import Path


CACHE_ENV = "BERSERK_JUDGE_CACHE_DIR"


def cache_folder(settings) -> Path:
    """The folder named by BERSERK_JUDGE_CACHE_DIR, else `.berserk-judge-cache/`
    next to the config file in use, else in the current folder."""
    import os

    from lint.cache import CACHE_DIR

    return Path(os.environ.get(CACHE_ENV) or Path(settings.root) / CACHE_DIR)


def run_lint(targets, settings, *, jobs: int | None, use_cache: bool, quiet: bool, items=None):
    """LintResult of the card files of `targets` (None: the demo base); `items`
    is `cardbase.load.expand_paths(targets)` when the caller has it already."""
    from cardbase.load import expand_paths
    from cli.progress import DelayedProgress, wanted
    from lint.cache import LintCache
    from lint.parallel import default_jobs, lint_paths

    items = list(expand_paths(targets)) if items is None else items
    show = wanted(quiet)
    total = sum(1 for path, problem in items if problem is None) if show else 0
    progress = DelayedProgress(total, "Проверка файлов", show)
    cache = LintCache(cache_folder(settings)) if use_cache else None
    try:
        return lint_paths(targets, settings, jobs=jobs or default_jobs(), cache=cache, progress=progress,
                          items=items)
    finally:
        progress.close()
