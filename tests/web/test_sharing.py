"""Issue 4, phase 1: join codes, the guess limit, scorer links and rotation, /live's 304 path,
and the QR codes' URLs.  Runs on the Flask test client (the multi-process race is in
tests/load)."""
from __future__ import annotations

import re
import string
from datetime import timedelta
from http.cookies import SimpleCookie

import pytest
import qrcode
from flask import render_template_string
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from scorekeeper import access, models, qr, store
from scorekeeper import codes
from scorekeeper.qr import qr_svg
from scorekeeper.games import board, live
from scorekeeper.extensions import db
from scorekeeper.models import AuditEvent, Game, GuessAttempt, Hand, Player, utcnow


# ------------------------------------------------------------------------------ fixtures
# `app` and `client` come from tests/conftest.py (a migrated SQLite file per test).

@pytest.fixture
def game(app):
    """A Texas 42 game where an all-pass is thrown in: a hand is just {"passed": true}."""
    g = Game(variant="texas42", code=models.unused_code(), options={"all_pass": "redeal"},
             players=[Player(seat=i, name=n) for i, n in enumerate(["Ann", "Bob", "Cat", "Dan"])])
    db.session.add(g)
    db.session.commit()
    return g


def write(client, game):
    """Enter a hand through the real hand-entry view, on the game's current version."""
    db.session.expire_all()
    return client.post(f"/games/{game.id}/hands",
                       data={"version": str(game.version), "mode": "quick", "passed": "1"})


def _cookie(kind, game, secret):
    """The cookie of a new phone that holds role `kind` in the game made from `secret`."""
    with game_request():
        phone = store.new_phone()
        store.grant_role(phone, game.id, kind, access._token(kind, game.id, secret))
        return access.PHONE_COOKIE, access.phone_cookie_value(phone)


def _old_cookie(kind, game, secret):
    """A cookie as a phone from before phones held it: sk_<kind>_<id> = the HMAC."""
    with game_request():
        return f"sk_{kind}_{game.id}", access._token(kind, game.id, secret)


def game_request(**kw):
    from flask import current_app
    return current_app.test_request_context(**kw)


def as_creator(client, game):
    name, value = _cookie("c", game, game.creator_secret)
    client.set_cookie(name, value)
    return client


def set_cookies(response):
    """{name: morsel} of the Set-Cookie headers."""
    jar = SimpleCookie()
    for header in response.headers.getlist("Set-Cookie"):
        jar.load(header)
    return jar


# ------------------------------------------------------------------------------ join codes

def test_code_alphabet_and_space():
    alphabet = models.CODE_ALPHABET
    assert len(set(alphabet)) == len(alphabet) == 31
    assert not set("0O1IL") & set(alphabet)
    assert set(alphabet) <= set(string.ascii_uppercase + string.digits)
    assert len(alphabet) ** models.CODE_LENGTH >= 2**30


def test_codes_are_random_well_formed_and_distinct():
    codes = [models.new_code() for _ in range(5000)]
    assert all(re.fullmatch(f"[{models.CODE_ALPHABET}]{{7}}", c) for c in codes)
    assert len(set(codes)) == len(codes)  # a repeat here has probability ~5e-4
    # every symbol gets used (each is missing with probability ~ e^-1129)
    assert set("".join(codes)) == set(models.CODE_ALPHABET)


def test_fresh_code_skips_codes_in_use(app, game, monkeypatch):
    draws = iter([game.code, game.code, "ABC2345"])
    monkeypatch.setattr(models, "new_code", lambda: next(draws))
    assert models.unused_code() == "ABC2345"


def test_database_refuses_duplicate_code(app, game):
    db.session.add(Game(variant="texas42", code=game.code))
    with pytest.raises(IntegrityError):
        db.session.commit()
    db.session.rollback()


@pytest.mark.parametrize("typed, code", [
    ("abc2345", "ABC2345"), (" ABC 2345 ", "ABC2345"), ("abc-2345", "ABC2345"),
    ("ABC\u202f2345", "ABC2345"), ("xyz-98-76", "XYZ9876"),
    ("ABC234", None), ("ABC23456", None), ("ABC0345", None), ("OBC2345", None),
    ("IBC2345", None), ("LBC2345", None), ("ABC1345", None), ("ABC+345", None), ("", None),
    (None, None),
])
def test_normalize_code(typed, code):
    assert access.normalize_code(typed) == code


