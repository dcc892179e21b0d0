"""Issue 34's shortcuts give exactly what the work they replace gives.

The speed round of issue 34 made the lint rules and the reader cheaper without
changing one reading or finding: regular expressions whose look-behind now
stands after their first character (so the engine scans for that character in
C), masks and word sets shared by the rules of one card, tests that skip work
no card needs. Each shortcut is compared here with the form it replaced, on
generated texts, so that a later edit cannot let them drift apart unnoticed.
"""
from __future__ import annotations

import gc
import re
import weakref
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.lint.engine import CardContext, make_card
from berserk_judge.lint.rules import _text, bj3_types, bj4_x, bj5_typography, bj51_words
from berserk_judge.parser.reader.moments import delayed_moment

_PIECES = st.sampled_from(["С1", "У2", "аС1", "x", " ", "  ", "\n", ".", "!", "?", ",", ";", ":", "[", "..", "«", "»",
                           '"', "„", "“", "Ха", "х", "сраба-тывает", "против-ника", "-",
                           "{tap}", "{", "}", "-", "1", "Получает", "Может", "может", "получить", "вампиризм",
                           "Вампиризм", "погероям", "небестелесное", "пpи", "При", "когда", "в", "конце", "хода",
                           ")", "(", "й", "Ё", "X", "Х", "abc", "ZZ", "№"])
_TEXTS = st.lists(_PIECES, max_size=30).map("".join)

# the patterns as they were written before their look-behind moved after the first character
_ABSTRACT_BEFORE = re.compile(r"(?<![^\W\d_])[СУ]\d")
_RUSSIAN_WORD_BEFORE = re.compile(r"(?<![\w{-])[А-ЯЁа-яё]+(?![\w}-])")
_CAPITAL_BEFORE = re.compile(r"(?<=[а-яё0-9}\)]) +([А-ЯЁ][а-яё]+)(?![\w-])")
_SENTENCE_BEFORE = re.compile(r"(?<=[.!?])\s+(?=[А-ЯЁA-Z{+«\"\d−-])")


def _spans(pattern: re.Pattern, text: str) -> list:
    return [(m.span(), m.groups() and m.span(1)) for m in pattern.finditer(text)]


_REWRITTEN = [  # (the pattern now, as it was written)
    (bj51_words._CAPITAL_RE, _CAPITAL_BEFORE),
    (_text.X_RE, r"(?<![^\W\d_])([XХ])(?![^\W\d_])"),
    (bj4_x._ANY_X_RE, r"(?<![^\W\d_])[XxХх](?![^\W\d_])"),
    (bj5_typography._NO_SPACE_RE, r"(?<!\[)([:,])(?=[^\W\d_]|\{)"),
    (bj5_typography._SPACE_BEFORE_RE, r"(?<=\S)( +)([,.:;!?»)])|([«(])( +)(?=\S)"),
    (bj5_typography._DOUBLED_PUNCT_RE, r"(?<!\.)([,;:]) ?([,.;:])|(?<![.])(\.) ?([,;:]|\.(?!\.))"),
]


def _all_spans(pattern, text: str) -> list:
    return [(m.span(), [m.span(g) for g in range(1, (pattern.groups or 0) + 1)]) for m in pattern.finditer(text)]


@settings(max_examples=600, deadline=None)
@given(_TEXTS, st.integers(0, 4))
def test_look_behind_after_the_first_character_finds_the_same(text, pos):
    assert bool(bj51_words._ABSTRACT_RE.search(text)) == bool(_ABSTRACT_BEFORE.search(text))
    assert [m.span() for m in bj51_words._RUSSIAN_WORD_RE.finditer(text)] == \
        [m.span() for m in _RUSSIAN_WORD_BEFORE.finditer(text) if m.end() - m.start() >= 5]
    # the sentence pattern now opens with the sentence end: its white space (group 1) is the old match
    assert [m.span(1) for m in _text._SENTENCE_RE.finditer(text)] == [m.span() for m in _SENTENCE_BEFORE.finditer(text)]
    for now, before in _REWRITTEN:
        before = re.compile(before) if isinstance(before, str) else before
        assert _all_spans(now, text) == _all_spans(before, text), now.pattern
        found, expected = now.search(text, pos), before.search(text, pos)   # a search from inside the text
        assert (found and found.span()) == (expected and expected.span()), now.pattern



_TYPO_PIECES = st.sampled_from(["Воздействине", "воздействие", "Заклинанние", "заклинани-е", "разрядд", "Выстрелл",
                                "выстрел", "метанме", "Добивани", "особвй", "магичесикй", "Воздейс", "твине", " ",
                                "-", "«", "»", "1", "{tap}", ":", ".", "Вампир", "заклинаниене"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_TYPO_PIECES, max_size=10).map("".join), st.sampled_from(["Пример", "Разрядд Выстрелл"]))
