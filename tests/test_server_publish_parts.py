"""A publish's kept diagnostics are written part after part under one header.

Joining the kept JSON of a 20,000-card file's diagnostics (25 MB), then
framing the join, held three copies at once at every publish (the
server's peak at opening: 373 MB, 319 MB without). The frame must still be
exactly what one joined message would be: its Content-Length counts the
bytes of every part (Cyrillic two bytes a letter), and no write holds much
more than one batch.
"""
from __future__ import annotations

import asyncio
import json

from berserk_judge.server import session
from berserk_judge.server.session import Encoded, JudgeServer, batches


class Writes:
    def __init__(self):
        self.chunks: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.chunks.append(bytes(data))

    def close(self) -> None:
        pass


def _framed(chunks: list[bytes]) -> tuple[int, bytes]:
    whole = b"".join(chunks)
    header, body = whole.split(b"\r\n\r\n", 1)
    length = int(header.split(b"\r\n")[0].split(b":")[1])
    return length, body


def _message(count: int) -> tuple[list[bytes], dict]:
    shapes = [json.dumps({"message": f"«Молотобоец» {n}: прямые кавычки \"x\" — ёлочки", "code": "BJ507"},
                         ensure_ascii=False).encode("utf-8") for n in range(count)]
    parts = [b'{"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", '
             b'"params": {"uri": "file:///b/s1.yaml", "diagnostics": [']
    for number, shape in enumerate(shapes):
        if number:
            parts.append(b", ")
        parts.append(shape)
    parts.append(b"]}}")
    return parts, json.loads(b"".join(parts))


def _sent(count: int, **writer_options) -> tuple[list[bytes], dict, "Writes"]:
    """An Encoded message of `count` diagnostics sent by a server on a loop of
    its own: its parts, the message they join into, what the writer got."""
    server = JudgeServer()
    writes = Writes()
    server.protocol.set_writer(writes, **writer_options)
    loop = asyncio.new_event_loop()
    try:
        server.attach_loop(loop)
        parts, expected = _message(count)
        server.protocol._send_data(Encoded(parts))
    finally:
        loop.close()
    return parts, expected, writes


def test_an_encoded_message_is_framed_whole_and_written_in_bounded_batches(monkeypatch):
    monkeypatch.setattr(session, "SEND_BATCH", 4096)
    parts, expected, writes = _sent(2000)
    length, body = _framed(writes.chunks)
    assert length == len(body) == sum(map(len, parts)) > 100_000
    assert json.loads(body) == expected
    assert expected["params"]["diagnostics"][7]["message"].startswith("«Молотобоец» 7:")
    assert len(writes.chunks) > 20   # never one joined write
    assert max(map(len, writes.chunks)) < 4096 + max(map(len, parts))


def test_without_headers_an_encoded_message_is_one_write():
    """A writer without framing (a websocket) takes one message a write."""
    _, expected, writes = _sent(50, include_headers=False)
    assert len(writes.chunks) == 1 and json.loads(writes.chunks[0]) == expected


def test_batches_join_parts_up_to_a_size_and_keep_a_long_part_whole():
    parts = [b"a" * 3, b"b" * 3, b"c" * 10, b"d", b"e"]
    assert list(batches(parts, 5)) == [b"aaabbb", b"c" * 10, b"de"]
    assert list(batches([], 5)) == []
    assert b"".join(batches(parts, 1)) == b"".join(parts)
