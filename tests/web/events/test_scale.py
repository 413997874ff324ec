"""An event's pages send the same number of SQL statements however many games it holds
(counted, never timed: bench/bench_events.py and bench_wrk.py time them), at most six with
nothing kept (the first request after a change), at most one for a poll of an unchanged event
(a 304), none while the kept head and render serve it."""
from __future__ import annotations

from ..clubs.helpers import create_club
from ..test_live_scale import MAX_STATEMENTS, statements
from .helpers import drop_caches, import_event, played_event, players_record, teams_record

HX = {"HX-Request": "true"}
VIEWS = {"page": ("", {}), "tv": ("/tv", {}), "standings.csv": ("/standings.csv", {}),
         "schedule.csv": ("/schedule.csv", {}), "export.json": ("/export.json", {}),
         "history": ("/history", {}), "live": ("/live", HX), "tv poll": ("/tv", HX)}
POLLS = ("live", "tv poll")
READ_EVERY_TIME = ("export.json", "history")  # (a download of the whole record, the audit)


def _counts(app, client, club_id: int, event_id: int) -> dict[str, int]:
    """The statements of each view: with nothing kept ("fresh"), then served again ("kept");
    each poll's 304 with nothing kept, then kept."""
    from scorekeeper.extensions import db

    base = f"/clubs/{club_id}/events/{event_id}"
    counts = {}

    def count(label, path, headers, status):
        db.session.remove()  # each request starts with an empty session, as in a server
        with statements() as seen:
            response = client.get(base + path, headers=headers)
        assert response.status_code == status, (label, response.status_code)
        counts[label] = len(seen)
        return response

    for name, (path, headers) in VIEWS.items():
        drop_caches(app)
        count(f"{name} fresh", path, headers, 200)
        response = count(f"{name} kept", path, headers, 200)
        if name in POLLS:
            unchanged = {**headers, "If-None-Match": response.headers["ETag"]}
            drop_caches(app)
            count(f"{name} 304 fresh", path, unchanged, 304)
            count(f"{name} 304 kept", path, unchanged, 304)
    return counts


def _check(app, client, small_record: dict, big_record: dict) -> dict[str, int]:
    club_id = create_club(client)
    small = _counts(app, client, club_id, import_event(client, club_id, small_record))
    big = _counts(app, client, club_id, import_event(client, club_id, big_record))
    print("statements per event request:", big)
    assert small == big  # none grows with the games
    assert max(big.values()) <= MAX_STATEMENTS, big
    # the event's head, in one statement; none while it is kept (on a database server, and
    # in memory, the head is read every time: kept_reads)
    head = 0 if "scorekeeper_kept_reads" in app.extensions else 1
    for poll in POLLS:
        assert big[f"{poll} 304 fresh"] <= 1 and big[f"{poll} 304 kept"] == head, big
    for name in VIEWS:
        if name not in READ_EVERY_TIME:
            assert big[f"{name} kept"] == head, big
    return big


def test_statements_do_not_grow_with_the_games(app, client):
    _check(app, client, played_event(teams_record(4)), played_event(teams_record(10)))


def test_a_pools_night_of_32_teams_as_of_8(app, client):
    _check(app, client, played_event(teams_record(8, "pools", best_of=3)),
           played_event(teams_record(32, "pools", best_of=3)))


def test_a_progressive_event_too(app, client):
    _check(app, client, played_event(players_record(8, rounds=3)),
           played_event(players_record(12, rounds=6)))
