"""`lint --fix / --diff / --unsafe-fixes`: fix the base, write or show, summarise.

The shell part of fixing: lint/fix_apply.py decides the new texts (pure),
cardbase/write.py turns them into file contents; this module reads and writes
the files, prints the diff and the Russian summary, and says whether a file
could not be written (exit code 2).
"""
from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass, field

import click

from berserk_judge.russian.plural import plural


@dataclass
class FixRun:
    outcome: object                      # lint.fix_apply.FixOutcome
    diff: str = ""                       # unified diff of every file that would change
    errors: list[str] = field(default_factory=list)   # Russian, one per file not written
    failed_cards: set[str] = field(default_factory=set)
    failed_files: int = 0
    on_disk: object = None               # LintResult of the files as they now are, when some were not written

    @property
    def fixed(self) -> int:
        """The reported findings fixed: the number the plain lint's «[*] Можно исправить» predicts."""
        return self.outcome.accounting(self.failed_cards)[0]

    @property
    def opened(self) -> int:
        """Findings the fixes opened and later passes fixed (the first lint did not report them)."""
        return self.outcome.accounting(self.failed_cards)[1]

    @property
    def result(self):
        """The findings left in the files: a file not written keeps all of its own."""
        return self.on_disk if self.on_disk is not None else self.outcome.result


def fix_or_diff(base, settings, diff: bool, unsafe: bool, quiet: bool, in_report: bool):
    """`--fix`: write, return (remaining result, summary note, a file failed).
    `--diff`: print the diff and the summary, exit (1: something to fix)."""
    run = run_fixes(base, settings, write=not diff, unsafe=unsafe)
    for error in run.errors:
        click.echo(error, err=True)
    if diff:
        click.echo(run.diff, nl=False)
        if not quiet:
            click.echo(summary(run, written=False), err=True)
        sys.exit(2 if run.errors or run.outcome.result.abnormal else (1 if run.fixed or run.opened else 0))
    note = "" if quiet else summary(run, written=True, with_unsafe=not in_report)
    return run.result, note, bool(run.errors)


def run_fixes(base, settings, write: bool, unsafe: bool) -> FixRun:
    """Fix the base; write the files (`write`) or only build the diff."""
    from berserk_judge.cardbase.write import FileChanged, WriteError, read_source, rewrite_texts, write_text_file
    from berserk_judge.lint.fix_apply import fix_base

    outcome = fix_base(base, settings, unsafe=unsafe)
    run = FixRun(outcome)
    by_path: dict[str, dict[str, tuple[str, str]]] = {}
    for card_id, new in outcome.texts.items():
        card = outcome.originals[card_id]
        by_path.setdefault(card.path, {})[card_id] = (card.text, new)
    def failed(path: str, exc: BaseException) -> None:
        run.errors.append(f"Ошибка: {shown_path(path)} не записан: {write_failure(exc)}")
        run.failed_cards.update(by_path[path])
        run.failed_files += 1

    # every file's new contents first, then the writes: a file that cannot be rewritten (or a
    # fault in the writer) stops before any file is written, never halfway through the list
    rewritten = []
    for path in sorted(by_path):
        try:
            source = read_source(path)
            expected = base.digests.get(path)
            if expected is not None and source.digest != expected:
                raise FileChanged("файл изменился после чтения")
            rewritten.append((path, source, expected, rewrite_texts(source.text, by_path[path])))
        except (WriteError, OSError, UnicodeDecodeError) as exc:
            failed(path, exc)
    diffs = []
    for path, source, expected, new_source in rewritten:
        if not write:
            diffs.append(unified_diff(path, source.text, new_source))
            continue
        try:
            write_text_file(path, new_source, source.bom, expected or source.digest)
        except (WriteError, OSError) as exc:
            failed(path, exc)
    run.diff = "".join(diffs)
    if write and run.failed_cards:
        run.on_disk = _lint_as_written(base, settings, outcome, run.failed_cards)
    return run


def write_failure(exc: BaseException) -> str:
    """Why a file was not written, in Russian, with what to do next."""
    from berserk_judge.cardbase.atomic import describe_write_error
    from berserk_judge.cardbase.write import FileChanged

    if isinstance(exc, FileChanged):
        return f"{exc}; запустите проверку снова"
    if isinstance(exc, UnicodeDecodeError):
        return "файл не в кодировке UTF-8"
    if isinstance(exc, OSError):
        return describe_write_error(exc)
    return str(exc)


def shown_path(path: str) -> str:
    from berserk_judge.reports.escape import visible

    return visible(path)


def _lint_as_written(base, settings, outcome, failed: set[str]):
    """Lint the base as the files now stand: fixed texts where the file was
    written, the old ones where it was not (their findings remain)."""
    import dataclasses

    from berserk_judge.lint.engine import lint_base
    from berserk_judge.lint.fix_apply import with_text

    cards = [with_text(card, outcome.texts[card.id])
             if card.id in outcome.texts and card.id not in failed else card
             for card in base.cards]
    return lint_base(dataclasses.replace(base, cards=cards), settings)


def unified_diff(path: str, old: str, new: str) -> str:
    lines = difflib.unified_diff(_file_lines(old), _file_lines(new), fromfile=path, tofile=path)
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)


def _file_lines(text: str) -> list[str]:
    """The lines of a file as a diff shows them, each with its "\n": split at LF only (str.splitlines
    would also split at a raw U+2028 or NEL inside a card's name, which is no line of the file)."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def summary(run: FixRun, written: bool, with_unsafe: bool = True) -> str:
    """Fixed / remaining / would be fixed with --unsafe-fixes, in Russian
    (`with_unsafe=False` when the text report's «[*]» line already says it)."""
    outcome = run.outcome
    n = run.fixed
    remaining = len(run.result.findings) if written else len(outcome.remaining)
    word = plural(n, "замечание", "замечания", "замечаний")
    if written:
        text = f"Исправлено {n} {word}, осталось {remaining}."
        if run.failed_files:
            files = run.failed_files
            text += (f" Не {plural(files, 'записан', 'записаны', 'записаны')} {files} "
                     f"{plural(files, 'файл', 'файла', 'файлов')} (причина — выше): "
                     f"{plural(files, 'его', 'их', 'их')} замечания остались.")
    else:
        text = f"Можно исправить {n} {word}; останется {remaining}."
    opened = run.opened
    if opened:
        tail = (("оно тоже исправлено" if opened == 1 else "они тоже исправлены") if written
                else "--fix исправит и " + ("его" if opened == 1 else "их"))
        text += (f" Исправления открыли ещё {opened} {plural(opened, 'замечание', 'замечания', 'замечаний')}"
                 f" (первая проверка их не находила); {tail}.")
    if with_unsafe and outcome.unsafe_fixable:
        text += f" Ещё {outcome.unsafe_fixable} можно исправить с --unsafe-fixes (исправления могут менять смысл)."
    demoted = len(outcome.demoted)
    if demoted:
        text += (f" {demoted} {plural(demoted, 'исправление не применено', 'исправления не применены', 'исправлений не применено')}:"
                 f" {plural(demoted, 'оно меняет', 'они меняют', 'они меняют')} прочтение карты.")
    return text
