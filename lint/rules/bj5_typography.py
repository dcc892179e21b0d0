"""Typography: dashes, brackets, mixed alphabets, spaces, quotes."""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import replace, safe_fix
from berserk_judge.lint.rule import Hit, Rule
from berserk_judge.lint.rules._text import (
    CYRILLIC, DASHES, LATIN, TRIGGER_RE, WORD_RE, X_RE, hyphenated, is_known, mask_icons, segments, shorten,
)

# a hyphen between spaces (one or more on either side: «При гибели -  ранить» is one fault, not
# a dash after two spaces), with a word, a number, an icon or a mark on both sides
_HYPHEN_DASH_RE = re.compile(r" (?<=[^\s\-] ) *(-{1,2}) +(?=[^\s\-])")   # (look-behind: see _NO_SPACE_RE)


class HyphenAsDash(Rule):
    """Дефис вместо тире между словами.

    Что находит:
        Дефис «-», окружённый пробелами, между словами или значками: «При
        гибели - ранить», «При {strike} - может …», «При гибели -  ранить»
        (два пробела — отдельная находка BJ505); и дефис вплотную к словам там, где чтение видит тире (после условия,
        названия или «если …», как связку): «В начале хода-ваше существо …»,
        «если выпало 2-ранить …». Дефисы в словах («герой-воин») и числах
        («1-2-2») не отмечаются.
    Почему это важно:
        Тире здесь — знак грамматики текста: оно отделяет условие срабатывания
        от эффекта (116) или связывает способности как «при этом» (505.4.1).
        Дефис читатель и программа принимают за часть слова или минус;
        к тому же в базе появляется третье написание одного знака.
    Плохо:
        При гибели - ранить стоящее рядом существо на 1.
        В начале вашего хода-ваше существо получает +1 к {strike}.
    Хорошо:
        При гибели — ранить стоящее рядом существо на 1.
        В начале вашего хода — ваше существо получает +1 к {strike}.
    """

    code = "BJ501"
    fix_applicability = "safe"
    name = "hyphen-as-dash"
    severity = Severity.WARNING
    message = "дефис «{hyphen}» между словами; здесь нужно тире «—»"

    def check(self, ctx):
        text = ctx.text
        for match in _HYPHEN_DASH_RE.finditer(text) if " -" in text else ():
            left, right = text[match.start() - 1], text[match.end()]
            if left.isdigit() and right.isdigit():
                continue  # a range "1 - 2"
            yield Hit(match.start(1), match.end(1), {"hyphen": match.group(1)}, suggestion="—",
                      fix=safe_fix("заменить дефис на тире «—»", replace(match.start(1), match.end(1), "—")))
        if "-" in ctx.text and ctx.features is not None:
            yield from self._glued(ctx)

    def _glued(self, ctx):
        """A hyphen between two words that the reader took for a dash (classify.glued_dash,
        glued_dashes): a condition's, a heading's or a case's separator, or a connective token."""
        text = ctx.text
        seen: set[int] = set()
        for feature in ctx.all_features:
            spans = [span for span, mark in feature.separators if mark == "-"]
            for tok in feature.tokens or ():
                kind = tok.kind.value
                if kind == "COND":
                    spans.append((tok.end - 1, tok.end))      # the case's own dash closes its token
                elif kind != "ATOM" and text[tok.start:tok.end].strip(" ,;") == "-":
                    spans.append((tok.start, tok.end))   # a dash standing for «при этом»
                elif kind == "ATOM" and "-" in text[tok.start:tok.end]:
                    spans.extend(_moment_dash(text, tok.start, tok.end))   # «при гибели дракона-вернуть …»
            for start, end in spans:
                for p in range(start, end):
                    if text[p] == "-" and 0 < p < len(text) - 1 and text[p - 1].isalnum() \
                            and text[p + 1].isalpha() and p not in seen:
                        seen.add(p)
                        yield Hit(p, p + 1, {"hyphen": "-"}, suggestion=" — ",
                                  fix=safe_fix("заменить дефис на тире «—»", replace(p, p + 1, " — ")))


