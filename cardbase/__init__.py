"""The card base: YAML files of cards, loaded with every text line located.

API: `cardbase.load.load_base`, `demo_base_path`, `format_problem`;
`cardbase.importer.import_jsonl`; `cardbase.icons`; `cardbase.noqa`.
"""
