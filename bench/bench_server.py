"""Benchmark the language server as an editor meets it: over stdio, through LSP.

Builds a base from ../shared/corpus (by default 10,000 cards in files of
200, as bench_scale.py does), starts `berserk-judge server` and measures,
wall time and the server process's CPU time (user + system, from /proc)
from the same run:

* `--scenario edits` (the default): opens one file and types into it: each
  edit changes one card's text (a letter added or removed, incremental
  `didChange`), timed from sending the change to receiving its
  `publishDiagnostics` (the server's debounce included); the first
  diagnostics after opening, the time until the base is indexed, and the
  server's memory (peak and current RSS);
* `--scenario scale` (a file of `--file-cards` cards, 20,000 for the
  issue's targets): while the file is being opened, a folding, a symbols and
  a hover request and a request cancelled 50 ms after it was sent (how long
  each waits); then the bytes a keystroke publishes, the document symbols'
  size, a quick fix's `codeAction` and `codeAction/resolve`, formatting
  (every safe fix) and a small document opened while it runs; then
  `lint --fix` on a copy of the file for comparison;
* `--scenario no-resolve`: the same file, for a client without
  `codeAction/resolve` (every offered action carries its edit);
* `--scenario one-line`: a card file on one line (`{"set": …, "cards": […]}`,
  `--one-line-cards` cards, about 5 MB at 10,000): the first diagnostics,
  then edits in a text in the middle of the line.

    python bench/bench_server.py [--scenario edits|scale|no-resolve|one-line] [--cards 10000]
                                 [--file-cards 200] [--edits 40] [--debounce-ms 30] [--json out.json]

Every wait has a limit (`--timeout`): what does not come in time is
reported as such. Timings on a shared machine are noisy: the CPU figures
are the steadier ones; the load average is printed with them.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench import scale_base  # noqa: E402
from bench.scale_base import SET_SIZE, build_base  # noqa: E402

LIMIT_MS = 150          # an edit to a file of up to 2,000 cards (the targets)…
LARGE_LIMIT_MS = 1000   # …and to a larger one (20,000 cards)
MEMORY_LIMIT_MB = 300
RESOLVE_LIMIT_MS = 200  # a quick fix resolved at 20,000 cards
CANCEL_LIMIT_MS = 100   # a `$/cancelRequest` answered
ONE_LINE_CPU_LIMIT_S = 2.0   # an edit to a one-line 5 MB file


class Client:
    """A bare LSP client over the server's pipes (no library between, nothing hidden)."""

    def __init__(self, process: asyncio.subprocess.Process):
        self.process = process
        self.next_id = 0
        self.replies: dict[int, asyncio.Future] = {}
        self.published: asyncio.Queue = asyncio.Queue()
        self.sizes: dict[tuple[str, int | None], int] = {}   # bytes of each publishDiagnostics
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self):
        stream = self.process.stdout
        while True:
            header = await stream.readuntil(b"\r\n\r\n")
            length = next(int(line.split(b":")[1]) for line in header.split(b"\r\n")
                          if line.lower().startswith(b"content-length"))
            message = json.loads(await stream.readexactly(length))
            if "id" in message and "method" not in message:
                future = self.replies.pop(message["id"], None)
                if future is not None and not future.done():
                    future.set_result((time.perf_counter(), length, message))
            elif message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                self.sizes[(params["uri"], params.get("version"))] = length
                self.published.put_nowait((time.perf_counter(), params))
            elif "id" in message:   # a request from the server (registration, refresh, applyEdit): agree
                result = {"applied": True} if message.get("method") == "workspace/applyEdit" else None
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": result})

    def _send(self, message: dict) -> None:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def send(self, method: str, params) -> tuple[int, asyncio.Future]:
        """A request sent; its id and the future of (arrival time, bytes, message)."""
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.replies[self.next_id] = future
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id, future

    async def request(self, method: str, params, timeout: float = 900) -> dict:
        _, future = self.send(method, params)
        return (await asyncio.wait_for(future, timeout))[2]

    async def timed(self, method: str, params, pid: int, timeout: float) -> dict:
        """A request's reply with its wall and server CPU time; `timed_out` when none came in time."""
        cpu, sent = cpu_seconds(pid), time.perf_counter()
        _, future = self.send(method, params)
        try:
            at, length, message = await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            return {"timed_out": True, "wall_s": timeout, "cpu_s": cpu_seconds(pid) - cpu}
        return {"wall_s": at - sent, "cpu_s": cpu_seconds(pid) - cpu, "bytes": length, "reply": message}

    def notify(self, method: str, params) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    async def diagnostics(self, uri: str, version: int, timeout: float = 900) -> tuple[float, list]:
        while True:
            at, params = await asyncio.wait_for(self.published.get(), timeout)
            if params["uri"] == uri and params.get("version") == version:
                return at, params["diagnostics"]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int) -> tuple[float, float]:
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(status["VmHWM"].split()[0]) / 1024, int(status["VmRSS"].split()[0]) / 1024


