"""Words a typesetter broke: run together, split by a hyphen, a lost full stop, a Latin letter.

Lossy texts (the online client, scanned cards) lose spaces and full stops and
keep line-break hyphens; each of these hides a word from the reader. Precision
first: a word of a card name (the card's own, inflected), anything in quotes,
icons and abstract texts (С1, У1) never trigger them.
"""
from __future__ import annotations

import re
from functools import lru_cache

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import replace, safe_fix, unsafe_fix
from berserk_judge.lint.rule import Hit, Rule
from berserk_judge.lint.rules._text import hyphenated, is_known, mask_icons, morph
from berserk_judge.lint.rules.bj5_typography import _GLUED_TRIGGER_RE

# abstract texts: «С1, при этом С2», «если У1 — …»
# (a look-behind written after the first character: a pattern that opens with a character class
# is scanned for that class in C, one that opens with a look-behind is tried at every position)
_ABSTRACT_RE = re.compile(r"[СУ](?<![^\W\d_].)\d")
# a Cyrillic word of five letters or more (shorter ones are never run together, see the check)
_RUSSIAN_WORD_RE = re.compile(r"[А-ЯЁа-яё](?<![\w{-].)[А-ЯЁа-яё]{4,}(?![\w}-])")
# a one- or two-letter word glued to a longer one («погероям», «квыстрелу», «глубинуили»), with the
# cases a preposition takes (a preposition before a word in another case is a typo, not a glue:
# «стощее» is no «с тощее»); «не»/«ни» are left out: «немагических», «нетёмное» are written together
_PREPOSITIONS = {"в": ("accs", "loct", "loc2"), "во": ("accs", "loct"), "на": ("accs", "loct", "loc2"),
                 "с": ("gent", "ablt"), "со": ("gent", "ablt"), "к": ("datv",), "ко": ("datv",),
                 "у": ("gent",), "из": ("gent",), "от": ("gent",), "до": ("gent",), "о": ("loct",),
                 "по": ("datv", "loct", "accs"), "за": ("accs", "ablt")}
_CONJUNCTIONS = {"и", "или", "а"}
_SHORT_RIGHT = set(_PREPOSITIONS) | _CONJUNCTIONS
_MIN_PART = 4


_CYRILLIC_RUN = re.compile(r"[А-ЯЁа-яё]+")
_QUOTED_RE = re.compile(r"«[^«»\n]*»|\"[^\"\n]*\"|„[^„“\n]*“")


def _blank(match: re.Match) -> str:
    return " " * (match.end() - match.start())    # a quotation holds no line break


@lru_cache(maxsize=16)  # BJ511, BJ512 and BJ513 mask the same card's text in a row
def _quoted_mask(text: str) -> str:
    """«…», "…" and „…“ blanked (names, granted features), offsets kept."""
    if "«" not in text and '"' not in text and "„" not in text:
        return text
    return _QUOTED_RE.sub(_blank, text)


@lru_cache(maxsize=16)
def _name_stems(name: str | None) -> frozenset[str]:
    """The card name's words cut to a stem (4 letters): «Кракена», «Кракену» are «Кракен»."""
    return frozenset(w.lower()[:4] for w in _CYRILLIC_RUN.findall(name or "") if len(w) >= 3)


@lru_cache(maxsize=16)
def _skip_text(text: str) -> bool:
    return bool(_ABSTRACT_RE.search(text))


# Words of five letters or more, as written, that are never run together whatever the card: a
# dictionary word, or «не»/«ни» written together with one. A base repeats its words, so a card's
# words are told apart from these by one set difference rather than a look-up each. Bounded, for
# a long-lived language server.
_PLAIN_WORDS: set[str] = set()
_PLAIN_LIMIT = 200_000


def _plain(word: str) -> bool:
    return is_known(word) or (word.lower().startswith(("не", "ни")) and is_known(word[2:]))


def _odd_words(words: set[str]) -> set[str]:
    """The words of `words` that are no plain word (see _PLAIN_WORDS)."""
    fresh = words - _PLAIN_WORDS
    if not fresh:
        return fresh
    odd = {word for word in fresh if not _plain(word)}
    if len(_PLAIN_WORDS) >= _PLAIN_LIMIT:
        _PLAIN_WORDS.clear()
    _PLAIN_WORDS.update(fresh - odd)
    return odd


@lru_cache(maxsize=65536)
def _common(word: str) -> bool:
    """A dictionary word that is not only an abbreviation, a name or a letter."""
    if not is_known(word):
        return False
    return any(not ({"Abbr", "Name", "Surn", "Patr", "Geox", "Orgn", "Trad"} & set(str(p.tag).replace(" ", ",").split(",")))
               for p in morph().parse(word) if p.is_known)


