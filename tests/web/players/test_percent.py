"""Percentages on the person and stats pages: rounded once, half up, from the counts (a rate
rounded to 4 places and rounded again gave 57% for 23 of 40, which is 57.5%)."""
from __future__ import annotations

import pytest

from scorekeeper.filters import percent

from ..clubs.helpers import person_id
from ..helpers import text
from .test_club_pages import import_club


@pytest.mark.parametrize("part, whole, shown", [
    (23, 40, "58%"), (1, 8, "13%"), (3, 8, "38%"), (1, 3, "33%"), (2, 3, "67%"), (0, 5, "0%"),
    (5, 5, "100%"), (1, 200, "1%"), (0, 0, "–"), (None, None, "–"),
])
def test_percent_rounds_half_up_from_the_counts(part, whole, shown):
    assert percent(part, whole) == shown


def moon_win(seat: int) -> dict:
    """A moon game won at once by `seat` shooting the moon."""
    tricks = [0, 0, 0]
    tricks[seat] = 7
    return {"variant": "moon", "players": ["Ann", "Bob", "Cat"], "first_dealer": 0,
            "hands": [{"bidder": seat, "bid": 21, "tricks": tricks}]}


def test_23_wins_of_40_read_58_percent(client):
    club_id = import_club(client, [moon_win(1)] * 23 + [moon_win(0)] * 17)
    person = text(client.get(f"/clubs/{club_id}/people/{person_id(club_id, 'Bob')}"))
    assert "58%" in person and "57%" not in person
    stats = text(client.get(f"/clubs/{club_id}/stats"))
    assert "58%" in stats and "57%" not in stats
