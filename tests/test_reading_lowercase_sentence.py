"""A sentence typed with a lower-case «может»/«могут» after a full stop is a feature of its own, as a
lower-case trigger opener is (blind sheet d091515, Лагоморф: «Прыжок, дальность 3. может нападать …»
was one atom across the full stop). A stray full stop inside a phrase cuts nothing."""
from __future__ import annotations

import pytest

from berserk_judge.parser.reader.features import read_text
from berserk_judge.reports.canon import feature_record


@pytest.mark.parametrize("text, forms", [
    ("Строй: {direct}. Прыжок, дальность 3. может нападать {strike} на карты, стоящие рядом, как на соседние.",
     ["{direct}", "Прыжок, дальность 3", "может нападать {strike} на карты, стоящие рядом, как на соседние"]),
    ("+1 к удару. могут двигаться по диагонали", ["+1 к удару", "могут двигаться по диагонали"]),   # lossy
    ("При гибели - каждая нежить на вашем. кладбище получает жетон",
     ["каждая нежить на вашем. кладбище получает жетон"]),
])
def test_a_lower_case_sentence_is_its_own_feature(text, forms):
    assert [feature_record(f)["canonical"] for f in read_text(text, "Кобольд")] == forms
