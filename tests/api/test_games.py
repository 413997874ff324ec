"""The API's game and hand operations: each one's answer and refusals, the same numbers as the
page, the pages' own writes (version check, audit row naming the token)."""
from __future__ import annotations

import re

from scorekeeper.models import AuditEvent, Hand

from tests.web.helpers import game, text

from .helpers import (LECHNER_HAND, api_client, bearer, club_game, club_token, create,
                      create_club, game_token)

MADE = {"bidder": 0, "bid": 30, "contract": "straight", "points": 40}  # Ann & Cat make 30


def page_totals(client, game_id: int) -> list[int]:
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    return [int(t.replace("−", "-").replace(",", ""))
            for t in re.findall(r'class="num-big">([^<]+)<', html)]


def test_read_a_game_its_record_result_version_players(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid, "game-read")
    r = api_client(app).get(f"/api/v1/games/{gid}", headers=bearer(token))
    assert r.status_code == 200 and r.mimetype == "application/json"
    body = r.get_json()
    assert body["version"] == 1 and body["record"]["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert [p["name"] for p in body["players"]] == ["Ann", "Bob", "Cat", "Dan"]
    assert body["result"]["sides"] == ["Ann & Cat", "Bob & Dan"]
    assert r.headers["ETag"] == f'"g{gid}-v1-s1"'


def test_a_get_of_the_version_held_is_304_and_a_new_version_is_200(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = api_client(app)
    etag = api.get(f"/api/v1/games/{gid}", headers=bearer(token)).headers["ETag"]
    r = api.get(f"/api/v1/games/{gid}", headers=bearer(token, **{"If-None-Match": etag}))
    assert r.status_code == 304 and r.headers["ETag"] == etag and not r.data
    api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
             headers=bearer(token))
    r = api.get(f"/api/v1/games/{gid}", headers=bearer(token, **{"If-None-Match": etag}))
    assert r.status_code == 200 and r.get_json()["version"] == 2


def test_append_a_hand_as_the_page_does_history_names_the_token(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid, label="Bar TV")
    api = api_client(app)
    etag = api.get(f"/api/v1/games/{gid}", headers=bearer(token)).headers["ETag"]
    r = api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND},
                 headers=bearer(token, **{"If-Match": etag}))
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["version"] == 2 and body["record"]["hands"] == [LECHNER_HAND]
    assert body["result"]["totals"] == page_totals(client, gid) == [0, 1]
    assert r.headers["ETag"] == f'"g{gid}-v2-s1"'
    row = AuditEvent.query.filter_by(game_id=gid, action="entered").one()
    assert row.via == "API token Bar TV" and row.data == LECHNER_HAND
    assert "API token Bar TV" in text(client.get(f"/games/{gid}/history"))


def test_a_stale_version_is_409_a_stale_etag_412_and_saves_nothing(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = api_client(app)
    assert api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                    headers=bearer(token)).status_code == 201
    old_etag = {"If-Match": f'"g{gid}-v1-s1"'}
    for kw, status in (({"json": {"hand": MADE, "version": 1}, "headers": bearer(token)}, 409),
                       ({"json": {"hand": MADE}, "headers": bearer(token, **old_etag)}, 412)):
        r = api.post(f"/api/v1/games/{gid}/hands", **kw)
        assert r.status_code == status and r.mimetype == "application/problem+json"
        assert r.get_json()["version"] == 2 and "version 1" in r.get_json()["detail"]
    assert len(game(gid).hands) == 1


def test_a_write_without_a_version_is_428(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    r = api_client(app).post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND},
                             headers=bearer(token))
    assert r.status_code == 428 and r.get_json()["status"] == 428
    assert game(gid).hands == []


def test_a_hand_the_engine_refuses_is_422_with_its_sentence(app, client):
    gid = create(client, "card42", players=4)
    token = game_token(client, gid)
    # dealer is seat 0: bids in order 1, 2, 3, 0; the dealer may not make them total 7
    r = api_client(app).post(f"/api/v1/games/{gid}/hands", json={
        "hand": {"bids": [2, 2, 2, 1], "tricks": [2, 2, 2, 1]}, "version": 1},
        headers=bearer(token))
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    from scorekeeper import rules
    engine = rules.preview(game(gid).record(), {"bids": [2, 2, 2, 1], "tricks": [2, 2, 2, 1]})
    assert r.get_json()["detail"] == engine["error"] and r.get_json()["hand"] == 0
    assert game(gid).hands == []


