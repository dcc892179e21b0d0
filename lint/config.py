"""Lint settings: `[tool.berserk-judge]` in pyproject.toml or a
berserk-judge.toml, merged with command-line options.

Discovery is Ruff's: from the current directory upwards, the first directory
holding a berserk-judge.toml (top-level keys) or a pyproject.toml with a
`[tool.berserk-judge]` table wins; in one directory berserk-judge.toml beats
pyproject.toml. Paths in a config file (cardbase, per-file-ignores) are
relative to the file's directory.

Rule selection is layered as in Ruff: the defaults, then the file, then the
command line. A layer with `select` starts afresh; `extend-select` adds;
`ignore`/`extend-ignore` remove. Inside a layer the more specific selector
wins (`select = ["BJ1"]`, `ignore = ["BJ101"]` keeps BJ102), and at equal
specificity `ignore` wins.
"""
from __future__ import annotations

import difflib
import fnmatch
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from berserk_judge.lint.finding import SEVERITY_NAMES, Severity

CONFIG_NAME = "berserk-judge.toml"
FORMATS = ("text", "json", "sarif", "github")

KNOWN_KEYS = {
    "cardbase": "путь или список путей к базе карт",
    "select": "список кодов или префиксов",
    "extend-select": "список кодов или префиксов",
    "ignore": "список кодов или префиксов",
    "extend-ignore": "список кодов или префиксов",
    "per-file-ignores": "таблица «шаблон файла = [коды]»",
    "severity": "таблица «код = error|warning|info»",
    "severity-threshold": "error, warning или info",
    "format": "text, json, sarif или github",
    "rulebook": "путь к папке свода правил (файлы *.txt)",
}


class ConfigError(Exception):
    """Bad configuration or options; the message is Russian and names the place."""


@dataclass
class Layer:
    select: list[str] | None = None
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    extend_ignore: list[str] = field(default_factory=list)


@dataclass
class Settings:
    """Everything the engine and the command need, already validated."""

    layers: list[Layer] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    severity_overrides: dict[str, Severity] = field(default_factory=dict)
    threshold: Severity = Severity.INFO
    cardbase: list[str] | None = None
    rulebook: str | None = None
    format: str = "text"
    config_path: Path | None = None
    root: Path = field(default_factory=Path.cwd)

    # -- rule selection -----------------------------------------------------

    def enabled_codes(self) -> frozenset[str]:
        from berserk_judge.lint.registry import all_rules

        return frozenset(rule.code for rule in all_rules() if self._enabled(rule))

    def _enabled(self, rule) -> bool:
        state = rule.default_enabled
        for layer in self.layers:
            if layer.select is not None:
                state = False
            selects = (layer.select or []) + layer.extend_select
            ignores = layer.ignore + layer.extend_ignore
            sel = _best(selects, rule)
            ign = _best(ignores, rule)
            if sel is None and ign is None:
                continue
            if ign is not None and (sel is None or ign >= sel):
                state = False
            else:
                state = True
        return state

    def ignored_for_path(self, path: str) -> frozenset[str]:
        """Codes switched off for one file by per-file-ignores."""
        from berserk_judge.lint.registry import all_rules, selector_matches

        selectors: list[str] = []
        for pattern, codes in self.per_file_ignores.items():
            if path_matches(pattern, path, self.root):
                selectors.extend(codes)
        return frozenset(
            rule.code for rule in all_rules() if any(selector_matches(s, rule.code) for s in selectors)
        )

    def severity_of(self, code: str, default: Severity) -> Severity:
        """The configured severity: the most specific override, else the default."""
        best: tuple[int, Severity] | None = None
        for selector, severity in self.severity_overrides.items():
            if selector == "ALL" or code.startswith(selector):
                weight = 0 if selector == "ALL" else len(selector)
                if best is None or weight >= best[0]:
                    best = (weight, severity)
        return best[1] if best else default


def _best(selectors: list[str], rule) -> int | None:
    """Specificity of the most specific selector matching the rule, if any.

    Opt-in rules are matched only by their full code.
    """
    best = None
    for selector in selectors:
        if selector == "ALL":
            weight = 0
        elif rule.code.startswith(selector):
            weight = len(selector)
        else:
            continue
        if not rule.default_enabled and selector != rule.code:
            continue
        best = weight if best is None else max(best, weight)
    return best


