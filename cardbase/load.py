"""Load a card base (YAML files, one per set) into Cards that know their place.

Never raises on bad input: every problem (unreadable or non-UTF-8 file, broken
YAML, missing or mistyped fields, duplicate ids, unknown icons) becomes a
`Problem` with file, line and column, and the loader goes on with the next
card or file. How text lines and `# noqa` comments are located is described in
`cardbase.textmap` (in short: a comment at the end of a one-line text's line,
after a block header `text: |-  # noqa: BJ101`, or on comment lines right
below the text indented like `text:`, where `# noqa[2]: ...` targets line 2).
File-level problems (missing path, empty or unreadable file) have line 0.

File layout::

    set: {id: d1, name: Демо}
    cards:
    - id: d1_1
      name: Кшар
      text: |-
        {tap}: ранить цель на 1.
"""
from __future__ import annotations

import datetime
import difflib
import hashlib
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from berserk_judge.cardbase.chars import describe_char
from berserk_judge.cardbase.discover import demo_base_path, expand_paths  # noqa: F401  (their home; re-exported)
from berserk_judge.cardbase.icons import KNOWN_ICONS, find_icons, icon_names
from berserk_judge.cardbase.oserror import describe_os_error, regular_file_problem
from berserk_judge.cardbase.model import Card, CardBase, Problem
from berserk_judge.cardbase.rulings import read_rulings, report_outside, report_skipped_card
from berserk_judge.cardbase.schema import CARD_FIELDS, REQUIRED, SET_FIELDS, TOP_FIELDS, describe
from berserk_judge.cardbase.compose import LEGACY_BREAKS, has_clib
from berserk_judge.cardbase.textmap import map_text


_has_clib = has_clib   # asked only when a file is parsed: listing the card files does not import ruamel


# Card files nest four levels deep; the C composer recurses per level and
# crashes the process (not an exception) somewhere past twenty thousand.
MAX_NESTING = 64
# Below this many brackets and indentation columns a file cannot nest deep
# enough to harm the composer, so its events are not counted (saves a parse).
_SCAN_ABOVE = 2000


def format_problem(problem: Problem) -> str:
    """`path:line:col: message` (just `path: message` when there is no line)."""
    if problem.line <= 0:
        return f"{problem.path}: {problem.message}"
    return f"{problem.path}:{problem.line}:{problem.column}: {problem.message}"


def load_base(paths: list[str] | None = None) -> CardBase:
    """Load files and folders (all card files inside, sorted); None → the demo base."""
    base = CardBase()
    seen: dict[str, Card] = {}
    for file_path, problem in expand_paths(paths, base.skipped):
        if problem is not None:
            base.problems.append(problem)
            continue
        base.paths.append(file_path)
        _FileLoader(file_path, base, seen).run()
    return base


def load_file(path: str, claimed: dict[str, Card] | None = None, raw: bytes | None = None,
              source: str | None = None) -> CardBase:
    """One card file as a base of its own (for per-file caching and parallel
    lint). `claimed` are the ids of files loaded before it (anything with the
    first card's `path` and `line`): a card repeating one of them is a
    duplicate, exactly as in `load_base`. `raw` are the file's bytes when the
    caller has read them already (the cache keys on exactly the bytes loaded);
    `source` is the file's text when it is not read from disk (an editor's
    unsaved buffer)."""
    base = CardBase(paths=[path])
    _FileLoader(path, base, dict(claimed or {}), raw, source).run()
    return base


def _plain(value: Any, surrogates: list[str] | None = None) -> Any:
    """ruamel's round-trip types (CommentedSeq, ScalarInt, LiteralScalarString...) as plain Python.

    A lone surrogate (`"\\ud800"` in YAML) cannot be printed or written as
    UTF-8: it is replaced by U+FFFD and appended to `surrogates`.
    """
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, str):
        value = str(value)
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                bad = [ch for ch in value if 0xD800 <= ord(ch) <= 0xDFFF]
                if surrogates is not None:
                    surrogates.extend(bad)
                value = "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in value)
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {_plain(k, surrogates): _plain(v, surrogates) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item, surrogates) for item in value]
    return value


