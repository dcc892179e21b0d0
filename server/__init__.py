"""The language server (`berserk-judge server`): LSP wiring over the same
load → read → lint → fix/explain functions as the CLI, per open document.

app.py is the pygls wiring, session.py one editor session's state (what is
open, when to lint, the base's index loading); analysis.py lints one buffer (incremental.py
loads it card by card, textspan.py places every character of a text in the
YAML); diagnostics.py, hover.py, actions.py and outline.py turn the results
into LSP answers; workspace.py finds a file's settings and base.
"""
