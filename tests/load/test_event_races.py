"""Event races against the real server (gunicorn, several workers; SQLite, or PostgreSQL with
TEST_DATABASE_URL): the organizer's double tap on "Start round", time called from two phones at
once, and every event action that can meet a table's first hand or another action: a forfeit
against the hand, against time called and against a second forfeit, a swap against the hand
and against time called, the same late entrant sent twice, a match's next game tapped twice
by the organizer and once from its table. Every race: no 500; a hand the
server acknowledged is in the database with the seats it was saved under; the loser is told
plainly (409 or 422)."""
from __future__ import annotations

import json
import re
import time

import pytest

from scorekeeper import tournament

from .database import rows
from .server import GUNICORN, gunicorn_on_new_database, request
from .test_club_races import Phone, _id, at_once, join, statuses

ROUNDS = 8
TEAMS = "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal\nIvy & Jo"
# A round 1 of eight tables: eight races of an action against a hand on one event.
SIXTEEN_TEAMS = "\n".join(f"A{i} & B{i}" for i in range(16))
# Progressive: four tables and one player sitting out, each round.
SEVENTEEN_PLAYERS = "\n".join(f"P{i}" for i in range(17))
LATE = (0.0, 0.01, 0.02, 0.04)  # how late a table's hand leaves, race by race (Table.save)
HAND = {"mode": "quick", "bidder": "1", "bid": "30", "points": "35"}

pytestmark = pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with gunicorn_on_new_database(tmp_path_factory.mktemp("events"), "event_races",
                                  "event-race-secret") as served:
        yield served


def new_event(port: int, db_url: str, entrants: str = TEAMS, fmt: str = "round-robin"
              ) -> tuple[Phone, str, int, int]:
    """A club (its admin and a second phone), an event the admin started: the admin, the
    event's URL, id and version."""
    admin = Phone(port, "Admin")
    status, headers, body = admin.post("/clubs", {"name": "Race club", "label": "Admin"})
    assert status == 303, body
    club_id = _id(headers)
    join(Phone(port, "Other"), db_url, club_id)
    status, headers, body = admin.post(f"/clubs/{club_id}/events", {
        "name": "Race cup", "day": "2026-11-27", "variant": "texas42",
        "format": fmt, "entrants": entrants})
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


def started(port: int, db_url: str, entrants: str, fmt: str = "round-robin"):
    """new_event with its round 1 seated: the admin, the event's URL and id, and round 1's
    tables (match id, its game's id), by table."""
    admin, event, event_id, version = new_event(port, db_url, entrants, fmt)
    assert admin.post(event + "/rounds", {"version": str(version)})[0] == 303
    tables = rows(db_url, "SELECT m.id, g.id FROM event_match m JOIN game g"
                          " ON g.event_match_id = m.id WHERE m.event_id = :e ORDER BY m.\"table\"",
                  e=event_id)
    return admin, event, event_id, tables


class Table:
    """A table's phone: it scanned the game's scorer link, and holds the game page's form."""

    def __init__(self, port: int, db_url: str, game_id: int):
        [(secret,)] = rows(db_url, "SELECT scorer_secret FROM game WHERE id = :g", g=game_id)
        self.phone = Phone(port, "Table")
        assert self.phone.get(f"/s/{secret}")[0] == 303
        html = self.phone.get(f"/games/{game_id}")[2]
        self.fields = {name: re.search(rf'name="{name}" value="([^"]*)"', html).group(1)
                       for name in ("csrf_token", "version")}
        self.path = f"/games/{game_id}/hands"

    def save(self, conn, after: float = 0.0):
        """Enter the first hand (the form's version: the one its page showed), `after` seconds
        late: the organizer's action reads the whole event before it writes, so a hand sent a
        little later meets it at each of its steps."""
        time.sleep(after)
        return request(self.phone.port, "POST", self.path, {**self.fields, **HAND},
                       self.phone.jar, conn)


def hands_and_seats(db_url: str, game_id: int) -> tuple[int, list[str]]:
    hands = rows(db_url, "SELECT count(*) FROM hand WHERE game_id = :g", g=game_id)[0][0]
    seats = [n for (n,) in rows(db_url, "SELECT name FROM player WHERE game_id = :g"
                                        " ORDER BY seat", g=game_id)]
    return hands, seats


