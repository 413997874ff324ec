"""Club races against the real server: gunicorn with several workers (and threads) in front of one
database (a SQLite file; PostgreSQL with TEST_DATABASE_URL), phones posting at the same moment.

Each club action that two phones (or one phone's double tap) can race, ROUNDS rounds each:
four members seating the same new name, two renames to one name, the admin and the phone next
in line leaving, the admin's make-admin and remove sent twice, two members taking over one
game's scoring, two phones finishing two games of the same people. Every round: no 500, the
club has exactly one admin while it has phones, no person twice on a roster, and the outcome
the action promises (one person, one 422, one winner of the take-over who is named to the
loser, both games rated as a full replay rates them).
"""
from __future__ import annotations

import csv
import http.client
import io
import re
import threading
import urllib.parse
from http.cookies import SimpleCookie

import pytest

from .database import rows, write
from .server import GUNICORN, gunicorn_on_new_database, request

ROUNDS = 20

pytestmark = pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with gunicorn_on_new_database(tmp_path_factory.mktemp("clubs"), "club_races",
                                  "club-race-secret") as served:
        yield served


class Phone:
    """One browser: its cookie jar (kept as a browser keeps it) and its CSRF token."""

    def __init__(self, port: int, label: str):
        self.port, self.label, self.jar, self.token = port, label, {}, None

    def _keep(self, headers) -> None:
        for header in headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel["max-age"] == "0":
                    self.jar.pop(name, None)
                else:
                    self.jar[name] = morsel.value

    def get(self, path: str):
        result = request(self.port, "GET", path, cookies=self.jar)
        self._keep(result[1])
        return result

    def post(self, path: str, fields: dict | None = None, conn=None):
        if self.token is None:
            html = self.get("/clubs")[2]
            self.token = re.search(r'name="csrf_token" value="([^"]*)"', html).group(1)
        result = request(self.port, "POST", path, {"csrf_token": self.token, **(fields or {})},
                         self.jar, conn)
        self._keep(result[1])
        return result


def at_once(port: int, calls) -> list[tuple]:
    """Run each call(conn) in a thread of its own, connected first: the requests leave
    together."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call, conn):
        barrier.wait()
        try:
            results[i] = call(conn)
        except Exception as exc:  # reported by the caller's assertions
            results[i] = (None, None, repr(exc))

    threads = []
    for i, call in enumerate(calls):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.connect()
        threads.append(threading.Thread(target=run, args=(i, call, conn)))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return results


def statuses(results) -> list:
    return sorted((r[0] for r in results), key=str)


def _id(headers) -> int:
    return int(urllib.parse.urlsplit(headers["Location"]).path.rsplit("/", 1)[1])


def new_club(port, db_url, admin_label: str, *labels: str) -> tuple[int, list[Phone]]:
    """A club started by a phone (its admin), the other phones joining in this order."""
    admin = Phone(port, admin_label)
    status, headers, body = admin.post("/clubs", {"name": "Race club", "label": admin_label})
    assert status == 303, body
    club_id = _id(headers)
    phones = [admin]
    for label in labels:
        phones.append(join(Phone(port, label), db_url, club_id))
    return club_id, phones


def join(phone: Phone, db_url: str, club_id: int) -> Phone:
    [(code,)] = rows(db_url, "SELECT code FROM club WHERE id = :c", c=club_id)
    status, _, body = phone.post("/clubs/join", {"code": code, "label": phone.label})
    assert status == 303, body
    return phone


def member_id(db_url: str, club_id: int, label: str) -> int:
    [(found,)] = rows(db_url, "SELECT id FROM member WHERE club_id = :c AND label = :l",
                      c=club_id, l=label)
    return found


def double_tap(port: int, phone: Phone, path: str) -> list[tuple]:
    """The same form posted twice at the same moment by one phone."""
    return at_once(port, [lambda conn: phone.post(path, None, conn)] * 2)


def check_club(db_url: str, club_id: int) -> list[tuple]:
    """The club's phones (id, is_admin, label), longest-standing first, after asserting it has
    exactly one admin (when it has phones) and no person twice on its roster."""
    members = rows(db_url, "SELECT id, is_admin, label FROM member WHERE club_id = :c"
                           " ORDER BY joined_at, id", c=club_id)
    if members:
        assert sum(bool(m[1]) for m in members) == 1, members
    twice = rows(db_url, "SELECT lower(name), count(*) FROM person WHERE club_id = :c"
                         " GROUP BY lower(name) HAVING count(*) > 1", c=club_id)
    assert twice == []
    return members


def moon_fields(names: list[str]) -> dict:
    """The club's new-game form for a Moon game with these new names."""
    from scorekeeper.rules import VARIANTS

    fields = {"variant": "moon", "first_dealer": "0"}
    fields.update({f"name-{i}": name for i, name in enumerate(names)})
    for o in VARIANTS["moon"].options:
        if o.kind == "bool":
            if o.default:
                fields[f"opt-{o.name}"] = "1"
        elif o.kind == "multi":
            fields[f"opt-{o.name}"] = list(o.default)
        elif o.default is not None:
            fields[f"opt-{o.name}"] = str(o.default)
    return fields


