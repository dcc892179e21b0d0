"""Other spellings of a query typed in Latin: transliteration and the wrong keyboard layout.

Card names are Russian; a user types «Osklizg» or «Tan Haneranga» (Latin
transliteration, any of the common schemes: BGN/PCGN, GOST 7.79-B,
informal «ja/ju/x/w»), or «Vjkjnj,jtw» (Russian typed with the English
layout). `variants` gives the Cyrillic readings to try; ids typed with the
Russian layout on («ы1_58») come back through `to_latin_layout`.
"""
from __future__ import annotations

import re

_QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>~"
_JCUKEN = "йцукенгшщзхъфывапролджэячсмитьбюёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ"
_TO_CYRILLIC_LAYOUT = str.maketrans(_QWERTY, _JCUKEN)
_TO_LATIN_LAYOUT = str.maketrans(_JCUKEN, _QWERTY)

# longest first; every common scheme's spelling of a sound («ts» before «h» is т + ш: «Otshelnitsa»)
_DIGRAPHS = (
    ("shch", "щ"), ("sch", "щ"), ("sh", "ш"), ("ch", "ч"), ("zh", "ж"), ("kh", "х"), ("ts", "ц"),
    ("tz", "ц"), ("yo", "ё"), ("jo", "ё"), ("yu", "ю"), ("ju", "ю"), ("iu", "ю"), ("ya", "я"),
    ("ja", "я"), ("ia", "я"), ("ye", "е"), ("je", "е"), ("yy", "ый"), ("yi", "ый"), ("yj", "ый"),
    ("iy", "ий"), ("ij", "ий"), ("''", "ъ"),
)
_SINGLE = {
    "a": "а", "b": "б", "v": "в", "w": "в", "g": "г", "d": "д", "e": "е", "z": "з", "i": "и",
    "j": "й", "k": "к", "l": "л", "m": "м", "n": "н", "o": "о", "p": "п", "r": "р", "s": "с",
    "t": "т", "u": "у", "f": "ф", "h": "х", "x": "кс", "c": "к", "q": "к", "y": "ы", "'": "ь",
}
# the letters the schemes disagree on: the second reading of each
_ALTERNATIVE = {"c": "ц", "y": "й", "x": "х", "w": "щ", "h": "г"}
_LATIN = re.compile(r"[A-Za-z]")
_VOWELS = "аеёиоуыэюя"


def has_latin(text: str) -> bool:
    return bool(_LATIN.search(text))


def to_cyrillic_layout(text: str) -> str:
    """Keys pressed with the English layout on, read as the Russian ЙЦУКЕН layout."""
    return text.translate(_TO_CYRILLIC_LAYOUT)


def to_latin_layout(text: str) -> str:
    """Keys pressed with the Russian layout on, read as the English QWERTY layout."""
    return text.translate(_TO_LATIN_LAYOUT)


def transliterate(text: str, alternative: bool = False) -> str:
    """Latin letters as Cyrillic (the other reading of ambiguous letters when `alternative`)."""
    out: list[str] = []
    lower = text.casefold()
    at = 0
    while at < len(lower):
        if lower.startswith("eh", at) and (not out or not out[-1].isalpha()):
            out.append("э")                         # «Ehlf»: a word-initial «eh» is э (ALA-LC, GOST 16876)
            at += 2
            continue
        for latin, cyrillic in _DIGRAPHS:
            if lower.startswith(latin, at) and not (latin[-1] == "s" and lower.startswith("h", at + 2)):
                out.append(cyrillic)
                at += len(latin)
                break
        else:
            char = lower[at]
            if alternative and char in _ALTERNATIVE:
                out.append(_ALTERNATIVE[char])
            elif char == "y" and out and out[-1] in _VOWELS:
                out.append("й")                     # «Tolstoy», «Kray»
            elif alternative and char == "e" and (not out or not out[-1].isalpha()):
                out.append("э")                     # «Elf»: a word-initial e as э
            else:
                out.append(_SINGLE.get(char, char))
            at += 1
    return "".join(out)


def variants(query: str) -> list[tuple[str, str]]:
    """(spelling, how it was made) for a query with Latin letters, most likely first."""
    if not has_latin(query):
        return []
    found: dict[str, str] = {}
    for spelling, how in ((to_cyrillic_layout(query), "раскладка клавиатуры"),
                          (transliterate(query), "транслитерация"),
                          (transliterate(query, alternative=True), "транслитерация")):
        if spelling != query:
            found.setdefault(spelling, how)
    return list(found.items())
