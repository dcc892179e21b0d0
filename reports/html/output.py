"""Writing the report site into a folder without ever touching what the user put there.

The site's own files are listed in its report.json (`"site": {"files": …}`,
the manifest). A later report over the same folder replaces exactly those
files and deletes those of them it no longer writes; anything else in the
folder stays as it was. A non-empty folder without a manifest is not a report
and is refused; no file the report reads (the card base) is ever written.
Each file goes to a temp file beside it and is renamed (cardbase.atomic), so
no page is ever half written; the folder itself is never moved or removed.
"""
from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

from berserk_judge.cardbase.atomic import describe_write_error, input_clash, write_atomic
from berserk_judge.cardbase.cachedir import marked_ancestor

MARKER = "report.json"
PENDING = "report.pending.json"   # the names a report is about to write, claimed before the first page
GENERATOR = "berserk-judge"
# every name a report writes; a manifest naming anything else is not trusted
OWN_NAME = re.compile(r"(?:index|changes|rules|findings)\.html|cards-[\w.~-]+\.html|report\.(?:css|js|json)|icon\.svg"
                      r"|search-index\.js|report-strings\.js|rule-help\.js|findings(?:-data)?\.js|common\.js")
_MARKER_LIMIT = 1 << 30   # a report.json larger than this is not one we wrote


class OutputError(Exception):
    """The report cannot be written where asked; the message is Russian and names the path."""


def manifest(names) -> dict:
    """What report.json says about the site it belongs to."""
    return {"generator": GENERATOR, "files": sorted(names)}


def previous_files(out_dir: Path) -> set[str] | None:
    """The files an earlier report wrote into `out_dir` (its manifest, and the
    names a report that was stopped half way had claimed), or None if it holds no report.

    A report of the first format (no manifest) owns the files that carry the
    report's names; it is replaced name by name and nothing of it is deleted.
    """
    data = _read_json(out_dir / MARKER)
    pending = _read_json(out_dir / PENDING)
    claimed = None
    if isinstance(pending, dict) and pending.get("generator") == GENERATOR and isinstance(pending.get("files"), list):
        claimed = {name for name in pending["files"] if isinstance(name, str) and OWN_NAME.fullmatch(name)} | {PENDING}
    if not isinstance(data, dict):
        return claimed
    site = data.get("site")
    if isinstance(site, dict) and site.get("generator") == GENERATOR and isinstance(site.get("files"), list):
        return {name for name in site["files"] if isinstance(name, str) and OWN_NAME.fullmatch(name)} | (claimed or set())
    if data.get("format") == 1 and isinstance(data.get("summary"), dict) and "cards" in data:
        return {name for name in os.listdir(out_dir) if OWN_NAME.fullmatch(name)} | {"__format1__"} | (claimed or set())
    return claimed


def _read_json(path: Path):
    """A JSON file the report wrote (a regular file of bounded size), or None."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > _MARKER_LIMIT:
        return None
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None


def check_target(out_dir: Path, names, inputs) -> set[str]:
    """The earlier report's files (empty for a new folder); OutputError when writing would harm anything."""
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise OutputError(f"{out_dir}: это файл, а не папка")
    clash = input_clash(out_dir, inputs)
    if clash is not None:
        raise OutputError(f"{out_dir}: это входная папка или файл базы карт ({clash}); "
                          "отчёт пишется только в отдельную папку")
    cache = marked_ancestor(out_dir)
    if cache is not None:
        raise OutputError(f"{out_dir}: это внутри папки кэша berserk-judge ({cache}), её целиком удаляет "
                          "berserk-judge clean; выберите другую папку")
    try:
        present = set(os.listdir(out_dir)) if out_dir.is_dir() else set()
    except OSError as exc:
        raise OutputError(f"{out_dir}: папку нельзя прочитать ({describe_write_error(exc)})") from None
    previous = previous_files(out_dir) if present else set()
    if previous is None:
        raise OutputError(f"{out_dir}: папка не пуста и не похожа на отчёт (нет {MARKER} отчёта "
                          "berserk-judge); выберите пустую или новую папку")
    for name in sorted({*names, PENDING}):
        path = out_dir / name
        clash = input_clash(path, inputs)
        if clash is not None:
            raise OutputError(f"{path}: это входной файл базы карт ({clash}); отчёт не пишется поверх него")
        if name in present and name not in previous:
            raise OutputError(f"{path}: файл уже есть и не записан прежним отчётом; "
                              "отчёт его не заменит — перенесите файл или выберите другую папку")
        if name in present and not _replaceable(path):
            raise OutputError(f"{path}: это не обычный файл; отчёт его не заменит")
    return previous


def _mkdir_reason(out_dir: Path, exc: OSError) -> str:
    if isinstance(exc, FileExistsError) and os.path.islink(out_dir):
        from berserk_judge.cardbase.oserror import broken_link

        return broken_link(out_dir) or "это ссылка, которая никуда не ведёт или указывает сама на себя"
    return describe_write_error(exc)


def _replaceable(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return True


def write_site(files: dict[str, bytes | str], out_dir: Path, inputs=()) -> None:
    """Write every file of the site into `out_dir`: report.json (the manifest) last, then drop stale ones.

    `files` must hold report.json, whose manifest lists exactly `files`.
    """
    out_dir = Path(out_dir)
    previous = check_target(out_dir, files, inputs)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{out_dir}: не удалось создать папку ({_mkdir_reason(out_dir, exc)})") from None
    try:
        # claimed first: pages written by a run stopped half way (kill, full disk) stay the tool's own,
        # replaced or deleted by the next report, never taken for the user's
        write_atomic(out_dir / PENDING, json.dumps(manifest(set(files) | (previous - {"__format1__"}))))
        for name in sorted(files, key=lambda n: n == MARKER):
            write_atomic(out_dir / name, files[name])
    except OSError as exc:
        raise OutputError(f"{out_dir}: не удалось записать отчёт ({describe_write_error(exc)})") from None
    if "__format1__" in previous:
        _remove(out_dir / PENDING)
        return
    for name in sorted((previous | {PENDING}) - set(files)):
        path = out_dir / name
        try:
            if not stat.S_ISDIR(os.lstat(path).st_mode):
                path.unlink()
        except OSError:
            pass   # already gone or not ours to force: the new manifest no longer names it


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
