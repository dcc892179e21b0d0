"""Card icons (`{tap}`, `{uchr}`, …) drawn as symbols, each with its Russian name as text alternative.

A symbol is a common Unicode glyph where one fits (↷ for «закрыть»), else a
short abbreviation in a badge (ЗоМ — защита от магии); screen readers and
tooltips get the full name, and copying the text gives the placeholder back,
so a copied card text is the text of the base. Placeholders outside the corpus list stay text,
so the loader's warning about `{tpa}` matches what the page shows.
"""
from __future__ import annotations

import re

from markupsafe import Markup, escape

# name -> (symbol, Russian name); the names are those of the corpus README
ICONS: dict[str, tuple[str, str]] = {
    "tap": ("↷", "закрыть"),
    "counter": ("●", "фишка"),
    "instant": ("⚡", "внезапное действие"),
    "first": ("①", "если вы ходите первым"),
    "second": ("②", "если вы ходите вторым"),
    "strike": ("⚔", "простой удар"),
    "uchr": ("УЧР", "удар через ряд"),
    "direct": ("➶", "направленный удар"),
    "move": ("⇢", "движение"),
    "health": ("♥", "жизни"),
    "armor": ("Бр", "броня"),
    "regen": ("Рег", "регенерация"),
    "stamina": ("Ст", "стойкость"),
    "ova": ("ОвА", "опыт в атаке"),
    "ovz": ("ОвЗ", "опыт в защите"),
    "ovs": ("ОвС", "опыт в стрельбе"),
    "zoal": ("ЗоЛ", "защита от атак летающих"),
    "zoo": ("ЗоО", "защита от отравления"),
    "zot": ("ЗоМт", "защита от метания"),
    "zov": ("ЗоВ", "защита от выстрелов"),
    "zor": ("ЗоР", "защита от разрядов"),
    "zoz": ("ЗоЗ", "защита от заклинаний"),
    "zom": ("ЗоМ", "защита от магии"),
    "elite": ("◆", "элитная карта (золотой кристалл)"),
    "ordinary": ("◇", "рядовая карта (серебряный кристалл)"),
    "token": ("Ж", "жетон"),
    "wolf": ("wolf", "значок «wolf» (значение не установлено)"),
    "human": ("human", "значок «human» (значение не установлено)"),
    "tok": ("tok", "значок «tok» (значение не установлено)"),
    "atk": ("atk", "значок «atk» (значение не установлено)"),
    "attack": ("attack", "значок «attack» (значение не установлено)"),
    "zozl": ("zozl", "значок «zozl» (вероятно, опечатка {zoz})"),
}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def icon_html(name: str) -> Markup:
    """The symbol is drawn by CSS (`icons_css`); the title names it for screen readers and the
    mouse; the `{name}` inside, drawn at size 0, is what a selection copies."""
    _symbol, label = ICONS[name]
    return Markup('<i class="ico i-{0}" role="img" title="{1}">{{{0}}}</i>').format(name, label)


def icons_css() -> str:
    """One CSS rule per icon drawing its symbol (a page names each icon by class only)."""
    import json

    return "".join(f".i-{name}::before{{content:{json.dumps(symbol, ensure_ascii=False)}}}\n" for name, (symbol, _) in ICONS.items())


_HTML = {name: str(icon_html(name)) for name in ICONS}


def with_icons(text: str) -> Markup:
    """`text` escaped for HTML, each known placeholder drawn as its symbol."""
    escaped = str(escape(text))
    return Markup(_PLACEHOLDER.sub(
        lambda m: _HTML.get(m.group(1), m.group(0)), escaped))


def spoken(text: str) -> str:
    """`text` with placeholders replaced by their names: «{tap}: …» → «[закрыть]: …» (for plain text)."""
    return _PLACEHOLDER.sub(lambda m: f"[{ICONS[m.group(1)][1]}]" if m.group(1) in ICONS else m.group(0), text)