def test_ability_type_typo_shortcut_skips_only_cards_without_a_typo(text, name):
    """BJ301 sets a card aside when no run of five letters is a typo; the word walk it replaced
    (every word of the card, hyphenated ones too) finds nothing more on such a card."""
    ctx = CardContext(make_card(text, name=name))
    found = [(hit.start, hit.end, hit.suggestion) for hit in bj3_types.AbilityTypeTypo().check(ctx)]
    with mock.patch.object(bj3_types, "_any_typo", lambda words: True):
        walked = [(hit.start, hit.end, hit.suggestion) for hit in bj3_types.AbilityTypeTypo().check(ctx)]
    assert found == walked

def _quoted_mask_by_character(text: str) -> str:
    """bj51_words._quoted_mask as it was (the reference): every character of a quotation blanked."""
    out = list(text)
    for match in re.finditer(r"«[^«»\n]*»|\"[^\"\n]*\"|„[^„“\n]*“", text):
        for i in range(match.start(), match.end()):
            if out[i] != "\n":
                out[i] = " "
    return "".join(out)


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_quoted_mask_equals_the_character_blanking(text):
    assert bj51_words._quoted_mask(text) == _quoted_mask_by_character(text)


def _run_together_by_every_word(text: str, name: str) -> list[tuple[int, int]]:
    """BJ511's word walk as it was before the plain words were set aside (the reference)."""
    if bj51_words._skip_text(text):
        return []
    stems = bj51_words._name_stems(name)
    masked = bj51_words._quoted_mask(_text.mask_icons(text))
    found = []
    for match in _RUSSIAN_WORD_BEFORE.finditer(masked):
        word = match.group(0)
        if len(word) < 5 or _text.is_known(word) or word.lower()[:4] in stems:
            continue
        if word.lower().startswith(("не", "ни")) and _text.is_known(word[2:]):
            continue
        if bj51_words._GLUED_TRIGGER_RE.match(masked, match.start()):
            continue
        if word[0].isupper() and not bj51_words._sentence_start(masked, match.start()):
            continue
        if bj51_words._splits(word):
            found.append(match.span())
    return found


@settings(max_examples=150, deadline=None)
@given(_TEXTS, st.sampled_from(["Пример", "Вампир", "Кракен Погероям"]))
def test_run_together_words_skips_only_plain_words(text, name):
    ctx = CardContext(make_card(text, name=name))
    assert [(hit.start, hit.end) for hit in bj51_words.RunTogetherWords().check(ctx)] == \
        _run_together_by_every_word(text, name)


def _delayed_moment_by_items(text: str | None) -> str | None:
    """parser.reader.moments.delayed_moment without its first-word test (the reference)."""
    from berserk_judge.parser.reader.features import _protected
    from berserk_judge.parser.reader.patterns import cond_by_verb, moment_extent
    from berserk_judge.parser.reader.words import items

    text = text or ""
    if not text.lstrip()[:1].lower() in "пвк":
        return None
    _, prot = _protected(text, 0, len(text), None)
    seq = items(text, 0, len(text), prot)
    if not seq or seq[0].kind != "word":
        return None
    dash = moment_extent(seq, 0)
    if dash is not None:
        return text[seq[0].start:seq[dash - 1].end]
    if seq[0].is_word("когда"):
        found = cond_by_verb(seq, 0)
        if found is not None:
            return text[seq[0].start:seq[found[0] - 1].end]
    return None


_MOMENT_PIECES = st.sampled_from(["при", "пpи", "При", "после", "в", "В", "когда", "Когда", "кoгда", "ход",
                                  "гибели", "начале", "конце", "хода", "-", " - ", " — ", "—", "этой", "атаки",
                                  "ранить", "погибают", "двое", "получить", " ", "{tap}", "«имя»", "1", "в1",
                                  "при-ранить", "ё", ",", "если", "вернуть"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_MOMENT_PIECES, max_size=12).map("".join))
def test_delayed_moment_first_word_test_changes_nothing(text):
    assert delayed_moment(text) == _delayed_moment_by_items(text)


def test_delayed_moment_on_written_moments():
    for text in ("при гибели Бронзового дракона — вернуть его в руку", "пpи гибели - вернуть",
                 "после этой атаки - прыжок на 2", "в конце этого хода — закрыть его",
                 "когда погибают двое получить 2 {health}", "при-ранить цель", "впоследствии ранить"):
        assert delayed_moment(text) == _delayed_moment_by_items(text), text


def test_a_cards_features_go_with_the_card_not_with_the_collector():
    """CardContext.all_features walks without a recursive closure: a closure that holds its own
    cell is a reference cycle, which kept every card's features (their readings and tokens) alive
    until the next collection and made the collector run three times as often over a base."""
    ctx = CardContext(make_card("При атаке — ранить цель на 1. Получает «{tap}: ранить цель на 2»."))
    assert len(ctx.all_features) == 3
    kept = weakref.ref(ctx.features[0])
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        del ctx
        assert kept() is None
    finally:
        if was_enabled:
            gc.enable()