def test_members_seating_the_same_new_name_at_once_make_one_person(server):
    port, db_url = server
    club_id, phones = new_club(port, db_url, "A", "B", "C", "D")
    for n in range(ROUNDS):
        # one name, spelt as four phones type it: equal by name_key, so one person
        spellings = [f"Newcomer {n}", f"newcomer {n}", f"NEWCOMER {n}", f" Newcomer  {n}"]
        results = at_once(port, [
            lambda conn, p=p, name=name: p.post(f"/clubs/{club_id}/games/new",
                                                moon_fields([name, "Ann", "Bob"]), conn)
            for p, name in zip(phones, spellings)])
        assert statuses(results) == [303] * 4, [r[2][:300] for r in results]
        check_club(db_url, club_id)
        people = rows(db_url, "SELECT id FROM person WHERE club_id = :c AND lower(name) = :n",
                      c=club_id, n=f"newcomer {n}")
        assert len(people) == 1
        seated = rows(db_url, "SELECT count(*) FROM player WHERE person_id = :p",
                      p=people[0][0])
        assert seated == [(4,)]


def test_two_renames_to_one_name_at_once_one_is_refused(server):
    port, db_url = server
    club_id, (a, b) = new_club(port, db_url, "A", "B")
    for n in range(ROUNDS):
        ids = []
        for phone, name in ((a, f"First {n}"), (b, f"Second {n}")):
            status, _, body = phone.post(f"/clubs/{club_id}/roster", {"name": name})
            assert status == 303, body
            [(pid,)] = rows(db_url, "SELECT id FROM person WHERE club_id = :c AND name = :n",
                            c=club_id, n=name)
            ids.append(pid)
        target = f"Same {n}"
        results = at_once(port, [
            lambda conn, p=p, pid=pid: p.post(f"/clubs/{club_id}/roster/{pid}/rename",
                                              {"name": target}, conn)
            for p, pid in zip((a, b), ids)])
        assert statuses(results) == [303, 422], [r[2][:300] for r in results]
        loser = next(r for r in results if r[0] == 422)
        assert f"{target} is someone else on the roster" in loser[2]
        check_club(db_url, club_id)
        assert len(rows(db_url, "SELECT id FROM person WHERE club_id = :c AND name = :n",
                        c=club_id, n=target)) == 1


def test_the_admin_and_the_next_phone_leaving_at_once_leave_one_admin(server):
    port, db_url = server
    for n in range(ROUNDS):
        club_id, (a, b, c, d) = new_club(port, db_url, "A", "B", "C", "D")
        results = at_once(port, [lambda conn, p=p: p.post(f"/clubs/{club_id}/leave", None, conn)
                           for p in (a, b)])
        assert statuses(results) == [303, 303], [r[2][:300] for r in results]
        members = check_club(db_url, club_id)
        assert [(label, bool(admin)) for _, admin, label in members] == [("C", True),
                                                                          ("D", False)]


def test_the_admin_double_submitting_make_admin_hands_it_over_once(server):
    port, db_url = server
    club_id, phones = new_club(port, db_url, "A", "B")
    for n in range(ROUNDS):
        admin, other = phones[n % 2], phones[1 - n % 2]
        other_id = member_id(db_url, club_id, other.label)
        results = double_tap(port, admin, f"/clubs/{club_id}/phones/{other_id}/admin")
        assert set(statuses(results)) <= {303, 403} and 303 in statuses(results), \
            [r[2][:300] for r in results]
        members = check_club(db_url, club_id)
        assert [label for _, is_admin, label in members if is_admin] == [other.label]


