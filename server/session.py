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
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from berserk_judge import __version__
from berserk_judge.server.actions import Offer, fix_all_edit, fix_edit, noqa_edit
from berserk_judge.server.analysis import Analysis, DocumentLinter, analyse
from berserk_judge.server.diagnostics import diagnostics
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


class RawJSON:
    """A request's result already encoded as JSON (UTF-8, compact), made off the
    request loop: an outline of 20,000 cards encoded by pygls on the loop was
    seconds of a loop that must answer a cancel at once."""

    __slots__ = ("data",)

    def __init__(self, value):
        from berserk_judge.server.diagnostics import _converter, encoded

        plain = isinstance(value, list) and all(type(item) is dict for item in value)
        self.data = encoded(value if plain else _converter().unstructure(value))


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
BASE_JOBS = "base index"   # the owner of the index's loading steps (server.worker never runs them in a breath)
QUICK_AFTER = 0.3   # seconds a fold, an outline or a hover waits for the analysis before a quick view answers
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
        self.focus: dict[str, tuple[int, int]] = {}   # where a document's last edit was (line, character)
        from berserk_judge.server.diagnostics import MAX_SHOWN

        self.limit = MAX_SHOWN   # diagnostics a publish carries at most (0: all)
        self.published: dict[str, set[tuple[str, int]]] = {}   # (code, line) last published
        self.rulebooks: dict[str, Any] = {}
        self.asks_configuration = False   # the client answers `workspace/configuration`
        self.initial_options: dict = {}   # the server's own settings given at start (initializationOptions)
        self.initial_settings = None      # initializationOptions.settings: what stands when the editor says nothing
        self.settings = None              # the editor's settings last applied (server.settings.EditorSettings)
        self.told: set[str] = set()
        # Analyses and index loading run on one worker thread, one at a time
        # (their caches are never shared between threads); the request loop
        # stays free: a hover on a small document is answered from its
        # analysis while a large one is checked, and a long job lets other
        # documents' jobs run between its steps (server.worker). Messages sent
        # from the worker go through the loop's thread (frames never interleave).
        from berserk_judge.server.worker import Worker

        self.worker = Worker()
        self.answering = 0   # answers being made on their own thread (the worker waits at its breaths)
        self.worker.yield_to = self._let_answers_run
        self.worker.patient = {BASE_JOBS}
        # two: a hover is not queued behind an outline of 20,000 cards
        self.answers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="berserk-judge-answers")
        self.quick_views: dict[tuple, asyncio.Future] = {}   # the quick view of a buffer being checked
        self.desynced: set[str] = set()   # documents whose last change could not be applied
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
            if isinstance(getattr(data, "result", None), RawJSON):   # a response encoded beforehand
                data = Encoded([b'{"jsonrpc":"2.0","id":' + json.dumps(data.id).encode("utf-8") + b',"result":',
                                data.result.data, b"}"])
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

    def _job(self, uri: str):
        """(the analysis of the document's buffer as it is now, or the job making it;
        the buffer's version and text). None when the document is not open."""
        document = self.document(uri)
        if document is None:
            return None
        # the buffer as it is now, taken on the loop's thread: the worker never
        # asks pygls for a document (a closed one would be read from disk)
        version, text = document.version, document.source
        known = self.analyses.get(uri)
        if known is not None and known.version == version and known.text == text:
            return known, version, text
        key = (uri, version, len(text))
        job = self.jobs.get(key)
        if job is None:
            job = asyncio.wrap_future(self.worker.submit(
                self.safely, "проверка", lambda: self.analyze(uri, version, text), owner=uri))
            self.jobs[key] = job
            job.add_done_callback(lambda _: self.jobs.pop(key, None))
        return job, version, text

    async def current(self, uri: str) -> Analysis | None:
        """The document's analysis for its current version, made on the worker
        (None: it failed, and the failure is logged). A long one is reported
        with `$/progress` when the client accepts server-made progress; a
        request cancelled meanwhile stops waiting, the analysis goes on and is kept."""
        found = self._job(uri)
        if found is None:
            return None
        job = found[0]
        if isinstance(job, Analysis):
            return job
        done, _ = await asyncio.wait({job}, timeout=PROGRESS_AFTER)
        if not done:
            await self._progress(uri, job)
        return job.result()

    async def current_or_quick(self, uri: str):
        """The document's analysis when it is ready within QUICK_AFTER seconds;
        else, for a card file in block form, a view of its buffer alone
        (server.quick: folds, the outline, a hover); else the analysis when it comes."""
        from berserk_judge.server.quick import QuickView

        found = self._job(uri)
        if found is None:
            return None
        job, version, text = found
        if isinstance(job, Analysis):
            return job
        done, _ = await asyncio.wait({job}, timeout=QUICK_AFTER)
        if done:
            return job.result()
        path = to_fs_path(uri) if uri.startswith("file:") else None

        def view():
            if not path:
                return None
            scope = self.model.scope_for(real(path))
            if not self.model.in_base(scope, real(path), text):
                return None
            quick = QuickView(uri, real(path), version, text, self.encoding(), scope)
            return quick if quick.usable else None

        key = (uri, version, len(text))
        waiting = self.quick_views.get(key)
        if waiting is None:   # one view for every request that asks meanwhile
            waiting = asyncio.wrap_future(self.answers.submit(self.safely, "быстрый ответ", view))
            self.quick_views = {key: waiting}
        self.answering += 1
        try:
            quick = await asyncio.shield(waiting)
        finally:
            self.answering -= 1
        if quick is not None and not job.done():
            return quick
        return await self.current(uri)

    def raw(self, value):
        """A result to be sent as JSON encoded here (RawJSON), when the server
        frames its own messages; the value itself otherwise."""
        return RawJSON(value) if self.loop_thread is not None and value else value

    async def answer(self, what: str, job, default=None):
        """A request's own work (an outline, a hover, a report) on the answers'
        thread: the request loop stays free (a cancel is answered at once), and
        it never waits behind a check (which pauses at its next breath meanwhile)."""
        self.answering += 1
        try:
            return await asyncio.wrap_future(self.answers.submit(self.safely, what, job, default))
        finally:
            self.answering -= 1

    def _let_answers_run(self) -> None:
        """At a breath of the worker: wait (up to a second) while an answer is being made."""
        waited = 0.0
        while self.answering > 0 and waited < 1.0:
            time.sleep(0.005)
            waited += 0.005

    def document(self, uri: str):
        """The open document (pygls's), None when it is not open (never read from disk)."""
        from urllib.parse import unquote

        return self.workspace.text_documents.get(unquote(uri)) if isinstance(uri, str) else None

    async def on_worker(self, what: str, job, default=None, owner: str | None = None):
        """A handler's work that uses a document's linter (fixes, fix-all,
        noqa): on the worker, after the analyses queued before it, so no two
        threads ever touch one linter's caches. A cancelled request stops the
        job at its next breath (server.worker); the client is answered at once."""
        from berserk_judge.server.worker import Token

        token = Token()
        future = self.worker.submit(self.safely, what, job, default, owner=owner, token=token)
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            token.cancel()
            raise

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

    def analyze(self, uri: str, version, text: str) -> Analysis | None:
        """The analysis of the document's buffer `text` at `version` (linted
        when not known yet); None when the document was closed meanwhile."""
        if self.document(uri) is None:
            return None
        known = self.analyses.get(uri)
        if known is not None and known.version == version and known.text == text:
            return known
        path = to_fs_path(uri) if uri.startswith("file:") else None
        if not path or uri in self.desynced:
            analysis = Analysis.empty(uri, path or uri, version, text, self.encoding())
        else:
            analysis = self._lint(uri, real(path), version, text)
        self.analyses[uri] = analysis
        self.quick_views = {}   # the analysis is there: a quick view of an older buffer is not needed
        if uri not in self.last_read or not any(p.kind == "unreadable" for p in analysis.base.problems):
            self.last_read[uri] = analysis   # a half-typed buffer YAML cannot read: the last reading stays
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
        linter = self.linters.get(uri)
        if linter is None:
            linter = self.linters[uri] = DocumentLinter()
            linter.pause = self.worker.breathe   # other documents' jobs run between its cards
        analysis = analyse(linter, uri, path, version, text, scope, index, self.encoding())
        if analysis.virtual_marks is None:
            index.update(path, analysis.base.cards)
        else:   # other documents are shown the cards at their places in the buffer
            from berserk_judge.server.flow import real_places

            index.update(path, real_places(analysis, analysis.base.cards))
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

    # -- settings ------------------------------------------------------------------------

    def use_options(self, options: dict) -> None:
        """The server's own settings (server.settings.SERVER_KEYS); a key not given is its default."""
        template = options.get("rulesUrl")
        self.docs = RuleDocs(template if isinstance(template, str) else None)
        self.debounce = options.get("debounceMs", DEBOUNCE_SECONDS * 1000) / 1000
        self.hold = options.get("holdMs", HOLD_SECONDS * 1000) / 1000   # 0: nothing held while typing
        from berserk_judge.server.diagnostics import MAX_SHOWN

        self.limit = int(options.get("maxDiagnostics", MAX_SHOWN))

    def apply_settings(self, raw) -> None:
        """The editor's settings (server.settings): the server's own taken at
        once, the config file's keys laid over the file's (documents checked
        again when they changed); what is wrong is said once."""
        from berserk_judge.server.settings import parse, section_of, _server_problem

        section = section_of(raw)
        if section is None:   # nothing of ours from the editor: the settings given at start stand
            section = section_of(self.initial_settings)
        editor = parse(section)
        for error in editor.errors:
            if error not in self.told:
                self.told.add(error)
                self.window_show_message(types.ShowMessageParams(
                    types.MessageType.Warning, f"berserk-judge: настройки редактора: {error}; "
                                               "этот ключ не применён"))
        initial = {k: v for k, v in getattr(self, "initial_options", {}).items() if not _server_problem(k, v)}
        self.use_options({**initial, **editor.server})
        self.settings = editor
        if self.model.set_editor(editor.table):
            self.relint_open()

    async def ask_settings(self) -> None:
        """Ask the client for the `berserk-judge` section (`workspace/configuration`)."""
        from berserk_judge.server.settings import SECTION

        try:
            answer = await asyncio.wait_for(self.workspace_configuration_async(types.ConfigurationParams(
                items=[types.ConfigurationItem(section=SECTION)])), 10)
        except Exception as exc:  # noqa: BLE001 - a client that does not answer keeps the settings it gave
            log.info("workspace/configuration not answered: %s", exc)
            return
        if answer:
            section = answer[0]
            self.apply_settings({SECTION: section} if isinstance(section, dict) else None)

    def screen_change(self, params) -> bool:
        from berserk_judge.server.textsync import screen_change

        return screen_change(self, params)

    def forget_document(self, uri: str) -> None:
        """What is known of a document's buffer is no longer true: drop it and publish again."""
        self.analyses.pop(uri, None)
        self.schedule(uri, 0)

    def typed(self, uri: str, changes) -> None:
        """Remember the lines an edit touched (ranged changes only: a whole
        document sent again is not typing) and where the last one was."""
        lines = self.typing.setdefault(uri, set())
        for change in changes:
            where = getattr(change, "range", None)
            if where is None:
                lines.clear()
                self.focus.pop(uri, None)
                return
            first = where.start.line
            lines.update(range(first, first + change.text.count("\n") + 1))
            self.focus[uri] = (where.start.line, where.start.character)

    def shown(self, analysis: Analysis) -> tuple[list, types.Diagnostic | None]:
        """The findings a publish or a report carries (at most `limit`, around
        the last edit) and the notice of those left out (None: none is)."""
        from berserk_judge.server.diagnostics import limit_notice, within_limit

        focus = self.focus.get(analysis.uri)
        at = analysis.lines.offset(*focus) if focus is not None else None
        findings, total = within_limit(analysis, at, self.limit)
        return findings, (limit_notice(analysis, findings, total) if total is not None else None)

    async def publish(self, uri: str, typing: bool = False) -> None:
        if not self.push or self.document(uri) is None:
            return
        analysis = await self.current(uri)
        if analysis is None or self.document(uri) is None:
            return
        hold: set[int] = set()
        typed = self.typing.pop(uri, set()) if typing else set()
        if not typing:
            self.typing.pop(uri, None)
        if typed and self.hold > 0:
            from berserk_judge.server.editing import held

            numbers = self.safely("проверка", lambda: held(analysis, typed, self.published.get(uri, set())), [])
            hold = {id(analysis.findings[number]) for number in numbers}
            if hold:   # shown after a pause; a new keystroke starts the wait again
                self.typing[uri] = set()
                self.schedule(uri, self.hold)
        findings, notice = self.safely("проверка", lambda: self.shown(analysis), (analysis.findings, None))
        kept = [finding for finding in findings if id(finding) not in hold]
        if analysis.shown is not None:   # the JSON form of each diagnostic kept between edits
            from berserk_judge.server.diagnostics import _converter, encoded

            pairs = analysis.shown.items(analysis, self.docs, uri_for, kept)
            shapes = [shape for _, shape in pairs]
            if notice is not None:
                shapes.insert(0, encoded(_converter().unstructure(notice)))
            self.published[uri] = {said for said, _ in pairs}
            params = {"uri": uri, "diagnostics": []}
            if analysis.version is not None:
                params["version"] = analysis.version
            if self.loop_thread is None:   # not on the stdio loop (no framing of ours): as a plain message
                params["diagnostics"] = [json.loads(shape) for shape in shapes]
                self.protocol._send_data({"jsonrpc": "2.0", "method": types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS,
                                          "params": params})
                return
            # the kept JSON texts joined: diagnostics are not encoded again at every keystroke
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
        items = diagnostics(analysis, self.docs, uri_for, kept) + ([notice] if notice is not None else [])
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
        if getattr(self.protocol, "_workspace", None) is None:
            return   # not initialized yet: nothing is open
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
            def step(steps=index.load(self.open_paths)):
                return next(steps, None) is not None

            # owner BASE: never run inside another job's breath (a document's check
            # goes first; the index of an open 20,000-card file was loaded from disk
            # meanwhile, a second copy of it at the peak)
            while await asyncio.wrap_future(self.worker.submit(self.safely, "база карт", step, False,
                                                               owner=BASE_JOBS)):
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

    def open_paths(self) -> set[str]:
        """The files of the documents open now (their cards come from the buffers, never from disk)."""
        out = set()
        for uri in list(self.linters) + [a.uri for a in list(self.analyses.values())]:
            path = to_fs_path(uri) if uri.startswith("file:") else None
            if path:
                out.add(real(path))
        return out

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

    def line_text(self, uri: str, line: int) -> str:
        """A line of the open document as it is now (without its break; "" past the end),
        through the line index kept with the document (never pygls's split of every line)."""
        from berserk_judge.server.lines import LineIndex

        document = self.document(uri)
        if document is None:
            return ""
        source = document.source
        index = getattr(document, "_judge_lines", None)
        if index is None or index.text is not source or index.encoding != self.encoding():
            index = LineIndex(source, self.encoding())
            document._judge_lines = index
        return index.line_text(line)

    def offset(self, analysis: Analysis, position: types.Position) -> int:
        return analysis.lines.offset(position.line, position.character)

    # -- code actions ---------------------------------------------------------------------

    def action(self, analysis: Analysis, offer: Offer, resolve: bool) -> types.CodeAction:
        """An offer as a code action, with the diagnostic it fixes (made for
        that one finding, not for the document's all)."""
        from berserk_judge.server.diagnostics import diagnostic

        data = {"uri": analysis.uri, "version": analysis.version, "action": offer.action,
                "finding": finding_key(offer.finding) if offer.finding else None}
        found = [diagnostic(analysis, offer.finding, self.docs, uri_for)] if offer.finding is not None else None
        action = types.CodeAction(title=offer.title, kind=offer.kind, diagnostics=found,
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
        elif str(offer.action).startswith("schema:") and offer.finding is not None:
            from berserk_judge.server.schema_help import fix_edit as schema_edit

            _, kind, replacement = offer.action.split(":", 2)
            edit = schema_edit(analysis, offer.finding, replacement, kind == "key")
        elif offer.action == "noqa":
            edit = noqa_edit(analysis, offer.finding, linter)
        else:
            index = self.model.index_for(analysis.scope)
            edit = fix_all_edit(analysis, linter, index, pause=self.worker.breathe)
        if not edit:
            return None
        return self.workspace_edit(analysis, edit)

    def workspace_edit(self, analysis: Analysis, edits: list[types.TextEdit]) -> types.WorkspaceEdit:
        """Edits of the analysed buffer, versioned when the client takes document changes."""
        if self.versioned_edits:
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(analysis.uri, analysis.version),
                edits=edits)])
        return types.WorkspaceEdit(changes={analysis.uri: edits})

    # -- the base as a whole (server.base_search) ------------------------------------------

    def base_indexes(self, scopes=None) -> list:
        """The indexes of the bases of the given scopes (by default every workspace
        folder's and every open document's), loaded when they are not yet (on the
        worker, breathing between files)."""
        import os

        if scopes is None:
            scopes = [self.model.scope_for(os.path.join(folder, "_")) for folder in self.model.folders]
            scopes += [a.scope for a in list(self.analyses.values()) if a.scope is not None and a.in_base]
        out, seen = [], set()
        open_paths = self.open_paths()
        for scope in scopes:
            if scope.key in seen or scope.targets is None:
                continue
            seen.add(scope.key)
            index = self.model.index_for(scope)
            if not index.ready:
                for _ in index.load(open_paths):
                    self.worker.breathe()
            out.append(index)
        return out

    def open_analysis(self, path: str) -> Analysis | None:
        """The latest analysis of the open document of a file (None: not open)."""
        return next((a for a in list(self.analyses.values()) if a.path == path and a.in_base), None)

    def card_location(self, card, name: bool = False) -> types.Location:
        """Where a card is: its name (or its id) in an open buffer exactly, else its id's line in its file."""
        from berserk_judge.server.diagnostics import lsp_range
        from berserk_judge.server.outline import _point

        analysis = self.open_analysis(card.path)
        own = analysis.card(card.id) if analysis is not None else None
        if own is not None:
            key, value = ("name", own.name) if name else ("id", own.id)
            at = analysis.mark(*own.field_positions.get(key, (own.line, own.column)))
            quoted = analysis.text[at:at + 1] in ("'", '"')
            return types.Location(uri_for(card.path), lsp_range(analysis, at + quoted, at + quoted + len(value)))
        line, column = card.field_positions.get("id", (card.line, card.column))
        return _point(uri_for(card.path), line, column, len(card.id))

    def card_symbol(self, card) -> types.WorkspaceSymbol:
        return types.WorkspaceSymbol(name=card.name or card.id, kind=types.SymbolKind.Class,
                                     location=self.card_location(card, name=True),
                                     container_name=" · ".join(part for part in (card.set_name, card.id) if part))

    def text_location(self, card, start: int, end: int, texts) -> types.Location | None:
        """Where card.text[start:end] is: in an open buffer exactly, else found in its file."""
        from berserk_judge.server.diagnostics import lsp_range

        analysis = self.open_analysis(card.path)
        own = analysis.card(card.id) if analysis is not None else None
        if own is not None and own.text == card.text:
            begin, stop = analysis.places(own).span(start, end)
            return types.Location(analysis.uri, lsp_range(analysis, begin + analysis.bom, stop + analysis.bom))
        return texts.place(card, start, end, uri_for)

    def named_card(self, analysis: Analysis, offset: int):
        """The card a position names: the card whose `name:` or `id:` value it is
        on, or the card of the base named by the «…» around it in a text."""
        card = analysis.card_at(offset)
        if card is not None:
            for key, value in (("name", card.name), ("id", card.id)):
                position = card.field_positions.get(key)
                if position is not None:
                    at = analysis.mark(*position)
                    if at <= offset <= at + len(value) + 2:
                        return card
            index = analysis.text_index(card, offset)
            if index is not None:
                open_at = card.text.rfind("«", 0, index + 1)
                close_at = card.text.find("»", index)
                if open_at >= 0 and close_at > open_at and "»" not in card.text[open_at + 1:index]:
                    wanted = card.text[open_at + 1:close_at].strip().casefold()
                    cards = [c for c in analysis.base.cards] + [
                        c for index_ in self.base_indexes([analysis.scope]) for file in list(index_.files)
                        for c in index_.cards.get(file, ()) if file != analysis.path]
                    return next((c for c in cards if c.name.casefold() == wanted), None)
        return None

    def card_for_command(self, uri, position, query, current):
        """(card, its analysis or None) a command names: by a place in an open document, or by id or name."""
        if current is not None and position is not None and current.in_base:
            card = current.card_at(self.offset(current, position))
            if card is not None:
                return card, current
        if query:
            from berserk_judge.server import base_search

            cards = base_search.cards_of(self.base_indexes())
            found = base_search.matching(cards, query, 1)
            if found:
                card = found[0]
                analysis = self.open_analysis(card.path)
                own = analysis.card(card.id) if analysis is not None else None
                return (own, analysis) if own is not None else (card, None)
        return None, None

    def explanation(self, analysis: Analysis | None, card) -> str:
        """A card's explanation as `explain --card` prints it: how each feature is
        played, step by step, with the rules; the judges' rulings after it."""
        from berserk_judge.explain import explain_features, mark_classes, payload, render_text
        from berserk_judge.parser import read_card

        features = analysis.features(card) if analysis is not None else list(read_card(card))
        rulebook = self.rulebook(analysis) if analysis is not None else None
        data = payload(explain_features(features, rulebook=rulebook, card_name=card.name), card.id)
        classes = card.fields.get("class") if card.fields else None
        if classes:
            mark_classes(data, classes if isinstance(classes, list) else [classes])
        if rulebook is not None:
            from berserk_judge.explain import add_quotes

            add_quotes(data, rulebook)
        out = f"{card.name} [{card.id}]\n\n" + render_text(data)
        rulings = getattr(card, "rulings", ())
        if rulings:
            out += "\nРешения судей:\n" + "\n".join(
                f"{n}. {('Вопрос: ' + r.question + ' Ответ: ') if r.question else ''}{r.answer}"
                for n, r in enumerate(rulings, start=1)) + "\n"
        return out


def result_id(items: list[types.Diagnostic]) -> str:
    """Names a pull report's content: the same diagnostics, the same id (a
    keystroke that changes none of them gets an unchanged report)."""
    digest = hashlib.sha1(repr([(d.code, d.range, d.message, d.severity) for d in items]).encode("utf-8")).hexdigest()
    return digest[:24]


def finding_key(finding) -> list:
    return [finding.code, finding.card, finding.start, finding.end, finding.line, finding.column]
