"""Each operation tried with each kind of token, and none: only what the right allows. A
refusal is 401 without a token and 403 with one that does not reach; an allowed call is past
both (a stale version, a record the engine refuses: nothing is changed by the test)."""
from __future__ import annotations

from tests.web.clubs.helpers import person_id
from tests.web.helpers import game

from .helpers import (LECHNER_HAND, api_client, bearer, club_game, club_token, create,
                      create_club, game_token)


def test_every_operation_with_every_kind_of_token(app, client):
    club = create_club(client)
    gid = club_game(client, club, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    outside = create(client, "lechner42")
    other_club = create_club(client, name="Other club")
    viewer = app.test_client()
    assert viewer.get(f"/g/{game(gid).code}").status_code == 303
    tokens = {
        None: None,
        "game-read": game_token(viewer, gid, "game-read"),
        "game-score": game_token(client, gid, "game-score"),
        "other game's score": game_token(client, outside, "game-score"),
        "club-read": club_token(client, club, "club-read"),
        "club-write": club_token(client, club, "club-write"),
        "other club's write": club_token(client, other_club, "club-write"),
    }
    api = api_client(app)
    assert api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                    headers=bearer(tokens["game-score"])).status_code == 201
    ann = person_id(club, "Ann")
    readers = {"game-read", "game-score", "club-read", "club-write"}
    scorers = {"game-score", "club-write"}
    club_readers = {"club-read", "club-write"}
    stale = {"hand": LECHNER_HAND, "version": 1}  # the game is at version 2: a 409 if allowed
    operations = [
        ("GET", f"/api/v1/games/{gid}", None, readers),
        ("POST", f"/api/v1/games/{gid}/hands", stale, scorers),
        ("PUT", f"/api/v1/games/{gid}/hands/0", stale, scorers),
        ("POST", f"/api/v1/games/{gid}/hands/undo", {"version": 1}, scorers),
        ("POST", f"/api/v1/clubs/{club}/games", {"record": {"variant": "none"}}, {"club-write"}),
        ("GET", f"/api/v1/clubs/{club}/people", None, club_readers),
        ("GET", f"/api/v1/clubs/{club}/games", None, club_readers),
        ("GET", f"/api/v1/clubs/{club}/stats", None, club_readers),
        ("GET", f"/api/v1/clubs/{club}/people/{ann}/stats", None, club_readers),
        ("GET", f"/api/v1/clubs/{club}/events/1", None, club_readers),  # none: 404 if allowed
        ("GET", f"/api/v1/clubs/{club}/seasons", None, club_readers),
        ("GET", f"/api/v1/clubs/{club}/ratings/dominoes-42", None, club_readers),
        ("GET", f"/api/v1/clubs/{club}/people/{ann}/ratings", None, club_readers),
        ("GET", f"/api/v1/viewer/{game(gid).code}", None, set(tokens)),
    ]
    for method, url, body, allowed in operations:
        for kind, token in tokens.items():
            r = api.open(url, method=method, json=body, headers=bearer(token))
            if kind in allowed:
                assert r.status_code not in (401, 403), (method, url, kind, r.get_json())
            else:
                # a token that may not read the game or club hears what a missing one does
                assert r.status_code == 401 if token is None else r.status_code in (403, 404), \
                    (method, url, kind, r.status_code)
                assert r.status_code != 404 or r.get_json()["detail"].startswith("There is no")
                assert r.mimetype == "application/problem+json"
    assert [h.data for h in game(gid).hands] == [LECHNER_HAND] and game(gid).version == 2
