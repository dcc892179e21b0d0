"""What an editor user expects of the server, as ruff's server and
yaml-language-server give it, driven over stdio by a real LSP client
(pytest-lsp): settings from the editor, completion of card fields from the
card schema, workspace symbols, references, commands, range formatting; and
the server healing what clients send wrong (a change to a document that is
not open, a negative position, a document closed while its check waits)."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

import lsp_publishes
from test_server_lsp import SERVER, TIMEOUT, apply_edits, cards, diagnostics_for, edits_of, open_doc

pytestmark = pytest.mark.asyncio(loop_scope="module")

OTHER = """\
set: {id: o, name: Другой}
cards:
- id: o1
  name: Лучник
  text: 'Ранить цель на 1.'
- id: o2
  name: Горный великан
  text: 'Когда «Лучник» атакует, ранить цель на 1. Лучнику — +1 к удару.'
"""


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("editor-workspace")
    (root / "berserk-judge.toml").write_text('severity-threshold = "info"\n', encoding="utf-8")
    (root / "a-cards.yaml").write_text(cards("t"), encoding="utf-8")
    (root / "b-other.yaml").write_text(OTHER, encoding="utf-8")
    return root


@pytest_lsp.fixture(scope="module", config=lsp_publishes.config(SERVER))
async def client(lsp_client: LanguageClient, workspace: Path):
    capabilities = client_capabilities("neovim@v0.7.0")
    capabilities.workspace.configuration = True
    lsp_client.set_configuration({"berserk-judge": {}})
    result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")]))
    lsp_client.initialize_result = result
    yield
    await lsp_client.shutdown_session()


def document(path: Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=path.as_uri())


def failures(client: LanguageClient) -> list[str]:
    return [m.message for m in client.log_messages if "сбой" in m.message or "Error" in m.message]


async def test_capabilities_of_an_editor_server(client: LanguageClient):
    caps = client.initialize_result.capabilities
    assert caps.workspace_symbol_provider and caps.references_provider and caps.document_range_formatting_provider
    assert set(caps.execute_command_provider.commands) == {"berserk-judge.fixAll", "berserk-judge.explain"}
    assert caps.completion_provider is not None


async def test_settings_from_the_editor_are_the_config_files_keys(client: LanguageClient, workspace: Path):
    path = workspace / "settings.yaml"
    text = cards("s")
    params = await open_doc(client, path, text)
    assert [d.code for d in params.diagnostics] == ["BJ501", "BJ101"]

    async def codes_become(expected, since):
        """The document's codes in its first publish after `since` that has them (the base's indexing
        may publish before)."""
        params = await lsp_publishes.published(
            client, since, lambda p: p.uri == path.as_uri() and [d.code for d in p.diagnostics] == expected,
            TIMEOUT)
        return [d.code for d in params.diagnostics]

    # the editor answers workspace/configuration with `ignore` (as in berserk-judge.toml) and a server key
    since = lsp_publishes.mark(client)
    client.set_configuration({"berserk-judge": {"ignore": ["BJ501"], "maxDiagnostics": 1}})
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    assert await codes_become(["BJ101"], since) == ["BJ101"]
    # camelCase as VS Code writes settings, given in the notification itself; a wrong key is said
    since = lsp_publishes.mark(client)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"berserk-judge": {"extendSelect": [], "severityThreshold": "error", "nonsense": 1}}))
    assert await codes_become([], since) == []   # BJ501 back, but under the threshold
    assert any("неизвестный ключ «nonsense»" in m.message for m in client.messages)
    since = lsp_publishes.mark(client)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"berserk-judge": {}}))
    assert await codes_become(["BJ501", "BJ101"], since) == ["BJ501", "BJ101"]


async def test_completion_of_card_fields_and_values(client: LanguageClient, workspace: Path):
    path = workspace / "complete.yaml"
    text = cards("c")
    await open_doc(client, path, text)
    typed = text.replace("  name: Страж\n", "  name: Страж\n  co\n")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=typed)]))
    found = await client.text_document_completion_async(types.CompletionParams(
        text_document=document(path), position=types.Position(7, 4)))
    labels = [item.label for item in found.items]
    assert "cost" in labels and "element" in labels and "type" in labels
    assert "name" not in labels and "id" not in labels   # the card has them
    cost = next(item for item in found.items if item.label == "cost")
    assert cost.text_edit.new_text == "cost: " and cost.text_edit.range.start == types.Position(7, 2)
    assert "целое число" in cost.documentation.value
    valued = typed.replace("  co\n", "  type: cre\n")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=valued)]))
    found = await client.text_document_completion_async(types.CompletionParams(
        text_document=document(path), position=types.Position(7, 11)))
    assert [item.label for item in found.items][:2] == ["creature", "flyer"]
    assert found.items[0].detail == "существо"
    assert found.items[0].text_edit.range == types.Range(types.Position(7, 8), types.Position(7, 11))


async def test_a_field_hovered_and_fixed_from_the_schema(client: LanguageClient, workspace: Path):
    path = workspace / "schema.yaml"
    text = "set: {id: v, name: V}\ncards:\n- id: v1\n  name: Лучник\n  elemnt: Горы\n  cost: 3\n  text: ранить цель.\n"
    params = await open_doc(client, path, text)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=document(path), position=types.Position(5, 3)))
    assert hover.contents.value == "**cost** — поле карты: целое число"
    unknown = next(d for d in params.diagnostics if "elemnt" in d.message)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(path), range=unknown.range, context=types.CodeActionContext(diagnostics=[unknown])))
    rename = next(a for a in actions if a.title == "Переименовать поле «elemnt» в «element» (BJ003)")
    if rename.edit is None:
        rename = await client.code_action_resolve_async(rename)
    assert apply_edits(text, edits_of(rename.edit, path.as_uri())) == text.replace("elemnt", "element")


async def test_workspace_symbols_find_a_card_by_name_across_the_base(client: LanguageClient, workspace: Path):
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="великан"))
    assert [(s.name, s.location.uri) for s in found][:1] == [
        ("Горный великан", (workspace / "b-other.yaml").resolve().as_uri())]
    assert found[0].location.range.start == types.Position(5, 6)   # its id's line (a file not open)
    typo = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="Лучнк"))
    assert "Лучник" in [s.name for s in typo]


async def test_references_are_the_names_uses_in_other_texts(client: LanguageClient, workspace: Path):
    path = workspace / "b-other.yaml"
    await open_doc(client, path, OTHER)
    found = await client.text_document_references_async(types.ReferenceParams(
        text_document=document(path), position=types.Position(3, 9),
        context=types.ReferenceContext(include_declaration=True)))
    places = sorted((loc.range.start.line, loc.range.start.character, loc.range.end.character) for loc in found)
    # the declaration, «Лучник» in o2's text (not «Лучнику»: another word)
    assert places == [(3, 8, 14), (7, 16, 22)]


async def test_commands_fix_all_and_explain(client: LanguageClient, workspace: Path):
    path = workspace / "command.yaml"
    text = cards("x")
    await open_doc(client, path, text)
    applied = []

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    def apply(params: types.ApplyWorkspaceEditParams):
        applied.append(params.edit)
        return types.ApplyWorkspaceEditResult(applied=True)

    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="berserk-judge.fixAll", arguments=[path.as_uri()]))
    assert result["applied"] is True and result["edits"] == 1
    fixed = apply_edits(text, edits_of(applied[0], path.as_uri()))
    assert "при гибели — ранить" in fixed
    explained = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="berserk-judge.explain", arguments=[path.as_uri(), {"line": 8, "character": 10}]))
    assert explained["card"] == "x2"
    assert explained["text"].startswith("Страж [x2]\n")
    assert "(505" in explained["text"]
    assert any(m.message == explained["text"] for m in client.messages)
    by_name = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="berserk-judge.explain", arguments=["Горный великан"]))
    assert by_name["card"] == "o2"


async def test_range_formatting_fixes_the_cards_in_the_range(client: LanguageClient, workspace: Path):
    path = workspace / "ranged.yaml"
    text = cards("r") + "- id: r3\n  name: Третий\n  text: 'при гибели - ранить цель на 3.'\n"
    await open_doc(client, path, text)
    edits = await client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        text_document=document(path), range=types.Range(types.Position(9, 0), types.Position(11, 0)),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    fixed = apply_edits(text, edits)
    assert fixed == text.replace("на 3.'", "на 3.'").replace("гибели - ранить цель на 3", "гибели — ранить цель на 3")
    assert "при гибели - ранить цель на 1" in fixed   # the first card, outside the range, as it was


# -- healing what a client sends wrong -----------------------------------------------------------

async def test_a_change_to_a_document_not_open(client: LanguageClient, workspace: Path):
    ghost = workspace / "ghost.yaml"
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=ghost.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(0, 0), types.Position(0, 0)), text="x")]))
    # the whole text of a document not open: taken as its opening, and checked
    whole = workspace / "whole.yaml"
    since = lsp_publishes.mark(client)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=whole.as_uri(), version=5),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=cards("w"))]))
    params = await diagnostics_for(client, whole.as_uri(), 5, since)
    assert [d.code for d in params.diagnostics] == ["BJ501", "BJ101"]
    said = [m.message for m in client.log_messages]
    assert "berserk-judge: изменение документа ghost.yaml, который не открыт (didOpen не было), пропущено" in said
    assert any("документ whole.yaml не был открыт" in m for m in said)
    assert not failures(client) and not any("KeyError" in m for m in said)


async def test_a_negative_position_is_refused_and_healed_by_the_whole_text(client: LanguageClient, workspace: Path):
    path = workspace / "negative.yaml"
    text = cards("g")
    await open_doc(client, path, text)
    since = lsp_publishes.mark(client)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
        content_changes=[{"range": {"start": {"line": -1, "character": 0}, "end": {"line": 0, "character": 0}},
                          "text": "x"}]))
    params = await diagnostics_for(client, path.as_uri(), 1, since)   # the buffer is out of step: nothing said of it
    assert params.diagnostics == ()
    assert any("изменение документа negative.yaml отклонено: в диапазоне отрицательная позиция" in m.message
               for m in client.log_messages)
    since = lsp_publishes.mark(client)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    assert [d.code for d in (await diagnostics_for(client, path.as_uri(), 3, since)).diagnostics] == ["BJ501", "BJ101"]


async def test_odd_change_sequences_never_fail_a_request(client: LanguageClient, workspace: Path):
    """Emptied, typed into past the end, a range given backwards, then every request: no failure
    (a `Position.line … was -1` ValueError was reported after some such sequences)."""
    path = workspace / "odd.yaml"
    text = cards("d")
    await open_doc(client, path, text)
    steps = [types.TextDocumentContentChangeWholeDocument(text=""),
             types.TextDocumentContentChangePartial(range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                                                    text=text),
             types.TextDocumentContentChangePartial(range=types.Range(types.Position(40, 3), types.Position(50, 0)),
                                                    text="- id: d9\n  name: Конец\n  text: 'ранить  цель'\n"),
             types.TextDocumentContentChangePartial(range=types.Range(types.Position(4, 30), types.Position(4, 20)),
                                                    text=""),
             types.TextDocumentContentChangePartial(range=types.Range(types.Position(0, 0), types.Position(99, 0)),
                                                    text="")]
    for version, step in enumerate(steps, start=2):
        since = lsp_publishes.mark(client)
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
            content_changes=[step]))
        await diagnostics_for(client, path.as_uri(), version, since)
        for line, character in ((0, 0), (4, 12), (12, 3)):
            position = types.Position(line, character)
            await client.text_document_hover_async(types.HoverParams(text_document=document(path), position=position))
            await client.text_document_completion_async(types.CompletionParams(text_document=document(path),
                                                                               position=position))
            await client.text_document_definition_async(types.DefinitionParams(text_document=document(path),
                                                                               position=position))
            await client.text_document_code_action_async(types.CodeActionParams(
                text_document=document(path), range=types.Range(position, position),
                context=types.CodeActionContext(diagnostics=[])))
        await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=document(path)))
        await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=document(path)))
    assert not failures(client)


async def test_a_document_closed_while_its_check_waits_is_never_read_from_disk(client: LanguageClient,
                                                                               workspace: Path):
    busy = workspace / "busy.yaml"
    many = "set: {id: q, name: Q}\ncards:\n" + "".join(
        f"- id: q{n}\n  name: Карта {n}\n  text: 'при гибели - ранить цель на {n % 5 + 1} и ещё {n}.'\n"
        for n in range(800))
    since = lsp_publishes.mark(client)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=busy.as_uri(), language_id="yaml", version=1, text=many)))
    busy_checked = asyncio.ensure_future(diagnostics_for(client, busy.as_uri(), 1, since))
    await asyncio.sleep(0.3)
    unsaved = workspace / "never-saved.yaml"   # no such file on disk
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=unsaved.as_uri(), language_id="yaml", version=1, text=cards("u"))))
    await asyncio.sleep(0.3)   # its check is queued behind the large one's now
    client.text_document_did_close(types.DidCloseTextDocumentParams(document(unsaved)))
    await asyncio.wait_for(busy_checked, 120)
    await asyncio.sleep(1)
    assert not unsaved.exists()
    assert not failures(client)
    assert not any("FileNotFoundError" in m.message for m in client.log_messages)