# ruamel's English problem texts for the usual slips, in the user's words.
_YAML_HINTS = {
    "mapping values are not allowed here":
        "двоеточие с пробелом внутри значения без кавычек; возьмите значение в кавычки",
    "could not find expected ':'": "ожидается «ключ: значение»",
    "found unexpected end of stream": "файл оборвался: не закрыта кавычка или скобка",
    "found character '\\t' that cannot start any token":
        "табуляция вместо отступа; ожидаются пробелы",
    "did not find expected key": "ожидается ключ с тем же отступом, что у соседних",
    "did not find expected '-' indicator": "ожидается элемент списка «- » с тем же отступом",
    "found undefined alias": "ссылка на неопределённый якорь",
    "expected <block end>, but found": "неверный отступ",
}


# the tokens ruamel names in «expected X, but found Y»
_YAML_TOKENS = {
    "<stream end>": "конец файла", "<block end>": "конец блока", "<document start>": "«---»",
    "<document end>": "«...»", "<block sequence start>": "начало списка «- »",
    "<block mapping start>": "начало отображения «ключ: значение»", "<block entry>": "элемент списка «- »",
    "<scalar>": "значение", "<alias>": "ссылка «*»", "<anchor>": "якорь «&»", "<tag>": "тег «!»",
    "<flow sequence start>": "«[»", "<flow sequence end>": "«]»", "<flow mapping start>": "«{»",
    "<flow mapping end>": "«}»", "<flow entry>": "«,»", "<key>": "ключ", "<value>": "«:»",
    "\\n": "конец строки", "\\t": "табуляция", " ": "пробел",
}
_YAML_PATTERNS = (
    (re.compile(r"expected the node content, but found (.+)"), "ожидается значение, а найдено {0}"),
    (re.compile(r"expected alphabetic or numeric character, but found (.+)"),
     "ожидается имя якоря или ссылки (буквы, цифры), а найдено {0}; возьмите значение в кавычки"),
    (re.compile(r"expected a comment or a line break, but found (.+)"),
     "после значения ожидается конец строки или комментарий, а найдено {0}"),
    (re.compile(r"expected (.+?),? but (?:found|got) (.+)"), "ожидается {0}, а найдено {1}"),
    (re.compile(r"found character (.+) that cannot start any token"),
     "символ {0} не может начинать значение; возьмите значение в кавычки"),
    (re.compile(r"found unknown escape character '(.+)'"),
     "неизвестная последовательность «\\{0}» в двойных кавычках; обратную косую черту пишите как «\\\\»"),
    (re.compile(r"found undefined tag handle (.+)"), "неизвестный тег {0}"),
    (re.compile(r"sequence entries are not allowed here"), "элемент списка «- » здесь не допускается (неверный отступ?)"),
    (re.compile(r"mapping keys are not allowed here"), "ключ здесь не допускается (неверный отступ?)"),
    (re.compile(r"found unexpected document separator"), "неожиданный разделитель документов «---»"),
    (re.compile(r"(?:expected a single document in the stream|but found another document)"),
     "в файле больше одного документа YAML (---); ожидается один"),
    (re.compile(r"found duplicate key"), "повторный ключ"),
    (re.compile(r"found unexpected ':'"), "неожиданное «:»; возьмите значение в кавычки"),
)


def yaml_problem_in_russian(problem: str) -> str:
    """ruamel's English problem text in Russian (the English stays beside it, in parentheses)."""
    for pattern, template in _YAML_PATTERNS:
        match = pattern.match(problem)
        if match:
            return template.format(*(_yaml_token(part) for part in match.groups()))
    return "файл не разбирается как YAML"


def _yaml_token(text: str) -> str:
    """A token or character as ruamel quotes it ('<stream end>', "','", '@'), in the user's words."""
    if not text.startswith(("'", '"', "<")):
        return text          # already bare (an escape character)
    parts = [part.strip().strip("'\"") for part in re.split(r"\s+or\s+", text.strip())]
    words = [_YAML_TOKENS.get(part, f"«{part}»") for part in parts]
    return " или ".join(words)


@lru_cache(maxsize=64)
def _deep_prefix(width: int) -> re.Pattern:
    """`width` characters of indentation and `- `/`? ` markers (at a line start: see _may_nest_deeper)."""
    return re.compile(r"[ ?-]{%d}" % width)


