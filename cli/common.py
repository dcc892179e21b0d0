"""Small pieces several commands share."""
from __future__ import annotations

import click


def configured_base() -> list[str] | None:
    """The card base of the nearest config file (None → the demo base).

    A bad config file is a usage error (exit 2), as in `lint`.
    """
    from berserk_judge.lint.config import ConfigError, configured_cardbase

    try:
        return configured_cardbase()
    except ConfigError as exc:
        from berserk_judge.reports.escape import visible

        raise click.UsageError(f"ошибка настроек: {visible(str(exc))}") from None


def check_output(option: str, output, inputs, config_path=None, stream_ok: bool = False) -> None:
    """Exit 2 with a Russian message when `output` must not be written: it is
    one of the `inputs` (cardbase.atomic.input_clash) or the config file, or
    cardbase.atomic would refuse it (read-only, a folder; a device or FIFO
    unless `stream_ok`). Runs before any work, so a refused output costs nothing."""
    import os
    import stat

    from berserk_judge.cardbase.atomic import input_clash, refusal
    from berserk_judge.reports.escape import visible

    shown = visible(str(output))
    clash = input_clash(output, inputs)
    if clash is not None:
        _usage_exit(f"{option} {shown} — это входной файл базы карт ({visible(str(clash))}); "
                    "отчёт записан не будет, укажите другой файл.")
    if config_path is not None and input_clash(output, [config_path]) is not None:
        _usage_exit(f"{option} {shown} — это файл настроек ({visible(str(config_path))}); "
                    "отчёт записан не будет, укажите другой файл.")
    from berserk_judge.cardbase.cachedir import marked_ancestor

    cache = marked_ancestor(output)
    if cache is not None:
        _usage_exit(f"{option} {shown}: {in_cache(cache)}; отчёт записан не будет, укажите другой файл.")
    try:
        mode = os.stat(output).st_mode
    except OSError:
        return
    if stream_ok and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        return
    reason = refusal(output)
    if reason is not None:
        _usage_exit(f"{option} {shown}: {reason}; отчёт записан не будет.")


def in_cache(folder) -> str:
    """Why nothing is written inside the tool's cache folder (Russian)."""
    from berserk_judge.reports.escape import visible

    return (f"это внутри папки кэша berserk-judge ({visible(str(folder))}), "
            "её целиком удаляет berserk-judge clean")


def _usage_exit(message: str) -> None:
    import sys

    click.echo(f"Ошибка: {message}", err=True)
    sys.exit(2)


def read_stdin_text() -> str:
    """Standard input as text, one behaviour for every command that reads `-`:
    strict UTF-8 (a BOM dropped); bytes that are not UTF-8, or nothing but
    whitespace, are an error (exit 2) with a Russian message."""
    import sys

    stream = sys.stdin
    raw = stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode("utf-8", "surrogateescape")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = len(raw[raw.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8", "replace")) + 1
        _usage_exit(f"стандартный ввод не в кодировке UTF-8: байт 0x{raw[exc.start]:02X} в строке {line}, "
                    f"столбце {column}; ожидается текст в UTF-8")
    text = text[1:] if text.startswith("\ufeff") else text
    if not text.strip():
        _usage_exit("стандартный ввод пуст — читать нечего; ожидается текст особенностей карты")
    return text


def output_failed(exc: OSError) -> None:
    """A write the command did not catch — its standard output on a full disk or
    /dev/full: a Russian message and exit 2 instead of a traceback; other errors
    are raised as they are. The unwritten rest of the output goes to /dev/null,
    so that flushing it at exit does not fail again."""
    import errno
    import os
    import sys

    if exc.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO):
        raise exc
    from berserk_judge.cardbase.atomic import describe_write_error

    _to_null(sys.stdout)
    try:
        sys.stderr.write(f"Ошибка: вывод не записан: {describe_write_error(exc)}.\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        _to_null(sys.stderr)
    sys.exit(2)


def _to_null(stream) -> None:
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
