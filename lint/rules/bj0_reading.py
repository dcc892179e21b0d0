"""Reading the card base and the card text at all."""
from __future__ import annotations

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.rule import Hit, Rule
from berserk_judge.lint.rules._text import shorten
from berserk_judge.lint.rules.bj51_words import stops_missing_before_payments


class UnreadableInput(Rule):
    """Файл базы карт не читается.

    Что находит:
        Путь, которого нет; файл, который не открывается или не в UTF-8;
        ошибку синтаксиса YAML. Сообщает загрузчик базы; код нельзя
        отключить или подавить, и с ним `lint` завершается с кодом 2.
    Почему это важно:
        Карты из такого файла не проверены вовсе: зелёная проверка в CI
        без этой ошибки значила бы, что проверено всё.
    Плохо:
        cards:
        - id: d1_1
          text: «ранить: цель»: на 1
    Хорошо:
        cards:
        - id: d1_1
          text: '«ранить: цель»: на 1'
    """

    code = "BJ000"
    name = "unreadable-input"
    severity = Severity.ERROR
    engine_emitted = True
    message = "{message}"


class FeatureNotRead(Rule):
    """Особенность прочитана не полностью.

    Что находит:
        Часть особенности, которую читатель текста не смог разобрать: слова
        между способностями без связки, связку без способности после неё,
        незакрытую скобку. Сообщает непрочитанную часть и её столбец.
    Почему это важно:
        Всё, что сказано о группировке (505) и о видах особенностей (114–116),
        относится только к прочитанному. Непрочитанный кусок может
        менять смысл, а проверки его не видят.
    Плохо:
        {tap}: ранить цель на 1, затем, затем закрыть её.
    Хорошо:
        {tap}: ранить цель на 1, затем закрыть её.
    """

    code = "BJ001"
    name = "feature-not-read"
    severity = Severity.WARNING
    rules = ("505",)
    needs_features = True
    message = "особенность прочитана не полностью: не разобрано «{part}» (столбец {column}){why}"

    def check(self, ctx):
        stops = None
        for feature in ctx.all_features:
            error = feature.error
            why = f": {error.message}" if error is not None and error.message else ""
            reported = False
            for start, end in feature.unread:
                s, e = _clamp(ctx.text, start, end)
                if e <= s:
                    continue
                if stops is None:
                    stops = dict(stops_missing_before_payments(ctx))
                yield self._hit(ctx, s, e, _stop_missing(ctx.text, stops.get(e)) or why)
                reported = True
            if not reported and error is not None and not feature.read_completely:
                s, e = _clamp(ctx.text, error.start, error.end)
                if e <= s:
                    s, e = feature.effect_span
                yield self._hit(ctx, s, e, why)

    def _hit(self, ctx, s, e, why):
        part = shorten(" ".join(ctx.text[s:e].split()), 60)
        _, column = ctx.card.locate(s)
        return Hit(s, e, {"part": part, "column": column, "why": why})


def _stop_missing(text: str, payment: tuple[int, int] | None) -> str:
    """Why a part is unread when a payment follows it with no full stop («Ярость 1 {tap}: …»)."""
    if payment is None:
        return ""
    shown = " ".join(text[payment[0]:payment[1]].split())
    return f": похоже, это конец предыдущей особенности, а перед оплатой «{shown}:» потерялась точка (BJ513)"


def _clamp(text: str, start: int, end: int) -> tuple[int, int]:
    """A reader span cut to the card text (an empty span stays empty)."""
    s = max(0, min(start, len(text)))
    return s, max(s, min(end, len(text)))


class ReaderCrash(Rule):
    """Сбой читателя текста на карте.

    Что находит:
        Карту, на которой программа чтения особенностей завершилась
        исключением. Это ошибка berserk-judge, а не карты; код нельзя
        подавить, и с ним `lint` завершается с кодом 2.
    Почему это важно:
        Остальные проверки этой карты, которым нужно прочтение, не
        выполнены; о сбое нужно сообщить разработчикам.
    Плохо:
        (зависит от ошибки в программе)
    Хорошо:
        (любая карта, которую программа читает без сбоя)
    """

    code = "BJ002"
    name = "reader-crash"
    severity = Severity.ERROR
    engine_emitted = True
    message = "{message}"


class CardSchema(Rule):
    """Ошибка в записи карты в базе.

    Что находит:
        Нарушения формата базы карт, о которых сообщает загрузчик: неизвестное
        или неверного типа поле, нет обязательного поля, повторный id.
        Неизвестные значки загрузчик тоже видит, но о них сообщает BJ302,
        который можно подавить.
    Почему это важно:
        Карта с такой ошибкой пропущена или загружена не целиком; её
        текст мог остаться непроверенным.
    Плохо:
        - id: d1_1
          nmae: Кшар
    Хорошо:
        - id: d1_1
          name: Кшар
    """

    code = "BJ003"
    name = "card-schema"
    severity = Severity.ERROR
    engine_emitted = True
    message = "{message}"
