"""The server answers every request: a plain client over stdio sends what
clients should not (wrong params, requests out of order, broken frames) and
waits for each answer with a timeout, so a dropped request fails the test."""
from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

SERVER = [sys.executable, "-m", "berserk_judge", "server"]
REPO = Path(__file__).resolve().parents[1]
WAIT = 30

CARDS = ("set: {id: p, name: П}\ncards:\n- id: p1\n  name: Лучник\n  text: 'При гибели - ранить цель на 1.'\n"
         "- id: p2\n  name: Страж\n  text: «Лук»: ранить цель на 2*2 — A&B.\n")


def frame(message) -> bytes:
    body = (message if isinstance(message, bytes) else json.dumps(message, ensure_ascii=False).encode("utf-8"))
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Raw:
    """A bare client: frames out, every message in on a queue."""

    def __init__(self, cwd: Path):
        self.process = subprocess.Popen(SERVER, cwd=str(REPO), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.root = cwd

    def _read(self):
        stream = self.process.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    self.messages.put(None)
                    return
                header += byte
            length = int(next(line.split(b":")[1] for line in header.split(b"\r\n")
                              if line.lower().startswith(b"content-length")))
            self.messages.put(json.loads(stream.read(length)))

    def send(self, data: bytes | dict) -> None:
        self.process.stdin.write(data if isinstance(data, bytes) else frame(data))
        self.process.stdin.flush()

    def reply(self, msg_id, timeout: float = WAIT) -> dict:
        """The response to request `msg_id` (other messages are passed over)."""
        while True:
            message = self.messages.get(timeout=timeout)
            assert message is not None, f"the server closed its output before answering {msg_id}"
            if message.get("id") == msg_id and "method" not in message:
                return message
            if "id" in message and "method" in message:   # a request from the server: agree
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})

    def initialize(self) -> None:
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "processId": None, "rootUri": self.root.as_uri(), "capabilities": {}}})
        assert "result" in self.reply(0)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def close(self) -> int:
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            return self.process.wait(WAIT)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@pytest.fixture
def root(tmp_path) -> Path:
    (tmp_path / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return tmp_path


def _hover(msg_id, uri, params=None) -> dict:
    return {"jsonrpc": "2.0", "id": msg_id, "method": "textDocument/hover",
            "params": params if params is not None else {"textDocument": {"uri": uri},
                                                         "position": {"line": 4, "character": 12}}}


def test_every_request_gets_a_response_or_an_error(root):
    client = Raw(root)
    uri = (root / "cards.yaml").as_uri()
    client.send(_hover(1, uri))
    assert client.reply(1)["error"]["code"] == -32002   # before initialize
    client.initialize()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "yaml", "version": 1, "text": CARDS}}})
    client.send(_hover(2, uri))
    assert "result" in client.reply(2)
    bad = [{"textDocument": {"uri": uri}, "position": {"line": -1, "character": -5}},
           {"textDocument": {"uri": uri}, "position": {"line": "четыре", "character": 1}},
           {"textDocument": 5, "position": []}]
    for number, params in enumerate(bad, start=3):
        client.send(_hover(number, uri, params))
        answer = client.reply(number)
        assert "result" in answer or answer["error"]["code"] == -32602, answer
    client.send({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": None})
    assert client.reply(7)["error"]["code"] == -32602
    client.send({"jsonrpc": "2.0", "id": 8, "method": "textDocument/codeAction", "params": {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 4, "character": 0},
                                                "end": {"line": 4, "character": 40}}, "context": {"diagnostics": []}}})
    assert isinstance(client.reply(8)["result"], list)
    client.send({"jsonrpc": "2.0", "id": 9, "method": "нет/такого"})
    assert client.reply(9)["error"]["code"] == -32601
    client.send(b"Content-Length: 9\r\n\r\n{not json")
    client.send({"jsonrpc": "2.0", "id": 10, "method": "shutdown"})
    assert client.reply(10)["result"] is None
    client.send(_hover(11, uri))
    assert client.reply(11)["error"]["code"] == -32600   # after shutdown
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.process.wait(WAIT) == 0
    client.close()


def test_exit_without_shutdown_exits_1(root):
    client = Raw(root)
    client.initialize()
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.process.wait(WAIT) == 1
    client.close()


def test_broken_frames_do_not_make_the_server_deaf(root):
    client = Raw(root)
    client.initialize()
    uri = (root / "cards.yaml").as_uri()
    # a garbled header, then a good message right after it
    client.send(b"Content-Lenght: 12\r\n\r\n{\"x\": 1}    ")
    client.send(_hover(1, uri))
    assert "result" in client.reply(1) or "error" in client.reply(1)
    # a header without a number, a body without a break before the next header
    client.send(b"Content-Length: abc\r\n\r\n" + json.dumps(_hover(99, uri)).encode())
    client.send(_hover(2, uri))
    assert client.reply(2)
    # a frame claiming a terabyte: refused with an error for its id, and the server goes on
    client.send(b"Content-Length: 1000000000000\r\n\r\n" + json.dumps(_hover(3, uri)).encode())
    client.send(_hover(4, uri))
    refused = client.reply(3)
    assert refused["error"]["code"] == -32600 and "больше предела" in refused["error"]["message"]
    assert "result" in client.reply(4)
    client.send({"jsonrpc": "2.0", "id": 5, "method": "shutdown"})
    client.reply(5)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.process.wait(WAIT) == 0
    client.close()


def _big_file(count: int) -> str:
    texts = ["«Лук»: при гибели — ранить цель на {n}.", "При атаке - ранить цель на {n} и закрыть ее.",
             "{{tap}}: Выстрел на {n}. Квадрат 2*2 и A&B."]
    items = "".join(f"- id: b{n}\n  name: Большой {n}\n  text: '{texts[n % 3].format(n=n % 7 + 1)}'\n"
                    for n in range(count))
    return "set: {id: b, name: Б}\ncards:\n" + items


def test_a_hover_on_a_small_document_is_answered_while_a_large_one_is_checked(root):
    import time

    big = _big_file(1500)
    (root / "big.yaml").write_text(big, encoding="utf-8")
    client = Raw(root)
    client.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "processId": None, "rootUri": root.as_uri(), "capabilities": {"window": {"workDoneProgress": True}}}})
    assert "result" in client.reply(0)
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    small, large = (root / "cards.yaml").as_uri(), (root / "big.yaml").as_uri()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": small, "languageId": "yaml", "version": 1, "text": CARDS}}})
    client.send(_hover(1, small))
    assert "result" in client.reply(1)   # the small document is read
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": large, "languageId": "yaml", "version": 1, "text": big}}})
    time.sleep(0.2)
    client.send(_hover(2, small))
    order, progress = [], []
    while "large" not in order:
        message = client.messages.get(timeout=120)
        assert message is not None
        if message.get("id") == 2 and "method" not in message:
            order.append("hover")
        elif message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == large:
            order.append("large")
        elif message.get("method") == "window/workDoneProgress/create":
            client.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
        elif message.get("method") == "$/progress":
            progress.append(message["params"]["value"]["kind"])
        elif "id" in message and "method" in message:
            client.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
    assert order[0] == "hover", order
    assert progress[:1] == ["begin"] and "end" in progress, progress
    client.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    client.reply(3)
    client.send({"jsonrpc": "2.0", "method": "exit"})
    assert client.process.wait(WAIT) == 0
    client.close()
