"""The person-key migration: every person gets her name's key; two people of a club whose names
already share a key (the old race) stay two, with distinct keys, and the roster then finds the
first by any spelling. A downgrade gives the old table back."""
from __future__ import annotations

from sqlalchemy import text as sql

from ..helpers import empty_app

BEFORE_KEY = "d41c7e9b2a50"


def test_upgrade_gives_every_person_a_key_and_keeps_an_old_race_twin(tmp_path, monkeypatch):
    from flask_migrate import downgrade, upgrade

    from scorekeeper import store
    from scorekeeper.extensions import db
    from scorekeeper.models import Club

    app = empty_app(tmp_path, monkeypatch)
    with app.app_context():
        upgrade(revision=BEFORE_KEY)
        with db.engine.begin() as conn:
            for cid, code in ((1, "RSTUVWX"), (2, "ABCDEFG")):
                conn.execute(sql("INSERT INTO club (id, name, code, created_at) VALUES"
                                 " (:i, 'Thursday', :c, '2026-11-01 19:00:00')"),
                             {"i": cid, "c": code})
            for pid, cid, name in ((1, 1, "Ann"), (2, 1, "ann"), (3, 1, "Bob"), (4, 2, "ANN")):
                conn.execute(sql("INSERT INTO person (id, club_id, name, created_at) VALUES"
                                 " (:i, :c, :n, '2026-11-01 19:00:00')"),
                             {"i": pid, "c": cid, "n": name})
        upgrade()
        with db.engine.connect() as conn:
            keys = conn.execute(sql("SELECT id, key FROM person ORDER BY id")).all()
        assert keys == [(1, "ann"), (2, "ann\x012"), (3, "bob"), (4, "ann")]
        club = db.session.get(Club, 1)
        assert store._roster(club)["ann"].id == 1
        assert store.add_person(club, "Cat").key == "cat"
        db.session.remove()
        downgrade(revision=BEFORE_KEY)
        with db.engine.connect() as conn:
            assert conn.execute(sql("SELECT count(*) FROM person")).scalar() == 5
