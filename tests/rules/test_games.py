"""A full game of each variant, played to its winner; then one more hand is refused."""
from __future__ import annotations

import pytest

from ._helpers import bad, check_running_totals, ok, rec, sub

P = pytest.param
OVER = ("over", "won", "finished", "ended", "end")


def finished(res, winners, totals=None):
    sub(res, {"finished": True, "winners": winners})
    if totals is not None:
        assert res["totals"] == totals
    assert "next_dealer" not in res
    check_running_totals(res)


def not_finished(res):
    sub(res, {"finished": False, "winners": []})
    assert "next_dealer" in res


def refused_after(variant, hands, extra, **kw):
    bad(rec(variant, hands + [extra], **kw), len(hands), OVER)


# --------------------------------------------------------------------------- card42

CARD42_TIE = [
    {"bids": [7, 0, 1], "tricks": [7, 0, 0]},  # 14, 7, 0
    {"bids": [0, 7, 1], "tricks": [0, 7, 0]},  # 21, 21, 0
    {"bids": [7, 0, 1], "tricks": [7, 0, 0]},  # 35, 28, 0
    {"bids": [0, 7, 1], "tricks": [0, 7, 0]},  # 42, 42, 0: both made their bids
]


def test_card42_tie():
    not_finished(ok(rec("card42", CARD42_TIE[:3])))
    res = ok(rec("card42", CARD42_TIE))
    assert [h["dealer"] for h in res["hands"]] == [0, 1, 2, 0]
    finished(res, [0, 1], [42, 42, 0])
    refused_after("card42", CARD42_TIE, {"bids": [1, 1, 1], "tricks": [1, 1, 5]})


def test_card42_reaching_42_with_a_missed_bid_does_not_win():
    hands = [
        {"bids": [7, 1, 1], "tricks": [7, 0, 0]},  # 14
        {"bids": [7, 1, 1], "tricks": [7, 0, 0]},  # 28
        {"bids": [6, 1, 1], "tricks": [7, 0, 0]},  # missed: 35
        {"bids": [6, 1, 1], "tricks": [7, 0, 0]},  # missed: 42 - not a win
    ]
    res = ok(rec("card42", hands))
    assert res["totals"] == [42, 0, 0]
    not_finished(res)
    assert res["next_dealer"] == 1
    hands.append({"bids": [0, 1, 1], "tricks": [0, 1, 6]})  # seat 0 makes 0: wins; seat 1 makes 1
    res = ok(rec("card42", hands))
    sub(res["hands"][4], {"deltas": [0, 4, 6], "totals": [42, 4, 6]})
    finished(res, [0], [42, 4, 6])
    refused_after("card42", hands, {"bids": [1, 1, 1], "tricks": [1, 1, 5]})


# --------------------------------------------------------------------------- card42-teams

TEAMS = [
    {"bidder": 0, "bid": 10, "points": 12},                 # dealer 0: [12, 0]
    {"auction": [8, "pass", "pass", "pass"], "points": 5},  # dealer 3, seat 0 calls first: bidder 0, set: [4, 0]
    {"bidder": 2, "bid": 15, "points": 18},                 # dealer 2: [22, 0]
    {"auction": ["pass", 6, "pass", "pass"], "points": 9},  # dealer 1, calls from 2: bidder 3: [22, 9]
    {"bidder": 1, "bid": 18, "points": 17},                 # dealer 0: [22, -9]
    {"bidder": 0, "bid": 18, "points": {"high": True, "other_aces": 3, "jack": True, "other_jacks": 3,
                                         "four": True, "game": True, "three": True}},  # [40, -9]
    {"bidder": 2, "bid": 2, "points": 2},                   # [42, -9]: wins
]


