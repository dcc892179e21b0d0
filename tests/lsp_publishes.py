"""A test client that keeps every `textDocument/publishDiagnostics` it receives.

pytest-lsp's `wait_for_notification` holds one future per method: two publishes
read in one chunk (another file's and the awaited one) resolve the future with the
first and drop the second, and a test waiting for the second times out. This
client records each publish in order; a test waits for the first recorded one
after a mark that matches what it expects.
"""
from __future__ import annotations

import asyncio
from typing import Callable

from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, default_converter, register_lsp_features


def _record(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    """The default handler's bookkeeping, plus the publish kept in order and a wake-up."""
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)
    if client._arrived is not None:
        client._arrived.set()


def make_recording_client() -> LanguageClient:
    """pytest-lsp's test client, its publish handler replaced by `_record`."""
    client = LanguageClient(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record
    register_lsp_features(client, features)
    client.published = []   # every publish, in the order received
    client._arrived = None   # set by the next publish, for a waiting test
    return client


def config(server_command: list[str]) -> ClientServerConfig:
    """The fixture's config: the server under test, driven by a recording client."""
    return ClientServerConfig(server_command=server_command, client_factory=make_recording_client)


def mark(client: LanguageClient) -> int:
    """Where the publishes after now begin (take it before sending what triggers one)."""
    return len(client.published)


async def published(client: LanguageClient, since: int,
                    matches: Callable[[types.PublishDiagnosticsParams], bool], timeout: float):
    """The first publish recorded from `since` on that `matches` (a test fails, never hangs)."""
    async def wait():
        seen = since
        while True:
            while seen < len(client.published):
                params = client.published[seen]
                seen += 1
                if matches(params):
                    return params
            client._arrived = asyncio.Event()   # no await since the last look: nothing is missed
            await client._arrived.wait()

    return await asyncio.wait_for(wait(), timeout)


async def version_published(client: LanguageClient, since: int, uri: str, version: int, timeout: float):
    """The publish for this version of the document."""
    return await published(client, since, lambda p: p.uri == uri and p.version == version, timeout)