def path_matches(pattern: str, path: str, root: Path) -> bool:
    """A per-file-ignores glob against a path: relative to root, or by basename."""
    candidate = Path(path)
    try:
        relative = candidate.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError):
        relative = candidate.as_posix()
    pattern = pattern.replace("\\", "/")
    if fnmatch.fnmatchcase(relative, pattern) or fnmatch.fnmatchcase(candidate.as_posix(), pattern):
        return True
    if "/" not in pattern and fnmatch.fnmatchcase(candidate.name, pattern):
        return True
    # "cards/" or "cards" covers everything below it
    stripped = pattern.rstrip("/")
    return relative == stripped or relative.startswith(stripped + "/")


# -- discovery and reading ------------------------------------------------------

def find_config(start: Path) -> Path | None:
    """The nearest berserk-judge.toml, or pyproject.toml with our table, from start up."""
    start = start.resolve()
    for directory in (start, *start.parents):
        own = directory / CONFIG_NAME
        if own.is_file():
            return own
        pyproject = directory / "pyproject.toml"
        if pyproject.is_file():
            try:
                raw = pyproject.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue  # not ours to judge
            try:
                data = tomllib.loads(raw)
            except (tomllib.TOMLDecodeError, RecursionError) as exc:
                if "berserk-judge" in raw:  # ours, but broken: say so rather than run without it
                    raise ConfigError(f"{pyproject}: ошибка TOML: {_toml_reason(exc)}") from None
                continue
            if isinstance(data.get("tool"), dict) and "berserk-judge" in data["tool"]:
                return pyproject
    return None


def _toml_reason(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return "слишком глубокая вложенность значений"
    return str(exc)


def read_config_file(path: Path) -> dict[str, Any]:
    """Our table from a config file; ConfigError when unreadable or malformed."""
    from berserk_judge.cardbase.oserror import regular_file_problem

    reason = regular_file_problem(str(path))
    if reason is not None:
        raise ConfigError(f"{path}: {reason}")
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: файл настроек не найден") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: не удалось прочитать файл настроек ({exc})") from None
    try:
        data = tomllib.loads(raw)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ConfigError(f"{path}: ошибка TOML: {_toml_reason(exc)}") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("berserk-judge") if isinstance(data.get("tool"), dict) else None
        if table is None:
            raise ConfigError(f"{path}: нет таблицы [tool.berserk-judge]")
        where = "[tool.berserk-judge]"
    else:
        table = data
        if isinstance(data.get("tool"), dict) and "berserk-judge" in data["tool"] and len(data) == 1:
            table = data["tool"]["berserk-judge"]
        where = "файл"
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: {where} должна быть таблицей")
    return table


def _fail(path: Path | None, key: str, what: str) -> ConfigError:
    place = f"{path}: " if path else ""
    return ConfigError(f"{place}ключ «{key}»: {what}")


def _string_list(path, key, value) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(path, key, f"ожидается {KNOWN_KEYS.get(key, 'список строк')}, а задано {value!r}")
    return value


def _selectors(path, key, value) -> list[str]:
    from berserk_judge.lint.registry import validate_selector

    out = []
    for item in _string_list(path, key, value):
        try:
            out.append(validate_selector(item))
        except ValueError as exc:
            raise _fail(path, key, str(exc)) from None
    return out


def _severity(path, key, value) -> Severity:
    if not isinstance(value, str) or value.strip().lower() not in SEVERITY_NAMES:
        raise _fail(path, key, f"ожидается error, warning или info, а задано {value!r}")
    return Severity.parse(value)


