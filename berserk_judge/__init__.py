"""berserk-judge: a rules adjudicator and linter for «Берсерк» card texts.

Installed, the project is this one package; its rooms (cli, parser, cardbase,
reports, lint, grid, explain, rulebook, russian, server) are its subpackages.
In the repository they stay top-level folders (pyproject maps
`berserk_judge.X` to `X/`); run from a checkout without an install, the
checkout itself is added to this package's search path so that
`berserk_judge.cli` still resolves to `cli/`.

`__version__` is the distribution's version; a test keeps it equal to the
package metadata (importlib.metadata costs more than click itself, and
`--version` must start fast).
"""
from __future__ import annotations

import os as _os

__version__ = "0.1.0"

_checkout = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if (_os.path.isfile(_os.path.join(_checkout, "pyproject.toml"))
        and _os.path.isfile(_os.path.join(_checkout, "cli", "__init__.py"))
        and _checkout not in __path__):
    __path__.append(_checkout)
