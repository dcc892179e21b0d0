"""The search index of the report (search-index.js): every card, plus what forgives typos and word forms.

Built once at generation time, so the page only looks things up:

* `cards` — one short row per card (and per removed card of `--compare`);
* `words` — the folded words of the card names, each with its lemma and the
  stem its forms share (pymorphy3: «молотобоец» → stem «молотобо», so
  «Молотобойца» finds it); rows point at their name words;
* `tri` — trigram → words, to find a misspelt name («молотбоец») among the
  few words sharing its trigrams before an edit distance is computed.

Texts are searched as they are (folded), and by the query word without its
ending.
"""
from __future__ import annotations

import heapq
import os
import re
from functools import lru_cache

from berserk_judge.reports.html.filters import visible
from berserk_judge.reports.html.icons import ICONS
from berserk_judge.reports.html.packed import light_entries

SEVERITIES = ("error", "warning", "info")
_WORD = re.compile(r"[^\W_]+")


def fold(text: str) -> str:
    """What search compares: lower case, «ё» as «е» (the page folds queries the same way)."""
    return text.lower().replace("ё", "е")


def name_words(name: str) -> list[str]:
    return _WORD.findall(fold(name))


_FORMS = ({"gent"}, {"datv"}, {"ablt"}, {"plur", "nomn"})


@lru_cache(maxsize=None)
def word_forms(word: str) -> tuple[str, str]:
    """The folded lemma of a name word and the stem its forms share ("" when too short to trust).

    The stem is the common start of the word and a few of its forms
    (genitive, dative, instrumental, nominative plural): «молотобоец» →
    «молотобо», «горный» → «горн». The whole lexeme would add short and
    comparative forms and cut the stem too short («гор»).
    """
    if not re.search(r"[а-я]", word):
        return word, ""
    from berserk_judge.parser import morph_analyzer

    morph = morph_analyzer()
    parse = morph.parse(word)[0]
    lemma = fold(parse.normal_form)
    forms = {word}   # not the lemma: a participle's lemma is its verb («посвященный» → «посвятить»)
    for form in inflections(morph, parse, _FORMS):
        if form is not None:
            forms.add(fold(form[0]))
    # another lexeme's forms («наи…», hyphen parts) do not shorten the stem
    stem = os.path.commonprefix(sorted(f for f in forms if f[:3] == word[:3]))
    return lemma, stem if len(stem) >= 3 else ""


def inflections(morph, parse, wanted) -> list:
    """`parse.inflect(grammemes)` for each set of `wanted` (a form or None), the lexeme made once:
    pymorphy3 makes it again for every inflect, and four inflects of each name word were most of
    the search index's time (10,000 cards: ~1 s CPU). The choice is pymorphy3's `_inflect`."""
    lexeme = morph.get_lexeme(parse)
    out = []
    for required in wanted:
        possible = [f for f in lexeme if required <= f[1].grammemes]
        if not possible:
            required = morph.TagClass.fix_rare_cases(required)
            possible = [f for f in lexeme if required <= f[1].grammemes]
        grammemes = parse[1].updated_grammemes(required)

        def similarity(form, grammemes=grammemes):
            return len(grammemes & form[1].grammemes) - 0.1 * len(grammemes ^ form[1].grammemes)

        best = heapq.nlargest(1, possible, key=similarity)
        out.append(best[0] if best else None)
    return out


def trigrams(word: str) -> set[str]:
    padded = f" {word} "
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


