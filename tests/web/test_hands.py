"""View tests for hand entry: preview (live validation), enter, edit, undo, concurrency."""
from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Hand

from .helpers import HX, at_once, create, game, post_hand, preview, text


def hands(gid):
    return [h.data for h in game(gid).hands]


# --------------------------------------------------------------------------- preview

def test_preview_partial_shows_what_the_hand_scores(client):
    gid = create(client, "lechner42")
    r = preview(client, gid, {"mode": "quick", "bidder": "1", "bid": "30",
                              "contract": "straight", "points": "34"})
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body and body.lstrip().startswith("<form")
    t = text(r)
    assert "This hand scores" in t and "Bob & Dan +1" in t
    assert "The other team caught 8 (42 − 34)" in t
    assert hands(gid) == []


def test_preview_full_page_without_htmx(client):
    gid = create(client, "lechner42")
    r = preview(client, gid, {"mode": "auction", "calls": "", "call": "pass"}, htmx=False)
    assert r.status_code == 200 and "<html" in r.get_data(as_text=True)
    t = text(r)
    assert "Bob Pass" in t and "Cat calls" in t


def test_auction_offers_only_legal_calls_forced_dealer(client):
    gid = create(client, "lechner42")
    r = preview(client, gid, {"mode": "auction", "calls": "pass,pass,pass"})
    body = r.get_data(as_text=True)
    assert "Ann</strong> calls (the dealer)" in body
    # pass is there but disabled, with its reason
    import re
    button = re.search(r'<button[^>]*value="pass"[^>]*>', body).group(0)
    assert " disabled " in button
    assert "Not allowed: Pass" in text(r)


def test_auction_raise_limit_disabled_with_reason(client):
    gid = create(client, "lechner42")
    r = preview(client, gid, {"mode": "auction", "calls": ""})
    import re
    body = r.get_data(as_text=True)
    assert " disabled " in re.search(r'<button[^>]*value="126"[^>]*>', body).group(0)
    assert " disabled " not in re.search(r'<button[^>]*value="84"[^>]*>', body).group(0)
    assert "raises too far" in text(r)


def test_card42_dealer_forbidden_bid(client):
    gid = create(client, "card42", 3)  # dealer seat 0 bids last
    r = preview(client, gid, {"mode": "auction", "calls": "3,3"})
    import re
    body = r.get_data(as_text=True)
    assert " disabled " in re.search(r'<button[^>]*value="1"[^>]*>', body).group(0)
    assert " disabled " not in re.search(r'<button[^>]*value="2"[^>]*>', body).group(0)
    # typed in anyway (quick entry), the save is refused with the rule
    r = post_hand(client, gid, {"mode": "quick", "bid-0": "1", "bid-1": "3", "bid-2": "3",
                                "tricks-0": "1", "tricks-1": "3", "tricks-2": "3"})
    assert r.status_code == 422
    assert "may not bid 1: the bids would total 7" in text(r)
    assert hands(gid) == []


def test_call_tapped_without_javascript_saves_nothing(client):
    gid = create(client, "forty-two")
    r = post_hand(client, gid, {"mode": "auction", "calls": "pass", "call": "30"})
    assert r.status_code == 200 and "<html" in r.get_data(as_text=True)
    assert 'name="calls" value="pass,30"' in r.get_data(as_text=True)
    assert hands(gid) == [] and game(gid).version == 1


def test_card_by_card_without_javascript_shows_the_item_boxes_before_saving(client):
    """Tapping "Card by card" with JavaScript off redraws the form with the items to tick; it
    must never save the hand as if nothing had been caught."""
    gid = create(client, "card42-teams")
    fields = {"mode": "auction", "calls": "5,pass,pass,pass", "points_mode": "number"}
    r = post_hand(client, gid, {**fields, "set_points_mode": "items"})
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and "<html" in page
    assert 'name="points_mode" value="items"' in page and 'name="other_aces"' in page
    assert hands(gid) == [] and game(gid).version == 1

    r = post_hand(client, gid, {**fields, "points_mode": "items", "high": "1", "four": "1"})
    assert r.status_code == 303, text(r)
    assert hands(gid)[0]["points"]["four"] is True


