"""Every example in README.md and docs/ runs as printed, and every link between them opens.

An example is a fenced block whose info string is `sh example` (`sh example
shared` when it needs ../shared: the corpus, the rulebook, the rulings). The
blocks of one document run in order in one fresh folder, `work/`, beside a
link `shared` → ../shared (so `../shared/rules` means what it says), each
command as a person types it: in a terminal (a pseudo-terminal, no CI
variables), so that a command without a base shows the demo base as it does
for a person. A command passes when it exits as such a command should: 0;
`lint` also 1 (findings), `canon --all` also 1 (unread features); a `card` search also 3 (a list of matches); and it
prints no traceback.
"""
from __future__ import annotations

import os
import pty
import re
import shutil
import sys
import time
from pathlib import Path
from urllib.parse import unquote

import pytest
from markdown_it import MarkdownIt

from conftest import REPO, SHARED

DOCUMENTS = [REPO / "README.md", REPO / "CONTRIBUTING.md",
             *sorted(p for p in (REPO / "docs").glob("*.md") if p.name != "rules.md")]
SEARCH_KEY = re.compile(r"(?:^|\s|\")-?(?:o|t|c|s|n|r|kind|class|cost|mv|текст|тип|стихия|выпуск|вид|класс|имя|решение"
                        r"|стоимость)[:<>=]")


def examples(document: Path) -> list[tuple[bool, list[str]]]:
    """(needs ../shared, its commands) for each `sh example` block, in order."""
    found = []
    for token in MarkdownIt().parse(document.read_text(encoding="utf-8")):
        words = token.info.split() if token.type == "fence" else []
        if words[:2] == ["sh", "example"]:
            found.append(("shared" in words[2:], commands(token.content)))
    return found


def commands(block: str) -> list[str]:
    """The block's commands: a line, with its here-document and `\\` continuations; comment lines dropped."""
    result, lines = [], block.splitlines()
    while lines:
        line = lines.pop(0)
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        command = [line]
        while command[-1].endswith("\\") and lines:
            command.append(lines.pop(0))
        heredoc = re.search(r"<<-?\s*'?(\w+)'?", line)
        if heredoc:
            while lines:
                command.append(lines.pop(0))
                if command[-1].strip() == heredoc.group(1):
                    break
        result.append("\n".join(command))
    return result


def allowed_codes(command: str) -> set[int]:
    if re.match(r"berserk-judge lint\b", command) or re.match(r"berserk-judge canon --all\b", command):
        return {0, 1}   # findings; features left unread
    if re.match(r"berserk-judge card\b", command) and SEARCH_KEY.search(command):
        return {0, 3}
    return {0}


def in_a_terminal(command: str, cwd: Path, env: dict, timeout: float = 300) -> tuple[int, str]:
    """Run `command` with bash on a pseudo-terminal (stdin and stdout a terminal); (exit code, output)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: straight into bash
        try:
            os.chdir(cwd)
            os.execve("/bin/bash", ["bash", "-c", command], env)
        finally:
            os._exit(127)
    chunks, deadline = [], time.monotonic() + timeout
    try:
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
            if time.monotonic() > deadline:
                os.kill(pid, 9)
                break
    finally:
        os.close(fd)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), b"".join(chunks).decode("utf-8", "replace")


def documents_with_examples() -> list[Path]:
    return [doc for doc in DOCUMENTS if examples(doc)]


@pytest.mark.slow   # some sixty commands, a corpus imported twice: about 45 s of CPU
@pytest.mark.parametrize("document", documents_with_examples(), ids=lambda p: p.name)
def test_every_example_runs_as_printed(document, tmp_path):
    blocks = examples(document)
    if any(shared for shared, _ in blocks) and not (SHARED / "corpus").is_dir():
        pytest.skip(f"примерам {document.name} нужна папка ../shared рядом с репозиторием: {SHARED}")
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "shared").symlink_to(SHARED)
    env = {key: value for key, value in os.environ.items()
           if key not in ("CI", "GITHUB_ACTIONS", "PRE_COMMIT", "PYTHONPATH")}
    env.update(PATH=f"{os.path.dirname(sys.executable)}{os.pathsep}{env.get('PATH', '')}", SHELL="/bin/bash",
               TERM="dumb", COLUMNS="100")
    ran = 0
    for _shared, block in blocks:
        for command in block:
            code, output = in_a_terminal(command, work, env)
            assert "Traceback" not in output, f"{document.name}: {command}\n{output}"
            assert code in allowed_codes(command), f"{document.name}: {command}\nкод {code}\n{output[-3000:]}"
            ran += 1
    assert ran > 0


def test_the_examples_are_found_and_split_as_a_shell_reads_them():
    readme = examples(REPO / "README.md")
    assert readme and all(block for _, block in readme)
    assert commands("a # one\n# a comment\ncat > f <<'EOF'\nx\n# not a comment\nEOF\nb \\\n  c\n") == [
        "a # one", "cat > f <<'EOF'\nx\n# not a comment\nEOF", "b \\\n  c"]
    assert allowed_codes('berserk-judge card "o:ранить t:летающее"') == {0, 3}
    assert allowed_codes('berserk-judge card "молотбоец"') == {0}
    assert allowed_codes("berserk-judge lint cards/ --diff") == {0, 1}


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def anchors(document: Path) -> set[str]:
    tokens = MarkdownIt().parse(document.read_text(encoding="utf-8"))
    return {slug(tokens[i + 1].content) for i, token in enumerate(tokens) if token.type == "heading_open"}


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: p.name)
def test_every_link_between_the_documents_opens(document):
    broken = []
    for token in MarkdownIt().parse(document.read_text(encoding="utf-8")):
        for child in token.children or ():
            href = child.attrGet("href") if child.type == "link_open" else None
            if not href or re.match(r"[a-z]+:", href):
                continue
            target, _, anchor = unquote(href).partition("#")
            path = (document.parent / target).resolve() if target else document
            if not path.exists():
                broken.append(href)
            elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                broken.append(href)
    assert broken == [], f"{document.name}: ссылки никуда не ведут: {broken}"


def test_the_readme_fits_a_first_read():
    assert len((REPO / "README.md").read_text(encoding="utf-8").splitlines()) <= 250
    assert shutil.which("bash"), "примеры выполняются в bash"


ALIASES = {"rules"}   # `rules` is `rulebook` (cli/main.py)


def test_the_readme_commands_table_names_every_option_of_every_command():
    import click

    from berserk_judge.cli.main import main

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Команды"):readme.index("**Без пути.**")].splitlines()
    ctx = click.Context(main)

    def commands_of(command, path):
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                if name in ALIASES:
                    continue   # an old name kept for a command the table lists under its own
                yield from commands_of(command.get_command(ctx, name), [*path, name])
        else:
            yield path, command

    missing = []
    for path, command in commands_of(main, []):
        rows = "\n".join(line for line in table if f"`berserk-judge {path[0]}" in line
                         or (path[0] == "lint" and line.startswith("| ↳")))
        assert rows, f"нет строки команды {path[0]}"
        missing += [f"{' '.join(path)} {option}" for param in command.params for option in param.opts
                    if option.startswith("--") and option != "--help" and option not in rows]
    assert missing == [], f"в таблице команд README нет: {missing}"
