"""The reader's grouping agrees with an independent oracle (issue 12, item 7).

The oracle (tests/oracle/grouping.py) is a Lark Earley grammar with
ambiguity="explicit" that encodes spec sections 2–3 as productions; here a
sample of abstract sentences is compared (all with up to two connectives and
300 random ones); bench/bench_oracle.py compares 10,000.
"""
import pytest

pytest.importorskip("lark")

from oracle.grouping import all_sentences, compare, readings, sentences, text_of  # noqa: E402


def default(found):
    return [node for node, uses in found.items() if frozenset() in uses]


def test_oracle_reads_the_worked_examples():
    # E1: [С1], при этом [С2], затем [С3] и [С4] — one reading under every policy
    assert list(readings(["DEP", "THEN", "AND"])) == [
        ("затем", ("при этом", ("С1",), ("С2",)), ("и", ("С3",), ("С4",)))]
    # E2 without its commas: С1 или С2, либо С3, при этом С4 и С5, затем С6, если противник …, С7
    assert list(readings(["OR", "EITHER", "DEP", "AND", "THEN", "OPP"])) == [
        ("затем", ("либо", ("или", ("С1",), ("С2",)), ("при этом", ("С3",), ("и", ("С4",), ("С5",)))),
         ("отказ", ("С6",), ("С7",)))]


def test_oracle_sees_each_undecided_pair():
    found = readings(["AND", "ELSE"])
    assert default(found) == [("иначе", ("и", ("С1",), ("С2",)), ("С3",))]
    assert found[("и", ("С1",), ("иначе", ("С2",), ("С3",)))] == {frozenset({"fallback-vs-and-or"})}
    assert set(readings(["DEP", "OR"])) == {
        ("или", ("при этом", ("С1",), ("С2",)), ("С3",)), ("при этом", ("С1",), ("или", ("С2",), ("С3",)))}
    assert set(readings(["COMMA", "AND", "OR"])) == {
        ("или", ("и", ("С1",), ("С2",), ("С3",)), ("С4",)), ("или", ("С1",), ("и", ("С2",), ("С3",)), ("С4",))}
    assert len(readings(["DEP", "OPP"])) == 2
    assert text_of(["DEP", "OPP"]) == "С1, при этом С2, если противник не может или не хочет, С3"


def test_reader_agrees_with_the_oracle_on_every_short_sentence():
    problems = [p for ops in all_sentences(2) for p in compare(ops)]
    assert problems == []


def test_reader_agrees_with_the_oracle_on_random_sentences():
    problems = [p for ops in sentences(300, seed=12) for p in compare(ops)]
    assert problems == []