def test_take_back_a_call(client):
    gid = create(client, "forty-two")
    r = preview(client, gid, {"mode": "auction", "calls": "pass,30", "call": "back"})
    assert 'name="calls" value="pass"' in r.get_data(as_text=True)


# --------------------------------------------------------------------------- enter

def test_enter_hand_by_auction(client):
    gid = create(client, "lechner42")
    r = post_hand(client, gid, {"mode": "auction", "calls": "pass,31,84,pass",
                                "contract": "straight", "points": "42"})
    assert r.status_code == 303
    assert hands(gid) == [{"auction": ["pass", 31, 84, "pass"], "contract": "straight",
                           "points": 42}]
    g = game(gid)
    assert g.version == 2
    assert [(e.action, e.hand_number, e.via) for e in g.events][-1] == ("entered", 0, "creator")
    t = text(client.get(f"/games/{gid}?view=list"))
    assert "Hand 1" in t and "Dan bid 2 marks ✓ made · caught 42" in t


def test_enter_hand_htmx_returns_the_game_body(client):
    gid = create(client, "forty-two")
    r = post_hand(client, gid, {"mode": "quick", "bidder": "2", "bid": "30", "points": "31"},
                  htmx=True)
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body
    assert 'id="scoreboard"' in body and 'id="hand-form"' in body and 'id="hands"' in body
    assert "Hand 1 saved" in text(r)
    assert 'name="version" value="2"' in body


def test_invalid_hand_is_not_saved_and_keeps_what_was_typed(client):
    gid = create(client, "moon", 3)
    fields = {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "1", "tricks-1": "5",
              "tricks-2": "3"}
    r = post_hand(client, gid, fields)
    assert r.status_code == 422
    t = text(r)
    assert "7" in t and "trick" in t.lower()
    body = r.get_data(as_text=True)
    assert 'value="5"' in body and 'name="tricks-2" value="3"' in body
    assert hands(gid) == [] and game(gid).version == 1
    # and through htmx: the game body with the message, still 200 so htmx swaps it
    r = post_hand(client, gid, fields, htmx=True)
    assert r.status_code == 200 and 'role="alert"' in r.get_data(as_text=True)
    assert hands(gid) == []


def test_incomplete_hand_names_what_is_missing(client):
    gid = create(client, "forty-two")
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30"})
    assert r.status_code == 422 and "Pick the points the bidding team caught" in text(r)


def test_stale_version_is_refused_plainly(client):
    gid = create(client, "forty-two")
    fields = {"mode": "quick", "bidder": "1", "bid": "30", "points": "30"}
    assert post_hand(client, gid, fields, version=1).status_code == 303
    # the same form sent again (double tap, or a second phone on the old page)
    r = post_hand(client, gid, fields, version=1)
    assert r.status_code == 409
    assert "Hand 1 was just entered from another phone" in text(r)
    assert len(hands(gid)) == 1 and game(gid).version == 2
    r = post_hand(client, gid, fields, version=1, htmx=True)
    assert r.status_code == 200 and "was just entered from another phone" in text(r)
    assert len(hands(gid)) == 1


def test_preview_on_a_stale_form_says_so_and_never_moves_it_to_the_new_version(client):
    """Phone B started hand 1 on version 1; phone A saved hand 1; B taps (a live preview) and
    then saves. B must be told, and B's tap must not quietly re-date its form."""
    gid = create(client, "forty-two")
    fields = {"mode": "quick", "bidder": "1", "bid": "30", "points": "35"}
    assert post_hand(client, gid, fields, version=1).status_code == 303  # phone A
    r = client.post(f"/games/{gid}/hands/preview", data={"version": "1", **fields}, headers=HX)
    assert "Hand 1 was just entered from another phone" in text(r)
    assert 'name="version" value="2"' in r.get_data(as_text=True)  # the new state, shown
    assert r.headers.get("HX-Retarget") == "#game-body"  # the whole board, not just the form
    # B's own form still says version 1: its save is refused, nothing saved twice
    assert post_hand(client, gid, fields, version=1, htmx=True).status_code == 200
    assert len(hands(gid)) == 1 and game(gid).version == 2
    r = client.post(f"/games/{gid}/hands/preview", data={"version": "1", **fields})  # no JS
    assert r.status_code == 409 and "was just entered from another phone" in text(r)


