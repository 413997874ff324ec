"""View tests: every route, as a full page and as the htmx partial."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.rules import VARIANTS, score

from .helpers import HX, create, game, post_hand, text


# --------------------------------------------------------------------------- home

def test_home_empty(client):
    r = client.get("/")
    assert r.status_code == 200
    assert "<html" in r.get_data(as_text=True)
    assert "Start a new game" in text(r)
    assert "No game in progress" in text(r)


def test_home_partial_lists_games(client):
    gid = create(client, "moon", 3)
    r = client.get("/", headers=HX)
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body
    assert f"/games/{gid}" in body
    assert "Ann, Bob, Cat" in text(r)


def test_home_separates_finished_games(client, app):
    gid = create(client, "moon", 3)
    # shooting the moon wins at once
    r = post_hand(client, gid, {"mode": "quick", "bidder": "0", "bid": "21",
                                "tricks-0": "7", "tricks-1": "0", "tricks-2": "0"})
    assert r.status_code == 303
    t = text(client.get("/"))
    assert "Recently finished" in t
    assert "Won by Ann" in t


# --------------------------------------------------------------------------- new game

def test_new_game_page_lists_every_variant(client):
    r = client.get("/games/new")
    assert r.status_code == 200
    t = text(r)
    for v in VARIANTS.values():
        assert v.title in t
        assert v.blurb in t


def test_new_game_partial_for_a_variant(client):
    r = client.get("/games/new?variant=lechner42", headers=HX)
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body
    assert 'name="name-3"' in body and 'name="name-4"' not in body
    assert "team A" in body and "team B" in body
    for o in VARIANTS["lechner42"].options:
        assert f'name="opt-{o.name}"' in body
        assert o.help in text(r)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_new_game_form_per_variant(client, variant_id):
    v = VARIANTS[variant_id]
    r = client.get(f"/games/new?variant={variant_id}")
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert f'name="name-{v.max_players - 1}"' in body
    assert 'method="post"' in body and 'name="csrf_token"' in body


def test_create_game_stores_inputs_and_grants_creator(client, app):
    gid = create(client, "lechner42", first_dealer=2, target_marks=5)
    g = game(gid)
    assert g.variant == "lechner42" and g.first_dealer == 2
    assert g.options == {"target_marks": 5}  # only what differs from the defaults
    assert [p.name for p in g.players] == ["Ann", "Bob", "Cat", "Dan"]
    assert g.version == 1 and len(g.code) == 7 and g.scorer_secret and g.creator_secret
    assert [e.action for e in g.events] == ["created"]
    assert g.record() == {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
                          "first_dealer": 2, "options": {"target_marks": 5}, "hands": []}


def test_create_game_sets_creator_cookie(client):
    r = client.post("/games/new", data={"variant": "moon", "name-0": "A", "name-1": "B",
                                        "name-2": "C", "first_dealer": "0",
                                        "opt-target_points": "21"})
    assert r.status_code == 303
    assert any(h.startswith("sk_phone=") for h in r.headers.getlist("Set-Cookie"))


@pytest.mark.parametrize("names, message", [
    (["Ann", "Bob", "Cat"], "is for exactly 4 players"),
    (["Ann", "", "Cat", "Dan"], "Seat 2 has no name"),
    (["Ann", "Bob", "ann", "Dan"], "Two seats are called Ann"),
])
def test_create_game_checks_names(client, names, message):
    data = {"variant": "forty-two", "first_dealer": "0", "opt-target_points": "250",
            "opt-target_hands": "7"}
    for i, n in enumerate(names):
        data[f"name-{i}"] = n
    r = client.post("/games/new", data=data)
    assert r.status_code == 422
    assert message in text(r)
    assert f'value="{names[0]}"' in r.get_data(as_text=True)  # what was typed stays
    assert Game.query.count() == 0
    # the htmx version answers with the partial, swappable (200)
    r = client.post("/games/new", data=data, headers=HX)
    assert r.status_code == 200 and "<html" not in r.get_data(as_text=True)
    assert message in text(r)


def test_create_game_player_count_range(client):
    data = {"variant": "card42", "first_dealer": "0", "name-0": "Ann", "opt-bonus": "3",
            "opt-cap_at_42": "1"}
    r = client.post("/games/new", data=data)
    assert r.status_code == 422 and "2 to 7 players" in text(r)
    data["name-1"] = "Bob"
    assert client.post("/games/new", data=data).status_code == 303


def test_create_game_rejects_bad_option(client):
    data = {"variant": "lechner42", "first_dealer": "0", "opt-target_marks": "seven",
            "opt-win_by": "2"}
    for i, n in enumerate(["A", "B", "C", "D"]):
        data[f"name-{i}"] = n
    r = client.post("/games/new", data=data)
    assert r.status_code == 422 and "Target marks must be a whole number from 1 to 100." in text(r)


def test_setup_names_house_rules_as_the_form_shows_them(client):
    """The setup page says "Contracts", "Follow me", not the record's keys."""
    r = client.get("/games/new?variant=texas42")
    assert "Target marks" in text(r) and "All pass" in text(r) and "Follow me" in text(r)
    data = {"variant": "texas42", "first_dealer": "0", "opt-target_marks": "7", "opt-win_by": "1",
            "opt-all_pass": "forced"}  # every contract unticked
    for i, n in enumerate(["A", "B", "C", "D"]):
        data[f"name-{i}"] = n
    r = client.post("/games/new", data=data)
    assert r.status_code == 422
    assert "Contracts must name at least one of straight, sevens" in text(r)
    assert "Option contracts" not in text(r)


