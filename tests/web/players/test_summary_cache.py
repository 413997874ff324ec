"""Game.summary caches stats.game_summary of the record: every write through store (a game
started or imported, a hand entered, edited, taken back) leaves it equal to a fresh derivation."""
from __future__ import annotations

import json

from scorekeeper import stats
from scorekeeper.extensions import db
from scorekeeper.rules import score
from scorekeeper.store import derive_summary

from ..helpers import create, game, post_hand, text


def assert_fresh(gid):
    g = game(gid)
    record = g.record()
    fresh = stats.game_summary(record, score(record))
    assert g.summary == fresh == derive_summary(record)
    assert g.finished is fresh["finished"]
    return g


def test_summary_follows_every_write(client):
    gid = create(client, "moon", 3)
    g = assert_fresh(gid)
    assert g.summary["hands"] == 0 and not g.finished
    hands = [{"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "1", "tricks-1": "5",
              "tricks-2": "1"},
             {"mode": "quick", "bidder": "2", "bid": "4", "tricks-0": "3", "tricks-1": "2",
              "tricks-2": "2"}]
    for fields in hands:
        assert post_hand(client, gid, fields).status_code == 303
        assert_fresh(gid)
    assert game(gid).summary["seats"][2]["set"] == 1
    # edit hand 1: now Bob is set
    edit = dict(hands[0], **{"tricks-0": "3", "tricks-1": "3"})
    r = post_hand(client, gid, edit, number=0)
    assert r.status_code == 303, text(r)
    g = assert_fresh(gid)
    assert g.summary["seats"][1]["set"] == 1
    # undo
    r = client.post(f"/games/{gid}/hands/undo", data={"version": str(g.version)})
    assert r.status_code == 303
    g = assert_fresh(gid)
    assert g.summary["hands"] == 1
    # shooting the moon finishes the game
    assert post_hand(client, gid, {"mode": "quick", "bidder": "0", "bid": "21", "tricks-0": "7",
                                   "tricks-1": "0", "tricks-2": "0"}).status_code == 303
    g = assert_fresh(gid)
    assert g.finished and g.summary["winners"] == [0]
    # and taking that back reopens it
    client.post(f"/games/{gid}/hands/undo", data={"version": str(g.version)})
    assert not assert_fresh(gid).finished


def test_imported_game_is_summarised(client):
    record = {"variant": "mexican-train", "players": ["Ann", "Bob"], "options": {"rounds": 2},
              "hands": [{"pips": [0, 12], "out": 0}, {"pips": [7, 0], "out": 1}]}
    r = client.post("/games/import", data={"record": json.dumps(record)})
    gid = int(r.headers["Location"].rsplit("/", 1)[1])
    g = assert_fresh(gid)
    assert g.finished and g.summary["seats"][0]["train"] == {"rounds": 2, "pips": 7, "out": 1}


def test_a_record_that_no_longer_scores_has_no_summary(client, app):
    from scorekeeper import store

    gid = create(client, "moon", 3)
    record = game(gid).record()
    assert store.derive_summary(record) is not None
    record["hands"] = [{"bidder": 0, "bid": 5, "tricks": [1, 1, 1]}]  # 3 tricks, not 7
    assert store.derive_summary(record) is None


def test_club_import_in_bulk_makes_the_same_games(client):
    """store.import_club inserts in bulk: each game as start_game makes it (seats on the
    roster, hands, audit row, its own join code) with its summary cached."""
    from scorekeeper.models import AuditEvent, Club, Game

    records = [
        {"variant": "moon", "players": ["Ann", "Bob", "Cat"], "first_dealer": 1, "options": {},
         "hands": [{"bidder": 1, "bid": 5, "tricks": [1, 5, 1]}], "called": True},
        {"variant": "castle-rock", "players": ["bob"], "first_dealer": 0, "options": {},
         "hands": [{"remaining": 0}, {"remaining": 4}]},
        {"variant": "lechner42", "players": ["Dan", "Ann", "Eve", "Cat"], "first_dealer": 0,
         "options": {"target_marks": 1}, "hands": []},
    ]
    r = client.post("/clubs/import", data={"name": "Bulk", "label": "x",
                                           "records": json.dumps(records)})
    assert r.status_code == 303, text(r)[:300]
    club = db.session.scalar(db.select(Club).where(Club.name == "Bulk"))
    games = db.session.scalars(db.select(Game).where(Game.club_id == club.id)
                               .order_by(Game.id)).all()
    assert len(games) == 3 and len({g.code for g in games}) == 3
    assert sorted(p.name for p in club.people) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    for g, record in zip(games, records):
        want = {**record, "players": ["Bob" if n == "bob" else n for n in record["players"]]}
        assert g.record() == want
        assert all(p.person_id is not None for p in g.players)
        assert_fresh(g.id)
        events = db.session.scalars(db.select(AuditEvent).where(AuditEvent.game_id == g.id)).all()
        assert [e.action for e in events] == ["created"] and events[0].data["hands"] == \
            record["hands"]
    assert client.get(f"/games/{games[0].id}").status_code == 200  # a member watches it
    assert games[0].finished and games[0].summary["winners"] == [1]  # time called, Bob ahead
