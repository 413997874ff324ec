"""API tokens: made on the club's and the game's pages by whoever holds the right, shown once,
kept hashed, listed with their last use, revocable, expiring; a removed member's end with it;
a new scorer link ends the tokens made under the old one; wrong tokens are counted as guesses."""
from __future__ import annotations

import hashlib
import logging
from datetime import timedelta

from sqlalchemy import select, update

from scorekeeper.extensions import db
from scorekeeper.models import ApiToken, Member, utcnow

from tests.web.clubs.helpers import club, join_club
from tests.web.helpers import game, text

from .helpers import (LECHNER_HAND, api_client, bearer, club_game, club_token, create,
                      create_club, game_token)


def _get(app, token, game_id):
    return api_client(app).get(f"/api/v1/games/{game_id}", headers=bearer(token))


def test_a_token_is_shown_once_kept_hashed_and_listed_with_its_last_use(app, client):
    gid = create(client, "lechner42")
    r = client.post(f"/games/{gid}/api-tokens", data={"label": "Bar TV", "right": "game-read"})
    assert r.status_code == 201 and r.headers["Cache-Control"] == "no-store"
    token = next(w for w in text(r).split() if w.startswith("skt_"))
    listed = client.get(f"/games/{gid}/api-tokens")
    assert token not in listed.get_data(as_text=True) and "Bar TV" in text(listed)
    assert "never used" in text(listed)
    row = db.session.scalars(select(ApiToken)).one()
    assert row.secret_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in str([getattr(row, c.key) for c in ApiToken.__table__.columns])
    assert _get(app, token, gid).status_code == 200
    assert "last used" in text(client.get(f"/games/{gid}/api-tokens"))


def test_a_token_is_never_logged(app, client, caplog):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    with caplog.at_level(logging.DEBUG):
        api = api_client(app)
        api.get(f"/api/v1/games/{gid}", headers=bearer(token))
        api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                 headers=bearer(token))
        api.get(f"/api/v1/games/{gid}", headers=bearer(token[:-1] + "x"))
    assert caplog.records is not None and token not in caplog.text
    assert token[:-1] not in caplog.text


def test_a_revoked_token_is_refused(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    assert _get(app, token, gid).status_code == 200
    row_id = db.session.scalar(select(ApiToken.id))
    assert client.post(f"/games/{gid}/api-tokens/{row_id}/revoke").status_code == 303
    r = _get(app, token, gid)
    assert r.status_code == 401 and "not valid" in r.get_json()["detail"]
    assert "No tokens yet" in text(client.get(f"/games/{gid}/api-tokens"))


def test_an_expired_token_is_refused(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid, days="1")
    assert _get(app, token, gid).status_code == 200
    db.session.execute(update(ApiToken).values(expires_at=utcnow() - timedelta(seconds=1)))
    db.session.commit()
    r = _get(app, token, gid)
    assert r.status_code == 401 and "expired" in r.get_json()["detail"]


def test_a_viewer_makes_only_a_read_token_and_sees_only_its_own(app, client):
    gid = create(client, "lechner42")
    viewer = app.test_client()
    assert viewer.get(f"/g/{game(gid).code}").status_code == 303
    r = viewer.post(f"/games/{gid}/api-tokens", data={"label": "Mine", "right": "game-score"})
    assert r.status_code == 422 and "Pick what the token may do" in text(r)
    token = game_token(viewer, gid, "game-read", label="Mine")
    game_token(client, gid, "game-score", label="Scorer's")
    assert "Scorer's" not in text(viewer.get(f"/games/{gid}/api-tokens"))
    assert "Mine" in text(client.get(f"/games/{gid}/api-tokens"))
    assert _get(app, token, gid).status_code == 200
    r = api_client(app).post(f"/api/v1/games/{gid}/hands",
                             json={"hand": LECHNER_HAND, "version": 1}, headers=bearer(token))
    assert r.status_code == 403 and r.get_json()["detail"] == "This token may not score this game."
    stranger = app.test_client()
    assert stranger.get(f"/games/{gid}/api-tokens").status_code == 404  # no game for it


def test_a_new_scorer_link_ends_the_tokens_made_under_the_old_one(app, client):
    gid = create(client, "lechner42")
    scorer = app.test_client()
    assert scorer.get(f"/s/{game(gid).scorer_secret}").status_code == 303
    token = game_token(scorer, gid, "game-score")
    assert _get(app, token, gid).status_code == 200
    assert client.post(f"/games/{gid}/scorer-link/rotate").status_code in (200, 303)
    r = api_client(app).post(f"/api/v1/games/{gid}/hands",
                             json={"hand": LECHNER_HAND, "version": game(gid).version},
                             headers=bearer(token))
    assert r.status_code == 404 and game(gid).hands == []  # it reads the game no more


def test_only_the_clubs_admin_makes_club_tokens(app, client):
    cid = create_club(client, label="Ann")
    bob = app.test_client()
    join_club(bob, cid, "Bob")
    assert bob.get(f"/clubs/{cid}/api-tokens").status_code == 403
    assert bob.post(f"/clubs/{cid}/api-tokens",
                    data={"label": "x", "right": "club-write"}).status_code == 403
    assert app.test_client().get(f"/clubs/{cid}/api-tokens").status_code == 404
    r = client.post(f"/clubs/{cid}/api-tokens", data={"label": "", "right": "club-read"})
    assert r.status_code == 422 and "Name the token" in text(r)


def test_a_removed_members_tokens_end_with_the_membership(app, client):
    cid = create_club(client, label="Ann")
    bob = app.test_client()
    join_club(bob, cid, "Bob")
    gid = club_game(client, cid, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    bob_id = next(m.id for m in club(cid).members if m.label == "Bob")
    ann_id = next(m.id for m in club(cid).members if m.label == "Ann")
    assert client.post(f"/clubs/{cid}/phones/{bob_id}/admin").status_code == 303
    bobs_club_token = club_token(bob, cid, "club-read")
    bobs_game_token = game_token(bob, gid, "game-read")  # a reader through the club
    assert bob.post(f"/clubs/{cid}/phones/{ann_id}/admin").status_code == 303
    anns = club_token(client, cid, "club-read", label="Ann's")
    for token in (bobs_club_token, bobs_game_token, anns):
        assert _get(app, token, gid).status_code == 200
    assert client.post(f"/clubs/{cid}/phones/{bob_id}/remove").status_code == 303
    assert _get(app, bobs_club_token, gid).status_code == 401
    assert _get(app, bobs_game_token, gid).status_code == 401
    assert _get(app, anns, gid).status_code == 200
    assert db.session.scalar(select(Member.id).where(Member.id == bob_id)) is None


def test_wrong_tokens_are_counted_as_guesses(app, client):
    gid = create(client, "lechner42")
    api = api_client(app)
    statuses = [api.get(f"/api/v1/games/{gid}", headers=bearer(f"skt_{i:043d}")).status_code
                for i in range(11)]
    assert statuses == [401] * 10 + [429]
    r = api.get(f"/api/v1/games/{gid}", headers=bearer("skt_wrong"))
    assert r.status_code == 429 and r.mimetype == "application/problem+json"
