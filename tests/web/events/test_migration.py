"""The events migration keeps every club and game: a database at the revision before it, with
games, is upgraded (every game intact, in no event), holds an event, and is downgraded again
with its games kept."""
from __future__ import annotations

from datetime import date

from sqlalchemy import text as sql

from scorekeeper import rules

from ..clubs.test_migration import LECHNER, MOON, upgraded_games
from ..helpers import empty_app

BEFORE_EVENTS = "d41c7e9b2a50"


def test_upgrade_keeps_every_game_and_holds_events(tmp_path, monkeypatch):
    from flask_migrate import downgrade

    from scorekeeper.extensions import db
    from scorekeeper.models import Club, ClubEvent, EventEntrant, EventMatch, Person

    with empty_app(tmp_path, monkeypatch).app_context():
        games = upgraded_games(BEFORE_EVENTS)
        assert [g.event_match_id for g in games] == [None, None]
        assert rules.score(games[0].record())["totals"] == rules.score(MOON)["totals"]

        club = Club(name="Thursday", code="RSTUVWX")
        club.people = [Person(name="Ann"), Person(name="Bob")]
        db.session.add(club)
        db.session.flush()
        event = ClubEvent(club_id=club.id, name="Cup", day=date(2026, 11, 27), variant="texas42",
                          options={}, format="progressive", settings={})
        event.entrants = [EventEntrant(seed=i, person_id=p.id) for i, p in enumerate(club.people)]
        event.matches = [EventMatch(round=1, bye=0, entrants=[])]
        db.session.add(event)
        db.session.commit()
        games[1].event_match_id = event.matches[0].id
        db.session.commit()
        assert db.session.get(ClubEvent, event.id).entrants[1].players == ["Bob"]
        db.session.remove()

        downgrade(revision=BEFORE_EVENTS)
        with db.engine.connect() as conn:
            assert conn.execute(sql("SELECT count(*) FROM game")).scalar() == 2
            assert conn.execute(sql("SELECT count(*) FROM club")).scalar() == 1
            names = {r[0] for r in conn.execute(sql("SELECT name FROM sqlite_master"))}
            hands = conn.execute(sql("SELECT count(*) FROM hand")).scalar()
        assert "club_event" not in names and "event_match" not in names
        assert hands == len(MOON["hands"]) + len(LECHNER["hands"])
