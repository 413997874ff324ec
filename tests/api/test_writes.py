"""Writes a retrying client can trust (issue 42): a write names the version it was made on
(`If-Match: *` names none), a stale If-Match is 412 and a stale body `version` 409, and only
what was applied is replayed for an Idempotency-Key."""
from __future__ import annotations

import json

from tests.web.helpers import game

from .helpers import LECHNER_HAND, api_client, bearer, create, game_token

MADE = {"bidder": 0, "bid": 30, "contract": "straight", "points": 40}


def _game_with_a_hand(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = api_client(app)
    assert api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                    headers=bearer(token)).status_code == 201
    return gid, token, api


def test_if_match_star_names_no_version_428(app, client):
    gid, token, api = _game_with_a_hand(app, client)
    star = bearer(token, **{"If-Match": "*"})
    for method, url, body in (("post", f"/api/v1/games/{gid}/hands/undo", None),
                              ("put", f"/api/v1/games/{gid}/hands/0", {"hand": MADE}),
                              ("post", f"/api/v1/games/{gid}/hands", {"hand": MADE})):
        r = getattr(api, method)(url, json=body, headers=star)
        assert r.status_code == 428, (url, r.get_json())
        assert r.get_json()["type"] == "/api/v1/problems/version-required"
    assert [h.data for h in game(gid).hands] == [LECHNER_HAND]
    # `*` beside a body's version: the body's version decides
    r = api.post(f"/api/v1/games/{gid}/hands/undo", json={"version": 2}, headers=star)
    assert r.status_code == 200 and game(gid).hands == []


def test_a_stale_if_match_is_412_and_a_stale_body_version_409(app, client):
    gid, token, api = _game_with_a_hand(app, client)
    other = create(client, "lechner42")
    url = f"/api/v1/games/{gid}/hands"
    for tag in (f'"g{gid}-v1-s1"', "foo", '"foo"', f'"g{other}-v2-s1"', f'W/"g{gid}-v1-s1"'):
        r = api.post(url, json={"hand": MADE}, headers=bearer(token, **{"If-Match": tag}))
        assert r.status_code == 412, (tag, r.get_json())
        problem = r.get_json()
        assert problem["type"] == "/api/v1/problems/precondition-failed"
        assert problem["version"] == 2 and "version -1" not in problem["detail"]
        assert f'"g{gid}-v2-s1"' in problem["detail"]
    r = api.post(url, json={"hand": MADE, "version": 1}, headers=bearer(token))
    assert r.status_code == 409 and r.get_json()["type"] == "/api/v1/problems/stale-version"
    assert "since version 1" in r.get_json()["detail"]
    assert len(game(gid).hands) == 1
    # one of the tags the game's ETag now (RFC 9110: any of them)
    r = api.post(url, json={"hand": MADE}, headers=bearer(token, **{
        "If-Match": f'"g{gid}-v1-s1", "g{gid}-v2-s1"'}))
    assert r.status_code == 201


def test_a_refused_write_is_not_replayed_its_retry_is_answered_anew(app, client):
    gid, token, api = _game_with_a_hand(app, client)
    url = f"/api/v1/games/{gid}/hands"
    key = {"Idempotency-Key": "tv-hand-2"}
    r = api.post(url, json={"hand": MADE}, headers=bearer(token, **key, **{
        "If-Match": f'"g{gid}-v1-s1"'}))
    assert r.status_code == 412
    r = api.post(url, json={"hand": MADE, "version": 1}, headers=bearer(token, **key))
    assert r.status_code == 409 and "Idempotent-Replayed" not in r.headers
    # a hand the rules refuse, with the same key: refused, not kept either
    r = api.post(url, json={"hand": {**MADE, "bid": 3}, "version": 2},
                 headers=bearer(token, **key))
    assert r.status_code == 422 and "Idempotent-Replayed" not in r.headers
    etag = api.get(f"/api/v1/games/{gid}", headers=bearer(token)).headers["ETag"]
    first = api.post(url, json={"hand": MADE}, headers=bearer(token, **key, **{"If-Match": etag}))
    assert first.status_code == 201, first.get_json()
    again = api.post(url, json={"hand": MADE}, headers=bearer(token, **key, **{"If-Match": etag}))
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert [h.data for h in game(gid).hands] == [LECHNER_HAND, MADE]


def test_the_same_json_with_its_keys_in_another_order_is_the_same_request(app, client):
    gid, token, api = _game_with_a_hand(app, client)
    url = f"/api/v1/games/{gid}/hands"
    key = bearer(token, **{"Idempotency-Key": "k-order"})
    one = json.dumps({"hand": MADE, "version": 2})
    other = json.dumps({"version": 2, "hand": dict(reversed(list(MADE.items())))}, indent=1)
    first = api.post(url, data=one, content_type="application/json", headers=key)
    again = api.post(url, data=other, content_type="application/json", headers=key)
    assert first.status_code == again.status_code == 201, again.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(game(gid).hands) == 2
