"""The editor's settings for the server: the config file's keys, and the
server's own, as ruff's server and yaml-language-server take theirs.

They come in the section `berserk-judge` of the editor's settings:
`initializationOptions.settings`, a `workspace/didChangeConfiguration`
(its `settings`, or `settings["berserk-judge"]`), or the server's own
`workspace/configuration` request when the client answers one (asked at
start and at every change). The keys of `berserk-judge.toml` —
`select`, `extend-select`, `ignore`, `extend-ignore`, `per-file-ignores`,
`severity`, `severity-threshold`, `cardbase`, `rulebook` — may also be
written in camelCase (`extendSelect`); they are laid over the file's
settings as the command line's options are (the editor's selection is the
last layer; its severities, per-file ignores, threshold, base and rulebook
win), paths relative to the config file's folder, else the workspace
folder. The server's own: `debounceMs`, `holdMs`, `maxDiagnostics`,
`rulesUrl`. A wrong key is said once (a warning) and that part left out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

SECTION = "berserk-judge"
SERVER_KEYS = ("debounceMs", "holdMs", "maxDiagnostics", "rulesUrl")
_CAMEL = re.compile(r"(?<=[a-z])([A-Z])")


def kebab(key: str) -> str:
    """`extendSelect` → `extend-select` (a key already in kebab-case stays)."""
    return _CAMEL.sub(lambda m: "-" + m.group(1).lower(), key)


@dataclass(frozen=True)
class EditorSettings:
    """The editor's settings, split into the config file's part and the server's."""

    table: tuple = ()                     # the config-file keys, frozen (`thawed` gives the table)
    server: dict = field(default_factory=dict, compare=False)
    errors: tuple[str, ...] = ()


def section_of(raw) -> dict | None:
    """The `berserk-judge` section of what a client sent (the section itself,
    or a mapping holding it); None when there is none."""
    if not isinstance(raw, dict):
        return None
    for key in (SECTION, "berserkJudge", "berserk_judge"):
        if isinstance(raw.get(key), dict):
            return raw[key]
    known = {kebab(key) for key in raw} & (set(_file_keys()) | {kebab(k) for k in SERVER_KEYS})
    return raw if known else None


def _file_keys() -> tuple[str, ...]:
    from berserk_judge.lint.config import KNOWN_KEYS

    return tuple(key for key in KNOWN_KEYS if key != "format")


def parse(section: dict | None) -> EditorSettings:
    """The editor's section, checked: the server's own keys, the file's keys
    (validated as the config file is), and what was wrong, in Russian."""
    from berserk_judge.lint.config import ConfigError, settings_from_table

    if not section:
        return EditorSettings()
    server: dict = {}
    table: dict = {}
    errors: list[str] = []
    for key, value in section.items():
        if not isinstance(key, str):
            continue
        if key in SERVER_KEYS:
            problem = _server_problem(key, value)
            if problem:
                errors.append(problem)
            else:
                server[key] = value
            continue
        name = kebab(key)
        if name not in _file_keys():
            errors.append(f"неизвестный ключ «{key}»; допустимы: {', '.join(_file_keys() + SERVER_KEYS)}")
            continue
        try:
            settings_from_table({name: value}, None, Path("."))
        except ConfigError as exc:
            errors.append(str(exc))
            continue
        table[name] = value
    return EditorSettings(_frozen(table), server, tuple(errors))


def _frozen(table: dict) -> tuple:
    """The table as nested tuples (lists and mappings inside made hashable)."""
    def freeze(value):
        if isinstance(value, dict):
            return ("{}", tuple(sorted((k, freeze(v)) for k, v in value.items())))
        if isinstance(value, list):
            return ("[]", tuple(freeze(v) for v in value))
        return value

    return tuple(sorted((key, freeze(value)) for key, value in table.items()))


def thawed(table: tuple) -> dict:
    """`EditorSettings.table` as the config table it stands for."""
    def thaw(value):
        if isinstance(value, tuple) and len(value) == 2 and value[0] == "{}":
            return {k: thaw(v) for k, v in value[1]}
        if isinstance(value, tuple) and len(value) == 2 and value[0] == "[]":
            return [thaw(v) for v in value[1]]
        return value

    return {key: thaw(value) for key, value in table}


def _server_problem(key: str, value) -> str | None:
    if key in ("debounceMs", "holdMs", "maxDiagnostics"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            return f"ключ «{key}»: ожидается неотрицательное число, а задано {value!r}"
        if key == "maxDiagnostics" and value != int(value):
            return f"ключ «{key}»: ожидается целое число, а задано {value!r}"
        return None
    if key == "rulesUrl" and not isinstance(value, str):
        return f"ключ «{key}»: ожидается строка-шаблон ссылки, а задано {value!r}"
    return None


def overlay(settings, table: dict, root: Path):
    """The config file's settings with the editor's table laid over them (in
    place, and returned): its selection the last layer, the rest winning."""
    from berserk_judge.lint.config import settings_from_table

    if not table:
        return settings
    layer, other = settings_from_table(table, None, root)
    settings.layers.append(layer)
    if "cardbase" in other:
        settings.cardbase = other["cardbase"]
    if "rulebook" in other:
        settings.rulebook = other["rulebook"]
    if "per-file-ignores" in other:
        settings.per_file_ignores = {**settings.per_file_ignores, **other["per-file-ignores"]}
    if "severity" in other:
        settings.severity_overrides = {**settings.severity_overrides, **other["severity"]}
    if "severity-threshold" in other:
        settings.threshold = other["severity-threshold"]
    return settings