def settings_from_table(table: dict[str, Any], path: Path | None, root: Path) -> tuple[Layer, dict]:
    """Validate a config table: a selection layer and the other settings."""
    for key in table:
        if key not in KNOWN_KEYS:
            hint = difflib.get_close_matches(key, list(KNOWN_KEYS), n=1)
            extra = f"; возможно, «{hint[0]}»" if hint else f"; допустимы: {', '.join(sorted(KNOWN_KEYS))}"
            raise _fail(path, key, "неизвестный ключ" + extra)
    layer = Layer(
        select=_selectors(path, "select", table["select"]) if "select" in table else None,
        extend_select=_selectors(path, "extend-select", table.get("extend-select", [])),
        ignore=_selectors(path, "ignore", table.get("ignore", [])),
        extend_ignore=_selectors(path, "extend-ignore", table.get("extend-ignore", [])),
    )
    other: dict[str, Any] = {}
    if "cardbase" in table:
        paths = _string_list(path, "cardbase", table["cardbase"])
        if not paths or not all(p.strip() for p in paths):
            raise _fail(path, "cardbase", f"ожидается {KNOWN_KEYS['cardbase']} (непустой), а задано "
                                          f"{table['cardbase']!r}")
        if any("\0" in p for p in paths):
            raise _fail(path, "cardbase", "в пути нулевой символ (U+0000), такого пути не бывает; "
                                          f"ожидается {KNOWN_KEYS['cardbase']}")
        other["cardbase"] = [str((root / p)) if not Path(p).is_absolute() else p for p in paths]
    if "rulebook" in table:
        value = table["rulebook"]
        if not isinstance(value, str):
            raise _fail(path, "rulebook", f"ожидается {KNOWN_KEYS['rulebook']}, а задано {value!r}")
        other["rulebook"] = value if Path(value).is_absolute() else str(root / value)
    if "per-file-ignores" in table:
        value = table["per-file-ignores"]
        if not isinstance(value, dict):
            raise _fail(path, "per-file-ignores", "ожидается таблица «шаблон файла = [коды]»")
        other["per-file-ignores"] = {
            pattern: _selectors(path, f"per-file-ignores.{pattern}", codes) for pattern, codes in value.items()
        }
    if "severity" in table:
        value = table["severity"]
        if not isinstance(value, dict):
            raise _fail(path, "severity", "ожидается таблица «код = error|warning|info»")
        overrides = {}
        for selector, level in value.items():
            (code,) = _selectors(path, f"severity.{selector}", [selector])
            overrides[code] = _severity(path, f"severity.{selector}", level)
        other["severity"] = overrides
    if "severity-threshold" in table:
        other["severity-threshold"] = _severity(path, "severity-threshold", table["severity-threshold"])
    if "format" in table:
        if table["format"] not in FORMATS:
            raise _fail(path, "format", f"ожидается одно из: {', '.join(FORMATS)}, а задано {table['format']!r}")
        other["format"] = table["format"]
    return layer, other


def split_codes(values: tuple[str, ...] | list[str] | None) -> list[str]:
    """`--select BJ1,BJ5 --select BJ900` → ["BJ1", "BJ5", "BJ900"]."""
    out: list[str] = []
    for value in values or ():
        out.extend(part.strip() for part in value.split(",") if part.strip())
    return out


def load_settings(
    *,
    cwd: Path | None = None,
    config_file: str | None = None,
    isolated: bool = False,
    select: list[str] | None = None,
    extend_select: list[str] | None = None,
    ignore: list[str] | None = None,
    extend_ignore: list[str] | None = None,
    severity: str | None = None,
    output_format: str | None = None,
) -> Settings:
    """File settings (found or given) overlaid with command-line options."""
    cwd = (cwd or Path.cwd()).resolve()
    if config_file and isolated:
        raise ConfigError("--config и --isolated несовместимы")
    path: Path | None = None
    if config_file:
        path = Path(config_file)
        if not path.is_absolute():
            path = cwd / path
    elif not isolated:
        path = find_config(cwd)
    settings = Settings(root=cwd)
    if path is not None:
        table = read_config_file(path)
        layer, other = settings_from_table(table, path, path.parent.resolve())
        settings.config_path = path
        settings.root = path.parent.resolve()
        settings.layers.append(layer)
        settings.cardbase = other.get("cardbase")
        settings.rulebook = other.get("rulebook")
        settings.per_file_ignores = other.get("per-file-ignores", {})
        settings.severity_overrides = other.get("severity", {})
        settings.threshold = other.get("severity-threshold", settings.threshold)
        settings.format = other.get("format", settings.format)
    cli = Layer(
        select=_cli_selectors("--select", select) if select else None,
        extend_select=_cli_selectors("--extend-select", extend_select),
        ignore=_cli_selectors("--ignore", ignore),
        extend_ignore=_cli_selectors("--extend-ignore", extend_ignore),
    )
    settings.layers.append(cli)
    if severity is not None:
        settings.threshold = _severity(None, "--severity", severity)
    if output_format is not None:
        settings.format = output_format
    return settings


def _cli_selectors(option: str, values: list[str] | None) -> list[str]:
    if not values:
        return []        # no rule catalogue to load (a card lookup reads the settings on every call)
    from berserk_judge.lint.registry import validate_selector

    out = []
    for item in values or []:
        try:
            out.append(validate_selector(item))
        except ValueError as exc:
            raise ConfigError(f"{option}: {exc}") from None
    return out


def configured_cardbase(cwd: Path | None = None) -> list[str] | None:
    """The card base named by the nearest config file (None: none named).

    Every command that takes a base defaults to this, then to the demo base.
    Raises ConfigError for a bad config file, as `lint` does.
    """
    return load_settings(cwd=cwd).cardbase


def configured_rulebook(cwd: Path | None = None) -> str | None:
    """The rulebook folder named by the nearest config file (None: none named)."""
    return load_settings(cwd=cwd).rulebook
