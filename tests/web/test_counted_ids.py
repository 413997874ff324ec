"""Ids cannot be counted: a game or club this phone (or token) may not read is answered as one
that is not there, word for word (a 404, as GitHub answers for a private repository)."""
from __future__ import annotations

from tests.api.helpers import api_client, bearer, club_token, game_token
from .clubs.helpers import club_game, create_club
from .helpers import create

MISSING = 987_654


def _same(a, b) -> bool:
    return (a.status_code, a.get_data(as_text=True)) == (b.status_code, b.get_data(as_text=True))


def test_a_game_or_club_not_yours_is_answered_as_one_not_there(app, client):
    gid = create(client, "moon", players=3)
    cid = create_club(client)
    cgid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    stranger = app.test_client()
    for there, missing in ((f"/games/{gid}", f"/games/{MISSING}"),
                           (f"/games/{cgid}/history", f"/games/{MISSING}/history"),
                           (f"/games/{gid}/record.json", f"/games/{MISSING}/record.json"),
                           (f"/clubs/{cid}", f"/clubs/{MISSING}"),
                           (f"/clubs/{cid}/export.json", f"/clubs/{MISSING}/export.json")):
        a, b = stranger.get(there), stranger.get(missing)
        assert a.status_code == 404 and _same(a, b), there
    for there, missing in ((f"/games/{gid}/hands", f"/games/{MISSING}/hands"),
                           (f"/games/{gid}/scorer-link/rotate",
                            f"/games/{MISSING}/scorer-link/rotate")):
        a, b = stranger.post(there, data={}), stranger.post(missing, data={})
        assert a.status_code == 404 and _same(a, b), there


def test_the_api_answers_a_game_or_club_not_its_own_as_one_not_there(app, client):
    gid, other = create(client, "moon", players=3), create(client, "moon", players=3)
    cid, other_club = create_club(client), create_club(client, name="Other")
    api = api_client(app)
    game_reader = bearer(game_token(client, gid, "game-read"))
    club_reader = bearer(club_token(client, cid, "club-read"))
    for url, headers in (("/api/v1/games/{}", game_reader),
                         ("/api/v1/clubs/{}/people", club_reader)):
        mine = other if "games" in url else other_club
        a, b = api.get(url.format(mine), headers=headers), api.get(url.format(MISSING),
                                                                   headers=headers)
        assert a.status_code == b.status_code == 404
        assert a.get_json()["detail"].replace(str(mine), "#") == \
            b.get_json()["detail"].replace(str(MISSING), "#")
