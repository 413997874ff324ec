"""The hand form at the table (issue 12), server side: what the form offers and reads."""
from __future__ import annotations

import re

from scorekeeper import rules
from scorekeeper.games import board

from .helpers import create, game, post_hand, preview, text


def hands(gid):
    return [h.data for h in game(gid).hands]


def test_made_or_set_alone_is_a_straight_hand_in_the_marks_games(client):
    gid = create(client, "lechner42")
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "31", "made": "0"})
    assert r.status_code == 303
    assert hands(gid) == [{"bidder": 1, "bid": 31, "contract": "straight", "made": False}]
    # points still count when given (and must agree with made when both are)
    r = post_hand(client, gid, {"mode": "quick", "bidder": "2", "bid": "30", "points": "33"})
    assert r.status_code == 303 and hands(gid)[1]["points"] == 33


def test_texas42_1986_needs_its_points_and_never_speaks_of_marks(client):
    gid = create(client, "texas42-1986")
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "made": "1"})
    assert r.status_code == 422 and "Pick the points the bidding team caught" in text(r)
    r = preview(client, gid, {"mode": "auction", "calls": "30,42,84"})
    assert "mark" not in text(r).lower()
    r = preview(client, gid, {"mode": "quick", "bidder": "1", "bid": "84"})
    assert "mark" not in text(r).lower()


def test_bids_and_points_are_chips(client):
    gid = create(client, "forty-two")
    body = preview(client, gid, {"mode": "quick"}).get_data(as_text=True)
    assert body.count('name="bid" value=') == 13  # 30-42
    assert body.count('name="points" value=') == 43  # 0-42
    gid = create(client, "moon", 3)
    body = preview(client, gid, {"mode": "quick"}).get_data(as_text=True)
    assert "Shoot the moon" in body


def test_the_entry_mode_is_remembered_per_variant_in_a_cookie(client):
    gid = create(client, "lechner42")
    r = preview(client, gid, {"mode": "auction", "set_mode": "quick"})
    assert "modes=lechner42.quick.." in r.headers.get("Set-Cookie", "")
    assert 'name="mode" value="quick"' in client.get(f"/games/{gid}").get_data(as_text=True)
    # a later game of the variant starts as this phone left the last one; another variant not
    later = create(client, "lechner42")
    assert 'name="mode" value="quick"' in client.get(f"/games/{later}").get_data(as_text=True)
    other = create(client, "texas42")
    assert 'name="mode" value="auction"' in client.get(f"/games/{other}").get_data(as_text=True)


def test_the_hands_view_is_remembered_per_variant(client):
    def game_with_a_hand(variant):
        gid = create(client, variant)
        post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "made": "1"})
        return gid

    client.get(f"/games/{game_with_a_hand('lechner42')}?view=list")
    client.get(f"/games/{game_with_a_hand('texas42')}?view=grid")
    assert 'aria-current="true">List' in client.get(f"/games/{game_with_a_hand('lechner42')}").text
    assert 'aria-current="true">Sheet' in client.get(f"/games/{game_with_a_hand('texas42')}").text


def test_old_per_game_mode_items_are_dropped(client):
    gid = create(client, "lechner42")
    client.set_cookie("modes", f"{gid}.quick._lechner42.auction..list")
    assert 'name="mode" value="auction"' in client.get(f"/games/{gid}").text
    preview(client, gid, {"mode": "auction", "set_mode": "quick"})
    assert client.get_cookie("modes").value == "lechner42.quick..list"


def test_card_by_card_points_are_remembered_too(client):
    gid = create(client, "card42-teams")
    fields = {"mode": "auction", "calls": "5,pass,pass,pass", "points_mode": "number"}
    r = preview(client, gid, {**fields, "set_points_mode": "items"})
    assert "modes=card42-teams..items." in r.headers.get("Set-Cookie", "")
    # the next hand's form, with no mode in it yet, comes up card by card
    body = preview(client, gid, {"mode": "auction", "calls": "6,pass,pass,pass"}).get_data(as_text=True)
    assert 'name="points_mode" value="items"' in body


