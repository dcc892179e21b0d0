"""One editor session's state: the workspace, and per open document its
linter (with its caches) and latest analysis; linting, publishing after a
pause, indexing the base in the background, and turning offers into edits.
The LSP handlers that drive it are in server/app.py."""
from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import logging
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from berserk_judge import __version__
from berserk_judge.server.actions import Offer, fix_all_edit, fix_edit, noqa_edit
from berserk_judge.server.analysis import Analysis, DocumentLinter
from berserk_judge.server.diagnostics import diagnostics, lsp_range, structured
from berserk_judge.server.docs import RuleDocs
from berserk_judge.server.lines import UTF16
from berserk_judge.server.outline import uri_for
from berserk_judge.server.workspace import Workspace, real

DEBOUNCE_SECONDS = 0.03
class Encoded:
    """A message already encoded as JSON, UTF-8, as the parts it is joined
    from (sent part after part under one header, never joined whole: the
    diagnostics of a 20,000-card file are 25 MB of JSON, and joining them,
    then framing the join, held three copies at once at every publish)."""

    __slots__ = ("parts", "length")

    def __init__(self, parts: list[bytes]):
        self.parts = parts
        self.length = sum(map(len, parts))

    def __bytes__(self) -> bytes:
        return b"".join(self.parts)


SEND_BATCH = 1 << 20   # bytes of an Encoded message's parts written at once (joined up to it)


def batches(parts: list[bytes], size: int | None = None):
    """The parts joined into runs of about `size` bytes (SEND_BATCH; a part longer than it stays whole)."""
    size = SEND_BATCH if size is None else size
    run: list[bytes] = []
    held = 0
    for part in parts:
        run.append(part)
        held += len(part)
        if held >= size:
            yield b"".join(run)
            run, held = [], 0
    if run:
        yield b"".join(run)


HOLD_SECONDS = 0.8   # a typist's pause: findings held on the line being typed are shown after it
PROGRESS_AFTER = 0.5   # seconds of analysis after which the client is told of it ($/progress)
log = logging.getLogger(__name__)


