"""Event races against the real server (gunicorn, several workers; SQLite, or PostgreSQL with
TEST_DATABASE_URL): the organizer's double tap on "Start round", and time called from two
phones at once. Every round: no 500, one round seated once (one 303, one plain 422), every
open game of the round called."""
from __future__ import annotations

import pytest

from .database import rows
from .server import GUNICORN, gunicorn_on_new_database
from .test_club_races import Phone, _id, at_once, join, statuses

ROUNDS = 8
TEAMS = "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal\nIvy & Jo"

pytestmark = pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with gunicorn_on_new_database(tmp_path_factory.mktemp("events"), "event_races",
                                  "event-race-secret") as served:
        yield served


def new_event(port: int, db_url: str) -> tuple[Phone, str, int, int]:
    """A club (its admin and a second phone), an event the admin started: the admin, the
    event's URL, id and version."""
    admin = Phone(port, "Admin")
    status, headers, body = admin.post("/clubs", {"name": "Race club", "label": "Admin"})
    assert status == 303, body
    club_id = _id(headers)
    join(Phone(port, "Other"), db_url, club_id)
    status, headers, body = admin.post(f"/clubs/{club_id}/events", {
        "name": "Race cup", "day": "2026-11-27", "variant": "texas42",
        "format": "round-robin", "entrants": TEAMS})
    assert status == 303, body
    event_id = _id(headers)
    [(version,)] = rows(db_url, "SELECT version FROM club_event WHERE id = :e", e=event_id)
    return admin, f"/clubs/{club_id}/events/{event_id}", event_id, version


def test_a_double_tap_on_start_round_seats_it_once(server):
    port, db_url = server
    for _ in range(ROUNDS):
        admin, event, event_id, version = new_event(port, db_url)
        results = at_once(port, [lambda conn: admin.post(event + "/rounds",
                                                         {"version": str(version)}, conn)] * 2)
        assert statuses(results) == [303, 422], [r[0] for r in results]
        refused = next(r[2] for r in results if r[0] == 422)
        # raced in the store, or read after the first one's commit: either says why
        assert ("Round 1 was started from another phone a moment ago." in refused
                or "Round 1 is still being played" in refused), refused[-2000:]
        [(matches,)] = rows(db_url, "SELECT count(*) FROM event_match WHERE event_id = :e",
                            e=event_id)
        assert matches == 3  # two tables and a bye
        [(games,)] = rows(db_url, "SELECT count(*) FROM game g JOIN event_match m"
                                  " ON g.event_match_id = m.id WHERE m.event_id = :e", e=event_id)
        assert games == 2


def test_time_called_from_two_phones_at_once(server):
    port, db_url = server
    for _ in range(ROUNDS):
        admin, event, event_id, version = new_event(port, db_url)
        assert admin.post(event + "/rounds", {"version": str(version)})[0] == 303
        results = at_once(port, [lambda conn: admin.post(event + "/rounds/1/call", {}, conn)] * 2)
        assert statuses(results) == [303, 303], [r[0] for r in results]
        # each game finishes the hand in play (none is in yet), called once from either phone
        called = rows(db_url, "SELECT g.called, g.called_after, (SELECT count(*) FROM"
                              " audit_event a WHERE a.game_id = g.id AND a.action = 'time called')"
                              " FROM game g JOIN event_match m ON g.event_match_id = m.id"
                              " WHERE m.event_id = :e", e=event_id)
        assert [(bool(c), after, audits) for c, after, audits in called] == [(False, 1, 1)] * 2
