"""Single requests that once answered 500: each is now a 4xx with a plain message page (or the
form's own message), and nothing is saved."""
from __future__ import annotations

import json

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Club, Game

from .clubs.helpers import create_club
from .helpers import create, post_hand, text

DEEP = "[" * 400 + "]" * 400
QUICK_30 = {"mode": "quick", "bidder": "0", "bid": "30", "made": "1"}


@pytest.fixture
def quiet_app(app):
    """Errors answered as in production (a 500 page), not raised into the test."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return app


def _count(model) -> int:
    return db.session.scalar(db.select(db.func.count()).select_from(model))


@pytest.mark.parametrize("number", ["-1", "-5", "-999999999999"])
def test_a_kept_hand_at_a_negative_number_is_a_plain_400(quiet_app, client, number):
    game_id = create(client, "texas42")
    assert post_hand(client, game_id, QUICK_30).status_code == 303
    r = client.post(f"/games/{game_id}/hands/kept", data={"number": number, **QUICK_30})
    assert r.status_code == 400
    assert "Not understood" in text(r)


def _game_record(**extra) -> dict:
    return {"variant": "texas42", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": 0,
            "options": {}, "hands": [], **extra}


def _deep_records() -> list[str]:
    """A game record with a 400-deep list in each place the checks walk (the body itself, an
    option, a player, an unknown key, a key of a hand)."""
    deep = json.loads(DEEP)
    return [DEEP,
            json.dumps(_game_record(options={"x": deep})),
            json.dumps(_game_record(players=["Ann", "Bob", "Cat", deep])),
            json.dumps(_game_record(notes=deep)),
            json.dumps(_game_record(hands=[{"bidder": 0, "bid": 30, "contract": "straight",
                                            "made": True, "x": deep}]))]


@pytest.mark.parametrize("case", range(5))
def test_a_game_import_nested_400_deep_is_refused_plainly(quiet_app, client, case):
    r = client.post("/games/import", data={"record": _deep_records()[case]})
    assert r.status_code == 422
    assert "not a game record" in text(r)
    assert _count(Game) == 0


@pytest.mark.parametrize("case", range(5))
def test_a_club_import_nested_400_deep_is_refused_plainly(quiet_app, client, case):
    body = _deep_records()[case]
    r = client.post("/clubs/import", data={"name": "Deep", "records": f"[{body}]"})
    assert r.status_code == 422
    assert "not a club export" in text(r)
    assert _count(Club) == 0 and _count(Game) == 0


def test_an_ordinary_record_still_imports_after_the_depth_check(client):
    game_id = create(client, "texas42")
    assert post_hand(client, game_id, {"mode": "auction", "calls": "30 pass pass pass",
                                       "made": "1"}).status_code in (303, 422)
    record = client.get(f"/games/{game_id}/record.json").get_data(as_text=True)
    r = client.post("/games/import", data={"record": record})
    assert r.status_code == 303
    r = client.post("/clubs/import", data={"name": "Back", "records": f"[{record}]"})
    assert r.status_code == 303


def test_the_archive_and_its_csv_take_extreme_dates(quiet_app, client):
    club_id = create_club(client)
    for query in ("to=9999-12-31", "from=9999-12-31", "to=0001-01-01", "from=0001-01-01",
                  "from=9999-12-31&to=9999-12-31", "from=0001-01-01&to=9999-12-31",
                  "to=99999-01-01", "to=2024-02-30"):
        for page in ("games", "games.csv"):
            assert client.get(f"/clubs/{club_id}/{page}?{query}").status_code == 200, query


HOSTS = ["[", "[::1", "a:b:c", "x:abc", "x:-1", "x:99999", ":", "a@b", "exa mple", "[x]",
         "x\x00y", "", "ä"]


def test_a_nul_in_a_join_code_with_a_malformed_host_is_a_plain_400(quiet_app, client):
    for host in HOSTS:
        headers = {"Host": host}
        for r in (client.get("/g/AB%00CDEF", headers=headers),
                  client.get("/c/AB%00CDEF", headers=headers),
                  client.get("/join?code=AB%00CDEF", headers=headers),
                  client.post("/join", data={"code": "AB\x00CDEF"}, headers=headers),
                  client.post("/clubs/join", data={"code": "AB\x00CDEF"}, headers=headers)):
            assert r.status_code == 400, (host, r.request.path)
            assert "cannot be stored" in text(r)


def test_a_malformed_host_never_breaks_a_page(quiet_app, client):
    game_id = create(client, "texas42")
    for host in HOSTS:
        for path in ("/", "/join", f"/games/{game_id}", f"/games/{game_id}/live",
                     "/g/ABCDEFG"):
            assert client.get(path, headers={"Host": host}).status_code < 500, (host, path)


@pytest.mark.parametrize("host", ["a..b", "x" * 64 + ".example", "club." + "b" * 70])
def test_a_host_no_url_can_be_built_for_is_a_plain_400_on_every_route(quiet_app, client, host):
    """Werkzeug builds no router for such a Host (an empty label, one over 63 characters):
    the plain page is still built, without it."""
    game_id = create(client, "texas42")
    for method, path in (("GET", "/"), ("GET", "/join"), ("GET", f"/games/{game_id}"),
                         ("POST", f"/games/{game_id}/hands"), ("GET", "/clubs"),
                         ("GET", "/static/css/app.css"), ("GET", "/nowhere")):
        r = client.open(path, method=method, headers={"Host": host})
        assert r.status_code == 400 and "Not understood" in text(r), (method, path)
        assert 'href="/static/css/plain.css"' in r.get_data(as_text=True)


@pytest.mark.parametrize("method,path,status", [
    ("DELETE", "/join", 405), ("PUT", "/games/new", 405), ("POST", "/rules/", 405)])
def test_refused_methods_get_a_plain_page(client, method, path, status):
    r = client.open(path, method=method)
    assert r.status_code == status
    assert "Scorekeeper" in r.get_data(as_text=True) and "Allow" in r.headers
