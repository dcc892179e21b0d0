"""`report --compare`: which texts changed and whether their reading did; the Markdown errata list."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.importer import run_import
from berserk_judge.cardbase.load import load_base
from berserk_judge.cli.report_cmd import report
from berserk_judge.reports.html.compare import compare, evened
from report_fixtures import BASE_YAML, write_base

# (card, old words, new words, does a reading change?, class of the change)
S1_EDITS = [
    ("s1_3", "«волхвование при луне»", '"волхвование при луне"', False, "typography"),   # quotes
    ("s1_144", "ранить на 1 выбранное", "ранить на  1 выбранное", False, "typography"),  # doubled space
    ("s1_89", "Прыжок, дальность 4.", "Прыжок, дальность 4", False, "typography"),       # closing period
    ("s1_8", "При гибели — особый", "При гибели – особый", False, "typography"),          # em → en dash
    ("s1_2", "{uchr} на 1.", "{uchr} на 2.", True, "meaning"),                            # a number (issue 36)
    ("s1_5", "{instant}{tap}: Воздействие", "{tap}: Воздействие", True, "meaning"),       # the payment
    ("s1_21", "Игнорирует {zoal}.", "Игнорирует {zov}.", True, "wording"),               # an icon
]


def edit_card(text: str, card: str, old: str, new: str) -> str:
    start = text.index(f"- id: {card}\n")
    end = text.find("\n- id:", start + 1)
    end = len(text) if end < 0 else end
    block = text[start:end]
    assert block.count(old) == 1, (card, old)
    return text[:start] + block.replace(old, new) + text[end:]


@pytest.fixture(scope="module")
def s1_versions(tmp_path_factory):
    corpus = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    if not corpus.is_dir():
        pytest.skip(f"корпус не найден: {corpus} (нужна папка ../shared рядом с репозиторием)")
    root = tmp_path_factory.mktemp("s1")
    run_import([corpus / "s1-voina-stihiy.jsonl"], root / "old")
    (root / "new").mkdir()
    text = (root / "old" / "s1.yaml").read_text(encoding="utf-8")
    for card, old, new, *_ in S1_EDITS:
        text = edit_card(text, card, old, new)
    (root / "new" / "s1.yaml").write_text(text, encoding="utf-8")
    return root / "old", root / "new"


def test_each_edit_gets_its_class_and_reading_changed(s1_versions):
    old, new = s1_versions
    changes = compare(load_base([str(old)]), load_base([str(new)]))
    assert sorted((c["id"], c["status"], c["reading_changed"], c["classes"]) for c in changes) == sorted(
        (card, "changed", reading, [cls]) for card, _, _, reading, cls in S1_EDITS)


def test_compare_through_the_command_writes_changes_to_report_json(s1_versions, tmp_path):
    old, new = s1_versions
    result = CliRunner().invoke(report, [str(new), "--compare", str(old), "--out", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    model = json.loads((tmp_path / "site" / "report.json").read_text(encoding="utf-8"))
    by_id = {c["id"]: c for c in model["changes"]}
    assert set(by_id) == {card for card, *_ in S1_EDITS}
    change = by_id["s1_5"]
    assert set(change) >= {"id", "name", "old_text", "new_text", "reading_changed", "old", "new"}
    assert change["old"][0].startswith("{instant}{tap}: ") and change["new"][0].startswith("{tap}: ")
    assert model["summary"]["changes"] == {
        "changed": 7, "total": 7, "reading_changed": 3,
        "classes": {"meaning": 2, "wording": 1, "typography": 4, "stats": 0, "name": 0, "added": 0, "removed": 0}}
    entries = {e["id"]: e["change"] for e in model["cards"]}
    assert entries["s1_2"] == ["meaning"] and entries["s1_21"] == ["wording"] and entries["s1_3"] == ["typography"] and entries["s1_1"] is None
    page = (tmp_path / "site" / "changes.html").read_text(encoding="utf-8")
    assert page.count('<span class="badge amb">чтение изменилось</span>') == 3
    assert page.count('<span class="badge chg-typography">только типографика</span>') == 4
    assert page.index('id="cls-meaning"') < page.index('id="cls-wording"') < page.index('id="cls-typography"')


def _two_versions(tmp_path: Path) -> tuple[Path, Path]:
    old = write_base(tmp_path / "old")
    new_text = BASE_YAML.replace("закрыть ее, иначе", "закрыть ее или").replace(
        "  text: '{tap}: Выстрел на 1.'\n", "  text: '{tap}: Выстрел на 1.'\n- id: t1_4\n  name: Новичок\n  text: 'Прыжок.'\n")
    new_text = new_text.replace("- id: t1_2\n  name: <script>alert(1)</script>\n  text: '{tap}: ранить цель на 1 - закрыть ее. "
                                "<b>жирно</b> <script>alert(\"x\")</script>'\n", "")
    (tmp_path / "new").mkdir()
    (tmp_path / "new" / "t1.yaml").write_text(new_text, encoding="utf-8")
    return old, tmp_path / "new"


def test_added_and_removed_cards(tmp_path):
    old, new = _two_versions(tmp_path)
    changes = compare(load_base([str(old)]), load_base([str(new)]))
    assert [(c["id"], c["status"], c["reading_changed"], c["classes"]) for c in changes] == [
        ("t1_1", "changed", True, ["meaning"]), ("t1_4", "added", True, ["added"]),
        ("t1_2", "removed", True, ["removed"])]
    assert [(p["op"], p["text"]) for p in changes[0]["diff"] if p["op"] != "equal"] == [
        ("delete", ", иначе"), ("insert", " или")]


def test_markdown_errata_list(tmp_path):
    old, new = _two_versions(tmp_path)
    out = tmp_path / "errata.md"
    result = CliRunner().invoke(report, [str(new), "--compare", str(old), "--format", "markdown", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "## Изменения\n\n### Смысл: 1\n\n#### Сумрачный загонщик (t1\\_1) — смысл\n\n" in text
    assert "{tap}: ранить цель на 1 и закрыть ее<del>, иначе</del><ins> или</ins> излечить себя на 1." in text
    assert "- было: `{tap}: ((ранить цель на 1 и закрыть ее), иначе излечить себя на 1)`" in text
    assert "#### Новичок (t1\\_4) — новая карта" in text
    assert "#### \\<script\\>alert(1)\\</script\\> (t1\\_2) — удалена" in text
    assert "- исправлена находка BJ501: " in text
    assert "<script>" not in text


def test_markdown_to_stdout(tmp_path):
    base = write_base(tmp_path / "base")
    result = CliRunner().invoke(report, [str(base), "--format", "markdown", "--out", "-"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# Отчёт об эррате\n")
    assert "- BJ101 предупреждение: неоднозначная группировка" in result.stdout


def test_evened_ignores_typography_only():
    assert evened("«дар» — ранить  на 1.") == evened('"Дар" - ранить на 1')
    assert evened("ранить на 1") != evened("ранить на 2")


@pytest.mark.parametrize("old, new, expected", [
    ("{tap}:{uchr} на 1.", "{tap}: {uchr} на 1.", "typography"),          # a missing space after «:»
    ("Выстрел на 1-2-3.", "Выстрел на 1–2–3.", "typography"),            # hyphens → en dashes
    ("{tap}: ранить цель на 1 (1 раз за ход).", "{tap}: ранить цель на 1 (2 раза за ход).", "meaning"),  # the limit
    ("{tap}: ранить цель на 1 (1 раз за ход).", "{tap}: ранить цель на 1.", "meaning"),     # a dropped limit
    ("{tap}: закрыть цель.", "{tap}: открыть цель.", "meaning"),                           # an inverted verb
    ("{tap}: ранить цель на 1.", "{tap}: ранить себя на 1.", "meaning"),                   # another target
    ("Вначале хода — ранить цель на 1.", "В начале хода — ранить цель на 1.", "typography"),  # the guard's words
    ("Вначале хода - ранить цель на 1", "В начале хода — ранить цель на 2.", "meaning"),   # …and a number
    # what `lint --fix` did to the corpus (60200, 50035, 70001): words inside a granted feature,
    # a Latin «X» for the Cyrillic «Х» — the guard reads both the same
    ('Пока на кладбище, имеет "Вначале вашего хода — возродиться (1 раз за бой)."',
     "Пока на кладбище, имеет «В начале вашего хода — возродиться (1 раз за бой).»", "typography"),
    ("{tap}: ранить цель на Х, где Х - число ваших карт.", "{tap}: ранить цель на X, где X — число ваших карт.",
     "typography"),
    ("При атаке — может ранить цель на 2 (воздействие «удар молота»).",
     "При атаке — может ранить цель на 2 (воздействие «удар кувалды»).", "wording"),
    ("{tap}: ранить цель на 1.", "{tap}: ранить цель на 2.", "meaning"),                  # a number (issue 36)
    ("При атаке — ранить цель на 1.", "При защите — ранить цель на 1.", "wording"),
    ("При атаке — ранить цель на 1.", "После атаки — ранить цель на 1.", "meaning"),   # another step (116.4)
    ("{tap}: ранить цель на 1 и закрыть ее.", "{tap}: ранить цель на 1, затем закрыть ее.", "meaning"),
    ("{tap}: Выстрел на 1.", "{instant}{tap}: Выстрел на 1.", "meaning"),
    # issue 36: what a designer reads as another card, in both styles, and what not
    ("Если у противника больше карт в руке, чем у вас — ранить цель на 1.",
     "Если у противника меньше карт в руке, чем у вас — ранить цель на 1.", "meaning"),       # a comparison
    ("если у противника больше карт в руке чем у вас - ранить цель на 1",
     "если у противника меньше карт в руке чем у вас - ранить цель на 1", "meaning"),
    ("{tap}: закрыть цель стоимостью не более 3.", "{tap}: закрыть цель стоимостью не менее 3.", "meaning"),
    ("Может атаковать летающих.", "Не может атаковать летающих.", "meaning"),                 # a negation
    ("{tap}: ранить цель на 1; цель не может атаковать", "{tap}: ранить цель на 1; цель может атаковать", "meaning"),
    ("{tap}: закрыть цель стоимостью 3 или меньше.", "{tap}: закрыть цель стоимостью 4 или меньше.", "meaning"),
    ("Получает +1 к ударам по степным и тёмным существам.",
     "Получает +1 к ударам по тёмным и степным существам.", "wording"),                       # an «и» list reordered
    ("получает +1 к ударам по степным, лесным и темным существам",
     "получает +1 к ударам по темным, степным и лесным существам", "wording"),
    ("{tap}: ранить цель на 1 и закрыть ее.", "{tap}: закрыть цель и ранить ее на 1.", "meaning"),  # actions reordered
    ("[Эррата 2023.04.08]\n{tap}: ранить цель на 1.", "[Эррата 2024.01.15]\n{tap}: ранить цель на 1.", "wording"),
])
def test_text_classes(old, new, expected):
    from berserk_judge.lint.engine import make_card
    from berserk_judge.reports.html.compare import Reading, text_class

    assert text_class(old, new, Reading(make_card(old, id="c")), Reading(make_card(new, id="c"))) == expected


def test_a_finding_whose_message_alone_changed_is_neither_new_nor_fixed():
    """Дикий целитель: «2 пробела» became «3 пробела» at the same place — one finding, changed."""
    from types import SimpleNamespace

    from berserk_judge.reports.html.compare import finding_delta

    def finding(code, message, start, severity="warning"):
        return SimpleNamespace(code=code, message=message, start=start, severity=SimpleNamespace(label=severity))

    old = [finding("BJ505", "2 пробела подряд", 10), finding("BJ501", "дефис «-» между словами", 20)]
    new = [finding("BJ505", "3 пробела подряд", 10), finding("BJ507", "прямые кавычки", 30, "info")]
    introduced, fixed = finding_delta(old, new)
    assert introduced == [
        {"code": "BJ507", "severity": "info", "message": "прямые кавычки"},
        {"code": "BJ505", "severity": "warning", "message": "3 пробела подряд", "was": "2 пробела подряд",
         "changed": True}]
    assert fixed == [{"code": "BJ501", "severity": "warning", "message": "дефис «-» между словами"}]


@pytest.mark.parametrize("text", [
    "Вначале хода — ранить цель на 1 (1 раз за ход).",            # «» and — style
    'Вначале хода - ранить цель на 1. Вначале хода - закрыть "цель".',  # lossy: straight quotes, « - », one line
])
def test_a_safe_fix_never_shows_as_a_change_of_meaning(text):
    """Issue 29: after `lint --fix` («Вначале» → «В начале», cards 30132, 60200) compare said «смысл»;
    the fix guard reads both the same, and so does compare now."""
    from dataclasses import replace

    from berserk_judge.cardbase.model import CardBase
    from berserk_judge.lint.config import Settings
    from berserk_judge.lint.engine import make_card
    from berserk_judge.lint.fix_apply import fix_base

    card = make_card(text, id="c1")
    base = CardBase(cards=[card])
    outcome = fix_base(base, Settings())
    fixed = outcome.texts["c1"]
    assert "В начале хода" in fixed and "Вначале" not in fixed
    changes = compare(base, replace(base, cards=[replace(card, text=fixed)]))
    assert [(c["id"], c["classes"], c["reading_changed"]) for c in changes] == [("c1", ["typography"], False)]