def seated(db_url: str, event_id: int, match_id: int) -> tuple[list[int], int]:
    """A progressive match's players (seeds, in seat order) and round 1's player sitting out."""
    [(entrants,)] = rows(db_url, "SELECT entrants FROM event_match WHERE id = :m", m=match_id)
    [(sitting,)] = rows(db_url, "SELECT bye FROM event_match WHERE event_id = :e"
                                " AND round = 1 AND bye IS NOT NULL", e=event_id)
    return (entrants if isinstance(entrants, list) else json.loads(entrants)), sitting


def valid_record(admin: Phone, event: str) -> None:
    """The event's export is a valid event record (the standings read it)."""
    status, _, body = admin.get(event + "/export.json")
    assert status == 200
    assert tournament.standings(json.loads(body))["ok"]


def test_a_forfeit_racing_the_first_hand_never_deletes_a_saved_hand(server):
    """events.md: a forfeit has no games, so it deletes the match's game; a hand the server
    acknowledged is never deleted. Either the hand is in (the forfeit is refused: 422) or the
    forfeit is (the hand is refused, its game gone: 409, or 404 once it is gone)."""
    port, db_url = server
    outcomes = []
    while len(outcomes) < ROUNDS:
        admin, event, event_id, tables = started(port, db_url, SIXTEEN_TEAMS)
        for match_id, game_id in tables:
            table = Table(port, db_url, game_id)
            forfeit, hand = at_once(port, [
                lambda conn: admin.post(f"{event}/matches/{match_id}/forfeit", {"side": "1"},
                                        conn),
                lambda conn: table.save(conn, LATE[len(outcomes) % len(LATE)])])
            [(forfeited,)] = rows(db_url, "SELECT forfeit FROM event_match WHERE id = :m",
                                  m=match_id)
            saved = rows(db_url, "SELECT count(*) FROM hand WHERE game_id = :g", g=game_id)[0][0]
            if hand[0] == 303:  # acknowledged: in the database, and the forfeit refused
                assert saved == 1 and forfeited is None
                assert forfeit[0] == 422 and "a hand is in already" in forfeit[2], forfeit[:2]
            else:
                # 409 when its request saw the game, 404 when it came after: nothing saved
                assert hand[0] in (404, 409) and "nothing was saved" in hand[2], hand[:2]
                assert forfeit[0] == 303 and forfeited == 1
                assert rows(db_url, "SELECT count(*) FROM game WHERE id = :g", g=game_id) == [(0,)]
            outcomes.append(hand[0])
        valid_record(admin, event)


def test_a_swap_racing_the_first_hand_never_changes_the_seats_under_it(server):
    """A progressive swap gives a seat to the player sitting out, before the first hand only:
    either the hand is in under the seats its page showed (the swap refused: 422) or the swap
    is (the hand refused: 409, as for any change from another phone)."""
    port, db_url = server
    races = 0
    while races < ROUNDS:
        admin, event, event_id, tables = started(port, db_url, SEVENTEEN_PLAYERS, "progressive")
        for match_id, game_id in tables:
            table = Table(port, db_url, game_id)
            entrants, sitting = seated(db_url, event_id, match_id)
            before = hands_and_seats(db_url, game_id)[1]
            swap, hand = at_once(port, [
                lambda conn: admin.post(f"{event}/matches/{match_id}/swap",
                                        {"out": str(entrants[1]), "in": str(sitting)}, conn),
                lambda conn: table.save(conn, LATE[races % len(LATE)])])
            hands, seats = hands_and_seats(db_url, game_id)
            if hand[0] == 303:
                assert hands == 1 and seats == before  # the seats the hand was saved under
                assert swap[0] == 422 and "a hand is in already" in swap[2], swap[:2]
            else:
                assert hand[0] == 409, hand[:2]
                assert swap[0] == 303 and hands == 0 and seats != before
            races += 1
        valid_record(admin, event)


