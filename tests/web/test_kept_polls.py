"""kept_polls.KeptPolls: a poll answered from what is kept (a 304, a cached live update) is
answered before Flask's dispatch, as the view answers it; anything else goes to the app as
before."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from scorekeeper import access

from .helpers import game
from .test_live_scale import import_game, record_of, viewer_of


@contextmanager
def dispatch_counted(app):
    """The paths whose request ran the app's before-request hooks (Flask's dispatch) within
    the block; the hook that counts them is taken out after it."""
    from flask import request

    seen = []

    def count():
        seen.append(request.path)

    hooks = app.before_request_funcs.setdefault(None, [])
    hooks.insert(0, count)
    try:
        yield seen
    finally:
        hooks.remove(count)


@pytest.fixture
def dispatched(app):
    """dispatch_counted over the whole test (the app is the test process's: it is left as
    it was)."""
    with dispatch_counted(app) as seen:
        yield seen


def test_an_unchanged_poll_is_answered_before_the_app_as_the_view_answers_it(app, client,
                                                                             dispatched):
    game_id = import_game(client, record_of(2))
    viewer = viewer_of(app, client, game_id)
    live = f"/games/{game_id}/live"
    etag = viewer.get(live).headers["ETag"]
    dispatched.clear()  # (the set-up's requests)
    fast = viewer.get(live, headers={"If-None-Match": etag})
    assert fast.status_code == 304 and dispatched == []
    polls = app.wsgi_app.wsgi_app  # HeadersOnEveryAnswer(KeptPolls(the app's own))
    app.wsgi_app.wsgi_app = polls.wsgi_app
    try:
        slow = viewer.get(live, headers={"If-None-Match": etag})
    finally:
        app.wsgi_app.wsgi_app = polls
    assert dispatched == [live]  # (that one went through the view)
    for name in ("ETag", "Cache-Control", "Content-Security-Policy", "X-Frame-Options"):
        assert fast.headers[name] == slow.headers[name], name
    assert set(fast.headers["Vary"].split(", ")) >= {"Cookie", "HX-Request"}
    assert fast.get_data() == b""


def test_a_kept_live_update_is_served_before_the_app_a_new_one_by_it(app, client, dispatched):
    game_id = import_game(client, record_of(2))
    viewers = [viewer_of(app, client, game_id) for _ in range(2)]
    live = f"/games/{game_id}/live"
    dispatched.clear()
    first = viewers[0].get(live, headers={"Accept-Encoding": "br"})
    assert first.status_code == 200 and dispatched == [live]  # rendered by the view
    second = viewers[1].get(live, headers={"Accept-Encoding": "br"})
    assert second.status_code == 200 and dispatched == [live]  # kept: not dispatched
    assert second.get_data() == first.get_data() and second.headers["Content-Encoding"] == "br"
    for name in ("ETag", "Cache-Control", "Vary", "Content-Security-Policy"):
        assert second.headers[name] == first.headers[name], name
    # the scorer's copy carries its CSRF token: a new session's first one is saved by the app
    scorer = client.get(live)
    assert scorer.status_code == 200 and "Undo" in scorer.get_data(as_text=True)
    fresh = app.test_client()
    fresh.set_cookie("sk_phone", client.get_cookie("sk_phone").value)
    assert fresh.get(live).status_code == 200 and fresh.get_cookie("session") is not None
    assert dispatched == [live, live, live]


def test_a_changed_game_or_a_phone_without_a_role_goes_to_the_app(app, client, dispatched):
    game_id = import_game(client, record_of(2))
    viewer, stranger = viewer_of(app, client, game_id), app.test_client()
    live = f"/games/{game_id}/live"
    etag = viewer.get(live).headers["ETag"]
    dispatched.clear()
    # a stranger who copied the ETag learns nothing: no game, as without one
    r = stranger.get(live, headers={"If-None-Match": etag})
    assert r.status_code == 404 and "No game here" in r.get_data(as_text=True)
    client.post(f"/games/{game_id}/hands",
                data={"version": str(game(game_id).version), "mode": "quick", "passed": "1"})
    r = viewer.get(live, headers={"If-None-Match": etag})
    assert r.status_code == 200 and f"-v{game(game_id).version}-" in r.headers["ETag"]
    assert viewer.get(f"/games/{game_id + 1}/live",
                      headers={"If-None-Match": etag}).status_code == 404
    assert [path for path in dispatched if path.endswith("/live")] == [
        live, live, f"/games/{game_id + 1}/live"]


def test_a_phone_with_cookies_from_before_phones_has_them_adopted_on_a_poll(app, client):
    game_id = import_game(client, record_of(2))
    live = f"/games/{game_id}/live"
    etag = viewer_of(app, client, game_id).get(live).headers["ETag"]
    old = app.test_client()
    with app.test_request_context():
        old.set_cookie(f"sk_v_{game_id}", access._token("v", game_id, game(game_id).code))
    r = old.get(live, headers={"If-None-Match": etag})
    assert r.status_code in (200, 304)
    cookies = r.headers.getlist("Set-Cookie")
    assert any(c.startswith("sk_phone=") for c in cookies)
    assert any(c.startswith(f"sk_v_{game_id}=;") for c in cookies)  # dropped


def test_behind_a_trusted_proxy_the_poll_is_read_as_the_proxy_reports_it(app_factory):
    app = app_factory("proxied.sqlite", TRUSTED_PROXIES=1)
    client = app.test_client()
    game_id = import_game(client, record_of(1))
    live = f"/games/{game_id}/live"
    proxied = {"X-Forwarded-Host": "club.example", "X-Forwarded-Proto": "https"}
    etag = client.get(live, headers=proxied).headers["ETag"]
    with dispatch_counted(app) as dispatched:
        r = client.get(live, headers={**proxied, "If-None-Match": etag})
    assert r.status_code == 304 and dispatched == []
    assert r.headers["Strict-Transport-Security"]
    # another Host is another answer (its QR codes name another address)
    assert client.get(live, headers={"If-None-Match": etag}).status_code == 200


def test_a_failure_in_the_fast_path_is_left_to_the_app(app, client, monkeypatch):
    """The database away for a moment while the poll is answered early: the app answers it
    (here: it is back), never the server's bare 500."""
    from sqlalchemy.exc import OperationalError

    from scorekeeper.games import live as live_module

    game_id = import_game(client, record_of(1))
    etag = client.get(f"/games/{game_id}/live").headers["ETag"]
    real, calls = live_module.poll_head, []

    def away_once(game_id):
        calls.append(game_id)
        if len(calls) == 1:
            raise OperationalError("SELECT", {}, Exception("database is away"))
        return real(game_id)

    monkeypatch.setattr(live_module, "poll_head", away_once)
    r = client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag})
    assert r.status_code == 304 and calls == [game_id, game_id]