def test_secrets_are_long_and_random():
    s = {models.new_secret() for _ in range(100)}
    assert len(s) == 100
    assert all(len(x) == 32 and re.fullmatch(r"[A-Za-z0-9_-]+", x) for x in s)  # 192 bits


# ------------------------------------------------------------------------------ join page

def test_join_page_and_right_code_lead_to_the_game(client, game):
    page = client.get("/join")
    assert page.status_code == 200 and b'name="code"' in page.data
    typed = f"{game.code[:3].lower()} {game.code[3:]}"
    r = client.post("/join", data={"code": typed})
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{game.id}"
    r = client.get(f"/g/{game.code.lower()}")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{game.id}"
    assert db.session.scalar(select(func.count()).select_from(GuessAttempt)) == 0


def test_wrong_and_malformed_codes(client, game):
    r = client.post("/join", data={"code": "ZZZ9999"})
    assert r.status_code == 404 and b"No game has the code ZZZ 9999" in r.data
    r = client.post("/join", data={"code": "hello"})
    assert r.status_code == 400 and b"7 letters and digits" in r.data
    assert client.get("/g/ZZZ9998").status_code == 404
    # the two wrong codes count, the malformed one cannot be a game so tells a guesser nothing
    assert db.session.scalar(select(func.count()).select_from(GuessAttempt)) == 2


@pytest.mark.parametrize("lookalike", ["O", "0", "I", "1", "L", "o", "l", "i"])
def test_a_lookalike_in_a_typed_game_code_is_named_and_not_counted(client, game, lookalike):
    typed = game.code[:3] + lookalike + game.code[4:]
    r = client.post("/join", data={"code": typed})
    assert r.status_code == 400
    assert "Codes never use O, 0, I, 1 or L" in r.get_data(as_text=True)
    assert "7 letters and digits" not in r.get_data(as_text=True)
    assert db.session.scalar(select(func.count()).select_from(GuessAttempt)) == 0


def test_a_lowercase_game_code_joins(client, game):
    r = client.post("/join", data={"code": game.code.lower()})
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{game.id}"


