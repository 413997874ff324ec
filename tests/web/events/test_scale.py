"""An event's pages send the same number of SQL statements however many games it holds
(counted, never timed: bench/bench_events.py times them), rendered afresh or from the render
cache, and a poll of an unchanged event is a 304."""
from __future__ import annotations

from ..clubs.helpers import create_club
from ..test_live_scale import statements
from .helpers import import_event, played_event, players_record, teams_record

PAGES = ("", "/tv", "/standings.csv", "/schedule.csv", "/export.json")


def _counts(client, club_id: int, event_id: int) -> dict[str, int]:
    from scorekeeper.extensions import db

    base = f"/clubs/{club_id}/events/{event_id}"
    hx = {"HX-Request": "true"}
    counts = {}
    for path in PAGES + ("/live",):
        for when in ("fresh", "cached"):
            db.session.remove()  # each request starts with an empty session, as in a server
            with statements() as seen:
                response = client.get(base + path, headers=hx if path == "/live" else {})
            assert response.status_code == 200, (path, response.status_code)
            counts[f"{path or 'page'} {when}"] = len(seen)
    etag = response.headers["ETag"]
    db.session.remove()
    with statements() as seen:
        assert client.get(base + "/live", headers={**hx, "If-None-Match": etag}).status_code == 304
    counts["live 304"] = len(seen)
    return counts


def test_statements_do_not_grow_with_the_games(client):
    club_id = create_club(client)
    small = _counts(client, club_id, import_event(client, club_id, played_event(teams_record(4))))
    big = _counts(client, club_id, import_event(client, club_id, played_event(teams_record(10))))
    assert small == big
    assert big["live 304"] <= 3, big  # the phone's membership and the event's stamp
    assert big["page cached"] <= 3 and big["/standings.csv cached"] <= 3, big
    assert big["page fresh"] <= 10, big


def test_a_progressive_event_too(client):
    club_id = create_club(client)
    small = _counts(client, club_id, import_event(client, club_id,
                                                  played_event(players_record(8, rounds=3))))
    big = _counts(client, club_id, import_event(client, club_id,
                                                played_event(players_record(12, rounds=6))))
    assert small == big
