"""The language server: LSP messages (pygls) in, the tool's own functions
called per open document, LSP results out. Wiring only: what a finding, a
hover or a fix is comes from server/analysis, hover, actions, outline,
schema_help and base_search, which call the same load → read → lint →
fix/explain functions as the CLI.

* Diagnostics are pushed (`textDocument/publishDiagnostics`) on open, on
  save and after an edit (debounced), or pulled (`textDocument/diagnostic`,
  a result id by content: an unchanged report is said so) when the client
  can pull; `initializationOptions.diagnosticMode` = "push" or "pull"
  overrides the choice. Either carries at most `maxDiagnostics` (1,000)
  diagnostics, those around the last edit, with a notice of the rest.
* The base the document belongs to is indexed in the background (other
  files' ids and texts, for repeated ids and base-wide rules); when it is
  ready, open documents are linted again.
* A document that is not part of the base (not a card file, or outside the
  configured `cardbase`) gets nothing: no diagnostics, no hover, no actions.
* The checks run on one worker thread, requests' own work on another: the
  request loop answers a cancel at once; while a large file is first
  checked, folds, the outline and a hover answer from its buffer alone.
* Settings: the config file's, with the editor's laid over them
  (server.settings).
* Nothing a handler meets may stop the server: a failure is logged to the
  client (`window/logMessage`) and the request is answered empty.
"""
from __future__ import annotations

from lsprotocol import types
from pygls.uris import to_fs_path

from berserk_judge.server import base_search, editing, schema_help
from berserk_judge.server.actions import FIX_ALL_KIND, FIX_ALL_TITLE, Named, Offer, fix_all_edit, offers, wanted
from berserk_judge.server.diagnostics import diagnostics, lsp_range
from berserk_judge.server.hover import feature_hover, noqa_hover
from berserk_judge.server.outline import definition, document_symbols, uri_for
from berserk_judge.server.quick import QuickView
from berserk_judge.server.session import JudgeServer, finding_key, result_id
from berserk_judge.server.workspace import Workspace, real

def _client_flags(server: JudgeServer, params: types.InitializeParams) -> None:
    caps = params.capabilities
    options = params.initialization_options if isinstance(params.initialization_options, dict) else {}
    can_pull = bool(caps.text_document and caps.text_document.diagnostic)
    mode = options.get("diagnosticMode", "auto")
    server.push = mode == "push" or (mode != "pull" and not can_pull)
    action_caps = caps.text_document.code_action if caps.text_document else None
    resolve = action_caps.resolve_support if action_caps else None
    server.lazy_actions = bool(resolve and "edit" in (resolve.properties or []))
    edit_caps = caps.workspace.workspace_edit if caps.workspace else None
    server.versioned_edits = bool(edit_caps and edit_caps.document_changes)
    # the server's own settings given at start (the editor's settings, server.settings, win over them)
    server.initial_options = {key: options[key] for key in ("rulesUrl", "debounceMs", "maxDiagnostics", "holdMs")
                              if key in options}
    server.use_options(server.initial_options)
    folders = [to_fs_path(f.uri) for f in params.workspace_folders or ()]
    if not folders and params.root_uri:
        folders = [to_fs_path(params.root_uri)]
    elif not folders and params.root_path:
        folders = [params.root_path]
    server.model = Workspace([f for f in folders if f])
    workspace_caps = caps.workspace
    server.asks_configuration = bool(workspace_caps and workspace_caps.configuration)
    server.initial_settings = options.get("settings")
    if server.initial_settings is not None:
        server.apply_settings(server.initial_settings)


FIX_ALL_COMMAND = "berserk-judge.fixAll"
EXPLAIN_COMMAND = "berserk-judge.explain"