def test_a_stale_form_keeps_what_it_held_in_words_for_the_hand_it_was_made_for(client):
    """Phone B typed two calls of hand 1; phone A saved hand 1; B's tap is refused as stale:
    B's calls come back in words, named as hand 1's callers (not hand 2's), the new form is
    empty, and nothing of B's is saved."""
    gid = create(client, "lechner42")
    saved = {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight",
             "points": "31"}
    assert post_hand(client, gid, saved, version=1).status_code == 303  # phone A
    typed = {"version": "1", "number": "0", "mode": "auction", "calls": "30", "call": "pass"}
    r = client.post(f"/games/{gid}/hands/preview", data=typed, headers=HX)
    assert r.headers.get("HX-Retarget") == "#game-body"
    t = text(r)
    assert "Hand 1 was just entered from another phone. What this phone had typed" in t
    assert "Hand 1 (not finished): Bob 30, Cat Pass" in t
    assert 'name="calls" value=""' in r.get_data(as_text=True)  # hand 2 starts empty
    assert len(hands(gid)) == 1
    # a form with nothing typed is just redrawn, with the notice
    r = client.post(f"/games/{gid}/hands/preview",
                    data={"version": "1", "mode": "auction", "contract": "straight"}, headers=HX)
    assert "Hand 1 was just entered from another phone." in text(r)
    assert "hand-words" not in r.get_data(as_text=True)


def test_racing_insert_caught_by_unique_constraint(client, app):
    """If two writers pass the version check (they cannot, but the database must hold)."""
    gid = create(client, "castle-rock", 1)
    assert post_hand(client, gid, {"remaining": "5"}).status_code == 303
    db.session.add(Hand(game_id=gid, number=0, data={"remaining": 1}))
    import sqlalchemy.exc

    with pytest.raises(sqlalchemy.exc.IntegrityError):
        db.session.commit()
    db.session.rollback()
    assert hands(gid) == [{"remaining": 5}]


def test_game_over_hides_the_form(client):
    gid = create(client, "moon", 3)
    post_hand(client, gid, {"mode": "quick", "bidder": "2", "bid": "21", "tricks-0": "0",
                            "tricks-1": "0", "tricks-2": "7"})
    r = client.get(f"/games/{gid}")
    t = text(r)
    assert "Game over" in t and "Cat wins" in t
    assert 'id="hand-form"' not in r.get_data(as_text=True)
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "4", "tricks-0": "0",
                                "tricks-1": "4", "tricks-2": "3"})
    assert len(hands(gid)) == 1


# --------------------------------------------------------------------------- edit

def test_edit_page_full_and_partial(client):
    gid = create(client, "lechner42")
    post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight",
                            "points": "34"})
    r = client.get(f"/games/{gid}/hands/0/edit")
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "Edit hand 1" in text(r)
    assert 'name="bid" value="30"' in body and 'name="points" value="34"' in body
    r = client.get(f"/games/{gid}/hands/0/edit", headers=HX)
    assert r.status_code == 200 and r.get_data(as_text=True).lstrip().startswith("<form")
    assert client.get(f"/games/{gid}/hands/5/edit").status_code == 404


