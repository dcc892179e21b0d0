"""server.textsync.spliced: a ranged change made in one copy of the buffer
(no copies of its two sides first), exactly the joined text in every case:
a change near the start or the end, an insertion, a deletion, a replaced
range, and a buffer of repeats where no anchor is unique (joined then)."""
from __future__ import annotations

import random

from berserk_judge.server import textsync
from berserk_judge.server.textsync import spliced


def _joined(source: str, begin: int, stop: int, text: str) -> str:
    return source[:begin] + text + source[stop:]


def test_spliced_equals_the_joined_text_on_random_changes():
    rnd = random.Random(11)
    card = "- id: s1-{n}\n  name: Лук\n  text: '«Лук»: при гибели — ранить цель на 1.'\n"
    lossy = "- id: x{n}\n  text: \"\\\"Стрела\\\": при гибели - ранить цель на 2 , 2*2\"\n"
    sources = ["".join((card if n % 2 else lossy).format(n=n) for n in range(300)),
               "ab" * 5000,   # repeats: no unique anchor near a change
               "", "я"]
    for source in sources:
        for _ in range(200):
            begin = rnd.randint(0, len(source))
            stop = min(len(source), begin + rnd.choice([0, 0, 1, 3, 40]))
            text = rnd.choice(["", "а", "\n", "😀", " — ", "ab", "x\ny"])
            assert spliced(source, begin, stop, text) == _joined(source, begin, stop, text), (begin, stop, text)


def test_a_change_in_a_buffer_of_repeats_and_in_a_unique_place():
    source = "ab" * 5000
    assert spliced(source, 7000, 7001, "я") == source[:7000] + "я" + source[7001:]
    unique = "".join(f"- id: c{n}\n" for n in range(2000))
    at = unique.index("c1500")
    assert spliced(unique, at, at + 5, "d9") == unique[:at] + "d9" + unique[at + 5:]
    assert spliced(unique, 0, 0, "# база\n") == "# база\n" + unique
    assert spliced(unique, len(unique), len(unique), "- id: z\n") == unique + "- id: z\n"
