"""The engine's shortcuts give what the general path gives."""
from parser.engine.reading import _read_tokens, read_tokens
from parser.engine.tokens import Kind, Token


def test_one_atom_reads_as_the_general_path_does():
    for tok in (Token(Kind.ATOM, "ранить цель на 1", 3, 19), Token(Kind.ATOM, "С1", 0, 2, label="С1")):
        fast, general = read_tokens([tok]), _read_tokens([tok])
        assert fast == general and fast.tree.span == general.tree.span and fast.alternatives == []
