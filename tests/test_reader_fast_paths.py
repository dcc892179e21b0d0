"""The reader's fast paths give exactly what the slow ones give.

Each shortcut taken for speed (issue 19, round two) is compared here with the
path it replaces, on corpus words and on generated input, so a change of
pymorphy3 or of the grammar cannot make them drift apart unnoticed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from berserk_judge.parser.engine.grammar import _flat, _lark
from berserk_judge.parser.engine.tokens import Kind, Token
from berserk_judge.parser.reader import words
from berserk_judge.parser.reader.morph import analyzer, form_needles, lexeme_forms, lexeme_words
from berserk_judge.parser.reader.names import _spans_word_by_word, fold, name_parts, name_spans
from berserk_judge.parser.reader.regions import _straight_pairs, find_regions
from berserk_judge.parser.reader import split
from berserk_judge.parser.reader.split import _last_solid

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def _corpus_words(limit: int = 1500) -> list[str]:
    words: set[str] = set()
    for source in sorted(CORPUS.glob("*.jsonl")):
        words.update(re.findall(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*", source.read_text(encoding="utf-8")))
    return sorted(words)[:limit]


# dictionary words, hyphenated and predicted ones, Latin look-alikes, names
_ODD_WORDS = ["Молотобоец", "гном-поджигатель", "Бон", "Берроу", "Оскліzг", "сраба-тывает", "ёжик",
              "Кшар", "Лучник", "ЗАКЛИНАНИЕ", "воздействине", "по-своему", "Xаос"]


@pytest.mark.parametrize("source", ["odd", "corpus"])
def test_lexeme_words_spells_the_lexeme_as_pymorphy3_does(source):
    words = _ODD_WORDS if source == "odd" else _corpus_words()
    if not words:
        pytest.skip("no corpus beside the repository")
    checked = dictionary = 0
    for word in words:
        for parse in analyzer().parse(word):
            assert lexeme_words(parse) == [form.word for form in parse.lexeme], (word, parse)
            checked += 1
            dictionary += type(parse.methods_stack[0][0]).__name__ == "DictionaryAnalyzer"
    assert checked > len(words) and 0 < dictionary < checked   # both paths were taken


@pytest.mark.parametrize("source", ["odd", "corpus"])
def test_every_form_of_a_word_holds_one_of_its_needles(source):
    words = _ODD_WORDS + ["Ёж", "шёл", "люди", "наибольший", "псевдокошка", "байткод"] if source == "odd" \
        else _corpus_words()
    if not words:
        pytest.skip("no corpus beside the repository")
    provable = 0
    for word in words:
        needles = form_needles(word)
        provable += "" not in needles
        for form in lexeme_forms(word):
            assert any(needle in form for needle in needles), (word, form, needles)
    assert provable > len(words) // 2       # the shortcut is taken for most words


# -- flat effects are put together without Lark -------------------------------------------------

_FLAT_KINDS = [Kind.ATOM, Kind.ATOM, Kind.MAY, Kind.COMMA, Kind.AND, Kind.OR, Kind.DEP, Kind.ELSE, Kind.OPP,
               Kind.EITHER, Kind.THEN]


def _tokens(kinds: list[Kind]) -> list[Token]:
    return [Token(kind, f"{kind.value.lower()}{i}", 3 * i, 3 * i + 2, chooser="x" if i % 5 == 4 else None)
            for i, kind in enumerate(kinds)]


def _by_lark(tokens):
    try:
        return _lark().parse(tokens)
    except UnexpectedInput:
        return "rejected"


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_FLAT_KINDS), min_size=1, max_size=12)
       | st.lists(st.sampled_from(list(Kind)), min_size=1, max_size=10))
def test_flat_surface_is_what_the_grammar_builds(kinds):
    tokens = _tokens(kinds)
    flat = _flat(tokens)
    if flat is not None:
        assert flat == _by_lark(tokens)
    elif all(kind in _FLAT_KINDS for kind in kinds):
        assert _by_lark(tokens) == "rejected"   # only ill-formed flat lists are left to Lark


def test_flat_surface_on_usual_effects():
    atom, may = Kind.ATOM, Kind.MAY
    for kinds in ([atom], [may, atom], [atom, Kind.AND, atom, Kind.THEN, may, atom],
                  [atom, Kind.EITHER, atom, Kind.COMMA, atom, Kind.OR, atom]):
        tokens = _tokens(kinds)
        assert _flat(tokens) is not None and _flat(tokens) == _lark().parse(tokens)
    for kinds in ([Kind.LPAR, atom, Kind.RPAR], [Kind.COND, atom], [Kind.OR_START, atom, Kind.OR, atom]):
        assert _flat(_tokens(kinds)) is None


# -- regions: only the marks are visited ------------------------------------------------------

def _regions_by_every_character(text: str, start: int, end: int):
    """find_regions as it was written before it visited only the marks (the reference)."""
    quotes, parens, stack, balanced = [], [], [], True
    straight_pairs = _straight_pairs(text, start, end)
    i = start
    while i < end:
        ch = text[i]
        if ch in "«“(":
            stack.append(("«" if ch == "“" else ch, i))
        elif ch == '"' and not stack and i in straight_pairs:
            quotes.append((i, straight_pairs[i] + 1))
            i = straight_pairs[i] + 1
            continue
        elif ch in "»”)":
            want = "(" if ch == ")" else "«"
            if stack and stack[-1][0] == want:
                _, at = stack.pop()
                if not stack:
                    (quotes if want == "«" else parens).append((at, i + 1))
            elif any(o == want for o, _ in stack):
                while stack and stack[-1][0] != want:
                    stack.pop()
                _, at = stack.pop()
                if not stack:
                    (quotes if want == "«" else parens).append((at, i + 1))
            else:
                balanced = False
        i += 1
    return tuple(quotes), tuple(parens), balanced and not stack


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet='«»“”()"а б{tap}:—.', max_size=40), st.integers(0, 5), st.integers(0, 5))
def test_regions_equal_the_character_scan(text, cut_start, cut_end):
    start, end = min(cut_start, len(text)), max(min(cut_start, len(text)), len(text) - cut_end)
    found = find_regions(text, start, end)
    assert (found.quotes, found.parens, found.balanced) == _regions_by_every_character(text, start, end)


# -- the splitter's scan ----------------------------------------------------------------------

_PIECES = st.sampled_from(["При ", "Если ", "Строй: ", "{tap}: ", "X {counter}: ", "2 {tap}", "{instant}, ",
                           "«", "»", "(", ")", '"', "{first}: ", "ранить", " ", "  ", "\t", ".", ":", ",",
                           "В начале ", "Пока", "[:unq]", "Бешенство 2: ", "на 1"])
_TEXTS = st.lists(_PIECES, max_size=25).map("".join)


@settings(max_examples=400, deadline=None)
@given(_TEXTS)
def test_visible_spans_answer_as_covering(text):
    regions = find_regions(text)
    spans = regions.visible
    assert list(spans) == sorted(spans) and all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))
    for pos in range(len(text) + 1):
        holding = [span for span in spans if span[0] <= pos < span[1]]
        assert regions.covering(pos) == (holding[0] if holding else None)


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.integers(0, 4))
def test_last_solid_looks_back_over_white_space_only(text, start):
    start = min(start, len(text))
    expected, last = [], start - 1
    for i in range(start, len(text) + 1):
        expected.append(last)
        if i < len(text) and not text[i].isspace():
            last = i
    assert [_last_solid(text, start, i) for i in range(start, len(text) + 1)] == expected


_HEAD_PIECES = st.sampled_from(["Строй:", "Cтрой:", "строй:", "CTPOЙ :", "Бешенство 2:", "Hа глубине:", "Орда :",
                                 "{tap}:", "{instant}, если", "X {counter}:", "3 {tap}:", "{first}:", "При", "Когда",
                                 "В начале", "Пока", "ранить", "на 1", ".", ",", ")", "(", "«", "»", "Особый", "{strike}",
                                 "Оскліzг", " ", "  ", "\t"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_HEAD_PIECES, max_size=20).map(" ".join))
def test_the_split_walk_stops_before_every_head(text):
    """`_boundaries` passes a space in C unless its stop pattern matches there: wherever a head,
    a trigger or a look-alike label follows white space, the pattern must stop."""
    end = len(text)
    for i, ch in enumerate(text):
        if ch not in " \t)":
            continue
        j = i + 1
        while j < end and text[j] in " \t":
            j += 1
        if j < end and (split._FEATURE_HEAD.match(text, j, end) or split.word_label_at(text, j, end)
                        or split._TRIGGER_HEAD.match(text, j, end)):
            assert split._INTERESTING_LOOK_ALIKE.match(text, i, end), (text, i)
            if text[j] not in "свбконCBKOHcbkoh":
                assert split._INTERESTING.match(text, i, end), (text, i)


def _fold_word_by_word(text: str) -> str:
    """fold() as it was before whole Latin words were passed over (the reference)."""
    from berserk_judge.parser.reader.morph import normalize

    lowered = "".join(low if len(low := ch.lower()) == 1 else ch for ch in text).replace("ё", "е")

    def one(match: re.Match) -> str:
        norm = normalize(match.group())
        return norm if len(norm) == len(match.group()) else match.group()

    return re.sub(r"\w*[a-z]\w*", one, lowered)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="абвсеоЁёzxyaceZXCAİ1²_ -,.{}\u0301", max_size=20))
def test_fold_equals_the_word_by_word_folding(text):
    assert fold.__wrapped__(text) == _fold_word_by_word(text)


# -- the card's name: features without any form of its first word are passed over -------------

_NAME_WORDS = st.sampled_from(["Лучник", "лучника", "Ущелья", "ущелью", "Бон", "и", "Берроу", "Гном",
                               "поджигатель", "гнома-поджигателя", "Кшар", "кшару", "ранить", "на", "1"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_NAME_WORDS, min_size=1, max_size=3).map(" ".join),
       st.lists(st.one_of(_NAME_WORDS, st.sampled_from([" ", ", ", "-", " — ", "«", "»"])), max_size=20).map(" ".join),
       st.integers(0, 6), st.integers(0, 6))
def test_name_spans_equal_the_word_by_word_search(name, text, cut_start, cut_end):
    start, end = min(cut_start, len(text)), max(min(cut_start, len(text)), len(text) - cut_end)
    parts = name_parts(name.strip())
    expected = _spans_word_by_word(fold(text), parts, start, end) if parts else []
    assert name_spans(text, name, start, end) == expected


# -- word items: each distinct token classified once --------------------------------------------

def _items_token_by_token(text, start, end, protected):
    """items() as it was written before tokens were remembered (the reference)."""
    prot = sorted((s, e, k) for s, e, k in protected if s < end and e > start)
    out, pos = [], start
    for ps, pe, kind in prot + [(end, end, "")]:
        ps, pe = max(ps, start), min(pe, end)
        if ps < pos:
            continue
        for m in words._ITEM.finditer(text, pos, ps):
            raw, (s, e) = m.group(), m.span()
            if raw.strip() in words.DASHES:
                off = raw.index(raw.strip())
                out.append(words.Item(s + off, s + off + 1, "dash", raw.strip()))
            elif raw in ",;:.!?":
                out.append(words.Item(s, e, "punct", raw))
            elif raw.isspace():
                continue
            elif re.match(r"[^\W\d_]", raw) and (cut := words.attached_dash(raw)) is not None:
                # a hyphen written for a dash («иначе-ранить»): word, dash, word (issue 25)
                out.append(words.Item(s, s + cut, "word", fold(raw[:cut])))
                out.append(words.Item(s + cut, s + cut + 1, "dash", "-"))
                out.append(words.Item(s + cut + 1, e, "word", fold(raw[cut + 1:])))
            elif re.match(r"[^\W\d_]", raw):
                out.append(words.Item(s, e, "word", fold(raw)))
            elif re.match(r"\d", raw):
                out.append(words.Item(s, e, "num", raw.lower()))
            else:
                out.append(words.Item(s, e, "other", raw))
        if kind:
            out.append(words.Item(ps, pe, kind, fold(text[ps:pe]) if kind == "name" else "",
                                  words._paren_head(text, ps, pe) if kind == "paren" else ""))
        pos = max(pos, pe)
    return out


_ITEM_PIECES = st.sampled_from(["Ранить", "ранить", "cущество", "1–3", "2", "½", " - ", " – ", "—", "-", ",", ";",
                                ":", ".", "!", "?", " ", "\t", "\n", "{tap}", "«имя»", "(X)", "_", "'", "’s",
                                "гном-поджигатель", "ЁЖ", "İ", "№", "+1"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_ITEM_PIECES, max_size=25).map("".join), st.integers(0, 3), st.integers(0, 3), st.booleans())
def test_items_equal_the_token_by_token_scan(text, cut_start, cut_end, with_protected):
    start, end = min(cut_start, len(text)), max(min(cut_start, len(text)), len(text) - cut_end)
    protected = []
    if with_protected:
        protected = [(m.start(), m.end(), kind) for kind, pattern in (("icon", r"\{tap\}"), ("quote", "«[^»]*»"),
                                                                      ("paren", r"\([^)]*\)"))
                     for m in re.finditer(pattern, text)]
    words._TOKENS.clear()
    expected = _items_token_by_token(text, start, end, protected)
    first = words.items(text, start, end, protected)     # tokens met for the first time
    assert first == expected and words.items(text, start, end, protected) == expected   # and remembered
    assert all(type(item) is words.Item for item in first)
