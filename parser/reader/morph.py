"""Cached Russian morphology (pymorphy3) for the verb test of spec section 5.

The analyser loads once per process (it takes a fraction of a second) and
every word is analysed once, so reading the whole corpus stays fast.
"""
from __future__ import annotations

import re
from functools import lru_cache

# Latin letters that lossy texts put inside Cyrillic words.
_LATIN_TO_CYR = str.maketrans("aceopxyABCEHKMOPTXY", "асеорхуАВСЕНКМОРТХУ")
_CYR = re.compile(r"[а-яёА-ЯЁ]")

# Predicative words pymorphy tags as short adjectives: "должен", "обязан".
_PREDICATIVE = {"должен", "должна", "должно", "должны", "обязан", "обязана",
                "обязано", "обязаны", "способен", "способна", "способно", "способны"}
_VERBAL_POS = {"VERB", "INFN", "PRTS", "ADJS"}


@lru_cache(maxsize=1)
def analyzer():
    """The process-wide pymorphy3 analyser (Russian dictionary)."""
    import pymorphy3  # heavy: imported on first use only

    return pymorphy3.MorphAnalyzer(lang="ru")


morph_analyzer = analyzer  # its name in the parser facade


@lru_cache(maxsize=65536)
def normalize(word: str) -> str:
    """Lower-case, ё→е, Latin look-alikes → Cyrillic when the word is Cyrillic (cached: the reader
    asks it of the same words again and again, 80,000 times over 10,000 cards)."""
    word = word.lower().replace("ё", "е")
    if _CYR.search(word):
        word = word.translate(_LATIN_TO_CYR)
    return word


@lru_cache(maxsize=65536)
def parses(word: str) -> tuple:
    """All pymorphy3 parses of a word (normalised); empty for non-words."""
    word = normalize(word)
    if not _CYR.search(word):
        return ()
    result = analyzer().parse(word)
    if "-" in word and result and result[0].tag.POS is None:
        result = analyzer().parse(word.replace("-", ""))  # "сраба-тывает"
    return tuple(result)


@lru_cache(maxsize=65536)
def pos(word: str) -> str | None:
    """Most probable part of speech."""
    found = parses(word)
    return str(found[0].tag.POS) if found and found[0].tag.POS else None


@lru_cache(maxsize=65536)
@lru_cache(maxsize=65536)
def is_known(word: str) -> bool:
    """The dictionary holds the word (not a guess of the analyzer)."""
    return analyzer().word_is_known(word.replace("ё", "е")) or analyzer().word_is_known(word)


@lru_cache(maxsize=65536)
def is_predicate(word: str) -> bool:
    """True for a finite verb, an infinitive, a short participle or "должен" (cached: the verb test
    asks it of every word of an effect, 65,000 times over 10,000 cards)."""
    norm = normalize(word)
    if norm in _PREDICATIVE:
        return True
    return pos(word) in _VERBAL_POS


@lru_cache(maxsize=65536)
def can_be_nominative(word: str) -> bool:
    """True when some parse is a nominative noun/pronoun/adjective/participle/numeral."""
    for parse in parses(word):
        tag = parse.tag
        if tag.POS in {"NOUN", "NPRO", "ADJF", "PRTF", "NUMR"} and "nomn" in tag:
            return True
    return False


@lru_cache(maxsize=65536)
def lexeme_forms(word: str) -> frozenset[str]:
    """Every inflected form of a word (normalised), for masking names."""
    norm = normalize(word)
    words: list[str] = []
    for parse in parses(word)[:3]:
        if _names_a_form(parse):
            words += lexeme_words(parse)
    # pymorphy3 spells forms in lower case, so `normalize` is a ё→е on every one of them when
    # no Latin letter (or upper case) stands among them: done once over them all
    joined = "\n".join(words)
    if _PLAIN_FORMS.fullmatch(joined):
        forms = set(joined.replace("ё", "е").split("\n")) if words else set()
    else:
        forms = set(map(normalize, words))
    forms.add(norm)
    return frozenset(forms)


