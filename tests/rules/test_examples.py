"""Every worked example of the seeds and of spec/rules.md, as plain parametrized tests.

Expected values are computed by hand from spec/rules.md (never from the engine)."""
from __future__ import annotations

import pytest

from scorekeeper.rules import VARIANTS, countdown_mark, legal_calls

from ._helpers import SPEC_EXAMPLE, bad, check_running_totals, ok, rec, sub

P = pytest.param
T, F = True, False


def hand_of(res, i=-1):
    return res["hands"][i]


# --------------------------------------------------------------------------- registry / shape

VARIANT_IDS = [
    "card42", "card42-teams", "texas42-1986", "lechner42", "texas42",
    "forty-two", "moon", "mexican-train", "castle-rock",
]

UNITS = {
    "card42": "points", "card42-teams": "points", "texas42-1986": "points",
    "lechner42": "marks", "texas42": "marks", "forty-two": "points", "moon": "points",
    "mexican-train": "pips", "castle-rock": "wins",
}

NPLAYERS = {
    "card42": 3, "card42-teams": 4, "texas42-1986": 4, "lechner42": 4, "texas42": 4,
    "forty-two": 4, "moon": 3, "mexican-train": 3, "castle-rock": 1,
}


def test_variants_registry_in_spec_order():
    assert list(VARIANTS) == VARIANT_IDS
    for vid, v in VARIANTS.items():
        assert v.id == vid
        assert v.units == UNITS[vid]


@pytest.mark.parametrize("vid", VARIANT_IDS)
def test_empty_game(vid):
    n = NPLAYERS[vid]
    res = ok(rec(vid, [], n=n))
    nsides = 2 if vid in ("card42-teams", "texas42-1986", "lechner42", "texas42", "forty-two") else n
    sub(res, {"ok": True, "variant": vid, "units": UNITS[vid], "hands": [], "totals": [0] * nsides,
              "finished": False, "winners": []})
    assert len(res["sides"]) == nsides
    if vid != "castle-rock":
        assert res["next_dealer"] == 0


@pytest.mark.parametrize("vid", ["card42-teams", "texas42-1986", "lechner42", "texas42", "forty-two"])
def test_partnership_sides_named_as_in_record_doc(vid):
    res = ok(rec(vid, []))
    assert res["sides"] == ["Ann & Cat", "Bob & Dan"]


def test_game_record_doc_example_exactly():
    record = SPEC_EXAMPLE
    res = ok(record)
    sub(res, {"ok": True, "variant": "lechner42", "units": "marks", "sides": ["Ann & Cat", "Bob & Dan"],
              "totals": [2, 1], "finished": False, "winners": [], "next_dealer": 2})
    sub(res["hands"][0], {"dealer": 0, "bidder": 1, "bid": 30, "made": True, "deltas": [0, 1], "totals": [0, 1]})
    sub(res["hands"][1], {"dealer": 1, "bidder": 0, "bid": 84, "made": True, "deltas": [2, 0], "totals": [2, 1]})


# --------------------------------------------------------------------------- card42

CARD42_ONE_HAND = [
    # id, players, hands, options, expected deltas, expected exact
    P(4, {"bids": [7, 0, 0, 1], "tricks": [7, 0, 0, 0]}, None, [14, 3, 3, 0], [T, T, T, F], id="bid7-made-14_bid0-4p-3"),
    P(2, {"bids": [7, 7], "tricks": [7, 0]}, None, [14, 0], [T, F], id="bid7-made-14-2p"),
    P(3, {"bids": [7, 1, 1], "tricks": [7, 0, 0]}, None, [14, 0, 0], [T, F, F], id="bid7-made-14-3p"),
    P(7, {"bids": [7, 0, 0, 0, 0, 0, 1], "tricks": [7, 0, 0, 0, 0, 0, 0]}, None,
      [14, 3, 3, 3, 3, 3, 0], [T, T, T, T, T, T, F], id="bid7-made-14-7p"),
    P(2, {"bids": [0, 3], "tricks": [0, 7]}, None, [14, 7], [T, F], id="bid0-made-2p-14"),
    P(3, {"bids": [0, 2, 2], "tricks": [0, 3, 4]}, None, [7, 3, 4], [T, F, F], id="bid0-made-3p-7"),
    P(5, {"bids": [0, 1, 1, 1, 1], "tricks": [0, 1, 1, 2, 3]}, None, [3, 4, 4, 2, 3], [T, T, T, F, F],
      id="bid0-made-5p-3"),
    P(7, {"bids": [0] * 7, "tricks": [7, 0, 0, 0, 0, 0, 0]}, None, [7, 3, 3, 3, 3, 3, 3],
      [F, T, T, T, T, T, T], id="bid0-made-7p-3_missed-7-scores-7"),
    P(3, {"bids": [3, 3, 0], "tricks": [3, 4, 0]}, None, [6, 4, 7], [T, F, T], id="exact3-scores-6"),
    P(3, {"bids": [3, 3, 0], "tricks": [2, 1, 4]}, None, [2, 1, 4], [F, F, F], id="missed-bid-takes-2-scores-2"),
    P(3, {"bids": [3, 3, 0], "tricks": [4, 2, 1]}, None, [4, 2, 1], [F, F, F], id="missed-bid-takes-4-scores-4"),
    P(3, {"bids": [7, 7, 7], "tricks": [3, 2, 2]}, None, [3, 2, 2], [F, F, F], id="missed-bid7-no-penalty"),
    P(3, {"bids": [0, 3, 3], "tricks": [1, 3, 3]}, None, [1, 6, 6], [F, T, T],
      id="3-and-3-dealer-may-bid-0"),
    P(3, {"bids": [2, 3, 3], "tricks": [2, 3, 2]}, None, [5, 6, 2], [T, T, F],
      id="3-and-3-dealer-may-bid-2"),
    P(3, {"bids": [3, 3, 0], "tricks": [3, 4, 0]}, {"bonus": 5}, [8, 4, 7], [T, F, T], id="bonus-option-5"),
    P(3, {"bids": [3, 3, 0], "tricks": [3, 4, 0]}, {"bonus": 0}, [3, 4, 7], [T, F, T], id="bonus-option-0"),
]


@pytest.mark.parametrize("n, hand, options, deltas, exact", CARD42_ONE_HAND)
def test_card42_one_hand(n, hand, options, deltas, exact):
    res = ok(rec("card42", [hand], n=n, options=options))
    h = res["hands"][0]
    sub(h, {"dealer": 0, "deltas": deltas, "totals": deltas, "exact": exact})
    sub(res, {"totals": deltas, "finished": False, "winners": [], "next_dealer": 1 % n})
    assert len(h["countdown"]) == n


def test_card42_dealer_may_not_bid_1_after_3_and_3():
    # 3 players, dealer seat 0 bids last; seats 1 and 2 bid 3 and 3: the dealer may not bid 1.
    bad(rec("card42", [{"bids": [1, 3, 3], "tricks": [1, 3, 3]}], n=3), 0, "dealer", "7")


@pytest.mark.parametrize("first_dealer, bids", [
    P(1, [3, 1, 3], id="dealer-seat1"),
    P(2, [3, 3, 1], id="dealer-seat2"),
])
def test_card42_dealer_may_not_bid_1_other_dealers(first_dealer, bids):
    bad(rec("card42", [{"bids": bids, "tricks": [3, 3, 1]}], n=3, first_dealer=first_dealer), 0, "dealer", "7")