def text_spans(source: str) -> list[tuple[int, int]]:
    """(line, first character) of each one-line card text's content, for typing into."""
    spots = []
    for number, line in enumerate(source.split("\n")):
        stripped = line.lstrip()
        if stripped.startswith("text: '") and len(stripped) > 12:
            spots.append((number, len(line) - len(stripped) + len("text: '") + 3))
        elif stripped.startswith("text: ") and not stripped.startswith(("text: |", "text: >", 'text: "')) \
                and len(stripped) > 10:
            spots.append((number, len(line) - len(stripped) + len("text: ") + 3))
    return spots


CAPABILITIES = {"general": {"positionEncodings": ["utf-16"]},
                "window": {"workDoneProgress": False},
                "textDocument": {"publishDiagnostics": {"versionSupport": True},
                                 "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": [
                                     "quickfix", "source", "source.fixAll"]}},
                                     "resolveSupport": {"properties": ["edit"]}},
                                 "documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}}


async def start(base: Path, debounce_ms: int, resolve: bool = True) -> tuple[Client, int]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "berserk_judge", "server", cwd=str(REPO),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 26)
    client = Client(process)
    capabilities = json.loads(json.dumps(CAPABILITIES))
    if not resolve:
        del capabilities["textDocument"]["codeAction"]["resolveSupport"]
    await client.request("initialize", {
        "processId": os.getpid(), "rootUri": base.as_uri(),
        "workspaceFolders": [{"uri": base.as_uri(), "name": "base"}],
        "initializationOptions": {"debounceMs": debounce_ms}, "capabilities": capabilities})
    client.notify("initialized", {})
    return client, process.pid


async def stop(client: Client) -> int:
    try:
        await client.request("shutdown", None, timeout=60)
        client.notify("exit", None)
        code = await asyncio.wait_for(client.process.wait(), 30)
    except asyncio.TimeoutError:
        client.process.kill()
        code = await client.process.wait()
    client.reader.cancel()
    return code


def open_document(client: Client, path: Path, text: str, version: int = 1) -> None:
    client.notify("textDocument/didOpen", {"textDocument": {"uri": path.as_uri(), "languageId": "yaml",
                                                            "version": version, "text": text}})


