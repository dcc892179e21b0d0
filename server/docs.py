"""Where a rule's documentation is, for a diagnostic's `codeDescription`.

The catalogue `docs/rules.md` is generated from the rules themselves
(`berserk-judge rule --format markdown`). The link is, in this order:

1. the editor's template, `initializationOptions.rulesUrl`, with `{code}`,
   `{name}` and `{anchor}` (`bj101-ambiguous-grouping`, the heading's
   anchor in the Markdown, as on GitHub), e.g.
   `https://example.org/berserk-judge/docs/rules.md#{anchor}`;
2. `file://…/docs/rules.md#L<line of the rule's heading>` when the
   catalogue is beside the installed package (a checkout installed with
   `pip install -e .`, as the README does); editors open it at the heading;
3. no link (the code alone; hovering `# noqa: CODE` still shows the docs).
"""
from __future__ import annotations

from functools import cached_property
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def anchor(code: str, name: str) -> str:
    """The anchor of a rule's heading in docs/rules.md (`## BJ101 \\`ambiguous-grouping\\``)."""
    return f"{code.lower()}-{name}"


class RuleDocs:
    """Links to the documentation of each rule."""

    def __init__(self, template: str | None = None, catalogue: Path | None = CATALOGUE):
        self.template = template
        self.catalogue = catalogue

    @cached_property
    def _lines(self) -> dict[str, int]:
        """Line (1-based) of each rule's heading in the catalogue."""
        out: dict[str, int] = {}
        try:
            text = self.catalogue.read_text(encoding="utf-8") if self.catalogue else ""
        except (OSError, UnicodeDecodeError):
            return out
        for number, line in enumerate(text.splitlines(), start=1):
            if line.startswith("## BJ"):
                out[line.split()[1]] = number
        return out

    def line(self, code: str) -> int | None:
        return self._lines.get(code)

    def href(self, code: str, name: str) -> str | None:
        if self.template:
            try:
                return self.template.format(code=code, name=name, anchor=anchor(code, name))
            except (KeyError, IndexError, ValueError):
                pass   # a template with other fields: the catalogue's link instead
        line = self.line(code)
        if line is None:
            return None
        return f"{self._catalogue_uri}#L{line}"

    @cached_property
    def _catalogue_uri(self) -> str:
        return self.catalogue.as_uri()
