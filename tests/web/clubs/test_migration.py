"""The clubs migration keeps every game: a database made at the revision before it, holding games
with hands and history, is upgraded; the games are intact, still score, and are outside any club."""
from __future__ import annotations

import json

from sqlalchemy import text as sql

from scorekeeper import rules

BEFORE_CLUBS = "594100b4698a"

MOON = {"variant": "moon", "players": ["Ann", "Bob", "Cat"], "first_dealer": 1,
        "options": {"target_points": 7},
        "hands": [{"bidder": 2, "bid": 5, "tricks": [1, 1, 5]},
                  {"bidder": 0, "bid": 4, "tricks": [4, 2, 1]}]}
LECHNER = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": 0,
           "options": {}, "hands": [{"bidder": 1, "bid": 30, "contract": "straight",
                                     "points": 34}]}


def _insert(conn, gid: int, record: dict, code: str) -> None:
    now = "2026-11-01 20:00:00.000000"
    conn.execute(sql(
        "INSERT INTO game (id, variant, first_dealer, options, created_at, updated_at, version,"
        " code, scorer_secret, scorer_generation, creator_secret) VALUES (:id, :v, :fd, :o,"
        " :now, :now, :ver, :code, :s, 1, :c)"),
        {"id": gid, "v": record["variant"], "fd": record["first_dealer"],
         "o": json.dumps(record["options"]), "now": now, "ver": 1 + len(record["hands"]),
         "code": code, "s": f"scorer-{gid}", "c": f"creator-{gid}"})
    for seat, name in enumerate(record["players"]):
        conn.execute(sql("INSERT INTO player (game_id, seat, name) VALUES (:g, :s, :n)"),
                     {"g": gid, "s": seat, "n": name})
    for number, hand in enumerate(record["hands"]):
        conn.execute(sql("INSERT INTO hand (game_id, number, data, created_at, updated_at)"
                         " VALUES (:g, :n, :d, :now, :now)"),
                     {"g": gid, "n": number, "d": json.dumps(hand), "now": now})
        conn.execute(sql("INSERT INTO audit_event (game_id, at, action, hand_number, data, via)"
                         " VALUES (:g, :now, 'entered', :n, :d, 'creator')"),
                     {"g": gid, "n": number, "d": json.dumps(hand), "now": now})


def old_app(tmp_path):
    """An app on an empty SQLite file, for a test to migrate up to an old revision."""
    from scorekeeper import create_app

    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}"})


def test_upgrade_keeps_every_game(tmp_path, monkeypatch):
    from flask_migrate import downgrade, upgrade

    from scorekeeper.extensions import db
    from scorekeeper.models import Club, Game, Person

    monkeypatch.delenv("PUBLIC_URL", raising=False)
    app = old_app(tmp_path)
    with app.app_context():
        upgrade(revision=BEFORE_CLUBS)
        with db.engine.begin() as conn:
            _insert(conn, 1, MOON, "ABCDEFG")
            _insert(conn, 2, LECHNER, "HJKMNPQ")
        upgrade()
        db.session.remove()
        games = db.session.query(Game).order_by(Game.id).all()
        assert [g.record() for g in games] == [MOON, LECHNER]
        for g in games:
            assert g.club_id is None and g.next_game_id is None
            assert all(p.person_id is None for p in g.players)
            assert [e.action for e in g.events] == ["entered"] * len(g.hands)
        assert rules.score(games[0].record())["totals"] == rules.score(MOON)["totals"]
        assert all(rules.score(g.record())["ok"] for g in games)

        # the new tables work on the upgraded database
        club = Club(name="Thursday", code="RSTUVWX")
        club.people = [Person(name="Ann")]
        db.session.add(club)
        db.session.commit()
        assert db.session.get(Club, club.id).people[0].name == "Ann"

        # and a downgrade gives the old schema back with the games in it
        db.session.remove()
        downgrade(revision=BEFORE_CLUBS)
        with db.engine.connect() as conn:
            assert conn.execute(sql("SELECT count(*) FROM hand")).scalar() == 3
            assert conn.execute(sql("SELECT count(*) FROM player")).scalar() == 7
