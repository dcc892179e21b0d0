"""`berserk-judge server`: the language server over stdin/stdout (pygls is
imported only here, so `--version` and `--help` stay fast)."""
from __future__ import annotations

import click

from berserk_judge.cli.click_russian import Command


@click.command(name="server", cls=Command)
@click.option("--stdio", is_flag=True, help="Обмен через стандартные ввод и вывод (так и есть всегда; "
                                           "флаг принимается для редакторов, которые его передают).")
def server(stdio):
    """Языковой сервер (LSP) для файлов карт YAML: находки проверки по мере
    набора текста, чтение особенности под курсором, исправления и # noqa
    как правки, структура файла. Запускается редактором; настройки — те же,
    что у lint (pyproject.toml или berserk-judge.toml). Настройка редакторов —
    в docs/server.md.

    Коды выхода: 0 — клиент завершил работу как положено (shutdown, затем
    exit); 1 — exit без shutdown или ввод закрылся раньше.
    """
    from berserk_judge.server.app import serve

    serve()