def test_create_game_unknown_variant(client):
    r = client.post("/games/new", data={"variant": "poker"})
    assert r.status_code == 422 and "Pick the game" in text(r)


def test_create_game_htmx_redirects(client):
    r = client.post("/games/new", headers=HX, data={
        "variant": "castle-rock", "name-0": "Sol", "first_dealer": "0"})
    assert r.status_code == 204 and r.headers["HX-Redirect"].startswith("/games/")


# --------------------------------------------------------------------------- the game page

def test_game_page_full_and_partial(client):
    gid = create(client, "lechner42")
    r = client.get(f"/games/{gid}")
    assert r.status_code == 200
    t = text(r)
    assert "Ann & Cat" in t and "Bob & Dan" in t
    assert "Ann shakes" in t and "Bob bids first" in t
    assert 'id="hand-form"' in r.get_data(as_text=True)
    r = client.get(f"/games/{gid}", headers=HX)
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body and 'id="scoreboard"' in body


def test_game_404(client):
    assert client.get("/games/999").status_code == 404
    assert client.post("/games/999/hands", data={"version": "1"}).status_code == 404


def test_marks_drawn_as_tally(client):
    gid = create(client, "lechner42")
    r = post_hand(client, gid, {"mode": "quick", "bidder": "0", "bid": "126",
                                "contract": "sevens", "made": "1"})
    assert r.status_code == 303
    body = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'aria-label="3 marks"' in body
    assert body.count("<line") >= 3


def test_card42_countdown_on_scoreboard(client):
    gid = create(client, "card42", 3)
    # dealer is seat 0, bidding starts at seat 1
    r = post_hand(client, gid, {"mode": "quick", "bid-0": "2", "bid-1": "3", "bid-2": "1",
                                "tricks-0": "2", "tricks-1": "3", "tricks-2": "2"})
    assert r.status_code == 303, text(r)
    t = text(client.get(f"/games/{gid}"))
    assert "needs" in t and "wins with an exact bid of" in t or "cannot win next hand" in t


def test_mexican_train_round_info(client):
    gid = create(client, "mexican-train", 4)
    t = text(client.get(f"/games/{gid}"))
    assert "Round 1 of 13" in t and "double 12" in t and "14 tiles" in t


# --------------------------------------------------------------------------- rules

def test_rules_index_full_and_partial(client):
    r = client.get("/rules/")
    assert r.status_code == 200 and "<html" in r.get_data(as_text=True)
    for v in VARIANTS.values():
        assert v.title in text(r)
    r = client.get("/rules/", headers=HX)
    assert r.status_code == 200 and "<html" not in r.get_data(as_text=True)


def test_rules_404(client):
    assert client.get("/rules/poker").status_code == 404


SPEC = Path(__file__).resolve().parents[3] / "shared" / "spec" / "rules.md"


def _readings() -> dict[str, list[str]]:
    """Each **Reading** sentence of rules.md, by variant (when the spec is at hand)."""
    if not SPEC.exists():
        return {}
    out: dict[str, list[str]] = {}
    current = None
    for block in SPEC.read_text().split("\n\n"):
        m = re.match(r"## `([\w-]+)`", block)
        if m:
            current = m.group(1)
        for bullet in re.split(r"\n\s*- ", block):
            if "Reading**" in bullet and current:
                flat = " ".join(bullet.split())
                part = flat[flat.index("Reading**"):]
                part = re.sub(r"\s*\(`\{[^)]*\)", "", part)  # a record snippet like ({"passed": true})
                part = re.sub(r"[*`]", "", part)
                out.setdefault(current, []).append(part)
    return out


READINGS_FALLBACK = {
    "card42-teams": ["if all four pass, the hand is a redeal"],
    "texas42-1986": ["the side that wins the hand scores the bid plus the points it caught"],
    "lechner42": ["7 marks is the usual one"],
    "forty-two": ["both goals count, whichever comes first"],
    "moon": ["if all three pass, the hand is a redeal", "the bidder wins if she is among them"],
}


def _norm(s: str) -> str:
    s = s.replace("—", "-").replace("–", "-").replace("−", "-").replace("“", '"').replace("”", '"')
    s = s.replace("seed is silent", "rules are silent").replace("the seed says", "the rules say")
    s = s.replace("the seed gives", "the rules give").replace("the seed's", "the rules'")
    return " ".join(s.split()).lower()


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_rules_page_has_its_readings(client, variant_id):
    r = client.get(f"/rules/{variant_id}")
    assert r.status_code == 200
    page = _norm(text(r))
    for o in VARIANTS[variant_id].options:
        assert _norm(o.help) in page
    for phrase in READINGS_FALLBACK.get(variant_id, []):
        assert _norm(phrase) in page
    for reading in _readings().get(variant_id, []):
        # every sentence of the Reading is on the page (the spec's "seed" is "the rules" there)
        for sentence in re.split(r"(?<=[.:])\s+", reading):
            sentence = sentence.strip()
            if len(sentence) > 12:
                words = _norm(sentence).rstrip(".")
                assert words in page, (variant_id, sentence)
    r = client.get(f"/rules/{variant_id}", headers=HX)
    assert r.status_code == 200 and "<html" not in r.get_data(as_text=True)


