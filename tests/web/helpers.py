"""Helpers for the view tests: make games through the real forms, post hands."""
from __future__ import annotations

import re

from scorekeeper.extensions import db
from scorekeeper.models import Game

HX = {"HX-Request": "true"}
NAMES = {1: ["Sol"], 2: ["Ann", "Bob"], 3: ["Ann", "Bob", "Cat"], 4: ["Ann", "Bob", "Cat", "Dan"]}


def create(client, variant, players=4, first_dealer=0, **options):
    names = NAMES[players] if isinstance(players, int) else players
    data = {"variant": variant, "first_dealer": str(first_dealer), **option_fields(variant, **options)}
    for i, n in enumerate(names):
        data[f"name-{i}"] = n
    r = client.post("/games/new", data=data)
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    return int(r.headers["Location"].rsplit("/", 1)[1])


def option_fields(variant: str, **options) -> dict:
    """The house rules' fields as a setup form sends them: the defaults but for `options`."""
    from scorekeeper.rules import VARIANTS

    data: dict = {}
    for o in VARIANTS[variant].options:
        key = f"opt-{o.name}"
        value = options.get(o.name, o.default)
        if o.kind == "bool":
            if value:
                data[key] = "1"
        elif o.kind == "multi":
            data[key] = list(value)
        elif value is not None:
            data[key] = str(value)
    return data


def game(game_id) -> Game:
    db.session.expire_all()
    return db.session.get(Game, game_id)


def post_hand(client, game_id, fields, htmx=False, number=None, version=None):
    g = game(game_id)
    data = {"version": str(g.version if version is None else version), **fields}
    url = f"/games/{game_id}/hands" + ("" if number is None else f"/{number}")
    return client.post(url, data=data, headers=HX if htmx else {})


def preview(client, game_id, fields, htmx=True):
    g = game(game_id)
    data = {"version": str(g.version), **fields}
    return client.post(f"/games/{game_id}/hands/preview", data=data, headers=HX if htmx else {})


def empty_app(tmp_path, monkeypatch):
    """An app on an empty SQLite database, for the migration tests to upgrade step by step."""
    from scorekeeper import create_app

    monkeypatch.delenv("PUBLIC_URL", raising=False)
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.sqlite'}"})


def text(response) -> str:
    """The visible text of a response, whitespace collapsed."""
    html = response.get_data(as_text=True)
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    html = html.replace("&amp;", "&").replace("&#39;", "'").replace("&quot;", '"')
    return " ".join(html.split())


def at_once(app, client, url: str, data: dict, phones: int = 4) -> list[int]:
    """POST `data` to `url` from `phones` clients of the same phone as `client` (its cookie),
    released together: the statuses, sorted."""
    import threading

    cookie = client.get_cookie("sk_phone")
    results = []
    barrier = threading.Barrier(phones)

    def phone():
        c = app.test_client()
        if cookie is not None:
            c.set_cookie("sk_phone", cookie.value)
        barrier.wait()
        results.append(c.post(url, data=data).status_code)

    threads = [threading.Thread(target=phone) for _ in range(phones)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(results)
