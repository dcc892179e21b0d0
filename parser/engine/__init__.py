"""The connective engine (rule 505): tokens → grammar → reading trees.

It never sees card text: the reader (`parser.reader`) or the abstract lexer
hands it a list of connective tokens, and it returns the default tree, the
alternatives under every undecided pair, and the canonical form.
"""