def test_rules_document_skipping_and_tile_scaling(client):
    t = text(client.get("/rules/card42-teams"))
    assert "a player who passed is skipped afterwards" in t
    t = text(client.get("/rules/mexican-train"))
    silent = t[t.index("Where the written rules are silent"):]  # the app's choice, said so
    assert ("The rules give the tiles dealt for a double-12 set only. With a double-9 or double-15 "
            "set, the app scales them from the double-12 table in proportion to the tiles in the "
            "set outside the engine double (rounded down; 90 with double-12): with double-15, 2 "
            "players draw 24 each.") in silent
    assert "in proportion to the tiles in the set (rounded down)" not in t
    r = _play("mexican-train", [{"pips": [0, 1]}], {"set": 15}, n=2)
    assert r["hands"][0]["tiles"] == 24 == 16 * (136 - 1) // (91 - 1)
    assert ("holds the double blank and nothing else has 0 pips as entered, but did not go out: "
            "someone else must have, unless the round was blocked.") in t
    holder = {"pips": [0, 5, 5], "double_blank": 0}
    assert not _play("mexican-train", [holder], {"double_blank": 25}, n=3)["ok"]
    r = _play("mexican-train", [{**holder, "blocked": True}], {"double_blank": 25}, n=3)
    assert r["hands"][0]["deltas"] == [25, 5, 5]


def _play(variant, hands, options=None, n=4):
    """A record's result, straight from the engine (what a rules page says must hold there)."""
    return score({"variant": variant, "players": ["Ann", "Bob", "Cat", "Dan"][:n],
                  "first_dealer": 0, "options": options or {}, "hands": hands})


def _special(calls, **options):
    """A marks hand bid with `calls`, won by its last call (a plunge or splash), made."""
    won = [c for c in calls if c != "pass"][-1]
    return {"auction": calls, "contract": won, "call": "straight", "made": True,
            "doubles": 4 if won == "plunge" else 3}


def test_texas42_page_a_splash_opens_above_2_marks_too(client):
    t = text(client.get("/rules/texas42"))
    assert ("A plunge and a splash are the only ways to open above 2 marks (with 2-mark splashes, "
            "only a plunge: see below).") in t
    assert "it is the only way to open above 2 marks" not in t
    assert "Texas: open at most 2 marks (a plunge or splash aside), then one mark at a time" in t
    r = _play("texas42", [_special(["splash", "pass", "pass", "pass"])])
    assert r["hands"][0]["bid"] == 126 and r["hands"][0]["deltas"] == [0, 3]
    r = _play("texas42", [_special(["plunge", "pass", "pass", "pass"])])
    assert r["hands"][0]["bid"] == 168
    r = _play("texas42", [_special(["splash", "pass", "pass", "pass"])], {"splash_marks": 2})
    assert r["hands"][0]["bid"] == 84
    plain = {"auction": [126, "pass", "pass", "pass"], "contract": "straight", "made": True}
    assert not _play("texas42", [plain])["ok"]


def test_texas42_page_a_later_plunge_without_its_calls(client):
    t = text(client.get("/rules/texas42"))
    assert ("a later plunge or splash bids what it would over a high bid the players before her "
            "could have left standing (a plunge 4 marks, or 1 mark above a high bid of 4 marks or "
            "more)") in t
    assert "is 1 mark above a bid the players before her" not in t
    def plunge(bidder, bid):  # the dealer is Ann (seat 0): Bob bids first, Cat second
        hand = {"bidder": bidder, "bid": bid, "contract": "plunge", "call": "straight",
                "doubles": 4, "made": True}
        return _play("texas42", [hand])["ok"]
    assert plunge(2, 168) and not plunge(2, 210)  # nobody before Cat can leave 4 marks standing
    assert plunge(3, 210) and plunge(0, 252) and not plunge(3, 252)


@pytest.mark.parametrize("variant_id", ["lechner42", "texas42"])
def test_marks_pages_no_third_splash(client, variant_id):
    t = text(client.get(f"/rules/{variant_id}"))
    assert ("an auction holds at most a plunge and a splash, or two splashes. After either, no "
            "other plunge or splash may be called: a third splash is refused, and so is a plunge "
            "after two splashes.") in t
    assert "two splashes and a third, no more" not in t
    for calls, legal in ((["plunge", "splash", "pass", "pass"], True),
                         (["splash", "splash", "pass", "pass"], True),
                         (["splash", "splash", "splash", "pass"], False),
                         (["splash", "splash", "plunge", "pass"], False),
                         (["plunge", "splash", "splash", "pass"], False)):
        assert _play(variant_id, [_special(calls)])["ok"] is legal, calls