def _splits(word: str) -> list[tuple[str, str]]:
    """Every way the word falls into two dictionary words: both of four letters or more, or a
    short preposition (with a word in a case it takes) or conjunction beside a long word."""
    lower = word.lower()
    out = []
    for at in range(1, len(lower)):
        left, right = lower[:at], lower[at:]
        if left in _PREPOSITIONS:
            ok = len(right) >= _MIN_PART and _common(right) and _takes(left, right)
        elif left in _CONJUNCTIONS:
            ok = len(right) >= _MIN_PART and _common(right)
        elif right in _SHORT_RIGHT:
            # a short adjective before a lone letter is a lost «й»: «дальнеи» is «дальней»
            ok = len(left) >= _MIN_PART and _common(left) and (
                len(right) > 1 or morph().parse(left)[0].tag.POS not in ("ADJS", "ADVB"))
        else:
            ok = len(left) >= _MIN_PART and len(right) >= _MIN_PART and _common(left) and _common(right) \
                and _content(left)
        if ok:
            out.append((word[:at], word[at:]))
    return out


@lru_cache(maxsize=16384)
def _longest_left_first(word: str) -> tuple[tuple[str, str], ...]:
    """`_splits(word)`, the longest left part first (a base repeats its unknown words: «Вампиризм»
    is split once)."""
    return tuple(sorted(_splits(word), key=lambda pair: -len(pair[0])))


def _takes(preposition: str, word: str) -> bool:
    cases = _PREPOSITIONS[preposition]
    return any(p.tag.case in cases for p in morph().parse(word) if p.is_known)


def _content(word: str) -> bool:
    """A word that can end a phrase: not a preposition, particle or conjunction («пред», «либо»)."""
    best = morph().parse(word)[0].tag.POS
    return best not in ("PREP", "PRCL", "CONJ", "INTJ")


class RunTogetherWords(Rule):
    """Два слова без пробела между ними.

    Что находит:
        Слово, которого нет в словаре, но которое делится на два словарных:
        «объявитьособый» — «объявить особый», «погероям» — «по героям».
        Не находятся слова названия карты (в любой форме), текст в кавычках,
        значки и абстрактные тексты (С1, У1). Если разделить можно одним
        способом, есть исправление: безопасное, если прочтение карты после
        него не меняется, иначе небезопасное («Заклинаниевласть» станет
        типом способности — это надо просмотреть).
    Почему это важно:
        Слитое слово читатель не узнаёт: «объявитьособый удар» — не
        повелительный эффект, и связка или граница условия может найтись не
        там. Такие склейки — след потерянного пробела при наборе.
    Плохо:
        {direct} погероям.
    Хорошо:
        {direct} по героям.
    """

    code = "BJ511"
    name = "run-together-words"
    severity = Severity.WARNING
    fix_applicability = "safe"
    message = "«{word}» — нет такого слова; похоже на два слова без пробела: {split}"

    def check(self, ctx):
        text = ctx.text
        if _skip_text(text):
            return
        masked = _quoted_mask(mask_icons(text))
        # a dictionary word is never run together; nor is «небестелесное», «немагических» (не-
        # written together): most cards have no other word, and are done here
        odd = _odd_words(set(_RUSSIAN_WORD_RE.findall(masked)))
        if not odd:
            return
        stems = _name_stems(ctx.card.name)
        for match in _RUSSIAN_WORD_RE.finditer(masked):
            word = match.group(0)
            if word not in odd or word.lower()[:4] in stems:
                continue
            if _GLUED_TRIGGER_RE.match(masked, match.start()):
                continue  # «Вконце хода»: BJ505
            if word[0].isupper() and not _sentence_start(masked, match.start()):
                continue  # a name of another card in the middle of a sentence
            splits = _longest_left_first(word)
            if not splits:
                continue
            shown = " или ".join(f"«{a} {b}»" for a, b in splits)
            left, right = splits[0]
            fix = _fix(ctx, f"вставить пробел: «{left} {right}»",
                       replace(match.start() + len(left), match.start() + len(left), " ")) \
                if len(splits) == 1 else None
            yield Hit(match.start(), match.end(), {"word": word, "split": shown},
                      suggestion=f"{left} {right}", fix=fix)


_READ_AGAIN_LIMIT = 4000


def _fix(ctx, title: str, edit) -> "object":
    """A safe fix when the card reads the same after it (the reading guard of `--fix` would keep
    it), else the same fix as unsafe: a word made readable often changes the reading — a glued
    «Заклинаниевласть» becomes an ability type — and `--fix` must apply what the summary promised."""
    from berserk_judge.lint.fix_model import apply_edits
    from berserk_judge.lint.fix_apply import feature_signature
    from berserk_judge.parser import read_text

    if len(ctx.text) > _READ_AGAIN_LIMIT:
        return unsafe_fix(title, edit)   # a text no card has: not read again per finding
    new_text, _ = apply_edits(ctx.text, [safe_fix(title, edit)])
    try:
        before = tuple(feature_signature(f) for f in (ctx.features or ()))
        after = tuple(feature_signature(f) for f in read_text(new_text, ctx.card.name))
    except Exception:  # noqa: BLE001 - a reader failure on the new text: not safe
        return unsafe_fix(title, edit)
    return safe_fix(title, edit) if before == after else unsafe_fix(title, edit)