@pytest.mark.parametrize("n, first_dealer, dealers, next_dealer", [
    P(3, 0, [0, 1, 2, 0], 1, id="3p-from-0"),
    P(3, 2, [2, 0, 1, 2], 0, id="3p-from-2"),
    P(5, 3, [3, 4, 0, 1], 2, id="5p-from-3"),
])
def test_card42_deal_passes_left(n, first_dealer, dealers, next_dealer):
    h = {"bids": [1] * n, "tricks": [7] + [0] * (n - 1)}
    if sum(h["bids"]) == 7:
        h["bids"][0] = 2
    res = ok(rec("card42", [h] * 4, n=n, first_dealer=first_dealer))
    assert [x["dealer"] for x in res["hands"]] == dealers
    assert res["next_dealer"] == next_dealer


# The cap: "at 40, a hand worth 5 moves her 2" (2 players).
CAP_PREFIX = [
    {"bids": [7, 1], "tricks": [7, 0]},  # 14, 0
    {"bids": [7, 1], "tricks": [7, 0]},  # 28, 0
    {"bids": [5, 1], "tricks": [5, 2]},  # 36, 2
    {"bids": [3, 3], "tricks": [4, 3]},  # 40, 8
]


def test_card42_cap_prefix_totals():
    res = ok(rec("card42", CAP_PREFIX, n=2))
    assert [h["deltas"] for h in res["hands"]] == [[14, 0], [14, 0], [8, 2], [4, 6]]
    assert [h["totals"] for h in res["hands"]] == [[14, 0], [28, 0], [36, 2], [40, 8]]
    assert res["finished"] is False


def test_card42_cap_at_40_hand_worth_5_moves_2_and_wins():
    res = ok(rec("card42", CAP_PREFIX + [{"bids": [2, 2], "tricks": [2, 5]}], n=2))
    sub(res["hands"][4], {"dealer": 0, "deltas": [2, 5], "totals": [42, 13], "exact": [True, False]})
    sub(res, {"totals": [42, 13], "finished": True, "winners": [0]})
    assert "next_dealer" not in res


def test_card42_cap_missed_bid_at_42_keeps_playing_then_wins_with_delta_0():
    hands = CAP_PREFIX + [{"bids": [4, 1], "tricks": [5, 2]}, {"bids": [1, 1], "tricks": [1, 6]}]
    res = ok(rec("card42", hands[:5], n=2))
    sub(res["hands"][4], {"deltas": [2, 2], "totals": [42, 10]})
    sub(res, {"finished": False, "winners": [], "next_dealer": 1})
    res = ok(rec("card42", hands, n=2))
    sub(res["hands"][5], {"dealer": 1, "deltas": [0, 6], "totals": [42, 16]})
    sub(res, {"finished": True, "winners": [0]})


def test_card42_cap_off_option():
    res = ok(rec("card42", CAP_PREFIX + [{"bids": [2, 2], "tricks": [2, 5]}], n=2, options={"cap_at_42": False}))
    sub(res["hands"][4], {"deltas": [5, 5], "totals": [45, 13]})
    sub(res, {"finished": True, "winners": [0]})


# Countdown: "Player reaches #3 on the countdown. ... if she makes a bid of 3 or greater (or a 0 bid in a
# 2-player game or 7 bid in any game), she wins".
def test_card42_countdown_seed_example_4_players():
    hands = [
        {"bids": [7, 0, 0, 1], "tricks": [7, 0, 0, 0]},
        {"bids": [7, 0, 0, 1], "tricks": [7, 0, 0, 0]},
        {"bids": [5, 0, 0, 1], "tricks": [5, 1, 1, 0]},
    ]
    res = ok(rec("card42", hands, n=4))
    h = res["hands"][2]
    sub(h, {"totals": [36, 7, 7, 0]})
    assert h["countdown"][0] == {"needed": 6, "winning_bids": [3, 4, 5, 6, 7]}
    assert h["countdown"][1] == {"needed": 35, "winning_bids": []}
    assert h["countdown"][3] == {"needed": 42, "winning_bids": []}
    assert countdown_mark(h["countdown"][0], 4) == "3"
    assert countdown_mark(h["countdown"][1], 4) is None


def test_card42_countdown_seed_example_2_players_zero_bid_wins_too():
    res = ok(rec("card42", CAP_PREFIX[:3], n=2))
    h = res["hands"][2]
    sub(h, {"totals": [36, 2]})
    assert h["countdown"][0] == {"needed": 6, "winning_bids": [0, 3, 4, 5, 6, 7]}
    assert h["countdown"][1] == {"needed": 40, "winning_bids": []}
    assert countdown_mark(h["countdown"][0], 2) == "3"
    res = ok(rec("card42", CAP_PREFIX, n=2))
    assert res["hands"][3]["countdown"][0] == {"needed": 2, "winning_bids": [0, 1, 2, 3, 4, 5, 6, 7]}
    assert countdown_mark(res["hands"][3]["countdown"][0], 2) == "1"


def test_card42_countdown_every_hand_after_first():
    res = ok(rec("card42", CAP_PREFIX[:1], n=2))
    cd = res["hands"][0]["countdown"]
    # total 14, needed 28: no single hand can win
    assert cd == [{"needed": 28, "winning_bids": []}, {"needed": 42, "winning_bids": []}]


@pytest.mark.parametrize("countdown, players, mark", [
    P({"needed": 6, "winning_bids": [3, 4, 5, 6, 7]}, 4, "3", id="#3"),
    P({"needed": 6, "winning_bids": [0, 3, 4, 5, 6, 7]}, 2, "3", id="#3-2p"),
    P({"needed": 14, "winning_bids": [7]}, 3, "14", id="only-7"),
    P({"needed": 12, "winning_bids": [0, 7]}, 2, "14", id="only-7-or-0-2p"),
    P({"needed": 9, "winning_bids": [6, 7]}, 4, "6", id="#6"),
    P({"needed": 20, "winning_bids": []}, 3, None, id="none"),
    P({"needed": 0, "winning_bids": [0, 1, 2, 3, 4, 5, 6, 7]}, 3, "1", id="at-42"),
])
def test_countdown_mark(countdown, players, mark):
    assert countdown_mark(countdown, players) == mark


def test_card42_tie_two_players_reach_42_making_bids_same_hand():
    hands = [
        {"bids": [7, 0, 1], "tricks": [7, 0, 0]},  # 14, 7, 0
        {"bids": [0, 7, 1], "tricks": [0, 7, 0]},  # 21, 21, 0
        {"bids": [7, 0, 1], "tricks": [7, 0, 0]},  # 35, 28, 0
        {"bids": [0, 7, 1], "tricks": [0, 7, 0]},  # 42, 42, 0
    ]
    res = ok(rec("card42", hands[:3], n=3))
    cd = res["hands"][2]["countdown"]
    assert cd[0] == {"needed": 7, "winning_bids": [0, 4, 5, 6, 7]}
    assert cd[1] == {"needed": 14, "winning_bids": [7]}
    assert countdown_mark(cd[0], 3) == "4"
    assert countdown_mark(cd[1], 3) == "14"
    res = ok(rec("card42", hands, n=3))
    sub(res["hands"][3], {"dealer": 0, "deltas": [7, 14, 0], "totals": [42, 42, 0]})
    sub(res, {"finished": True, "winners": [0, 1], "totals": [42, 42, 0]})


