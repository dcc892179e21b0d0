"""The server's stdio loop: LSP frames in, each message answered or refused.

pygls' own loop drops what it cannot handle without a word, and a client
waits forever: a request whose params do not fit the method's types (a
negative position, `params: null`, a string for a number), any request
after `shutdown`, a frame whose header is garbled (its body is then read
as the next header, and that message is lost too). It also reads any
`Content-Length` whole (10¹² bytes: MemoryError). Here, before pygls
handles a message:

* a frame over MAX_FRAME bytes is refused: an error to its request id if
  its first bytes name one, a message to the user, and reading goes on at
  the next header (the body is skipped in bounded chunks, never held);
* a header without a valid `Content-Length` is skipped up to the next one,
  even when it stands right after a body on the same line;
* a body that is not JSON gets -32700, a message that is not an object
  -32600, a request before `initialize` -32002, a request after `shutdown`
  -32600, params the method's types refuse -32602 (a notification's: a
  message to the client, `window/logMessage`);
* a `didChange` is screened first (server.textsync.screen_change);
* `exit` ends the loop with 0 after `shutdown`, 1 without it.
"""
from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from typing import BinaryIO

from lsprotocol import types

log = logging.getLogger(__name__)

MAX_FRAME = 256 * 1024 * 1024   # bytes of one message; a 5 MB card file is far below
CHUNK = 1 << 16
_LENGTH = re.compile(rb"content-length[ \t]*:[ \t]*(\d{1,20})[ \t]*\r?\n$", re.I)
_HEADER_START = re.compile(rb"content-length[ \t]*:", re.I)
_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,18}|"(?:[^"\\]|\\.){0,200}")')

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, NOT_INITIALIZED = \
    -32700, -32600, -32601, -32602, -32002


class FrameReader:
    """Frames from a byte stream; a line is read at most CHUNK bytes at a time,
    a refused body is skipped chunk by chunk (never held whole)."""

    def __init__(self, stream: BinaryIO):
        self.stream = stream
        self.pending = b""   # bytes read ahead (after a header found inside a chunk)

    def line(self) -> bytes:
        if self.pending:
            cut = self.pending.find(b"\n")
            if cut >= 0:
                line, self.pending = self.pending[:cut + 1], self.pending[cut + 1:]
                return line
            data, self.pending = self.pending, b""
            return data + self.stream.readline(CHUNK)
        return self.stream.readline(CHUNK)

    def frame(self) -> tuple[int | None, bool]:
        """(length, False) of the next frame's header; (None, True) at the end
        of input. A header is found anywhere in a line (after a body that
        ended without a break, or after garbage); lines before it are skipped."""
        length = None
        while True:
            line = self.line()
            if not line:
                return None, True
            if length is None:
                found = _LENGTH.search(line)
                if found is not None:
                    length = int(found.group(1))
                elif not line.endswith(b"\n"):
                    self.pending = line[-64:]   # a cut line: a header may start in its tail
                    if self.pending == line:
                        self.pending = b""
                        continue
                continue
            if line in (b"\r\n", b"\n"):
                return length, False
            # another header field (Content-Type): ignored

    def _read(self, size: int) -> bytes:
        if self.pending:
            part, self.pending = self.pending[:size], self.pending[size:]
            return part
        return self.stream.read(size)

    def body(self, length: int) -> bytes:
        parts, left = [], length
        while left > 0:
            part = self._read(min(left, CHUNK))
            if not part:
                break
            parts.append(part)
            left -= len(part)
        return b"".join(parts)

    def skip(self, length: int) -> bytes:
        """Skip a refused body; its first bytes are returned (for its id).
        The skip stops early at a new header: a client that claimed more
        than it sent goes on being heard."""
        head = b""
        left = length
        while left > 0:
            line = self.line() if self.pending else self.stream.readline(min(left, CHUNK))
            if not line:
                break
            if len(head) < CHUNK:
                head += line[:CHUNK - len(head)]
            found = _HEADER_START.search(line)
            if found is not None:
                self.pending = line[found.start():] + self.pending
                break
            left -= len(line)
        return head