class JudgeServer(LanguageServer):
    """The state of one editor session: the workspace, and per open document
    its linter (with its caches) and its latest analysis."""

    def __init__(self):
        super().__init__("berserk-judge", __version__,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.model = Workspace()
        self.linters: dict[str, DocumentLinter] = {}
        self.analyses: dict[str, Analysis] = {}
        self.last_read: dict[str, Analysis] = {}   # kept when the base changes (completion's context)
        self.pending: dict[str, asyncio.Task] = {}
        self.loading: dict[tuple, asyncio.Task] = {}
        self.docs = RuleDocs()
        self.push = True
        self.lazy_actions = False
        self.versioned_edits = False
        self.debounce = DEBOUNCE_SECONDS
        self.hold = HOLD_SECONDS
        self.typing: dict[str, set[int]] = {}        # lines the last edits of a document touched
        self.published: dict[str, set[tuple[str, int]]] = {}   # (code, line) last published
        self.rulebooks: dict[str, Any] = {}
        self.told: set[str] = set()
        # Analyses and index loading run on one worker thread, one at a time
        # (their caches are never shared between threads); the request loop
        # stays free: a hover on a small document is answered from its
        # analysis while a large one is checked. Messages sent from the
        # worker go through the loop's thread (frames never interleave).
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="berserk-judge-analysis")
        self.jobs: dict[tuple, asyncio.Future] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.loop_thread: int | None = None
        self.progress_tokens = 0
        from berserk_judge.server.collect import Settler
        from berserk_judge.server.textsync import install

        install()   # ranged changes applied by offsets, not by rewriting every line (server.textsync)

        self.settler = Settler()

    def attach_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        """The loop of the request thread: messages from other threads are sent through it."""
        self.loop, self.loop_thread = loop, threading.get_ident()
        send_dict = self.protocol._send_data
        protocol = self.protocol

        def send(data):
            if not isinstance(data, Encoded):
                return send_dict(data)
            if protocol.writer is None:
                return None
            if not getattr(protocol, "_include_headers", True):   # one message a write (a websocket)
                chunks = [bytes(data)]
            else:   # framed as pygls frames a message (the length counts its bytes), then its parts
                header = (b"Content-Length: %d\r\nContent-Type: %s; charset=%s\r\n\r\n"
                          % (data.length, protocol.CONTENT_TYPE.encode(), protocol.CHARSET.encode()))
                chunks = batches([header, *data.parts])
            for chunk in chunks:
                written = protocol.writer.write(chunk)
                if inspect.isawaitable(written):
                    asyncio.ensure_future(written)
            return None

        def send_from_any_thread(data):
            if threading.get_ident() == self.loop_thread or self.loop.is_closed():
                send(data)
            else:
                self.loop.call_soon_threadsafe(send, data)

        self.protocol._send_data = send_from_any_thread

    async def current(self, uri: str) -> Analysis | None:
        """The document's analysis for its current version, made on the worker
        (None: it failed, and the failure is logged). A long one is reported
        with `$/progress` when the client accepts server-made progress; a
        request cancelled meanwhile stops waiting, the analysis goes on and is kept."""
        if uri not in self.workspace.text_documents:
            return None
        document = self.workspace.get_text_document(uri)
        known = self.analyses.get(uri)
        if known is not None and known.version == document.version and known.text == document.source:
            return known
        key = (uri, document.version, len(document.source))
        job = self.jobs.get(key)
        if job is None:
            job = asyncio.wrap_future(self.worker.submit(self.safely, "проверка", lambda: self.analyze(uri)))
            self.jobs[key] = job
            job.add_done_callback(lambda _: self.jobs.pop(key, None))
        done, _ = await asyncio.wait({job}, timeout=PROGRESS_AFTER)
        if not done:
            await self._progress(uri, job)
        return job.result()

    async def on_worker(self, what: str, job, default=None):
        """A handler's work that uses a document's linter (fixes, fix-all,
        noqa): on the worker, after the analyses queued before it, so no two
        threads ever touch one linter's caches."""
        return await asyncio.wrap_future(self.worker.submit(self.safely, what, job, default))

    async def _progress(self, uri: str, job: asyncio.Future) -> None:
        window = self.client_capabilities.window if self.client_capabilities else None
        if not (window and window.work_done_progress):
            await asyncio.wait({job})
            return
        self.progress_tokens += 1
        token = f"berserk-judge-{self.progress_tokens}"
        try:
            await asyncio.wait_for(self.work_done_progress.create_async(token), 5)
        except Exception:  # noqa: BLE001 - a client that refuses: no progress, the same result
            await asyncio.wait({job})
            return
        name = uri.rsplit("/", 1)[-1]
        self.work_done_progress.begin(token, types.WorkDoneProgressBegin(
            title="berserk-judge", message=f"проверка {name}", cancellable=False))
        await asyncio.wait({job})
        self.work_done_progress.end(token, types.WorkDoneProgressEnd(message="готово"))

    # -- analysis -------------------------------------------------------------------

    def encoding(self) -> str:
        value = getattr(self.workspace, "position_encoding", None) or UTF16
        return str(getattr(value, "value", value))

    def analyze(self, uri: str) -> Analysis:
        """The document's analysis for its current version (linted when stale)."""
        document = self.workspace.get_text_document(uri)
        known = self.analyses.get(uri)
        if known is not None and known.version == document.version and known.text == document.source:
            return known
        text = document.source
        path = to_fs_path(uri) if uri.startswith("file:") else None
        if not path:
            analysis = Analysis.empty(uri, uri, document.version, text, self.encoding())
        else:
            analysis = self._lint(uri, real(path), document.version, text)
        self.analyses[uri] = analysis
        self.last_read[uri] = analysis
        self.settler.settle()   # what stays alive is kept out of the collector's walks (server.collect)
        return analysis

    def _lint(self, uri: str, path: str, version, text: str) -> Analysis:
        scope = self.model.scope_for(path)
        if scope.error and scope.error not in self.told:
            self.told.add(scope.error)
            self.window_show_message(types.ShowMessageParams(
                types.MessageType.Warning, f"berserk-judge: ошибка настроек: {scope.error}; "
                                           "проверка идёт с настройками по умолчанию"))
        if not self.model.in_base(scope, path, text):
            return Analysis.empty(uri, path, version, text, self.encoding())
        index = self.model.index_for(scope)
        self._start_loading(scope, index)
        linter = self.linters.setdefault(uri, DocumentLinter())
        source = text[1:] if text.startswith("\ufeff") else text
        base, findings = linter.lint(path, source, scope, index)
        index.update(path, base.cards)
        analysis = Analysis(uri, path, version, text, scope, base, findings, self.encoding(),
                            claimed=linter.claimed, reader=linter.reader, known_places=linter.places,
                            shown=linter.shown, known_lines=linter.lines)
        linter.lines = analysis.lines
        return analysis

    def safely(self, what: str, job, default=None):
        """Run a handler's work; a failure is logged to the client, never raised."""
        try:
            return job()
        except Exception as exc:  # noqa: BLE001 - the server must outlive any bug
            detail = "".join(traceback.format_exception(exc))
            log.error("%s: %s", what, detail)
            self.window_log_message(types.LogMessageParams(
                types.MessageType.Error, f"berserk-judge: сбой ({what}): {exc}\n{detail}"))
            return default

    def typed(self, uri: str, changes) -> None:
        """Remember the lines an edit touched (ranged changes only: a whole
        document sent again is not typing)."""
        lines = self.typing.setdefault(uri, set())
        for change in changes:
            where = getattr(change, "range", None)
            if where is None:
                lines.clear()
                return
            first = where.start.line
            lines.update(range(first, first + change.text.count("\n") + 1))

    async def publish(self, uri: str, typing: bool = False) -> None:
        if not self.push or uri not in self.workspace.text_documents:
            return
        analysis = await self.current(uri)
        if analysis is None or uri not in self.workspace.text_documents:
            return
        hold: set[int] = set()
        typed = self.typing.pop(uri, set()) if typing else set()
        if not typing:
            self.typing.pop(uri, None)
        if typed and self.hold > 0:
            from berserk_judge.server.editing import held

            hold = set(self.safely("проверка", lambda: held(analysis, typed, self.published.get(uri, set())), []))
            if hold:   # shown after a pause; a new keystroke starts the wait again
                self.typing[uri] = set()
                self.schedule(uri, self.hold)
        if analysis.shown is not None:   # the JSON form of each diagnostic kept between edits
            pairs = analysis.shown.items(analysis, self.docs, uri_for)
            shapes = [shape for number, (_, shape) in enumerate(pairs) if number not in hold]
            self.published[uri] = {said for number, (said, _) in enumerate(pairs) if number not in hold}
            params = {"uri": uri, "diagnostics": []}
            if analysis.version is not None:
                params["version"] = analysis.version
            if self.loop_thread is None:   # not on the stdio loop (no framing of ours): as a plain message
                params["diagnostics"] = [json.loads(shape) for shape in shapes]
                self.protocol._send_data({"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
                                          "params": params})
                return
            # the kept JSON texts joined: 32,000 diagnostics are not encoded again at every keystroke
            head, tail = json.dumps({"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
                                     "params": params}).split('"diagnostics": []')
            parts = [head.encode("ascii") + b'"diagnostics": [']
            for number, shape in enumerate(shapes):
                if number:
                    parts.append(b",")
                parts.append(shape)
            parts.append(b"]" + tail.encode("ascii"))
            self.protocol._send_data(Encoded(parts))
            return
        items = diagnostics(analysis, self.docs, uri_for)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=analysis.version, diagnostics=items))

    def schedule(self, uri: str, delay: float, typing: bool = False) -> None:
        """Lint and publish after `delay` seconds of quiet (a newer edit restarts the wait)."""
        task = self.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        if not self.push:
            return

        async def later():
            await asyncio.sleep(delay)
            if self.pending.get(uri) is task_of[0]:
                self.pending.pop(uri, None)
            await self.publish(uri, typing)

        task_of = []

        task = asyncio.get_running_loop().create_task(later())
        task_of.append(task)
        self.pending[uri] = task

    def relint_open(self) -> None:
        """The base changed (index ready, a file changed on disk): lint open documents again."""
        self.analyses.clear()
        if self.push:
            for uri in list(self.workspace.text_documents):
                self.schedule(uri, 0)
        elif self._can_refresh():
            self.workspace_diagnostic_refresh(None)

    def _can_refresh(self) -> bool:
        caps = self.client_capabilities.workspace
        return bool(caps and caps.diagnostics and caps.diagnostics.refresh_support)

    def _start_loading(self, scope, index) -> None:
        if index.ready or scope.key in self.loading:
            return
        self.loading[scope.key] = None   # claimed now, the task made on the loop's thread

        async def load():
            open_paths = {a.path for a in self.analyses.values()}
            loop = asyncio.get_running_loop()

            def step(steps=index.load(open_paths)):
                return next(steps, None) is not None

            while await loop.run_in_executor(self.worker, self.safely, "база карт", step, False):
                pass
            index.ready = True
            self.loading.pop(scope.key, None)
            self.relint_open()

        def begin():
            if self.loading.get(scope.key, 0) is None:
                self.loading[scope.key] = asyncio.get_running_loop().create_task(load())

        if self.loop is None or threading.get_ident() == self.loop_thread:
            begin()
        else:
            self.loop.call_soon_threadsafe(begin)

    def rulebook(self, analysis: Analysis):
        folder = analysis.scope.settings.rulebook if analysis.scope else None
        if not folder:
            return None
        if folder not in self.rulebooks:
            from berserk_judge.rulebook import RulebookError, load_rulebook

            try:
                self.rulebooks[folder] = load_rulebook(folder)
            except RulebookError as exc:
                self.rulebooks[folder] = None
                self.window_log_message(types.LogMessageParams(types.MessageType.Warning, str(exc)))
        return self.rulebooks[folder]

    def offset(self, analysis: Analysis, position: types.Position) -> int:
        return analysis.lines.offset(position.line, position.character)

    # -- code actions ---------------------------------------------------------------------

    def action(self, analysis: Analysis, offer: Offer, resolve: bool,
               shown: list[tuple[tuple[str, int], bytes]]) -> types.CodeAction:
        """`shown`: the document's diagnostics as `Shown.items` gives them
        (only those of the offer's code and line are made Diagnostics again)."""
        data = {"uri": analysis.uri, "version": analysis.version, "action": offer.action,
                "finding": finding_key(offer.finding) if offer.finding else None}
        found = []
        if offer.finding is not None:
            where = lsp_range(analysis, *analysis.finding_span(offer.finding))
            said = (offer.finding.code, where.start.line)
            found = [d for d in (structured(shape) for key, shape in shown if key == said) if d.range == where]
        action = types.CodeAction(title=offer.title, kind=offer.kind, diagnostics=found or None,
                                  is_preferred=offer.preferred or None, data=data)
        if resolve:
            action.edit = self.edit_for(analysis, offer)
        return action

    def edit_for(self, analysis: Analysis, offer: Offer) -> types.WorkspaceEdit | None:
        linter = self.linters.get(analysis.uri)
        if offer.action == "fix":
            edit = fix_edit(analysis, offer.finding)
        elif str(offer.action).startswith("choice:") and offer.finding is not None:
            from berserk_judge.server.actions import choice_edit

            number = offer.action.partition(":")[2]
            edit = choice_edit(analysis, offer.finding, int(number)) if number.isdigit() else None
        elif offer.action == "noqa":
            edit = noqa_edit(analysis, offer.finding, linter)
        else:
            index = self.model.index_for(analysis.scope)
            edit = fix_all_edit(analysis, linter, index)
        if not edit:
            return None
        if self.versioned_edits:
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(analysis.uri, analysis.version),
                edits=edit)])
        return types.WorkspaceEdit(changes={analysis.uri: edit})


def result_id(analysis: Analysis, items: list[types.Diagnostic]) -> str:
    """Names a pull report's content: the same diagnostics, the same id."""
    digest = hashlib.sha1(repr([(d.code, d.range, d.message) for d in items]).encode("utf-8")).hexdigest()
    return f"{analysis.version}:{digest[:16]}"


def finding_key(finding) -> list:
    return [finding.code, finding.card, finding.start, finding.end, finding.line, finding.column]
