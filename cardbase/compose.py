"""One way to compose a card file into YAML nodes: the loader's, for every reader and writer.

ruamel's C composer (libyaml, YAML 1.1) is about eight times faster than its pure
round-trip one (YAML 1.2), but it refuses some files the pure one reads: a raw
U+2028 or U+0085 in a plain scalar is a line break in 1.1 and text in 1.2. The
loader falls back to the pure composer there, so a card name holding one loads;
a writer that composed with C alone then failed on the same file with a
ScannerError traceback (`lint --fix`, `--diff`, `import --rulings`: issue 38).
Everything that reads a card file's nodes goes through `compose`, so the
writer sees the nodes and values the loader saw.

The two count lines differently too: 1.1 breaks a line at CR, LF, CRLF, NEL,
U+2028 and U+2029; 1.2 only at CR, LF and CRLF. `compose` says which breaks
the marks of the composer it used count, so positions are found in the same lines.
"""
from __future__ import annotations

import functools
import re

LEGACY_BREAKS = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")   # YAML 1.1: the C composer's marks
BREAKS = re.compile(r"\r\n|[\n\r]")                           # YAML 1.2: the pure composer's marks


@functools.lru_cache(maxsize=1)
def has_clib() -> bool:
    """The C parser behind YAML(typ="safe", pure=False); asked only when a file is parsed."""
    try:
        import _ruamel_yaml  # noqa: F401
    except ImportError:  # pragma: no cover - clib is a dependency, but stay usable without it
        return False
    return True


def compose(source: str, resolver=None):
    """(yaml, root node, line breaks) of `source` as the loader composes it: the C composer,
    else the pure round-trip one; `line breaks` is the pattern of the breaks its marks count.
    The pure composer's error (ruamel.yaml's MarkedYAMLError, ReaderError) is raised when
    neither reads the file. `resolver`: the C composer's resolver class."""
    from ruamel.yaml import YAML

    if has_clib():
        yaml = YAML(typ="safe", pure=False)
        if resolver is not None:
            yaml.Resolver = resolver
        try:
            return yaml, yaml.compose(source), LEGACY_BREAKS
        except Exception:  # noqa: BLE001 - read again below: the pure composer reads more, and says why not
            pass
    yaml = YAML(typ="rt")           # ruamel's pure reader counts lines as YAML 1.2 does
    return yaml, yaml.compose(source), BREAKS