def test_two_forfeits_of_one_match_at_once_record_one(server):
    """Both sides said not to have played, from two phones at once: the first is recorded, the
    second told what happened."""
    port, db_url = server
    admin, event, event_id, tables = started(port, db_url, SIXTEEN_TEAMS)
    for match_id, game_id in tables:
        results = at_once(port, [
            lambda conn, side=side: admin.post(f"{event}/matches/{match_id}/forfeit",
                                               {"side": side}, conn) for side in "01"])
        assert statuses(results) == [303, 422], [r[0] for r in results]
        refused = next(r[2] for r in results if r[0] == 422)
        # raced in the store, or read after the first one's commit: either says why
        assert ("a forfeit was recorded" in refused or "was forfeited already" in refused), \
            refused[-1500:]
        assert len(rows(db_url, "SELECT forfeit FROM event_match WHERE id = :m"
                                " AND forfeit IS NOT NULL", m=match_id)) == 1
    valid_record(admin, event)


def test_a_swap_racing_time_called_and_the_first_hand(server):
    """Three phones at once on a progressive table: the organizer swaps a player, calls time,
    and the table saves its first hand. No 500, and a saved hand keeps its seats."""
    port, db_url = server
    admin, event, event_id, tables = started(port, db_url, SEVENTEEN_PLAYERS, "progressive")
    for match_id, game_id in tables:
        table = Table(port, db_url, game_id)
        entrants, sitting = seated(db_url, event_id, match_id)
        before = hands_and_seats(db_url, game_id)[1]
        swap, call, hand = at_once(port, [
            lambda conn: admin.post(f"{event}/matches/{match_id}/swap",
                                    {"out": str(entrants[0]), "in": str(sitting)}, conn),
            lambda conn: admin.post(f"{event}/rounds/1/call", {}, conn),
            table.save])
        assert all(r[0] in (303, 409, 422) for r in (swap, call, hand)), \
            [r[0] for r in (swap, call, hand)]
        hands, seats = hands_and_seats(db_url, game_id)
        if hand[0] == 303:
            assert hands == 1 and seats == before and swap[0] == 422
        else:
            assert hands == 0
    valid_record(admin, event)


def test_a_forfeit_racing_time_called_and_the_first_hand(server):
    """Three phones at once on a table: the organizer records a forfeit and calls time, and
    the table saves its first hand. No 500, an acknowledged hand is in, and a forfeited match
    has no game left."""
    port, db_url = server
    admin, event, event_id, tables = started(port, db_url, SIXTEEN_TEAMS)
    for i, (match_id, game_id) in enumerate(tables):
        table = Table(port, db_url, game_id)
        forfeit, call, hand = at_once(port, [
            lambda conn: admin.post(f"{event}/matches/{match_id}/forfeit", {"side": "0"}, conn),
            lambda conn: admin.post(f"{event}/rounds/1/call", {}, conn),
            lambda conn: table.save(conn, LATE[i % len(LATE)])])
        assert forfeit[0] in (303, 422) and call[0] == 303 and hand[0] in (303, 404, 409), \
            [r[0] for r in (forfeit, call, hand)]
        [(forfeited,)] = rows(db_url, "SELECT forfeit FROM event_match WHERE id = :m", m=match_id)
        games = rows(db_url, "SELECT count(*) FROM game WHERE id = :g", g=game_id)[0][0]
        if hand[0] == 303:
            assert forfeit[0] == 422 and forfeited is None
            assert rows(db_url, "SELECT count(*) FROM hand WHERE game_id = :g", g=game_id) == [(1,)]
        assert (forfeit[0] == 303) == (forfeited == 0) == (games == 0)
    valid_record(admin, event)


def test_the_same_late_entrant_sent_twice_at_once_joins_once(server):
    port, db_url = server
    admin, event, event_id, _version = new_event(port, db_url)
    for i in range(ROUNDS):
        results = at_once(port, [lambda conn: admin.post(event + "/entrants",
                                                         {"entrant": f"Kim{i} & Lou{i}"},
                                                         conn)] * 2)
        assert statuses(results) == [303, 422], [r[0] for r in results]
        refused = next(r[2] for r in results if r[0] == 422)
        # raced in the store, or read after the first one's commit: either says why
        assert ("a late entrant joined" in refused or "is in entrant" in refused), \
            refused[-1500:]
        assert rows(db_url, "SELECT count(*) FROM event_entrant WHERE event_id = :e",
                    e=event_id) == [(6 + i,)]
    valid_record(admin, event)


