"""berserk-judge: a rules adjudicator and linter for «Берсерк» card texts.

Installed, the project is this one package; its rooms (cli, parser, cardbase,
reports, lint, grid, explain, rulebook, russian, server, docs) are its
subpackages. In the repository they stay top-level folders: setup.py maps
`berserk_judge.X` to `X/` for the build and the editable install, and
`berserk_judge/X` is a symbolic link to `../X` so that static tools (type
checkers, editors, import graphs) resolve `berserk_judge.cli` in a checkout
too (the links stay out of the sdist; tests/test_static_imports.py). Where a
checkout has no links (git without symlinks), the checkout itself is added to
this package's search path, so `berserk_judge.cli` still resolves to `cli/`
at run time.

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
