"""The real server: gunicorn with several worker processes (and threads) in front of one
database (a SQLite file; PostgreSQL with TEST_DATABASE_URL), as a table with several phones
would meet it.

50 rounds of 2-8 phones submitting the same hand at the same moment: every round exactly one
submission is saved and the others are told which hand beat them; no hand is lost or
doubled; the audit trail has one "entered" event per hand.  And a burst of wrong join codes
is limited across the workers.  Nothing is shared between the workers but the database, so
these are the checks that the single-process test client cannot make.
"""
from __future__ import annotations

import http.client
import random
import re
import socket
import threading
import urllib.parse
from http.cookies import SimpleCookie

import pytest

from .database import make_database, rows
from .server import GUNICORN, gunicorn, request

WORKERS, THREADS = 4, 4
ROUNDS = 50

pytestmark = pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("load")
    db_url = make_database(tmp, "load")
    with gunicorn(tmp, db_url, "load-test-secret", WORKERS, THREADS) as port:
        yield port, db_url


def _keep_cookies(jar: dict, headers) -> None:
    for header in headers.get_all("Set-Cookie") or []:
        for name, morsel in SimpleCookie(header).items():
            jar[name] = morsel.value


def _hidden(html: str, name: str) -> str:
    m = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert m, f"no {name} field in the page"
    return m.group(1)


def _create_game(port) -> tuple[int, dict]:
    """A Texas 42 game where an all-pass is thrown in, so 50 redeals never end it."""
    from scorekeeper.rules import VARIANTS

    jar: dict[str, str] = {}
    status, headers, html = request(port, "GET", "/games/new?variant=texas42")
    assert status == 200, html
    _keep_cookies(jar, headers)
    contracts = [o for o in VARIANTS["texas42"].options if o.name == "contracts"][0].choices
    fields = {"csrf_token": _hidden(html, "csrf_token"), "variant": "texas42",
              "name-0": "Ann", "name-1": "Bob", "name-2": "Cat", "name-3": "Dan",
              "first_dealer": "0", "opt-target_marks": "7", "opt-win_by": "1",
              "opt-all_pass": "redeal", "opt-contracts": list(contracts)}
    status, headers, html = request(port, "POST", "/games/new", fields, jar)
    assert status == 303, html
    _keep_cookies(jar, headers)
    game_id = int(re.fullmatch(r"/games/(\d+)", urllib.parse.urlsplit(
        headers["Location"]).path).group(1))
    assert "sk_phone" in jar, "the phone cookie was not set"
    return game_id, jar


def _race(port, game_id, jar, phones: int):
    """`phones` threads post the same hand on the same version at the same moment."""
    status, _, html = request(port, "GET", f"/games/{game_id}", cookies=jar)
    assert status == 200
    fields = {"csrf_token": _hidden(html, "csrf_token"), "version": _hidden(html, "version"),
              "mode": "quick", "passed": "1", "index": ""}
    barrier = threading.Barrier(phones)
    results: list = [None] * phones

    def phone(i):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.connect()  # connected before the barrier: the posts leave together
        barrier.wait()
        try:
            results[i] = request(port, "POST", f"/games/{game_id}/hands", fields, jar, conn)
        except Exception as exc:  # reported by the assertions below
            results[i] = (None, None, repr(exc))

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(phones)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return int(fields["version"]), results


def test_simultaneous_submissions_save_exactly_one(server):
    port, db_url = server
    game_id, jar = _create_game(port)
    rng = random.Random(4242)
    for number in range(ROUNDS):
        phones = rng.randint(2, 8)
        version, results = _race(port, game_id, jar, phones)
        statuses = [r[0] for r in results]
        saved = [r for r in results if r[0] == 303]
        assert len(saved) == 1, f"hand {number + 1}, {phones} phones: statuses {statuses}"
        assert saved[0][1]["Location"].endswith(f"/games/{game_id}")
        for status, _, html in results:
            if status != 303:
                assert status == 409, f"hand {number + 1}: {status} {html[:500]}"
                assert f"Hand {number + 1} was just entered from another phone" in html

    numbers = [n for (n,) in rows(
        db_url, "SELECT number FROM hand WHERE game_id = :g ORDER BY number", g=game_id)]
    assert numbers == list(range(ROUNDS))
    entered = rows(
        db_url, "SELECT hand_number, via FROM audit_event WHERE game_id = :g"
        " AND action = 'entered' ORDER BY id", g=game_id)
    assert entered == [(n, "creator") for n in range(ROUNDS)]
    actions = {a for (a,) in rows(
        db_url, "SELECT DISTINCT action FROM audit_event WHERE game_id = :g", g=game_id)}
    assert actions == {"created", "entered"}
    [(version,)] = rows(db_url, "SELECT version FROM game WHERE id = :g", g=game_id)
    assert version == 1 + ROUNDS