async def bench(base: Path, target: Path, edits: int, debounce_ms: int) -> dict:
    client, pid = await start(base, debounce_ms)
    uri = target.as_uri()
    source = target.read_text(encoding="utf-8")
    started, cpu = time.perf_counter(), cpu_seconds(pid)
    open_document(client, target, source)
    at, found = await client.diagnostics(uri, 1)
    first = {"wall_s": at - started, "cpu_s": cpu_seconds(pid) - cpu, "findings": len(found)}
    print(f"open (every card read): {first['wall_s']:.2f} s wall, {first['cpu_s']:.2f} s CPU, "
          f"{len(found)} diagnostics", flush=True)
    # the base is indexed in the background, then the document is linted again: wait for that
    indexed_at = None
    while True:
        try:
            indexed_at, _ = await client.diagnostics(uri, 1, timeout=20)
        except asyncio.TimeoutError:
            break
    index = {"wall_s": (indexed_at or at) - started, "cpu_s": cpu_seconds(pid) - cpu}
    peak, rss = memory_mb(pid)
    print(f"base indexed after {index['wall_s']:.1f} s ({index['cpu_s']:.1f} s CPU); "
          f"server memory {rss:.0f} MB (peak {peak:.0f} MB)", flush=True)

    rnd = random.Random(20)
    spots = text_spans(source)
    lines = source.split("\n")
    walls, cpus = [], []
    version = 1
    for number in range(edits):
        line, character = rnd.choice(spots)
        version += 1
        if number % 2 == 0:   # type a letter
            change = {"range": {"start": {"line": line, "character": character},
                                "end": {"line": line, "character": character}}, "text": "а"}
            lines[line] = lines[line][:character] + "а" + lines[line][character:]
            typed = (line, character)
        else:   # and take it back
            line, character = typed
            change = {"range": {"start": {"line": line, "character": character},
                                "end": {"line": line, "character": character + 1}}, "text": ""}
            lines[line] = lines[line][:character] + lines[line][character + 1:]
        before_cpu = cpu_seconds(pid)
        sent = time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [change]})
        arrived, _ = await client.diagnostics(uri, version)
        walls.append((arrived - sent) * 1000)
        cpus.append((cpu_seconds(pid) - before_cpu) * 1000)
        await asyncio.sleep(0.2)   # a typist's pause: each edit is measured alone
    peak, rss = memory_mb(pid)
    code = await stop(client)
    return {"open": first, "indexed": index, "edit_wall": summary(walls), "edit_cpu": summary(cpus),
            "edits": edits, "debounce_ms": debounce_ms, "memory_peak_mb": peak, "memory_rss_mb": rss,
            "exit_code": code}


def summary(values):
    ordered = sorted(values)
    return {"median_ms": statistics.median(values), "p90_ms": ordered[int(0.9 * (len(ordered) - 1))],
            "max_ms": ordered[-1]}


# -- at the size of a real base ---------------------------------------------------------------

def _position(source: str, needle: str, after: int = 0) -> dict:
    at = source.index(needle, after)
    line = source.count("\n", 0, at)
    return {"line": line, "character": at - (source.rfind("\n", 0, at) + 1)}


def _brief(result: dict) -> str:
    if result.get("timed_out"):
        return f"no answer within {result['wall_s']:.0f} s ({result['cpu_s']:.1f} s CPU)"
    return f"{result['wall_s'] * 1000:.0f} ms wall, {result['cpu_s'] * 1000:.0f} ms CPU, {result['bytes']} bytes"