def test_card42_teams_game():
    res = ok(rec("card42-teams", TEAMS[:6]))
    assert [h["totals"] for h in res["hands"]] == [[12, 0], [4, 0], [22, 0], [22, 9], [22, -9], [40, -9]]
    assert [h["dealer"] for h in res["hands"]] == [0, 3, 2, 1, 0, 3]
    assert [h["bidder"] for h in res["hands"]] == [0, 0, 2, 3, 1, 0]
    not_finished(res)
    assert res["next_dealer"] == 2
    res = ok(rec("card42-teams", TEAMS))
    finished(res, [0], [42, -9])
    refused_after("card42-teams", TEAMS, {"bidder": 1, "bid": 2, "points": 2})


def test_card42_teams_target_option():
    res = ok(rec("card42-teams", TEAMS, options={"target_points": 50}))
    not_finished(res)
    res = ok(rec("card42-teams", TEAMS[:3], options={"target_points": 20}))
    finished(res, [0], [22, 0])


# --------------------------------------------------------------------------- texas42-1986

T1986 = [
    {"bidder": 0, "bid": 30, "contract": "trumps", "trump": 6, "points": 42},  # [72, 0]
    {"bidder": 1, "bid": 30, "contract": "trumps", "points": 0},               # set: [144, 0]
    {"bidder": 0, "bid": 42, "contract": "trash", "made": True},               # [186, 0]
    {"auction": [42, 84, "pass", "pass"], "contract": "trumps", "points": 42},  # dealer 3: calls 0,1,2,3: bidder 1: [186, 126]
    {"bidder": 2, "bid": 42, "contract": "trumps", "trump": "doubles", "points": 42},  # [270, 126]
    {"bidder": 3, "bid": 30, "contract": "trumps", "points": 30},              # [270, 186]
    {"auction": ["pass", "pass", "pass", 30], "contract": "trumps", "points": 30},  # dealer 2: [330, 186]
]


def test_texas42_1986_game_to_300():
    res = ok(rec("texas42-1986", T1986[:6]))
    assert [h["totals"] for h in res["hands"]] == [[72, 0], [144, 0], [186, 0], [186, 126], [270, 126], [270, 186]]
    not_finished(res)
    res = ok(rec("texas42-1986", T1986))
    sub(res["hands"][6], {"dealer": 2, "bidder": 2, "bid": 30, "made": True, "deltas": [60, 0]})
    finished(res, [0], [330, 186])
    refused_after("texas42-1986", T1986, {"bidder": 1, "bid": 30, "contract": "trumps", "points": 30})


# --------------------------------------------------------------------------- lechner42 and texas42

def one_mark(side):
    return {"bidder": side, "bid": 30, "contract": "straight", "points": 30}


SIX_ALL = [one_mark(i % 2) for i in range(12)]


def test_lechner42_win_by_two_goes_past_7():
    res = ok(rec("lechner42", SIX_ALL))
    assert res["totals"] == [6, 6]
    not_finished(res)
    res = ok(rec("lechner42", SIX_ALL + [one_mark(0)]))
    assert res["totals"] == [7, 6]
    not_finished(res)  # 7-6 goes on
    res = ok(rec("lechner42", SIX_ALL + [one_mark(0), one_mark(1)]))
    assert res["totals"] == [7, 7]
    not_finished(res)
    hands = SIX_ALL + [one_mark(0), one_mark(1), one_mark(1), one_mark(1)]
    res = ok(rec("lechner42", hands))
    finished(res, [1], [7, 9])
    refused_after("lechner42", hands, one_mark(0))
    hands = SIX_ALL + [one_mark(0), one_mark(0)]
    res = ok(rec("lechner42", hands))
    finished(res, [0], [8, 6])
    refused_after("lechner42", hands, one_mark(1))


