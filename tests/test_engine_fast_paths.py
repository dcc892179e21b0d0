"""The engine's shortcuts give what the general path gives."""
from berserk_judge.parser.engine.reading import _read_tokens, read_tokens
from berserk_judge.parser.engine.tokens import Kind, Token


def test_one_atom_reads_as_the_general_path_does():
    for tok in (Token(Kind.ATOM, "ранить цель на 1", 3, 19), Token(Kind.ATOM, "С1", 0, 2, label="С1")):
        fast, general = read_tokens([tok]), _read_tokens([tok])
        assert fast == general and fast.tree.span == general.tree.span and fast.alternatives == []


def test_one_atom_under_may_reads_as_the_general_path_does():
    for chooser in (None, "противник"):
        tokens = [Token(Kind.MAY, "может", 0, 5, chooser=chooser), Token(Kind.ATOM, "ранить цель на 1", 6, 22)]
        fast, general = read_tokens(tokens), _read_tokens(tokens)
        assert fast == general and fast.tree.body.span == general.tree.body.span and fast.alternatives == []
