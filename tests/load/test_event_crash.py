"""A crash in the middle of event writes loses no acknowledged one and half-writes none:
`make run`'s server (waitress, as test_crash's) takes the organizer's actions on several
events at once (rounds started, time called, forfeits, progressive swaps, table phones moved)
and the table phones' hands, is killed with SIGKILL while they write, and then:

- every action it answered (303) is in the database: the round's matches and games, each
  open game of the round called, the match forfeited with its game gone, the seat swapped in
  the match and in its game, the phone at its new table; every hand it answered is in;
- nothing is half-written, answered or not: an event's version moved once for each row of its
  history (the bump and the audit row go together), a seated round has a game with its four
  players at each table not forfeited, a forfeited match has no game, a called game has its
  "time called" row, a swapped match's game seats the match's players;
- it starts again on the same database and serves the events.
SQLite; PostgreSQL with TEST_DATABASE_URL (make_database).
"""
from __future__ import annotations

import http.client
import json
import threading

from .database import make_database, rows
from .server import free_port, kill_during_writes, stop_server
from .test_club_races import Phone, _id
from .test_crash import _start

SIXTEEN_TEAMS = "\n".join(f"A{i} & B{i}" for i in range(16))
SEVENTEEN_PLAYERS = "\n".join(f"P{i}" for i in range(17))
HAND = {"mode": "quick", "bidder": "1", "bid": "30", "points": "35"}
ACTIONS = 30  # answered event actions before the kill (the writers go on meanwhile)


def _entrants(raw) -> list[int]:
    return raw if isinstance(raw, list) else json.loads(raw)


class Night:
    """An admin's club and its events, made over HTTP before the writers start."""

    def __init__(self, port: int, db_url: str):
        self.port, self.db_url = port, db_url
        self.admin = Phone(port, "Admin")
        status, headers, body = self.admin.post("/clubs", {"name": "Crash club",
                                                           "label": "Admin"})
        assert status == 303, body
        self.club = _id(headers)

    def event(self, entrants: str, fmt: str = "round-robin", start: bool = True) -> int:
        status, headers, body = self.admin.post(f"/clubs/{self.club}/events", {
            "name": "Crash cup", "day": "2026-11-27", "variant": "texas42", "format": fmt,
            "entrants": entrants})
        assert status == 303, body
        event_id = _id(headers)
        if start:
            assert self.start(event_id) == 303
        return event_id

    def path(self, event_id: int, rest: str = "") -> str:
        return f"/clubs/{self.club}/events/{event_id}{rest}"

    def start(self, event_id: int) -> int:
        [(version,)] = rows(self.db_url, "SELECT version FROM club_event WHERE id = :e",
                            e=event_id)
        return self.admin.post(self.path(event_id, "/rounds"), {"version": str(version)})[0]

    def tables(self, event_id: int) -> list[tuple[int, int]]:
        """Round 1's (match id, game id), by table."""
        return [tuple(r) for r in rows(
            self.db_url, "SELECT m.id, g.id FROM event_match m JOIN game g ON"
                         " g.event_match_id = m.id WHERE m.event_id = :e AND m.round = 1"
                         " ORDER BY m.\"table\"", e=event_id)]