def test_lechner42_seven_five_wins_and_marks_games():
    hands = [
        {"auction": ["plunge", "pass", "pass", "pass"], "contract": "plunge", "call": "straight", "doubles": 4,
         "made": True},                                                                      # [0, 4]
        {"bidder": 0, "bid": 84, "contract": "nillo", "doubles": "high", "made": False},     # [0, 6]
        {"bidder": 0, "bid": 126, "contract": "sevens", "made": True},                      # [3, 6]
        {"bidder": 1, "bid": 42, "contract": "follow-me", "made": False},                   # [4, 6]
        {"bidder": 2, "bid": 84, "contract": "straight", "points": 42},                     # [6, 6]
        {"bidder": 3, "bid": 30, "contract": "straight", "points": 12},                     # [7, 6]
        {"bidder": 0, "bid": 126, "contract": "splash", "call": "sevens", "doubles": 3, "made": False},  # [7, 9]
    ]
    res = ok(rec("lechner42", hands))
    assert [h["totals"] for h in res["hands"]] == [[0, 4], [0, 6], [3, 6], [4, 6], [6, 6], [7, 6], [7, 9]]
    finished(res, [1], [7, 9])
    refused_after("lechner42", hands, one_mark(0))
    # 7-5 ends at once
    hands = [one_mark(0)] * 5 + [one_mark(1)] * 5 + [one_mark(0), one_mark(0)]
    res = ok(rec("lechner42", hands))
    finished(res, [0], [7, 5])


def test_lechner42_target_and_win_by_options():
    res = ok(rec("lechner42", SIX_ALL + [one_mark(0)], options={"win_by": 1}))
    finished(res, [0], [7, 6])
    res = ok(rec("lechner42", [one_mark(0)] * 3, options={"target_marks": 3}))
    finished(res, [0], [3, 0])


def test_texas42_win_by_1_ends_at_7():
    res = ok(rec("texas42", SIX_ALL))
    not_finished(res)
    hands = SIX_ALL + [one_mark(0)]
    res = ok(rec("texas42", hands))
    finished(res, [0], [7, 6])
    refused_after("texas42", hands, one_mark(1))


def test_texas42_win_by_option_2_goes_on():
    res = ok(rec("texas42", SIX_ALL + [one_mark(0)], options={"win_by": 2}))
    not_finished(res)
    res = ok(rec("texas42", SIX_ALL + [one_mark(0), one_mark(0)], options={"win_by": 2}))
    finished(res, [0], [8, 6])


def test_texas42_game_with_ladder_and_redeals():
    hands = [
        {"auction": [84, 126, "pass", "pass"], "contract": "straight", "points": 42},           # dealer 0: s2 126: [3, 0]
        {"auction": ["pass", "pass", "pass", "pass"]},                                         # dealer 1: redeal
        {"auction": ["pass", "splash", "pass", "pass"], "contract": "splash", "call": "follow-me",
         "doubles": 3, "made": False},                                                        # dealer 2: s0 splash, set: [3, 3]
        {"bidder": 1, "bid": 84, "contract": "sevens", "made": True},                           # [3, 5]
        {"passed": True},                                                                      # redeal
        {"auction": ["plunge", "pass", "pass", "pass"], "contract": "plunge", "call": "straight",
         "doubles": 4, "made": True},                                                         # dealer 1: s2 plunge: [7, 5]
    ]
    res = ok(rec("texas42", hands, options={"all_pass": "redeal"}))
    assert [h["dealer"] for h in res["hands"]] == [0, 1, 2, 3, 0, 1]
    assert [h["bidder"] for h in res["hands"]] == [2, None, 0, 1, None, 2]
    assert [h["bid"] for h in res["hands"]] == [126, None, 126, 84, None, 168]
    assert [h["totals"] for h in res["hands"]] == [[3, 0], [3, 0], [3, 3], [3, 5], [3, 5], [7, 5]]
    finished(res, [0], [7, 5])
    refused_after("texas42", hands, {"passed": True}, options={"all_pass": "redeal"})


# --------------------------------------------------------------------------- forty-two

