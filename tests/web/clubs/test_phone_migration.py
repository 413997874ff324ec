"""The phones migration keeps every club and game, and a phone from before it keeps its roles: a
database made at the revision before phones, holding a club with two phones, a club game and a
game outside the club, is upgraded; the phones come back with their old cookies and are still
creator, viewer, admin and member. A downgrade gives the old schema back with it all."""
from __future__ import annotations

from http.cookies import SimpleCookie

from sqlalchemy import text as sql

from scorekeeper import access

from ..helpers import empty_app
from .test_migration import LECHNER, MOON, _insert

BEFORE_PHONES = "c3d8f0a2e611"


def test_upgrade_keeps_clubs_games_and_every_phones_roles(tmp_path, monkeypatch):
    from flask_migrate import downgrade, upgrade

    from scorekeeper.extensions import db
    from scorekeeper.models import Club, Game

    app = empty_app(tmp_path, monkeypatch)
    with app.app_context():
        upgrade(revision=BEFORE_PHONES)
        with db.engine.begin() as conn:
            conn.execute(sql("INSERT INTO club (id, name, code, created_at) VALUES"
                             " (1, 'Thursday', 'RSTUVWX', '2026-11-01 19:00:00')"))
            for mid, secret, admin in ((1, "ann-secret", True), (2, "bob-secret", False)):
                conn.execute(sql("INSERT INTO member (id, club_id, secret, is_admin, label,"
                                 " joined_at) VALUES (:id, 1, :s, :a, :l, :at)"),
                             {"id": mid, "s": secret, "a": admin, "l": f"phone {mid}",
                              "at": f"2026-11-01 19:0{mid}:00"})
            _insert(conn, 1, MOON, "ABCDEFG")
            _insert(conn, 2, LECHNER, "HJKMNPQ")
            conn.execute(sql("UPDATE game SET club_id = 1 WHERE id = 2"))
        upgrade()
        db.session.remove()
        assert [g.record() for g in db.session.query(Game).order_by(Game.id)] == [MOON, LECHNER]
        assert [(m.id, m.is_admin, m.phone_id) for m in db.session.get(Club, 1).members] == [
            (1, True, None), (2, False, None)]

        with app.test_request_context():  # the cookies the old code gave the two phones
            ann = {"sk_c_1": access._token("c", 1, "creator-1"),
                   "sk_c_2": access._token("c", 2, "creator-2"),
                   "sk_m_1": "1." + access._token("member", 1, "1:ann-secret")}
            bob = {"sk_v_1": access._token("v", 1, "ABCDEFG"),
                   "sk_m_1": "2." + access._token("member", 1, "2:bob-secret")}
        phones = {}
        for name, cookies in (("ann", ann), ("bob", bob)):
            phone = phones[name] = app.test_client()
            for key, value in cookies.items():
                phone.set_cookie(key, value)
            r = phone.get("/")
            dropped = {next(iter(SimpleCookie(h))) for h in r.headers.getlist("Set-Cookie")
                       if "Max-Age=0" in h}
            assert dropped == set(cookies)
            assert {c.key for c in phone._cookies.values()} - {"session"} == {access.PHONE_COOKIE}
        ann, bob = phones["ann"], phones["bob"]
        # Ann: creator of both games, the club's admin
        for gid in (1, 2):
            assert 'id="hand-form"' in ann.get(f"/games/{gid}").text
        assert "Make admin" in ann.get("/clubs/1/phones").text
        # Bob: watches game 1 by its code, and game 2 as a member of its club
        for gid in (1, 2):
            page = bob.get(f"/games/{gid}")
            assert page.status_code == 200 and 'id="hand-form"' not in page.text
        assert bob.get("/clubs/1").status_code == 200
        assert "Make admin" not in bob.get("/clubs/1/phones").text
        db.session.remove()
        assert all(m.phone_id is not None for m in db.session.get(Club, 1).members)

        db.session.remove()
        downgrade(revision=BEFORE_PHONES)
        with db.engine.connect() as conn:
            assert conn.execute(sql("SELECT count(*) FROM member")).scalar() == 2
            assert conn.execute(sql("SELECT count(*) FROM game")).scalar() == 2
            assert conn.execute(sql("SELECT count(*) FROM hand")).scalar() == 3