@lru_cache(maxsize=64)
def _deep_line(width: int) -> re.Pattern:
    """A line break, then `_deep_prefix(width)`: a line opening so deep. It opens with the break
    itself, which the regex engine scans for in C; «^» under re.M was tried at every character."""
    return re.compile(r"\n[ ?-]{%d}" % width)


def _may_nest_deeper(source: str, bound: int) -> bool:
    """Whether the brackets of `source` and its deepest line prefix of indentation and `- `/`? `
    markers add up to more than `bound` (the cheap upper bound of _too_deep), found by one search
    for a line deeper than the brackets leave room for (the first line, then the others)."""
    brackets = source.count("[") + source.count("{")
    width = bound - brackets + 1
    return brackets > bound or _deep_prefix(width).match(source) is not None \
        or _deep_line(width).search(source) is not None


def _too_deep(source: str) -> tuple[int, int] | None:
    """(line, column) of the first value nested deeper than MAX_NESTING, else None.

    Checked before composing. A cheap upper bound first (each block level
    needs indentation or a `- `/`? ` marker, each flow level a bracket); only
    when it passes _SCAN_ABOVE are the parser's events counted, which never
    recurse. Nesting between MAX_NESTING and that bound is harmless to the
    composer and is reported by the schema checks.
    """
    if not _may_nest_deeper(source, _SCAN_ABOVE):
        return None
    from ruamel.yaml import YAML
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent

    depth = 0
    try:
        for event in YAML(typ="safe", pure=not _has_clib()).parse(source):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_NESTING:
                    return event.start_mark.line + 1, event.start_mark.column + 1
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except Exception:  # noqa: BLE001 - a syntax error is reported by the composer, after this check
        return None
    return None


def _split_lines(source: str, breaks) -> list[str]:
    """`breaks.split(source)`; by str.split when "\n" is the only break in the file (most
    files): the same lines, without a regex match at every line end."""
    if "\r" not in source and (source.isascii() or not any(ch in source for ch in "\x85\u2028\u2029")):
        return source.split("\n")
    return breaks.split(source)


@lru_cache(maxsize=1)
def _node_classes():
    """(MappingNode, ScalarNode) of ruamel, imported once it is asked for (a card asks for each)."""
    from ruamel.yaml.nodes import MappingNode, ScalarNode

    return MappingNode, ScalarNode


def _shared_node(root):
    """The first node reached twice (a YAML alias), found without expanding anything."""
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            return node
        seen.add(id(node))
        if isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                stack.extend((key, value))
    return None


def _constant_version_resolver():
    """ruamel's VersionedResolver with the YAML version and the resolver table
    looked up once.

    Behind the C parser the version never changes during a document, yet
    ruamel works it out again (through two caught AttributeErrors) and builds
    a new list of candidate patterns for every scalar: a third of the load
    time of a large base; and it makes a new Tag, decoded character by
    character, for every node. The patterns tried, and their order, are ruamel's;
    a plain value met again in the same file (a key, `type: creature`, `false`) gets the tag
    found the first time (besides the value, a tag depends only on the file's YAML version).
    """
    global _RESOLVER
    if _RESOLVER is None:
        from ruamel.yaml.nodes import ScalarNode
        from ruamel.yaml.resolver import VersionedResolver
        from ruamel.yaml.tag import Tag

        class ConstantVersionResolver(VersionedResolver):
            @property
            def processing_version(self):
                try:
                    return self._constant_version
                except AttributeError:
                    self._constant_version = VersionedResolver.processing_version.fget(self)
                    return self._constant_version

            def resolve(self, kind, value, implicit):
                if kind is not ScalarNode or not implicit[0] or self.yaml_path_resolvers:
                    return super().resolve(kind, value, implicit)
                try:
                    # a file repeats its keys and many values (`type: creature`): each is matched once
                    return self._resolved[value]
                except AttributeError:
                    self._candidates, self._resolved = {}, {}
                    return self.resolve(kind, value, implicit)
                except KeyError:
                    tag = self._resolved[value] = self._match(value)
                    return tag

            def _match(self, value):
                first = value[0] if value else ""
                try:
                    candidates = self._candidates[first]
                except KeyError:
                    table = self.versioned_resolver
                    # ruamel wraps each pattern in a LazyEval that forwards every attribute look-up
                    # through Python code; the compiled pattern itself is matched in C
                    candidates = self._candidates[first] = [
                        (tag, _compiled(regexp)) for tag, regexp in table.get(first, []) + table.get(None, [])]
                for tag, regexp in candidates:
                    if regexp.match(value):
                        # one Tag per tag name for the process, so its decoded form is worked out once
                        shared = _SHARED_TAGS.get(tag)
                        if shared is None:
                            shared = _SHARED_TAGS[tag] = Tag(suffix=tag)
                            _TAG_NAMES[id(shared)] = tag
                        return shared
                return self.DEFAULT_SCALAR_TAG

        for default in (VersionedResolver.DEFAULT_SCALAR_TAG, VersionedResolver.DEFAULT_SEQUENCE_TAG,
                        VersionedResolver.DEFAULT_MAPPING_TAG):
            _TAG_NAMES[id(default)] = str(default)
        _RESOLVER = ConstantVersionResolver
    return _RESOLVER