def test_forty_two_won_by_seven_hands():
    hands = [{"bidder": 0, "bid": 30, "points": 30}] * 7
    res = ok(rec("forty-two", hands[:6]))
    sub(res, {"hands_won": [6, 0], "totals": [180, 72]})
    not_finished(res)
    res = ok(rec("forty-two", hands))
    sub(res, {"hands_won": [7, 0]})
    finished(res, [0], [210, 84])
    refused_after("forty-two", hands, {"bidder": 1, "bid": 30, "points": 30})


def test_forty_two_won_by_points():
    hands = [{"bidder": 2, "bid": 42, "points": 42}] * 6
    res = ok(rec("forty-two", hands[:5]))
    not_finished(res)
    res = ok(rec("forty-two", hands))
    sub(res, {"hands_won": [6, 0]})
    finished(res, [0], [252, 0])
    refused_after("forty-two", hands, {"passed": True})


def test_forty_two_hands_won_by_defenders_and_redeals():
    hands = [
        {"bidder": 0, "bid": 37, "points": 35},                      # set: [0, 44], defenders win the hand
        {"passed": True},
        {"auction": ["pass", "pass", "pass", "pass"]},
        {"bidder": 1, "bid": 30, "points": 20},                      # set: [52, 44]
    ]
    res = ok(rec("forty-two", hands))
    assert [h["hands_won"] for h in res["hands"]] == [[0, 1], [0, 1], [0, 1], [1, 1]]
    assert [h["dealer"] for h in res["hands"]] == [0, 1, 2, 3]
    sub(res, {"totals": [52, 44], "hands_won": [1, 1], "next_dealer": 0})


FORTY_TWO_BOTH = (
    [{"bidder": 0, "bid": 42, "points": 42}] * 5      # [210, 0]
    + [{"bidder": 1, "bid": 42, "points": 42}] * 5    # [210, 210]
    + [{"bidder": 1, "bid": 30, "points": 35}]        # [217, 245]
)


def test_forty_two_both_reach_250_bidder_wins_regardless_of_score():
    opts = {"target_hands": 0}
    res = ok(rec("forty-two", FORTY_TWO_BOTH, options=opts))
    assert res["totals"] == [217, 245]
    not_finished(res)
    hands = FORTY_TWO_BOTH + [{"bidder": 2, "bid": 30, "points": 33}]  # [250, 254]
    res = ok(rec("forty-two", hands, options=opts))
    finished(res, [0], [250, 254])
    refused_after("forty-two", hands, {"passed": True}, options=opts)


def test_forty_two_target_points_0_plays_to_hands_only():
    hands = [{"bidder": 0, "bid": 42, "points": 42}] * 6
    res = ok(rec("forty-two", hands, options={"target_points": 0}))
    assert res["totals"] == [252, 0]
    not_finished(res)
    res = ok(rec("forty-two", hands + hands[:1], options={"target_points": 0}))
    finished(res, [0], [294, 0])


# --------------------------------------------------------------------------- moon

MOON_PREFIX = [
    {"bidder": 0, "bid": 4, "tricks": [4, 2, 1]},   # [4, 2, 1]
    {"bidder": 1, "bid": 4, "tricks": [2, 4, 1]},   # [6, 6, 2]
    {"bidder": 2, "bid": 4, "tricks": [1, 2, 4]},   # [7, 8, 6]
    {"bidder": 0, "bid": 5, "tricks": [5, 1, 1]},   # [12, 9, 7]
    {"bidder": 1, "bid": 5, "tricks": [1, 5, 1]},   # [13, 14, 8]
    {"bidder": 2, "bid": 5, "tricks": [1, 1, 5]},   # [14, 15, 13]
]


