"""The recording client the server tests wait with: no publish is lost when two arrive together."""
from __future__ import annotations

import asyncio

from lsprotocol import types

import lsp_publishes


def publish(uri: str, version: int) -> types.PublishDiagnosticsParams:
    return types.PublishDiagnosticsParams(uri=uri, diagnostics=[], version=version)


def test_two_publishes_read_together_are_both_found():
    async def scenario():
        client = lsp_publishes.make_recording_client()
        since = lsp_publishes.mark(client)
        waiting = asyncio.ensure_future(lsp_publishes.version_published(client, since, "file:///b", 1, 5))
        await asyncio.sleep(0)   # the test waits now

        def chunk():   # one read of the pipe: another file's publish, then the awaited one
            lsp_publishes._record(client, publish("file:///a", 1))
            lsp_publishes._record(client, publish("file:///b", 1))

        asyncio.get_running_loop().call_soon(chunk)
        found = await waiting
        assert (found.uri, found.version) == ("file:///b", 1)
        assert client.diagnostics == {"file:///a": [], "file:///b": []}
        # a publish before the mark is not taken for one after it
        since = lsp_publishes.mark(client)
        with_timeout = lsp_publishes.version_published(client, since, "file:///b", 1, 0.2)
        try:
            await with_timeout
        except (asyncio.TimeoutError, TimeoutError):
            return "timed out"
        return "found a stale publish"

    assert asyncio.run(scenario()) == "timed out"