class Gate:
    """What the protocol may hear now: before `initialize`, after `shutdown`."""

    def __init__(self, server):
        self.server = server
        self.protocol = server.protocol
        self.initialized = False
        self.exit_code: int | None = None

    def send_error(self, msg_id, code: int, message: str) -> None:
        self.protocol._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}})

    def handle(self, body: bytes) -> None:
        try:
            raw = json.loads(body)
        except (ValueError, UnicodeDecodeError) as exc:
            self.send_error(None, PARSE_ERROR, f"сообщение не читается как JSON: {exc}")
            return
        if not isinstance(raw, dict):
            self.send_error(None, INVALID_REQUEST, "сообщение JSON-RPC должно быть объектом")
            return
        method = raw.get("method")
        msg_id = raw.get("id")
        is_request = "id" in raw and isinstance(method, str)
        if "id" in raw and not isinstance(msg_id, (int, str)) or (isinstance(msg_id, bool)):
            if method is not None:
                self.send_error(None, INVALID_REQUEST, "id запроса должен быть числом или строкой")
            return
        if method is not None and not isinstance(method, str):
            self.send_error(msg_id, INVALID_REQUEST, "method должен быть строкой")
            return
        if method == types.EXIT:
            self.exit_code = 0 if self.protocol._shutdown else 1
            return
        if method is not None and self.protocol._shutdown:
            if is_request:
                self.send_error(msg_id, INVALID_REQUEST, "сервер завершает работу (после shutdown)")
            return
        if method is not None and not self.initialized and method != types.INITIALIZE:
            if is_request:
                self.send_error(msg_id, NOT_INITIALIZED, "сервер ещё не инициализирован (нужен initialize)")
            return
        raw.setdefault("jsonrpc", "2.0")
        if method is not None and self.protocol.get_message_type(method) is None \
                and method not in self.protocol.fm.features and method not in self.protocol.fm.builtin_features:
            if is_request:
                self.send_error(msg_id, METHOD_NOT_FOUND, f"метод {method} не поддерживается")
            return
        screen = getattr(self.server, "screen_change", None)
        if method == types.TEXT_DOCUMENT_DID_CHANGE and screen is not None and not screen(raw.get("params")):
            return   # refused, and said why (server.textsync)
        try:
            message = self.protocol.structure_message(raw)
        except Exception as exc:  # noqa: BLE001 - params the method's types refuse
            cause = exc.__cause__ or exc
            if is_request:
                self.send_error(msg_id, INVALID_PARAMS, f"параметры {method} не подходят: {_short(cause)}")
            else:
                log.warning("notification %s with unfit params dropped: %s", method, cause)
                self.server.window_log_message(types.LogMessageParams(
                    types.MessageType.Warning, f"berserk-judge: уведомление {method} пропущено: его параметры "
                                               f"не подходят ({_short(cause)})"))
            return
        if message is raw and method is None:
            return   # a response of an unknown kind: nothing to do
        if method == types.INITIALIZE:
            self.initialized = True
        self.protocol.handle_message(message)


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:300]


async def run(server, stdin: BinaryIO) -> int:
    """Read frames until `exit` or the end of input; the exit code. Frames are
    read on a thread of their own (a daemon: a blocked read never holds the
    process at exit); messages are handled on the event loop, in order."""
    reader = FrameReader(stdin)
    gate = Gate(server)
    loop = asyncio.get_running_loop()
    if hasattr(server, "attach_loop"):
        server.attach_loop(loop)
    queue: asyncio.Queue = asyncio.Queue()

    def read_all():
        try:
            while True:
                length, ended = reader.frame()
                if ended:
                    break
                if length > MAX_FRAME:
                    item = ("refused", length, reader.skip(length))
                else:
                    item = ("body", length, reader.body(length))
                loop.call_soon_threadsafe(queue.put_nowait, item)
                if item[0] == "body" and len(item[2]) < length:
                    break
        except (OSError, ValueError):
            pass
        loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=read_all, name="lsp-reader", daemon=True).start()
    while True:
        item = await queue.get()
        if item is None:
            return 0
        kind, length, data = item
        if kind == "refused":
            found = _ID.search(data)
            msg_id = json.loads(found.group(1)) if found else None
            gate.send_error(msg_id, INVALID_REQUEST,
                            f"сообщение в {length} байт больше предела {MAX_FRAME}: не принято")
            server.window_log_message(types.LogMessageParams(
                types.MessageType.Error, f"berserk-judge: отклонено сообщение в {length} байт "
                                         f"(предел {MAX_FRAME})"))
            continue
        if len(data) < length:
            return 0   # the input ended inside a body
        try:
            gate.handle(data)
        except SystemExit as exc:   # pygls' own exit path, should it be reached
            return int(exc.code or 0)
        except Exception:  # noqa: BLE001 - one bad message never stops the server
            log.exception("message not handled")
        if gate.exit_code is not None:
            return gate.exit_code


def serve_stdio(server, stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Serve until `exit` (or the end of input); the process's exit code."""
    from pygls.io_ import StdoutWriter

    server._stop_event = threading.Event()
    server.protocol.set_writer(StdoutWriter(stdout))
    try:
        return asyncio.run(run(server, stdin))
    except BrokenPipeError:
        return 1
    finally:
        server._stop_event.set()
        if server._thread_pool:
            server._thread_pool.shutdown(wait=False, cancel_futures=True)
