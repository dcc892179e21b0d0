"""Benchmark the language server as an editor meets it: over stdio, through LSP.

Builds a base from ../shared/corpus (by default 10,000 cards in files of
200, as bench_scale.py does), starts `berserk-judge server`, opens one
200-card file and then types into it: each edit changes one card's text (a
letter added or removed, incremental `didChange`), and the time from sending
the change to receiving its `publishDiagnostics` is measured — wall time,
which includes the server's debounce, and the server process's CPU time
(user + system, from /proc). Also: the first diagnostics after opening (every
card read), the time until the base is indexed, and the server's memory
(peak and current RSS) with the whole base indexed.

    python bench/bench_server.py [--cards 10000] [--edits 40] [--debounce-ms 30] [--json bench_server.json]

Timings on a shared machine are noisy: the CPU figures are the steadier ones.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
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


class Client:
    """A bare LSP client over the server's pipes (no library between, nothing hidden)."""

    def __init__(self, process: asyncio.subprocess.Process):
        self.process = process
        self.next_id = 0
        self.replies: dict[int, asyncio.Future] = {}
        self.published: asyncio.Queue = asyncio.Queue()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self):
        stream = self.process.stdout
        while True:
            header = await stream.readuntil(b"\r\n\r\n")
            length = next(int(line.split(b":")[1]) for line in header.split(b"\r\n")
                          if line.lower().startswith(b"content-length"))
            message = json.loads(await stream.readexactly(length))
            if "id" in message and "method" not in message:
                self.replies.pop(message["id"]).set_result(message)
            elif message.get("method") == "textDocument/publishDiagnostics":
                self.published.put_nowait((time.perf_counter(), message["params"]))
            elif "id" in message:   # a request from the server (registration, refresh): agree
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})

    def _send(self, message: dict) -> None:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    async def request(self, method: str, params) -> dict:
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.replies[self.next_id] = future
        self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return await future

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


async def bench(base: Path, target: Path, edits: int, debounce_ms: int) -> dict:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "berserk_judge", "server", cwd=str(REPO),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=1 << 24)
    client = Client(process)
    pid = process.pid
    await client.request("initialize", {
        "processId": os.getpid(), "rootUri": base.as_uri(),
        "workspaceFolders": [{"uri": base.as_uri(), "name": "base"}],
        "initializationOptions": {"debounceMs": debounce_ms},
        "capabilities": {"general": {"positionEncodings": ["utf-16"]},
                         "textDocument": {"publishDiagnostics": {"versionSupport": True}}}})
    client.notify("initialized", {})
    uri = target.as_uri()
    source = target.read_text(encoding="utf-8")
    started, cpu = time.perf_counter(), cpu_seconds(pid)
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                            "text": source}})
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
    await client.request("shutdown", None)
    client.notify("exit", None)
    code = await asyncio.wait_for(process.wait(), 30)
    client.reader.cancel()

    def summary(values):
        ordered = sorted(values)
        return {"median_ms": statistics.median(values), "p90_ms": ordered[int(0.9 * (len(ordered) - 1))],
                "max_ms": ordered[-1]}

    return {"open": first, "indexed": index, "edit_wall": summary(walls), "edit_cpu": summary(cpus),
            "edits": edits, "debounce_ms": debounce_ms, "memory_peak_mb": peak, "memory_rss_mb": rss,
            "exit_code": code}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--file-cards", type=int, default=SET_SIZE,
                        help="cards per file (the edited file is one of them): 2000 and 20000 are the issue's sizes")
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--debounce-ms", type=int, default=30)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        base = Path(tmp) / "base"
        scale_base.SET_SIZE = args.file_cards
        files, stats = build_base(args.corpus, args.cards, base)
        cards = stats.cards
        target = sorted(base.glob("*.yaml"))[len(list(base.glob("*.yaml"))) // 2]
        print(f"base: {cards} cards in {files} files ({args.file_cards} a file); editing {target.name}; "
              f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}", flush=True)
        result = asyncio.run(bench(base, target, args.edits, args.debounce_ms))
    wall, cpu = result["edit_wall"], result["edit_cpu"]
    print(f"edit → diagnostics ({result['edits']} edits, debounce {result['debounce_ms']} ms included): "
          f"wall median {wall['median_ms']:.0f} ms, p90 {wall['p90_ms']:.0f} ms, max {wall['max_ms']:.0f} ms; "
          f"server CPU median {cpu['median_ms']:.0f} ms, p90 {cpu['p90_ms']:.0f} ms, max {cpu['max_ms']:.0f} ms")
    limit = LIMIT_MS if args.file_cards <= 2000 else LARGE_LIMIT_MS

    def verdict(value: float) -> str:
        return "met" if value <= limit else "NOT met"

    print(f"target: ≤ {limit} ms → median wall {verdict(wall['median_ms'])}, p90 wall {verdict(wall['p90_ms'])}, "
          f"median server CPU {verdict(cpu['median_ms'])}")
    print(f"memory: peak {result['memory_peak_mb']:.0f} MB, now {result['memory_rss_mb']:.0f} MB "
          f"(target < {MEMORY_LIMIT_MB} MB: {'met' if result['memory_peak_mb'] < MEMORY_LIMIT_MB else 'NOT met'}); "
          f"exit code after shutdown/exit: {result['exit_code']}")
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