def _moment_dash(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Where the dash of an in-effect moment opening an atom stands («…, при сильном разряде-атакованный
    получает …»: the moment and its dash open the ability's words, spec §2), as a span to look for a
    tight hyphen in; [] when the atom opens with no moment."""
    if text[start:start + 1].lower() not in "пвк":
        return []             # при / после / в начале / в конце / когда: most atoms open with none
    from berserk_judge.parser.reader.classify import glued_dashes
    from berserk_judge.parser.reader.patterns import moment_extent
    from berserk_judge.parser.reader.words import items

    seq = glued_dashes(text, items(text, start, end, []))   # as the segmenter splits «разряде-атакованный»
    dash = moment_extent(seq, 0) if seq else None
    return [(seq[dash].start, seq[dash].end)] if dash is not None else []


# roles a dash plays, in the user's words
ROLE_NAMES = {
    "name": "после названия способности",
    "condition": "после условия срабатывания",
    "case": "после условия «если …»",
    "connective": "в роли связки «при этом»",
    "fallback": "в связке «в противном случае —»",
    "opponent": "после «если противник не может или не хочет»",
    "definition": "в пояснении «где X — …»",
}


_DASH_RE = re.compile(f"[{''.join(DASHES)}]")


KEPT_FROM = 4096   # characters: shorter texts are counted again, longer ones kept


def dash_roles(text: str) -> tuple[tuple[int, str, str], ...]:
    """(offset, dash, role) for every em/en dash of a text. A card's text is
    counted again each time (5 µs; a cached lookup is 0.6 µs, but the
    language server keeps each card's marks itself, and 20,000 cached texts
    held 2.2 MB of it); a long text (the language server's other files, each
    joined into one) is kept, since it is counted again on every edit and
    rarely changes."""
    if len(text) < KEPT_FROM:
        return tuple(_dash_roles(text))
    return _kept_dash_roles(text)


@lru_cache(maxsize=1024)
def _kept_dash_roles(text: str) -> tuple[tuple[int, str, str], ...]:
    return tuple(_dash_roles(text))


def _dash_roles(text: str) -> list[tuple[int, str, str]]:
    out: list[tuple[int, str, str]] = []
    if not any(dash in text for dash in DASHES):
        return out  # most lossy texts: hyphens only
    for seg in segments(text):
        first_dash_seen = False
        for found in _DASH_RE.finditer(seg.text):
            i, ch = found.start(), found.group()
            before = seg.text[:i].rstrip()
            clause_start = max(before.rfind(";"), before.rfind(":"), before.rfind(","), before.rfind("."))
            clause = before[clause_start + 1:].strip()
            low = before.lower()
            head = before[before.rfind(":") + 1:].lstrip() if ":" in before else seg.text.lstrip()
            if before.endswith(("»", '"')):
                role = "name"
            elif re.search(r"где\s+[XХ]$", before):
                role = "definition"
            elif low.endswith(("в противном случае", "иначе")):
                role = "fallback"
            elif re.search(r"не\s+может\s+или\s+не\s+хочет(?:\s+этого\s+сделать)?$", low):
                role = "opponent"
            elif not first_dash_seen and TRIGGER_RE.match(head) and before.count(":") <= 1:
                role = "condition"
            elif re.match(r"(?i)если(?![\w-])", clause):
                role = "case"
            else:
                role = "connective"
            first_dash_seen = True
            out.append((seg.start + i, ch, role))
    return out


class InconsistentDash(Rule):
    """Разные тире в одной роли в пределах базы карт.

    Что находит:
        Тире «—» и «–» в одной и той же роли (после условия срабатывания,
        после названия способности, после «если …», как связка «при этом»)
        в разных картах базы. Отмечаются тире, которых в этой роли меньшинство.
    Почему это важно:
        В правилах у тире две разные работы: разделитель условия и эффекта
        и связка, равная «при этом» (505.4.1). Если база пишет каждую роль
        одним знаком, читатель различает их с первого взгляда; смешение
        делает эту разницу случайной.
    Плохо:
        При гибели — ранить цель на 1.
        При атаке – ранить цель на 2.
    Хорошо:
        При гибели — ранить цель на 1.
        При атаке — ранить цель на 2.
    """

    code = "BJ502"
    fix_applicability = "safe"
    name = "inconsistent-dash"
    severity = Severity.INFO
    base_wide = True
    message = "тире «{dash}» {role}; в базе в этой роли обычно «{usual}» ({count} из {total})"

    def collect(self, ctx):
        return dash_roles(ctx.text)

    def judge(self, marks):
        by_role: dict[str, list] = defaultdict(list)
        for card, (offset, dash, role) in marks:
            by_role[role].append((card, offset, dash))
        for role, items in by_role.items():
            counts = Counter(dash for _, _, dash in items)
            if len(counts) < 2:
                continue
            # the majority; a tie goes to the em dash
            usual = max(counts, key=lambda d: (counts[d], d == "—"))
            for card, offset, dash in items:
                if dash != usual:
                    yield card, Hit(offset, offset + 1, {
                        "dash": dash, "role": ROLE_NAMES[role], "usual": usual,
                        "count": counts[usual], "total": len(items)}, suggestion=usual,
                        fix=safe_fix(f"заменить «{dash}» на «{usual}», обычное в базе",
                                     replace(offset, offset + 1, usual)))


_PAIRS = {"«": "»", "(": ")", "[": "]"}
_CLOSERS = {v: k for k, v in _PAIRS.items()}
_BRACKET_RE = re.compile(r"[«»()\[\]]")


class UnbalancedBrackets(Rule):
    """Непарные кавычки «» или скобки.

    Что находит:
        Открывающую «« или «(» без закрывающей, закрывающую без открывающей,
        нечётное число прямых кавычек.
    Почему это важно:
        Кавычки отделяют название способности и выданную особенность
        («получает «…»»), скобки — пояснения (тип способности, предел,
        длительность). Без пары неясно, где они кончаются, и остаток текста
        читается как часть названия или пояснения.
    Плохо:
        {tap}: Заклинание «гипноз — закрыть существо.
    Хорошо:
        {tap}: Заклинание «гипноз» — закрыть существо.
    """

    code = "BJ503"
    name = "unbalanced-brackets"
    severity = Severity.ERROR
    message = "{what}"

    def check(self, ctx):
        text = mask_icons(ctx.text)
        stack: list[tuple[str, int]] = []
        for bracket in _BRACKET_RE.finditer(text):
            i, ch = bracket.start(), bracket.group()
            if ch in _PAIRS:
                stack.append((ch, i))
            elif ch in _CLOSERS:
                opener = _CLOSERS[ch]
                if stack and stack[-1][0] == opener:
                    stack.pop()
                elif any(o == opener for o, _ in stack):
                    # close the matching one; what was open inside it stays unclosed
                    while stack and stack[-1][0] != opener:
                        o, at = stack.pop()
                        yield Hit(at, at + 1, {"what": f"незакрытая «{o}»: нет «{_PAIRS[o]}»"})
                    stack.pop()
                else:
                    yield Hit(i, i + 1, {"what": f"лишняя «{ch}»: нет открывающей «{opener}»"})
        for o, at in stack:
            yield Hit(at, at + 1, {"what": f"незакрытая «{o}»: нет «{_PAIRS[o]}»"})
        if text.count('"') % 2:
            at = text.rfind('"')
            yield Hit(at, at + 1, {"what": "непарная прямая кавычка «\"»"})


_HOMOGLYPHS = str.maketrans("aceopxyABCEHKMOPTXkmtb", "асеорхуАВСЕНКМОРТХкмтв")
_WORD_PART_RE = re.compile(r"[^\W\d_]+")


class MixedAlphabet(Rule):
    """Латинские буквы в русских словах; латинская X рядом с кириллической Х.

    Что находит:
        Слово, в котором кириллица смешана с латиницей («пpи» с латинской p),
        и текст, где переменная X записана то латинской X, то кириллической Х.
    Почему это важно:
        Такие слова выглядят правильно, но не находятся поиском и не
        узнаются читателем текста: «пpи» не станет условием срабатывания.
        Две разные буквы X в одном тексте — для программы две разные
        переменные, и X из оплаты не определит X эффекта (505.7).
    Плохо:
        X{counter}{tap}: ранить цель на Х.
    Хорошо:
        X{counter}{tap}: ранить цель на X.
    """

    code = "BJ504"
    fix_applicability = "safe"
    name = "mixed-alphabet"
    severity = Severity.WARNING
    message = "{what}"

    def check(self, ctx):
        text = mask_icons(ctx.text)
        for match in _WORD_PART_RE.finditer(text) if LATIN.search(text) else ():
            # each part of a hyphenated word alone: in «X-количество» the X is the variable,
            # which the check below keeps in one alphabet (made Cyrillic here, it would turn back)
            word = match.group(0)
            if LATIN.search(word) and CYRILLIC.search(word):
                fixed = word.translate(_HOMOGLYPHS)
                latin = "".join(sorted(set(LATIN.findall(word))))
                suggestion = fixed if not LATIN.search(fixed) else None
                fix = None if suggestion is None else safe_fix(
                    f"заменить латинские буквы кириллическими: «{fixed}»",
                    replace(match.start(), match.end(), fixed))
                yield Hit(match.start(), match.end(),
                          {"what": f"латинские буквы «{latin}» в слове «{word}»"}, suggestion=suggestion, fix=fix)
        xs = [(m.start(), m.group(1)) for m in X_RE.finditer(text)] if "X" in text or "Х" in text else []
        letters = Counter(ch for _, ch in xs)
        if len(letters) == 2:
            usual = xs[0][1]
            other_name = {"X": "латинская X", "Х": "кириллическая Х"}
            for at, ch in xs:
                if ch != usual:
                    yield Hit(at, at + 1, {
                        "what": f"{other_name[ch]} рядом с {other_name[usual].replace('ая', 'ой')} "
                                f"в том же тексте; пишите переменную одной буквой"}, suggestion=usual,
                              fix=safe_fix(f"писать переменную одной буквой: {other_name[usual]}",
                                           replace(at, at + 1, usual)))


_DOUBLE_SPACE_RE = re.compile(r"( (?<=\S ) +)(?=\S)")   # (look-behind: see _NO_SPACE_RE)
# «[:unq]» is a client mark (BJ303). Each look-behind here stands after the pattern's first
# character: a pattern that opens with a look-behind is tried at every position of the text, one
# that opens with a character is scanned for it in C (the same matches)
_NO_SPACE_RE = re.compile(r"([:,])(?<!\[.)(?=[^\W\d_]|\{)")
_TRAILING_RE = re.compile(r"[ \t]+$", re.M)
_LEADING_RE = re.compile(r"^[ \t]+(?=\S)|\A[ \t]+\Z", re.M)   # a text of spaces alone too


# only before a turn or fight: the adverb "вначале" ("at first") is a word of its own
_GLUED_TRIGGER_RE = re.compile(
    r"(?<![\w-])([Вв])(начале|конце)(?=\s+(?:хода|боя|вашего|этого|следующего|каждого|своего|его|её|ее|их)\b)")


class Spacing(Rule):
    """Лишние и пропущенные пробелы.

    Что находит:
        Два пробела подряд внутри строки, пробел в начале текста или строки
        и в конце строки, пропущенный
        пробел после «:» или «,» перед словом или значком и слитное «Вначале»
        / «Вконце» в условии срабатывания (116.3: «В начале …», «В конце …»).
    Почему это важно:
        «{tap}:Уничтожить» и двойные пробелы — следы склейки текста;
        пропущенный пробел после оплаты мешает видеть, где кончается оплата,
        а лишние пробелы делают тексты одинакового смысла разными при поиске
        и сравнении.
    Плохо:
        {tap}:ранить цель на 1,  затем закрыть её.
    Хорошо:
        {tap}: ранить цель на 1, затем закрыть её.
    """

    code = "BJ505"
    fix_applicability = "safe"
    name = "spacing"
    severity = Severity.WARNING
    message = "{what}"

    def check(self, ctx):
        text = ctx.text
        # each pattern needs a piece of text found in C first: most cards have none of them
        for match in _DOUBLE_SPACE_RE.finditer(text) if "  " in text else ():
            yield Hit(match.start(1), match.end(1),
                      {"what": f"{len(match.group(1))} пробела подряд"}, suggestion=" ",
                      fix=safe_fix("оставить один пробел", replace(match.start(1), match.end(1), " ")))
        for match in _NO_SPACE_RE.finditer(text):
            yield Hit(match.start(1), match.end(1) + 1,
                      {"what": f"нет пробела после «{match.group(1)}»"}, suggestion=match.group(1) + " ",
                      fix=safe_fix(f"вставить пробел после «{match.group(1)}»",
                                   replace(match.end(1), match.end(1), " ")))
        leading = text.startswith((" ", "\t")) or "\n " in text or "\n\t" in text
        for match in _LEADING_RE.finditer(text) if leading else ():
            where = "текста" if match.start() == 0 else "строки"
            yield Hit(match.start(), match.end(), {"what": f"пробел в начале {where}"}, suggestion="",
                      fix=safe_fix(f"убрать пробел в начале {where}", replace(match.start(), match.end(), "")))
        trailing = " \n" in text or "\t\n" in text or text.endswith((" ", "\t"))
        for match in _TRAILING_RE.finditer(text) if trailing else ():
            if match.start() > 0 and text[match.start() - 1] != "\n":
                yield Hit(match.start(), match.end(), {"what": "пробел в конце строки"}, suggestion="",
                          fix=safe_fix("убрать пробел в конце строки", replace(match.start(), match.end(), "")))
        for match in _GLUED_TRIGGER_RE.finditer(text) if "начале" in text or "конце" in text else ():
            fixed = f"{match.group(1)} {match.group(2)}"
            yield Hit(match.start(), match.end(),
                      {"what": f"нет пробела: «{match.group(0)}»; условие срабатывания пишется «{fixed}» (116.3)"},
                      suggestion=fixed, fix=safe_fix(f"писать «{fixed}»", replace(match.end(1), match.end(1), " ")))


class HyphenationLeftover(Rule):
    """Остаток переноса: слово, разорванное дефисом.

    Что находит:
        Слово с дефисом, которого нет в словаре, когда без дефиса получается
        словарное слово, а половины словами не являются: «сраба-тывает».
    Почему это важно:
        Такой дефис — след переноса строки из печатного макета. Слово
        с ним не узнаётся: «сраба-тывает» не глагол, и граница условия
        и эффекта или связка может быть найдена не там.
    Плохо:
        Эта особенность сраба-тывает 1 раз за бой.
    Хорошо:
        Эта особенность срабатывает 1 раз за бой.
    """

    code = "BJ506"
    fix_applicability = "safe"
    name = "hyphenation-leftover"
    severity = Severity.WARNING
    message = "«{word}» похоже на остаток переноса; без дефиса: «{joined}»"

    def check(self, ctx):
        for match in hyphenated(ctx.text):
            left, right = match.group(1), match.group(2)
            joined = left + right
            if is_known(f"{left}-{right}") or (is_known(left) and is_known(right)):
                continue
            if is_known(joined):
                hyphen = match.end(1)
                yield Hit(match.start(), match.end(), {"word": match.group(0), "joined": joined},
                          suggestion=joined,
                          fix=safe_fix(f"убрать дефис переноса: «{joined}»", replace(hyphen, hyphen + 1, "")))


class StraightQuotes(Rule):
    """Прямые кавычки вместо «ёлочек».

    Что находит:
        Текст в прямых кавычках "…". Кавычки образуют пары по тому, где
        стоят: после пробела перед словом — открывающая, после слова перед
        пробелом или знаком — закрывающая, так что вложенные прямые кавычки
        («"{tap}: Метание "лягушки" на 1"») дают две пары, внешнюю и
        внутреннюю, а не «"{tap}: Метание "».
    Почему это важно:
        В текстах карт названия способностей и выдаваемые особенности пишутся
        в «ёлочках». Прямые кавычки не различают начало и конец, и вложенные
        кавычки («получает «…»») с ними не записать однозначно.
    Плохо:
        {tap}: Заклинание "гипноз" — закрыть существо.
    Хорошо:
        {tap}: Заклинание «гипноз» — закрыть существо.
    """

    code = "BJ507"
    fix_applicability = "safe"
    name = "straight-quotes"
    severity = Severity.INFO
    message = "прямые кавычки \"{inner}\"; в текстах карт приняты «ёлочки»"

    def check(self, ctx):
        text = ctx.text
        if '"' not in text:
            return
        for start, end in straight_pairs(text):
            inner = text[start + 1:end - 1]
            fix = None
            if _plausible_pair(text, start, end):
                # nested quotes are «ёлочки» too: the reader reads «…«…»…» (and the cards write it so)
                fix = safe_fix("заменить прямые кавычки на «»",
                               replace(start, start + 1, "«"), replace(end - 1, end, "»"))
            yield Hit(start, end, {"inner": shorten(inner, 30)}, suggestion=f"«{inner}»", fix=fix)


def straight_pairs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each pair of straight quotes, line by line, in text order of the opening
    quote. A quote after a space or an opening mark and before a word opens, one after a word
    and before a space or a mark closes; one that could be either (or neither) closes the
    innermost open quote if there is one, else opens. A quote left open, or a closing one
    with nothing open, pairs with nothing (BJ503 reports an odd count)."""
    pairs = []
    line_start = 0
    for line in text.split("\n"):
        open_at: list[int] = []
        for at in (i for i, ch in enumerate(line) if ch == '"'):
            before = line[at - 1] if at else " "
            after = line[at + 1] if at + 1 < len(line) else " "
            opens = (before.isspace() or before in "(«:;,—–-") and not (after.isspace() or after in ".,;:)»")
            closes = not before.isspace() and (after.isspace() or not after.isalnum() and after != "{")
            if opens and not closes or opens == closes and not open_at:
                open_at.append(at)
            elif open_at:
                pairs.append((line_start + open_at.pop(), line_start + at + 1))
        line_start += len(line) + 1
    return sorted(pairs)


def _plausible_pair(text: str, start: int, end: int) -> bool:
    """Whether two straight quotes surely open and close one quotation: the
    line holds an even number of them, the first does not follow a letter,
    the second is not followed by one, and the quoted words are not padded
    with spaces. Otherwise (an unpaired quote somewhere) no fix is offered."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start:len(text) if line_end < 0 else line_end]
    inner = text[start + 1:end - 1]
    return (line.count('"') % 2 == 0 and inner.strip() == inner != ""
            and (start == 0 or not text[start - 1].isalnum())
            and (end == len(text) or not text[end].isalnum()))


_SPACE_BEFORE_RE = re.compile(r"( (?<=\S.) *)([,.:;!?»)])|([«(])( +)(?=\S)")   # (look-behind: see _NO_SPACE_RE)
# what every match of _SPACE_BEFORE_RE holds, found by a scan for one character class (most texts
# have none: the alternation above is tried at every space)
_SPACE_NEAR_MARK = re.compile(r"[ «(](?:(?<= ) *[,.:;!?»)]|(?<=[«(]) )")


class SpaceBeforePunctuation(Rule):
    """Пробел перед знаком препинания или внутри скобок и кавычек.

    Что находит:
        Пробел перед «,», «.», «:», «;», «!», «?», перед закрывающей «»» или «)»
        и после открывающей ««» или «(».
    Почему это важно:
        Оторванный знак — обычно след правки или склейки («{strike} .»);
        он делает одинаковые тексты разными при поиске, а точка, оторванная
        от особенности, выглядит началом новой.
    Плохо:
        Обязан напасть на это существо {strike} .
    Хорошо:
        Обязан напасть на это существо {strike}.
    """

    code = "BJ508"
    fix_applicability = "safe"
    name = "space-before-punctuation"
    severity = Severity.WARNING
    message = "{what}"

    def check(self, ctx):
        for match in _SPACE_BEFORE_RE.finditer(ctx.text) if _SPACE_NEAR_MARK.search(ctx.text) else ():
            if match.group(1):
                mark = match.group(2)
                if ctx.text.startswith("...", match.start(2)):
                    continue
                yield Hit(match.start(1), match.end(2), {"what": f"пробел перед «{mark}»"}, suggestion=mark,
                          fix=safe_fix(f"убрать пробел перед «{mark}»", replace(match.start(1), match.end(1), "")))
            else:
                mark = match.group(3)
                yield Hit(match.start(3), match.end(4), {"what": f"пробел после «{mark}»"}, suggestion=mark,
                          fix=safe_fix(f"убрать пробел после «{mark}»", replace(match.start(4), match.end(4), "")))


_DOUBLED_PUNCT_RE = re.compile(r"([,;:])(?<!\.[,;:]) ?([,.;:])|(\.)(?<!\.\.) ?([,;:]|\.(?!\.))")   # (see _NO_SPACE_RE)
_PUNCT_PAIR = re.compile(r"[,;:.] ?[,;:.]")   # what every match above holds (a scan for a class, not an alternation)


class DoubledPunctuation(Rule):
    """Два знака препинания подряд.

    Что находит:
        «,.», «..», «;,», «:.» и подобные пары (многоточие «...» не в счёт).
    Почему это важно:
        Лишний знак меняет чтение: «,» и «;» — связки (505.4.1), и
        «ранить на 1;, затем» не читается ни как одна, ни как другая.
    Плохо:
        {tap}: ранить цель на 1,.
    Хорошо:
        {tap}: ранить цель на 1.
    """

    code = "BJ509"
    fix_applicability = "safe"
    name = "doubled-punctuation"
    severity = Severity.WARNING
    message = "два знака препинания подряд: «{pair}»"

    def check(self, ctx):
        text = ctx.text
        for match in _DOUBLED_PUNCT_RE.finditer(text) if _PUNCT_PAIR.search(text) else ():
            if match.group(0).startswith("..") and match.group(0).endswith("..."):
                continue
            pair = "".join(match.group(0).split())
            if pair == "...":
                continue
            # the stronger mark stays: a full stop ends the feature, «;» is a
            # connective (505.4.1) the reader already takes over a comma
            kept = next(mark for mark in ".;:," if mark in pair)
            yield Hit(match.start(), match.end(), {"pair": pair}, suggestion=kept,
                      fix=safe_fix(f"оставить один знак «{kept}»", replace(match.start(), match.end(), kept)))
