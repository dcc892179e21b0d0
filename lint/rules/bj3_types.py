"""Ability types, icons and payments (114–116)."""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

from berserk_judge.cardbase.icons import unique_mark_span, CLIENT_MARKS, IDENTIFIED_ICONS, KNOWN_ICONS, UNIDENTIFIED_ICONS, find_icons, find_marks, icon_names
from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import replace, safe_fix, unsafe_fix
from berserk_judge.lint.rule import Hit, Rule
from berserk_judge.parser.engine.tokens import Kind
from berserk_judge.lint.rules._text import WORD_RE, is_known, mask_quoted, name_words, segments

ABILITY_TYPES = (
    "заклинание", "воздействие", "разряд", "выстрел", "метание", "добивание",
    "особый", "магический",  # «особый удар», «магический удар»
)


_NEUTER = ("ие", "ия", "ию", "ием", "ии", "ий", "иям", "иями", "иях")
_MASC = ("", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах")
_ADJ = ("ый", "ий", "ого", "ому", "ым", "ом", "ая", "ой", "ую", "ое", "ые", "ых", "ыми", "им", "ими", "их")
_TYPE_FORMS = frozenset(
    [k[:-2] + e for k in ("заклинание", "воздействие", "метание", "добивание") for e in _NEUTER]
    + [k + e for k in ("разряд", "выстрел") for e in _MASC]
    + [k[:-2] + e for k in ("особый", "магический") for e in _ADJ]
)


class AbilityTypeTypo(Rule):
    """Неизвестное слово, похожее на тип способности.

    Что находит:
        Слово, которого нет в словаре, но которое отличается одной-двумя
        буквами от типа способности: Заклинание, Воздействие, Разряд, Выстрел,
        Метание, Добивание, Особый удар, Магический удар.
    Почему это важно:
        Тип способности решает, какие защиты и запреты к ней применяются
        (защита от заклинаний, от выстрелов, ...). «Воздействине» не
        распознаётся как воздействие, и особенность читается без типа.
    Плохо:
        {tap}: Воздействине «дар силы» — свести {strike} вашего существа к сильному.
    Хорошо:
        {tap}: Воздействие «дар силы» — свести {strike} вашего существа к сильному.
    """

    code = "BJ301"
    fix_applicability = "unsafe"
    name = "ability-type-typo"
    severity = Severity.ERROR
    rules = ("114", "116")
    message = "«{word}» — нет такого слова; похоже на тип способности «{type}»"

    def check(self, ctx):
        masked = mask_quoted(ctx.text, parens=False)
        if not _any_typo(_long_runs(masked)):
            return  # no word is a typo of a type (most cards): nothing to look at word by word
        own = name_words(ctx.card.name)
        for match in WORD_RE.finditer(masked):
            word = match.group(0)
            low = word.lower()
            if len(low) < 5 or low in own or "-" in low:
                continue
            kind = _typo_of(low)
            if kind is None:
                continue
            shown = kind.capitalize() if word[0].isupper() else kind
            rest = low[len(kind):]
            if low.startswith(kind) and len(rest) >= 2 and is_known(rest):
                # a type word glued to the next one: «заклинаниене является» → «заклинание не»
                at = match.start() + len(kind)
                fix = unsafe_fix(f"вставить пробел: «{word[:len(kind)]} {word[len(kind):]}»",
                                 replace(at, at, " "))
            else:
                fix = unsafe_fix(f"заменить на «{shown}»", replace(match.start(), match.end(), shown))
            yield Hit(match.start(), match.end(), {"word": word, "type": shown}, suggestion=shown, fix=fix)


# the runs of five letters or more: every word below that can be a typo (five letters, no hyphen)
# is one of them, so a card none of them is a typo of has none
_LONG_RUN_RE = re.compile(r"[^\W\d_]{5,}")
# the same runs found faster: a run of word characters is most often letters alone
_LONG_WORD_RE = re.compile(r"\w{5,}+")   # possessive: a run never gives back (the same runs, found faster)


def _long_runs(text: str) -> set[str]:
    """set(_LONG_RUN_RE.findall(text)): every run of five letters or more lies in a run of five word
    characters or more; one of letters alone is itself a run, any other is searched again."""
    out = set()
    for run in _LONG_WORD_RE.findall(text):
        if run.isalpha():
            out.add(run)
        else:
            out.update(_LONG_RUN_RE.findall(run))
    return out


# Words as written that are no typo of a type: a base repeats its words, so a card's words are
# told apart from those already judged by one set difference rather than a look-up each.
# Bounded, for a long-lived language server.
_NO_TYPO: set[str] = set()
_NO_TYPO_LIMIT = 200_000


def _any_typo(words: set[str]) -> bool:
    """Some word (as written) is a typo of an ability type."""
    fresh = words - _NO_TYPO
    if any(len(word) >= 5 and _typo_of(word.lower()) for word in fresh):
        return True
    if len(_NO_TYPO) >= _NO_TYPO_LIMIT:
        _NO_TYPO.clear()
    _NO_TYPO.update(fresh)
    return False


@lru_cache(maxsize=1)
def _rapidfuzz():
    """(process.extract, Levenshtein.distance), imported when the first new word is judged."""
    from rapidfuzz import process
    from rapidfuzz.distance import Levenshtein

    return process.extract, Levenshtein.distance


@lru_cache(maxsize=65536)
def _typo_of(low: str) -> str | None:
    """The ability type a lower-case word is a typo of, or None. Words repeat
    across a base, so each is judged once; the distances to the eight types are
    measured in one rapidfuzz call (a Python loop over them cost a base of
    10,000 distinct cards a second)."""
    extract, distance = _rapidfuzz()
    best = None   # (distance, index in ABILITY_TYPES): the nearest type, the first of equals
    for kind, d, index in extract(low, ABILITY_TYPES, scorer=distance, score_cutoff=2, limit=None):
        limit = 1 if len(kind) < 8 else 2
        if 0 < d <= limit and abs(len(kind) - len(low)) <= limit and (best is None or (d, index) < best):
            best = (d, index)
    if best is None or is_known(low) or low in _TYPE_FORMS:
        return None  # a dictionary word, or an inflection of a type word
    return ABILITY_TYPES[best[1]]


# a payment at a feature start: counts and icons, then ":" or "," (an action cost follows)
_PAYMENT_RE = re.compile(
    r"(?P<pay>(?:(?:[XХ]|\d+)\s*)?\{[^{}\n]*\}\d*(?:\s*(?:(?:[XХ]|\d+)\s*)?\{[^{}\n]*\}\d*)*)\s*(?P<sep>[:,])"
)
_PAYMENT_ITEM_RE = re.compile(r"(?P<count>[XХ]|\d+)?\s*\{(?P<icon>[^{}\n]*)\}(?P<after>\d+)?")
_PAYMENT_FIRST = frozenset("{XХ")   # what _PAYMENT_RE's first character can be, besides a digit (\d)
_QUOTE_OPENING_RE = re.compile(r"[«\"]\s*")
_LABEL_ICONS = {"first", "second"}
_COUNTABLE = {"counter", "token", "health"}


class PaymentOrIcon(Rule):
    """Неверная оплата или неизвестный значок.

    Что находит:
        Значок в фигурных скобках, которого нет в списке значков ({tpa},
        {Tap}, { tap }), незакрытую фигурную скобку, и оплату, записанную
        не по образцу 114/115: {instant} не первым, один значок дважды,
        число перед {tap} или {instant}, оплату без эффекта после «:».
    Почему это важно:
        Оплата — то, что стоит перед «:» разыгрываемой особенности (114);
        по ней судья решает, можно ли особенность объявить. Неизвестный
        значок программа не сможет ни показать, ни проверить, а
        {instant} не первым (115) не даёт понять, внезапное ли это действие.
    Плохо:
        {tap}{instant}: ранить цель на {tpa}.
    Хорошо:
        {instant}{tap}: ранить цель на 1.
    """

    code = "BJ302"
    name = "payment-or-icon"
    severity = Severity.ERROR
    rules = ("114", "115")
    message = "{what}"

    def check(self, ctx):
        text = ctx.text
        for name, start, end in find_icons(text) if "{" in text and not _all_known(text) else ():
            if name in KNOWN_ICONS:
                continue
            close = difflib.get_close_matches(name.strip().lower(), sorted(KNOWN_ICONS), n=1, cutoff=0.5)
            hint = f"; возможно, {{{close[0]}}}" if close else ""
            yield Hit(start, end, {"what": f"неизвестный значок {{{name}}}{hint}"},
                      suggestion=f"{{{close[0]}}}" if close else None)
        braces = ("{" in text or "}" in text) and not _WELL_FORMED_ICONS.fullmatch(text)
        for line_start, line in _lines(text) if braces else ():   # only a text with a stray brace
            depth = 0
            for brace in _BRACE_RE.finditer(line):
                i, ch = brace.start(), brace.group()
                if ch == "{":
                    if depth:
                        yield Hit(line_start + i, line_start + i + 1,
                                  {"what": "фигурная скобка «{» внутри значка; значок не закрыт"})
                    depth = 1
                    opened = i
                elif ch == "}":
                    if not depth:
                        yield Hit(line_start + i, line_start + i + 1,
                                  {"what": "лишняя «}»: нет открывающей «{» значка"})
                    depth = 0
            if depth:
                yield Hit(line_start + opened, line_start + opened + 1,
                          {"what": "незакрытый значок: нет «}»"})
        for start, end, items, sep_at in payments(text):
            yield from _check_payment(text, start, end, items, sep_at)


def _all_known(text: str) -> bool:
    """Every icon of the text is a known one (most cards): one findall and a set test."""
    return KNOWN_ICONS.issuperset(icon_names(text))

_BRACE_RE = re.compile(r"[{}]")
# every "{" closed by a "}" on its line before any other brace: none of the brace messages applies
_WELL_FORMED_ICONS = re.compile(r"[^{}]*(?:\{[^{}\n]*\}[^{}]*)*")


def _lines(text):
    offset = 0
    for line in text.split("\n"):
        yield offset, line
        offset += len(line) + 1


def payments(text: str):
    """(start, end, [(count, icon, after, start, end)], separator offset) of each
    payment that opens a feature (a line, a sentence or a quoted granted feature)."""
    out = []
    if "{" not in text:
        return out  # a payment is made of icons
    starts = {seg.start + (len(seg.text) - len(seg.text.lstrip())) for seg in segments(text)}
    for match in _QUOTE_OPENING_RE.finditer(text):  # granted features: получает «{tap}: ...»
        starts.add(match.end())
    for at in sorted(starts):
        if text[at:at + 1] not in _PAYMENT_FIRST and not text[at:at + 1].isdecimal():
            continue   # a payment opens with an icon, a count or X (_PAYMENT_RE): most features do not
        match = _PAYMENT_RE.match(text, at)
        if not match:
            continue
        items = [(m.group("count"), m.group("icon"), m.group("after"), at + m.start(), at + m.end())
                 for m in _PAYMENT_ITEM_RE.finditer(match.group("pay"))]
        if items and all(icon in _LABEL_ICONS for _, icon, _, _, _ in items):
            continue  # {first}: / {second}: are labels, not payments
        out.append((match.start("pay"), match.end("pay"), items, match.start("sep")))
    return out


def _check_payment(text, start, end, items, sep_at):
    icons = [icon for _, icon, _, _, _ in items]
    if "instant" in icons and icons[0] != "instant":
        at = next(s for _, icon, _, s, _ in items if icon == "instant")
        yield Hit(at, at + len("{instant}"),
                  {"what": "в оплате {instant} не первым; внезапное действие начинается с {instant} (115)"})
    seen = set()
    for count, icon, after, s, e in items:
        if icon in ("tap", "instant") and icon in seen:
            yield Hit(s, e, {"what": f"в оплате значок {{{icon}}} дважды"})
        seen.add(icon)
        if count and icon in ("tap", "instant"):
            yield Hit(s, e, {"what": f"в оплате число «{count}» перед {{{icon}}}; "
                                     "считать можно фишки, жетоны, жизни, а не поворот"})
        if after and icon in ("tap", "instant", "counter", "token"):
            yield Hit(s, e, {"what": f"в оплате число «{after}» после {{{icon}}}; "
                                     f"количество пишется перед значком: {after}{{{icon}}}"},
                      suggestion=f"{after}{{{icon}}}")
    if text[sep_at] == ":":
        line_end = text.find("\n", sep_at + 1)  # not a copy of the rest of the text: one per payment
        line_rest = text[sep_at + 1:line_end if line_end >= 0 else len(text)].strip()
        if not line_rest or line_rest in (".", "»", '"'):
            yield Hit(start, sep_at + 1, {"what": "после оплаты нет эффекта"})


class PaymentWithoutColon(Rule):
    """Оплата из значков без двоеточия.

    Что находит:
        Особенность, которая начинается с оплаты из значков ({tap},
        {counter}{tap}, {instant}{tap}, …), но после оплаты нет «:».
    Почему это важно:
        Разыгрываемая особенность пишется «[оплата]: [эффект]» (114). Без
        «:» оплату легко принять за часть эффекта, а особенность — за
        постоянную; программа читает её как разыгрываемую с опечаткой.
        Вставка «:» не меняет чтения.
    Плохо:
        {tap} Метание на 1-1-2.
    Хорошо:
        {tap}: Метание на 1-1-2.
    """

    code = "BJ304"
    fix_applicability = "safe"
    name = "payment-without-colon"
    severity = Severity.ERROR
    rules = ("114",)
    needs_features = True
    message = "после оплаты «{payment}» нет «:»; разыгрываемая особенность пишется «[оплата]: [эффект]» (114)"

    def check(self, ctx):
        return missing_colon_hits(ctx, "payment", "оплаты")


def missing_colon_hits(ctx, part: str, genitive: str):
    """A hit per feature whose `part` («payment», «label») the reader found without its «:»
    (`<part>_missing_colon`), with the safe fix that inserts it (BJ304, BJ306)."""
    for feature in ctx.all_features:
        at = getattr(feature, f"{part}_missing_colon", None)
        span = getattr(feature, f"{part}_span", None)
        if at is None or span is None:
            continue
        words = ctx.text[span[0]:span[1]]
        # «{tap}Ж выстрел …»: the «:» typed with the Russian layout on, replaced rather than added
        typo = 1 if ctx.text[at:at + 1] in ("Ж", "ж") else 0
        title = f"заменить «{ctx.text[at]}» на «:» (набрано в русской раскладке)" if typo \
            else f"вставить «:» после {genitive}"
        yield Hit(span[0], at + typo, {part: words}, suggestion=f"{words}:",
                  fix=safe_fix(title, replace(at, at + typo, ":")))


class UnidentifiedIcon(Rule):
    """Значок, смысл которого не установлен, или метка онлайн-клиента без значка.

    Что находит:
        Значки, встречающиеся в настоящих картах, но не опознанные:
        {wolf}, {human}, {tok}, {atk}, {attack}, {zozl}; и метки текстов
        из онлайн-клиента вида [:unq], [:fly], для которых значка нет
        (метки со значком, [:tap], импорт сам заменяет на {tap}).
    Почему это важно:
        Программа их принимает, но не знает, что они значат; текст с ними
        нельзя проверить до конца. {zozl}, вероятно, опечатка в {zoz},
        {tok} — в {token}; [:unq] значит «уникальная карта», [:fly] —
        «полёт»: это слова, а не значки («получает [:fly]» пишется
        «получает полёт»).
    Плохо:
        Получает {zozl}.
    Хорошо:
        Получает {zoz}.
    """

    code = "BJ303"
    name = "unidentified-icon"
    severity = Severity.INFO
    rules = ()
    message = "{what}"

    def check(self, ctx):
        text = ctx.text
        for name, start, end in find_icons(text) if "{" in text and not _identified(text) else ():
            if name in UNIDENTIFIED_ICONS:
                close = difflib.get_close_matches(name, sorted(IDENTIFIED_ICONS), n=1, cutoff=0.6)
                hint = f"; возможно, {{{close[0]}}}" if close else ""
                yield Hit(start, end, {"what": f"значок {{{name}}} не опознан{hint}"},
                          suggestion=f"{{{close[0]}}}" if close else None)
        unique = unique_mark_span(ctx.text) if "[:" in ctx.text else None
        for name, start, end in find_marks(ctx.text) if "[:" in ctx.text else ():
            if unique is not None and unique[0] <= start < unique[1]:
                continue      # «[:unq].» opening the text is the card's uniqueness, not a mark in it (spec §1)
            if name in IDENTIFIED_ICONS:
                yield Hit(start, end, {"what": f"метка онлайн-клиента [:{name}] — это значок {{{name}}}"},
                          suggestion=f"{{{name}}}")
                continue
            if name in _MARK_WORDS:
                meaning, suggestion = _MARK_WORDS[name], _mark_word(ctx.text, name, start)
            else:
                meaning, suggestion = CLIENT_MARKS.get(name), None
            what = (f"метка онлайн-клиента [:{name}] — {meaning}; значка для неё нет"
                    if meaning else f"метка онлайн-клиента [:{name}] не опознана; значка для неё нет")
            yield Hit(start, end, {"what": what}, suggestion=suggestion)


def _identified(text: str) -> bool:
    """Every icon of the text is an identified one (most cards): one findall and a set test."""
    return IDENTIFIED_ICONS.issuperset(icon_names(text))


# what a client mark without an icon means, in the words a card writes (cardbase's CLIENT_MARKS
# names the card fields for the importer)
_MARK_WORDS = {
    "unq": "уникальная карта: это свойство карты, а не текст особенности",
    "fly": "полёт: в тексте он пишется словом («получает полёт», «существо с полётом»), "
           "а летающее существо — это тип карты, а не текст",
}
_GETS = re.compile(r"(?:получ|тер|потер|име)[^\W\d_]*\s+$", re.I)
_WITH = re.compile(r"(?<![^\W\d_])(?:с|со)\s+$", re.I)


def _mark_word(text: str, name: str, start: int) -> str | None:
    """The word for a mark where its place decides the form: «получает [:fly]» → «полёт»,
    «с [:fly]» → «полётом»; elsewhere (a type, «по [:fly]») no single word fits."""
    if name != "fly":
        return None
    before = text[max(0, start - 30):start]
    if _GETS.search(before):
        return "полёт"
    if _WITH.search(before):
        return "полётом"
    return None


class MalformedHeading(Rule):
    """Заголовок способности не по образцу «[тип] «имя» — [эффект]».

    Что находит:
        Тип способности с именем перед эффектом, записанные не по образцу
        114.1/115.1/116.1: имя без кавычек и без тире после него
        («{tap}: Воздействие сладострастная аура существо получает …» —
        где кончается имя и начинается эффект, программа угадывает, и
        сообщение называет её догадку), имя без кавычек перед тире
        («Заклинание гипноз — …»), имя в кавычках без тире после него
        («Заклинание «гипноз» закрыть …»), а также заголовок, которого
        программа не смогла отделить вовсе («{tap}: Воздействие ловушка
        следующее существо, …, закрывается»: весь текст остаётся одной
        способностью вместе с типом и именем — тогда исправления нет,
        сообщение называет первые слова). Тип и имя в скобках после
        эффекта («… (воздействие «удар молота»)») не находятся.
        Исправление ставит кавычки и тире: когда граница имени ясна (тире
        или кавычки уже есть), оно безопасное и `--fix` его применяет;
        когда граница угадана — небезопасное (--unsafe-fixes): просмотрите.
    Почему это важно:
        Правила записывают особенность как «[оплата]: [тип способности] —
        [описание эффекта]» (114.1, 115.1) или «[условие] — [тип] —
        [эффект]» (116.1): кавычки отделяют имя, тире — эффект. Без них
        граница имени и эффекта — догадка: первое слово эффекта может
        попасть в имя, а последнее слово имени — стать началом эффекта.
    Плохо:
        {tap}: Воздействие дар силы свести {strike} вашего существа к сильному.
    Хорошо:
        {tap}: Воздействие «дар силы» — свести {strike} вашего существа к сильному.
    """

    code = "BJ305"
    fix_applicability = "unsafe"
    name = "malformed-heading"
    severity = Severity.WARNING
    rules = ("114.1", "115.1", "116.1")
    needs_features = True
    message = "{what}; по 114.1/116.1 пишется «{type} «имя» — эффект»"

    def check(self, ctx):
        text = ctx.text
        for feature in ctx.all_features:
            kind_span, name_span = feature.ability_type_span, feature.effect_name_span
            if kind_span is None or name_span is None or feature.effect_span[1] <= feature.effect_span[0]:
                continue
            effect = feature.effect_span[0]
            if name_span[1] > effect or kind_span[1] > name_span[0]:
                continue      # «… (воздействие «удар молота»)»: the type and name annotate the effect
            cond = feature.condition_span
            # what follows the heading: the effect, or a condition after it («{instant}{tap}:
            # Воздействие «черная метка» — когда … — …», 115.1)
            after = cond[0] if cond is not None and name_span[1] <= cond[0] < effect else effect
            kind, name = text[kind_span[0]:kind_span[1]], feature.effect_name
            words = _first_words(text, after)
            if ":" in text[name_span[1]:after]:
                continue      # «воздействие «интриги»:» opens a list of cases
            # the dash that ends the heading stands after the name («При атаке — Заклинание морок существо …»:
            # the condition's dash is before the heading, and the name has none)
            dashed = feature.dash_before_effect and any(
                name_span[1] <= sep[0] <= after and mark in "—–-" for sep, mark in feature.separators)
            if not feature.effect_name_quoted:
                if dashed:
                    what = f"имя «{name}» не в кавычках"
                    fix = safe_fix(f"взять имя в кавычки: «{name}»", *_quote_edits(text, name_span, kind_span))
                else:
                    what = (f"имя без кавычек и без «—» после него: программа угадала имя «{name}», "
                            f"а за ним — «{words}»")
                    fix = _guessed_fix(text, name_span, after, name, kind_span)
                start, end = kind_span[0], name_span[1]
            elif not dashed:
                closing = _closing_quote(text, name_span[1])
                if closing is None:
                    continue
                what = f"после имени «{name}» нет «—» перед «{words}»"
                fix = _dash_fix(text, closing, after)
                start, end = kind_span[0], closing
            else:
                continue
            yield Hit(start, end, {"what": what, "type": kind}, fix=fix)
        for feature in ctx.all_features if _HEADING_STEMS.search(text) else ():
            for start, end, kind, shown in _unseparated_headings(text, feature):
                what = (f"имя без кавычек и без «—» после него; где оно кончается, не угадать, и "
                        f"«{shown}…» прочитано вместе с эффектом")
                yield Hit(start, end, {"what": what, "type": kind})


# «заклинани», «воздействи» in any case: (?i:заклинани|воздействи), but opening with a character class
# that the regex engine scans for in C (an alternation under re.I is tried at every position); «ᲀ»
# (U+1C80, a rounded «в») is one of the letters re.I takes for «в»
_HEADING_STEMS = re.compile(r"[зЗвВᲀ](?:(?<=[зЗ])(?i:аклинани)|(?<=[вВᲀ])(?i:оздействи))")
# an ability type opening an ability's words, then a word that is neither a quote nor a separator
_BARE_TYPE = re.compile(r"\s*(заклинание|воздействие)[ \t]+(?=[а-яёa-z])", re.I)


def _unseparated_headings(text: str, feature):
    """Atoms opening with «Воздействие …»/«Заклинание …» whose heading the reader could not
    separate (no quotes, no dash, no name it dared to guess): the type stays in the ability's
    words; so too a type run together with the name («Воздействиеисполинский рост …», which
    BJ511's space alone would turn into the first). A type that is a sentence's subject is no
    heading (the reader's pattern type-as-subject); an infinitive («Воздействие украсть оружие
    …») is the name's. Yields the span of the type and the two words after it, and those
    words as written."""
    if not _HEADING_STEMS.search(feature.text):
        return                # the cheap test: most features name no heading type at all
    # imported here, past the test: at module level they loaded the reader for a lint of no card
    # (0.26 G instructions more to start `lint` on an empty folder)
    from berserk_judge.parser.reader.classify import glued_type_at
    from berserk_judge.parser.reader.patterns import type_as_subject
    from berserk_judge.parser.reader.words import PREPOSITIONS

    headed = feature.ability_type_span
    for token in feature.tokens:
        if token.kind is not Kind.ATOM or (headed is not None and token.start <= headed[0] < token.end):
            continue
        m = _BARE_TYPE.match(text, token.start, token.end)
        kind = m.span(1) if m is not None else glued_type_at(text, token.start, token.end)
        if kind is None:
            continue
        after = list(_WORD_AFTER.finditer(text, kind[1], token.end))[:2]
        first = after[0].group().lower() if after else ""
        if not first or first in PREPOSITIONS or type_as_subject(first):
            continue      # «Заклинание действует …», «Воздействие невозможно …»: a sentence
        yield kind[0], after[-1].end(), text[kind[0]:kind[1]], " ".join(text[kind[0]:after[-1].end()].split())


_WORD_AFTER = re.compile(r"[а-яёa-z0-9-]+", re.I)


def _first_words(text: str, at: int) -> str:
    """The first two words after the heading, as the message quotes them («существо получает…»)."""
    words = text[at:at + 60].split()
    shown = " ".join(words[:2]).rstrip(".,;:")
    return shown + ("…" if len(words) > 2 else "")


def _opening(name: tuple[int, int], kind: tuple[int, int]):
    """The opening quote; a space first when the type is glued to the name («воздействиепеснь»)."""
    return replace(name[0], name[0], " «" if kind[1] == name[0] else "«")


def _quote_edits(text: str, name: tuple[int, int], kind: tuple[int, int]):
    return _opening(name, kind), replace(name[1], name[1], "»")


def _guessed_fix(text: str, name: tuple[int, int], effect: int, shown: str, kind: tuple[int, int]):
    """«Воздействие «имя» — эффект» at the reader's guess: unsafe, the guess may be wrong."""
    gap = text[name[1]:effect]
    if gap.strip() or "\n" in gap:
        return None
    return unsafe_fix(f"взять «{shown}» в кавычки и поставить «—» после имени (граница угадана)",
                      _opening(name, kind), replace(name[1], effect, "» — "))


def _closing_quote(text: str, name_end: int) -> int | None:
    """The offset just after the quote that closes the name (the name's span holds the words)."""
    at = name_end
    while at < len(text) and text[at] == " ":
        at += 1
    return at + 1 if at < len(text) and text[at] in "»\"" else None


def _dash_fix(text: str, closing: int, effect: int):
    gap = text[closing:effect]
    if gap.strip() or "\n" in gap:
        return None
    return safe_fix("поставить «—» между именем и эффектом", replace(closing, effect, " — "))