def test_a_table_phone_moved_while_it_saves_a_hand(server):
    """The organizer moves a table's phone to another table while it saves its first hand:
    both are answered 303 (the move writes the event's rows, the hand its game's), the hand is
    in, and the phone follows its new table."""
    port, db_url = server
    admin, event, event_id, tables = started(port, db_url, SIXTEEN_TEAMS)
    for i, (match_id, game_id) in enumerate(tables):
        table = Table(port, db_url, game_id)
        [(phone_id, at)] = rows(db_url, "SELECT phone_id, \"table\" FROM event_table_phone"
                                        " WHERE event_id = :e ORDER BY updated_at DESC,"
                                        " phone_id DESC LIMIT 1", e=event_id)
        to = 1 + at % len(tables)
        move, hand = at_once(port, [
            lambda conn: admin.post(f"{event}/phones/{phone_id}", {"table": str(to)}, conn),
            lambda conn: table.save(conn, LATE[i % len(LATE)])])
        assert (move[0], hand[0]) == (303, 303), (move[:2], hand[:2])
        assert rows(db_url, "SELECT count(*) FROM hand WHERE game_id = :g", g=game_id) == [(1,)]
        assert rows(db_url, "SELECT \"table\" FROM event_table_phone WHERE event_id = :e AND"
                            " phone_id = :p", e=event_id, p=phone_id) == [(to,)]
    valid_record(admin, event)


def test_a_matchs_next_game_tapped_twice_and_from_the_table_at_once_is_made_once(server):
    """A best-of-3 match's first game is over: the organizer's "Next game" double tap and the
    table's rematch on the game page leave together. One next game is made, in the match,
    with the same seats; the old game points to it; its history and the event's say so once."""
    port, db_url = server
    admin = Phone(port, "Admin")
    status, headers, body = admin.post("/clubs", {"name": "Race club", "label": "Admin"})
    assert status == 303, body
    club_id = _id(headers)
    for _ in range(ROUNDS // 2):
        status, headers, body = admin.post(f"/clubs/{club_id}/events", {
            "name": "Race cup", "day": "2026-11-27", "variant": "texas42",
            "format": "round-robin", "entrants": TEAMS, "best_of": "3"})
        assert status == 303, body
        event_id = _id(headers)
        event = f"/clubs/{club_id}/events/{event_id}"
        [(version,)] = rows(db_url, "SELECT version FROM club_event WHERE id = :e", e=event_id)
        assert admin.post(event + "/rounds", {"version": str(version)})[0] == 303
        [(match_id, game_id), _] = rows(
            db_url, "SELECT m.id, g.id FROM event_match m JOIN game g ON g.event_match_id ="
                    " m.id WHERE m.event_id = :e ORDER BY m.\"table\"", e=event_id)
        table = Table(port, db_url, game_id)
        table.phone.token = table.fields["csrf_token"]
        for _hand in range(7):  # side 1 makes its bid seven times: the game is over
            [(v,)] = rows(db_url, "SELECT version FROM game WHERE id = :g", g=game_id)
            assert table.phone.post(table.path, {**HAND, "version": str(v)})[0] == 303
        next_path = event + f"/matches/{match_id}/next"
        results = at_once(port, [
            lambda conn: admin.post(next_path, {}, conn),
            lambda conn: admin.post(next_path, {}, conn),
            lambda conn: table.phone.post(f"/games/{game_id}/rematch", None, conn)])
        # an organizer's tap read after another's commit finds the game being played (422)
        assert [r[0] in (303, 422) for r in results[:2]] == [True, True] and \
            results[2][0] == 303, [r[2][-600:] for r in results]
        assert all("its game is still being played" in r[2] for r in results if r[0] == 422)
        games = rows(db_url, "SELECT id FROM game WHERE event_match_id = :m ORDER BY id",
                     m=match_id)
        assert len(games) == 2, games
        [(next_id,)] = rows(db_url, "SELECT next_game_id FROM game WHERE id = :g", g=game_id)
        assert next_id == games[1][0] and _id(results[2][1]) == next_id
        assert hands_and_seats(db_url, next_id) == (0, hands_and_seats(db_url, game_id)[1])
        assert rows(db_url, "SELECT count(*) FROM audit_event WHERE game_id = :g AND"
                            " action = 'rematch'", g=game_id) == [(1,)]
        [(told,)] = rows(db_url, "SELECT count(*) FROM event_audit WHERE event_id = :e AND"
                                 " action = 'next game'", e=event_id)
        assert told == 1