async def scale(base: Path, target: Path, debounce_ms: int, timeout: float, resolve: bool = True) -> dict:
    """The scale scenario (see the module's docstring); `resolve`: whether the client resolves actions."""
    client, pid = await start(base, debounce_ms, resolve)
    uri = target.as_uri()
    source = target.read_text(encoding="utf-8")
    out: dict = {"resolve_support": resolve}
    started, cpu = time.perf_counter(), cpu_seconds(pid)
    open_document(client, target, source)
    document = {"textDocument": {"uri": uri}}
    hover_at = _position(source, "text:", len(source) // 2)
    hover_at["character"] += 9
    if resolve:
        await asyncio.sleep(0.5)   # the analysis has started: what waits for it?
        waiting = {name: asyncio.ensure_future(client.timed(method, params, pid, timeout)) for name, method, params in (
            ("folding", "textDocument/foldingRange", document),
            ("symbols_while_opening", "textDocument/documentSymbol", document),
            ("hover", "textDocument/hover", {**document, "position": hover_at}))}
        cancel_id, cancelled = client.send("textDocument/hover", {**document, "position": hover_at})
        await asyncio.sleep(0.05)
        asked = time.perf_counter()
        client.notify("$/cancelRequest", {"id": cancel_id})
        try:
            at, _, message = await asyncio.wait_for(cancelled, timeout)
            out["cancel"] = {"wall_s": at - asked, "error": message.get("error", {}).get("code")}
        except asyncio.TimeoutError:
            out["cancel"] = {"timed_out": True, "wall_s": timeout}
        print("while opening: a cancel answered in "
              + (f"{out['cancel']['wall_s'] * 1000:.0f} ms (code {out['cancel']['error']})"
                 if not out["cancel"].get("timed_out") else f"no answer within {timeout:.0f} s"), flush=True)
        for name, task in waiting.items():
            result = await task
            result.pop("reply", None)
            out[name] = result
            print(f"while opening: {name} {_brief(result)}", flush=True)
    try:
        at, found = await client.diagnostics(uri, 1, timeout)
    except asyncio.TimeoutError:
        out["open"] = {"timed_out": True}
        await stop(client)
        return out
    out["open"] = {"wall_s": at - started, "cpu_s": cpu_seconds(pid) - cpu, "shown": len(found),
                   "bytes": client.sizes.get((uri, 1))}
    print(f"open: {out['open']['wall_s']:.1f} s wall, {out['open']['cpu_s']:.1f} s CPU, "
          f"{len(found)} diagnostics published ({out['open']['bytes']} bytes)", flush=True)

    # a keystroke: what one publish carries
    spots = text_spans(source)
    line, character = spots[len(spots) // 2]
    cpu, sent = cpu_seconds(pid), time.perf_counter()
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": line, "character": character}, "end": {"line": line, "character": character}},
         "text": "а"}]})
    at, found = await client.diagnostics(uri, 2, timeout)
    out["keystroke"] = {"wall_s": at - sent, "cpu_s": cpu_seconds(pid) - cpu, "shown": len(found),
                        "bytes": client.sizes.get((uri, 2))}
    print(f"keystroke: {out['keystroke']['wall_s'] * 1000:.0f} ms wall, {out['keystroke']['cpu_s'] * 1000:.0f} ms "
          f"CPU, publishes {len(found)} diagnostics, {out['keystroke']['bytes']} bytes", flush=True)
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [
        {"range": {"start": {"line": line, "character": character},
                   "end": {"line": line, "character": character + 1}}, "text": ""}]})
    await client.diagnostics(uri, 3, timeout)

    if resolve:
        symbols = await client.timed("textDocument/documentSymbol", document, pid, timeout)
        symbols.pop("reply", None)
        out["symbols"] = symbols
        print(f"documentSymbol: {_brief(symbols)}", flush=True)

    # a quick fix where a fixable finding is
    target_diagnostic = next((d for d in found if d.get("code") == "BJ501"), None) or found[0]
    context = {"diagnostics": [target_diagnostic], "only": ["quickfix"]}
    actions = await client.timed("textDocument/codeAction", {**document, "range": target_diagnostic["range"],
                                                              "context": context}, pid, timeout)
    offered = (actions.get("reply") or {}).get("result") or []
    actions.pop("reply", None)
    actions["offered"] = len(offered)
    actions["with_edit"] = sum(1 for action in offered if action.get("edit"))
    out["code_action"] = actions
    print(f"codeAction ({'resolved later' if resolve else 'edits inline'}): {_brief(actions)}, "
          f"{len(offered)} actions", flush=True)
    fix = next((action for action in offered if action.get("isPreferred")), offered[0] if offered else None)
    if resolve and fix is not None:
        resolved = await client.timed("codeAction/resolve", fix, pid, timeout)
        resolved["has_edit"] = bool(((resolved.get("reply") or {}).get("result") or {}).get("edit"))
        resolved.pop("reply", None)
        out["resolve"] = resolved
        print(f"codeAction/resolve: {_brief(resolved)}, edit: {resolved['has_edit']}", flush=True)

    if resolve:
        # every safe fix (formatting), and a small document opened while it runs
        other = base / "zz-other.yaml"
        other.write_text("set: {id: zz, name: Другой}\ncards:\n- id: zz1\n  name: Воин\n"
                         "  text: 'при гибели - ранить цель на 1.'\n", encoding="utf-8")
        formatting = asyncio.ensure_future(client.timed(
            "textDocument/formatting", {**document, "options": {"tabSize": 2, "insertSpaces": True}}, pid, timeout))
        await asyncio.sleep(1.0)
        opened = time.perf_counter()
        open_document(client, other, other.read_text(encoding="utf-8"))
        try:
            at, _ = await client.diagnostics(other.as_uri(), 1, timeout)
            out["open_while_formatting"] = {"wall_s": at - opened}
        except asyncio.TimeoutError:
            out["open_while_formatting"] = {"timed_out": True, "wall_s": timeout}
        result = await formatting
        edits = ((result.get("reply") or {}).get("result")) or []
        result.pop("reply", None)
        result["edits"] = len(edits)
        out["formatting"] = result
        print(f"formatting (every safe fix): {_brief(result)}, {len(edits)} edits; a document opened meanwhile "
              f"got its diagnostics after "
              + (f"{out['open_while_formatting']['wall_s']:.1f} s" if "timed_out" not in out["open_while_formatting"]
                 else "no answer"), flush=True)
    out["memory_peak_mb"], out["memory_rss_mb"] = memory_mb(pid)
    out["exit_code"] = await stop(client)
    return out