def _sentence_start(text: str, at: int) -> bool:
    before = text[max(0, at - 40):at].rstrip()   # a window, never the whole text (long texts stay linear)
    return not before or before[-1] in ".!?:;\n—–-(" or before.endswith("{")


class HyphenatedWords(Rule):
    """Остаток переноса, обе половины которого — слова.

    Что находит:
        Слово с дефисом, которого нет в словаре, когда без дефиса получается
        словарное слово, а обе половины сами по себе слова: «против-ника»
        («против» и «ника»), «напа-дение». Когда половины — не слова
        («сраба-тывает»), это BJ506. Названия карт («Эльф-следопыт») и текст в
        кавычках не находятся.
    Почему это важно:
        Такой дефис — след переноса строки из печатного макета, но раз
        половины — слова, читатель видит в нём два слова через дефис, и
        «против-ника» перестаёт быть «противника».
    Плохо:
        При атаке против-ника — ранить цель на 1.
    Хорошо:
        При атаке противника — ранить цель на 1.
    """

    code = "BJ512"
    name = "hyphenated-words"
    severity = Severity.WARNING
    fix_applicability = "safe"
    message = "«{word}» похоже на остаток переноса (обе половины — слова); без дефиса: «{joined}»"

    def check(self, ctx):
        text = ctx.text
        if "-" not in text or _skip_text(text):
            return
        stems = _name_stems(ctx.card.name)
        masked = _quoted_mask(text)
        for match in hyphenated(masked):
            left, right = match.group(1), match.group(2)
            joined = left + right
            if left.lower()[:4] in stems or is_known(f"{left}-{right}"):
                continue
            if not (is_known(left) and is_known(right)) or not _common(joined):
                continue  # halves that are not words: BJ506
            hyphen = match.end(1)
            yield Hit(match.start(), match.end(), {"word": match.group(0), "joined": joined}, suggestion=joined,
                      fix=_fix(ctx, f"убрать дефис переноса: «{joined}»", replace(hyphen, hyphen + 1, "")))


# spaces after a lower-case letter, a digit, an icon or «)», then a capitalised word (the match
# opens at the first space: the full stop goes there)
_CAPITAL_RE = re.compile(r" (?<=[а-яё0-9})] ) *([А-ЯЁ][а-яё]+)(?![\w-])")


@lru_cache(maxsize=16384)
def _is_verb(word: str) -> bool:
    parses = [p for p in morph().parse(word.lower()) if p.is_known]
    return bool(parses) and parses[0].tag.POS in ("VERB", "INFN") and parses[0].score >= 0.5


_GRANTING = {"получать", "иметь", "особенность", "текст", "терять", "потерять", "получить"}


def _grants(word: str) -> bool:
    return any(p.normal_form in _GRANTING for p in morph().parse(word.lower())[:2])


class MissingFullStop(Rule):
    """Нет точки между двумя особенностями.

    Что находит:
        Глагол с заглавной буквы посреди предложения, сразу после слова со
        строчной буквы: «…до конца хода Получает …». Так начинается новая
        особенность, а точка перед ней потерялась. И оплату посреди
        предложения: «…(1 раз за ход) {tap}: …», «Ярость 1 {tap}: …» —
        читатель начинает с оплаты новую особенность (114), но точки перед
        ней нет. Не находятся слова в кавычках, после «:», «—» или «(»,
        названия карт, абстрактные тексты и выдаваемая особенность без
        кавычек («получает {tap}: …»).
    Почему это важно:
        Без точки две особенности читаются как одна: эффект первой тянется во
        вторую, и условие, оплата или связки относятся не к тому; число перед
        оплатой («Ярость 1 {tap}») читатель не может отнести ни к метке, ни
        к оплате.
    Плохо:
        При атаке — получить +1 к {strike} до конца хода Получает броню 1.
        Ярость 1 {tap}: ранить цель на 1.
    Хорошо:
        При атаке — получить +1 к {strike} до конца хода. Получает броню 1.
        Ярость 1. {tap}: ранить цель на 1.
    """

    code = "BJ513"
    name = "missing-full-stop"
    severity = Severity.WARNING
    fix_applicability = "unsafe"
    message = "{what}: похоже, перед {it} потерялась точка"

    def check(self, ctx):
        text = ctx.text
        if _skip_text(text):
            return
        stops = {at: payment for at, payment in stops_missing_before_payments(ctx)}
        stems = _name_stems(ctx.card.name)
        masked = _quoted_mask(text)
        hits = []
        for match in _CAPITAL_RE.finditer(masked):
            word = match.group(1)
            if word.lower()[:4] in stems or not _is_verb(word):
                continue
            previous = _CYRILLIC_RUN.findall(masked, max(0, match.start() - 40), match.start())
            if previous and _grants(previous[-1]):
                continue  # «получает Может нападать …»: a granted feature that lost its quotes
            hits.append((match.start(), match.start(1), match.end(1),
                         {"what": f"«{word}» с заглавной буквы посреди предложения", "it": "ним"}))
        for at, (start, end) in stops.items():
            payment = " ".join(text[start:end].split())
            hits.append((at, start, end, {"what": f"оплата «{payment}:» посреди предложения", "it": "ней"}))
        for at, start, end, params in sorted(hits, key=lambda hit: hit[1]):
            yield Hit(start, end, params,
                      fix=unsafe_fix("поставить точку перед новой особенностью", replace(at, at, ".")))


