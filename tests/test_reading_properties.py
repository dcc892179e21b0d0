"""Property tests: no text crashes the reader; the canonical form is a fixed point."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from berserk_judge.parser.engine.abstract import read_abstract
from berserk_judge.parser.engine.abstract_lexer import lex_abstract
from berserk_judge.parser.engine.canonical_form import canonical
from berserk_judge.parser.engine.reading import ReadingError, read_tokens

OPS = [" и ", " или ", ", ", ", при этом ", "; ", " – ", ", иначе ", ", в противном случае ",
       ", если противник не может или не хочет, ", ", при выполнении "]

atom = st.builds(lambda n, style: style.format(n), st.integers(1, 9),
                 st.sampled_from(["С{}", "[С{}]", "C{}"]))


def _group(items_and_ops):
    first, rest = items_and_ops
    return first + "".join(op + item for op, item in rest)


def _extend(inner):
    """One more level: parentheses, conditions, может, groups, paired forms, blocks."""
    unit = st.one_of(
        atom,
        inner.map(lambda s: f"({s})"),
        st.builds(lambda n, body, orelse: f"если У{n} — {body}" + (f", иначе {orelse}" if orelse else ""),
                  st.integers(1, 3), atom, st.none() | atom),
    )
    item = st.builds(lambda may, u: ("может " if may else "") + u, st.booleans(), unit)
    group = st.tuples(item, st.lists(st.tuples(st.sampled_from(OPS), item), max_size=3)).map(_group)
    alt = st.one_of(group, st.builds(lambda a, b: f"Или {a}, или {b}", group, group))
    block = st.one_of(
        st.lists(alt, min_size=1, max_size=3).map(", либо ".join),
        st.lists(alt, min_size=2, max_size=3).map(lambda alts: "Либо " + ", либо ".join(alts)),
    )
    return st.lists(block, min_size=1, max_size=3).map(", затем ".join)


well_formed = st.recursive(atom, _extend, max_leaves=10)

WORDS = ["С1", "[С2]", "C3", "У1", "и", "или", "либо", "затем", ",", ", при этом", ";", "–", "—",
         "-", ", иначе", ", в противном случае –", ", если противник не может или не хочет,",
         "может", "Может", "не может", "если", "если У1 —", "(", ")", "Или", "Либо", "При", ".",
         "\n", "x", "«", "»", "{tap}:", "  "]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join))
def test_no_exception_escapes_on_any_connective_soup(text):
    for feature in read_abstract(text):
        assert (feature.reading is None) == (feature.error is not None)
        if feature.error is not None:
            assert 0 <= feature.error.start <= feature.error.end <= len(text)
            assert feature.error.message


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=40))
def test_no_exception_escapes_on_any_text(text):
    for feature in read_abstract(text):
        assert feature.reading is not None or isinstance(feature.error, ReadingError)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(well_formed)
def test_canonical_form_is_a_fixed_point_and_rereads_to_the_same_tree(text):
    tree = read_tokens(lex_abstract(text)).tree
    form = canonical(tree)
    again = read_tokens(lex_abstract(form))
    assert again.tree == tree
    assert canonical(again.tree) == form
    assert not again.ambiguous, "the canonical form brackets every group explicitly"