def _bad_code(i: int) -> str:
    """A well-formed code no test game has (they are drawn at random: ZZZ prefix aside)."""
    a = models.CODE_ALPHABET
    return "ZZZ" + "".join(a[(i // 31**k) % 31] for k in range(4))


def _wrong(client, n, addr="203.0.113.7", start=0):
    """Post n wrong codes from addr; their status codes."""
    return [client.post("/join", data={"code": _bad_code(start + i)},
                        environ_base={"REMOTE_ADDR": addr}).status_code for i in range(n)]


def test_eleventh_wrong_code_in_a_minute_is_refused(client, game, monkeypatch):
    assert _wrong(client, 10) == [404] * 10
    r = client.post("/join", data={"code": _bad_code(99)},
                    environ_base={"REMOTE_ADDR": "203.0.113.7"})
    assert r.status_code == 429
    assert b"Too many wrong codes; wait a minute and try again" in r.data
    assert r.headers["Retry-After"] == "60"
    # While blocked even a right code is refused (else the block would not slow guessing),
    # by form and by viewer link alike; refused requests are not counted.
    addr = {"REMOTE_ADDR": "203.0.113.7"}
    assert client.post("/join", data={"code": game.code}, environ_base=addr).status_code == 429
    assert client.get(f"/g/{game.code}", environ_base=addr).status_code == 429
    assert db.session.scalar(select(func.count()).select_from(GuessAttempt)) == 10
    # another address is unaffected
    other = {"REMOTE_ADDR": "198.51.100.9"}
    assert client.post("/join", data={"code": game.code}, environ_base=other).status_code == 303
    # a minute later the address may try again
    later = utcnow() + timedelta(seconds=61)
    monkeypatch.setattr(codes, "utcnow", lambda: later)
    assert client.post("/join", data={"code": game.code}, environ_base=addr).status_code == 303


def test_guess_count_is_shared_by_worker_processes(app, game, another_worker):
    """Two app instances on one database file stand for two worker processes."""
    other_worker = another_worker()
    a, b = other_worker.test_client(), app.test_client()
    with other_worker.app_context():
        assert _wrong(a, 6) == [404] * 6
    assert _wrong(b, 4, start=10) == [404] * 4
    assert _wrong(b, 1, start=20) == [429]
    with other_worker.app_context():
        assert _wrong(a, 1, start=30) == [429]


def test_behind_a_trusted_proxy_guesses_count_per_client_and_cookies_are_secure(app_factory):
    """TRUSTED_PROXIES=1: the proxy's X-Forwarded-For names the phone, so one stranger's wrong
    codes do not lock every phone out; X-Forwarded-Proto https marks the cookies Secure."""
    proxied = app_factory("proxied.sqlite", TRUSTED_PROXIES=1,
                          TRUSTED_PROXY_ADDRESSES="10.0.0.2")
    with proxied.app_context():
        g = Game(variant="moon", code=models.unused_code(),
                 players=[Player(seat=i, name=n) for i, n in enumerate(["Ann", "Bob", "Cat"])])
        db.session.add(g)
        db.session.commit()
        client = proxied.test_client()
        proxy = {"REMOTE_ADDR": "10.0.0.2"}
        stranger = {"X-Forwarded-For": "203.0.113.7"}
        codes = [client.post("/join", data={"code": _bad_code(i)}, headers=stranger,
                             environ_base=proxy).status_code for i in range(11)]
        assert codes == [404] * 10 + [429]
        phone = {"X-Forwarded-For": "198.51.100.9", "X-Forwarded-Proto": "https"}
        r = client.get(f"/g/{g.code}", headers=phone, environ_base=proxy)
        assert r.status_code == 303
        cookie = set_cookies(r)["sk_phone"]
        assert cookie["secure"] and cookie["httponly"]


def test_without_a_trusted_proxy_forwarded_headers_are_not_believed(client, game):
    spoofed = [client.post("/join", data={"code": _bad_code(i)},
                           headers={"X-Forwarded-For": f"192.0.2.{i}"},
                           environ_base={"REMOTE_ADDR": "203.0.113.7"}).status_code
               for i in range(11)]
    assert spoofed == [404] * 10 + [429]


def test_ipv6_guesses_count_per_64(client, game):
    for i in range(10):
        assert _wrong(client, 1, addr=f"2001:db8:1:2::{i + 1:x}", start=i) == [404]
    assert _wrong(client, 1, addr="2001:db8:1:2:ffff::1", start=50) == [429]
    assert _wrong(client, 1, addr="2001:db8:1:3::1", start=60) == [404]


def test_old_guesses_are_pruned(client, game):
    db.session.add(GuessAttempt(address="192.0.2.1", at=utcnow() - timedelta(hours=2)))
    db.session.add(GuessAttempt(address="192.0.2.1", at=utcnow() - timedelta(minutes=5)))
    db.session.commit()
    _wrong(client, 1)
    assert db.session.scalar(select(func.count()).select_from(GuessAttempt)) == 2


# ------------------------------------------------------------------------------ roles

def test_roles_and_actor(client, game):
    with game_request():
        assert access.role(game) is None  # holds nothing: not even a viewer
    name, value = _cookie("v", game, game.code)
    with game_request(headers={"Cookie": f"{name}={value}"}):
        assert access.role(game) == "viewer" and not access.can_score(game)
    name, value = _cookie("c", game, game.creator_secret)
    with game_request(headers={"Cookie": f"{name}={value}"}):
        assert access.role(game) == "creator" and access.actor(game) == "creator"
    name, value = _cookie("s", game, game.scorer_secret)
    with game_request(headers={"Cookie": f"{name}={value}"}):
        assert access.role(game) == "scorer" and access.actor(game) == "scorer link #1"


def test_forged_cookies_do_not_work(client, game):
    other = Game(variant="texas42", code=models.unused_code())
    db.session.add(other)
    db.session.commit()
    cases = [
        (f"sk_s_{game.id}", game.scorer_secret),  # the raw secret is not what the cookie holds
        (f"sk_c_{game.id}", game.creator_secret),
        (f"sk_s_{game.id}", _old_cookie("s", other, other.scorer_secret)[1]),  # another game's
        (f"sk_c_{game.id}", _old_cookie("s", game, game.scorer_secret)[1]),  # scorer as creator
        (f"sk_s_{game.id}", ""),
        (f"sk_v_{game.id}", game.code),  # the code itself is not the viewer cookie
        (f"sk_v_{game.id}", _old_cookie("v", other, other.code)[1]),
        (f"sk_v_{game.id}", _old_cookie("v", game, game.scorer_secret)[1]),
    ]
    for name, value in cases:  # an old cookie that does not check out is not adopted
        with game_request(headers={"Cookie": f"{name}={value}"}):
            access.adopt_old_cookies()
            assert access.phone_id() is None and access.role(game) is None, (name, value)
    # nor is a role whose token was made from the wrong secret, or a forged phone cookie
    for kind, secret in (("s", game.creator_secret), ("c", game.scorer_secret),
                         ("v", game.scorer_secret)):
        name, value = _cookie(kind, game, secret)
        with game_request(headers={"Cookie": f"{name}={value}"}):
            assert access.role(game) is None, (kind, secret)
    name, value = _cookie("c", game, game.creator_secret)
    for forged in (value.split(".")[0] + "." + "0" * 64, "1", "x.y", "99999999999." + "0" * 64):
        with game_request(headers={"Cookie": f"{name}={forged}"}):
            assert access.role(game) is None, forged


def test_viewer_write_gets_plain_403(client, game):
    client.get(f"/g/{game.code}")  # a viewer (a phone with no role gets no_game's 404)
    for r in (write(client, game),
              client.post(f"/games/{game.id}/hands/undo", data={"version": game.version}),
              client.post(f"/games/{game.id}/scorer-link/rotate")):
        assert r.status_code == 403
        assert b"View only" in r.data and b"can watch the game but not change it" in r.data
        assert b"<form" not in r.data  # a plain page
    assert db.session.scalar(select(func.count()).select_from(Hand)) == 0
    assert "HX-Refresh" not in r.headers
    # htmx does not swap a 403: an htmx tap reloads the page instead of doing nothing
    r = client.post(f"/games/{game.id}/hands/undo", data={"version": game.version},
                    headers={"HX-Request": "true"})
    assert r.status_code == 403 and r.headers["HX-Refresh"] == "true"


# ------------------------------------------------------------------------------ scorer link

def test_scorer_link_sets_cookie_and_drops_the_secret(client, game):
    r = client.get(f"/s/{game.scorer_secret}")
    assert r.status_code == 303
    assert r.headers["Location"] == f"/games/{game.id}"
    assert game.scorer_secret not in r.headers["Location"]
    assert r.headers["Referrer-Policy"] == "no-referrer"
    assert "no-store" in r.headers["Cache-Control"]
    morsel = set_cookies(r)["sk_phone"]  # the phone's one cookie; the scorer role is a row
    assert morsel["httponly"] is True
    assert morsel["samesite"] == "Lax"
    assert morsel["path"] == "/"
    assert not morsel["secure"]  # plain http on a LAN: a Secure cookie would never come back
    assert int(morsel["max-age"]) == 400 * 24 * 3600
    assert game.scorer_secret not in morsel.value
    assert write(client, game).status_code == 303  # saved
    event = db.session.scalars(select(AuditEvent).where(AuditEvent.action == "entered")).one()
    assert event.via == "scorer link #1"


def test_scorer_cookie_is_secure_over_https(client, game):
    r = client.get(f"/s/{game.scorer_secret}", base_url="https://score.example")
    assert set_cookies(r)["sk_phone"]["secure"] is True


def test_unknown_scorer_link_is_a_plain_404(client, game):
    r = client.get("/s/not-a-secret")
    assert r.status_code == 404 and b"This scorer link is no longer valid" in r.data
    assert "Set-Cookie" not in r.headers


def test_rotation_revokes_old_link_and_cookies(app, game):
    scorer = app.test_client()
    creator = as_creator(app.test_client(), game)
    old_secret = game.scorer_secret
    assert scorer.get(f"/s/{old_secret}").status_code == 303
    assert write(scorer, game).status_code == 303
    # a scorer cannot rotate: only the creator hands scoring over
    assert scorer.post(f"/games/{game.id}/scorer-link/rotate").status_code == 403

    db.session.expire_all()
    version = game.version
    r = creator.post(f"/games/{game.id}/scorer-link/rotate")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{game.id}#share"
    db.session.expire_all()
    assert game.scorer_secret != old_secret
    assert game.scorer_generation == 2 and game.version == version + 1
    event = db.session.scalars(select(AuditEvent).where(AuditEvent.action == "rotated")).one()
    assert (event.game_id, event.via, event.data) == (game.id, "creator", {"generation": 2})
    assert event.at is not None

    assert write(scorer, game).status_code == 403  # the old cookie makes a viewer now
    r = scorer.get(f"/s/{old_secret}")
    assert r.status_code == 404 and b"no longer valid" in r.data
    assert write(creator, game).status_code == 303  # the creator is unaffected

    newcomer = app.test_client()
    assert newcomer.get(f"/s/{game.scorer_secret}").status_code == 303
    assert write(newcomer, game).status_code == 303
    vias = db.session.scalars(select(AuditEvent.via).where(AuditEvent.action == "entered")
                              .order_by(AuditEvent.id)).all()
    assert vias == ["scorer link #1", "creator", "scorer link #2"]
    name, value = _cookie("s", game, game.scorer_secret)
    with game_request(headers={"Cookie": f"{name}={value}"}):
        assert access.actor(game) == "scorer link #2"


def test_rotation_needs_a_csrf_token(another_worker):
    app = another_worker(WTF_CSRF_ENABLED=True)
    with app.app_context():
        g = Game(variant="texas42", code=models.unused_code())
        db.session.add(g)
        db.session.commit()
        client = as_creator(app.test_client(), g)
        assert client.post(f"/games/{g.id}/scorer-link/rotate").status_code == 400
        db.session.refresh(g)
        assert g.scorer_generation == 1


# ------------------------------------------------------------------------------ /live

def _poller(html: str) -> str:
    """The opening tag of the #live poller."""
    m = re.search(r'<div id="live".*?>', html, re.S)
    assert m, "no #live poller"
    return m.group(0)


def test_live_etag_then_304_then_200_after_a_write(app, client, game, monkeypatch):
    url = f"/games/{game.id}/live"
    client.get(f"/g/{game.code}")  # a viewer
    r = client.get(url)
    assert r.status_code == 200
    etag = r.headers["ETag"]
    assert re.fullmatch(rf'W/"g{game.id}-v{game.version}-viewer-[0-9a-f]+"', etag)
    assert r.headers["Cache-Control"] == "no-cache"
    assert 'hx-trigger="every 2s, sk:poll"' in _poller(r.text)
    assert 'id="scoreboard"' in r.text and 'id="hands"' in r.text

    # Unchanged: 304, empty, and nothing rendered (the context builder must not even run).
    monkeypatch.setattr(board, "live_context", lambda g: pytest.fail("built a page for a 304"))
    r = client.get(url, headers={"If-None-Match": etag})
    assert r.status_code == 304 and r.data == b"" and r.headers["ETag"] == etag
    r = client.get(url, headers={"If-None-Match": etag[2:]})  # weak: the strong form matches
    assert r.status_code == 304
    monkeypatch.undo()

    db.session.execute(update(Game).where(Game.id == game.id).values(version=Game.version + 1))
    db.session.commit()
    r = client.get(url, headers={"If-None-Match": etag})
    assert r.status_code == 200
    assert re.fullmatch(rf'W/"g{game.id}-v{game.version}-viewer-[0-9a-f]+"', r.headers["ETag"])


def test_live_etag_depends_on_the_role(app, client, game):
    """A viewer who becomes a scorer must not be served the cached viewer fragment."""
    url = f"/games/{game.id}/live"
    client.get(f"/g/{game.code}")
    etag = client.get(url).headers["ETag"]
    assert "-viewer-" in etag
    client.get(f"/s/{game.scorer_secret}")
    r = client.get(url, headers={"If-None-Match": etag})
    assert r.status_code == 200 and "-scorer-" in r.headers["ETag"]
    assert "Cookie" in r.headers["Vary"]


def _game_over(monkeypatch):
    """/live renders as for a finished game."""
    real = board.live_context

    def finished(g):
        ctx = real(g)
        ctx["finished"] = True
        return ctx
    monkeypatch.setattr(board, "live_context", finished)


def _last_written(game, ago):
    db.session.execute(update(Game).where(Game.id == game.id).values(updated_at=utcnow() - ago))
    db.session.commit()
    db.session.expire_all()


def _continued(game):
    """The game continued in a rematch (Game.next_game_id), as store.rematch leaves it."""
    rematch = Game(variant=game.variant, code=models.unused_code(), options=game.options,
                   players=[Player(seat=p.seat, name=p.name) for p in game.players])
    db.session.add(rematch)
    db.session.flush()
    game.next_game_id = rematch.id
    db.session.commit()


def test_live_stops_polling_when_the_game_is_over_and_continued(app, client, game, monkeypatch):
    _game_over(monkeypatch)
    _continued(game)
    _last_written(game, live.LIVE_GRACE + timedelta(seconds=1))
    client.get(f"/g/{game.code}")
    r = client.get(f"/games/{game.id}/live")
    assert r.status_code == 200
    assert "hx-trigger" not in _poller(r.text) and "hx-get" not in _poller(r.text)


def test_an_over_game_keeps_polling_until_its_rematch(app, client, game, monkeypatch):
    """However long after the end the rematch is started, every phone still polls and is sent
    to it at its next poll (issue 28: a phone whose poller had stopped never followed)."""
    _game_over(monkeypatch)
    _last_written(game, live.LIVE_GRACE + timedelta(minutes=30))
    client.get(f"/g/{game.code}")
    r = client.get(f"/games/{game.id}/live")
    assert 'hx-trigger="every 2s, sk:poll"' in _poller(r.text)


def test_an_over_game_is_watched_for_a_while_so_a_correction_reaches_every_phone(
        app, client, game, monkeypatch):
    """The final hand is the one most often taken back: for LIVE_GRACE after the last write
    the phones go on polling; the first poll after that is answered 200 (the ETag moved) with a
    poller that stops."""
    _game_over(monkeypatch)
    url = f"/games/{game.id}/live"
    client.get(f"/g/{game.code}")
    r = client.get(url)
    assert 'hx-trigger="every 2s, sk:poll"' in _poller(r.text)
    etag = r.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304

    _continued(game)  # a version bump in the app; here only the grace moves the ETag
    _last_written(game, live.LIVE_GRACE + timedelta(seconds=1))
    r = client.get(url, headers={"If-None-Match": etag})
    assert r.status_code == 200
    assert r.headers["ETag"].startswith(f'W/"g{game.id}-v{game.version}-viewer-quiet-')
    assert "hx-trigger" not in _poller(r.text)


def test_poller_on_the_page_knows_when_the_game_is_over(app, game):
    """The game page's own context has the engine's result, not a `finished` flag."""
    _continued(game)
    _last_written(game, live.LIVE_GRACE + timedelta(seconds=1))
    include = '{% include "partials/games/_live.html" %}'
    with game_request():
        running = render_template_string(include, game=game, result={"ok": True})
        over = render_template_string(include, game=game, result={"ok": True, "finished": True})
    assert 'hx-trigger="every 2s, sk:poll"' in _poller(running)
    assert "hx-trigger" not in _poller(over) and 'id="live"' in over


def test_live_unknown_game_is_404(client):
    assert client.get("/games/999/live").status_code == 404


# ------------------------------------------------------------------------------ QR codes

def _svg_modules(svg: str):
    """The dark modules of one of our SVG QR codes, and its size in modules."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    dark = {(int(x), int(y)) for x, y in re.findall(r"M(\d+),(\d+)H", svg)}
    return size, dark


def decode_qr_svg(svg: str) -> str:
    """Read the QR code back: rasterize the modules and decode with zxing-cpp."""
    zxingcpp = pytest.importorskip("zxingcpp")
    size, dark = _svg_modules(svg)
    scale = 4
    pixels = bytes(0 if (x // scale, y // scale) in dark else 255
                   for y in range(size * scale) for x in range(size * scale))
    found = zxingcpp.read_barcode(
        zxingcpp.ImageView(pixels, size * scale, size * scale, zxingcpp.ImageFormat.Lum))
    assert found is not None, "no QR code found in the SVG"
    return found.text


def test_qr_svg_is_inline_scalable_and_holds_the_url():
    url = "http://192.168.1.23:5000/g/ABC2345"
    svg = str(qr_svg(url, "viewer link"))
    assert svg.startswith("<svg") and "<?xml" not in svg
    head = svg.split(">", 1)[0]
    assert 'viewBox="0 0 ' in head and "width=" not in head and "height=" not in head
    assert 'aria-label="viewer link"' in head and 'id="qr-path"' not in svg
    # same modules as a fresh encoding of the URL (border 4) ...
    qr = qrcode.QRCode(border=4, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(url)
    qr.make(fit=True)
    matrix = qr.get_matrix()
    size, dark = _svg_modules(svg)
    assert size == len(matrix)
    assert dark == {(x, y) for y, row in enumerate(matrix) for x, on in enumerate(row) if on}
    # ... and a decoder reads the URL back
    assert decode_qr_svg(svg) == url


def test_a_url_is_drawn_once_and_the_drawings_are_bounded_in_bytes(monkeypatch):
    from scorekeeper import qr

    drawn = []
    monkeypatch.setattr(qr, "_draw", lambda url: drawn.append(url) or f"<svg>{url}</svg>")
    monkeypatch.setattr(qr, "_DRAWN", qr.RenderCache(items=100, max_bytes=200))
    first = qr_svg("http://10.0.0.5:5000/g/AAA2345", "viewer link")
    again = qr_svg("http://10.0.0.5:5000/g/AAA2345", "another label")
    assert drawn == ["http://10.0.0.5:5000/g/AAA2345"]
    assert 'aria-label="another label"' in again and str(first) != str(again)
    for n in range(20):
        qr_svg(f"http://10.0.0.5:5000/g/B{n:06d}")
    assert qr._DRAWN.size <= 200 and len(drawn) == 21


def test_qr_urls_use_public_url_when_configured(app, game):
    app.config["PUBLIC_URL"] = "https://score.example/"
    with game_request(base_url="http://localhost:5000"):
        assert qr.viewer_url(game) == f"https://score.example/g/{game.code}"
        assert qr.scorer_url(game) == f"https://score.example/s/{game.scorer_secret}"


def test_qr_urls_use_the_lan_address_never_localhost(app, game, monkeypatch):
    from scorekeeper import network
    monkeypatch.setattr(network, "lan_ip", lambda: "192.168.1.23")
    network.forget_lan_ip()
    with game_request(base_url="http://localhost:5000"):
        assert qr.viewer_url(game) == f"http://192.168.1.23:5000/g/{game.code}"
        assert qr.join_url() == "http://192.168.1.23:5000/join"
    with game_request(base_url="http://127.0.0.1:8080"):
        url = qr.scorer_url(game)
        assert url == f"http://192.168.1.23:8080/s/{game.scorer_secret}"
        assert "localhost" not in url and "127.0.0.1" not in url


def test_share_partial_for_creator_and_viewer(app, game, monkeypatch):
    from scorekeeper import network
    monkeypatch.setattr(network, "lan_ip", lambda: "10.0.0.5")
    network.forget_lan_ip()
    include = '{% include "partials/sharing/_share.html" %}'
    with game_request(base_url="http://localhost:5000"):
        html = render_template_string(include, game=game)
    assert codes.pretty_code(game.code) in html
    assert f"http://10.0.0.5:5000/g/{game.code}" in html
    assert game.scorer_secret not in html and "share-scorer" not in html  # viewers: no scorer QR
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert [decode_qr_svg(s) for s in svgs] == [f"http://10.0.0.5:5000/g/{game.code}"]

    name, value = _cookie("c", game, game.creator_secret)
    with game_request(base_url="http://localhost:5000", headers={"Cookie": f"{name}={value}"}):
        html = render_template_string(include, game=game)
    assert "<details" in html and f"/games/{game.id}/scorer-link/rotate" in html
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert [decode_qr_svg(s) for s in svgs] == [
        f"http://10.0.0.5:5000/g/{game.code}", f"http://10.0.0.5:5000/s/{game.scorer_secret}"]
