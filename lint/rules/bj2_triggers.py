"""Triggered features (116)."""
from __future__ import annotations

import re

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import replace, unsafe_fix
from berserk_judge.lint.rule import Hit, Rule
from berserk_judge.lint.rules._text import DASHES, TRIGGER_RE, WORD_RE, is_known, mask_quoted, morph

_ABILITY_WORDS = {"заклинание", "воздействие", "разряд", "выстрел", "метание", "добивание",
                  "особый", "магический", "удар", "отравление", "ответный"}


def _has_predicate(clause: str) -> bool:
    """Whether a clause holds a verb form that makes it an ability, not a condition."""
    for word in WORD_RE.findall(clause):
        for parse in morph().parse(word.lower())[:2]:
            if {"VERB", "INFN", "PRTS"} & set(str(parse.tag).replace(" ", ",").split(",")):
                return True
    return False


class UnknownTrigger(Rule):
    """Часть перед тире — не условие срабатывания, не метка и не оплата.

    Что находит:
        Особенность вида «[что-то] — [эффект]», где стоящее перед тире не
        начинается со слов условия срабатывания (116.3: До, При, После,
        Если, Когда, В начале хода, В конце хода), не является меткой или
        оплатой перед «:», названием способности и не содержит глагола
        (тогда тире было бы связкой «при этом», 505.4.1).
    Почему это важно:
        Такой текст выглядит как срабатывающая особенность, но условия
        у неё нет или оно неизвестно правилам: непонятно, когда она
        срабатывает — на шаге эффекта или завершения (116.4).
    Плохо:
        Во время атаки — ранить цель на 1.
    Хорошо:
        При атаке — ранить цель на 1.
    """

    code = "BJ201"
    name = "unknown-trigger"
    severity = Severity.WARNING
    rules = ("116.3",)
    message = "перед «{dash}» стоит «{lead}» — не условие срабатывания (116.3), не метка и не оплата"

    def check(self, ctx):
        text = ctx.text
        for start, dash, dash_end in self._dashes(ctx):
            lead = text[start:dash].strip()
            if not lead or TRIGGER_RE.match(lead) or re.match(r"(?i)если(?![\w-])", lead):
                continue
            if ":" in mask_quoted(text[start:dash]) or lead.endswith(("»", '"', ")")) \
                    or re.search(r"где\s+[XХ]$", lead):
                continue
            words = [w.lower() for w in WORD_RE.findall(lead)]
            if not words or all(w in _ABILITY_WORDS for w in words) or _has_predicate(lead):
                continue
            lead_start = start + (len(text[start:dash]) - len(text[start:dash].lstrip()))
            yield Hit(lead_start, dash_end, {"dash": text[dash:dash_end], "lead": lead})

    @staticmethod
    def _dashes(ctx):
        """(feature start, dash start, dash end) of each static or unread feature whose first dash
        joins two parts: the reader's first connective dash («—», «–», « - », a close «-»), never
        a dash inside an ability's words (a dash meaning "is": «если хозяин — страж леса», §2).
        Without a reading (the reader crashed), the first «—»/«–» of each sentence."""
        text = ctx.text
        if ctx.features is None:
            from berserk_judge.lint.rules._text import segments

            for seg in segments(text):
                body = mask_quoted(seg.text)
                dash = next((i for i, ch in enumerate(body) if ch in DASHES), None)
                if dash is not None:
                    yield seg.start, seg.start + dash, seg.start + dash + 1
            return
        for feature in ctx.features:
            if feature.kind not in ("static", "unknown"):
                continue
            for tok in feature.tokens or ():
                mark = tok.text.strip(" ,")
                if tok.kind.value == "DEP" and mark in _DASH_TOKENS:
                    at = tok.start + tok.text.index(mark)
                    while mark == "-" and at > feature.span[0] and text[at - 1] == "-":
                        at -= 1             # «--»: the reader keeps the first hyphen in the words
                    yield feature.span[0], at, tok.start + tok.text.index(mark) + len(mark)
                    break


_DASH_TOKENS = ("—", "–", "-", "--")