_RESOLVER = None


def _compiled(regexp):
    """The compiled pattern behind ruamel's lazy `RegExp` wrapper (the pattern itself if plain)."""
    lazy = getattr(regexp, "lazy_self", None)
    return lazy() if callable(lazy) else regexp
# The Tags the resolver hands out, kept for the process (so their ids are never reused), with
# their names: `node.tag` works a node's name out through three properties, a look-up by the
# Tag's id is one dict access (_fast_scalar, for every value of a base).
_SHARED_TAGS: dict[str, Any] = {}
_TAG_NAMES: dict[int, str] = {}


_SLOW = object()
_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_BOOL_TAG = "tag:yaml.org,2002:bool"
_PLAIN_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_PLAIN_INT = re.compile(r"(?:0|-?[1-9][0-9]{0,17})\Z")


def _fast_scalar(node) -> Any:
    """The value of a plain string, a plain decimal integer, a boolean or a list of them
    without ruamel's constructor (the bulk of a card file); _SLOW for anything
    else, which the constructor handles. Tags are plain strings behind the C
    parser; elsewhere the comparison fails and the constructor is used."""
    tag = _TAG_NAMES.get(id(node.ctag))
    if tag is None:   # a tag written in the file, or a node composed without this resolver
        tag = node.tag
        if type(tag) is not str:
            return _SLOW
    if tag == _STR_TAG:
        if node.id != "scalar":
            return _SLOW
        value = str(node.value)
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return _SLOW  # a lone surrogate: _plain replaces and reports it
        return value
    if tag == _INT_TAG and node.id == "scalar" and _PLAIN_INT.match(node.value):
        return int(node.value)
    if tag == _BOOL_TAG and node.id == "scalar" and node.value in _PLAIN_BOOLS:
        return _PLAIN_BOOLS[node.value]   # what the constructor's bool_values give (`elite: false`)
    if tag == _SEQ_TAG and node.id == "sequence":
        if any(item.id != "scalar" for item in node.value):
            return _SLOW  # nested lists go to the constructor (which bounds their depth)
        items = [_fast_scalar(item) for item in node.value]
        return _SLOW if any(item is _SLOW for item in items) else items
    return _SLOW