def _argument_uri(arguments) -> str | None:
    """The document a command names: its first argument, a uri or {"uri": …} (or {"textDocument": {"uri": …}})."""
    first = arguments[0] if arguments else None
    if isinstance(first, str) and ":" in first and "/" in first:
        return first
    if isinstance(first, dict):
        document = first.get("textDocument")
        value = document.get("uri") if isinstance(document, dict) else first.get("uri")
        return value if isinstance(value, str) else None
    return None


def _argument_position(arguments) -> types.Position | None:
    for value in list(arguments[1:2]) + [a.get("position") for a in arguments[:1] if isinstance(a, dict)]:
        if isinstance(value, dict) and isinstance(value.get("line"), int) and isinstance(value.get("character"), int):
            return types.Position(max(0, value["line"]), max(0, value["character"]))
    return None


def _argument_query(arguments) -> str | None:
    """A card id or name given instead of a place."""
    first = arguments[0] if arguments else None
    if isinstance(first, str) and _argument_uri(arguments) is None:
        return first
    if isinstance(first, dict) and isinstance(first.get("card"), str):
        return first["card"]
    return None


# what a request gets when its document could not be analysed (the failure is logged)
DEFAULTS = {"folds": [], "hints": [], "formatting": [], "code_action": [], "symbols": [], "goto": [],
            "pull": types.RelatedFullDocumentDiagnosticReport(items=[]), "hover": None}


