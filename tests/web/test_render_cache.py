"""The render cache (scorekeeper/render_cache.py) in the test client: a phone's CSRF token is the
same on every page, a cached page is compressed once per phone and never served to another,
and the pages cached by their games' versions (home, history) follow every write."""
from __future__ import annotations

import re

import brotli
from sqlalchemy import update

from scorekeeper import render_cache
from scorekeeper.extensions import db
from scorekeeper.models import PhoneGame

from .helpers import game, text
from .test_live_scale import import_game, record_of, viewer_of

BR = {"Accept-Encoding": "br"}
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def token_of(html: str) -> str:
    return TOKEN.search(html)[1]


def html(response) -> str:
    return response.get_data(as_text=True)


def test_a_phones_csrf_token_is_the_same_on_every_page_and_is_taken(app_factory, monkeypatch):
    from itertools import count

    from itsdangerous.timed import TimestampSigner

    ticks = count(1_800_000_000)  # every signing in another second, as pages far apart are
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: next(ticks))
    app = app_factory("csrf-stable.sqlite", WTF_CSRF_ENABLED=True)
    phone, other = app.test_client(), app.test_client()
    token = token_of(html(phone.get("/games/new")))
    assert token_of(html(phone.get("/games/new?variant=moon"))) == token
    assert f'"X-CSRFToken": "{token}"' in html(phone.get("/"))
    assert token_of(html(other.get("/games/new"))) != token
    r = phone.post("/games/import", data={"record": '{"variant": "moon"}', "csrf_token": token})
    assert r.status_code == 422  # read (and refused for what it holds), not a stale form
    forged = token[:3] + ("A" if token[3] != "A" else "B") + token[4:]
    r = phone.post("/games/import", data={"record": "{}", "csrf_token": forged})
    assert r.status_code == 400 and "stale" in text(r)


def test_a_tampered_session_cookie_is_never_taken_for_a_checked_one(app_factory):
    """The session cookies checked in the last minute are kept by their exact value: one byte
    changed is checked again, and refused."""
    app = app_factory("session-cache.sqlite", WTF_CSRF_ENABLED=True)
    phone = app.test_client()
    token = token_of(html(phone.get("/games/new")))
    session = phone.get_cookie("session").value
    tampered = session[:3] + ("A" if session[3] != "A" else "B") + session[4:]  # its payload
    phone.set_cookie("session", tampered)
    r = phone.post("/games/import", data={"record": "{}", "csrf_token": token})
    assert r.status_code == 400 and "stale" in text(r)
    phone.set_cookie("session", session)
    assert phone.post("/games/import", data={"record": "{}", "csrf_token": token}
                      ).status_code == 422


def test_a_cached_page_is_compressed_once_per_phone_and_never_served_to_another(
        app, client, monkeypatch):
    game_id = import_game(client, record_of(3))
    other = app.test_client()
    other.set_cookie("sk_phone", client.get_cookie("sk_phone").value)  # the same phone ...
    packed = []
    real = render_cache.compress
    monkeypatch.setattr(render_cache, "compress",
                        lambda data, encoding: packed.append(encoding) or real(data, encoding))
    pages = {}
    for browser in (client, other, client, other):  # ... with a session (a token) of its own
        r = browser.get(f"/games/{game_id}", headers=BR)
        assert r.headers["Content-Encoding"] == "br"
        html = brotli.decompress(r.get_data()).decode()
        pages.setdefault(browser, set()).add(html)
    assert packed == ["br", "br"]
    assert [len(seen) for seen in pages.values()] == [1, 1]
    mine, theirs = (token_of(seen.pop()) for seen in pages.values())
    assert mine != theirs