# --------------------------------------------------------------------------- card42-teams

ITEMS0 = {"high": False, "other_aces": 0, "jack": False, "other_jacks": 0, "four": False, "game": False, "three": False}


def items(**kw):
    d = dict(ITEMS0)
    d.update(kw)
    return d


@pytest.mark.parametrize("hand, deltas, made", [
    P({"bidder": 0, "bid": 7, "points": 10}, [10, 0], True, id="bid7-won10-scores10"),
    P({"bidder": 0, "bid": 7, "points": 6}, [-7, 0], False, id="bid7-scored6-loses7-negative"),
    P({"bidder": 1, "bid": 7, "points": 7}, [0, 7], True, id="exact-bid-side1"),
    P({"bidder": 3, "bid": 12, "points": 0}, [0, -12], False, id="no-points-still-loses"),
    P({"bidder": 2, "bid": 18, "points": 18}, [18, 0], True, id="bid18-all"),
    P({"bidder": 0, "bid": 18, "points": items(high=True, other_aces=3, jack=True, other_jacks=3, four=True,
                                                 game=True, three=True)}, [18, 0], True, id="itemised-all-18"),
    P({"bidder": 0, "bid": 2, "points": items(high=True)}, [2, 0], True, id="item-high-2"),
    P({"bidder": 0, "bid": 2, "points": items(other_aces=1)}, [-2, 0], False, id="item-1-other-ace-1"),
    P({"bidder": 0, "bid": 2, "points": items(other_aces=3)}, [3, 0], True, id="item-3-other-aces-3"),
    P({"bidder": 0, "bid": 2, "points": items(jack=True)}, [2, 0], True, id="item-jack-2"),
    P({"bidder": 0, "bid": 2, "points": items(other_jacks=2)}, [2, 0], True, id="item-2-other-jacks-2"),
    P({"bidder": 0, "bid": 4, "points": items(four=True)}, [4, 0], True, id="item-four-4"),
    P({"bidder": 0, "bid": 2, "points": items(game=True)}, [2, 0], True, id="item-game-2"),
    P({"bidder": 0, "bid": 2, "points": items(three=True)}, [2, 0], True, id="item-three-2"),
    P({"bidder": 1, "bid": 5, "points": items(other_aces=1, four=True)}, [0, 5], True, id="items-sum-5"),
    P({"bidder": 1, "bid": 9, "points": items(high=True, jack=True, four=True)}, [0, -9], False,
      id="items-8-bid-9-set"),
])
def test_card42_teams_score(hand, deltas, made):
    res = ok(rec("card42-teams", [hand]))
    sub(res["hands"][0], {"dealer": 0, "bidder": hand["bidder"], "bid": hand["bid"], "made": made,
                          "deltas": deltas, "totals": deltas})
    sub(res, {"totals": deltas, "finished": False, "winners": [], "next_dealer": 3})


def test_card42_teams_totals_go_negative():
    hands = [{"bidder": 0, "bid": 10, "points": 3}, {"bidder": 2, "bid": 5, "points": 4}]
    res = ok(rec("card42-teams", hands))
    assert res["totals"] == [-15, 0]


def test_card42_teams_deal_passes_right():
    hands = [{"bidder": 0, "bid": 2, "points": 2}] * 5
    res = ok(rec("card42-teams", hands, first_dealer=1))
    assert [h["dealer"] for h in res["hands"]] == [1, 0, 3, 2, 1]
    assert res["next_dealer"] == 0


@pytest.mark.parametrize("first_dealer, auction, bidder, bid", [
    P(0, [5, "pass", 6, "pass", "pass"], 3, 6, id="rounds-skip-passed"),
    P(0, [18], 1, 18, id="18-ends-at-once"),
    P(0, [2, 3, 4, 5, "pass", "pass", "pass"], 0, 5, id="two-rounds"),
    P(0, ["pass", "pass", "pass", 2], 0, 2, id="dealer-last"),
    P(3, [10, "pass", "pass", "pass"], 0, 10, id="dealer3-first-caller-0"),
    P(0, [2, 3, "pass", "pass", 4, "pass"], 1, 4, id="re-raise"),
])
def test_card42_teams_auction(first_dealer, auction, bidder, bid):
    res = ok(rec("card42-teams", [{"auction": auction, "points": bid}], first_dealer=first_dealer))
    deltas = [0, 0]
    deltas[bidder % 2] = bid
    sub(res["hands"][0], {"dealer": first_dealer, "bidder": bidder, "bid": bid, "made": True, "deltas": deltas})


@pytest.mark.parametrize("hand", [
    P({"passed": True}, id="passed"),
    P({"auction": ["pass", "pass", "pass", "pass"]}, id="auction-all-pass"),
])
def test_card42_teams_all_pass_redeal(hand):
    res = ok(rec("card42-teams", [{"bidder": 0, "bid": 4, "points": 5}, hand]))
    sub(res["hands"][1], {"dealer": 3, "bidder": None, "bid": None, "made": None, "deltas": [0, 0],
                          "totals": [5, 0]})
    assert res["next_dealer"] == 2


# --------------------------------------------------------------------------- texas42-1986

@pytest.mark.parametrize("hand, deltas, made", [
    P({"bidder": 0, "bid": 30, "contract": "trumps", "points": 0}, [0, 72], False, id="bid30-lose-nothing-72"),
    P({"bidder": 0, "bid": 30, "contract": "trumps", "points": 35}, [65, 0], True, id="made-bid-plus-points"),
    P({"bidder": 0, "bid": 30, "contract": "trumps", "trump": 5, "points": 30}, [60, 0], True, id="made-exact"),
    P({"bidder": 1, "bid": 35, "contract": "trumps", "trump": "doubles", "points": 20}, [57, 0], False,
      id="set-defenders-bid-plus-rest"),
    P({"bidder": 0, "bid": 42, "contract": "trumps", "points": 42}, [84, 0], True, id="bid42-all"),
    P({"bidder": 0, "bid": 42, "contract": "trumps", "points": 41}, [0, 43], False, id="bid42-41-set"),
    P({"bidder": 3, "bid": 84, "contract": "trumps", "points": 42}, [0, 126], True, id="bid84-all"),
    P({"bidder": 3, "bid": 84, "contract": "trumps", "points": 40}, [86, 0], False, id="bid84-not-all-set"),
    P({"bidder": 0, "bid": 42, "contract": "trash", "made": True}, [42, 0], True, id="trash-made-bid-alone"),
    P({"bidder": 0, "bid": 42, "contract": "trash", "made": False}, [0, 42], False, id="trash-lost-bid-alone"),
    P({"bidder": 2, "bid": 84, "contract": "trash", "made": True}, [84, 0], True, id="trash-84-made"),
])
def test_texas42_1986_score(hand, deltas, made):
    res = ok(rec("texas42-1986", [hand]))
    sub(res["hands"][0], {"dealer": 0, "bidder": hand["bidder"], "bid": hand["bid"], "made": made,
                          "deltas": deltas, "totals": deltas})
    sub(res, {"finished": False, "winners": [], "next_dealer": 1})