def test_edit_replays_scores_and_keeps_the_earlier_version(client):
    gid = create(client, "lechner42")
    post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight",
                            "points": "34"})
    post_hand(client, gid, {"mode": "quick", "bidder": "2", "bid": "30", "contract": "straight",
                            "points": "30"})
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30",
                                "contract": "straight", "points": "20"}, number=0)
    assert r.status_code == 303
    assert hands(gid)[0]["points"] == 20
    g = game(gid)
    edit = g.events[-1]
    assert edit.action == "edited" and edit.hand_number == 0 and edit.data["points"] == 34
    assert g.version == 4
    t = text(client.get(f"/games/{gid}"))
    assert "Ann & Cat 2 marks" in t


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_two_phones_editing_one_hand_the_second_sees_the_first_ones_change(client, htmx):
    """The phone whose edit lost the race is shown the hand as the other phone saved it, never
    its own stale values on a form that one more tap would save over the other phone's edit."""
    gid = create(client, "lechner42")
    hand = {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight"}
    post_hand(client, gid, {**hand, "points": "34"})
    stale = game(gid).version
    assert post_hand(client, gid, {**hand, "points": "37"}, number=0).status_code == 303
    r = post_hand(client, gid, {**hand, "points": "12"}, number=0, version=stale, htmx=htmx)
    assert r.status_code == (200 if htmx else 409)
    body = r.get_data(as_text=True)
    assert "Hand 1 was just changed from another phone. This is how it stands now." in text(r)
    assert 'name="points" value="37" checked' in body and 'value="12" checked' not in body
    assert hands(gid)[0]["points"] == 37


def test_edit_that_breaks_a_later_hand_is_refused(client):
    gid = create(client, "lechner42", target_marks=2, win_by=1)
    post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight",
                            "points": "20"})  # Ann & Cat 1
    post_hand(client, gid, {"mode": "quick", "bidder": "2", "bid": "30", "contract": "straight",
                            "points": "30"})  # Ann & Cat 2: game over
    assert game(gid).version == 3
    # move the game end to hand 1 instead: then hand 2 comes after the game was won
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "84",
                                "contract": "straight", "points": "20"}, number=0)
    assert r.status_code == 422
    assert "would make hand 2 invalid" in text(r)
    assert hands(gid)[0]["bid"] == 30 and game(gid).version == 3


def test_edit_htmx_success_redirects(client):
    gid = create(client, "castle-rock", 1)
    post_hand(client, gid, {"remaining": "9"})
    r = post_hand(client, gid, {"remaining": "2"}, number=0, htmx=True)
    assert r.status_code == 204 and r.headers["HX-Redirect"] == f"/games/{gid}"
    assert hands(gid) == [{"remaining": 2}]


def test_edit_preview_uses_the_index(client):
    gid = create(client, "castle-rock", 1)
    post_hand(client, gid, {"remaining": "9"})
    r = preview(client, gid, {"index": "0", "remaining": "1"})
    assert "Sol +1" in text(r)
    r = preview(client, gid, {"index": "0", "remaining": "1"}, htmx=False)
    assert "Edit hand 1" in text(r)


# --------------------------------------------------------------------------- undo

def test_undo_last_hand(client):
    gid = create(client, "forty-two")
    post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30", "points": "30"})
    post_hand(client, gid, {"mode": "quick", "passed": "1"})
    assert len(hands(gid)) == 2
    r = client.post(f"/games/{gid}/hands/undo", data={"version": "3"})
    assert r.status_code == 303
    assert hands(gid) == [{"bidder": 1, "bid": 30, "points": 30}]
    g = game(gid)
    assert g.events[-1].action == "undone" and g.events[-1].data == {"passed": True}
    assert g.version == 4
    # stale undo (double tap) does nothing
    r = client.post(f"/games/{gid}/hands/undo", data={"version": "3"})
    assert r.status_code == 409 and "taken back from another phone" in text(r)
    assert len(hands(gid)) == 1


def test_undo_htmx(client):
    gid = create(client, "castle-rock", 1)
    post_hand(client, gid, {"remaining": "9"})
    r = client.post(f"/games/{gid}/hands/undo", data={"version": "2"}, headers=HX)
    assert r.status_code == 200 and 'id="scoreboard"' in r.get_data(as_text=True)
    assert "Game 1 taken back" in text(r)
    assert hands(gid) == []
    r = client.post(f"/games/{gid}/hands/undo", data={"version": "3"})
    assert r.status_code == 409 and "no hand to undo" in text(r)