def stops_missing_before_payments(ctx) -> list[tuple[int, tuple[int, int]]]:
    """(where the full stop is missing, the payment's span) for each feature that the reader
    starts at a payment (114) right after another feature on the same line with no sentence end
    between them: «…(1 раз за ход) {tap}: …», «Ярость 1 {tap}: …» (the reader reads «1» alone,
    BJ001). Not after an errata marker «[Эррата …]» or an icon (a payment's icons spaced apart,
    «{instant} {tap} :», may be read as two features). A payment after a granting word («получает {tap}: …») is a granted feature that lost
    its quotes, not a new one."""
    text = ctx.text
    features = sorted(ctx.features or (), key=lambda feature: feature.span)
    out = []
    for before, feature in zip(features, features[1:]):
        pay = feature.payment_span
        if pay is None or pay[0] != feature.span[0] or before.span[1] <= before.span[0]:
            continue
        gap = text[before.span[1]:pay[0]]
        last = text[before.span[1] - 1]
        if gap.strip() or "\n" in gap or last in ".!?:;,—–-«\"([]}" or last.isspace():
            continue      # «[Эррата …] {tap}:» is a marker; «{instant} {tap} :» one spaced payment
        words = _CYRILLIC_RUN.findall(text, before.span[0], before.span[1])
        if words and _grants(words[-1]):
            continue
        out.append((before.span[1], pay))
    return out


# Latin letters that look like a Russian one-letter word (X stays: it is the variable)
_LONE_LATIN = {"a": "а", "c": "с", "o": "о", "y": "у", "k": "к", "A": "А", "B": "В", "C": "С", "K": "К",
               "O": "О", "Y": "У"}
_LONE_RE = re.compile(r"([acoykABCKOY])(?<![\w{}\-].)(?![\w{}\-])")   # (look-behind: see _ABSTRACT_RE)
_CYRILLIC_WORD = re.compile(r"[А-ЯЁа-яё]{2,}")


class LoneLatinLetter(Rule):
    """Латинская буква вместо русского однобуквенного слова.

    Что находит:
        Отдельно стоящую латинскую букву, похожую на русский предлог, союз
        или частицу, среди русских слов: «c кладбища» (латинская c), «y
        существа», «o себе», «a затем». Переменная X не находится (её
        проверяет BJ504), значки тоже.
    Почему это важно:
        Для читателя и поиска «c» — не предлог «с»: «взять c кладбища» не
        находится по словам «с кладбища», и чтение фразы может сломаться.
    Плохо:
        {tap}: вернуть существо c кладбища в руку.
    Хорошо:
        {tap}: вернуть существо с кладбища в руку.
    """

    code = "BJ514"
    name = "lone-latin-letter"
    severity = Severity.WARNING
    fix_applicability = "safe"
    message = "латинская «{letter}» вместо русской «{russian}»"

    def check(self, ctx):
        text = ctx.text
        masked = mask_icons(text)
        for match in _LONE_RE.finditer(masked):
            letter = match.group(1)
            before = masked[max(0, match.start() - 30):match.start()].split()
            after = masked[match.end():match.end() + 30].split()
            near = (before[-1:] if before else []) + (after[:1] if after else [])
            if not near or not all(_CYRILLIC_WORD.search(w) for w in near[-1:]) \
                    or not any(_CYRILLIC_WORD.search(w) for w in near):
                continue
            if letter.isupper() and not _sentence_start(masked, match.start()):
                continue  # a capital mid-sentence is a variable or a label («а Y — значение …»)
            russian = _LONE_LATIN[letter]
            yield Hit(match.start(), match.end(), {"letter": letter, "russian": russian}, suggestion=russian,
                      fix=safe_fix(f"заменить на русскую «{russian}»", replace(match.start(), match.end(), russian)))