@pytest.mark.parametrize("h6, h7, totals, winners", [
    P({"bidder": 0, "bid": 4, "tricks": [4, 3, 0]}, {"bidder": 2, "bid": 4, "tricks": [3, 3, 1]},
      [21, 21, 9], [0, 1], id="two-reach-equal-highest-share"),
    P({"bidder": 0, "bid": 4, "tricks": [4, 3, 0]}, {"bidder": 2, "bid": 4, "tricks": [4, 3, 0]},
      [22, 21, 9], [0], id="two-reach-highest-wins"),
    P({"bidder": 0, "bid": 6, "tricks": [6, 1, 0]}, {"bidder": 1, "bid": 5, "tricks": [2, 5, 0]},
      [22, 21, 13], [1], id="two-reach-bidder-wins-though-lower"),
    P({"bidder": 0, "bid": 4, "tricks": [4, 2, 1]}, {"bidder": 1, "bid": 4, "tricks": [3, 4, 0]},
      [21, 21, 14], [1], id="two-reach-equal-bidder-wins-alone"),
])
def test_moon_several_reach_21_in_one_hand(h6, h7, totals, winners):
    res = ok(rec("moon", MOON_PREFIX + [h6]))
    not_finished(res)
    hands = MOON_PREFIX + [h6, h7]
    res = ok(rec("moon", hands))
    assert [h["dealer"] for h in res["hands"]] == [0, 1, 2, 0, 1, 2, 0, 1]
    finished(res, winners, totals)
    refused_after("moon", hands, {"passed": True})


def test_moon_target_option():
    res = ok(rec("moon", MOON_PREFIX[:4], options={"target_points": 12}))
    finished(res, [0], [12, 9, 7])


# --------------------------------------------------------------------------- mexican-train

def test_mexican_train_full_game():
    pips = [[0, 12, 30, 7], [5, 0, 9, 22], [14, 3, 0, 40], [0, 0, 11, 2]] * 3 + [[8, 1, 0, 3]]
    hands = [{"pips": p} for p in pips]
    res = ok(rec("mexican-train", hands, n=4, first_dealer=2))
    assert [h["engine"] for h in res["hands"]] == list(range(12, -1, -1))
    assert [h["dealer"] for h in res["hands"]] == [(2 + k) % 4 for k in range(13)]
    assert all(h["tiles"] == 14 for h in res["hands"])
    totals = [sum(p[i] for p in pips) for i in range(4)]
    assert totals == [65, 46, 150, 216]
    finished(res, [1], totals)
    refused_after("mexican-train", hands, {"pips": [0, 0, 0, 0]}, n=4, first_dealer=2)


def test_mexican_train_rounds_option_and_tie():
    hands = [{"pips": [0, 4, 12, 9], "out": 0}, {"pips": [6, 0, 1, 20], "out": 1}, {"pips": [3, 5, 0, 0]},
             {"pips": [1, 1, 0, 5], "blocked": True}]
    opts = {"rounds": 4}
    res = ok(rec("mexican-train", hands[:3], n=4, options=opts))
    not_finished(res)
    assert res["next_round"] == {"round": 3, "engine": 9, "tiles": 14}
    res = ok(rec("mexican-train", hands, n=4, options=opts))
    sub(res, {"rounds": 4})
    finished(res, [0, 1], [10, 10, 13, 34])
    refused_after("mexican-train", hands, {"pips": [0, 1, 1, 1]}, n=4, options=opts)


# --------------------------------------------------------------------------- castle-rock

def test_castle_rock_never_finishes():
    hands = [{"remaining": r} for r in [0, 5, 2, 17, 1, 40, 3, 0, 91, 2] * 4]
    res = ok(rec("castle-rock", hands))
    sub(res, {"finished": False, "winners": [], "games": 40, "best": 0, "totals": [20]})
    assert res["win_rate"] == pytest.approx(0.5)
    check_running_totals(res)
    res = ok(rec("castle-rock", hands + [{"remaining": 0}]))
    sub(res, {"finished": False, "games": 41, "totals": [21]})