def test_went_out_means_no_pips(client):
    gid = create(client, "mexican-train", 3)
    r = post_hand(client, gid, {"out": "2", "pips-0": "5", "pips-1": "8"})
    assert r.status_code == 303
    assert hands(gid) == [{"pips": [5, 8, 0], "out": 2}]


def test_an_auction_the_engine_calls_done_asks_nobody_to_pass(client, monkeypatch):
    """Moon's 21 cannot be topped: once legal_calls says the auction is done (the engine's
    Reading, from the engine branch), the form asks for no passes and goes on to the result."""
    real = rules.legal_calls

    def moon_stops(record, calls, index=None):
        out = real(record, calls, index)
        if 21 in calls and not out.get("error"):
            seat = out["turns"][calls.index(21)]
            out.update(done=True, seat=None, calls=[], bidder=seat, bid=21, winning_call=21)
        return out

    monkeypatch.setattr(board.rules, "legal_calls", moon_stops)
    gid = create(client, "moon", 3)
    r = preview(client, gid, {"mode": "auction", "calls": "21"})
    body, t = r.get_data(as_text=True), text(r)
    assert 'name="call" value="pass"' not in body
    assert "won the bid: Shoot the moon" in t and 'name="tricks-0"' in body


def test_the_home_page_says_who_leads(client):
    gid = create(client, "mexican-train", 3, rounds=3)
    post_hand(client, gid, {"out": "0", "pips-1": "8", "pips-2": "5"})
    t = text(client.get("/"))
    assert "1 round: Ann 0 · Bob 8 · Cat 5 · Ann leads by 5" in t


def test_shoot_the_moon_in_the_history_and_the_hands(client):
    gid = create(client, "moon", 3)
    post_hand(client, gid, {"mode": "auction", "calls": "21,pass,pass",
                            "tricks-0": "0", "tricks-1": "7", "tricks-2": "0"})
    assert "Bob shot the moon" in text(client.get(f"/games/{gid}?view=list"))
    assert "Bob shot the moon" in text(client.get(f"/games/{gid}/history"))
    assert "Bob shot the moon ✓ made" in text(client.get(f"/games/{gid}?view=grid"))


def test_tricks_and_card42_bids_are_chips_and_the_last_count_follows(client):
    gid = create(client, "card42", 3)  # Ann deals: Bob, Cat, then Ann bid
    body = preview(client, gid, {"mode": "quick", "bid-1": "3", "bid-2": "2"}).text
    for s in range(3):
        assert body.count(f'name="bid-{s}" value=') == 8  # 0-7, one tap
    assert re.search(r'name="bid-0" value="2"\s+disabled', body)  # it would total 7
    assert body.count('name="tricks-0" value=') == 8
    # saved with one count blank: hers is what the others leave
    r = post_hand(client, gid, {"mode": "quick", "bid-1": "3", "bid-2": "2", "bid-0": "1",
                                "tricks-0": "1", "tricks-1": "3"})
    assert r.status_code == 303
    assert hands(gid) == [{"bids": [1, 3, 2], "tricks": [1, 3, 3]}]
    # two blank: nothing is guessed
    gid = create(client, "moon", 3)
    r = post_hand(client, gid, {"mode": "quick", "bidder": "0", "bid": "4", "tricks-0": "4"})
    assert r.status_code == 422 and hands(gid) == []


def test_a_plunge_offers_only_the_doubles_it_needs_the_least_picked(client):
    gid = create(client, "lechner42")
    body = preview(client, gid, {"mode": "auction", "calls": "plunge,pass,pass,pass"}).text
    assert re.findall(r'name="doubles_held" value="(\d)"', body) == ["4", "5", "6", "7"]
    assert re.search(r'name="doubles_held" value="4" checked', body)
    body = preview(client, gid, {"mode": "quick", "bidder": "1", "bid": "84"}).text
    assert '<details class="contract-fold" id="contract-fold">' in body  # folded: straight
    body = preview(client, gid, {"mode": "quick", "bidder": "1", "bid": "84",
                                 "contract": "sevens"}).text
    assert '<details class="contract-fold" id="contract-fold" open>' in body
