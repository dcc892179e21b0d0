"""Rule modules, one per family: bj0 reading, bj1 grouping, bj2 triggers,
bj3 types and payments, bj4 X, bj5 typography, bj9 suppressions."""