def test_forty_two_hands_goal_and_points_goal_same_hand_bidders_win():
    hands = ([{"bidder": 0, "bid": 30, "points": 30}] * 6      # [180, 72], hands won [6, 0]
             + [{"bidder": 1, "bid": 42, "points": 42}] * 4)   # [180, 240], hands won [6, 4]
    res = ok(rec("forty-two", hands))
    sub(res, {"totals": [180, 240], "hands_won": [6, 4]})
    not_finished(res)
    hands = hands + [{"bidder": 2, "bid": 30, "points": 32}]    # [212, 250]: 7 hands for side 0, 250 for side 1
    res = ok(rec("forty-two", hands))
    sub(res, {"hands_won": [7, 4]})
    finished(res, [0], [212, 250])
    refused_after("forty-two", hands, {"passed": True})


def test_the_pages_ask_the_variant_how_to_speak_of_it():
    """Variant.hand_word, deals/dealt, lowest_wins, has_auction: what the pages used to work
    out from variant ids, one definition each."""
    from scorekeeper.rules import VARIANTS

    words = {v.id: (v.hand_word, v.deals, v.dealt, v.lowest_wins, v.has_auction)
             for v in VARIANTS.values()}
    assert words["mexican-train"] == ("Round", "starts", "started", True, False)
    assert words["castle-rock"] == ("Game", "deals", "dealt", False, False)
    assert words["card42"] == ("Hand", "deals", "dealt", False, True)
    for vid in ("texas42", "lechner42", "texas42-1986", "forty-two", "moon"):
        assert words[vid] == ("Hand", "shakes", "shook", False, True)
    assert [v.id for v in VARIANTS.values() if v.lowest_wins] == ["mexican-train"]


def test_the_variant_says_what_a_hand_holds():
    """The capabilities the board, the hand form, the sheet, the CSV and the stats ask instead
    of comparing family ids: each holds for exactly the variants whose hands carry it."""
    from scorekeeper.rules import VARIANTS

    def having(name):
        return sorted(v.id for v in VARIANTS.values() if getattr(v, name))

    assert having("bids_own_tricks") == ["card42"]
    assert having("names_contract") == ["lechner42", "texas42", "texas42-1986"]
    assert having("moon_bid") == ["moon"] and VARIANTS["moon"].moon_bid == 21
    assert having("went_out") == having("engine_rounds") == ["mexican-train"]
    assert having("tiles_left") == ["castle-rock"]
    assert VARIANTS["moon"].usual_bids == (4, 5, 6, 7, 21)
    assert VARIANTS["forty-two"].usual_bids == tuple(range(30, 43))
    assert VARIANTS["texas42-1986"].usual_bids[-3:] == (84, 126, 168)
    assert VARIANTS["texas42"].usual_bids[-6:] == (84, 126, 168, 210, 252, 294)
    assert VARIANTS["card42-teams"].usual_bids == tuple(range(2, 19))
    assert having("usual_bids") == ["card42-teams", "forty-two", "lechner42", "moon", "texas42",
                                    "texas42-1986"]


@pytest.mark.parametrize("variant_id, options, goal", [
    ("lechner42", {"target_marks": 7, "win_by": 2}, "Play to 7 marks, win by 2."),
    ("texas42", {"target_marks": 7, "win_by": 1}, "Play to 7 marks."),
    ("forty-two", {"target_points": 250, "target_hands": 7}, "First to 250 points or 7 hands won."),
    ("forty-two", {"target_points": 0, "target_hands": 7}, "First to 7 hands won."),
    ("forty-two", {"target_points": 250, "target_hands": 0}, "First to 250 points."),
    ("card42", {}, "Reach 42 and make your bid exactly to win."),
    ("card42-teams", {"target_points": 42}, "First to 42 points."),
    ("texas42-1986", {"target_points": 300}, "First to 300 points."),
    ("moon", {"target_points": 21}, "First to 21 points."),
    ("mexican-train", {}, "Lowest total after the last round wins."),
    ("castle-rock", {}, ""),
])
def test_the_goal_line_under_the_scoreboard(variant_id, options, goal):
    from scorekeeper.rules import VARIANTS

    assert VARIANTS[variant_id].goal(options) == goal