_PLAIN_FORMS = re.compile(r"[а-яё\n-]*")
_PLAIN_STEM = re.compile(r"[а-яё]+")


def _names_a_form(parse) -> bool:
    """A parse whose lexeme `lexeme_forms` takes (a noun, an adjective, a participle, a name)."""
    return parse.tag.POS in {"NOUN", "ADJF", "PRTF", None} or "Name" in parse.tag or "Surn" in parse.tag


@lru_cache(maxsize=65536)
def form_needles(word: str) -> tuple[str, ...]:
    """Strings of which every member of `lexeme_forms(word)` contains one.

    A text in which none of them occurs holds no form of the word, so the
    forms (the costly part) need not be spelled. The word itself is one; each
    parse `lexeme_forms` takes adds its stem: a dictionary or predicted word's
    forms are (known prefixes +) paradigm prefix + stem + suffix (see
    `_paradigm`). A parse of any other kind, or a stem that folding could
    change, gives "", which every text contains.
    """
    needles = {normalize(word)}
    for parse in parses(word)[:3]:
        if _names_a_form(parse):
            found = _paradigm(parse)
            if found is None or not _PLAIN_STEM.fullmatch(found[2]):
                return ("",)
            needles.add(found[2].replace("ё", "е"))
    return tuple(sorted(needles, key=len))


def _paradigm(parse):
    """(dictionary, paradigm, stem, prefix) when every form of the parse's lexeme is prefix +
    paradigm prefix + stem + paradigm suffix, else None.

    So it is for a dictionary word, and for a predicted one (KnownSuffixAnalyzer's
    FakeDictionary) with known or unknown prefixes stacked on it: pymorphy3's prefix units
    put their prefix before each form of the lexeme below them, the suffix unit leaves the
    forms of its FakeDictionary as they are, and the dictionary units spell them from the
    paradigm with the stem of the word in the stack's first method."""
    dictionaries, prefixers, suffixer = _units()
    stack = parse.methods_stack
    if len(stack[0]) != 4 or type(stack[0][0]) not in dictionaries:
        return None
    prefix = ""
    for method in stack[1:]:       # innermost first: each prefix goes before the ones below it
        if type(method[0]) in prefixers:
            prefix = method[1] + prefix
        elif type(method[0]) is not suffixer:
            return None
    unit, fixed_word, para_id, index = stack[0]
    paradigm = unit.dict.paradigms[para_id]
    return unit.dict, paradigm, unit.dict.build_stem(paradigm, index, fixed_word), prefix


@lru_cache(maxsize=1)
def _units():
    """pymorphy3's unit classes `_paradigm` knows (imported once, on first use)."""
    from pymorphy3.units import (DictionaryAnalyzer, KnownPrefixAnalyzer, KnownSuffixAnalyzer,
                                 UnknownPrefixAnalyzer)

    return ((DictionaryAnalyzer, KnownSuffixAnalyzer.FakeDictionary), (KnownPrefixAnalyzer, UnknownPrefixAnalyzer),
            KnownSuffixAnalyzer)


def lexeme_words(parse) -> list[str]:
    """The words of `parse.lexeme`, in its order. A dictionary or predicted word's
    forms are spelled straight from its paradigm (see `_paradigm`), as pymorphy3's
    DictionaryAnalyzer.get_lexeme spells them, without building a Parse and a tag
    per form, which cost a card with a new name more than reading it; other
    words (hyphenated, unknown, ...) go through pymorphy3."""
    found = _paradigm(parse)
    if found is None:
        return [form.word for form in parse.lexeme]
    words, paradigm, stem, prefix = found
    size = len(paradigm) // 3
    prefixes, suffixes = words.paradigm_prefixes, words.suffixes
    return [prefix + prefixes[paradigm[2 * size + i]] + stem + suffixes[paradigm[i]] for i in range(size)]