def test_the_home_page_follows_its_games_and_the_phones_roles(app, client):
    first, second = import_game(client, record_of(2)), import_game(client, record_of(5))
    scorer = app.test_client()
    assert scorer.get(f"/s/{game(second).scorer_secret}").status_code == 303
    home = html(client.get("/"))
    assert home.index(f"/games/{second}") < home.index(f"/games/{first}")  # newest first
    assert "2 hands" in home and "5 hands" in home
    assert f"/games/{first}" not in html(scorer.get("/"))  # each phone its own list
    client.post(f"/games/{first}/hands",
                data={"version": str(game(first).version), "mode": "quick", "passed": "1"})
    home = html(client.get("/"))
    assert "3 hands" in home and home.index(f"/games/{first}") < home.index(f"/games/{second}")
    assert f"/games/{second}" in html(scorer.get("/"))
    assert client.post(f"/games/{second}/scorer-link/rotate").status_code == 303
    assert f"/games/{second}" in html(scorer.get("/"))  # still its viewer
    db.session.execute(update(PhoneGame).where(PhoneGame.game_id == second)
                       .values(token="0" * 64))  # no role left that checks out
    db.session.commit()
    assert f"/games/{second}" not in html(scorer.get("/"))
    assert f"/games/{first}" in html(client.get("/"))


def test_the_history_names_this_phone_to_itself_only(app, client):
    game_id = import_game(client, record_of(2))
    client.post(f"/games/{game_id}/hands",
                data={"version": str(game(game_id).version), "mode": "quick", "passed": "1"})
    viewer = viewer_of(app, client, game_id)
    for _ in range(2):  # the second round from the cache
        assert "(this phone)" in text(client.get(f"/games/{game_id}/history"))
        history = text(viewer.get(f"/games/{game_id}/history"))
        assert "Hand 3 entered" in history and "(this phone)" not in history


def test_every_answer_carries_the_security_headers(app, client):
    """A 304, a 404 and a static file as well as a page (security.HeadersOnEveryAnswer)."""
    game_id = import_game(client, record_of(1))
    etag = client.get(f"/games/{game_id}/live").headers["ETag"]
    answers = {
        "304": client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag}),
        "404": client.get("/no/such/page"),
        "static": client.get("/static/css/app.css"),
        "page": client.get("/"),
    }
    assert answers["304"].status_code == 304 and answers["404"].status_code == 404
    for label, r in answers.items():
        assert r.headers["X-Frame-Options"] == "DENY", label
        assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"], label
        assert r.headers.getlist("X-Content-Type-Options") == ["nosniff"], label
        assert len(r.headers.getlist("Cache-Control")) == 1, label
    assert answers["304"].headers["Cache-Control"] == "no-cache"
    assert answers["404"].headers["Cache-Control"] == "no-store"
    assert "Strict-Transport-Security" not in answers["page"].headers
    secure = client.get("/", base_url="https://localhost")
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_the_render_cache_is_bounded_in_bytes():
    cache = render_cache.RenderCache(items=100, max_bytes=1_000)
    for n in range(20):
        cache.put(f"page {n}", "x" * 300)
    assert cache.size <= 1_000 and len(cache) == 3
    assert cache.get("page 19") is not None and cache.get("page 0") is None
    cache.put("page 19", "y" * 10)  # replaced, not counted twice
    assert cache.size == 610 and cache.get("page 19") == "y" * 10


def test_a_fragment_is_kept_by_what_it_shows_its_language_and_its_csrf_slot(app):
    """render_cache.fragment: the same values give the kept piece (its body is not drawn
    again); other values, another language, or a render for the cache (its CSRF placeholder)
    beside a phone's own render, each draw their own."""
    from flask import render_template_string

    from scorekeeper import i18n

    drawn = []
    piece = ('{% call fragment("test", value) %}{{ draw(value) }} {{ _("Standings") }} '
             '{{ csrf_token() }}{% endcall %}')

    def draw(value):
        drawn.append(value)
        return value

    def shown(value, language="en", csrf=None):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            i18n.forget()
            extra = {"csrf_token": csrf} if csrf else {}
            return render_template_string(piece, value=value, draw=draw, **extra)

    first = shown("A")
    assert shown("A") == first and drawn == ["A"]  # kept: not drawn again
    assert shown("B").startswith("B ") and drawn == ["A", "B"]
    assert "Clasificación" in shown("A", "es") and drawn == ["A", "B", "A"]
    assert render_cache.CSRF_SLOT in shown("A", csrf=render_cache.placeholder_csrf)
    assert render_cache.CSRF_SLOT not in shown("A") and drawn == ["A", "B", "A", "A"]