class _FileLoader:
    """Loads one file into a CardBase; every problem is recorded, none raised."""

    def __init__(self, path: str, base: CardBase, seen: dict[str, Card], raw: bytes | None = None,
                 source: str | None = None):
        self.path = path
        self.raw = raw
        self.source = source
        self.base = base
        self.seen = seen
        self.set_id = Path(path).stem
        self.set_name = ""
        self.lines: list[str] = []
        self.breaks = LEGACY_BREAKS
        self._surrogate_nodes: set[int] = set()

    def problem(self, line: int, column: int, message: str, card_id: str | None = None,
                kind: str = "schema") -> None:
        self.base.problems.append(Problem(self.path, line, column, message, card_id, kind))

    def run(self) -> None:
        source = self._read()
        if source is None:
            return
        too_deep = _too_deep(source)
        if too_deep is not None:
            self.problem(too_deep[0], too_deep[1],
                f"вложенность значений YAML глубже {MAX_NESTING} уровней; ожидается база карт "
                "(set, cards, поля карт)", kind="unreadable")
            return
        root = self._compose(source)
        if root is None:
            return
        if "*" in source:
            shared = _shared_node(root)
            if shared is not None:
                self.problem(shared.start_mark.line + 1, shared.start_mark.column + 1,
                    "ссылки YAML (якорь &имя и ссылка *имя) в файле карт не поддерживаются: "
                    "это значение используется повторно; ожидается каждое значение записанным полностью",
                    kind="unreadable")
                return
        self.lines = _split_lines(source, self.breaks)   # as the marks of the composer used count lines
        first = len(self.base.problems)
        self._document(root)
        # problems of one file in file order, whatever order the checks ran in
        self.base.problems[first:] = sorted(self.base.problems[first:], key=lambda p: (p.line, p.column))

    def _read(self) -> str | None:
        if self.source is not None:
            return self._usable(self.source)
        raw = self.raw
        if raw is None:
            reason = regular_file_problem(self.path)
            if reason is not None:
                self.problem(0, 0, reason, kind="unreadable")
                return None
            try:
                raw = Path(self.path).read_bytes()
            except OSError as exc:
                self.problem(0, 0, f"не удалось прочитать файл ({describe_os_error(exc)}); "
                             "ожидается читаемый файл YAML", kind="unreadable")
                return None
        self.base.digests[self.path] = hashlib.sha256(raw).hexdigest()
        try:
            source = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            line_start = raw.rfind(b"\n", 0, exc.start) + 1
            column = len(raw[line_start:exc.start].decode("utf-8", "replace")) + 1
            self.problem(line, column,
                f"файл не в кодировке UTF-8: байт 0x{raw[exc.start]:02X} не читается; "
                "ожидается текст в UTF-8 (пересохраните файл в UTF-8)", kind="unreadable")
            return None
        return self._usable(source)

    def _usable(self, source: str) -> str | None:
        if source.startswith("\ufeff"):
            source = source[1:]
        if not source.strip():
            self.problem(0, 0, "файл пуст; ожидаются разделы set и cards", kind="unreadable")
            return None
        return source

    def _compose(self, source: str):  # noqa: C901 - one try, several error shapes
        from ruamel.yaml.error import MarkedYAMLError, YAMLError
        from ruamel.yaml.reader import ReaderError

        # Only node marks (line, column) are needed here: comments are read from
        # the file's own lines (cardbase/textmap.py). The C composer of
        # ruamel.yaml.clib gives the same marks about 8x faster than the
        # pure-Python round-trip one; that one reads what C refuses, and where clib is missing.
        # The writers compose through the same function (cardbase.compose): they see what was loaded.
        from berserk_judge.cardbase.compose import compose

        try:
            self.yaml, root, self.breaks = compose(source, _constant_version_resolver() if _has_clib() else None)
            return root
        except MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = (exc.problem or exc.context or "").strip()
            hint = next((h for key, h in _YAML_HINTS.items() if problem.startswith(key)), None)
            message = f"ошибка YAML: {hint or yaml_problem_in_russian(problem)} ({problem})"
            line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
            self.problem(line, column, message, kind="unreadable")
        except ReaderError as exc:
            character = exc.character if isinstance(exc.character, str) else chr(exc.character)
            position = exc.position if 0 <= exc.position < len(source) else source.find(character)
            before = source[: max(position, 0)]
            line = before.count("\n") + 1
            column = len(before) - (before.rfind("\n") + 1) + 1
            self.problem(line, column,
                f"недопустимый символ {describe_char(character)} в файле YAML; "
                "ожидается печатный текст (управляющие символы пишите в двойных кавычках как \\xNN)",
                kind="unreadable")
        except (YAMLError, Exception) as exc:  # noqa: BLE001 - bad input must not crash
            self.problem(0, 0, f"не удалось разобрать YAML: {exc}", kind="unreadable")
        return None

    def _value(self, node) -> Any:
        fast = _fast_scalar(node)
        if fast is not _SLOW:
            return fast
        surrogates: list[str] = []
        try:
            value = _plain(self.yaml.constructor.construct_object(node, deep=True), surrogates)
        except RecursionError:
            self.problem(node.start_mark.line + 1, node.start_mark.column + 1,
                "значение вложено слишком глубоко; ожидается обычное значение YAML")
            return None
        except Exception as exc:  # noqa: BLE001 - odd tags, duplicate nested keys
            self.problem(node.start_mark.line + 1, node.start_mark.column + 1,
                f"не удалось прочитать значение ({exc}); ожидается обычное значение YAML")
            return None
        if surrogates and id(node) not in self._surrogate_nodes:
            self._surrogate_nodes.add(id(node))
            self.problem(node.start_mark.line + 1, node.start_mark.column + 1,
                f"в значении {describe_char(surrogates[0])}: это не символ текста, его нельзя записать "
                "в UTF-8 (заменён на U+FFFD); ожидается текст в Юникоде")
        return value

    def _mapping(self, node, what: str, card_id: str | None = None):
        """{key: (key_node, value_node)} of a mapping node; duplicates reported."""
        mapping_node, scalar_node = _node_classes()
        if not isinstance(node, mapping_node):
            return None
        entries = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, scalar_node):
                self.problem(key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                    f"{what}: ключ не является строкой; ожидается «ключ: значение»", card_id)
                continue
            key = str(key_node.value)
            if key in entries:
                first = entries[key][0].start_mark.line + 1
                self.problem(key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                    f"{what}: повторный ключ «{key}» (первый в строке {first}); "
                    "ожидается каждый ключ один раз, взят первый", card_id)
                continue
            entries[key] = (key_node, value_node)
        return entries

    def _document(self, root) -> None:
        from ruamel.yaml.nodes import SequenceNode

        top = self._mapping(root, "файл")
        if top is None:
            self.problem(root.start_mark.line + 1, root.start_mark.column + 1,
                "файл не является отображением; ожидаются разделы set: {id, name} и cards: [...]",
                kind="unreadable")
            return
        for key, (key_node, _) in top.items():
            if key == "rulings":
                report_outside(self, key_node, "на верхнем уровне файла")
            elif key not in TOP_FIELDS:
                self.problem(key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                    f"неизвестный раздел «{key}»; ожидается set или cards")
        self._set(top.get("set"), root)
        if "cards" not in top:
            self.problem(root.start_mark.line + 1, root.start_mark.column + 1,
                "нет раздела cards; ожидается cards: список карт")
            return
        cards_node = top["cards"][1]
        if not isinstance(cards_node, SequenceNode):
            if self._value(cards_node) is None:
                return  # `cards:` with nothing: an empty set is allowed
            self.problem(cards_node.start_mark.line + 1, cards_node.start_mark.column + 1,
                "раздел cards не является списком; ожидается список карт «- id: ...»")
            return
        for card_node in cards_node.value:
            self._card(card_node)

    def _set(self, entry, root) -> None:
        if entry is None:
            self.problem(root.start_mark.line + 1, root.start_mark.column + 1,
                f"нет раздела set; ожидается set: {{id: ..., name: ...}} (взят id «{self.set_id}» по имени файла)")
            return
        key_node, node = entry
        fields = self._mapping(node, "раздел set")
        if fields is None:
            self.problem(node.start_mark.line + 1, node.start_mark.column + 1,
                "раздел set не является отображением; ожидается set: {id: ..., name: ...}")
            return
        for key, (k_node, _) in fields.items():
            if key == "rulings":
                report_outside(self, k_node, "в разделе set")
            elif key not in SET_FIELDS:
                self.problem(k_node.start_mark.line + 1, k_node.start_mark.column + 1,
                    f"раздел set: неизвестное поле «{key}»; ожидается id или name")
        for key in SET_FIELDS:
            if key not in fields:
                self.problem(key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                    f"раздел set: нет поля {key}; ожидается строка")
                continue
            value = self._value(fields[key][1])
            if isinstance(value, int) and not isinstance(value, bool) and key == "id":
                value = str(value)
            if not isinstance(value, str) or not value.strip():
                v_node = fields[key][1]
                self.problem(v_node.start_mark.line + 1, v_node.start_mark.column + 1,
                    f"раздел set: поле {key} — {describe(value)}; ожидается непустая строка")
                continue
            if key == "id":
                self.set_id = value
            else:
                self.set_name = value

    def _card(self, node) -> None:
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        fields = self._mapping(node, "карта")
        if fields is None:
            self.problem(line, column,
                f"элемент списка cards — {describe(self._value(node))}; "
                "ожидается карта: отображение с полями id, name, text")
            return
        values: dict[str, Any] = {}
        positions: dict[str, tuple[int, int]] = {}
        raw_id = self._value(fields["id"][1]) if "id" in fields else None
        card_id = str(raw_id) if isinstance(raw_id, (str, int)) and not isinstance(raw_id, bool) else None
        for key, (key_node, value_node) in fields.items():
            if key == "rulings":
                continue   # read below, once the card is known to be kept (cardbase.rulings)
            if key not in CARD_FIELDS:
                close = difflib.get_close_matches(key, list(CARD_FIELDS), n=1)
                hint = f" (может быть, {close[0]}?)" if close else ""
                self.problem(key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                    f"неизвестное поле «{key}»{hint}; ожидается одно из: {', '.join(CARD_FIELDS)}", card_id)
                continue
            value = self._value(value_node)
            mark = value_node.start_mark
            v_line, v_col = mark.line + 1, mark.column + 1
            positions[key] = (v_line, v_col)
            check, expected = CARD_FIELDS[key]
            if key == "id" and isinstance(value, int) and not isinstance(value, bool):
                self.problem(v_line, v_col,
                    f"поле id — {describe(value)}; ожидается строка: возьмите id в кавычки: id: '{value}'", card_id)
                value = str(value)
            elif not check(value):
                self.problem(v_line, v_col, f"поле {key} — {describe(value)}; ожидается {expected}", card_id)
                if key in REQUIRED:
                    value = None
                else:
                    continue
            values[key] = value
        for key in ("id", "name"):
            if values.get(key) is None:
                if key not in fields:
                    self.problem(line, column,
                        f"у карты нет поля {key}; ожидается {CARD_FIELDS[key][1]} (карта пропущена)", card_id)
                if "rulings" in fields:
                    report_skipped_card(self, fields["rulings"][0], card_id)
                return
        card_id = values["id"]
        if card_id in self.seen:
            first = self.seen[card_id]
            self.problem(positions["id"][0], positions["id"][1],
                f"повторный id «{card_id}»: уже есть в {first.path}:{first.line}; "
                "ожидается id, единственный во всей базе (карта пропущена)", card_id)
            if "rulings" in fields:
                report_skipped_card(self, fields["rulings"][0], card_id)
            return
        text = values.get("text")
        if "text" not in fields:
            self.problem(line, column,
                f"у карты нет поля text; ожидается {CARD_FIELDS['text'][1]}", card_id)
        card = Card(
            id=card_id, name=values["name"], text=text or "",
            set_id=self.set_id, set_name=self.set_name, path=self.path,
            line=line, column=column,
            fields={k: v for k, v in values.items() if k not in REQUIRED},
            field_positions=positions,
        )
        if "rulings" in fields:
            r_key, r_value = fields["rulings"]
            positions["rulings"] = (r_value.start_mark.line + 1, r_value.start_mark.column + 1)
            card.rulings = read_rulings(self, r_key, r_value, card_id)
        if text is not None:
            key_node, value_node = fields["text"]
            mapped = map_text(text, value_node, self.lines, key_node.start_mark.column)
            card.text_lines = mapped.lines
            card.noqa_comments = mapped.noqa
            for p_line, p_col, message in mapped.problems:
                self.problem(p_line, p_col, message, card_id, kind="noqa")
            self._check_icons(card)
        self.seen[card_id] = card
        self.base.cards.append(card)

    def _check_icons(self, card: Card) -> None:
        if "{" not in card.text or KNOWN_ICONS.issuperset(icon_names(card.text)):
            return     # every icon known (most cards): one findall and a set test
        for name, start, _ in find_icons(card.text):
            if name in KNOWN_ICONS:
                continue
            line, column = card.locate(start)
            close = difflib.get_close_matches(name, sorted(KNOWN_ICONS), n=1)
            hint = f"может быть, {{{close[0]}}}?" if close else "см. список в README корпуса"
            self.problem(line, column,
                f"неизвестный значок {{{name}}}; ожидается известный значок ({hint})", card.id, kind="icon")
