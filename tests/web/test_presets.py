"""Mexican Train's house-rule presets on the setup form: a preset's button fills the house rules
(keeping the names typed, starting no game), the game keeps them as ordinary options, the rules
card names the preset, and a club saves them like any house rules."""
from __future__ import annotations

import re

import pytest

from scorekeeper import store
from scorekeeper.rules import VARIANTS

from .clubs.helpers import create_club
from .helpers import HX, game, option_fields, text

MT = VARIANTS["mexican-train"]
FORM = {"variant": "mexican-train", "first_dealer": "1", "name-0": "Ann", "name-1": "Bob",
        "name-2": "Cat", **option_fields("mexican-train")}


def _value(html: str, name: str) -> str:
    return re.search(rf'name="opt-{name}" value="([^"]*)"', html).group(1)


def test_the_form_offers_each_preset_as_a_button():
    html_variants = [p.label for p in MT.presets]
    assert html_variants == ["As printed", "Double blank 50", "Double blank 25",
                             "Shorter game: 7 rounds"]


def test_form_shows_the_presets(client):
    html = client.get("/games/new?variant=mexican-train").get_data(as_text=True)
    assert re.findall(r'name="preset" value="([^"]+)"', html) == [p.key for p in MT.presets]
    # Enter in a name field submits the first button: starting the game, never a preset
    setup_form = html[html.index('id="setup-form"'):]
    first = re.search(r'<button type="submit"[^>]*>([^<]+)</button>', setup_form)
    assert first.group(1) == "Start the game"
    assert 'name="preset"' not in client.get("/games/new?variant=texas42").get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("key,blank,rounds", [("double-blank-50", "50", ""),
                                              ("double-blank-25", "25", ""),
                                              ("short-7", "0", "7")])
def test_a_preset_fills_the_rules_and_keeps_the_names(client, key, blank, rounds, htmx):
    data = {**FORM, "opt-double_blank": "10", "opt-rounds": "3", "preset": key}
    r = client.post("/games/new", data=data, headers=HX if htmx else {})
    assert r.status_code == 200  # no game started
    html = r.get_data(as_text=True)
    assert _value(html, "double_blank") == blank and _value(html, "rounds") == rounds
    assert 'name="name-2" value="Cat"' in html and re.search(r'value="1" checked', html)
    assert f'aria-pressed="true" name="preset" value="{key}"' in html
    assert ("<html" in html) is not htmx
    # the form the preset filled starts the game with exactly the preset's options
    fields = {**FORM, "opt-double_blank": blank, "opt-rounds": rounds}
    r = client.post("/games/new", data=fields)
    assert r.status_code == 303
    gid = int(r.headers["Location"].rsplit("/", 1)[1])
    preset = next(p for p in MT.presets if p.key == key)
    assert game(gid).record()["options"] == preset.options
    card = text(client.get(f"/games/{gid}/rules"))
    assert f"House rules: {preset.label}. {preset.help}" in card


def test_as_printed_resets_every_rule(client):
    r = client.post("/games/new", data={**FORM, "opt-double_blank": "50", "opt-rounds": "4",
                                        "opt-set": "9", "preset": "as-printed"})
    html = r.get_data(as_text=True)
    assert _value(html, "double_blank") == "0" and _value(html, "rounds") == ""
    assert re.search(r'<option value="12" selected>', html)


def test_rules_card_names_a_preset_only_when_the_options_are_exactly_it(client):
    assert MT.preset({"double_blank": 50}).label == "Double blank 50"
    assert MT.preset({"double_blank": 50, "set": 12}).label == "Double blank 50"  # a default
    assert MT.preset({"double_blank": 50, "rounds": 7}) is None
    assert MT.preset({}).label == "As printed"
    r = client.post("/games/new", data={**FORM, "opt-double_blank": "50", "opt-rounds": "5"})
    gid = int(r.headers["Location"].rsplit("/", 1)[1])
    assert "House rules:" not in text(client.get(f"/games/{gid}/rules"))


def test_an_unknown_preset_is_an_ordinary_submit(client):
    r = client.post("/games/new", data={**FORM, "preset": "nope"})
    assert r.status_code == 303


def test_a_club_keeps_a_preset_as_its_house_rules(client):
    club_id = create_club(client)
    data = {**FORM, "preset": "double-blank-25"}
    r = client.post(f"/clubs/{club_id}/games/new", data=data)
    assert r.status_code == 200 and _value(r.get_data(as_text=True), "double_blank") == "25"
    r = client.post(f"/clubs/{club_id}/games/new",
                    data={**FORM, "opt-double_blank": "25", "save_rules": "1"})
    assert r.status_code == 303
    assert store.club_rules(club_id, "mexican-train") == {"double_blank": 25}
    html = client.get(f"/clubs/{club_id}/games/new?variant=mexican-train").get_data(as_text=True)
    assert _value(html, "double_blank") == "25"