def test_the_admin_double_submitting_remove_removes_once(server):
    port, db_url = server
    club_id, (admin, keeper) = new_club(port, db_url, "A", "B")
    for n in range(ROUNDS):
        gone = join(Phone(port, f"Gone {n}"), db_url, club_id)
        gone_id = member_id(db_url, club_id, gone.label)
        results = double_tap(port, admin, f"/clubs/{club_id}/phones/{gone_id}/remove")
        assert set(statuses(results)) <= {303, 404} and 303 in statuses(results), \
            [r[2][:300] for r in results]
        members = check_club(db_url, club_id)
        assert [(label, bool(a)) for _, a, label in members] == [("A", True), ("B", False)]
        assert gone.get(f"/clubs/{club_id}")[0] == 404  # members only: as a club not there
    assert len(rows(db_url, "SELECT phone_id FROM club_ban WHERE club_id = :c",
                    c=club_id)) == ROUNDS


def test_two_members_taking_over_at_once_one_wins_and_the_other_is_told(server):
    port, db_url = server
    club_id, (a, b, c) = new_club(port, db_url, "A", "B", "C")
    for n in range(ROUNDS):
        status, headers, body = a.post(f"/clubs/{club_id}/games/new",
                                       moon_fields(["Ann", "Bob", "Cat"]))
        assert status == 303, body
        game_id = _id(headers)
        for phone in (b, c):  # both open the confirmation page first
            page = phone.get(f"/games/{game_id}/take-over")[2]
            assert 'name="generation" value="1"' in page
        results = at_once(port, [lambda conn, p=p: p.post(f"/games/{game_id}/take-over",
                                                    {"generation": "1"}, conn)
                           for p in (b, c)])
        assert statuses(results) == [303, 409], [r[2][:300] for r in results]
        winner = (b, c)[[r[0] for r in results].index(303)]
        loser_page = next(r for r in results if r[0] == 409)[2]
        assert f"{winner.label} took over scoring a moment ago" in loser_page
        scoring = [p.label for p in (a, b, c)
                   if 'id="hand-form"' in p.get(f"/games/{game_id}")[2]]
        assert scoring == [winner.label]
        check_club(db_url, club_id)


def test_an_old_phones_requests_at_once_become_one_phone(server):
    """A phone from before phones opens the app with several requests at once, each carrying
    its old member cookie: every answer names the same phone, and that phone is the member."""
    import hashlib
    import hmac

    port, db_url = server
    club_id, _ = new_club(port, db_url, "A")
    for n in range(ROUNDS):
        phone = join(Phone(port, f"Old {n}"), db_url, club_id)
        mid = member_id(db_url, club_id, phone.label)
        [(secret,)] = rows(db_url, "SELECT secret FROM member WHERE id = :m", m=mid)
        write(db_url, "UPDATE member SET phone_id = NULL WHERE id = :m", m=mid)
        mac = hmac.new(b"club-race-secret", f"member:{club_id}:{mid}:{secret}".encode(),
                       hashlib.sha256).hexdigest()
        old = {f"sk_m_{club_id}": f"{mid}.{mac}"}
        results = at_once(port, [lambda conn: request(port, "GET", f"/clubs/{club_id}", None,
                                                      old, conn)] * 4)
        assert statuses(results) == [200] * 4, [r[2][:300] for r in results]
        phones = {SimpleCookie(h)["sk_phone"].value.split(".")[0]
                  for r in results for h in r[1].get_all("Set-Cookie")
                  if h.startswith("sk_phone=")}
        [(owner,)] = rows(db_url, "SELECT phone_id FROM member WHERE id = :m", m=mid)
        assert phones == {str(owner)}
        check_club(db_url, club_id)


def lechner_fields(seats: list) -> dict:
    """The club's new-game form for a lechner42 game to 2 marks: each seat a person id (an
    int) or a new name."""
    fields = {"variant": "lechner42", "first_dealer": "0", "opt-target_marks": "2",
              "opt-win_by": "1"}
    fields.update({f"person-{i}" if isinstance(seat, int) else f"name-{i}": str(seat)
                   for i, seat in enumerate(seats)})
    return fields


