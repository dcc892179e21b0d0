"""The reader's public face: import from `parser`, never from its modules.

Callers outside `parser/` (cli, lint, reports, explain, …) use only these
names, so the reader's inner layout can change without touching them.
Names resolve lazily: `import parser` costs nothing until a name is used,
which keeps `berserk-judge --version` fast.
"""
from __future__ import annotations

import importlib

# public name -> module that defines it (relative to this package)
_EXPORTS: dict[str, str] = {
    # real card text
    "read_text": ".reader.features", "read_card": ".reader.features", "Feature": ".reader.features",
    "warm_up": ".reader.features",
    "KIND_NAMES": ".reader.kinds", "kind_name": ".reader.kinds", "declared_static": ".reader.kinds",
    # abstract text (С1, У1, …)
    "read_abstract": ".engine.abstract", "AbstractFeature": ".engine.abstract",
    "looks_abstract": ".engine.abstract_lexer",
    # readings and the tree
    "Reading": ".engine.reading", "reading_strings": ".engine.reading", "Alternative": ".engine.reading", "ReadingError": ".engine.reading",
    "canonical": ".engine.canonical_form", "abstract_canonical": ".engine.canonical_form",
    "Node": ".engine.tree", "Atom": ".engine.tree", "All": ".engine.tree", "Choice": ".engine.tree", "Either": ".engine.tree",
    "Sequence": ".engine.tree", "Dependent": ".engine.tree", "Fallback": ".engine.tree",
    "OpponentFallback": ".engine.tree", "Condition": ".engine.tree", "May": ".engine.tree",
    "atoms": ".engine.tree", "children": ".engine.tree", "conditions": ".engine.tree", "choosers": ".engine.tree",
    # undecided pairs (spec section 3)
    "PAIRS_BY_ID": ".engine.ambiguity", "UNDECIDED_PAIRS": ".engine.ambiguity",
    # 116.5: effects whose moment the rules fix (conditional playable; no BJ205)
    "moment_fixed_by_rules": ".reader.moments",
    # an ability's own later moment («при гибели … — вернуть …»): explain, BJ103
    "delayed_moment": ".reader.moments",
    # morphology the lint rules share with the reader
    "is_instruction": ".reader.morph",
    # the process-wide pymorphy3 analyser (rulebook word search shares it)
    "morph_analyzer": ".reader.morph",
    # coverage of a base
    "cover": ".reader.coverage", "FileCoverage": ".reader.coverage", "Unread": ".reader.coverage",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'parser' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
