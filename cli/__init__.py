"""The command-line shell of berserk-judge.

`__version__` is the package version (pyproject.toml; a test keeps them equal):
`--version` prints it without importing importlib.metadata, which would cost
more than click itself.
"""

__version__ = "0.1.0"
