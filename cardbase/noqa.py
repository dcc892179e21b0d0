"""`# noqa` comments: which codes a comment silences and on which text line.

Forms (a comment may hold several, each after its own `#`, as in flake8's
`# why  # noqa: E501`; the word must follow a `#`, so prose that mentions
noqa is not one):

* `# noqa` — every code;
* `# noqa: BJ101, BJ102` — these codes;
* `# noqa[2]: BJ101` — these codes on text line 2 only (1-based); useful
  below a block scalar, whose lines cannot carry comments themselves.

Where such a comment may stand is described in `cardbase.textmap`.
"""
from __future__ import annotations

import re

_NOQA_RE = re.compile(
    r"#\s*noqa(?![\w-])(?:\[(?P<index>\d+)\])?(?:\s*:\s*(?P<codes>[A-Za-z]+\d+(?:[\s,]+[A-Za-z]+\d+)*))?",
    re.IGNORECASE,
)
_CODE_RE = re.compile(r"[A-Za-z]+\d+")


def parse_noqa_all(comment: str | None) -> list[tuple[tuple[str, ...], int | None]]:
    """Every noqa of a comment as (codes, 1-based text line or None).

    Empty codes mean "every code".
    """
    found = []
    for match in _NOQA_RE.finditer(comment or ""):
        codes = tuple(code.upper() for code in _CODE_RE.findall(match.group("codes") or ""))
        index = match.group("index")
        found.append((codes, int(index) if index is not None else None))
    return found