@pytest.mark.parametrize("first_dealer, auction, bidder, bid", [
    P(0, ["pass", "pass", "pass", 30], 0, 30, id="dealer-forced"),
    P(0, [30, 31, "pass", "pass"], 2, 31, id="top"),
    P(0, [42, 84, "pass", "pass"], 2, 84, id="84-after-42"),
    P(0, [42, "pass", 84, 126], 0, 126, id="126-after-84"),
    P(2, [35, "pass", "pass", "pass"], 3, 35, id="from-dealer-2"),
])
def test_texas42_1986_auction(first_dealer, auction, bidder, bid):
    res = ok(rec("texas42-1986", [{"auction": auction, "contract": "trumps", "points": 42}],
                 first_dealer=first_dealer))
    deltas = [0, 0]
    deltas[bidder % 2] = bid + 42
    sub(res["hands"][0], {"dealer": first_dealer, "bidder": bidder, "bid": bid, "made": True, "deltas": deltas})


def test_texas42_1986_deal_passes_left():
    hands = [{"bidder": 0, "bid": 30, "contract": "trumps", "points": 30}] * 3
    res = ok(rec("texas42-1986", hands, first_dealer=3))
    assert [h["dealer"] for h in res["hands"]] == [3, 0, 1]
    assert res["next_dealer"] == 2


# --------------------------------------------------------------------------- lechner42 / texas42 (marks)

MARKS_HANDS = [
    P({"bidder": 0, "bid": 30, "contract": "straight", "points": 30}, [1, 0], True, id="30-made"),
    P({"bidder": 0, "bid": 30, "contract": "straight", "points": 29}, [0, 1], False, id="30-set"),
    P({"bidder": 1, "bid": 41, "contract": "straight", "trump": 3, "points": 41}, [0, 1], True, id="41-made"),
    P({"bidder": 1, "bid": 42, "contract": "straight", "trump": "doubles", "points": 42}, [0, 1], True,
      id="42-one-mark"),
    P({"bidder": 1, "bid": 42, "contract": "straight", "points": 41}, [1, 0], False, id="42-needs-all"),
    P({"bidder": 2, "bid": 84, "contract": "straight", "points": 42}, [2, 0], True, id="84-two-marks"),
    P({"bidder": 2, "bid": 84, "contract": "straight", "points": 41}, [0, 2], False, id="84-41-set"),
    P({"bidder": 2, "bid": 84, "contract": "straight", "made": False}, [0, 2], False, id="84-made-false"),
    P({"bidder": 2, "bid": 84, "contract": "straight", "points": 42, "made": True}, [2, 0], True, id="both-agree"),
    P({"bidder": 0, "bid": 30, "contract": "straight", "made": True}, [1, 0], True, id="made-only"),
    P({"bidder": 3, "bid": 42, "contract": "sevens", "made": True}, [0, 1], True, id="sevens"),
    P({"bidder": 3, "bid": 84, "contract": "nillo", "made": False}, [2, 0], False, id="nillo-set"),
    P({"bidder": 3, "bid": 42, "contract": "nillo", "doubles": "suit-inverted", "made": True}, [0, 1], True,
      id="nillo-doubles"),
    P({"bidder": 0, "bid": 126, "contract": "follow-me", "made": True}, [3, 0], True, id="follow-me-3"),
    P({"bidder": 0, "bid": 42, "contract": "follow-me", "doubles": "low", "made": False}, [0, 1], False,
      id="follow-me-low-set"),
    P({"bidder": 1, "bid": 168, "contract": "plunge", "call": "straight", "doubles": 4, "made": True}, [0, 4],
      True, id="plunge-4"),
    P({"bidder": 1, "bid": 168, "contract": "plunge", "call": "follow-me", "doubles": 5, "made": False}, [4, 0],
      False, id="plunge-set"),
    P({"bidder": 0, "bid": 126, "contract": "splash", "call": "sevens", "doubles": 3, "made": True}, [3, 0],
      True, id="splash-3"),
    P({"bidder": 0, "bid": 126, "contract": "splash", "call": "straight", "doubles": 3, "made": False}, [0, 3],
      False, id="splash-set"),
]


@pytest.mark.parametrize("vid", ["lechner42", "texas42"])
@pytest.mark.parametrize("hand, deltas, made", MARKS_HANDS)
def test_marks_score(vid, hand, deltas, made):
    res = ok(rec(vid, [hand]))
    sub(res["hands"][0], {"dealer": 0, "bidder": hand["bidder"], "bid": hand["bid"], "made": made,
                          "deltas": deltas, "totals": deltas})
    sub(res, {"units": "marks", "finished": False, "winners": [], "next_dealer": 1})


LECHNER_AUCTIONS = [
    # first_dealer 0: calls from seat 1
    P(["pass", "pass", "pass", 30], "straight", {"points": 30}, 0, 30, id="shaker-forced"),
    P([30, 84, "pass", "pass"], "straight", {"points": 42}, 2, 84, id="after-30-two-marks"),
    P([30, 84, 168, "pass"], "straight", {"made": True}, 3, 168, id="then-four-marks"),
    P([84, 126, 210, "pass"], "straight", {"made": True}, 3, 210, id="after-3-marks-5"),
    P(["plunge", "pass", "pass", "pass"], "plunge", {"call": "sevens", "doubles": 5, "made": True}, 1, 168,
      id="plunge-opens-4-marks"),
    P([84, "plunge", "pass", "pass"], "plunge", {"call": "straight", "doubles": 4, "made": True}, 2, 252,
      id="plunge-over-2-marks-is-6"),
    P([30, "splash", "pass", "pass"], "splash", {"call": "follow-me", "doubles": 3, "made": True}, 2, 126,
      id="splash-over-30-is-3"),
    P([42, "pass", "splash", "pass"], "splash", {"call": "straight", "doubles": 3, "made": True}, 3, 126,
      id="splash-over-42-is-3"),
]