def test_two_phones_finishing_two_games_of_the_same_people_at_once_rate_both(server):
    """Two games of the same four people, each scored on its own phone, finish at the same
    moment (each write rates its game in its own transaction, from the same latest ratings):
    no 500, both games rated, and the club's ratings, stored or read, equal a full replay."""
    from scorekeeper import club_ratings, create_app, ratings
    from scorekeeper.extensions import db

    port, db_url = server
    club_id, phones = new_club(port, db_url, "Ann's phone", "Bob's phone")
    people: list = ["Ann", "Bob", "Cat", "Dan"]
    app = create_app({"SQLALCHEMY_DATABASE_URI": db_url, "SECRET_KEY": "x"})
    for n in range(6):
        games = []
        for phone in phones:
            status, headers, body = phone.post(f"/clubs/{club_id}/games/new",
                                               lechner_fields(people), None)
            assert status == 303, body[:300]
            games.append(_id(headers))
        people = [pid for (pid,) in rows(
            db_url, "SELECT person_id FROM player WHERE game_id = :g ORDER BY seat",
            g=games[0])]
        versions = [rows(db_url, "SELECT version FROM game WHERE id = :g", g=g)[0][0]
                    for g in games]
        results = at_once(port, [
            lambda conn, p=p, g=g, v=v, side=side: p.post(
                f"/games/{g}/hands", {"version": str(v), "mode": "quick", "bidder": str(side),
                                      "bid": "84", "contract": "straight", "points": "42"}, conn)
            for p, g, v, side in zip(phones, games, versions, (n % 2, (n // 2) % 2))])
        assert statuses(results) == [303, 303], [r[2][:300] for r in results]
        with app.app_context():
            games_now, _ = club_ratings.club_finished(club_id)
            expected = ratings.replay(game for game, _ in games_now)
            assert expected.rated == 2 * (n + 1)  # nothing lost
            found, _ = club_ratings._all_time(club_id)
            assert found.ratings == expected
            db.session.rollback()
        status, _, body = phones[1].get(f"/clubs/{club_id}/ratings.csv?group=dominoes-42")
        assert status == 200
        board = {row[1]: (float(row[6]), float(row[7]))
                 for row in list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))[1:]}
        group = expected.groups["dominoes-42"]
        assert {name: (group.players[pid].mu, group.players[pid].sigma)
                for name, pid in zip(("Ann", "Bob", "Cat", "Dan"), people)} == {
                    name: board[name] for name in ("Ann", "Bob", "Cat", "Dan")}
    # the views re-rated the club after answering: the stored rows alone are the replay
    with app.app_context():
        for _ in range(50):
            found, stale = club_ratings._all_time(club_id)
            db.session.rollback()
            if stale is None:
                break
            threading.Event().wait(0.1)
        assert stale is None and found.ratings == expected
        db.engine.dispose()


def test_three_members_tapping_rematch_at_once_make_one_game(server):
    """A finished game's rematch tapped by three phones at the same moment (the scorer and
    two members): every answer goes to the same new game, the only one made, the old game
    points to it and its history says so once."""
    port, db_url = server
    club_id, phones = new_club(port, db_url, "A", "B", "C")
    people: list = ["Ann", "Bob", "Cat", "Dan"]
    for n in range(ROUNDS // 2):
        status, headers, body = phones[0].post(f"/clubs/{club_id}/games/new",
                                               lechner_fields(people))
        assert status == 303, body[:300]
        game_id = _id(headers)
        people = [pid for (pid,) in rows(
            db_url, "SELECT person_id FROM player WHERE game_id = :g ORDER BY seat",
            g=game_id)]
        status, _, body = phones[0].post(f"/games/{game_id}/hands", {
            "version": "1", "mode": "quick", "bidder": str(n % 2), "bid": "84",
            "contract": "straight", "points": "42"})
        assert status == 303, body[:300]
        results = at_once(port, [lambda conn, p=p: p.post(f"/games/{game_id}/rematch", None,
                                                          conn) for p in phones])
        assert statuses(results) == [303] * 3, [r[2][:300] for r in results]
        [(next_id,)] = rows(db_url, "SELECT next_game_id FROM game WHERE id = :g", g=game_id)
        assert {_id(r[1]) for r in results} == {next_id}
        made = rows(db_url, "SELECT id FROM game WHERE club_id = :c AND id > :g", c=club_id,
                    g=game_id)
        assert made == [(next_id,)]
        assert rows(db_url, "SELECT person_id FROM player WHERE game_id = :g ORDER BY seat",
                    g=next_id) == [(pid,) for pid in people]
        assert rows(db_url, "SELECT count(*) FROM audit_event WHERE game_id = :g AND"
                            " action = 'rematch'", g=game_id) == [(1,)]