def build() -> JudgeServer:
    """A server with every feature registered (not started)."""
    server = JudgeServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: JudgeServer, params: types.InitializeParams):
        _client_flags(ls, params)

    @server.feature(types.INITIALIZED)
    async def initialized(ls: JudgeServer, params: types.InitializedParams):
        caps = ls.client_capabilities.workspace
        changes = caps.did_change_configuration if caps else None
        if changes and changes.dynamic_registration:   # (VS Code sends changes only when asked to)
            ls.client_register_capability(types.RegistrationParams(registrations=[types.Registration(
                id="berserk-judge-settings", method=types.WORKSPACE_DID_CHANGE_CONFIGURATION,
                register_options={"section": "berserk-judge"})]))
        watch = caps.did_change_watched_files if caps else None
        if watch and watch.dynamic_registration:
            watchers = [types.FileSystemWatcher(glob_pattern=g) for g in
                        ("**/*.yaml", "**/*.yml", "**/pyproject.toml", "**/berserk-judge.toml")]
            ls.client_register_capability(types.RegistrationParams(registrations=[types.Registration(
                id="berserk-judge-files", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))
        if ls.asks_configuration:
            await ls.ask_settings()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def configuration_changed(ls: JudgeServer, params: types.DidChangeConfigurationParams):
        """The editor's settings (server.settings): given here, or asked for."""
        from berserk_judge.server.settings import section_of

        if section_of(params.settings) is not None or not ls.asks_configuration:
            ls.apply_settings(params.settings)
            return
        await ls.ask_settings()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: JudgeServer, params: types.DidOpenTextDocumentParams):
        ls.desynced.discard(params.text_document.uri)
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: JudgeServer, params: types.DidChangeTextDocumentParams):
        ls.typed(params.text_document.uri, params.content_changes)
        ls.schedule(params.text_document.uri, ls.debounce, typing=True)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["{"]))
    def complete(ls: JudgeServer, params: types.CompletionParams):
        """In a card text: icons, ability types, keywords; elsewhere in a card: its
        fields and their values, from the card schema (server.schema_help)."""
        def find():
            uri = params.text_document.uri
            if ls.document(uri) is None:
                return None
            known = ls.last_read.get(uri)   # the last reading: the text being typed may be newer
            if known is not None and not known.in_base:
                return None
            line = params.position.line
            text = ls.line_text(uri, line)
            character = min(max(params.position.character, 0), len(text))
            items = schema_help.completions(known, text, line, character)   # a card's key or a field's value
            if items is None and editing.in_text(known, line, text, character):
                items = editing.completions(text, line, character)
            return types.CompletionList(is_incomplete=False, items=items) if items is not None else None

        return ls.safely("дополнение", find)

    @server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
    async def folds(ls: JudgeServer, params: types.FoldingRangeParams):
        current = await ls.current_or_quick(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("folds")

        def find():
            if isinstance(current, QuickView):
                return ls.raw(current.folding_ranges())
            return ls.raw(editing.folding_ranges(current)) if current.in_base else []

        return await ls.answer("сворачивание", find, [])

    @server.feature(types.TEXT_DOCUMENT_INLAY_HINT)
    async def hints(ls: JudgeServer, params: types.InlayHintParams):
        current = await ls.current(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("hints")

        def find():
            analysis = current
            if not analysis.in_base:
                return []
            return editing.canonical_hints(analysis, params.range.start.line, params.range.end.line)

        return await ls.answer("подсказки", find, [])

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    async def formatting(ls: JudgeServer, params: types.DocumentFormattingParams):
        current = await ls.current(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("formatting")
        def find():
            analysis = current
            if not analysis.in_base:
                return []
            return fix_all_edit(analysis, ls.linters.get(analysis.uri), ls.model.index_for(analysis.scope),
                                pause=ls.worker.breathe) or []

        return await ls.on_worker("форматирование", find, [], owner=params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_RANGE_FORMATTING)
    async def range_formatting(ls: JudgeServer, params: types.DocumentRangeFormattingParams):
        """The safe fixes of the cards the range touches (`lint --fix` on them alone)."""
        current = await ls.current(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("formatting")

        def find():
            analysis = current
            if not analysis.in_base:
                return []
            start, end = ls.offset(analysis, params.range.start), ls.offset(analysis, params.range.end)
            cards = {card.id for card in analysis.cards_between(start, end)}
            if not cards:
                return []
            return fix_all_edit(analysis, ls.linters.get(analysis.uri), ls.model.index_for(analysis.scope),
                                cards=cards, pause=ls.worker.breathe) or []

        return await ls.on_worker("форматирование фрагмента", find, [], owner=params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: JudgeServer, params: types.DidSaveTextDocumentParams):
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: JudgeServer, params: types.DidCloseTextDocumentParams):
        uri = params.text_document.uri
        ls.desynced.discard(uri)
        task = ls.pending.pop(uri, None)
        if task is not None:
            task.cancel()
        ls.linters.pop(uri, None)
        ls.last_read.pop(uri, None)
        closed = ls.analyses.pop(uri, None)
        if closed is not None and closed.in_base:
            ls.model.forget(closed.path)   # the file on disk is the truth again
        if ls.push:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DiagnosticOptions(
        identifier="berserk-judge", inter_file_dependencies=True, workspace_diagnostics=False))
    async def pull(ls: JudgeServer, params: types.DocumentDiagnosticParams):
        current = await ls.current(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("pull")
        findings, notice = ls.safely("проверка", lambda: ls.shown(current), (current.findings, None))
        # the kept JSON of each diagnostic is the loop's (server.diagnostics.Shown): made here
        items = ls.safely("проверка", lambda: diagnostics(current, ls.docs, uri_for, findings), [])
        items += [notice] if notice is not None else []
        report_id = result_id(items)
        if params.previous_result_id == report_id:
            return types.RelatedUnchangedDocumentDiagnosticReport(result_id=report_id)
        return types.RelatedFullDocumentDiagnosticReport(items=items, result_id=report_id)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(ls: JudgeServer, params: types.HoverParams):
        current = await ls.current_or_quick(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("hover")

        def find():
            analysis = current
            if isinstance(current, QuickView):
                analysis = current.card_analysis(current.lines.offset(params.position.line,
                                                                      params.position.character))
                if analysis is None:
                    return None
            if not analysis.in_base:
                return None
            offset = ls.offset(analysis, params.position)
            found = noqa_hover(analysis, offset) or schema_help.hover(analysis, offset) \
                or feature_hover(analysis, offset, ls.rulebook(analysis), ls.model.index_for(analysis.scope))
            if found is None:
                return None
            return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=found.markdown),
                               range=lsp_range(analysis, found.start, found.end))

        return await ls.answer("подсказка", find)

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(
        code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND], resolve_provider=True))
    async def code_action(ls: JudgeServer, params: types.CodeActionParams):
        current = await ls.current(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("code_action")
        def find():
            analysis = current
            if not analysis.in_base:
                return []
            start = ls.offset(analysis, params.range.start)
            end = ls.offset(analysis, params.range.end)
            only = params.context.only
            named = [Named(str(d.code), d.range.start.line, d.range.start.character,
                           d.range.end.character if d.range.end.line == d.range.start.line else None, d.data)
                     for d in params.context.diagnostics or () if d.source in (None, "berserk-judge")]
            chosen = [offer for offer in offers(analysis, start, end, named) if wanted(offer.kind, only)]
            actions = [ls.action(analysis, offer, not ls.lazy_actions) for offer in chosen]
            card = analysis.card_at(start)
            if card is not None and not only:   # the card's explanation, a command away (a bare Command:
                # clients built on lsprotocol read any action holding a command as one)
                actions.append(types.Command(title=f"Объяснить карту «{card.name}» (как explain --card)",
                                             command=EXPLAIN_COMMAND, arguments=[analysis.uri, params.range.start]))
            return actions

        return await ls.on_worker("действия", find, [], owner=params.text_document.uri)

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def resolve(ls: JudgeServer, action: types.CodeAction):
        data = action.data if isinstance(action.data, dict) else {}
        uri = data.get("uri")
        if not isinstance(uri, str) or ls.document(uri) is None:
            return action
        current = await ls.current(uri)
        if current is None:
            return action

        def fill():
            analysis = current
            if analysis.version != data.get("version"):
                return action   # the buffer changed since: no edit rather than a wrong one
            key = data.get("finding")
            finding = next((f for f in analysis.findings_of(key[1]) if finding_key(f) == key), None) \
                if isinstance(key, list) and len(key) > 1 else None
            if key and finding is None:
                return action
            kind = action.kind or types.CodeActionKind.QuickFix
            action.edit = ls.edit_for(analysis, Offer(action.title, kind, data.get("action"), finding))
            return action

        return await ls.on_worker("действие", fill, action, owner=uri)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def symbols(ls: JudgeServer, params: types.DocumentSymbolParams):
        current = await ls.current_or_quick(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("symbols")

        def find():
            if isinstance(current, QuickView):   # plain mappings: sent as JSON made here, or as they are
                return ls.raw(current.symbols())
            return ls.raw(document_symbols(current)) if current.in_base else []

        return await ls.answer("структура", find, [])

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def goto(ls: JudgeServer, params: types.DefinitionParams):
        current = await ls.current(params.text_document.uri)
        if current is None:
            return DEFAULTS.get("goto")
        def find():
            analysis = current
            if not analysis.in_base:
                return []
            index = ls.model.index_for(analysis.scope)
            return definition(analysis, ls.offset(analysis, params.position), index, ls.rulebook(analysis),
                              ls.docs, uri_for)

        return ls.safely("переход", find, [])

    @server.feature(types.WORKSPACE_SYMBOL)
    async def workspace_symbols(ls: JudgeServer, params: types.WorkspaceSymbolParams):
        """A card by its name (or id) across the whole base (server.base_search)."""
        def find():
            cards = base_search.cards_of(ls.base_indexes())
            return [ls.card_symbol(card) for card in base_search.matching(cards, params.query)]

        return await ls.on_worker("поиск карт", find, [])

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def references(ls: JudgeServer, params: types.ReferenceParams):
        """Where the name of the card under the cursor (its `name:` or `id:`, or a
        «name» in a text) is used in the base's texts."""
        uri = params.text_document.uri
        current = await ls.current(uri)
        if current is None or not current.in_base:
            return []

        def find():
            analysis = current
            target = ls.named_card(analysis, ls.offset(analysis, params.position))
            if target is None:
                return []
            cards = base_search.cards_of(ls.base_indexes([analysis.scope]))
            texts = base_search.FileTexts()
            out = [ls.card_location(target, name=True)] if params.context.include_declaration else []
            for card, start, end in base_search.uses(cards, target.name, skip=target):
                found = ls.text_location(card, start, end, texts)
                if found is not None:
                    out.append(found)
            return out

        return await ls.on_worker("ссылки", find, [], owner=uri)

    @server.command(FIX_ALL_COMMAND)
    async def fix_all_command(ls: JudgeServer, *arguments):
        """Every safe fix of a document (`lint --fix` on its buffer), applied through `workspace/applyEdit`."""
        uri = _argument_uri(arguments)
        current = await ls.current(uri) if uri else None
        if current is None or not current.in_base:
            return {"applied": False, "edits": 0}

        def find():
            return fix_all_edit(current, ls.linters.get(current.uri), ls.model.index_for(current.scope),
                                pause=ls.worker.breathe) or []

        edits = await ls.on_worker("исправление всего", find, [], owner=uri)
        if not edits:
            return {"applied": True, "edits": 0}
        edit = ls.workspace_edit(current, edits)
        answer = await ls.workspace_apply_edit_async(types.ApplyWorkspaceEditParams(edit=edit, label=FIX_ALL_TITLE))
        return {"applied": bool(answer and answer.applied), "edits": len(edits)}

    @server.command(EXPLAIN_COMMAND)
    async def explain_command(ls: JudgeServer, *arguments):
        """The explanation of a card (as `explain --card` gives it), shown to the
        user (`window/showMessage`) and returned: arguments are a document's uri and
        a position in it, or a card id (or name) of the base."""
        uri, position, query = _argument_uri(arguments), _argument_position(arguments), _argument_query(arguments)

        def find():
            card, analysis = ls.card_for_command(uri, position, query, current)
            if card is None:
                return None
            return {"card": card.id, "text": ls.explanation(analysis, card)}

        current = await ls.current(uri) if uri else None
        found = await ls.on_worker("объяснение", find, None, owner=uri)
        if found is None:
            ls.window_show_message(types.ShowMessageParams(types.MessageType.Warning,
                                                           "berserk-judge: карта для объяснения не найдена"))
            return None
        ls.window_show_message(types.ShowMessageParams(types.MessageType.Info, found["text"]))
        return found

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def files_changed(ls: JudgeServer, params: types.DidChangeWatchedFilesParams):
        open_paths = {a.path for a in ls.analyses.values()}
        for change in params.changes:
            path = to_fs_path(change.uri)
            if path and real(path) not in open_paths:
                ls.model.forget(real(path))
        ls.relint_open()

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: JudgeServer, params: None):
        for task in list(ls.pending.values()) + list(ls.loading.values()):
            if task is not None:
                task.cancel()
        ls.pending.clear()
        ls.loading.clear()

    return server


def serve() -> None:
    """Serve one editor over stdin/stdout until it says `exit` (exit code 1
    when `exit` came without `shutdown`, as LSP asks)."""
    import gc
    import os
    import sys

    from berserk_judge.server.heap import one_arena
    from berserk_judge.server.transport import serve_stdio

    one_arena()   # before any worker thread: one heap, large blocks unmapped when freed (server.heap)
    # an open base is hundreds of thousands of long-lived objects (cards, readings):
    # full collections over them on every few edits cost more than the edits
    gc.set_threshold(50_000, 50, 100)
    code = serve_stdio(build(), sys.stdin.buffer, sys.stdout.buffer)
    # the frame reader may still be blocked in a read of stdin: leave without
    # waiting for it (an ordinary exit aborts on the stdin lock it holds)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)

