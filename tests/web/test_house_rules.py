"""texas42's new house rules on the setup form and the rules page: number choices show, are
kept, are stored in the game's record, and the rules page explains each one."""
from __future__ import annotations

import re

import pytest

from scorekeeper.rules import VARIANTS

from .helpers import create, game, text

NEW = {"splash_marks": (3, 2), "forced_minimum": (30, 31), "special_minimum": (42, 30, 84),
       "ladder": ("texas", "free")}


def test_setup_form_offers_each_new_option_with_its_default(client):
    html = client.get("/games/new?variant=texas42").get_data(as_text=True)
    for name, choices in NEW.items():
        select = re.search(rf'<select name="opt-{name}">(.*?)</select>', html, re.S)
        assert select, name
        values = re.findall(r'<option value="([^"]+)"', select.group(1))
        assert values == [str(c) for c in choices], (name, values)
        default = re.search(r'<option value="([^"]+)" selected>([^<]+)<', select.group(1))
        assert default.group(1) == str(choices[0]) and default.group(2).endswith("(default)")
    page = text(client.get("/games/new?variant=texas42"))
    for o in VARIANTS["texas42"].options:
        if o.name in NEW:
            assert f"{o.help} Default: {o.default}." in page


@pytest.mark.parametrize("options", [
    {"splash_marks": 2, "forced_minimum": 31, "special_minimum": 84, "ladder": "free"},
    {"special_minimum": 30},
    {},
])
def test_setup_stores_the_chosen_house_rules(client, options):
    game_id = create(client, "texas42", **options)
    assert game(game_id).record()["options"] == options  # only what differs from the defaults


def test_a_refused_setup_keeps_the_chosen_numbers(client):
    data = {"variant": "texas42", "first_dealer": "0", "opt-splash_marks": "2",
            "opt-special_minimum": "84", "opt-ladder": "free", "opt-contracts": ["straight"],
            "name-0": "Ann", "name-1": "Ann", "name-2": "Cat", "name-3": "Dan"}  # the same name twice
    r = client.post("/games/new", data=data)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert re.search(r'<option value="2" selected>2</option>', html)
    assert re.search(r'<option value="84" selected>84</option>', html)
    assert re.search(r'<option value="free" selected>free</option>', html)


def test_setup_refuses_a_number_outside_the_choices(client):
    data = {"variant": "texas42", "first_dealer": "0", "opt-splash_marks": "4",
            "opt-contracts": ["straight"], "name-0": "Ann", "name-1": "Bob", "name-2": "Cat",
            "name-3": "Dan"}
    r = client.post("/games/new", data=data)
    assert r.status_code == 422 and "Splash marks must be one of 3, 2." in text(r)


def test_rules_page_explains_the_new_house_rules(client):
    page = text(client.get("/rules/texas42"))
    for name in NEW:
        o = next(o for o in VARIANTS["texas42"].options if o.name == name)
        assert o.help in page
        assert f"{o.label} (default: {o.default})" in page
    assert "two plunges in one auction (8 doubles) are refused" in page
    assert "it cannot top a high bid of 3 marks or more" in page
    assert "any bid that tops the high bid, 30–41 or any number of marks, from the opening on" in page


def test_new_game_with_house_rules_refuses_hands_they_forbid(client):
    """The engine judges every hand with the game's options: a 2-mark splash table refuses a
    3-mark opening splash entered as just the bid."""
    from .helpers import post_hand

    game_id = create(client, "texas42", splash_marks=2)
    r = post_hand(client, game_id, {"mode": "quick", "bidder": "1", "bid": "126", "contract": "splash",
                                    "played": "straight", "doubles_held": "3", "made": "1"})
    assert r.status_code == 422, r.status_code
    assert "splash could only be 84 (2 marks), not 126 (3 marks)" in text(r)
