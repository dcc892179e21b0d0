"""Issue 34's last speed round gives exactly what the work it replaces gives.

Each shortcut of the round is held here against the form it replaced, on
generated texts (hypothesis) and on every corpus text: patterns whose
look-behind now stands after their first character, tests that skip a
pattern no match can pass, the loader's line split and nesting bound, the
resolver's per-file memo of plain values, the faster constructor of the
reader's frozen dataclasses, the name pre-test asked once per name.
"""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.cardbase import load as load_module
from berserk_judge.cardbase.compose import BREAKS, LEGACY_BREAKS
from berserk_judge.lint.rules import _text, bj5_typography, bj51_words
from berserk_judge.parser.engine.quick_init import quick_init
from berserk_judge.parser.engine.tokens import Kind, Token
from berserk_judge.parser.reader import moments, names, split
from berserk_judge.parser.reader.regions import Regions, find_regions
from berserk_judge.parser.reader.segment import Cand

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

_PIECES = st.sampled_from(["а", "Ё", "ёж", "1", "23", " ", "  ", "\t", "\n", "-", "--", "—", "{", "}", "{tap}", ".",
                           ",", ";", ":", "!", "?", "«", "»", "(", ")", "a", "c", "o", "y", "k", "A", "B", "K", "Y",
                           "X", "_", "против-ника", "Кочевник", "Получает", "1Когда", "2Имеет", "«(", " )", " ,",
                           "свести", "атаку", "к", "слабой", "перенаправить", "бросок", "кубика", "\u00a0", "\x85",
                           "\u2028", "\r", "\r\n", "? ", "- ", "[", "]"])
_TEXTS = st.lists(_PIECES, max_size=30).map("".join)


def _found(pattern: re.Pattern, text: str, *bounds: int) -> list:
    return [(m.span(), [m.span(g) for g in range(1, pattern.groups + 1)]) for m in pattern.finditer(text, *bounds)]


# (the pattern now, the pattern as it was written before this round)
_REWRITTEN = [
    (split._GLUED_SENTENCE, r"(?<=\d)[А-ЯЁ][а-яё]{2,}"),
    (bj51_words._LONE_RE, r"(?<![\w{}\-])([acoykABCKOY])(?![\w{}\-])"),
    (_text.HYPHENATED_RE, r"(?<![\w-])([А-ЯЁа-яё]+)-([а-яё]+)(?![\w-])"),   # BJ506 and BJ512's one pattern
    (bj5_typography._HYPHEN_DASH_RE, r"(?<=[^\s\-]) +(-{1,2}) +(?=[^\s\-])"),
    (bj5_typography._DOUBLE_SPACE_RE, r"(?<=\S)( {2,})(?=\S)"),
]


@settings(max_examples=500, deadline=None)
@given(_TEXTS, st.integers(0, 6), st.integers(0, 6))
def test_patterns_with_their_look_behind_moved_find_the_same(text, start, cut):
    end = max(start, len(text) - cut)
    for now, before in _REWRITTEN:
        before = re.compile(before)
        assert _found(now, text) == _found(before, text), now.pattern
        assert _found(now, text, start, end) == _found(before, text, start, end), now.pattern


@settings(max_examples=500, deadline=None)
@given(_TEXTS)
def test_the_pre_tests_never_skip_a_text_the_full_pattern_matches(text):
    if bj5_typography._SPACE_BEFORE_RE.search(text):
        assert bj5_typography._SPACE_NEAR_MARK.search(text)
    if bj5_typography._DOUBLED_PUNCT_RE.search(text):
        assert bj5_typography._PUNCT_PAIR.search(text)
    for effect in (text, text.upper(), text.capitalize()):
        plain = bool(moments.FIXED_MOMENT.match(effect.strip()))
        assert moments.moment_fixed_by_rules(effect) is plain
        rolls = plain or bool(moments.ROLL_MOMENT.match(effect.strip()))
        assert moments.moment_fixed_by_rules(effect, rolls=True) is rolls


def _corpus_texts() -> list[str]:
    texts = []
    for path in sorted((SHARED / "corpus").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.append(json.loads(line).get("text") or "")
    return texts


def test_the_moment_pre_test_keeps_every_corpus_match():
    """Every corpus feature and sentence the patterns of 116.5 match still gets through the stems' test
    (and there are such: the test is not vacuous)."""
    matched = 0
    for text in _corpus_texts():
        for piece in [text, *re.split(r"[.;—–]|\s-\s", text)]:
            for effect in (piece, piece.upper()):
                if moments.FIXED_MOMENT.match(effect.strip()) or moments.ROLL_MOMENT.match(effect.strip()):
                    matched += 1
                    assert moments.moment_fixed_by_rules(effect, rolls=True), effect
    assert matched > 50


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_the_loaders_line_split_is_the_composers(text):
    for breaks in (LEGACY_BREAKS, BREAKS):
        assert load_module._split_lines(text, breaks) == breaks.split(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["  ", "- ", "? ", "a", "[", "{", "\n", " "]), max_size=40).map("".join),
       st.integers(0, 12))
