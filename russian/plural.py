"""Russian noun forms after a number, shared by every message that counts."""
from __future__ import annotations


def plural(n: int, one: str, few: str, many: str) -> str:
    """The form of a noun after `n`: 1 клетка, 2 клетки, 5 клеток (11–14 take `many`)."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many
