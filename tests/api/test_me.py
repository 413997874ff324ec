"""What an integrator looks for (issue 42, item 8): GET /me (what this token is), GET
/clubs/{id}, RateLimit-* headers on every answer, and a limit of writes per token."""
from __future__ import annotations

from tests.web.helpers import game, post_hand

from .helpers import (LECHNER_HAND, api_client, bearer, club_game, club_token, create,
                      create_club, game_token)


def test_me_says_what_the_token_opens_and_may_do(app, client):
    club_id = create_club(client)
    api = api_client(app)
    r = api.get("/api/v1/me", headers=bearer(club_token(client, club_id, "club-read",
                                                        label="Sheet")))
    assert r.status_code == 200, r.get_json()
    assert r.get_json() == {"label": "Sheet", "right": "club-read", "may": "read the club",
                            "club_id": club_id, "game_id": None, "writes": False,
                            "last_used_at": r.get_json()["last_used_at"], "expires_at": None}
    gid = create(client, "lechner42")
    me = api.get("/api/v1/me", headers=bearer(game_token(client, gid, days="3"))).get_json()
    assert (me["right"], me["game_id"], me["club_id"], me["writes"]) == (
        "game-score", gid, None, True)
    assert me["expires_at"].endswith("+00:00")
    assert api.get("/api/v1/me").status_code == 401


def test_a_club_by_its_id(app, client):
    club_id = create_club(client)
    gid = club_game(client, club_id, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    token = club_token(client, club_id, "club-read")
    api = api_client(app)
    r = api.get(f"/api/v1/clubs/{club_id}", headers=bearer(token))
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["games"] == 0  # a game with no hand counts nowhere
    post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "points": "34"})
    body = api.get(f"/api/v1/clubs/{club_id}", headers=bearer(token)).get_json()
    assert body["id"] == club_id and body["games"] == 1 and body["people"] == 4
    assert body["name"] and "code" not in body
    assert api.get(f"/api/v1/clubs/{club_id + 1}", headers=bearer(token)).status_code in (
        403, 404)


def test_every_answer_says_its_rate_limit(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = api_client(app)
    answers = [api.get(f"/api/v1/games/{gid}", headers=bearer(token)),
               api.get("/api/v1/me", headers=bearer(token)),
               api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                        headers=bearer(token)),
               api.get(f"/api/v1/games/{gid}"),  # 401
               api.get("/api/v1/nothing-here"),  # unrouted 404
               api.get("/api/v1/openapi.json"),
               api.get(f"/api/v1/viewer/{game(gid).code}")]
    for r in answers:
        assert all(name in r.headers for name in (
            "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")), r.request.path
        assert 1 <= int(r.headers["RateLimit-Reset"]) <= 60
    # a token's answers count its writes; one with no token, its address's wrong guesses
    assert int(answers[2].headers["RateLimit-Remaining"]) == \
        int(answers[2].headers["RateLimit-Limit"]) - 1
    assert answers[1].headers["RateLimit-Limit"] == "120"
    assert answers[3].headers["RateLimit-Limit"] == "10"
    wrong = api.get("/api/v1/viewer/ZZZZZZZ")
    assert int(wrong.headers["RateLimit-Remaining"]) == 9


def test_a_tokens_writes_are_limited(app, client):
    app.config["API_WRITES_PER_MINUTE"] = 3
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    other = game_token(client, gid, label="Other")
    api = api_client(app)
    url = f"/api/v1/games/{gid}/hands"
    statuses = [api.post(url, json={"hand": LECHNER_HAND, "version": v},
                         headers=bearer(token)).status_code for v in (1, 2, 3, 4)]
    assert statuses == [201, 201, 201, 429]
    r = api.post(url, json={"hand": LECHNER_HAND, "version": 4}, headers=bearer(token))
    assert r.status_code == 429 and r.headers["RateLimit-Remaining"] == "0"
    problem = r.get_json()
    assert problem["type"] == "/api/v1/problems/too-many-writes"
    assert 1 <= int(r.headers["Retry-After"]) <= 60
    assert len(game(gid).hands) == 3
    # reads go on; another token has its own limit
    assert api.get(f"/api/v1/games/{gid}", headers=bearer(token)).status_code == 200
    assert api.post(url, json={"hand": LECHNER_HAND, "version": 4},
                    headers=bearer(other)).status_code == 201
