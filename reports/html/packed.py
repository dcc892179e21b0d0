"""The card entries of a big report kept packed (marshal + zlib), each unpacked when it is read.

A full entry is a few hundred small dicts and lists (segments, findings, feature
records, readings with their diagrams and explanations, stats, rewording); 10,000
cards' entries held at once were ~100 MB of the report's peak, on top of what the
linter had left. Packed, one entry is a bytes object of a few KB; the pages, the
search index, the findings list and report.json each read the entries one at a
time, so only the entries of one page are ever unpacked together.

An entry comes back as a fresh plain dict equal to the one packed (key order
kept) but for what only report.js draws of it: instead of its features, segments
and stats it holds `lazy`, their page data made once (reports.html.lazy.card_parts),
so neither the site's pass over every page's strings nor a page unpacks or draws
them again; its findings and rewording keep what the rest of the site reads
(`KEPT_FINDING`, `KEPT_REWORDING`), so the three passes over the light parts
unpack half as much. `page` and `was`, which the model sets after every card is read, live
in the entry's head (a small dict of the keys the model itself still needs) and
are put back on reading.
"""
from __future__ import annotations

import marshal
import pickle
import zlib
from collections.abc import Sequence

# what build() reads or sets after the entries are made: the page split, the summary, the changes' links
HEAD = ("id", "anchor", "name", "set", "set_name", "page", "compact", "ambiguous", "errata")
_LATE = ("page", "was")     # set on the head after packing, put back on every entry read
# what only a card's page draws: the search index, the findings list and report.json read the rest
# (`PackedCards.light`), so they unpack a fraction of each entry
_PAGE_ONLY = ("features", "segments", "forms", "stats")
_DRAWN = ("features", "segments", "stats")    # kept as their page data (`lazy`), not as they are
# a finding as the light part keeps it: report.json's finding, and all the search index, the
# findings list and a page's badges read (the rest of it is in the page data); a rewording as
# its counts (the text and diff are page data)
KEPT_FINDING = ("code", "severity", "message", "line", "column", "start", "end", "suggestion")
KEPT_REWORDING = ("safe", "unsafe")
_ORDERS: dict[tuple, tuple] = {}   # the entries' key orders, each kept once


def dump_value(value, compress: bool = True) -> bytes:
    """A value as bytes (marshal, or pickle for what marshal cannot keep), compressed unless
    `compress` is false: the one packing the entries and the readings' drawings share."""
    try:
        data = (b"m" if compress else b"M") + marshal.dumps(value)
    except ValueError:      # a value marshal does not know (a caller's own object): pickle keeps it
        data = (b"p" if compress else b"P") + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return zlib.compress(data, 1) if compress else data


def _pack(entry: dict, ids) -> tuple[bytes, bytes, tuple]:
    """The entry as its light part, its page part (page data, its strings numbered by `ids`, and
    forms) and its key order."""
    from berserk_judge.reports.html.lazy import card_parts

    light = {key: value for key, value in entry.items() if key not in _PAGE_ONLY}
    light["findings"] = [{key: f[key] for key in KEPT_FINDING} for f in entry["findings"]]
    if light["rewording"]:
        light["rewording"] = {key: light["rewording"][key] for key in KEPT_REWORDING}
    order = tuple(key for key in entry if key not in _DRAWN) + ("lazy",)
    # the light part is read four times and shrinks to two thirds only: it stays uncompressed
    return (dump_value(light, compress=False), dump_value((*card_parts(entry, ids), entry["forms"])),
            _ORDERS.setdefault(order, order))


def load_value(blob: bytes):
    """The value dump_value packed (a zlib stream starts with 0x78, never with M or P)."""
    tag = blob[:1]
    if tag == b"M":
        return marshal.loads(memoryview(blob)[1:])
    if tag == b"P":
        return pickle.loads(memoryview(blob)[1:])
    data = zlib.decompress(blob)
    return marshal.loads(data[1:]) if data[:1] == b"m" else pickle.loads(data[1:])


def light_entries(model: dict):
    """The model's entries for a reader of neither features, segments, forms nor stats: packed
    entries without those (a fraction to unpack), plain ones as they are."""
    cards = model["cards"]
    return cards.light() if isinstance(cards, PackedCards) else cards


class PackedCards(Sequence):
    """The model's `cards`: a sequence of entries, each unpacked afresh when read.

    `heads` are small dicts of the HEAD keys (and the ambiguous readings the summary
    lists), the ones build() goes on to read and set; the rest of an entry is packed.
    """

    def __init__(self):
        from berserk_judge.reports.html.lazy import StringIds

        self._blobs: list[tuple[bytes, bytes, tuple]] = []
        self.heads: list[dict] = []
        self.strings = StringIds()      # the page data's strings, each once (`lazy` holds their numbers)

    def add(self, entry: dict) -> dict:
        """Pack `entry`; its head, to be read and updated (page, was) in its place."""
        head = {key: entry[key] for key in HEAD}
        if entry["ambiguous"]:
            head["ambiguous_readings"] = [r["canonical"] for f in entry["features"] if f["ambiguous"]
                                          for r in f["shown_readings"]]
        self._blobs.append(_pack(entry, self.strings))
        self.heads.append(head)
        return head

    def seal(self) -> None:
        """Every entry is added: the strings' numbering is no longer needed (`StringIds.seal`)."""
        self.strings.seal()

    def __len__(self) -> int:
        return len(self._blobs)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        light, page, order = self._blobs[index]
        light = self._late(load_value(light), index)
        strings, data, forms = load_value(page)
        page_only = {"forms": forms, "lazy": (strings, data)}
        entry = {key: light[key] if key in light else page_only[key] for key in order}
        if len(entry) < len(light) + len(page_only):
            entry.update(light)     # a key set after packing (was) comes last, as it did
        return entry

    def lazy_parts(self, index: int) -> dict:
        """Entry `index` as far as its page data (`lazy`): what the site's pass over every
        page's strings reads, without the rest of the entry."""
        strings, data, _forms = load_value(self._blobs[index][1])
        return {"lazy": (strings, data)}

    def __iter__(self):
        for index in range(len(self._blobs)):
            yield self[index]

    def light(self):
        """Each entry without what only its page draws (features, segments, forms, stats)."""
        for index, (light, _page_only, _order) in enumerate(self._blobs):
            yield self._late(load_value(light), index)

    def _late(self, entry: dict, index: int) -> dict:
        head = self.heads[index]
        for key in _LATE:
            if key in head:
                entry[key] = head[key]
        return entry
