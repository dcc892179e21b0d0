"""End to end: `berserk-judge server` driven over stdio by a real LSP client (pytest-lsp).

One server for the module (push diagnostics, Neovim 0.7's capabilities);
each test opens its own document in a shared workspace. A second server
speaks pull diagnostics (`textDocument/diagnostic`).
"""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

import lsp_publishes

pytestmark = pytest.mark.asyncio(loop_scope="module")

SERVER = [sys.executable, "-m", "berserk_judge", "server"]
TIMEOUT = 60   # seconds: a reply that does not come fails the test

CARDS = """\
set: {id: t, name: Тест}
cards:
- id: t1
  name: Лучник
  text: "\\u00abЛук\\u00bb: при гибели - ранить цель на 1."
- id: t2
  name: Страж
  text: |-
    {tap}: ранить цель на 1 и закрыть ее, иначе излечить себя на 1.
"""


def cards(prefix: str) -> str:
    """CARDS with ids of its own (ids repeated across the workspace's files are findings)."""
    return CARDS.replace("id: t", f"id: {prefix}")


def utf16_offset(text: str, line: int, character: int) -> int:
    """A position → code-point offset, counted independently of the server's code."""
    lines = text.split("\n")
    offset = sum(len(part) + 1 for part in lines[:line])
    units = 0
    for index, ch in enumerate(lines[line] if line < len(lines) else ""):
        if units >= character:
            return offset + index
        units += 2 if ord(ch) > 0xFFFF else 1
    return offset + (len(lines[line]) if line < len(lines) else 0)


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    spans = sorted(((utf16_offset(text, e.range.start.line, e.range.start.character),
                     utf16_offset(text, e.range.end.line, e.range.end.character), e.new_text) for e in edits),
                   reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def edits_of(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    if edit.document_changes:
        return [e for change in edit.document_changes if change.text_document.uri == uri for e in change.edits]
    return list((edit.changes or {}).get(uri, []))


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("lsp-workspace")
    (root / "berserk-judge.toml").write_text('severity-threshold = "info"\n', encoding="utf-8")
    (root / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (root / "other.yaml").write_text(
        "set: {id: o, name: Другой}\ncards:\n- id: o1\n  name: Воин\n  text: 'Ранить цель на 1.'\n",
        encoding="utf-8")
    (root / "notes.yaml").write_text("title: не карты\nitems: [a, b]\n", encoding="utf-8")
    return root


@pytest_lsp.fixture(scope="module", config=lsp_publishes.config(SERVER))
async def client(lsp_client: LanguageClient, workspace: Path):
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim@v0.7.0"), root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")]))
    lsp_client.initialize_result = result
    yield
    await lsp_client.shutdown_session()


async def open_doc(client: LanguageClient, path: Path, text: str) -> types.PublishDiagnosticsParams:
    uri = path.as_uri()
    since = lsp_publishes.mark(client)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=text)))
    return await diagnostics_for(client, uri, 1, since)


async def diagnostics_for(client: LanguageClient, uri: str, version: int, since: int) -> types.PublishDiagnosticsParams:
    """The diagnostics published for this version of the document after the mark `since`
    (every publish is kept: one read with another's is not lost; a test fails, never hangs)."""
    return await lsp_publishes.version_published(client, since, uri, version, TIMEOUT)


async def change(client: LanguageClient, uri: str, version: int, text: str) -> types.PublishDiagnosticsParams:
    since = lsp_publishes.mark(client)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    return await diagnostics_for(client, uri, version, since)


def codes(params) -> list[tuple[str, int, int, int]]:
    return [(d.code, d.range.start.line, d.range.start.character, d.range.end.character) for d in params.diagnostics]


async def test_initialize(client: LanguageClient):
    result = client.initialize_result
    assert result.server_info.name == "berserk-judge"
    caps = result.capabilities
    assert caps.hover_provider and caps.definition_provider and caps.document_symbol_provider
    assert caps.code_action_provider.resolve_provider is True
    assert set(caps.code_action_provider.code_action_kinds) == {"quickfix", "source.fixAll.berserk-judge"}
    assert caps.diagnostic_provider.identifier == "berserk-judge"