def build(model: dict) -> dict:
    """The index as plain data; `search-index.js` assigns it to `window.BJ_INDEX`."""
    vocabulary: dict[str, int] = {}
    words: list[list] = []
    rows = []
    severity = {}
    for entry in light_entries(model):   # the one pass over the entries (packed ones are unpacked for it)
        rows.append(_row(entry, _word_ids(entry["name"], vocabulary, words)))
        for f in entry["findings"]:
            if SEVERITIES.index(f["severity"]) < SEVERITIES.index(severity.get(f["code"], "info")):
                severity[f["code"]] = f["severity"]
            severity.setdefault(f["code"], f["severity"])
    heads = getattr(model["cards"], "heads", model["cards"])    # id and set are in a packed entry's head
    for change in model["changes"] or ():
        if change["status"] == "removed":
            rows.append({"i": visible(change["id"]), "n": visible(change["name"]), "s": visible(change["set"]),
                         "p": "changes.html", "a": change["anchor"], "t": visible(change["old_text"]),
                         "c": [], "v": [], "m": 0, "x": change["classes"], "f": 0, "k": "",
                         "w": _word_ids(change["name"], vocabulary, words)})
    old_names = {c["id"]: c["old_name"] for c in model["changes"] or ()
                 if c.get("old_name") and c["old_name"] != c["name"] and c["status"] != "removed"}
    for row, entry in zip(rows, heads):
        if entry["id"] in old_names:
            row["o"] = visible(old_names[entry["id"]])      # «Молотобоец» finds the card now named otherwise
            row["w"] = row["w"] + [w for w in _word_ids(old_names[entry["id"]], vocabulary, words) if w not in row["w"]]
    pages = list(dict.fromkeys(row["p"] for row in rows))
    numbers = {page: n for n, page in enumerate(pages)}
    for row in rows:
        row["p"] = numbers[row["p"]]
    tri: dict[str, list[int]] = {}
    for number, (word, lemma, _stem) in enumerate(words):
        for gram in sorted(trigrams(word) | (trigrams(lemma) if lemma else set())):
            tri.setdefault(gram, []).append(number)
    return {"cards": rows, "pages": pages, "severity": severity, "words": words, "tri": tri, "match": name_matching(),
            "sets": {visible(e["set"]): visible(e.get("set_name") or e["set"]) for e in heads},
            "icons": {name: list(value) for name, value in ICONS.items()}}


def name_matching() -> dict:
    """How `card` compares a query with a name (cardbase.lookup, cardbase.translit), as data for the page.

    The page folds the query and every name with `fold` (the punctuation
    class and ё/е of cardbase.lookup), scores names as rapidfuzz's WRatio
    does with the same cut-offs, takes the one name that sounds the same
    (`_SOUND`, doubled letters), and reads a Latin query through the same
    keyboard layout and transliteration tables. Nothing is defined twice:
    the tables and thresholds are read from those modules.
    """
    from berserk_judge.cardbase import lookup, translit

    return {
        "punct": lookup._PUNCT.pattern, "cutoff": lookup.CUTOFF, "clear": lookup.CLEAR, "lead": lookup.LEAD,
        "sound": {chr(k): v for k, v in lookup._SOUND.items()},
        "qwerty": translit._QWERTY, "jcuken": translit._JCUKEN,
        "digraphs": [list(pair) for pair in translit._DIGRAPHS], "single": translit._SINGLE,
        "alternative": translit._ALTERNATIVE, "vowels": translit._VOWELS,
    }


def _word_ids(name: str, vocabulary: dict[str, int], words: list[list]) -> list[int]:
    ids = []
    for word in name_words(name):
        if word not in vocabulary:
            lemma, stem = word_forms(word)
            vocabulary[word] = len(words)
            words.append([word, lemma if lemma != word else "", stem])
        if vocabulary[word] not in ids:
            ids.append(vocabulary[word])
    return ids


def _row(entry: dict, word_ids: list[int]) -> dict:
    """A card's row; what most rows share is left out (report.js fills it in: no codes, the
    anchor its id, …) — 10,000 rows were 5.9 MB."""
    row = {"i": visible(entry["id"]), "n": visible(entry["name"]), "s": visible(entry["set"]), "p": entry["page"],
           "a": entry["anchor"], "t": visible(entry["text"]), "c": entry["codes"], "v": entry["severities"],
           "m": 1 if entry["ambiguous"] else 0, "x": entry["change"] or [], "f": len(entry["findings"]),
           "k": entry["stats_short"], "w": word_ids}
    if row["a"] == row["i"]:
        del row["a"]
    return {key: value for key, value in row.items() if value not in ([], 0, "") or key in ("i", "n", "w", "t")}
