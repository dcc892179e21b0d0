"""The ONE table of words `rules` treats as the same when searching.

Each group lists expressions (a word, a phrase or a mark) that the rulebook
uses for one thing; a query naming any of them finds the others too, the
query's own form ranked first. Phrases match as whole phrases, word by word
in dictionary form. Latin X and Cyrillic Х are one letter everywhere
(`rulebook.search.fold`); the group below only says so for the reader.
"""
from __future__ import annotations

SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("иначе", "в противном случае"),                      # spec §2: "в противном случае" ≡ "иначе"
    ("X", "Х"),                                            # Latin and Cyrillic letter
    ("закрыть", "закрытие", "закрываться", "поворот", "повернуть", "{tap}"),   # the {tap} payment
    ("при этом", ";", "—"),                                # 505.4.1, 505.4.2
    # healing: «лечение» (116.3.2, its example), «излечить»/«излечение» (the example of 505.7 on X)
    ("излечение", "излечить", "излечиться", "лечение", "лечить", "исцеление", "исцелить"),
    # what a player need not declare: «может не объявлять» (116.7, 505.6), «имеет право не объявлять» (505.8);
    # a bare «может» would bring every rule with «не может» and «может быть»
    ("необязательно", "необязательный", "может не объявлять", "можете не объявлять", "имеет право не объявлять"),
    # the opponent's refusal (505.7): a judge says «отказ противника», «выбор противника»; the rule says
    # «противник имеет право отказаться», and its record «если противник не может или не хочет»
    ("отказ противника", "выбор противника", "противник имеет право отказаться",
     "если противник не может или не хочет"),
    # 116.8 in the tool's own words («несколько раз одновременно», explain) and the rule's («два или более раз»)
    ("несколько раз одновременно", "несколько раз", "два или более раз"),
    # a use limit (116.2 «X раз за ход»/«X раз за бой»): a judge writes «один раз за ход», «1 раз за ход»
    ("один раз за ход", "1 раз за ход", "X раз за ход", "раз за ход"),
    ("один раз за бой", "1 раз за бой", "X раз за бой", "раз за бой"),
    # who chooses: «на свой выбор» (505.5), «по выбору игрока» (116.8, its example), «игрок выбирает» (505)
    ("кто выбирает", "по выбору", "на свой выбор", "игрок выбирает"),
    # a trigger on an attack without wounds: «даже если не было нанесено ран» (116.3.1)
    ("нет ран", "без ран", "не было нанесено ран"),
    # diagonal movement: the grid model allows it, the movement rule (506.1) names only «по вертикали
    # или горизонтали» — a query about diagonals must see both
    ("по диагонали", "по вертикали или горизонтали"),
)
