"""Every route of the app, as test_pages asks it (a page, and its part to htmx), said in
Spanish with nothing left in English (issue 44): whichever area a sentence comes from, the
pages as one phone sees them after every area landed."""
from __future__ import annotations

import pytest

from spanish import english_left

from ..helpers import HX, create, post_hand
from ..test_pages import _route_cases, ask_route
from .test_language import ES

# What the test's pages show that is no sentence of the app: the people, club, event and games
# the setup made, and the words both languages write alike.
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Thursday Night",
         "Friday tournament", "Ann's phone", "Bob's phone", "Scorekeeper", "Lechner",
         "BG Stats", "QR", "JSON", "CSV", "API", "TV", "OK", "Bobby",
         # codes a page names as they are typed: the tie-breaks, a hand's key
         "wins, difference, scored, head_to_head", '"hand": 0')
SHOWN = ("page", "page:", "redirect", "see:", "plain:", "fragment", "print", "event-live")


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("endpoint, method, url, form, kind", [
    c for c in _route_cases() if c[4].startswith(SHOWN)], ids=lambda v: str(v)[:40])
def test_every_route_speaks_spanish(client, endpoint, method, url, form, kind, htmx):
    r, _keys = ask_route(client, method, url, form, {**ES, **(HX if htmx else {})},
                         follow_redirects=True)
    if r.mimetype != "text/html":
        return
    assert english_left(r.get_data(as_text=True), NAMES) == [], (endpoint, method)


def test_a_kept_hand_is_described_in_the_phones_language(client):
    """The answer to a kept hand's "was it saved?" (JSON for the phone's script) says the hand
    and the one saved meanwhile in the phone's language, as the hand list would."""
    gid = create(client, "lechner42")
    hand = {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight", "points": "34"}
    post_hand(client, gid, hand)
    for number in ("0", "1"):
        r = client.post(f"/games/{gid}/hands/kept", data={"number": number, **hand},
                        headers=ES)
        answer = r.get_json()
        said = [answer["text"]] + ([answer["now"]] if answer["now"] else [])
        assert said[0] and all(english_left(f"<p>{s}</p>", NAMES) == [] for s in said), said
        assert "apostó" in said[0], said



def test_a_players_name_is_never_translated(app):
    """A player called "Pass" (a word of the catalog: "Paso") keeps her name in the engine's
    refusal said in Spanish, as every name does (rules.text.Name)."""
    from scorekeeper import i18n, rules

    record = {"variant": "card42", "players": ["Pass", "Bob", "Cat"], "first_dealer": 0,
              "hands": [{"bids": [1, 3, 3], "tricks": [1, 3, 3]}]}
    result = rules.score(record)
    assert not result["ok"] and "(Pass)" in result["error"]
    with app.test_request_context(headers=ES):
        said = i18n.say(result["error"])
    assert "(Pass)" in said and "(Paso)" not in said and said != result["error"], said