def test_moon_page_reads_only_21_as_shooting_the_moon(client):
    t = text(client.get("/rules/moon"))
    assert ("Reading: the rules say bidding \u201cgoes as high as 7, called \u2018shooting the "
            "moon\u2019\u201d, and that players \u201ccan bid 7 or 21: 21 being the game\u201d. "
            "The app reads only a bid of 21 as shooting the moon. A bid of 7 that takes every "
            "trick scores 7, like any made bid, and wins only if that brings the bidder to the "
            "target.") in t
    seven = {"bidder": 0, "bid": 7, "tricks": [7, 0, 0]}
    r = _play("moon", [seven], n=3)
    assert r["hands"][0]["deltas"] == [7, 0, 0] and not r["finished"]
    assert _play("moon", [seven] * 3, n=3)["winners"] == [0]  # 21 by the points
    r = _play("moon", [{**seven, "bid": 21}], n=3)
    assert r["hands"][0]["deltas"] == [21, 0, 0] and r["winners"] == [0]


def test_card42_teams_page_says_which_trump_counts_and_what_game_is(client):
    t = text(client.get("/rules/card42-teams"))
    assert ("Trump is the last trump standing: the suit of the last four played (the starting "
            "trump if no four was played).") in t
    assert ("Game (2): each team counts its cards, each ten 10, ace 4, king 3, queen 2, jack 1. "
            "The bidders get the 2 only if they have the most.") in t
    r = _play("card42-teams", [{"bidder": 0, "bid": 2, "points": {"game": True}}])
    assert r["hands"][0]["points"] == 2 and r["hands"][0]["deltas"] == [2, 0]


def test_castle_rock_page_marks_its_reading(client):
    t = text(client.get("/rules/castle-rock"))
    assert ("A game is won when at most two dominoes remain. Reading: the rules say a game is won "
            "\u201cif only two dominoes remain\u201d; the app counts one or none left as a win "
            "too.") in t
    r = _play("castle-rock", [{"remaining": n} for n in (0, 1, 2, 3)], n=1)
    assert [h["deltas"] for h in r["hands"]] == [[1], [1], [1], [0]]


def test_forty_two_page_the_points_tie_is_the_rules_own(client):
    t = text(client.get("/rules/forty-two"))
    assert ("If both teams reach 250 points on the same hand, the team that made the bid wins, as "
            "the rules say.") in t
    assert ("the rules say so for points, and the app does the same when the bidders win their "
            "last hand as the defenders reach the points.") in t
    # both reach 250 in one hand: the bidders (team 0) win with fewer points
    hands = [{"bidder": 0, "bid": 42, "points": 42}] * 4 + [{"bidder": 1, "bid": 30, "points": 35}] * 7
    r = _play("forty-two", hands, {"target_hands": 0})
    assert r["totals"] == [217, 245] and not r["finished"]
    r = _play("forty-two", hands + [{"bidder": 0, "bid": 30, "points": 33}], {"target_hands": 0})
    assert r["totals"] == [250, 254] and r["winners"] == [0]


# --------------------------------------------------------------------------- no JavaScript, CSRF

def test_forms_are_real_forms_with_csrf_token(app_factory):
    app = app_factory("csrf.sqlite", WTF_CSRF_ENABLED=True)
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None
    c = app.test_client()
    body = c.get("/games/new?variant=moon").get_data(as_text=True)
    assert 'X-CSRFToken' in body  # htmx sends it on every request
    token = re.search(r'name="csrf_token" value="([^"]+)"', body).group(1)
    data = {"variant": "moon", "name-0": "A", "name-1": "B", "name-2": "C",
            "first_dealer": "0", "opt-target_points": "21"}
    assert c.post("/games/new", data=data).status_code == 400  # no token: refused
    r = c.post("/games/new", data={**data, "csrf_token": token})
    assert r.status_code == 303
    page = c.get(r.headers["Location"]).get_data(as_text=True)
    for form in re.findall(r"<form[^>]*>", page):
        if 'method="post"' in form:
            assert "action=" in form
    assert page.count('name="csrf_token"') >= 1
    # htmx's header is accepted instead of the form field
    gid = r.headers["Location"].rsplit("/", 1)[1]
    r = c.post(f"/games/{gid}/hands/preview", data={"version": "1"},
               headers={"X-CSRFToken": token, **HX})
    assert r.status_code == 200


def test_static_htmx_vendored(client):
    r = client.get("/static/js/htmx.min.js")
    assert r.status_code == 200 and b"htmx" in r.data[:200]
    body = client.get("/").get_data(as_text=True)
    assert "/static/js/htmx.min.js" in body and "unpkg" not in body and "cdn" not in body.lower()
    r.close()


def test_no_get_changes_anything(client, app):
    gid = create(client, "forty-two")
    before = game(gid).version
    for url in ["/", f"/games/{gid}", f"/games/{gid}?x=1", "/games/new", "/rules/",
                "/rules/moon"]:
        client.get(url)
        client.get(url, headers=HX)
    assert game(gid).version == before
    assert client.get(f"/games/{gid}/hands/undo").status_code == 405


# --------------------------------------------------------------------------- bad ids

HUGE = 10**25  # more than any database integer holds


@pytest.mark.parametrize("huge", [HUGE, 2**31])  # 2**31: past PostgreSQL's 32-bit INTEGER
@pytest.mark.parametrize("method, url", [
    ("get", f"/games/{HUGE}"),
    ("get", f"/games/{HUGE}/live"),
    ("get", f"/games/{HUGE}/history"),
    ("get", f"/games/{HUGE}/hands/0/edit"),
    ("get", f"/games/1/hands/{HUGE}/edit"),
    ("post", f"/games/{HUGE}/hands"),
    ("post", f"/games/{HUGE}/hands/preview"),
    ("post", f"/games/{HUGE}/hands/undo"),
    ("post", f"/games/{HUGE}/scorer-link/rotate"),
    ("post", f"/games/{HUGE}/join-code/renew"),
])
def test_id_too_large_for_the_database_is_not_found(client, method, url, huge):
    create(client, "moon", 3)
    r = getattr(client, method)(url.replace(str(HUGE), str(huge)))
    assert r.status_code == 404