class TriggerWithoutDash(Rule):
    """Условие срабатывания не отделено от эффекта тире.

    Что находит:
        Срабатывающую особенность, где между условием и эффектом нет «—»,
        и граница найдена только по первому глаголу или запятой: «При атаке
        ранить цель», «В конце хода если закрыт, ранить цель …». Замена
        («Вместо своей регенерации …») — не условие срабатывания, о ней не
        сообщается. Тире предлагается, только если оно не разрежет слово
        («При атакеранить») и не встанет между прилагательным и его глаголом
        («недостаточна использовать»).
    Почему это важно:
        116 записывает срабатывающую особенность как «[условие] — [эффект]».
        Без тире граница угадывается, и условие с глаголом внутри
        («Когда существо получает рану ранить …») может быть разрезано
        не там; читатель тоже спотыкается.
    Плохо:
        При атаке ранить цель на 1.
    Хорошо:
        При атаке — ранить цель на 1.
    """

    code = "BJ202"
    fix_applicability = "unsafe"
    name = "trigger-without-dash"
    severity = Severity.INFO
    rules = ("116",)
    needs_features = True
    message = "условие «{condition}» и эффект не разделены «—»; граница найдена только проверкой глагола (эффект начинается с «{verb}»)"

    def check(self, ctx):
        for feature in ctx.all_features:
            cond = feature.condition_span
            if cond is None:
                continue
            effect = feature.effect_span
            gap = ctx.text[cond[1]:effect[0]]
            # the verb test found the boundary, or only a comma ends the condition («В конце хода если
            # закрыт, ранить …»): either way no dash does (spec §1); «, то» is the condition's own word
            dashless = feature.condition_by_verb_test or (
                effect[0] > cond[1] and not any(ch in gap for ch in "—–-:") and gap.strip(" ,") == "")
            if not dashless or _REPLACEMENT.match(ctx.text, cond[0], cond[1]):
                continue          # «Вместо своей регенерации …»: a replacement (explain: «замена»), no trigger
            words = WORD_RE.findall(ctx.text[effect[0]:effect[1]])
            verb = words[0] if words else ""
            condition = " ".join(ctx.text[cond[0]:cond[1]].split())
            fix = _dash_fix(ctx.text, cond, effect) if _dash_fits(ctx.text, cond, verb) else None
            yield Hit(cond[0], cond[1], {"condition": condition, "verb": verb},
                      suggestion=f"{condition} —" if fix else None, fix=fix)


_REPLACEMENT = re.compile(r"\s*вместо(?!\w)", re.I)
_INFINITIVE_TAKERS = ("готов", "способ", "обязан", "вынужден", "должн", "недостаточн", "достаточн")


_ABILITY_STEMS = ("добиван", "метани", "заклинани", "воздейств", "разряд", "выстрел", "подлост")


def _run_together(word: str) -> bool:
    """«атакеранить», «глубинуполучает»: a lower-case non-word made of two dictionary words."""
    low = word.lower()
    if word[:1].isupper() or len(low) < 6 or is_known(low) or low.startswith(_ABILITY_STEMS):
        return False
    return any(is_known(low[:i]) and is_known(low[i:]) for i in range(3, len(low) - 1))


def _dash_fits(text: str, cond: tuple[int, int], verb: str) -> bool:
    """The dash may go at the boundary: never inside a run-together word («При атакеранить»: the
    condition is the opener alone and the effect's first word is no word), never between an
    adjective or modal and the infinitive it governs («недостаточна — использовать»)."""
    cond_words = WORD_RE.findall(text[cond[0]:cond[1]])
    if not verb or not cond_words or len(text[cond[0]:cond[1]].split()) < 2 \
            or _run_together(verb):
        return False
    last = cond_words[-1].lower()
    short_adjective = last.startswith(_INFINITIVE_TAKERS) and morph().parse(last)[0].tag.POS == "ADJS"
    if short_adjective or last in ("может", "могут", "можете", "должен", "должна"):
        return morph().parse(verb.lower())[0].tag.POS != "INFN"
    return True


def _dash_fix(text: str, cond: tuple[int, int], effect: tuple[int, int]):
    """« — » between the condition and the effect, in place of the spaces (or comma) there."""
    gap = text[cond[1]:effect[0]]
    if effect[0] <= cond[1] or gap.strip(" ,") or "\n" in gap:
        return None
    return unsafe_fix("вставить «—» после условия", replace(cond[1], effect[0], " — "))


_EFFECT_PAYMENT_RE = re.compile(r"\s*(?:(?:[XХ]|\d+)\s*)?\{(?:tap|instant|counter|token)\}[^:.\n]{0,40}:")


class TriggerWithPayment(Rule):
    """Срабатывающая особенность с оплатой.

    Что находит:
        Срабатывающую особенность (с условием 116.3), у которой есть оплата:
        значки или действие перед «:» после условия или перед ним.
    Почему это важно:
        116.2: у срабатывающей особенности не бывает оплаты — она
        срабатывает сама, когда выполнено условие. Оплата делает её
        разыгрываемой (114) или условно разыгрываемой (115), и тогда её
        нужно записать как «{instant}{tap}: [условие] — [эффект]» (115).
    Плохо:
        При атаке: {tap}: ранить цель на 1.
    Хорошо:
        {instant}{tap}: при атаке — ранить цель на 1.
    """

    code = "BJ203"
    name = "trigger-with-payment"
    severity = Severity.ERROR
    rules = ("116.2",)
    needs_features = True
    message = "у срабатывающей особенности есть оплата «{payment}»; по 116.2 её быть не может"

    def check(self, ctx):
        for feature in ctx.all_features:
            if feature.kind != "triggered":
                continue
            pay = feature.payment_span
            if pay is None:
                effect = feature.effect_span
                match = _EFFECT_PAYMENT_RE.match(ctx.text, effect[0], effect[1])
                if not match:
                    continue
                start = effect[0] + (len(match.group(0)) - len(match.group(0).lstrip()))
                pay = (start, match.end() - 1)
            payment = ctx.text[pay[0]:pay[1]].strip()
            yield Hit(pay[0], pay[1], {"payment": payment})
