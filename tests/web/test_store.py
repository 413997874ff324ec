"""scorekeeper/store: every write in one transaction with the version bump and the audit
row; a stale version writes nothing; a save scores the record once (the preview's result)."""
from __future__ import annotations

import pytest

from scorekeeper import rules, store
from scorekeeper.extensions import db
from scorekeeper.models import AuditEvent
from scorekeeper.rules import game as engine

from .helpers import HX, create, game

HAND = {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight", "points": "34"}
HAND_DATA = {"bidder": 1, "bid": 30, "contract": "straight", "points": 34}


def _audit(game_id):
    return db.session.scalars(db.select(AuditEvent).where(AuditEvent.game_id == game_id)
                              .order_by(AuditEvent.id)).all()


def test_write_hand_moves_the_version_and_writes_the_audit_row(client):
    gid = create(client, "lechner42")
    g = store.get_game(gid)
    assert store.write_hand(g, g.version, "entered", 0, None, HAND_DATA, "creator")
    assert g.version == 2 and [h.data for h in g.hands] == [HAND_DATA]
    fresh = game(gid)
    assert fresh.version == 2 and fresh.summary is not None
    assert [(e.action, e.hand_number) for e in _audit(gid)] == [("created", None), ("entered", 0)]


def test_a_stale_version_writes_nothing(client):
    gid = create(client, "lechner42")
    g = store.get_game(gid)
    assert not store.write_hand(g, g.version - 1, "entered", 0, None, HAND_DATA, "creator")
    fresh = game(gid)
    assert fresh.version == 1 and fresh.hands == [] and len(_audit(gid)) == 1


def test_the_summary_comes_from_the_result_given():
    """write_hand's summary is the one derive_summary makes of the result the caller passes:
    the same as scoring the record again."""
    record = {"variant": "moon", "players": ["A", "B", "C"], "first_dealer": 0, "options": {},
              "hands": [{"bidder": 0, "bid": 5, "tricks": [5, 1, 1]}]}
    assert store.derive_summary(record, rules.score(record)) == store.derive_summary(record)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_saved_hand_is_replayed_once(client, monkeypatch, htmx):
    """From the tap to the answer the record is scored once: the preview's result is what is
    saved and what the answer shows (it was 2 without htmx, 3 with)."""
    gid = create(client, "lechner42")
    replays = []
    real = engine.replay
    monkeypatch.setattr(engine, "replay", lambda *a, **k: replays.append(1) or real(*a, **k))
    monkeypatch.setattr(rules, "replay", engine.replay)
    r = client.post(f"/games/{gid}/hands", data={"version": "1", **HAND},
                    headers=HX if htmx else {})
    assert r.status_code == (200 if htmx else 303)
    assert game(gid).hands[0].data == HAND_DATA
    assert len(replays) == 1


def test_a_summary_refreshed_on_a_read_never_overwrites_a_newer_one(client, monkeypatch):
    """store refreshes a stale summary on a read (players.queries); a hand written while it computes
    stores the newer summary with its version bump, and the refresh, made from the older
    version, must not write over it."""
    from sqlalchemy import update

    from scorekeeper.models import Game

    gid = create(client, "lechner42")
    db.session.execute(update(Game).where(Game.id == gid).values(summary=None))
    db.session.commit()
    real = store.derive_summary

    raced = []

    def racing(record, result=None):
        older = real(record, result)  # computed from version 1, no hands
        if not raced:  # meanwhile another phone saves a hand (its own summary: real): version 2
            raced.append(True)
            g = store.get_game(gid)
            assert store.write_hand(g, g.version, "entered", 0, None, HAND_DATA, "creator")
        return older
    monkeypatch.setattr(store.club_numbers, "derive_summary", racing)  # (where it is called)
    store.refresh_stale_summaries({gid: None})
    fresh = game(gid)
    assert fresh.version == 2 and fresh.summary == store.derive_summary(fresh.record())
    assert fresh.summary["hands"] == 1


def test_a_club_game_and_its_saved_rules_are_one_transaction(client):
    """Starting a club game with "save these rules for the club" commits the game and the
    club's rules once, together or not at all (it was two commits); the one commit after it
    is this phone's creator role (a row of its phone, access.grant_creator)."""
    from sqlalchemy import event
    from sqlalchemy.orm import Session

    from scorekeeper.models import ClubRules

    from .clubs.helpers import create_club

    club_id = create_club(client)
    commits = []

    def count(session):
        commits.append(1)
    event.listen(Session, "after_commit", count)
    try:
        r = client.post(f"/clubs/{club_id}/games/new", data={
            "variant": "moon", "name-0": "Ann", "name-1": "Bob", "name-2": "Cat",
            "first_dealer": "0", "save_rules": "1"})
    finally:
        event.remove(Session, "after_commit", count)
    assert r.status_code == 303, r.status_code
    gid = int(r.headers["Location"].rsplit("/", 1)[1])
    assert game(gid).club_id == club_id
    assert db.session.get(ClubRules, (club_id, "moon")) is not None
    assert len(commits) == 2
