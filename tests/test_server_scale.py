"""The language server at the size of a real base, over stdio (pytest-lsp):
one file of 4,000 cards. While it is being checked, folds, the outline and a
hover answer from the buffer alone, and a cancelled request is answered at
once; a publish carries a bounded number of diagnostics; a quick fix is
resolved from its card; every safe fix of the file runs while another
document is opened and checked. The targets at 20,000 cards are measured by
bench/bench_server.py; here the same paths, at a size the suite can afford
(marked scale: a minute or two)."""
from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import Future
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

import lsp_publishes
from test_server_lsp import SERVER, cards, edits_of

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.scale]

CARDS = 4000
WAIT = 600   # seconds: the whole first check of 4,000 cards on a loaded machine
TEXTS = ["«Лук»: при гибели - ранить цель на {n}.", '"Копьё": при гибели - ранить цель на {n} , и ещё  раз.',
         "{{tap}}: ранить цель на {n} и закрыть ее, иначе излечить себя на 1.",
         "При атаке - ранить цель на {n}; при защите - излечить себя на 2"]


def big_file(count: int) -> str:
    out = ["set: {id: z, name: Большой}\ncards:\n"]
    for number in range(count):
        text = TEXTS[number % len(TEXTS)].format(n=number % 7 + 1)
        out.append(f"- id: z{number}\n  name: Карта номер {number}\n  cost: {number % 9}\n"
                   f"  text: {json.dumps(text, ensure_ascii=False)}\n")
    return "".join(out)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("scale-workspace")
    (root / "big.yaml").write_text(big_file(CARDS), encoding="utf-8")
    return root


@pytest_lsp.fixture(scope="module", config=lsp_publishes.config(SERVER))
async def client(lsp_client: LanguageClient, workspace: Path):
    capabilities = client_capabilities("neovim@v0.7.0")
    capabilities.text_document.code_action.resolve_support = types.ClientCodeActionResolveOptions(
        properties=["edit"])
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=workspace.as_uri(), initialization_options={"holdMs": 0},
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")]))
    yield
    await lsp_client.shutdown_session()


def document(path: Path) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=path.as_uri())


async def test_while_a_large_file_is_checked_requests_do_not_wait_and_cancels_are_answered(
        client: LanguageClient, workspace: Path):
    path = workspace / "big.yaml"
    text = path.read_text(encoding="utf-8")
    opened = time.perf_counter()
    since = lsp_publishes.mark(client)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=path.as_uri(), language_id="yaml", version=1, text=text)))
    published = asyncio.ensure_future(diagnostics_for_long(client, path.as_uri(), 1, since))
    await asyncio.sleep(0.5)
    # a request that waits for the check, cancelled: answered at once, not when the check ends
    future: Future = client.protocol.send_request(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintParams(
        text_document=document(path), range=types.Range(types.Position(0, 0), types.Position(50, 0))),
        msg_id="to-cancel")
    await asyncio.sleep(0.05)
    asked = time.perf_counter()
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="to-cancel"))
    with pytest.raises(Exception, match="cancel"):
        await asyncio.wait_for(asyncio.wrap_future(future), 30)
    cancelled_after = time.perf_counter() - asked
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=document(path)))
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=document(path)))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=document(path), position=types.Position(2 + 4 * 1001 + 3, 14)))
    answered = time.perf_counter()
    assert not published.done(), "the check ended before the quick answers: make the file larger"
    params = await published
    checked = time.perf_counter()
    assert cancelled_after < 1.0
    assert answered - opened < checked - opened
    assert len(folds) == CARDS and folds[1001].start_line == 2 + 4 * 1001
    assert [(s.name, s.detail) for s in symbols] == [("Большой", "z")]
    assert len(symbols[0].children) == CARDS and symbols[0].children[7].name == "Карта номер 7"
    assert all(card.children is None for card in symbols[0].children)   # no features: bounded
    assert "ранить цель на" in hover.contents.value and "**Карта номер 1001**" in hover.contents.value
    # a publish carries 1,000 diagnostics at most, and says so
    notice, *shown = params.diagnostics
    assert len(shown) == 1000 and notice.code is None
    assert notice.message.startswith("показано 1000 замечаний из ") and "berserk-judge lint big.yaml" in notice.message


