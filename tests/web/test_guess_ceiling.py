"""Guessing join codes from many addresses: past GUESS_CEILING wrong codes a minute from
everyone together, every lookup is refused, in every worker process (the count is in the
database), and IPv6 counts by /64."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from scorekeeper import codes as join_codes
from scorekeeper.extensions import db
from scorekeeper.models import GuessAttempt, utcnow

from .test_sharing import _bad_code, _wrong, game  # noqa: F401 (a fixture)

CEILING = join_codes.GUESS_CEILING


def _attempts() -> int:
    return db.session.scalar(select(func.count()).select_from(GuessAttempt))


def test_wrong_codes_from_many_addresses_meet_one_ceiling(client, game, monkeypatch):
    codes = [status for i in range(CEILING)
             for status in _wrong(client, 1, addr=f"198.18.{i // 250}.{i % 250 + 1}", start=i)]
    assert codes == [404] * CEILING
    fresh = {"REMOTE_ADDR": "192.0.2.200"}  # never guessed before
    r = client.post("/join", data={"code": _bad_code(999)}, environ_base=fresh)
    assert r.status_code == 429 and r.headers["Retry-After"] == "60"
    assert b"on this server right now" in r.data
    # even a right code, by form, by viewer link or as a club code: a lookup is a lookup
    assert client.post("/join", data={"code": game.code}, environ_base=fresh).status_code == 429
    assert client.get(f"/g/{game.code}", environ_base=fresh).status_code == 429
    assert client.post("/clubs/join", data={"code": _bad_code(998)},
                       environ_base=fresh).status_code == 429
    assert _attempts() == CEILING  # refused lookups are not counted
    later = utcnow() + timedelta(seconds=61)
    monkeypatch.setattr(join_codes, "utcnow", lambda: later)
    assert client.post("/join", data={"code": game.code}, environ_base=fresh).status_code == 303


def test_300_ipv6_64s_get_no_more_than_the_ceiling(client, game):
    """The issue's attack: one guess from each of 300 /64s of one IPv6 block."""
    statuses = [status for i in range(300)
                for status in _wrong(client, 1, addr=f"2001:db8:{i // 256:x}:{i % 256:x}::1",
                                     start=i)]
    assert statuses == [404] * CEILING + [429] * (300 - CEILING)


def test_the_ceiling_is_shared_by_worker_processes(app, game, another_worker):
    other_worker = another_worker()
    half = CEILING // 2
    with other_worker.app_context():
        a = other_worker.test_client()
        assert [s for i in range(half) for s in _wrong(a, 1, addr=f"198.18.1.{i + 1}",
                                                       start=i)] == [404] * half
    b = app.test_client()
    rest = CEILING - half
    assert [s for i in range(rest) for s in _wrong(b, 1, addr=f"198.18.2.{i + 1}",
                                                   start=100 + i)] == [404] * rest
    with other_worker.app_context():
        assert _wrong(a, 1, addr="198.18.3.1", start=200) == [429]
    assert _wrong(b, 1, addr="198.18.3.2", start=201) == [429]


def test_right_codes_never_count_toward_the_ceiling(client, game):
    for i in range(CEILING + 5):
        r = client.get(f"/g/{game.code}", environ_base={"REMOTE_ADDR": f"198.18.4.{i + 1}"})
        assert r.status_code == 303
    assert _attempts() == 0