def test_guess_limit_holds_across_workers(server):
    """30 wrong join codes at once from one address, spread over the workers, then more one
    by one: exactly 10 are looked up in the minute, every other one is refused with 429."""
    port, _ = server
    jar: dict[str, str] = {}
    status, headers, html = request(port, "GET", "/join")
    assert status == 200
    _keep_cookies(jar, headers)
    token = _hidden(html, "csrf_token")
    burst = 30
    barrier = threading.Barrier(burst)
    statuses: list = [None] * burst

    def guess(i):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.connect()
        barrier.wait()
        statuses[i] = request(port, "POST", "/join", {"csrf_token": token, "code": "ZZZ2222"},
                              jar, conn)[0]

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(burst)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert set(statuses) <= {404, 429}, statuses
    answered = statuses.count(404)
    assert 1 <= answered <= 10, statuses  # a burst may be refused early, never late
    later = [request(port, "POST", "/join", {"csrf_token": token, "code": "ZZZ2223"}, jar)[0]
             for _ in range(12 - answered)]
    assert later == [404] * (10 - answered) + [429, 429]


def _poll(port, game_id, jar, etag=None) -> tuple[int, str]:
    """One /live poll on a new connection (so any worker may answer): (status, ETag)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()), "HX-Request": "true"}
    if etag:
        headers["If-None-Match"] = etag
    try:
        conn.request("GET", f"/games/{game_id}/live", headers=headers)
        response = conn.getresponse()
        response.read()
        assert response.headers["X-Content-Type-Options"] == "nosniff"  # on a 304 too
        return response.status, response.headers["ETag"]
    finally:
        conn.close()


def test_no_worker_answers_304_to_a_poll_after_a_write_in_another(server):
    """The poll's ETag is the game's version in the database, read on every poll (issue 20
    made that read cheaper, not cached): once a hand is saved through one worker, a poll with
    the old ETag gets the new version from every worker, and its new ETag a 304."""
    port, _ = server
    game_id, jar = _create_game(port)
    status, old = _poll(port, game_id, jar)
    assert status == 200
    assert {_poll(port, game_id, jar, old)[0] for _ in range(12)} == {304}
    for _ in range(3):
        version, results = _race(port, game_id, jar, 1)
        assert results[0][0] in (200, 303), results
        answers = [_poll(port, game_id, jar, old) for _ in range(12)]
        assert {status for status, _ in answers} == {200}, answers
        assert len({etag for _, etag in answers}) == 1 and answers[0][1] != old
        old = answers[0][1]
        assert f"-v{version + 1}-" in old
        assert {_poll(port, game_id, jar, old)[0] for _ in range(12)} == {304}


@pytest.mark.parametrize("size", [b"zz", b"-1"])
def test_a_chunked_body_with_a_bad_chunk_size_is_a_plain_400(server, size):
    """gunicorn finds the bad chunk size only when the form is read, inside the app."""
    port, _ = server
    status, body = _raw(port, b"POST /join HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              b"Content-Type: application/x-www-form-urlencoded\r\n"
                              b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                              + size + b"\r\ncode=ABC\r\n0\r\n\r\n")
    assert status == 400 and "Not understood" in body, (status, body[:500])


@pytest.mark.parametrize("host", [b"a..b", b"x" * 64 + b".example"])
def test_a_host_no_url_can_be_built_for_is_a_plain_400(server, host):
    port, _ = server
    for path in (b"/", b"/join", b"/games/1"):
        status, body = _raw(port, b"GET " + path + b" HTTP/1.1\r\nHost: " + host
                                  + b"\r\nConnection: close\r\n\r\n")
        assert status == 400 and "Not understood" in body, (path, status, body[:500])


def _raw(port: int, data: bytes) -> tuple[int, str]:
    """(status, body) of one request sent as these bytes (http.client would refuse them)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(data)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode("utf-8", "replace")