# Ability nouns that can open an effect without a verb: "При гибели — особый удар на 2".
ABILITY_LEMMAS = {"разряд", "выстрел", "метание", "добивание", "пророчество", "вампиризм", "подлость",
                  "заклинание", "воздействие", "прыжок", "телепортация", "рывок", "инкарнация"}
_ABILITY_ADJ = {"особый", "магический"}


@lru_cache(maxsize=65536)
def ability_noun(word: str) -> bool:
    """An ability named by a noun in the nominative/accusative (or "X разрядов"); also a word no
    dictionary knows one letter away from such a noun («ввстрел на 1»: a typo BJ301 reports, read as
    the ability it misspells — the verb test found no effect and the feature was left unread)."""
    for parse in parses(word):
        if parse.normal_form in ABILITY_LEMMAS and parse.tag.POS == "NOUN" and (
                "nomn" in parse.tag or "accs" in parse.tag or ("gent" in parse.tag and "plur" in parse.tag)):
            return True
    return len(word) >= 5 and _misspelt_ability(word)


def _misspelt_ability(word: str) -> bool:
    """An unknown word one edit from an ability lemma within its stem («ввстрел», «вырстрел»): an
    edit in the last two letters may be a case the dictionary lacks («добивания») or a cut word."""
    if is_known(word):
        return False
    from rapidfuzz.distance import Levenshtein

    return any(not word.startswith(lemma[:-2]) and Levenshtein.distance(word, lemma, score_cutoff=1) == 1
               for lemma in _TYPO_LEMMAS)


# the lemmas a typo is measured against: «заклинание»/«воздействие» are headings, never misspelt here
_TYPO_LEMMAS = tuple(sorted(ABILITY_LEMMAS - {"заклинание", "воздействие"}))


@lru_cache(maxsize=65536)
def ability_adjective(word: str) -> bool:
    """"особый"/"магический" in the nominative/accusative, before "удар"."""
    for parse in parses(word):
        if parse.normal_form in _ABILITY_ADJ and ("nomn" in parse.tag or "accs" in parse.tag):
            return True
    return False


@lru_cache(maxsize=65536)
def is_participle(word: str) -> bool:
    """Some parse is a full participle or a gerund ("стоящие", "обладающее", "выступая")."""
    return any(p.tag.POS in {"PRTF", "GRND"} for p in parses(word)[:4]) and not is_predicate(word)


@lru_cache(maxsize=65536)
def is_finite(word: str) -> bool:
    """A predicate that can take a subject: not an infinitive."""
    return is_predicate(word) and pos(word) != "INFN"


MODALS = {"может", "могут", "можете", "должен", "должна", "должно", "должны", "обязан", "обязана",
          "обязано", "обязаны", "способен", "способна", "способно", "способны", "вправе"}


@lru_cache(maxsize=65536)
def can_be_nominative_noun(word: str) -> bool:
    """A nominative noun or pronoun reading exists (a participle used as a noun counts: "атакованный")."""
    for parse in parses(word):
        if "nomn" in parse.tag and (parse.tag.POS in {"NOUN", "NPRO"} or normalize(word) in _SUBSTANTIVES):
            return True
    return False


_SUBSTANTIVES = {"атакованный", "атакованная", "атакованное", "атакованные", "атаковавший",
                 "атаковавшая", "атаковавшее", "атаковавшие", "погибший", "выбранный", "выбранное",
                 "выбранная", "выбранные"}


@lru_cache(maxsize=65536)
def is_imperative(word: str) -> bool:
    found = parses(word)
    return bool(found) and "impr" in found[0].tag


@lru_cache(maxsize=65536)
def is_instruction(word: str) -> bool:
    """An infinitive, an imperative or a 2nd-person verb: a word that opens an instruction
    ("ранить", "положите", "отмените" — pymorphy ranks the future "вы отмените" first)."""
    found = parses(word)
    return bool(found) and (found[0].tag.POS == "INFN" or any(
        "impr" in p.tag or (p.tag.POS == "VERB" and "2per" in p.tag) for p in found[:2]))