async def test_diagnostics_on_open_exact_inside_escapes(client: LanguageClient, workspace: Path):
    params = await open_doc(client, workspace / "cards.yaml", CARDS)
    # the hyphen stands after two \\u escapes: column 37 of line 4 (0-based), not lint's approximate 27
    assert codes(params) == [("BJ501", 4, 37, 38), ("BJ101", 8, 11, 66)]
    first = params.diagnostics[0]
    assert first.severity == types.DiagnosticSeverity.Warning
    assert first.source == "berserk-judge"
    assert first.message == "дефис «-» между словами; здесь нужно тире «—»"
    assert first.code_description.href.startswith("file://") and "docs/rules.md#L" in first.code_description.href
    line = int(first.code_description.href.rsplit("#L", 1)[1])
    catalogue = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    assert catalogue.splitlines()[line - 1].startswith("## BJ501 ")
    ambiguous = params.diagnostics[1]
    assert "чтение 2: (ранить цель на 1 и (закрыть ее, иначе излечить себя на 1))" in ambiguous.message


async def test_diagnostics_on_change(client: LanguageClient, workspace: Path):
    path = workspace / "change.yaml"
    text = "set: {id: c, name: Ц}\ncards:\n- id: c1\n  name: Тень\n  text: 'При гибели — ранить цель на 1.'\n"
    assert (await open_doc(client, path, text)).diagnostics == ()
    spaced = text.replace("ранить цель", "ранить   цель")
    params = await change(client, path.as_uri(), 2, spaced)
    assert codes(params) == [("BJ505", 4, 28, 31)]
    assert params.diagnostics[0].message == "3 пробела подряд"
    params = await change(client, path.as_uri(), 3, text)
    assert params.diagnostics == ()


async def test_hover_shows_canonical_form_and_explanation(client: LanguageClient, workspace: Path):
    path = workspace / "hover.yaml"
    await open_doc(client, path, cards("h"))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=types.Position(8, 30)))
    value = hover.contents.value
    assert hover.contents.kind == types.MarkupKind.Markdown
    canon = json.loads(subprocess.run(
        SERVER[:-1] + ["canon", "--format", "json", "{tap}: ранить цель на 1 и закрыть ее, иначе излечить себя на 1."],
        capture_output=True, text=True).stdout)["features"][0]["canonical"]
    assert canon == "((ранить цель на 1 и закрыть ее), иначе излечить себя на 1)"
    assert f"**Каноническая запись:** {canon}\n" in value
    assert "**Абстрактная запись:** ((С1 и С2), иначе С3)" in value
    assert "2. чтение 2: (С1 и (С2, иначе С3)) = (ранить цель на 1 и (закрыть ее, иначе излечить себя на 1))" in value
    assert "(505.6 «в противном случае»; 505, пример 3)" in value and "(114.1)" in value
    assert hover.range == types.Range(types.Position(8, 4), types.Position(8, 67))


async def test_hover_on_noqa_code_shows_rule_docs(client: LanguageClient, workspace: Path):
    path = workspace / "noqa.yaml"
    text = cards("n").replace("  text: |-\n", "  text: |-  # noqa: BJ101\n")
    await open_doc(client, path, text)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=types.Position(7, 23)))
    assert hover.contents.value.startswith("## BJ101 `ambiguous-grouping`")
    assert hover.range == types.Range(types.Position(7, 20), types.Position(7, 25))


async def test_quick_fix_applied_and_relinted_equals_lint_fix(client: LanguageClient, workspace: Path, tmp_path):
    path = workspace / "fix.yaml"
    text = "set: {id: f, name: Ф}\ncards:\n- id: f1\n  name: Тень\n  text: |-\n    При гибели - ранить цель на 1.\n"
    params = await open_doc(client, path, text)
    (diagnostic,) = params.diagnostics
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic])))
    titles = [a.title for a in actions]
    assert titles == ["заменить дефис на тире «—»: «гибели - ранить» → «гибели — ранить» (BJ501)", "Отключить BJ501 для этой карты (# noqa: BJ501)",
                      "Исправить всё безопасное в файле", "Объяснить карту «Тень» (как explain --card)"]
    explain = actions[-1]
    assert explain.command == "berserk-judge.explain" and explain.arguments[0] == path.as_uri()
    # the cursor elsewhere on the line, the line's diagnostic named in the context (as Neovim asks)
    at_line_start = types.Range(types.Position(5, 0), types.Position(5, 0))
    named = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), range=at_line_start,
        context=types.CodeActionContext(diagnostics=[diagnostic])))
    assert [a.title for a in named] == titles
    alone = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), range=at_line_start,
        context=types.CodeActionContext(diagnostics=[])))
    assert [a.title for a in alone] == ["Исправить всё безопасное в файле", "Объяснить карту «Тень» (как explain --card)"]
    fix = actions[0]
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
    if fix.edit is None:
        fix = await client.code_action_resolve_async(fix)
    fixed = apply_edits(text, edits_of(fix.edit, path.as_uri()))
    # the same bytes `lint --fix` writes
    copy = tmp_path / "fix.yaml"
    copy.write_text(text, encoding="utf-8")
    subprocess.run(SERVER[:-1] + ["lint", "--fix", "--isolated", str(copy)], capture_output=True, check=False)
    assert fixed == copy.read_text(encoding="utf-8") == text.replace("гибели - ранить", "гибели — ранить")
    assert (await change(client, path.as_uri(), 2, fixed)).diagnostics == ()


