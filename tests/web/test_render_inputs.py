"""The render cache's key and the /live ETag come from one RenderInputs (games/live.py): what a
rendering depends on is in both, so a 304 is never sent for a rendering that would differ."""
from __future__ import annotations

from scorekeeper import network

from .clubs.helpers import club_game, create_club, join_club
from .helpers import create, game, text


def _poll(client, game_id, etag=None):
    headers = {"If-None-Match": f'W/"{etag}"'} if etag else {}
    return client.get(f"/games/{game_id}/live", headers=headers)


def test_a_phone_that_joins_the_club_gets_a_fresh_update_not_a_304(client):
    """Was a 304 until the next write: the ETag left out the membership the render key holds."""
    club_id = create_club(client)
    game_id = club_game(client, club_id, "moon", ["Ann", "Bob", "Cat"])
    phone = client.application.test_client()
    assert phone.get(f"/g/{game(game_id).code}").status_code == 303  # watches the game
    first = _poll(phone, game_id)
    assert first.status_code == 200
    etag = first.headers["ETag"].removeprefix("W/").strip('"')
    assert _poll(phone, game_id, etag).status_code == 304  # nothing changed yet
    assert join_club(phone, club_id).status_code == 303
    again = _poll(phone, game_id, etag)
    assert again.status_code == 200 and again.headers["ETag"] != first.headers["ETag"]
    new_etag = again.headers["ETag"].removeprefix("W/").strip('"')
    assert f'data-etag="{new_etag}"' in again.get_data(as_text=True)  # what the poller compares
    # the member's update has the club's links ("Take over scoring"), the watcher's had not
    assert "Take over scoring" in text(again) and "Take over scoring" not in text(first)


def test_the_lan_address_in_the_qr_codes_is_part_of_the_key(client, monkeypatch):
    """Was the cached page with the old address: the key held the Host, not the LAN address
    the invite's links and QR codes are drawn with."""
    game_id = create(client, "moon", 3)
    monkeypatch.setattr(network, "lan_ip", lambda: "10.0.0.5")
    network.forget_lan_ip()
    assert "http://10.0.0.5" in text(client.get(f"/games/{game_id}"))
    monkeypatch.setattr(network, "lan_ip", lambda: "10.0.0.6")
    network.forget_lan_ip()
    page = text(client.get(f"/games/{game_id}"))
    assert "http://10.0.0.6" in page and "http://10.0.0.5" not in page


def test_a_phone_that_switches_to_the_list_gets_the_list_from_its_next_poll(client):
    """The grid/list choice is this phone's: in the key, and so in the ETag."""
    game_id = create(client, "moon", 3)
    first = _poll(client, game_id)
    etag = first.headers["ETag"].removeprefix("W/").strip('"')
    assert client.get(f"/games/{game_id}?view=list").status_code == 200
    again = _poll(client, game_id, etag)
    assert again.status_code == 200 and 'id="score-grid"' not in text(again)
