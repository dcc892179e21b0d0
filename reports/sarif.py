"""SARIF 2.1.0 for GitHub code scanning.

The rule catalogue goes to `tool.driver.rules`; each result carries a
`partialFingerprints` entry computed from the card id, the code and the
finding's rank among same-code findings of that card — not from the line —
so an alert follows the card when lines above it are edited.
The schema bundled in reports/schemas/ is the OASIS SARIF 2.1.0 (errata 01) schema.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from urllib.parse import quote

from berserk_judge.reports.escape import json_text
from berserk_judge.reports.paths import relative_to_cwd

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}
FINGERPRINT_KEY = "berserkJudge/v1"


def schema_path() -> Path:
    return Path(__file__).resolve().parent / "schemas" / "sarif-2.1.0.json"


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("berserk-judge")
    except Exception:  # pragma: no cover - not installed
        return "0"


def rule_descriptor(rule) -> dict:
    doc = rule.doc()
    help_text = "\n\n".join(p for p in (doc.finds, doc.why) if p)
    markdown = (f"**{rule.code} {rule.name}** — {doc.summary}\n\n{doc.finds}\n\n{doc.why}\n\n"
                f"Плохо:\n```\n{doc.bad}\n```\n\nХорошо:\n```\n{doc.good}\n```")
    props = {"tags": ["berserk", rule.code[:3]], "rules": list(rule.rules)}
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": doc.summary},
        "fullDescription": {"text": help_text or doc.summary},
        "help": {"text": help_text or doc.summary, "markdown": markdown},
        "defaultConfiguration": {"level": LEVELS[rule.severity.label]},
        "properties": props,
    }


def _uri(path: str) -> str:
    """A valid URI reference: percent-encoded bytes of the file name (a space,
    `%`, `#`, `:`, a line break or a byte that is not UTF-8 would otherwise
    make another URI or none)."""
    p = relative_to_cwd(path)
    if p.is_absolute():
        return p.as_uri()
    return quote(_bytes(p.as_posix()), safe="/")


def _bytes(text: str) -> bytes:
    try:
        return os.fsencode(text)
    except UnicodeEncodeError:  # a surrogate that is not an undecodable byte
        return text.encode("utf-8", "surrogatepass")


def fingerprint(card: str | None, code: str, rank: int, path: str) -> str:
    key = f"{card if card is not None else path}\x00{code}\x00{rank}"
    return hashlib.sha256(_bytes(key)).hexdigest()


def sarif_fix(fix, artifact: dict) -> dict:
    """A SARIF fix: one artifactChange of the finding's file, a replacement per edit."""
    text = fix.title if fix.safe else f"{fix.title} (небезопасно: может менять смысл)"
    replacements = []
    for edit in fix.edits:
        replacement = {"deletedRegion": {"startLine": edit.line, "startColumn": edit.column,
                                         "endLine": edit.end_line, "endColumn": edit.end_column}}
        if edit.replacement:
            replacement["insertedContent"] = {"text": edit.replacement}
        replacements.append(replacement)
    out = {"description": {"text": text},
           "artifactChanges": [{"artifactLocation": dict(artifact), "replacements": replacements}]}
    out["properties"] = {"applicability": fix.applicability}
    if fix.demoted:
        out["properties"]["demoted"] = fix.demoted
    return out


def build(result) -> dict:
    from berserk_judge.lint.registry import all_rules

    rules = list(all_rules())
    index = {rule.code: i for i, rule in enumerate(rules)}
    results = []
    ranks: dict[tuple, int] = {}
    for f in result.findings:
        key = (f.card if f.card is not None else f.path, f.code)
        rank = ranks.get(key, 0)
        ranks[key] = rank + 1
        region = {"startLine": max(1, f.line), "startColumn": max(1, f.column)}
        if f.end_column and f.end_column > f.column:
            region["endColumn"] = f.end_column
        uri = _uri(f.path)
        artifact = {"uri": uri} if uri.startswith("file:") else {"uri": uri, "uriBaseId": "%SRCROOT%"}
        location = {"physicalLocation": {"artifactLocation": artifact, "region": region}}
        if f.card:
            location["logicalLocations"] = [{"name": f.card, "kind": "object"}]
        item = {
            "ruleId": f.code,
            "level": LEVELS[f.severity.label],
            "message": {"text": (f"[{f.card}] " if f.card else "") + f.message},
            "locations": [location],
            "partialFingerprints": {FINGERPRINT_KEY: fingerprint(f.card, f.code, rank, f.path)},
        }
        if f.code in index:
            item["ruleIndex"] = index[f.code]
        props = {}
        if f.rules:
            props["rules"] = list(f.rules)
        if f.readings:
            props["readings"] = list(f.readings)
        if f.suggestion is not None:
            props["suggestion"] = f.suggestion
        if props:
            item["properties"] = props
        if f.fix is not None and all(e.line is not None for e in f.fix.edits):
            item["fixes"] = [sarif_fix(f.fix, artifact)]
        results.append(item)
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "berserk-judge",
                "version": _version(),
                "semanticVersion": _version(),
                "informationUri": "https://pypi.org/project/berserk-judge/",
                "rules": [rule_descriptor(rule) for rule in rules],
            }},
            "columnKind": "unicodeCodePoints",
            "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().resolve().as_uri() + "/"}},
            "invocations": [{"executionSuccessful": not result.abnormal}],
            "results": results,
        }],
    }


def render(result) -> str:
    return json_text(build(result)) + "\n"