async def test_noqa_action_silences_the_finding(client: LanguageClient, workspace: Path):
    path = workspace / "silence.yaml"
    text = "set: {id: s, name: С}\ncards:\n- id: s1\n  name: Тень\n  text: 'При гибели - ранить цель на 1.'\n"
    params = await open_doc(client, path, text)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), range=params.diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=params.diagnostics)))
    noqa = next(a for a in actions if "noqa" in a.title)
    if noqa.edit is None:
        noqa = await client.code_action_resolve_async(noqa)
    silenced = apply_edits(text, edits_of(noqa.edit, path.as_uri()))
    assert silenced == text.replace("на 1.'\n", "на 1.'  # noqa: BJ501\n")
    assert (await change(client, path.as_uri(), 2, silenced)).diagnostics == ()


async def test_broken_buffer_gives_bj000_at_the_error(client: LanguageClient, workspace: Path):
    path = workspace / "broken.yaml"
    await open_doc(client, path, cards("b"))
    broken = cards("b").replace("  name: Страж\n", "  name: Страж: злой\n")
    params = await change(client, path.as_uri(), 2, broken)
    (diagnostic,) = params.diagnostics
    assert diagnostic.code == "BJ000" and diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range.start == types.Position(6, 13)   # lint: 7:14, the colon after «Страж»
    assert diagnostic.message.startswith("ошибка YAML: двоеточие с пробелом внутри значения без кавычек")
    # the server lives on: the repaired buffer is linted again
    assert [d.code for d in (await change(client, path.as_uri(), 3, cards("b"))).diagnostics] == ["BJ501", "BJ101"]


async def test_file_outside_the_base_is_answered_empty(client: LanguageClient, workspace: Path):
    path = workspace / "notes.yaml"
    text = (workspace / "notes.yaml").read_text(encoding="utf-8")
    assert (await open_doc(client, path, text)).diagnostics == ()
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=types.Position(0, 2)))
    assert hover is None
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri())))
    assert symbols == []


async def test_outline_and_definition(client: LanguageClient, workspace: Path):
    path = workspace / "outline.yaml"
    text = cards("p") + "- id: o1\n  name: Двойник\n  text: ''\n"
    params = await open_doc(client, path, text)
    assert ("BJ003", 9, 6, 8) in codes(params)   # o1 is other.yaml's, loaded before this file
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri())))
    # the set, its cards inside it, each card's features (a small document)
    assert [(s.name, s.detail, s.kind) for s in symbols] == [("Тест", "p", types.SymbolKind.Namespace)]
    symbols = symbols[0].children
    assert [(s.name, s.detail) for s in symbols] == [("Лучник", "p1"), ("Страж", "p2")]
    assert [c.name for c in symbols[1].children] == [
        "1. играемая: {tap}: ранить цель на 1 и закрыть ее, иначе излечить себя н…"]
    assert symbols[1].children[0].detail == "((ранить цель на 1 и закрыть ее), иначе излечить себя на 1)"
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=types.Position(9, 7)))
    assert [(loc.uri, loc.range.start.line, loc.range.start.character) for loc in found] == [
        ((workspace / "other.yaml").resolve().as_uri(), 2, 6)]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), loop_scope="module")
async def pull_client(lsp_client: LanguageClient, workspace: Path):
    capabilities = client_capabilities("neovim@v0.7.0")
    capabilities.text_document.diagnostic = types.DiagnosticClientCapabilities()
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=workspace.as_uri()))
    yield
    if lsp_client._server.returncode is None:
        await lsp_client.shutdown_session()


async def test_pull_diagnostics_and_clean_exit(pull_client: LanguageClient, workspace: Path):
    uri = (workspace / "cards.yaml").as_uri()
    pull_client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=CARDS)))
    report = await pull_client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [d.code for d in report.items] == ["BJ501", "BJ101"]
    again = await pull_client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri), previous_result_id=report.result_id))
    assert again.kind == "unchanged"
    assert pull_client.diagnostics == {}   # nothing pushed to a client that pulls
    await pull_client.shutdown_session()
    assert pull_client._server.returncode == 0
