"""BJ510: control and invisible characters inside a card text."""
from __future__ import annotations

from berserk_judge.cardbase.chars import describe_char, is_invisible
from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import replace, safe_fix
from berserk_judge.lint.rule import Hit, Rule

# characters that separate words or lines: removing them must leave a space
_SEPARATORS = frozenset("\u2028\u2029\x85\x0b\x0c\r")


class InvisibleCharacter(Rule):
    """Управляющий или невидимый символ в тексте карты.

    Что находит:
        Символы, которых читатель не видит: нулевой пробел U+200B, знак
        порядка байтов U+FEFF, мягкий перенос U+00AD, переключатели
        направления письма (U+202E), разделители строк U+2028/U+2029,
        управляющие символы (NUL, U+0001, возврат каретки без перевода
        строки), одиночные суррогаты и не-символы Юникода. Каждый символ
        назван в сообщении кодом и именем.
    Почему это важно:
        Такие символы попадают в текст при копировании из офисных программ
        и веб-страниц. Они разрывают слова и связки («и» с нулевым пробелом
        уже не связка), ломают поиск и сравнение текстов, а U+202E
        переворачивает показ строки. В тексте карты их не видно — найти их
        можно только по коду.
    Плохо:
        {tap}: ранить цель на 1 и​ ранить себя на 1.
    Хорошо:
        {tap}: ранить цель на 1 и ранить себя на 1.
    """

    code = "BJ510"
    name = "invisible-character"
    severity = Severity.WARNING
    message = "невидимый символ {char} в тексте; удалите его"
    fix_applicability = "safe"

    def check(self, ctx):
        text = ctx.text
        if text.replace("\n", "").replace("\t", "").replace("\u00a0", "").isprintable():
            return  # the usual case, decided in C: no control, format or unassigned character
        for offset, ch in enumerate(text):
            if is_invisible(ch):
                yield Hit(offset, offset + 1, {"char": describe_char(ch)},
                          fix=_removal(text, offset))


def _removal(text: str, offset: int):
    """Delete the character; a separator between two words becomes a space."""
    between_words = (0 < offset < len(text) - 1 and not text[offset - 1].isspace()
                     and not text[offset + 1].isspace())
    if text[offset] in _SEPARATORS and between_words:
        return safe_fix("заменить невидимый разделитель пробелом", replace(offset, offset + 1, " "))
    return safe_fix("удалить невидимый символ", replace(offset, offset + 1, ""))
