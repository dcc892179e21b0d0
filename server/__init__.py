"""The language server (`berserk-judge server`): LSP wiring over the same
load → read → lint → fix/explain functions as the CLI, per open document.

app.py is the pygls wiring, session.py one editor session's state (what is
open, when to lint, the base's index loading), worker.py the one thread the
checks run on (a long job lets other documents' jobs through, a cancelled
one stops); analysis.py lints one buffer (incremental.py loads it card by
card, flow.py cuts a flow-style or one-line file into cards on virtual
lines, textspan.py places every character of a text in the YAML);
diagnostics.py, hover.py, actions.py (cardwindow.py rewrites a fixed card in
its own item), outline.py, schema_help.py and base_search.py turn the
results into LSP answers; quick.py answers from the buffer alone while a
large file is checked; settings.py reads the editor's settings;
workspace.py finds a file's settings and base.
"""