def cli_fix(target: Path, timeout: float) -> dict:
    """`lint --fix` on a copy of the file, its own cache: CPU (children's) and wall."""
    with tempfile.TemporaryDirectory(prefix="bench-server-fix-") as tmp:
        copy = Path(tmp) / "base" / target.name
        copy.parent.mkdir()
        shutil.copy(target, copy)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        env = dict(os.environ, BERSERK_JUDGE_CACHE_DIR=str(Path(tmp) / "cache"))
        try:
            subprocess.run([sys.executable, "-m", "berserk_judge", "lint", "--fix", str(copy)], cwd=copy.parent,
                           env=env, capture_output=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return {"timed_out": True, "wall_s": timeout}
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return {"wall_s": time.perf_counter() - started,
                "cpu_s": after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime}


# -- a file on one line -------------------------------------------------------------------------

def one_line_file(base: Path, out: Path, style: str = "json") -> Path:
    """The base's cards as one JSON line (`{"set": …, "cards": […]}`), valid YAML;
    style "flow": `set: {…}` and `cards: […]` on a line each."""
    from ruamel.yaml import YAML

    cards, head = [], None
    for path in sorted(base.glob("*.yaml")):
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        head = head or data.get("set")
        cards.extend(data.get("cards") or [])
    out.mkdir(parents=True, exist_ok=True)
    target = out / "one-line.yaml"
    if style == "flow":
        text = f"set: {json.dumps(head, ensure_ascii=False)}\ncards: {json.dumps(cards, ensure_ascii=False)}\n"
    else:
        text = json.dumps({"set": head, "cards": cards}, ensure_ascii=False)
    target.write_text(text, encoding="utf-8")
    return target


async def one_line(base: Path, target: Path, edits: int, debounce_ms: int, timeout: float) -> dict:
    client, pid = await start(base, debounce_ms)
    uri = target.as_uri()
    source = target.read_text(encoding="utf-8")
    out: dict = {"bytes": len(source.encode("utf-8")), "lines": len(source.splitlines())}
    started, cpu = time.perf_counter(), cpu_seconds(pid)
    open_document(client, target, source)
    try:
        at, found = await client.diagnostics(uri, 1, timeout)
    except asyncio.TimeoutError:
        out["open"] = {"timed_out": True}
        await stop(client)
        return out
    out["open"] = {"wall_s": at - started, "cpu_s": cpu_seconds(pid) - cpu, "shown": len(found)}
    print(f"open: {out['open']['wall_s']:.1f} s wall, {out['open']['cpu_s']:.1f} s CPU, {len(found)} diagnostics",
          flush=True)
    at = source.index('"text": "', len(source) // 2) + len('"text": "') + 2
    line = source.count("\n", 0, at)
    character = at - (source.rfind("\n", 0, at) + 1)
    character += sum(1 for ch in source[at - character:at] if ord(ch) > 0xFFFF)   # UTF-16 units
    walls, cpus = [], []
    for number in range(edits):
        version = number + 2
        if number % 2 == 0:
            change = {"range": {"start": {"line": line, "character": character},
                                "end": {"line": line, "character": character}}, "text": "а"}
        else:
            change = {"range": {"start": {"line": line, "character": character},
                                "end": {"line": line, "character": character + 1}}, "text": ""}
        before, sent = cpu_seconds(pid), time.perf_counter()
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [change]})
        try:
            arrived, found = await client.diagnostics(uri, version, timeout)
        except asyncio.TimeoutError:
            out["timed_out_at_edit"] = number
            break
        walls.append((arrived - sent) * 1000)
        cpus.append((cpu_seconds(pid) - before) * 1000)
        print(f"edit {number + 1}: {walls[-1]:.0f} ms wall, {cpus[-1]:.0f} ms CPU, {len(found)} diagnostics",
              flush=True)
        await asyncio.sleep(0.2)
    if walls:
        out["edit_wall"], out["edit_cpu"] = summary(walls), summary(cpus)
    out["memory_peak_mb"], out["memory_rss_mb"] = memory_mb(pid)
    out["exit_code"] = await stop(client)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=("edits", "scale", "no-resolve", "one-line"), default="edits")
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--file-cards", type=int, default=SET_SIZE,
                        help="cards per file (the edited file is one of them): 2000 and 20000 are the issue's sizes")
    parser.add_argument("--one-line-cards", type=int, default=10_000,
                        help="cards of the one-line file (10,000: about 5 MB)")
    parser.add_argument("--one-line-style", choices=("json", "flow"), default="json",
                        help='one-line: `{"set": …, "cards": […]}` (json) or `set:` and `cards: […]` lines (flow)')
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--debounce-ms", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=900, help="seconds to wait for any one answer")
    parser.add_argument("--no-cli", action="store_true", help="scale: without the `lint --fix` comparison")
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        base = Path(tmp) / "base"
        scale_base.SET_SIZE = args.file_cards if args.scenario != "one-line" else args.one_line_cards
        cards = args.cards if args.scenario != "one-line" else args.one_line_cards
        files, stats = build_base(args.corpus, cards, base)
        if args.scenario == "one-line":
            target = one_line_file(base, Path(tmp) / "one-line", args.one_line_style)
            for path in base.glob("*.yaml"):
                path.unlink()
            base = target.parent
        else:
            target = sorted(base.glob("*.yaml"))[len(list(base.glob("*.yaml"))) // 2]
        print(f"base: {stats.cards} cards in {files} files; editing {target.name} "
              f"({target.stat().st_size / 1e6:.1f} MB); {os.cpu_count()} cores; "
              f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}", flush=True)
        if args.scenario == "edits":
            result = asyncio.run(bench(base, target, args.edits, args.debounce_ms))
            report_edits(result, args.file_cards)
        elif args.scenario in ("scale", "no-resolve"):
            result = asyncio.run(scale(base, target, args.debounce_ms, args.timeout, args.scenario == "scale"))
            if args.scenario == "scale" and not args.no_cli:
                result["cli_fix"] = cli_fix(target, args.timeout)
                print(f"lint --fix on a copy (CLI, cold cache): {result['cli_fix']['wall_s']:.1f} s wall, "
                      f"{result['cli_fix'].get('cpu_s', float('nan')):.1f} s CPU", flush=True)
            report_scale(result)
        else:
            result = asyncio.run(one_line(base, target, max(2, args.edits), args.debounce_ms, args.timeout))
            report_one_line(result)
    result["load_average"] = {"before": load, "after": os.getloadavg()}
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def report_edits(result: dict, file_cards: int) -> None:
    wall, cpu = result["edit_wall"], result["edit_cpu"]
    print(f"edit → diagnostics ({result['edits']} edits, debounce {result['debounce_ms']} ms included): "
          f"wall median {wall['median_ms']:.0f} ms, p90 {wall['p90_ms']:.0f} ms, max {wall['max_ms']:.0f} ms; "
          f"server CPU median {cpu['median_ms']:.0f} ms, p90 {cpu['p90_ms']:.0f} ms, max {cpu['max_ms']:.0f} ms")
    limit = LIMIT_MS if file_cards <= 2000 else LARGE_LIMIT_MS
    print(f"target: ≤ {limit} ms → median wall {_met(wall['median_ms'] <= limit)}, "
          f"p90 wall {_met(wall['p90_ms'] <= limit)}, median server CPU {_met(cpu['median_ms'] <= limit)}")
    print(f"memory: peak {result['memory_peak_mb']:.0f} MB, now {result['memory_rss_mb']:.0f} MB "
          f"(target < {MEMORY_LIMIT_MB} MB: {_met(result['memory_peak_mb'] < MEMORY_LIMIT_MB)}); "
          f"exit code after shutdown/exit: {result['exit_code']}")


def report_scale(result: dict) -> None:
    resolved = result.get("resolve")
    if resolved is not None:
        print(f"target: a quick fix resolved ≤ {RESOLVE_LIMIT_MS} ms → "
              f"{_met(not resolved.get('timed_out') and resolved['wall_s'] * 1000 <= RESOLVE_LIMIT_MS)} (wall), "
              f"{_met(resolved['cpu_s'] * 1000 <= RESOLVE_LIMIT_MS)} (CPU)")
    elif "code_action" in result:
        action = result["code_action"]
        print(f"target: quick fixes with their edits ≤ {RESOLVE_LIMIT_MS} ms → "
              f"{_met(not action.get('timed_out') and action['wall_s'] * 1000 <= RESOLVE_LIMIT_MS)} (wall)")
    cancel = result.get("cancel")
    if cancel is not None:
        print(f"target: a cancel answered ≤ {CANCEL_LIMIT_MS} ms → "
              f"{_met(not cancel.get('timed_out') and cancel['wall_s'] * 1000 <= CANCEL_LIMIT_MS)}")
    fixing, cli = result.get("formatting"), result.get("cli_fix")
    if fixing is not None and cli is not None and not cli.get("timed_out"):
        print(f"target: fix-all ≤ lint --fix → {_met(not fixing.get('timed_out') and fixing['cpu_s'] <= cli['cpu_s'])}"
              f" (CPU {fixing['cpu_s']:.1f} s against {cli['cpu_s']:.1f} s), "
              f"{_met(not fixing.get('timed_out') and fixing['wall_s'] <= cli['wall_s'])} (wall "
              f"{fixing['wall_s']:.1f} s against {cli['wall_s']:.1f} s)")
    if "memory_peak_mb" in result:
        print(f"memory: peak {result['memory_peak_mb']:.0f} MB (target < {MEMORY_LIMIT_MB} MB: "
              f"{_met(result['memory_peak_mb'] < MEMORY_LIMIT_MB)})")


def report_one_line(result: dict) -> None:
    if "edit_cpu" not in result:
        print("no edit was answered")
        return
    cpu = result["edit_cpu"]
    print(f"one-line file ({result['bytes'] / 1e6:.1f} MB, {result['lines']} lines): edit → diagnostics server CPU "
          f"median {cpu['median_ms']:.0f} ms, max {cpu['max_ms']:.0f} ms; wall median "
          f"{result['edit_wall']['median_ms']:.0f} ms")
    print(f"target: ≤ {ONE_LINE_CPU_LIMIT_S:.0f} s of CPU an edit → {_met(cpu['median_ms'] <= ONE_LINE_CPU_LIMIT_S * 1000)}")


if __name__ == "__main__":
    raise SystemExit(main())
