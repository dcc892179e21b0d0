"""The reader's fast paths give exactly what the slow ones give.

Each shortcut taken for speed (issue 19, round two) is compared here with the
path it replaces, on corpus words and on generated input, so a change of
pymorphy3 or of the grammar cannot make them drift apart unnoticed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from parser.reader.morph import analyzer, lexeme_words

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