# --------------------------------------------------------------------------- every variant

ONE_HAND = {
    "card42": (3, {"mode": "auction", "calls": "2,3,1", "tricks-0": "1", "tricks-1": "2",
                   "tricks-2": "4"}),
    "card42-teams": (4, {"mode": "auction", "calls": "5,pass,pass,pass", "points_mode": "items",
                         "high": "1", "other_aces": "2", "four": "1"}),
    "texas42-1986": (4, {"mode": "auction", "calls": "30,pass,pass,pass", "contract": "trumps",
                         "trump": "6", "points": "35"}),
    "lechner42": (4, {"mode": "auction", "calls": "pass,plunge,pass,pass", "played": "follow-me",
                      "doubles_held": "4", "made": "1"}),
    "texas42": (4, {"mode": "quick", "bidder": "3", "bid": "42", "contract": "nillo",
                    "doubles_rule": "low", "made": "0"}),
    "forty-two": (4, {"mode": "auction", "calls": "pass,pass,pass,pass"}),
    "moon": (3, {"mode": "auction", "calls": "4,5,pass", "tricks-0": "1", "tricks-1": "2",
                 "tricks-2": "4"}),
    "mexican-train": (4, {"pips-0": "0", "pips-1": "12", "pips-2": "30", "pips-3": "7",
                          "out": "0"}),
    "castle-rock": (1, {"remaining": "2"}),
}


@pytest.mark.parametrize("variant_id", list(ONE_HAND))
def test_one_hand_per_variant(client, variant_id):
    players, fields = ONE_HAND[variant_id]
    gid = create(client, variant_id, players)
    r = preview(client, gid, fields)
    assert "This" in text(r) and "scores" in text(r), text(r)
    r = post_hand(client, gid, fields)
    assert r.status_code == 303, text(r)
    assert len(hands(gid)) == 1
    record = game(gid).record()
    from scorekeeper.rules import score

    assert score(record)["ok"]
    # what was saved reads back into the same form
    r = client.get(f"/games/{gid}/hands/0/edit")
    assert r.status_code == 200
    r = post_hand(client, gid, {}, number=0)  # nothing typed: refused, nothing changed
    assert r.status_code == 422 and hands(gid) == [record["hands"][0]]


def test_bids_that_do_not_top_the_high_bid_are_left_out(client):
    import re

    gid = create(client, "lechner42")
    r = preview(client, gid, {"mode": "auction", "calls": "31,84"})
    body = r.get_data(as_text=True)
    values = re.findall(r'<button[^>]*name="call" value="([^"]+)"', body)
    assert "30" not in values and "84" not in values
    assert "126" in values and "168" in values and "pass" in values
    assert " disabled " in re.search(r'<button[^>]*value="210"[^>]*>', body).group(0)
    assert "raises too far" in text(r)


def test_two_phones_saving_the_same_hand_at_once(app):
    """Both forms carry version 1; the version check lets exactly one through."""
    client = app.test_client()
    gid = create(client, "forty-two")
    assert at_once(app, client, f"/games/{gid}/hands",
                   {"version": "1", "mode": "quick", "bidder": "1", "bid": "30",
                    "points": "30"}) == [303, 409, 409, 409]
    assert len(hands(gid)) == 1 and game(gid).version == 2
    assert [e.action for e in game(gid).events].count("entered") == 1


def test_editing_a_hand_another_phone_took_back(client):
    gid = create(client, "castle-rock", 1)
    post_hand(client, gid, {"remaining": "9"})
    assert client.post(f"/games/{gid}/hands/undo", data={"version": "2"}).status_code == 303
    r = post_hand(client, gid, {"remaining": "3"}, number=0, version=2)
    assert r.status_code == 409 and "Game 1 was just taken back from another phone" in text(r)
    assert hands(gid) == []
