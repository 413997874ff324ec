"""What happened in each hand, on its row of the sheet, the list and the TV (issue 28): who bid,
what, the contract when it is not the plain one, made or set (a set by a word and a cross, not
by colour alone); Mexican Train's who went out. Read from the rendered fragments."""
from __future__ import annotations

import json
import re

import pytest

from .helpers import HX

TEXAS = {
    "variant": "texas42", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": 0,
    "options": {}, "hands": [
        {"bidder": 0, "bid": 30, "contract": "straight", "points": 34},
        {"bidder": 1, "bid": 32, "contract": "straight", "points": 28},
        {"bidder": 2, "bid": 42, "contract": "nillo", "doubles": "low", "made": True},
        {"bidder": 3, "bid": 168, "contract": "plunge", "call": "sevens", "doubles": 4,
         "made": False}]}
TRAIN = {"variant": "mexican-train", "players": ["Ann", "Bob", "Cat"], "first_dealer": 0,
         "options": {}, "hands": [{"pips": [0, 12, 30], "out": 0},
                                  {"pips": [7, 0, 22], "blocked": True}]}


def imported(client, record) -> int:
    r = client.post("/games/import", data={"record": json.dumps(record)})
    assert r.status_code == 303
    return int(r.headers["Location"].rsplit("/", 1)[1])


def outcomes(html: str) -> list[str]:
    """Each hand's outcome line as its words, top to bottom."""
    lines = re.findall(r'<span class="outcome">(.*?)</span>\s*(?:</td>|</p>|<span class="muted">)',
                       html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", line).split()) for line in lines]


def hands_fragment(client, gid: int, view: str, path: str = "") -> str:
    r = client.get(f"/games/{gid}{path}?view={view}", headers={**HX, "HX-Target": "hands"})
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body and 'id="hands"' in body
    return body


@pytest.mark.parametrize("view", ["grid", "list"])
def test_each_row_says_who_bid_what_the_contract_and_made_or_set(client, view):
    gid = imported(client, TEXAS)
    lines = outcomes(hands_fragment(client, gid, view))
    expected = ["Ann bid 30 ✓ made", "Bob bid 32 ✗ set", "Cat bid 42 Nello ✓ made",
                "Dan bid Plunge (4 marks) Sevens ✗ set"]
    assert lines == (expected if view == "grid" else expected[::-1])


def test_a_set_is_a_word_in_a_box_on_the_sheet_not_a_colour_only(client):
    gid = imported(client, TEXAS)
    sheet = hands_fragment(client, gid, "grid")
    assert sheet.count('<strong class="set-tag">✗ set</strong>') == 2
    assert sheet.count('class="hand-rows was-set"') == 2
    # the plain contract (straight 42) is not named; a nello is
    assert "Straight" not in sheet and '<span class="contract-tag">Nello</span>' in sheet


def test_the_tv_shows_the_same_rows(client):
    gid = imported(client, TEXAS)
    tv = client.get(f"/games/{gid}/tv?view=grid").get_data(as_text=True)
    assert outcomes(tv)[1:3] == ["Bob bid 32 ✗ set", "Cat bid 42 Nello ✓ made"]


@pytest.mark.parametrize("view", ["grid", "list"])
def test_mexican_train_says_who_went_out(client, view):
    gid = imported(client, TRAIN)
    lines = outcomes(hands_fragment(client, gid, view))
    expected = ["Double 12 · Ann went out", "Double 11 · Blocked"]
    assert lines == (expected if view == "grid" else expected[::-1])


@pytest.mark.parametrize("path", ["", "/tv"])
def test_mexican_train_rows_show_the_engine_the_double_blank_pips_and_the_gap(client, path):
    """Each round's engine double, who went out, who held the double blank (its charge), each
    player's pips over her running total, and each one's gap to the lead: the sheet and the TV."""
    record = {**TRAIN, "options": {"double_blank": 50},
              "hands": [{"pips": [0, 12, 30], "out": 0},
                        {"pips": [7, 0, 2], "out": 1, "double_blank": 2}]}
    gid = imported(client, record)
    html = client.get(f"/games/{gid}{path}?view=grid").get_data(as_text=True)
    assert outcomes(html) == ["Double 12 · Ann went out",
                              "Double 11 · Bob went out · Cat held the double blank (+50)"]
    cells = [" ".join(re.sub(r"<[^>]+>", " ", c).split())
             for c in re.findall(r'<td class="">(.*?)</td>', html, re.S)]
    assert cells[:6] == ["0 0", "12 12", "30 30", "7 7", "0 12", "2 0-0 82"]
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Behind – leads 5 75" in text
    assert "82 pips 75 pips behind the lead" in text