def test_sigkill_during_event_writes_loses_no_acknowledged_action(tmp_path):
    db_url = make_database(tmp_path, "event_crash")
    port = free_port()
    log = open(tmp_path / "server.log", "w")
    proc = _start(port, db_url, log)
    try:
        night = Night(port, db_url)
        forfeited_events = [night.event(SIXTEEN_TEAMS) for _ in range(2)]
        called_events = [night.event(SIXTEEN_TEAMS) for _ in range(4)]
        swapped_events = [night.event(SEVENTEEN_PLAYERS, "progressive") for _ in range(3)]
        moved_event = night.event(SIXTEEN_TEAMS)
        table_phones = []  # (phone, game id): a table phone of moved_event, by table
        for _match, game_id in night.tables(moved_event):
            [(secret,)] = rows(db_url, "SELECT scorer_secret FROM game WHERE id = :g", g=game_id)
            table_phone = Phone(port, "Table")
            assert table_phone.get(f"/s/{secret}")[0] == 303
            table_phones.append((table_phone, game_id))
        phone_ids = [p for (p,) in rows(db_url, "SELECT phone_id FROM event_table_phone WHERE"
                                                " event_id = :e ORDER BY \"table\"",
                                        e=moved_event)]
        acked: dict[str, list] = {"rounds": [], "calls": [], "forfeits": [], "swaps": [],
                                  "moves": [], "hands": []}
        refused: list = []  # answers other than the expected while the server was up
        stop = threading.Event()

        def answered(kind: str, what, call, ok=(303,)) -> bool:
            """Send one write; keep `what` when it was answered `ok`; False once the server
            is gone (that write was never acknowledged)."""
            if stop.is_set():
                return False
            try:
                status = call()
            except (OSError, http.client.HTTPException):
                return False
            if status in ok:
                acked[kind].append(what)
            else:
                refused.append((kind, what, status))
            return True

        def rounds():
            while not stop.is_set():
                try:
                    event_id = night.event(SIXTEEN_TEAMS, start=False)
                except (OSError, http.client.HTTPException):
                    return
                if not answered("rounds", event_id, lambda: night.start(event_id)):
                    return

        def calls():
            for event_id in called_events:
                if not answered("calls", event_id, lambda: night.admin.post(
                        night.path(event_id, "/rounds/1/call"))[0]):
                    return

        def forfeits():
            for event_id in forfeited_events:
                for match_id, game_id in night.tables(event_id):
                    if not answered("forfeits", (match_id, game_id), lambda: night.admin.post(
                            night.path(event_id, f"/matches/{match_id}/forfeit"),
                            {"side": "1"})[0]):
                        return

        def swaps():
            for event_id in swapped_events:
                [(sitting,)] = rows(db_url, "SELECT bye FROM event_match WHERE event_id = :e"
                                            " AND round = 1 AND bye IS NOT NULL", e=event_id)
                for match_id, _game in night.tables(event_id):
                    [(raw,)] = rows(db_url, "SELECT entrants FROM event_match WHERE id = :m",
                                    m=match_id)
                    leaving = _entrants(raw)[1]
                    if not answered("swaps", (match_id, leaving, sitting), lambda: night.admin.post(
                            night.path(event_id, f"/matches/{match_id}/swap"),
                            {"out": str(leaving), "in": str(sitting)})[0]):
                        return
                    sitting = leaving

        def moves():
            for i in range(1000):  # each phone one table on at each turn
                phone_id, table = phone_ids[i % len(phone_ids)], 1 + (i // len(phone_ids)
                                                                      + i + 1) % len(phone_ids)
                if not answered("moves", (phone_id, table), lambda: night.admin.post(
                        night.path(moved_event, f"/phones/{phone_id}"),
                        {"table": str(table)})[0]):
                    return

        def hands(table_phone: Phone, game_id: int):
            """The table's hands until its game is over (a refusal then ends it)."""
            [(version,)] = rows(db_url, "SELECT version FROM game WHERE id = :g", g=game_id)
            while not stop.is_set():
                try:
                    status = table_phone.post(f"/games/{game_id}/hands",
                                              {"version": str(version), **HAND})[0]
                except (OSError, http.client.HTTPException):
                    return
                if status != 303:
                    [(over,)] = rows(db_url, "SELECT finished FROM game WHERE id = :g",
                                     g=game_id)
                    if not over:
                        refused.append(("hands", game_id, status))
                    return
                acked["hands"].append(game_id)
                version += 1

        writers = [rounds, calls, forfeits, swaps, moves] + [
            (lambda p=p, g=g: hands(p, g)) for p, g in table_phones]
        kill_during_writes(proc, writers, stop, lambda: sum(
            len(v) for k, v in acked.items() if k != "hands") >= ACTIONS and all(
            acked[k] for k in ("rounds", "moves", "hands")),  # each kind in, on a busy box too
            seconds=30)
        assert not refused, refused
        assert acked["rounds"] and acked["moves"] and acked["hands"], {
            k: len(v) for k, v in acked.items()}

        # every answered action is in
        for event_id in acked["rounds"]:
            assert len(night.tables(event_id)) == 8
        for event_id in acked["calls"]:
            assert rows(db_url, "SELECT count(*) FROM game g JOIN event_match m ON"
                                " g.event_match_id = m.id WHERE m.event_id = :e AND"
                                " g.called_after IS NULL", e=event_id) == [(0,)]
        for match_id, game_id in acked["forfeits"]:
            assert rows(db_url, "SELECT forfeit FROM event_match WHERE id = :m",
                        m=match_id) == [(1,)]
            assert rows(db_url, "SELECT count(*) FROM game WHERE id = :g", g=game_id) == [(0,)]
        for match_id, leaving, joining in acked["swaps"]:
            [(raw,)] = rows(db_url, "SELECT entrants FROM event_match WHERE id = :m", m=match_id)
            assert joining in _entrants(raw) and leaving not in _entrants(raw)
        if acked["moves"]:
            last = {phone: table for phone, table in acked["moves"]}
            at = dict(rows(db_url, "SELECT phone_id, \"table\" FROM event_table_phone WHERE"
                                   " event_id = :e", e=moved_event))
            for phone, table in last.items():  # the last answered, or the one in flight
                assert at[phone] in (table, 1 + (table % len(phone_ids))), (phone, at, last)
        for game_id in set(acked["hands"]):
            [(saved,)] = rows(db_url, "SELECT count(*) FROM hand WHERE game_id = :g", g=game_id)
            assert saved in (acked["hands"].count(game_id), acked["hands"].count(game_id) + 1)

        # and nothing is half-written
        for event_id, version, history in rows(
                db_url, "SELECT e.id, e.version, (SELECT count(*) FROM event_audit a WHERE"
                        " a.event_id = e.id AND a.action != 'created') FROM club_event e"):
            assert version == 1 + history, (event_id, version, history)
        for match_id, forfeit, games, players in rows(
                db_url, "SELECT m.id, m.forfeit, (SELECT count(*) FROM game g WHERE"
                        " g.event_match_id = m.id), (SELECT count(*) FROM player p JOIN game h"
                        " ON p.game_id = h.id WHERE h.event_match_id = m.id) FROM event_match m"
                        " WHERE m.bye IS NULL"):
            assert (games, players) == ((0, 0) if forfeit is not None else (1, 4)), match_id
        assert rows(db_url, "SELECT count(*) FROM game g WHERE g.called_after IS NOT NULL AND"
                            " NOT EXISTS (SELECT 1 FROM audit_event a WHERE a.game_id = g.id"
                            " AND a.action = 'time called')") == [(0,)]
        for match_id, raw in rows(db_url, "SELECT m.id, m.entrants FROM event_match m JOIN"
                                          " club_event e ON e.id = m.event_id WHERE"
                                          " e.format = 'progressive' AND m.bye IS NULL"):
            seated = [name for (name,) in rows(
                db_url, "SELECT p.name FROM player p JOIN game g ON p.game_id = g.id WHERE"
                        " g.event_match_id = :m ORDER BY p.seat", m=match_id)]
            assert seated == [f"P{seed}" for seed in _entrants(raw)], (match_id, seated)

        proc = _start(port, db_url, log)  # and it comes back on the same database
        assert night.admin.get(night.path(forfeited_events[0]))[0] == 200
        assert night.admin.get(night.path(moved_event, "/phones"))[0] == 200
    finally:
        stop_server(proc)
        log.close()
