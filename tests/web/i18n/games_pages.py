"""The games pages in the states a table sees them (issue 44, area 44a): made once here, read in
English and in Spanish by test_games_pages.py."""
from __future__ import annotations

import json

from scorekeeper import store

from ..clubs.helpers import club_game, create_club, join_club
from ..helpers import create, game, option_fields

NAMES = ("Ann", "Bob", "Cat", "Dan")
T42 = {"variant": "texas42", "players": list(NAMES), "first_dealer": 0, "options": {}}
HANDS = [{"bidder": 1, "bid": 30, "contract": "straight", "points": 34},
         {"bidder": 2, "bid": 31, "contract": "straight", "points": 20},
         {"bidder": 3, "bid": 84, "contract": "straight", "points": 42}]
# 20 hands to 11 marks: Bob & Dan reach 11 with the 20th
FINISHING = [{"bidder": i % 4, "bid": 30, "contract": "straight", "points": 30 if i % 3 else 20}
             for i in range(20)]


def imported(client, record: dict) -> int:
    r = client.post("/games/import", data={"record": json.dumps(record)})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return int(r.headers["Location"].rsplit("/", 1)[1])


def watcher(app, game_id: int):
    """Another phone that opened the game's viewer link."""
    phone = app.test_client()
    assert phone.get(f"/g/{game(game_id).code}").status_code == 303
    return phone


def pages(app, client) -> dict[str, tuple]:
    """name -> (the client that reads it, method, url, form): every state of the area's pages."""
    fresh = create(client, "texas42")
    played = imported(client, {**T42, "hands": HANDS})
    over = imported(client, {**T42, "options": {"target_marks": 11}, "hands": FINISHING})
    called = imported(client, {**T42, "called": True, "hands": HANDS[:1] + [
        {"bidder": 0, "bid": 30, "contract": "straight", "points": 34}]})
    cards = imported(client, {"variant": "card42", "players": ["Ann", "Bob", "Cat"],
                              "first_dealer": 0, "options": {},
                              "hands": [{"bids": [1, 3, 2], "tricks": [1, 3, 3]}]})
    train = imported(client, {"variant": "mexican-train", "players": list(NAMES),
                              "first_dealer": 0, "options": {},
                              "hands": [{"pips": [30, 0, 40, 7], "out": 1}]})
    solo = imported(client, {"variant": "castle-rock", "players": ["Sol"], "first_dealer": 0,
                             "options": {}, "hands": [{"remaining": 1}, {"remaining": 5}]})
    seated = imported(client, {"variant": "mexican-train", "players": list(NAMES),
                               "first_dealer": 0, "options": {"double_blank": 50}, "hands": []})
    viewer = watcher(app, played)
    seater = watcher(app, seated)
    assert seater.post(f"/games/{seated}/seats/1/claim").status_code == 303
    assert seater.post(f"/games/{seated}/counts",
                       data={"seat": "1", "number": "0", "pips": "12+3"}).status_code == 303
    unseated = watcher(app, seated)
    unseated.get(f"/games/{seated}")
    g = game(played)
    # a club's game: Bob's phone may take it over; another already was taken over from this
    # phone, which then sends a hand all the same
    club_id = create_club(client)
    asked = club_game(client, club_id, "moon", ["Ann", "Bob", "Cat"])
    taken = club_game(client, club_id, "moon", ["Ann", "Bob", "Cat"])
    bob = app.test_client()
    join_club(bob, club_id, "Bob's phone")
    assert bob.post(f"/games/{taken}/take-over").status_code == 303
    edited = imported(client, {**T42, "hands": HANDS})
    e = game(edited)
    assert store.write_hand(e, e.version, "edited", 1, HANDS[1],
                            {**HANDS[1], "points": 31}, "creator")
    undone = imported(client, {**T42, "hands": HANDS})
    assert client.post(f"/games/{undone}/hands/undo",
                       data={"version": str(game(undone).version)}).status_code == 303
    return {
        "home": (client, "get", "/", None),
        "new": (client, "get", "/games/new", None),
        "new-texas42": (client, "get", "/games/new?variant=texas42", None),
        "new-train": (client, "get", "/games/new?variant=mexican-train", None),
        "new-solo": (client, "get", "/games/new?variant=castle-rock", None),
        "new-card42": (client, "get", "/games/new?variant=card42", None),
        "new-no-variant": (client, "post", "/games/new", {}),
        "new-errors": (client, "post", "/games/new",
                       {"variant": "texas42", "name-0": "Ann", "name-1": "ann",
                        "first_dealer": "9", **option_fields("texas42")}),
        "new-too-few": (client, "post", "/games/new",
                        {"variant": "mexican-train", "name-0": "Ann", "first_dealer": "0",
                         **option_fields("mexican-train")}),
        "import-error": (client, "post", "/games/import", {"record": "[1]"}),
        "fresh": (client, "get", f"/games/{fresh}", None),
        "played-grid": (client, "get", f"/games/{played}?view=grid", None),
        "played-list": (client, "get", f"/games/{played}?view=list", None),
        "played-viewer": (viewer, "get", f"/games/{played}", None),
        "over": (client, "get", f"/games/{over}", None),
        "called": (client, "get", f"/games/{called}", None),
        "cards": (client, "get", f"/games/{cards}", None),
        "train": (client, "get", f"/games/{train}?view=grid", None),
        "train-list": (client, "get", f"/games/{train}?view=list", None),
        "solo": (client, "get", f"/games/{solo}", None),
        "seated-scorer": (client, "get", f"/games/{seated}", None),
        "seated-phone": (seater, "get", f"/games/{seated}", None),
        "unseated-phone": (unseated, "get", f"/games/{seated}", None),
        "seat-phone": (client, "get", f"/games/{seated}/seats/0/seat-phone", None),
        "edited": (client, "get", f"/games/{edited}", None),
        "undone": (client, "get", f"/games/{undone}", None),
        "edit": (client, "get", f"/games/{played}/hands/1/edit", None),
        "history": (client, "get", f"/games/{edited}/history", None),
        "history-seats": (client, "get", f"/games/{seated}/history", None),
        "tv": (client, "get", f"/games/{played}/tv", None),
        "tv-over": (client, "get", f"/games/{over}/tv", None),
        "continue": (viewer, "get", f"/games/{played}/continue", None),
        "stale": (client, "post", f"/games/{played}/hands",
                  {"version": str(g.version - 1), "mode": "quick", "bidder": "1",
                   "bid": "30", "points": "34"}),
        "live": (viewer, "get", f"/games/{played}/live", None),
        "take-over": (bob, "get", f"/games/{asked}/take-over", None),
        "club-game-member": (bob, "get", f"/games/{asked}", None),
        "scoring-ended": (client, "get", f"/games/{taken}", None),
        "taken-history": (client, "get", f"/games/{taken}/history", None),
        "not-saved": (client, "post", f"/games/{taken}/hands",
                      {"version": str(game(taken).version), "mode": "quick", "bidder": "1",
                       "bid": "5"}),
        "seats-still-counting": (client, "post", f"/games/{seated}/counts/save",
                                 {"version": str(game(seated).version),
                                  "counts": str(game(seated).count_version)}),
        "seats-not-a-number": (seater, "post", f"/games/{seated}/counts",
                               {"seat": "1", "number": "0", "pips": "twelve"}),
    }
