"""Icon names from the card base, with a fallback while it is not importable."""
try:
    from cardbase.icons import IDENTIFIED_ICONS as IDENTIFIED, UNIDENTIFIED_ICONS as UNIDENTIFIED
except ImportError:  # pragma: no cover
    from cardbase.icons import KNOWN_ICONS, UNIDENTIFIED_ICONS as UNIDENTIFIED

    IDENTIFIED = frozenset(KNOWN_ICONS) - frozenset(UNIDENTIFIED)