@pytest.mark.parametrize("auction, contract, extra, bidder, bid", LECHNER_AUCTIONS)
def test_lechner42_auction(auction, contract, extra, bidder, bid):
    hand = {"auction": auction, "contract": contract, **extra}
    res = ok(rec("lechner42", [hand]))
    deltas = [0, 0]
    deltas[bidder % 2] = max(1, bid // 42)
    sub(res["hands"][0], {"dealer": 0, "bidder": bidder, "bid": bid, "made": True, "deltas": deltas})


TEXAS_AUCTIONS = [
    P(["pass", "pass", "pass", 30], "straight", {"points": 30}, 0, 30, id="forced"),
    P([84, "pass", "pass", "pass"], "straight", {"points": 42}, 1, 84, id="open-84"),
    P([30, 84, 126, "pass"], "straight", {"made": True}, 3, 126, id="84-then-126"),
    P([84, 126, 168, 210], "straight", {"made": True}, 0, 210, id="one-mark-steps"),
    P(["plunge", "pass", "pass", "pass"], "plunge", {"call": "straight", "doubles": 4, "made": True}, 1, 168,
      id="plunge-4"),
    P([84, 126, 168, "plunge"], "plunge", {"call": "straight", "doubles": 4, "made": True}, 0, 210,
      id="plunge-1-above-4"),
    P([84, "splash", "pass", "pass"], "splash", {"call": "straight", "doubles": 3, "made": True}, 2, 126,
      id="splash-3"),
    P([84, 126, "splash", "pass"], "splash", {"call": "nillo", "doubles": 3, "made": True}, 3, 168,
      id="splash-1-above-3"),
    P([84, "splash", "plunge", "pass"], "plunge", {"call": "sevens", "doubles": 4, "made": True}, 3, 168,
      id="plunge-over-splash"),
]


@pytest.mark.parametrize("auction, contract, extra, bidder, bid", TEXAS_AUCTIONS)
def test_texas42_auction(auction, contract, extra, bidder, bid):
    hand = {"auction": auction, "contract": contract, **extra}
    res = ok(rec("texas42", [hand]))
    deltas = [0, 0]
    deltas[bidder % 2] = max(1, bid // 42)
    sub(res["hands"][0], {"dealer": 0, "bidder": bidder, "bid": bid, "made": True, "deltas": deltas})


@pytest.mark.parametrize("hand", [
    P({"passed": True}, id="passed"),
    P({"auction": ["pass", "pass", "pass", "pass"]}, id="auction-all-pass"),
])
def test_texas42_all_pass_redeal_option(hand):
    res = ok(rec("texas42", [hand], options={"all_pass": "redeal"}))
    sub(res["hands"][0], {"dealer": 0, "bidder": None, "bid": None, "made": None, "deltas": [0, 0]})
    assert res["next_dealer"] == 1


def test_marks_deal_passes_left():
    h = {"bidder": 0, "bid": 30, "contract": "straight", "points": 30}
    for vid in ("lechner42", "texas42"):
        res = ok(rec(vid, [h] * 3, first_dealer=2))
        assert [x["dealer"] for x in res["hands"]] == [2, 3, 0]
        assert res["next_dealer"] == 1


# --------------------------------------------------------------------------- forty-two

@pytest.mark.parametrize("hand, deltas, made, hands_won", [
    P({"bidder": 0, "bid": 30, "points": 35}, [35, 7], True, [1, 0], id="bid30-took35-35-and-7"),
    P({"bidder": 0, "bid": 37, "points": 35}, [0, 44], False, [0, 1], id="bid37-took35-0-and-44"),
    P({"bidder": 1, "bid": 42, "points": 42}, [0, 42], True, [0, 1], id="all-42"),
    P({"bidder": 3, "bid": 30, "points": 30}, [12, 30], True, [0, 1], id="exact"),
    P({"bidder": 2, "bid": 31, "points": 0}, [0, 73], False, [0, 1], id="set-nothing"),
])
def test_forty_two_score(hand, deltas, made, hands_won):
    res = ok(rec("forty-two", [hand]))
    sub(res["hands"][0], {"dealer": 0, "bidder": hand["bidder"], "bid": hand["bid"], "made": made,
                          "deltas": deltas, "totals": deltas, "hands_won": hands_won})
    sub(res, {"hands_won": hands_won, "finished": False, "winners": [], "next_dealer": 1})


@pytest.mark.parametrize("hand", [
    P({"passed": True}, id="passed"),
    P({"auction": ["pass", "pass", "pass", "pass"]}, id="auction-all-pass"),
])
def test_forty_two_all_pass_redeal(hand):
    res = ok(rec("forty-two", [{"bidder": 0, "bid": 30, "points": 35}, hand]))
    sub(res["hands"][1], {"dealer": 1, "bidder": None, "bid": None, "made": None, "deltas": [0, 0],
                          "totals": [35, 7], "hands_won": [1, 0]})
    assert res["next_dealer"] == 2


@pytest.mark.parametrize("auction, bidder, bid", [
    P(["pass", "pass", 31, "pass"], 3, 31, id="one-bid"),
    P([30, 31, 32, 42], 0, 42, id="each-tops"),
    P(["pass", "pass", "pass", 30], 0, 30, id="shuffler-bids-last"),
])
def test_forty_two_auction(auction, bidder, bid):
    res = ok(rec("forty-two", [{"auction": auction, "points": 42}]))
    deltas = [0, 0]
    deltas[bidder % 2] = 42
    sub(res["hands"][0], {"bidder": bidder, "bid": bid, "made": True, "deltas": deltas})


# --------------------------------------------------------------------------- moon

@pytest.mark.parametrize("hand, deltas, made", [
    P({"bidder": 0, "bid": 5, "tricks": [5, 1, 1]}, [5, 1, 1], True, id="made-exact"),
    P({"bidder": 0, "bid": 4, "tricks": [6, 1, 0]}, [6, 1, 0], True, id="made-over"),
    P({"bidder": 0, "bid": 5, "tricks": [4, 2, 1]}, [-5, 2, 1], False, id="set-loses-bid"),
    P({"bidder": 1, "bid": 7, "tricks": [1, 6, 0]}, [1, -7, 0], False, id="bid7-set-loses-7"),
    P({"bidder": 1, "bid": 7, "tricks": [0, 7, 0]}, [0, 7, 0], True, id="bid7-made"),
    P({"bidder": 2, "bid": 21, "tricks": [1, 0, 6]}, [1, 0, -21], False, id="moon-failed-costs-21"),
])
def test_moon_score(hand, deltas, made):
    res = ok(rec("moon", [hand]))
    sub(res["hands"][0], {"dealer": 0, "bidder": hand["bidder"], "bid": hand["bid"], "made": made,
                          "deltas": deltas, "totals": deltas})
    sub(res, {"finished": False, "winners": [], "next_dealer": 1})


def test_moon_shoot_the_moon_wins_at_once():
    res = ok(rec("moon", [{"bidder": 2, "bid": 21, "tricks": [0, 0, 7]}]))
    sub(res["hands"][0], {"bidder": 2, "bid": 21, "made": True, "deltas": [0, 0, 21], "totals": [0, 0, 21]})
    sub(res, {"finished": True, "winners": [2]})
    assert "next_dealer" not in res


def test_moon_shoot_the_moon_wins_whatever_the_totals():
    hands = [
        {"bidder": 0, "bid": 7, "tricks": [0, 7, 0]},  # -7, 7, 0
        {"bidder": 1, "bid": 6, "tricks": [0, 7, 0]},  # -7, 14, 0
        {"bidder": 1, "bid": 6, "tricks": [0, 6, 1]},  # -7, 20, 1
        {"bidder": 0, "bid": 21, "tricks": [7, 0, 0]},  # 14, 20, 1: player 0 wins
    ]
    res = ok(rec("moon", hands))
    assert [h["totals"] for h in res["hands"]] == [[-7, 7, 0], [-7, 14, 0], [-7, 20, 1], [14, 20, 1]]
    sub(res, {"finished": True, "winners": [0]})


@pytest.mark.parametrize("hand", [
    P({"passed": True}, id="passed"),
    P({"auction": ["pass", "pass", "pass"]}, id="auction-all-pass"),
])
def test_moon_all_pass_redeal(hand):
    res = ok(rec("moon", [hand]))
    sub(res["hands"][0], {"dealer": 0, "bidder": None, "bid": None, "made": None, "deltas": [0, 0, 0]})
    assert res["next_dealer"] == 1


@pytest.mark.parametrize("first_dealer, auction, bidder, bid", [
    P(0, [4, 5, "pass"], 2, 5, id="tops"),
    P(0, [7, 21, "pass"], 2, 21, id="21-tops-7"),
    P(0, ["pass", "pass", 4], 0, 4, id="dealer-last"),
    P(1, [6, "pass", "pass"], 2, 6, id="from-dealer-1"),
])
def test_moon_auction(first_dealer, auction, bidder, bid):
    tricks = [0, 0, 0]
    tricks[bidder] = 7
    res = ok(rec("moon", [{"auction": auction, "tricks": tricks}], first_dealer=first_dealer))
    sub(res["hands"][0], {"dealer": first_dealer, "bidder": bidder, "bid": bid, "made": True})


# --------------------------------------------------------------------------- mexican-train

TILES = {2: 16, 3: 15, 4: 14, 5: 12, 6: 11, 7: 10, 8: 9}


@pytest.mark.parametrize("n", sorted(TILES), ids=lambda n: f"{n}p-{TILES[n]}tiles")
def test_mexican_train_tiles_dealt(n):
    res = ok(rec("mexican-train", [], n=n))
    assert res["next_round"] == {"round": 0, "engine": 12, "tiles": TILES[n]}
    assert res["rounds"] == 13
    pips = [0] + [5] * (n - 1)
    res = ok(rec("mexican-train", [{"pips": pips, "out": 0}], n=n))
    sub(res["hands"][0], {"dealer": 0, "engine": 12, "tiles": TILES[n], "deltas": pips, "totals": pips})
    assert res["next_round"] == {"round": 1, "engine": 11, "tiles": TILES[n]}


def test_mexican_train_engine_doubles_12_down_to_0_lowest_wins():
    hands = [{"pips": [0, 3]} for _ in range(13)]
    res = ok(rec("mexican-train", hands, n=2, first_dealer=1))
    assert [h["engine"] for h in res["hands"]] == list(range(12, -1, -1))
    assert [h["dealer"] for h in res["hands"]] == [1, 0] * 6 + [1]
    sub(res, {"units": "pips", "rounds": 13, "totals": [0, 39], "finished": True, "winners": [0]})
    assert "next_dealer" not in res
    res12 = ok(rec("mexican-train", hands[:12], n=2, first_dealer=1))
    sub(res12, {"finished": False, "winners": [], "next_dealer": 1})
    assert res12["next_round"] == {"round": 12, "engine": 0, "tiles": 16}


@pytest.mark.parametrize("hand, deltas", [
    P({"pips": [0, 10, 25], "out": 0}, [0, 10, 25], id="out-given"),
    P({"pips": [7, 0, 25]}, [7, 0, 25], id="out-implicit"),
    P({"pips": [3, 5, 7], "blocked": True}, [3, 5, 7], id="blocked-nobody-out"),
    P({"pips": [0, 0, 9], "out": 1}, [0, 0, 9], id="two-at-zero"),
])
def test_mexican_train_round_score(hand, deltas):
    res = ok(rec("mexican-train", [hand]))
    sub(res["hands"][0], {"deltas": deltas, "totals": deltas, "engine": 12, "tiles": 15})


@pytest.mark.parametrize("value", [25, 50])
def test_mexican_train_double_blank_option(value):
    res = ok(rec("mexican-train", [{"pips": [0, 10, 5], "out": 0, "double_blank": 1}],
                 options={"double_blank": value}))
    sub(res["hands"][0], {"deltas": [0, 10 + value, 5], "totals": [0, 10 + value, 5]})


def test_mexican_train_rounds_option_shortens_and_ties_share():
    hands = [{"pips": [0, 4, 9], "out": 0}, {"pips": [6, 0, 1], "out": 1}, {"pips": [3, 5, 0]}]
    res = ok(rec("mexican-train", hands, options={"rounds": 3}))
    assert [h["engine"] for h in res["hands"]] == [12, 11, 10]
    sub(res, {"rounds": 3, "totals": [9, 9, 10], "finished": True, "winners": [0, 1]})


# --------------------------------------------------------------------------- castle-rock

def test_castle_rock_won_at_two_or_fewer():
    hands = [{"remaining": r} for r in (0, 2, 3, 91, 1)]
    res = ok(rec("castle-rock", hands))
    assert [h["won"] for h in res["hands"]] == [True, True, False, False, True]
    assert [h["remaining"] for h in res["hands"]] == [0, 2, 3, 91, 1]
    assert [h["deltas"] for h in res["hands"]] == [[1], [1], [0], [0], [1]]
    assert [h["totals"] for h in res["hands"]] == [[1], [2], [2], [2], [3]]
    sub(res, {"units": "wins", "totals": [3], "games": 5, "best": 0, "finished": False, "winners": []})
    assert res["win_rate"] == pytest.approx(0.6)


def test_castle_rock_stats_no_games_and_losses_only():
    res = ok(rec("castle-rock", []))
    sub(res, {"games": 0, "win_rate": None, "best": None, "totals": [0], "finished": False})
    res = ok(rec("castle-rock", [{"remaining": 9}, {"remaining": 4}]))
    sub(res, {"games": 2, "best": 4, "totals": [0], "finished": False})
    assert res["win_rate"] == 0


# --------------------------------------------------------------------------- every hand result

@pytest.mark.parametrize("vid, hands", [
    P("card42", [{"bids": [1, 2, 3], "tricks": [1, 2, 4]}] * 3, id="card42"),
    P("card42-teams", [{"bidder": 1, "bid": 6, "points": 4}, {"bidder": 0, "bid": 3, "points": 9}], id="teams"),
    P("texas42-1986", [{"bidder": 1, "bid": 30, "contract": "trumps", "points": 12}], id="texas42-1986"),
    P("moon", [{"bidder": 1, "bid": 4, "tricks": [2, 3, 2]}, {"passed": True}], id="moon"),
    P("mexican-train", [{"pips": [0, 1, 2]}, {"pips": [4, 0, 2]}], id="mexican"),
])
def test_running_totals(vid, hands):
    res = ok(rec(vid, hands))
    check_running_totals(res)


# --------------------------------------------------------------------------- more ladders (rules.md)

@pytest.mark.parametrize("vid, auction, contract, extra, bidder, bid", [
    P("lechner42", [42, 84, "pass", "pass"], "straight", {"points": 42}, 2, 84, id="lechner-84-after-42"),
    P("lechner42", [84, 126, "plunge", "pass"], "plunge", {"call": "straight", "doubles": 4, "made": True}, 3, 294,
      id="lechner-plunge-over-3-marks-is-7"),
    P("lechner42", [84, 168, "splash", "pass"], "splash", {"call": "straight", "doubles": 3, "made": True}, 3, 294,
      id="lechner-splash-over-4-marks-is-7"),
    P("lechner42", ["plunge", 252, "pass", "pass"], "straight", {"made": True}, 2, 252,
      id="lechner-2-marks-over-plunge"),
    P("texas42", [84, 126, 168, "splash"], "splash", {"call": "straight", "doubles": 3, "made": True}, 0, 210,
      id="texas-splash-1-above-4"),
    P("texas42", ["plunge", 210, "pass", "pass"], "straight", {"made": True}, 2, 210, id="texas-1-mark-over-plunge"),
    P("texas42-1986", [42, 126, "pass", "pass"], "trumps", {"points": 42}, 2, 126, id="1986-any-multiple-after-42"),
    P("texas42-1986", ["pass", 42, "pass", 84], "trash", {"made": True}, 0, 84, id="1986-trash-84"),
])
def test_more_auctions(vid, auction, contract, extra, bidder, bid):
    res = ok(rec(vid, [{"auction": auction, "contract": contract, **extra}]))
    sub(res["hands"][0], {"dealer": 0, "bidder": bidder, "bid": bid, "made": True})


@pytest.mark.parametrize("vid, hand", [
    P("card42-teams", {"auction": [5, "pass", "pass", "pass"], "bidder": 1, "bid": 5, "points": 5}, id="teams"),
    P("forty-two", {"auction": [30, "pass", "pass", "pass"], "bidder": 1, "bid": 30, "points": 30}, id="forty-two"),
    P("moon", {"auction": [4, "pass", "pass"], "bidder": 1, "bid": 4, "tricks": [0, 7, 0]}, id="moon"),
    P("lechner42", {"auction": [30, "pass", "pass", "pass"], "bidder": 1, "bid": 30, "contract": "straight",
                    "points": 30}, id="lechner42"),
])
def test_auction_with_agreeing_bidder_and_bid(vid, hand):
    res = ok(rec(vid, [hand]))
    sub(res["hands"][0], {"bidder": 1, "made": True})


def test_card42_countdown_follows_bonus_option():
    # bonus 5: an exact bid of 1 scores 6, so at 36 every bid 1-7 wins; 0 scores 3 with 4 players
    hands = [
        {"bids": [7, 0, 0, 1], "tricks": [7, 0, 0, 0]},  # 14, 3, 3, 0
        {"bids": [7, 0, 0, 1], "tricks": [7, 0, 0, 0]},  # 28, 6, 6, 0
        {"bids": [3, 0, 0, 1], "tricks": [3, 2, 2, 0]},  # 36, 8, 8, 0
    ]
    res = ok(rec("card42", hands, n=4, options={"bonus": 5}))
    h = res["hands"][2]
    assert h["totals"] == [36, 8, 8, 0]
    assert h["countdown"][0] == {"needed": 6, "winning_bids": [1, 2, 3, 4, 5, 6, 7]}
    assert countdown_mark(h["countdown"][0], 4) == "1"


def test_card42_countdown_needed_never_below_0_without_cap():
    hands = CAP_PREFIX + [{"bids": [4, 1], "tricks": [5, 2]}]  # seat 0 misses at 45
    res = ok(rec("card42", hands, n=2, options={"cap_at_42": False}))
    h = res["hands"][4]
    assert h["totals"] == [45, 10]
    assert h["countdown"][0] == {"needed": 0, "winning_bids": [0, 1, 2, 3, 4, 5, 6, 7]}
    assert res["finished"] is False


@pytest.mark.parametrize("set_, rounds, limit", [P(9, 10, 495 - 18, id="double-9"), P(15, 16, 2040 - 30, id="double-15")])
def test_mexican_train_other_sets(set_, rounds, limit):
    res = ok(rec("mexican-train", [], n=2, options={"set": set_}))
    assert res["rounds"] == rounds
    assert res["next_round"]["engine"] == set_
    ok(rec("mexican-train", [{"pips": [0, limit]}], n=2, options={"set": set_}))
    bad(rec("mexican-train", [{"pips": [0, limit + 1]}], n=2, options={"set": set_}), 0, "pip")
    hands = [{"pips": [0, 1]}] * rounds
    res = ok(rec("mexican-train", hands, n=2, options={"set": set_}))
    assert [h["engine"] for h in res["hands"]] == list(range(set_, -1, -1))
    sub(res, {"finished": True, "winners": [0]})


# --------------------------------------------------------------------------- legal_calls (rules-api contract)

def entries(lc, call):
    return [c for c in lc["calls"] if c["call"] == call and type(c["call"]) is type(call)]


def test_legal_calls_card42_dealer_forbidden_bid():
    from scorekeeper.rules import legal_calls
    lc = legal_calls(rec("card42", [], n=3), [3, 3])
    sub(lc, {"dealer": 0, "first": 1, "seat": 0, "done": False, "error": None})
    bids = {c["call"]: c for c in lc["calls"]}
    assert sorted(bids) == list(range(8))
    assert bids[1]["legal"] is False and isinstance(bids[1]["reason"], str) and bids[1]["reason"]
    assert all(bids[b]["legal"] is True for b in (0, 2, 3, 4, 5, 6, 7))
    lc = legal_calls(rec("card42", [], n=3), [3, 3, 0])
    sub(lc, {"done": True, "seat": None})


def test_legal_calls_lechner_opening_and_forced_shaker():
    from scorekeeper.rules import legal_calls
    r = rec("lechner42", [])
    lc = legal_calls(r, [])
    sub(lc, {"dealer": 0, "first": 1, "seat": 1, "done": False, "error": None})
    for call, legal in (("pass", True), (30, True), (84, True), (126, False), ("plunge", True), ("splash", True)):
        found = entries(lc, call)
        if found or call in ("pass", "plunge", "splash", 30):
            assert found and found[0]["legal"] is legal, (call, found)
    assert entries(lc, "plunge")[0]["bid"] == 168
    assert entries(lc, "splash")[0]["bid"] == 126
    lc = legal_calls(r, ["pass", "pass", "pass"])
    sub(lc, {"seat": 0, "done": False})
    assert entries(lc, "pass")[0]["legal"] is False
    lc = legal_calls(r, ["pass", 31, 84, "pass"])
    sub(lc, {"done": True, "seat": None, "bidder": 3, "bid": 84, "winning_call": "bid", "redeal": False})


def test_legal_calls_teams_skip_passed_players_and_errors():
    from scorekeeper.rules import legal_calls
    r = rec("card42-teams", [])
    lc = legal_calls(r, [5, "pass", 6, "pass"])
    sub(lc, {"seat": 1, "done": False, "error": None})
    lc = legal_calls(r, [5, "pass", 6, "pass", "pass"])
    sub(lc, {"done": True, "bidder": 3, "bid": 6})
    lc = legal_calls(r, [5, 4])
    assert lc["error"] and lc["invalid_at"] == 1
    lc = legal_calls(r, ["pass"] * 4)
    sub(lc, {"done": True, "redeal": True, "bidder": None})


def test_preview_refuses_an_edit_that_breaks_a_later_hand():
    from scorekeeper.rules import preview
    hands = [
        {"bidder": 0, "bid": 4, "tricks": [4, 2, 1]},
        {"bidder": 1, "bid": 4, "tricks": [2, 4, 1]},
        {"passed": True},
    ]
    r = rec("moon", hands)
    res = preview(r, {"bidder": 0, "bid": 21, "tricks": [7, 0, 0]}, 0)  # the game would end at hand 0
    assert res["ok"] is False and res["hand"] == 1
    res = preview(r, {"bidder": 2, "bid": 5, "tricks": [1, 1, 5]}, 1)
    assert res["ok"] is True and res["totals"] == [5, 3, 6]
    res = preview(r, {"bidder": 2, "bid": 5, "tricks": [1, 1, 5]})
    assert res["ok"] is True and len(res["hands"]) == 4 and res["totals"] == [7, 7, 7]


@pytest.mark.parametrize("vid, options, pass_legal, redeal", [
    P("texas42-1986", None, False, False, id="1986-forced"),
    P("texas42", None, False, False, id="texas-forced"),
    P("texas42", {"all_pass": "redeal"}, True, True, id="texas-redeal"),
    P("forty-two", None, True, True, id="forty-two-redeal"),
])
def test_legal_calls_dealer_after_three_passes(vid, options, pass_legal, redeal):
    from scorekeeper.rules import legal_calls
    r = rec(vid, [], options=options)
    lc = legal_calls(r, ["pass", "pass", "pass"])
    sub(lc, {"seat": 0, "done": False})
    assert entries(lc, "pass")[0]["legal"] is pass_legal
    if redeal:
        sub(legal_calls(r, ["pass"] * 4), {"done": True, "redeal": True})


# --------------------------------------------------------------------------- registry details (rules-api contract)

REGISTRY = {
    # id: (min, max, partnership, family, bidding, {option: default})
    "card42": (2, 7, False, "card42", False, {"cap_at_42": True, "bonus": 3}),
    "card42-teams": (4, 4, True, "card42-teams", True, {"target_points": 42}),
    "texas42-1986": (4, 4, True, "texas42-1986", True, {"target_points": 300}),
    "lechner42": (4, 4, True, "marks", True, {"target_marks": 7, "win_by": 2}),
    "texas42": (4, 4, True, "marks", True, {"target_marks": 7, "win_by": 1, "all_pass": "forced",
                                            "splash_marks": 3, "forced_minimum": 30,
                                            "special_minimum": 42, "ladder": "texas"}),
    "forty-two": (4, 4, True, "forty-two", True, {"target_points": 250, "target_hands": 7}),
    "moon": (3, 3, False, "moon", True, {"target_points": 21}),
    "mexican-train": (2, 8, False, "mexican-train", False, {"set": 12, "rounds": None, "double_blank": 0}),
    "castle-rock": (1, 1, False, "castle-rock", False, {}),
}


@pytest.mark.parametrize("vid", list(REGISTRY))
def test_registry_attributes(vid):
    lo, hi, partnership, family, bidding, defaults = REGISTRY[vid]
    v = VARIANTS[vid]
    assert (v.min_players, v.max_players, v.partnership, v.family, v.bidding) == (lo, hi, partnership, family, bidding)
    assert isinstance(v.title, str) and v.title and isinstance(v.blurb, str) and v.blurb
    opts = {o.name: o for o in v.options}
    for name, default in defaults.items():
        assert name in opts, name
        assert opts[name].default == default, (name, opts[name].default)
        assert isinstance(opts[name].help, str) and opts[name].help
    if vid == "texas42":
        assert set(opts) == {"target_marks", "win_by", "all_pass", "contracts", "splash_marks",
                             "forced_minimum", "special_minimum", "ladder"}  # rules.md "More house rules"
        assert set(opts["all_pass"].choices) == {"forced", "redeal"}
        assert set(opts["contracts"].default) == {"straight", "follow-me", "nillo", "sevens", "plunge", "splash"}
    else:
        assert set(opts) == set(defaults)


@pytest.mark.parametrize("vid, options, allowed", [
    P("card42-teams", {}, True, id="teams"),
    P("texas42-1986", {}, False, id="1986"),
    P("lechner42", {}, False, id="lechner"),
    P("texas42", {}, False, id="texas-forced"),
    P("texas42", {"all_pass": "redeal"}, True, id="texas-redeal"),
    P("forty-two", {}, True, id="forty-two"),
    P("moon", {}, True, id="moon"),
])
def test_registry_redeal_allowed(vid, options, allowed):
    assert VARIANTS[vid].redeal_allowed(options) is allowed


def test_registry_contracts():
    assert tuple(VARIANTS["texas42-1986"].contracts({})) == ("trumps", "trash")
    assert set(VARIANTS["lechner42"].contracts({})) == {"straight", "sevens", "nillo", "follow-me", "plunge", "splash"}
    assert set(VARIANTS["texas42"].contracts({"contracts": ["straight", "sevens"]})) == {"straight", "sevens"}
    assert tuple(VARIANTS["moon"].contracts({})) == ()


@pytest.mark.parametrize("auction, bidder, bid", [
    P([5, 6, "pass", "pass", 18], 1, 18, id="18-in-round-two-ends"),
    P([5, "pass", "pass", 6, "pass"], 0, 6, id="passed-players-skipped"),
    P(["pass", 2, 3, 4, 5, 6, "pass", "pass"], 3, 6, id="two-rounds-skipping"),
])
def test_card42_teams_longer_auctions(auction, bidder, bid):
    res = ok(rec("card42-teams", [{"auction": auction, "points": 18}]))
    sub(res["hands"][0], {"bidder": bidder, "bid": bid, "made": True})


@pytest.mark.parametrize("vid, calls, legal, illegal, plunge, splash, plunge_legal", [
    # rules.md Reading: a double-six set holds 7 doubles, so a second plunge is refused
    P("lechner42", ["plunge"], [210, 252], [168, 294, 42], 336, 294, False, id="lechner-after-plunge"),
    P("lechner42", [30], [31, 42, 84], [30, 126], 168, 126, True, id="lechner-after-30"),
    P("texas42", [84], [126], [84, 168], 168, 126, True, id="texas-after-84"),
    P("texas42", [84, 126, 168], [210], [252], 210, 210, True, id="texas-after-168"),
])
def test_legal_calls_ladders(vid, calls, legal, illegal, plunge, splash, plunge_legal):
    from scorekeeper.rules import legal_calls
    lc = legal_calls(rec(vid, []), calls)
    assert lc["error"] is None and lc["done"] is False
    for b in legal:
        assert entries(lc, b)[0]["legal"] is True, b
    for b in illegal:
        found = entries(lc, b)
        assert not found or found[0]["legal"] is False, b
    assert entries(lc, "plunge")[0]["bid"] == plunge and entries(lc, "plunge")[0]["legal"] is plunge_legal
    assert entries(lc, "splash")[0]["bid"] == splash and entries(lc, "splash")[0]["legal"] is True


def test_legal_calls_moon_only_21_tops_7():
    from scorekeeper.rules import legal_calls
    lc = legal_calls(rec("moon", []), [7])
    assert [c["call"] for c in lc["calls"] if c["legal"]] == ["pass", 21]


def test_legal_calls_says_whose_turn_each_call_was():
    """card42-teams goes round and skips players who passed; card42 bids from the dealer's left."""
    teams = rec("card42-teams", [])  # dealer 0: seat 1 calls first
    out = legal_calls(teams, [5, "pass", 6, "pass", 7])
    assert out["turns"] == [1, 2, 3, 0, 1] and out["seat"] == 3
    over = legal_calls(teams, [18, "pass"])
    assert over["turns"] == [1] and over["invalid_at"] == 1
    cards = rec("card42", [])
    assert legal_calls(cards, [3, 3])["turns"] == [1, 2]


# --------------------------------------------------------------------------- null is "not given"

@pytest.mark.parametrize("hand", [
    P({"auction": [30, "pass", "pass", "pass"], "bidder": None, "bid": None, "contract": "straight",
       "points": 34}, id="null-bidder-and-bid-beside-an-auction"),
    P({"auction": None, "bidder": 1, "bid": 30, "contract": "straight", "points": 34},
      id="null-auction-beside-the-result"),
])
def test_null_fields_count_as_not_given(hand):
    """game-record.md: bidder/bid "also given" must agree, and a hand "may give" the auction;
    a null is a field not given (as for every other optional field)."""
    res = ok(rec("lechner42", [hand]))
    sub(res["hands"][0], {"dealer": 0, "bidder": 1, "bid": 30, "made": True, "deltas": [0, 1]})


def test_null_first_dealer_is_the_default_seat_0():
    res = ok(rec("lechner42", [], first_dealer=None) | {"first_dealer": None})
    assert res["next_dealer"] == 0


def test_null_auction_on_a_passed_hand():
    res = ok(rec("forty-two", [{"passed": True, "auction": None}]))
    sub(res["hands"][0], {"bidder": None, "bid": None, "made": None, "deltas": [0, 0]})