def test_home_ignores_a_cookie_for_an_id_no_database_holds(client):
    client.set_cookie(f"sk_c_{2**31}", "forged")
    assert client.get("/").status_code == 200


# --------------------------------------------------------------------------- export / import

def test_export_is_the_game_record_and_import_recreates_the_game(client):
    gid = create(client, "moon", 3)
    assert post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "1",
                                   "tricks-1": "5", "tricks-2": "1"}).status_code == 303
    r = client.get(f"/games/{gid}/record.json")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert "attachment" in r.headers["Content-Disposition"]
    record = r.get_json()
    assert record == {"variant": "moon", "players": ["Ann", "Bob", "Cat"], "first_dealer": 0,
                      "options": {}, "hands": [{"bidder": 1, "bid": 5, "tricks": [1, 5, 1]}]}

    r = client.post("/games/import", data={"record": (io.BytesIO(r.data), "game.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 303
    new_id = int(r.headers["Location"].rsplit("/", 1)[1])
    assert new_id != gid
    assert client.get(f"/games/{new_id}/record.json").get_json() == record
    assert "Bob" in text(client.get(f"/games/{new_id}"))


@pytest.mark.parametrize("payload, message", [
    (b"not json", "not a game record"),
    (b'{"variant": "moon", "players": ["A", "B"]}', "played by 3 players"),
    (b'{"variant": "moon", "players": ["A", "B", "C"], "hands": [{"bidder": 0, "bid": 5, '
     b'"tricks": [1, 1, 1]}]}', "Hand 1: The tricks add up to 3"),
    (b'{"variant": "moon", "players": ["A", "A", "C"]}', "different name"),
    (b'{"variant": "moon", "players": ["Ann", "ann ", "C"]}', "different name"),
    (b'{"variant": "moon", "players": ["A", "\\u200b", "C"]}', "Every player needs a name"),
])
def test_import_refuses_an_invalid_record_and_saves_nothing(client, app, payload, message):
    r = client.post("/games/import", data={"record": (io.BytesIO(payload), "game.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and message in text(r)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0


def test_export_needs_the_join_code(client):
    gid = create(client, "castle-rock", 1)
    stranger = client.application.test_client()
    r = stranger.get(f"/games/{gid}/record.json")
    assert r.status_code == 404 and "No game here" in r.get_data(as_text=True)


# --------------------------------------------------------------------------- every route

EVENT = "/clubs/{club}/events/{event}"  # the event _club_setup seats round 1 of


def _route_cases():
    """(endpoint, method, url, form, kind) for every route; each run on a fresh game of this
    client's (its creator). kind: "page" (the whole page with 200, "page:422" with that exact
    status; to htmx a partial with 200), "redirect"
    (the same 303 either way), "json" (the record either way), "csv" (a download either way),
    "asset" (the manifest, the service worker, what a kept hand is: the same either way),
    "print" (a printout: the whole page either way), "png" (a result card either way),
    "fragment" (only ever polled by
    htmx: the same fragment either way), "plain:404" (the plain page with that status either
    way). Writes are made to be refused, so each shows its page."""
    hand = {"mode": "quick", "bidder": "2", "bid": "30", "contract": "straight", "points": "99"}
    return [
        ("games.home", "GET", "/", None, "page"),
        ("games.new_game", "GET", "/games/new?variant=moon", None, "page"),
        ("games.create_game", "POST", "/games/new", {"variant": "moon"}, "page:422"),
        ("games.export_game", "GET", "/games/{gid}/record.json", None, "json"),
        ("games.import_game", "POST", "/games/import", {"record": "not a record"}, "page:422"),
        ("games.game_page", "GET", "/games/{gid}", None, "page"),
        ("games.preview_hand", "POST", "/games/{gid}/hands/preview", hand, "page"),
        ("games.enter_hand", "POST", "/games/{gid}/hands", hand, "page:422"),
        ("games.edit_hand", "GET", "/games/{gid}/hands/0/edit", None, "page"),
        ("games.update_hand", "POST", "/games/{gid}/hands/0", hand, "page:422"),
        ("games.undo_hand", "POST", "/games/{gid}/hands/undo", {"version": "1"}, "page:409"),
        # seats and counts: for a variant whose players count their own (tests/web/test_seats)
        ("games.claim_seat", "POST", "/games/{gid}/seats/0/claim", {}, "404"),
        ("games.release_seat", "POST", "/games/{gid}/seats/0/release", {}, "404"),
        ("games.seat_phone", "GET", "/games/{gid}/seats/0/seat-phone", None, "404"),
        ("games.seat_phone", "POST", "/games/{gid}/seats/0/seat-phone", {"phone": "1"}, "404"),
        ("games.count_hand", "POST", "/games/{gid}/counts", {"seat": "0", "number": "1"}, "404"),
        ("games.save_counted_round", "POST", "/games/{gid}/counts/save", {}, "404"),
        ("games.put_back_hand", "POST", "/games/{gid}/hands/put-back",
         {"version": "1", "undone": "1"}, "page:409"),
        ("games.history", "GET", "/games/{gid}/history", None, "page"),
        ("games.rules_index", "GET", "/rules/", None, "page"),
        ("games.rules_page", "GET", "/rules/moon", None, "page"),
        ("games.rules_card", "GET", "/games/{gid}/rules", None, "page"),
        ("clubs.save_rules", "POST", "/games/{cgid}/rules/club", {}, "see:/games/{cgid}/rules"),
        ("sharing.join", "GET", "/join", None, "page"),
        ("sharing.join", "POST", "/join", {"code": "ZZZ2345"}, "page:404"),
        ("sharing.viewer", "GET", "/g/{code}", None, "redirect"),
        ("sharing.scorer", "GET", "/s/{secret}", None, "redirect"),
        ("sharing.rotate", "POST", "/games/{gid}/scorer-link/rotate", {}, "redirect"),
        ("sharing.renew_code", "POST", "/games/{gid}/join-code/renew", {}, "redirect"),
        ("games.live_update", "GET", "/games/{gid}/live", None, "fragment"),
        ("pwa.manifest", "GET", "/manifest.webmanifest", None, "asset"),
        ("pwa.service_worker", "GET", "/sw.js", None, "asset"),
        ("pwa.offline", "GET", "/offline", None, "page"),
        ("i18n.choose_language", "POST", "/language", {"lang": "es"}, "see:/"),
        ("api_tokens.spec", "GET", "/api/v1/spec/game-record.md", None, "asset"),
        ("games.tv", "GET", "/games/{gid}/tv", None, "page"),
        ("games.kept_hand", "POST", "/games/{gid}/hands/kept", {"number": "0", **hand}, "asset"),
        ("players.game_review", "GET", "/games/{gid}/review", None, "page"),
        ("players.game_hands_csv", "GET", "/games/{gid}/hands.csv", None, "csv"),
        # clubs: this client started the club {club}; {member} is another phone in it, which
        # started the club game {cgid} (so this client can only watch it) and the game {vgid}
        # outside any club that this client watches; {won} is this client's finished game
        ("clubs.index", "GET", "/clubs", None, "page"),
        ("clubs.create", "POST", "/clubs", {"name": ""}, "page:422"),
        ("clubs.join", "POST", "/clubs/join", {"code": "ZZZ2345"}, "page:404"),
        ("clubs.link", "GET", "/c/{ccode}", None, "see:/clubs/{club}"),
        ("clubs.home", "GET", "/clubs/{club}", None, "page"),
        ("clubs.people", "GET", "/clubs/{club}/roster", None, "page"),
        ("clubs.add_person", "POST", "/clubs/{club}/roster", {"name": ""}, "page:422"),
        ("clubs.rename_person", "POST", "/clubs/{club}/roster/{person}/rename", {"name": ""},
         "page:422"),
        ("clubs.merge_person", "POST", "/clubs/{club}/roster/{person}/merge", {"into": ""},
         "page:422"),
        ("clubs.members", "GET", "/clubs/{club}/phones", None, "page"),
        ("clubs.leave", "POST", "/clubs/{club}/leave", {}, "see:/clubs"),
        ("clubs.remove_member", "POST", "/clubs/{club}/phones/{member}/remove", {},
         "see:/clubs/{club}/phones"),
        ("clubs.make_admin", "POST", "/clubs/{club}/phones/{member}/admin", {},
         "see:/clubs/{club}/phones"),
        ("clubs.new_code", "POST", "/clubs/{club}/code", {}, "see:/clubs/{club}/phones"),
        ("clubs.set_language", "POST", "/clubs/{club}/language", {"language": ""},
         "see:/clubs/{club}"),
        ("clubs.let_back_in", "POST", "/clubs/{club}/removed/{member}/let-in", {},
         "see:/clubs/{club}/phones"),
        ("clubs.new_game", "GET", "/clubs/{club}/games/new?variant=moon", None, "page"),
        ("clubs.create_game", "POST", "/clubs/{club}/games/new", {"variant": "moon"}, "page:422"),
        ("clubs.export", "GET", "/clubs/{club}/export.json", None, "json-list"),
        ("clubs.import_club", "POST", "/clubs/import", {"name": "X", "records": "no"}, "page:422"),
        ("handover.take_over", "GET", "/games/{cgid}/take-over", None, "page"),
        ("handover.take_over", "POST", "/games/{cgid}/take-over", {}, "see:/games/{cgid}"),
        ("handover.continue_game", "GET", "/games/{vgid}/continue", None, "page"),
        ("handover.continue_game", "POST", "/games/{vgid}/continue", {}, "see:/games/"),
        ("handover.rematch", "POST", "/games/{won}/rematch", {}, "see:/games/"),
        ("handover.next_game", "GET", "/games/{gid}/next", None, "redirect"),
        ("handover.hand_words", "POST", "/games/{gid}/hands/words", hand, "redirect"),
        ("players.club_games", "GET", "/clubs/{club}/games?status=playing", None, "page"),
        ("players.club_games_csv", "GET", "/clubs/{club}/games.csv", None, "csv:Game id"),
        ("players.person_page", "GET", "/clubs/{club}/people/{person}", None, "page"),
        ("players.person_csv", "GET", "/clubs/{club}/people/{person}.csv", None, "csv:Table"),
        ("players.club_stats", "GET", "/clubs/{club}/stats", None, "page"),
        ("players.club_stats_csv", "GET", "/clubs/{club}/stats.csv", None, "csv:Person"),
        ("players.club_ratings", "GET", "/clubs/{club}/ratings", None, "page"),
        ("players.club_ratings_csv", "GET", "/clubs/{club}/ratings.csv", None, "csv:Place"),
        ("players.person_ratings", "GET", "/clubs/{club}/people/{person}/ratings", None, "page"),
        ("players.name_season", "POST", "/clubs/{club}/seasons", {"name": ""}, "page:422"),
        ("events.index", "GET", "/clubs/{club}/events", None, "page"),
        ("events.new_event", "GET", "/clubs/{club}/events/new", None, "page"),
        ("events.create_event", "POST", "/clubs/{club}/events", {"name": ""}, "page:422"),
        ("events.event_page", "GET", EVENT, None, "page"),
        ("events.event_live", "GET", EVENT + "/live", None, "event-live"),
        ("events.tv", "GET", EVENT + "/tv", None, "page"),
        ("events.history", "GET", EVENT + "/history", None, "page"),
        ("events.start_round", "POST", EVENT + "/rounds", {}, "page:422"),  # round 1 plays
        ("events.call_time", "POST", EVENT + "/rounds/1/call", {}, "see:" + EVENT),
        ("events.stop_at_time", "POST", "/games/{gid}/time/stop", {}, "see:/games/{gid}"),
        ("events.follow_table", "POST", "/games/{gid}/table/next", {}, "plain:404"),
        ("events.follow_table", "GET", "/games/{gid}/table/next", None, "plain:404"),
        ("events.table_phones", "GET", EVENT + "/phones", None, "page"),
        ("events.move_phone", "POST", EVENT + "/phones/1", {"table": "9"}, "page:422"),
        ("events.table_card", "GET", EVENT + "/matches/{ematch}/card", None, "page"),
        ("events.forfeit", "POST", EVENT + "/matches/{ematch}/forfeit", {"side": "9"}, "page:422"),
        ("events.next_game", "POST", EVENT + "/matches/{ematch}/next", {}, "page:422"),
        ("events.swap", "POST", EVENT + "/matches/{ematch}/swap", {}, "page:422"),
        ("events.late_entrant", "POST", EVENT + "/entrants", {"entrant": ""}, "page:422"),
        ("events.playoff", "POST", EVENT + "/playoff", {}, "page:422"),
        ("events.new_link", "POST", EVENT + "/tv-link", {}, "see:" + EVENT),
        ("events.tv_link", "GET", "/e/" + "x" * 32 + "/tv", None, "404"),  # no such TV link
        ("events.draw", "POST", EVENT + "/draw", {}, "page:422"),
        ("events.withdraw", "POST", EVENT + "/entrants/0/withdraw", {}, "page"),
        ("events.check_in", "POST", EVENT + "/check-in", {}, "page:422"),
        ("events.undo_check_in", "POST", EVENT + "/check-in/undo", {}, "page:422"),
        ("events.undo_withdraw", "POST", EVENT + "/entrants/0/withdraw/undo", {}, "page:422"),
        ("events.export", "GET", EVENT + "/export.json", None, "event-json"),
        ("events.standings_csv", "GET", EVENT + "/standings.csv", None, "csv:Rank"),
        ("events.schedule_csv", "GET", EVENT + "/schedule.csv", None, "csv:Round"),
        ("events.import_event", "POST", "/clubs/{club}/events/import", {"record": "no"},
         "page:422"),
        # paper and pictures (issue 43): a printout is the whole page either way
        ("printing.game_sheet", "GET", "/games/{gid}/sheet", None, "print"),
        ("printing.game_card", "GET", "/games/{won}/card.png", None, "png"),
        ("printing.event_round", "GET", EVENT + "/round", None, "print"),
        ("printing.event_callout", "GET", EVENT + "/call-out", None, "print"),
        ("printing.event_card", "GET", EVENT + "/card.png", None, "404"),  # still played
        # the API's pages (its JSON routes: tests/api)
        ("api_tokens.docs", "GET", "/api/v1/docs", None, "page"),
        ("api_tokens.problem", "GET", "/api/v1/problems/stale-version", None, "page"),
        ("api_tokens.club_tokens", "GET", "/clubs/{club}/api-tokens", None, "page"),
        ("api_tokens.club_tokens", "POST", "/clubs/{club}/api-tokens", {"label": ""},
         "page:422"),
        ("api_tokens.revoke_club_token", "POST", "/clubs/{club}/api-tokens/9/revoke", {},
         "see:/clubs/{club}/api-tokens"),
        ("api_tokens.game_tokens", "GET", "/games/{gid}/api-tokens", None, "page"),
        ("api_tokens.game_tokens", "POST", "/games/{gid}/api-tokens", {"label": ""},
         "page:422"),
        ("api_tokens.revoke_game_token", "POST", "/games/{gid}/api-tokens/9/revoke", {},
         "see:/games/{gid}/api-tokens"),
        ("webhooks.club_webhooks", "GET", "/clubs/{club}/webhooks", None, "page"),
        ("webhooks.club_webhooks", "POST", "/clubs/{club}/webhooks", {"url": ""}, "page:422"),
        ("webhooks.webhook", "GET", "/clubs/{club}/webhooks/9", None, "plain:404"),
        ("webhooks.send_test", "POST", "/clubs/{club}/webhooks/9/test", {}, "plain:404"),
        ("webhooks.send_again", "POST", "/clubs/{club}/webhooks/9/deliveries/9/again", {},
         "plain:404"),
        ("webhooks.remove", "POST", "/clubs/{club}/webhooks/9/remove", {},
         "see:/clubs/{club}/webhooks"),
    ]


def _club_setup(client) -> dict:
    """A club of this client's with another phone in it; that phone's club game and game
    outside a club (this client watches both); a finished game of this client's."""
    from .clubs.helpers import MOON_WIN, club, club_game, create_club, join_club, person_id

    other = client.application.test_client()
    club_id = create_club(client)
    join_club(other, club_id)
    cgid = club_game(other, club_id, "moon", ["Ann", "Bob", "Cat"])
    vgid = create(other, "moon", 3)
    client.get(f"/g/{game(vgid).code}")
    won = create(client, "moon", 3)
    assert post_hand(client, won, MOON_WIN).status_code == 303
    event_id, ematch = _event_setup(client, club_id)
    c = club(club_id)
    return dict(club=club_id, ccode=c.code, member=c.members[1].id,
                person=person_id(club_id, "Bob"), cgid=cgid, vgid=vgid, won=won,
                event=event_id, ematch=ematch)


def _event_setup(client, club_id: int) -> tuple[int, int]:
    """An event of the club, run by this client, its first round seated: (event, a match)."""
    from .events.helpers import event, new_event, start_round

    event_id = new_event(client, club_id, entrants="Ann & Bob\nEve & Fay\nGus & Hal")
    start_round(client, club_id, event_id)
    return event_id, next(m.id for m in event(event_id).matches if m.bye is None)


API_JSON = {"api", "api-docs"}  # the JSON API and its OpenAPI document: tests/api


def test_every_route_has_a_case(app):
    routes = {(rule.endpoint, method) for rule in app.url_map.iter_rules()
              if rule.endpoint != "static" and rule.endpoint.split(".")[0] not in API_JSON
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert routes == {(endpoint, method) for endpoint, method, *_ in _route_cases()}


def ask_route(client, method: str, url: str, form: dict | None, headers: dict,
              **options):
    """A route's case asked as this client: a game of its own with a hand (and, when the URL
    names them, the club, its people, games and event); (the answer, the keys filled in)."""
    gid = create(client, "lechner42")
    post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight",
                            "points": "34"})
    g = game(gid)
    keys = dict(gid=gid, code=g.code, secret=g.scorer_secret)
    if "{" in url.replace("{gid}", "").replace("{code}", "").replace("{secret}", ""):
        keys.update(_club_setup(client))
    form = None if form is None else {"version": str(g.version), **form}
    return client.open(url.format(**keys), method=method, data=form, headers=headers,
                       **options), keys


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("endpoint, method, url, form, kind", _route_cases(),
                         ids=[f"{c[0]}-{c[1]}" for c in _route_cases()])
def test_every_route_as_a_page_and_to_htmx(client, endpoint, method, url, form, kind, htmx):
    r, keys = ask_route(client, method, url, form, HX if htmx else {})
    gid = keys["gid"]
    body = "" if r.mimetype == "image/png" else r.get_data(as_text=True)
    if kind.startswith("see:"):
        assert r.status_code == 303 and r.headers["Location"].startswith(kind[4:].format(**keys))
    elif kind.startswith("plain:"):  # the plain page, the same either way
        assert r.status_code == int(kind[6:]) and "<html" in body
    elif kind == "404":
        assert r.status_code == 404
    elif kind == "json-list":
        assert r.status_code == 200 and r.is_json and isinstance(r.get_json(), list)
    elif kind.startswith("page"):
        assert ("<html" not in body) == htmx and body.strip()
        assert r.status_code == (200 if htmx else int(kind[5:] or 200))
    elif kind == "redirect":
        assert r.status_code == 303 and f"/games/{gid}" in r.headers["Location"]
    elif kind == "asset":
        assert r.status_code == 200 and "<html" not in body and body.strip()
    elif kind == "print":
        assert r.status_code == 200 and "<html" in body and "print.css" in body
    elif kind == "png":
        assert r.status_code == 200 and r.mimetype == "image/png"
    elif kind.startswith("csv"):  # the same download either way
        header = kind[4:] or "Bob & Dan total"
        assert r.status_code == 200 and r.mimetype == "text/csv" and header in body
    elif kind == "event-json":
        assert r.status_code == 200 and r.is_json and r.get_json()["format"] == "round-robin"
    elif kind == "event-live":
        assert r.status_code == 200 and "<html" not in body and 'id="event-live"' in body
    elif kind == "json":
        assert r.status_code == 200 and r.is_json and r.get_json()["hands"][0]["points"] == 34
    else:
        assert r.status_code == 200 and "<html" not in body and 'id="scoreboard"' in body
