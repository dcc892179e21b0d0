"""Which YAML files are card files: the key is searched in the file's bytes, and the
answer is the one its decoded text gives (cardbase.discover)."""
import pytest

from berserk_judge.cardbase.discover import has_cards_key, is_card_file


@pytest.mark.parametrize("raw, expected", [
    (b"set: {id: a, name: A}\ncards:\n- id: a1\n", True),
    ("\ufeffcards: []\n".encode(), True),                     # a byte-order mark before the key
    ("\ufeff\ufeffcards: []\n".encode(), True),
    (b"\xff\xfe broken\ncards :\n", True),                   # broken UTF-8 before the key
    ("название: «карты»\n'cards':\n".encode(), True),
    (b"  cards:\n", False),                                   # not top-level
    (b"repos:\n  - repo: x\n# cards:\n", False),              # a comment, a pre-commit file
    ("карты:\n".encode(), False),
])
def test_card_file_by_bytes_agrees_with_the_text(tmp_path, raw, expected):
    path = tmp_path / "f.yaml"
    path.write_bytes(raw)
    assert is_card_file(path) is expected
    assert has_cards_key(raw.decode("utf-8", errors="replace").lstrip("\ufeff")) is expected