def test_a_body_that_is_not_a_hand_is_422_naming_the_field(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    r = api_client(app).post(f"/api/v1/games/{gid}/hands", json={"version": 1, "extra": 1},
                             headers=bearer(token))
    assert r.status_code == 422 and "hand" in r.get_json()["detail"]
    assert r.get_json()["errors"]


def test_change_a_hand_and_undo_the_last(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = api_client(app)
    api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
             headers=bearer(token))
    r = api.put(f"/api/v1/games/{gid}/hands/0", json={"hand": MADE, "version": 2},
                headers=bearer(token))
    assert r.status_code == 200 and r.get_json()["result"]["totals"] == [1, 0]
    assert page_totals(client, gid) == [1, 0]
    assert api.put(f"/api/v1/games/{gid}/hands/1", json={"hand": MADE, "version": 3},
                   headers=bearer(token)).status_code == 404
    r = api.post(f"/api/v1/games/{gid}/hands/undo", json={"version": 3}, headers=bearer(token))
    assert r.status_code == 200 and r.get_json()["record"]["hands"] == []
    assert [e.action for e in game(gid).events] == ["created", "entered", "edited", "undone"]
    r = api.post(f"/api/v1/games/{gid}/hands/undo", json={"version": 4}, headers=bearer(token))
    assert r.status_code == 409 and r.get_json()["detail"] == "There is no hand to take back."


def test_a_new_club_game_from_a_record(app, client):
    club_id = create_club(client)
    token = club_token(client, club_id, "club-write")
    record = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
              "hands": [LECHNER_HAND]}
    r = api_client(app).post(f"/api/v1/clubs/{club_id}/games", json={"record": record},
                             headers=bearer(token))
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["club_id"] == club_id and body["record"]["hands"] == [LECHNER_HAND]
    assert all(p["person_id"] for p in body["players"])
    assert r.headers["Location"].endswith(f"/api/v1/games/{body['id']}")
    bad = {**record, "hands": [{"bidder": 1, "bid": 3, "contract": "straight", "points": 34}]}
    r = api_client(app).post(f"/api/v1/clubs/{club_id}/games", json={"record": bad},
                             headers=bearer(token))
    assert r.status_code == 422 and r.get_json()["detail"].startswith("Hand 1: 3 is not a bid")


def test_a_game_by_its_join_code_without_a_token(app, client):
    gid = create(client, "lechner42")
    api = api_client(app)
    r = api.get(f"/api/v1/viewer/{game(gid).code}")
    assert r.status_code == 200 and r.get_json()["id"] == gid
    assert api.get(f"/api/v1/games/{gid}").status_code == 401
    assert api.get("/api/v1/viewer/ABCDEFG").status_code in (404, 200)
    assert api.get("/api/v1/viewer/nope").status_code == 400


def test_wrong_join_codes_are_bounded_like_the_join_page(app, client):
    api = api_client(app)
    statuses = [api.get("/api/v1/viewer/ZZZZZZZ").status_code for _ in range(11)]
    assert statuses == [404] * 10 + [429]
    r = api.get("/api/v1/viewer/ZZZZZZZ")
    assert r.status_code == 429 and r.headers["Retry-After"] == "60"
    assert r.mimetype == "application/problem+json"


def test_no_token_reads_nothing_else(app, client):
    gid = create(client, "lechner42")
    api = api_client(app)
    r = api.get(f"/api/v1/games/{gid}")
    assert r.status_code == 401 and r.headers["WWW-Authenticate"].startswith("Bearer")
    assert api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1}
                    ).status_code == 401
    assert Hand.query.count() == 0


def test_club_write_token_scores_the_clubs_games(app, client):
    club_id = create_club(client)
    gid = club_game(client, club_id, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    token = club_token(client, club_id, "club-write")
    r = api_client(app).post(f"/api/v1/games/{gid}/hands",
                             json={"hand": LECHNER_HAND, "version": 1}, headers=bearer(token))
    assert r.status_code == 201 and page_totals(client, gid) == r.get_json()["result"]["totals"]


def test_pages_are_unchanged_outside_the_api(client):
    r = client.get("/no-such-page")
    assert r.status_code == 404 and r.mimetype == "text/html"
    assert client.get("/api/v1/nothing").mimetype == "application/problem+json"


def test_a_game_get_costs_at_most_8_statements(app, client):
    """(6, and 2 for the token's writes its RateLimit-* headers say: store.api_writes)"""
    from sqlalchemy import event

    from scorekeeper.extensions import db

    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = api_client(app)
    statements = []

    def count(*args):
        statements.append(args[2])
    engines = {db.engine, app.extensions["scorekeeper_committed_reads"]}
    for engine in engines:
        event.listen(engine, "before_cursor_execute", count)
    try:
        for _ in range(3):  # a cold read after a write (nothing kept), then kept ones
            api.post(f"/api/v1/games/{gid}/hands",
                     json={"hand": LECHNER_HAND, "version": game(gid).version},
                     headers=bearer(token))
            statements.clear()
            r = api.get(f"/api/v1/games/{gid}", headers=bearer(token))
            assert r.status_code == 200 and len(statements) <= 8, statements
            statements.clear()
            r = api.get(f"/api/v1/games/{gid}", headers=bearer(token, **{
                "If-None-Match": r.headers["ETag"]}))
            assert r.status_code == 304 and len(statements) <= 8, statements
    finally:
        for engine in engines:
            event.remove(engine, "before_cursor_execute", count)


def test_the_etag_of_a_compressed_answer_is_the_games_version_too(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = api_client(app)
    packed = bearer(token, **{"Accept-Encoding": "br, gzip"})
    r = api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                 headers=packed)
    assert r.status_code == 201
    r = api.put(f"/api/v1/games/{gid}/hands/0", json={"hand": MADE},
                headers={**packed, "If-Match": r.headers["ETag"]})
    assert r.status_code == 200, r.headers
    r = api.get(f"/api/v1/games/{gid}", headers=packed)
    assert r.headers["Content-Encoding"] in ("br", "gzip")
    r = api.post(f"/api/v1/games/{gid}/hands/undo", headers={**packed,
                                                             "If-Match": r.headers["ETag"]})
    assert r.status_code == 200 and game(gid).hands == []
