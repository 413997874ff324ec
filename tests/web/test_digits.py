"""Numbers typed into forms and query strings are read one way (hand_form.whole_number):
"²" and "¹" pass str.isdigit but are no number, and a 500 from int() is no answer."""
from __future__ import annotations

import pytest

from tests.web.clubs.helpers import club_game, create_club, person_id
from tests.web.helpers import create

SUPERSCRIPTS = ["²", "³", "¹", "٣", "1²"]


@pytest.mark.parametrize("days", SUPERSCRIPTS)
def test_a_token_days_that_are_not_digits_are_refused(app, client, days):
    game_id = create(client, "lechner42")
    r = client.post(f"/games/{game_id}/api-tokens",
                    data={"label": "Bar TV", "right": "game-read", "days": days})
    assert r.status_code == 422
    assert "expires in 1 to" in r.get_data(as_text=True)
    club_id = create_club(client)
    r = client.post(f"/clubs/{club_id}/api-tokens",
                    data={"label": "Sheet", "right": "club-read", "days": days})
    assert r.status_code == 422


def test_a_ratings_page_with_vs_that_is_no_number_shows_no_head_to_head(app, client):
    club_id = create_club(client)
    club_game(client, club_id, "moon", ["Ann", "Bob", "Cat"])
    ann = person_id(club_id, "Ann")
    for vs in SUPERSCRIPTS:
        r = client.get(f"/clubs/{club_id}/people/{ann}/ratings?vs={vs}")
        assert r.status_code == 200, vs


def test_a_merge_into_a_number_that_is_no_number_is_refused(app, client):
    club_id = create_club(client)
    club_game(client, club_id, "moon", ["Ann", "Bob", "Cat"])
    ann = person_id(club_id, "Ann")
    for into in SUPERSCRIPTS:
        r = client.post(f"/clubs/{club_id}/roster/{ann}/merge", data={"into": into})
        assert r.status_code == 422, into


def test_a_phone_cookie_that_is_no_number_is_no_phone(app, client):
    client.set_cookie("sk_phone", "².abc")
    assert client.get("/").status_code == 200