async def diagnostics_for_long(client: LanguageClient, uri: str, version: int, since: int):
    return await lsp_publishes.version_published(client, since, uri, version, WAIT)


async def test_a_quick_fix_is_resolved_from_its_card(client: LanguageClient, workspace: Path):
    path = workspace / "big.yaml"
    line = 2 + 4 * 3000 + 3   # card z3000's text
    since = lsp_publishes.mark(client)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(line, 11), types.Position(line, 11)), text="а")]))
    params = await diagnostics_for_long(client, path.as_uri(), 2, since)
    # the publish is the 1,000 around the edit
    lines = [d.range.start.line for d in params.diagnostics[1:]]
    assert min(lines) <= line <= max(lines)
    diagnostic = next(d for d in params.diagnostics if d.range.start.line == line and d.code == "BJ501")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(path), range=diagnostic.range, context=types.CodeActionContext(diagnostics=[diagnostic])))
    fix = next(a for a in actions if a.is_preferred)
    assert fix.edit is None   # resolved later
    started = time.perf_counter()
    resolved = await client.code_action_resolve_async(fix)
    took = time.perf_counter() - started
    (edit,) = edits_of(resolved.edit, path.as_uri())
    assert edit.range.start.line == line and edit.new_text == "—"
    assert took < 5   # was 2.9 s at 1,000 cards and grew with the file; the target, ≤ 200 ms, is the bench's


async def test_a_document_opened_during_every_safe_fix_is_checked_meanwhile(client: LanguageClient, workspace: Path):
    path = workspace / "big.yaml"
    other = workspace / "small.yaml"
    formatting = asyncio.ensure_future(client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=document(path), options=types.FormattingOptions(tab_size=2, insert_spaces=True))))
    await asyncio.sleep(1.0)
    since = lsp_publishes.mark(client)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=other.as_uri(), language_id="yaml", version=1, text=cards("m"))))
    small = await diagnostics_for_long(client, other.as_uri(), 1, since)
    assert not formatting.done(), "every safe fix ended first: the small document waited behind it"
    assert [d.code for d in small.diagnostics] == ["BJ501", "BJ101"]
    edits = await asyncio.wait_for(formatting, WAIT)
    assert len(edits) > CARDS / 2   # one edit a changed card


async def test_a_cancel_is_answered_while_an_outline_is_made(client: LanguageClient, workspace: Path):
    """The outline of 4,000 cards is made off the request loop: a request cancelled meanwhile is
    answered at once (it waited for the outline when the loop made it)."""
    path = workspace / "big.yaml"
    outline = asyncio.ensure_future(client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=document(path))))
    await asyncio.sleep(0.05)
    future: Future = client.protocol.send_request(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
        text_document=document(path), position=types.Position(5, 14)), msg_id="cancelled-hover")
    asked = time.perf_counter()
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="cancelled-hover"))
    try:
        await asyncio.wait_for(asyncio.wrap_future(future), 30)
    except Exception:  # noqa: BLE001 - cancelled (or answered before the cancel arrived): either is an answer
        pass
    assert time.perf_counter() - asked < 1.0
    assert not outline.done() or len((await outline)[0].children) == CARDS
    await outline


async def test_cancelled_fixes_stop_and_free_the_worker(client: LanguageClient, workspace: Path):
    path = workspace / "big.yaml"
    future: Future = client.protocol.send_request(types.TEXT_DOCUMENT_FORMATTING, types.DocumentFormattingParams(
        text_document=document(path), options=types.FormattingOptions(tab_size=2, insert_spaces=True)),
        msg_id="cancelled-formatting")
    await asyncio.sleep(1.0)
    client.protocol.notify("$/cancelRequest", types.CancelParams(id="cancelled-formatting"))
    with pytest.raises(Exception, match="cancel"):
        await asyncio.wait_for(asyncio.wrap_future(future), 30)
    started = time.perf_counter()
    await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(path), range=types.Range(types.Position(5, 0), types.Position(5, 0)),
        context=types.CodeActionContext(diagnostics=[])))
    assert time.perf_counter() - started < 10   # the fixes stopped at their next breath, not at their end