def test_the_nesting_bound_is_the_old_one(source, bound):
    """A file is scanned event by event exactly when brackets plus the deepest line prefix pass the bound."""
    brackets = source.count("[") + source.count("{")
    deepest = max((len(m) for m in re.findall(r"^[ ?-]*", source, re.M)), default=0)
    scan_old = brackets + deepest > bound
    assert load_module._may_nest_deeper(source, bound) == scan_old


def _scalar_tags(root) -> list[tuple[str, str]]:
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.id == "scalar":
            out.append((node.value, str(node.tag)))
        elif node.id == "sequence":
            stack.extend(node.value)
        else:
            for key, value in node.value:
                stack.extend((key, value))
    return out


def test_the_resolvers_memo_gives_the_tags_ruamel_gives():
    """Plain values repeat in a file (`type: creature`, numbers, `false`): the loader's resolver
    matches each once per file; every scalar still gets the tag ruamel's own resolver gives it,
    a repeat as its first occurrence, a %YAML 1.2 file as YAML 1.2 says."""
    from ruamel.yaml import YAML

    values = ["1", "01", "0x1F", "1.5", "true", "False", "yes", "no", "on", "~", "null", "creature",
              "2024-01-15", "190", "-3", "+4", ".inf", "Горы", "1_000", "0o17", "''", "'1'"]
    cards = "\n".join(f"- id: c{i}\n  element: {v}\n  cost: [{v}, {v}]" for i, v in enumerate(values * 3))
    for header in ("", "%YAML 1.2\n---\n", "%YAML 1.1\n---\n"):
        source = f"{header}set:\n  id: s\ncards:\n{cards}\n"
        yaml = YAML(typ="safe", pure=False)
        yaml.Resolver = load_module._constant_version_resolver()
        ours = _scalar_tags(yaml.compose(source))
        theirs = _scalar_tags(YAML(typ="safe", pure=False).compose(source))
        assert ours == theirs
        assert len({tag for _, tag in ours}) >= 5       # ints, floats, bools, nulls, strings: not vacuous


@quick_init
@dataclasses.dataclass(frozen=True)
class _Sample:
    a: int
    b: str = "x"
    c: tuple | None = None


def test_quick_init_keeps_a_frozen_dataclass_a_frozen_dataclass():
    for cls, args in ((_Sample, (1,)), (Token, (Kind.ATOM, "ранить", 0, 6)), (Cand, (Kind.AND, 3, 4, 1, "и")),
                      (Regions, ((), ((0, 2),), (), True))):
        one, two = cls(*args), cls(*args)
        assert one == two and hash(one) == hash(two) and repr(one) == repr(two)
        assert dataclasses.asdict(one) == dataclasses.asdict(two)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(one, dataclasses.fields(cls)[0].name, 5)
        first = dataclasses.fields(cls)[0].name
        assert getattr(dataclasses.replace(one, **{first: args[0]}), first) == args[0]
    assert _Sample(1) == _Sample(1, "x", None) and _Sample(a=2, c=(1,)).c == (1,)
    with pytest.raises(TypeError):
        _Sample()
    assert find_regions("«а» (б)").quotes == ((0, 3),)


def test_quick_init_refuses_what_it_would_not_copy():
    @dataclasses.dataclass(frozen=True)
    class WithFactory:
        items: list = dataclasses.field(default_factory=list)

    @dataclasses.dataclass
    class NotFrozen:
        a: int

    for cls in (WithFactory, NotFrozen):
        with pytest.raises(TypeError):
            quick_init(cls)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.sampled_from(["Кочевник", "Кочевник Гиррит", "Лев", "Ост", "", "  ", "123", "Ёж-ёжик"]),
       st.integers(0, 5))
def test_the_name_pre_test_asked_once_per_name_answers_as_before(text, name, start):
    end = len(text)
    first = names._first_word(name.strip()) if name else None
    before = first is not None and any(names.fold(text).find(needle, start, end) >= 0
                                       for needle in names.form_needles(first))
    assert names.name_may_stand(text, name, start, end) == before


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["{tap}", "[:unq]", "[:", "{", "}", "[", "]", "a", "б", " ", "«", "»", "(", ")"]),
                max_size=20).map("".join), st.integers(0, 4), st.integers(0, 4))
def test_a_range_without_an_icon_opener_is_not_scanned_for_icons(text, start, cut):
    from berserk_judge.parser.reader.regions import _ICON

    end = max(start, len(text) - cut)
    assert find_regions(text, start, end).icons == tuple(m.span() for m in _ICON.finditer(text, start, end))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["абвгд", "Ёжик", "ab", "c", "1", "_", "²", "½", " ", "-", "«", "\u0301", "Ⅻ", "воздействине"]),
                max_size=12).map("".join))
def test_the_long_runs_of_bj301_are_the_old_findall(text):
    from berserk_judge.lint.rules import bj3_types

    assert bj3_types._long_runs(text) == set(bj3_types._LONG_RUN_RE.findall(text))
