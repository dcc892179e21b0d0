"""How `lint` runs: the cache folder, the number of jobs, the progress bar and
the stored output of an unchanged base, around lint.parallel.lint_paths (kept
apart from the options in lint_cmd)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable



def cache_folder(settings) -> Path:
    """The folder named by BERSERK_JUDGE_CACHE_DIR, else `.berserk-judge-cache/`
    next to the config file in use, else in the current folder."""
    from berserk_judge.cardbase.cachedir import cache_folder as folder_in

    return folder_in(settings.root)


def lint_output(targets, settings, *, jobs: int | None, use_cache: bool, quiet: bool, items,
                options: list[str], render: Callable, summary: Callable, warn: Callable[[str], None]):
    """What `lint` shows for the card files of `items` (a lint.cache.StoredOutput).

    With the cache on, an unchanged base (the same bytes of every file, the
    same settings, options and code) is answered by the one stored output;
    otherwise the files are linted (each from its own cache entry when it is
    unchanged), and the output is stored for the next run. `render` and
    `summary` turn a LintResult into the report and its summary line.
    """
    from berserk_judge.lint.cache import LintCache, StoredOutput
    from berserk_judge.lint.inputs import read_inputs

    inputs = read_inputs(items)
    cache = LintCache(cache_folder(settings)) if use_cache else None
    if cache is not None and (refusal := cache.refusal()) is not None:
        warn(f"Предупреждение: кэш не используется: {refusal}.")
        cache = None
    name = key = None
    if cache is not None:
        name = json.dumps([os.getcwd(), targets, options], ensure_ascii=False)
        files = iter(inputs)
        state = [f"{path}\0{next(files).digest}" if problem is None else repr(problem) for path, problem in items]
        from berserk_judge.lint.rules.bj6_rulings import rulebook_stamp

        key = cache.output_key([repr(settings), repr(rulebook_stamp(settings.rulebook)), name, *state])
        stored = cache.get_output(name, key)
        if stored is not None:
            return stored
    result = run_lint(targets, settings, jobs=jobs, cache=cache, quiet=quiet, items=items, inputs=inputs)
    shown = StoredOutput(render(result), summary(result), result.abnormal, len(result.findings))
    del result  # the findings go before the output is encoded and printed (peak memory)
    if cache is not None and all(given.digest for given in inputs):  # an unreadable file may heal
        cache.put_output(name, key, shown)
    if cache is not None and cache.failure is not None:
        from berserk_judge.reports.escape import visible

        warn(f"Предупреждение: кэш не записан ({visible(str(cache.folder))}: {cache.failure}); "
             "находки выведены, следующая проверка будет не быстрее этой.")
    return shown


def run_lint(targets, settings, *, jobs: int | None, cache, quiet: bool, items, inputs=None):
    """LintResult of the card files of `items` (`cardbase.load.expand_paths(targets)`),
    with the progress bar on a terminal; `--jobs` is capped at the number of cores."""
    from berserk_judge.cli.progress import DelayedProgress, wanted
    from berserk_judge.lint.parallel import default_jobs, lint_paths

    show = wanted(quiet)
    total = sum(1 for path, problem in items if problem is None) if show else 0
    progress = DelayedProgress(total, "Проверка файлов", show)
    try:
        return lint_paths(targets, settings, jobs=min(jobs or default_jobs(), default_jobs()), cache=cache,
                          progress=progress, items=items, inputs=inputs)
    finally:
        progress.close()
