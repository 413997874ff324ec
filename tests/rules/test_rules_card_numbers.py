"""Every number the rules card states, checked against the engine: per variant and per option
value, the card's line is read, its numbers taken from the words, and a hand played through
`score` must give them. A card that says one thing while the engine does another fails here."""
from __future__ import annotations

import re

import pytest

from scorekeeper.rules import VARIANTS, countdown_mark, score
from scorekeeper.rules.card import rules_card

from ._helpers import rec


def line(variant, options, topic):
    return next(x.text for x in rules_card(VARIANTS[variant], options) if x.topic == topic)


def numbers(text, pattern):
    """The numbers the pattern's groups catch in a line (the card's minus sign read as negative)."""
    found = re.search(pattern, text)
    assert found, f"{pattern!r} not in {text!r}"
    return [int(g.replace("\u2212", "-")) for g in found.groups()]


def played(variant, hands, options=None, n=None):
    result = score(rec(variant, hands, n=n, options=options or {}, first_dealer=0))
    return result


def refused(variant, hand, options=None, n=None):
    return not played(variant, [hand], options, n)["ok"]


def won_bid(variant, calls, options=None, **rest):
    """The winning bid of a hand bid with `calls` (made), or None when the auction is refused."""
    hand = {"auction": calls, **rest}
    if variant in ("lechner42", "texas42"):
        bids = [c for c in calls if c != "pass"]
        special = bids[-1] if bids and bids[-1] in ("plunge", "splash") else None
        hand.setdefault("contract", special or "straight")
        if special:
            hand.update(call="straight", doubles=4 if special == "plunge" else 3)
        hand.setdefault("made", True)
    elif variant == "texas42-1986":
        hand.update(contract="trumps", points=42)
    elif variant == "forty-two":
        hand["points"] = 42
    result = played(variant, [hand], options)
    return result["hands"][0]["bid"] if result["ok"] else None


# card42 -------------------------------------------------------------------------------------

@pytest.mark.parametrize("bonus", [0, 3, 5, 10])
def test_card42_bonus(bonus):
    text = line("card42", {"bonus": bonus}, "Bonus")
    r = played("card42", [{"bids": [4, 1, 1], "tricks": [4, 1, 2]}], {"bonus": bonus})
    if bonus:
        bid, took, worth = numbers(text, r"bid (\d+), took (\d+): (\d+)")
        assert bid == took == 4 and r["hands"][0]["deltas"][0] == worth
    else:
        assert "adds nothing" in text and r["hands"][0]["deltas"][0] == 4
    assert "plus 0" not in text


def test_card42_a_trick_is_a_point_and_a_missed_bid_costs_nothing():
    assert "Every trick taken is 1 point" in line("card42", {}, "Score")
    r = played("card42", [{"bids": [1, 2, 2], "tricks": [3, 2, 2]}])
    assert r["hands"][0]["deltas"][0] == 3  # bid 1, took 3: 3 tricks, nothing lost


@pytest.mark.parametrize("n", [2, 3, 4, 7])
def test_card42_exact_seven_and_zero(n):
    text = line("card42", {}, "Exact 7 and 0")
    (seven,) = numbers(text, r"exact 7 scores (\d+)")
    two, three, four = numbers(text, r"exact 0 scores (\d+) with 2 players, (\d+) with 3, and "
                                     r"(\d+) with 4 or more")
    others = [1] * (n - 2)  # the dealer (seat 0) bids 0 or 1 and never makes the bids total 7
    sevens = played("card42", [{"bids": [1, 7] + others, "tricks": [0, 7] + [0] * (n - 2)}], n=n)
    zeros = played("card42", [{"bids": [0, 1] + others, "tricks": [0, 7] + [0] * (n - 2)}], n=n)
    assert sevens["hands"][0]["deltas"][1] == seven
    assert zeros["hands"][0]["deltas"][0] == {2: two, 3: three}.get(n, four)


CAPPED = [  # two players: 14, 28, 35, 40, then an exact 2 worth 5
    {"bids": [7, 1], "tricks": [7, 0]}, {"bids": [7, 1], "tricks": [7, 0]},
    {"bids": [0, 1], "tricks": [7, 0]}, {"bids": [0, 1], "tricks": [5, 2]},
    {"bids": [2, 1], "tricks": [2, 5]},
]


@pytest.mark.parametrize("cap", [True, False])
def test_card42_cap_and_target(cap):
    text = line("card42", {"cap_at_42": cap}, "Cap")
    r = played("card42", CAPPED, {"cap_at_42": cap}, n=2)
    assert [h["totals"][0] for h in r["hands"][:4]] == [14, 28, 35, 40]
    if cap:
        at, worth, moves = numbers(text, r"at (\d+), a hand worth (\d+) moves her (\d+)")
        assert (at, worth) == (40, 5) and r["hands"][4]["deltas"][0] == moves
    else:
        assert "do not stop at 42" in text and r["hands"][4]["deltas"][0] == 5
    (target,) = numbers(line("card42", {}, "Target"), r"first to (\d+)")
    assert r["totals"][0] >= target and r["winners"] == [0]


def test_card42_several_win_the_same_hand():
    assert "several players can win the same hand" in line("card42", {}, "Target")
    hands = [{"bids": [1, 7, 1], "tricks": [0, 7, 0]}, {"bids": [7, 1, 1], "tricks": [7, 0, 0]}] * 2
    hands += [{"bids": [0, 0, 1], "tricks": [4, 3, 0]}] * 2
    hands += [{"bids": [1, 0, 1], "tricks": [0, 5, 2]}, {"bids": [3, 3, 0], "tricks": [3, 3, 1]}]
    r = played("card42", hands)
    assert [h["totals"][:2] for h in r["hands"][-2:]] == [[36, 39], [42, 42]]
    assert r["winners"] == [0, 1]


@pytest.mark.parametrize("dealer_bid, ok", [(1, False), (2, True)])
def test_card42_dealer_may_not_make_seven(dealer_bid, ok):
    assert "total exactly 7" in line("card42", {}, "Bidding")
    assert refused("card42", {"bids": [dealer_bid, 3, 3], "tricks": [1, 3, 3]}) is not ok


def card(variant, options=None):
    return {x.topic: x for x in rules_card(VARIANTS[variant], options or {})}


@pytest.mark.parametrize("n, hands, mark", [
    (2, CAPPED[:2], "14"),   # at 28 (needs 14): only an exact 7, or 0 with 2 players
    (2, CAPPED[:3], "4"),    # at 35 (needs 7): 4 + 3 is the smallest 1-6 that wins
    (3, [{"bids": [7, 1, 1], "tricks": [7, 0, 0]}] * 2, "14"),  # at 28: 0 scores 7 with 3
    (3, [{"bids": [1, 1, 1], "tricks": [1, 6, 0]}], None),      # at 4 (needs 38): none wins
])
def test_card42_countdown(n, hands, mark):
    """The card shows the countdown its page explains (it had no line for it)."""
    text = line("card42", {}, "Countdown")
    lo, hi, fourteen, seven, zero, players = numbers(
        text, r"smallest of those bids from (\d+) to (\d+), or \u201c(\d+)\u201d when only a bid "
              r"of (\d+) \(or (\d+) with (\d+) players\) remains")
    r = played("card42", hands, n=n)
    countdown = r["hands"][-1]["countdown"][0]
    bids = countdown["winning_bids"]
    small = [b for b in bids if lo <= b <= hi]
    assert countdown_mark(countdown, n) == mark
    if small:
        assert mark == str(small[0])
    elif bids:
        assert set(bids) <= {seven, zero if n == players else seven} and mark == str(fourteen)
    assert countdown["needed"] == 42 - r["totals"][0] and "still needs to 42" in text


# card42-teams -------------------------------------------------------------------------------

def test_card42_teams_score_lines():
    text = line("card42-teams", {}, "Score")
    bid, caught, gain = numbers(text, r"bid (\d+), caught (\d+): (\d+)\)")
    r = played("card42-teams", [{"bidder": 1, "bid": bid, "points": caught}])
    assert r["hands"][0]["deltas"] == [0, gain]
    bid, caught, loss = numbers(text, r"loses its bid \(bid (\d+), caught (\d+): (\S+?)\)")
    r = played("card42-teams", [{"bidder": 1, "bid": bid, "points": caught}])
    assert r["hands"][0]["deltas"] == [0, loss] and r["totals"][1] < 0


def test_card42_teams_points_and_bids():
    (total,) = numbers(line("card42-teams", {}, "Points"), r"(\d+) in all")
    everything = {"high": True, "other_aces": 3, "jack": True, "other_jacks": 3, "four": True,
                  "game": True, "three": True}
    r = played("card42-teams", [{"bidder": 0, "bid": 18, "points": everything}])
    assert r["hands"][0]["points"] == total == 18
    lo, hi = numbers(line("card42-teams", {}, "Bidding"), r"bids (\d+) to (\d+) points")
    for bid, ok in ((lo - 1, False), (lo, True), (hi, True), (hi + 1, False)):
        assert refused("card42-teams", {"bidder": 0, "bid": bid, "points": 0}) is not ok


def test_card42_teams_points_say_which_trump_and_what_game_is():
    """The Points line says which trump counts and what game is: both decide what is entered."""
    text = line("card42-teams", {}, "Points")
    assert "Trump is the last trump standing: the suit of the last four played" in text
    assert "ten 10, ace 4, king 3, queen 2, jack 1" in text
    assert not text.endswith("18 in all.")  # the old line stopped there
    (game,) = numbers(text, r"bidders get the (\d+) only if they have the most")
    (listed,) = numbers(text, r"game (\d+),")
    for caught, points in ((True, game), (False, 0)):
        r = played("card42-teams", [{"bidder": 0, "bid": 2, "points": {"game": caught}}])
        assert r["hands"][0]["points"] == points and listed == game


def test_card42_teams_auction_ends_when_three_pass_and_the_deal_goes_right():
    assert "until three players have passed" in line("card42-teams", {}, "Bidding")
    r = played("card42-teams", [{"auction": [5, "pass", "pass", 6, "pass"], "points": 6}])
    assert r["ok"] and (r["hands"][0]["bidder"], r["hands"][0]["bid"]) == (0, 6)
    r = played("card42-teams", [{"auction": [5, "pass", "pass", "pass"], "points": 5},
                                {"passed": True}])
    assert r["ok"] and r["hands"][0]["bidder"] == 1 and r["hands"][1]["deltas"] == [0, 0]
    assert [h["dealer"] for h in r["hands"]] == [0, 3] and r["next_dealer"] == 2
    assert "to the right" in line("card42-teams", {}, "Bidding")


@pytest.mark.parametrize("target", [42, 21])
def test_card42_teams_target(target):
    (points,) = numbers(line("card42-teams", {"target_points": target}, "Target"), r"to (\d+) points")
    hands = [{"bidder": 0, "bid": 18, "points": 18}] * 3
    r = played("card42-teams", hands[: -(-points // 18)], {"target_points": target})
    assert r["finished"] and r["totals"][0] >= points


# texas42-1986 -------------------------------------------------------------------------------

def test_texas42_1986_score():
    text = line("texas42-1986", {}, "Score")
    bid, gain = numbers(text, r"a set (\d+) with nothing caught gives the defenders (\d+)")
    r = played("texas42-1986", [{"bidder": 0, "bid": bid, "contract": "trumps", "points": 0}])
    assert r["hands"][0]["deltas"] == [0, gain]
    r = played("texas42-1986", [{"bidder": 0, "bid": 35, "contract": "trumps", "points": 38}])
    assert r["hands"][0]["deltas"] == [35 + 38, 0]  # the bid plus what they caught
    trash = [{"auction": ["pass", 42, "pass", "pass"], "contract": "trash", "made": made}
             for made in (True, False)]
    assert [h["deltas"] for h in played("texas42-1986", trash[:1])["hands"]] == [[42, 0]]
    assert [h["deltas"] for h in played("texas42-1986", trash[1:])["hands"]] == [[0, 42]]


def test_texas42_1986_bids():
    text = line("texas42-1986", {}, "Bidding")
    assert "nobody opens with 84" in text
    assert won_bid("texas42-1986", [84, "pass", "pass", "pass"]) is None
    assert won_bid("texas42-1986", [42, 84, "pass", "pass"]) == 84
    assert won_bid("texas42-1986", [30, 84, "pass", "pass"]) is None
    assert won_bid("texas42-1986", [43, "pass", "pass", "pass"]) is None
    (least,) = numbers(line("texas42-1986", {}, "All pass"), r"at least (\d+)")
    assert won_bid("texas42-1986", ["pass"] * 4) is None
    assert won_bid("texas42-1986", ["pass"] * 3 + [least]) == least
    r = played("texas42-1986", [{"auction": [42, 84, "pass", "pass"], "contract": "trumps",
                                 "points": 41}])
    assert r["hands"][0]["made"] is False  # a bid above 42 needs all 42


@pytest.mark.parametrize("target", [300, 250])
def test_texas42_1986_target(target):
    (points,) = numbers(line("texas42-1986", {"target_points": target}, "Target"), r"to (\d+) points")
    hand = {"bidder": 0, "bid": 42, "contract": "trumps", "points": 42}
    r = played("texas42-1986", [hand] * (-(-points // 84)), {"target_points": target})
    assert r["finished"] and r["totals"][0] >= points
    r = played("texas42-1986", [hand] * (points // 84), {"target_points": target})
    assert not r["finished"]


# lechner42 and texas42 ----------------------------------------------------------------------

def test_lechner42_raise_limit():
    text = line("lechner42", {}, "Bidding")
    (most,) = numbers(text, r"the most is \d+ marks \((\d+)\)")
    (after, then) = numbers(text, r"after \d+ marks \((\d+)\) it is \d+ marks \((\d+)\)")
    for opening in (None, 30, 42):
        before = [] if opening is None else [opening]
        rest = ["pass"] * (3 - len(before))
        assert won_bid("lechner42", before + [most] + rest) == most
        assert won_bid("lechner42", before + [most + 42] + rest) is None
    assert won_bid("lechner42", [after, then, "pass", "pass"]) == then
    assert won_bid("lechner42", [after, then + 42, "pass", "pass"]) is None


def test_lechner42_plunge_and_splash():
    text = line("lechner42", {}, "Plunge and splash")
    plunge, splash = numbers(text, r"\((\d+)\) and \d+ marks \((\d+)\) to open")
    plunge2, splash2, over = numbers(text, r"\((\d+)\) and \d+ marks \((\d+)\) over \d+ marks \((\d+)\)")
    for before in ([], [30], [42]):
        rest = ["pass"] * (3 - len(before))
        assert won_bid("lechner42", before + ["plunge"] + rest) == plunge
        assert won_bid("lechner42", before + ["splash"] + rest) == splash
    assert won_bid("lechner42", [over, "plunge", "pass", "pass"]) == plunge2
    assert won_bid("lechner42", [over, "splash", "pass", "pass"]) == splash2
    assert won_bid("lechner42", ["plunge", "plunge", "pass", "pass"]) is None  # the Reading


DOUBLES_AUCTIONS = [  # (calls, legal)
    (["plunge", "plunge", "pass", "pass"], False), (["splash", "plunge", "pass", "pass"], True),
    (["plunge", "splash", "pass", "pass"], True), (["splash", "splash", "pass", "pass"], True),
    (["splash", "splash", "splash", "pass"], False), (["splash", "splash", "plunge", "pass"], False),
    (["plunge", "splash", "splash", "pass"], False), (["splash", "plunge", "splash", "pass"], False),
]


@pytest.mark.parametrize("variant, contracts", [
    ("lechner42", None), ("texas42", None), ("texas42", ["straight", "plunge"]),
    ("texas42", ["straight", "splash"]),
])
def test_plunge_and_splash_doubles_reading(variant, contracts):
    """Only the calls the engine allows: no third splash, and nothing after a plunge and a splash."""
    options = {"contracts": contracts} if contracts else {}
    found = card(variant, options)["Plunge and splash"]
    assert found.reading and "two splashes and a third" not in found.text
    played_here = [c for c in ("plunge", "splash") if c in (contracts or ["plunge", "splash"])]
    for calls, legal in DOUBLES_AUCTIONS:
        if set(calls) - {"pass"} <= set(played_here):
            assert (won_bid(variant, calls, options) is not None) is legal, calls
    if played_here == ["plunge"]:
        assert "a second plunge in one auction is refused" in found.text
    elif played_here == ["splash"]:
        assert "a third splash in one auction is refused" in found.text
    else:
        assert ("a second plunge is refused, and after a plunge and a splash, or two splashes, so "
                "is any other plunge or splash") in found.text


@pytest.mark.parametrize("contracts", [None, ["straight", "plunge", "splash", "sevens"],
                                       ["straight", "nillo", "splash"]])
def test_texas42_nello_lead_only_where_nello_is_played(contracts):
    """A sentence about a contract the table does not play is left out."""
    options = {"contracts": contracts} if contracts else {}
    text = line("texas42", options, "Plunge and splash")
    nello = contracts is None or "nillo" in contracts
    assert ("(in nello the bidder leads)" in text) is nello
    assert "partner calls the game" in text and text.count("nello") == (2 if nello else 0)
    hand = {"auction": ["splash", "pass", "pass", "pass"], "contract": "splash", "call": "nillo",
            "doubles": 3, "made": True}
    assert played("texas42", [hand], options)["ok"] is nello


@pytest.mark.parametrize("variant", ["lechner42", "texas42"])
def test_marks_made_or_set_and_worth(variant):
    text = line(variant, {}, "Made or set")
    assert "30 to 41 is made with at least that many points" in text
    def made(bid, points):
        hand = {"bidder": 0, "bid": bid, "contract": "straight", "points": points}
        return played(variant, [hand])["hands"][0]["made"]
    assert made(35, 35) and not made(35, 34) and not made(42, 41) and made(42, 42)
    for contract in ("sevens", "follow-me", "nillo"):
        r = played(variant, [{"bidder": 0, "bid": 42, "contract": contract, "made": False}])
        assert r["hands"][0]["deltas"] == [0, 1]
    (points, worth) = numbers(line(variant, {}, "Marks"), r"\((\d+) is worth (\d+) marks\)")
    for bid, gain in ((30, 1), (42, 1), (points, worth)):
        hand = {"bidder": 1, "bid": bid, "contract": "straight", "points": 42}
        assert played(variant, [hand])["hands"][0]["deltas"] == [0, gain]
        hand["points"] = 0
        assert played(variant, [hand])["hands"][0]["deltas"] == [gain, 0]


@pytest.mark.parametrize("variant, options", [
    ("lechner42", {}), ("lechner42", {"target_marks": 5, "win_by": 1}),
    ("texas42", {}), ("texas42", {"target_marks": 5}), ("texas42", {"win_by": 2}),
])
def test_marks_target(variant, options):
    text = line(variant, options, "Target")
    (target,) = numbers(text, r"to (\d+) marks? wins")
    by = numbers(text, r"lead by at least (\d+)")[0] if "lead by" in text else 1
    one = {"bidder": 0, "bid": 30, "contract": "straight", "points": 42}
    other = {**one, "bidder": 1}
    lead = [other] * (target - by + 1 if by > 1 else 0) + [one] * (target - 1 if by == 1 else target)
    r = played(variant, lead, options)
    assert not r["finished"], r["totals"]
    r = played(variant, lead + [one], options)
    assert r["finished"] and r["winners"] == [0] and r["totals"][0] - r["totals"][1] >= by


@pytest.mark.parametrize("ladder", ["texas", "free"])
def test_texas42_ladder(ladder):
    text = line("texas42", {"ladder": ladder}, "Bidding")
    if ladder == "free":
        assert won_bid("texas42", [210, "pass", "pass", "pass"], {"ladder": ladder}) == 210
        assert won_bid("texas42", [84, 252, "pass", "pass"], {"ladder": ladder}) == 252
        return
    (most,) = numbers(text, r"up to \d+ marks \((\d+)\)")
    for before in ([], [30], [42]):
        rest = ["pass"] * (3 - len(before))
        assert won_bid("texas42", before + [most] + rest) == most
        assert won_bid("texas42", before + [most + 42] + rest) is None
    nxt, after = numbers(text, r"(\d+)\) after \d+ marks \((\d+)\)")
    assert won_bid("texas42", [after, nxt, "pass", "pass"]) == nxt
    assert won_bid("texas42", [after, nxt + 42, "pass", "pass"]) is None


@pytest.mark.parametrize("splash_marks", [3, 2])
def test_texas42_plunge_and_splash(splash_marks):
    options = {"splash_marks": splash_marks}
    text = line("texas42", options, "Plunge and splash")
    (plunge,) = numbers(text, r"Plunge \(4 or more doubles in hand\): \d+ marks \((\d+)\)")
    assert won_bid("texas42", ["plunge", "pass", "pass", "pass"], options) == plunge
    assert won_bid("texas42", [84, 126, 168, "plunge"], options) == 210  # 1 mark over 4 or more
    (splash,) = numbers(text, r"Splash \(3 or more doubles\): \d+ marks \((\d+)\)")
    assert won_bid("texas42", ["splash", "pass", "pass", "pass"], options) == splash
    if splash_marks == 2:
        (over,) = numbers(text, r"or \d+ marks \((\d+)\) over a 2-mark bid")
        assert won_bid("texas42", [84, "splash", "pass", "pass"], options) == over
        assert won_bid("texas42", [84, 126, "splash", "pass"], options) is None
    else:
        assert won_bid("texas42", [84, 126, "splash", "pass"], options) == 168
    r = played("texas42", [{"auction": ["splash", "pass", "pass", "pass"], "contract": "splash",
                            "call": "sevens", "doubles": 3, "made": True}], options)
    assert r["ok"] and "partner calls the game" in text


@pytest.mark.parametrize("options", [{}, {"forced_minimum": 31}, {"all_pass": "redeal"},
                                     {"all_pass": "redeal", "forced_minimum": 31}])
def test_texas42_all_pass(options):
    text = line("texas42", options, "All pass")
    if options.get("all_pass") == "redeal":
        r = played("texas42", [{"auction": ["pass"] * 4}], options)
        assert r["ok"] and r["hands"][0]["deltas"] == [0, 0] and r["next_dealer"] == 1
        assert "next player to the left" in text
        return
    (least,) = numbers(text, r"at least (\d+)")
    assert won_bid("texas42", ["pass"] * 3 + [least], options) == least
    assert won_bid("texas42", ["pass"] * 3 + [least - 1], options) is None
    assert won_bid("texas42", ["pass"] * 4, options) is None


def test_lechner42_all_pass():
    (least,) = numbers(line("lechner42", {}, "All pass"), r"at least (\d+)")
    assert won_bid("lechner42", ["pass"] * 3 + [least]) == least
    assert won_bid("lechner42", ["pass"] * 4) is None


@pytest.mark.parametrize("variant, options", [
    ("lechner42", {}), ("texas42", {}), ("texas42", {"special_minimum": 30}),
    ("texas42", {"special_minimum": 84}),
])
def test_special_contracts_minimum(variant, options):
    text = line(variant, options, "Contracts")
    least = 30 if "on any bid." in text else numbers(text, r"at least \d+ marks? \((\d+)\)")[0]
    below = max(b for b in (30, 31, 41, 42, 84) if b < least) if least > 30 else None
    for contract in ("sevens", "nillo", "follow-me"):
        hand = {"bidder": 0, "bid": least, "contract": contract, "made": True}
        assert played(variant, [hand], options)["ok"]
        if below:
            assert not played(variant, [{**hand, "bid": below}], options)["ok"]


@pytest.mark.parametrize("contracts", [["straight"], ["straight", "sevens"],
                                       ["plunge", "straight"], ["straight", "nillo", "splash"]])
def test_texas42_contracts_option(contracts):
    options = {"contracts": contracts}
    card = {x.topic: x.text for x in rules_card(VARIANTS["texas42"], options)}
    for contract, word in (("sevens", "sevens"), ("nillo", "nello"), ("follow-me", "follow me")):
        hand = {"bidder": 0, "bid": 42, "contract": contract, "made": True}
        ok = played("texas42", [hand], options)["ok"]
        assert ok is (contract in contracts)
        assert ("no sevens, nello or follow me" in card["Contracts"]) is (
            not {"sevens", "nillo", "follow-me"} & set(contracts))
        if ok:
            assert word in card["Contracts"]
    for special in ("plunge", "splash"):
        allowed = won_bid("texas42", [special, "pass", "pass", "pass"], options) is not None
        assert allowed is (special in contracts)
        assert (f"{special.capitalize()} (" in card["Plunge and splash"]) is allowed


# forty-two ----------------------------------------------------------------------------------

def test_forty_two_score():
    text = line("forty-two", {}, "Score")
    bid, caught, bidders, defenders = numbers(text, r"bid (\d+), caught (\d+): (\d+) to the "
                                                    r"bidders, (\d+) to the defenders")
    r = played("forty-two", [{"bidder": 0, "bid": bid, "points": caught}])
    assert r["hands"][0]["deltas"] == [bidders, defenders]
    bid, caught, _, _, gain = numbers(text, r"bid (\d+), caught (\d+): (\d+) \+ (\d+) = (\d+)")
    r = played("forty-two", [{"bidder": 0, "bid": bid, "points": caught}])
    assert r["hands"][0]["deltas"] == [0, gain] and r["hands"][0]["hands_won"] == [0, 1]


@pytest.mark.parametrize("options", [{}, {"target_hands": 0}, {"target_points": 0},
                                     {"target_points": 100, "target_hands": 3}])
def test_forty_two_target(options):
    text = line("forty-two", options, "Target")
    points = numbers(text, r"to (\d+) points")[0] if " points" in text else None
    hands = numbers(text, r"(\d+) hands? won")[0] if "hands won" in text or "hand won" in text else None
    made = {"bidder": 0, "bid": 30, "points": 30}  # 30 to the bidders, 12 to the defenders
    enough = min(x for x in (hands, -(-points // 30) if points else None) if x)
    r = played("forty-two", [made] * enough, options)
    assert r["finished"] and r["winners"] == [0]
    assert not played("forty-two", [made] * (enough - 1), options)["finished"]


def test_forty_two_both_reach_the_goal_the_bidders_win():
    """On the points goal it is the rules' own tie-break: no Reading when hands do not count."""
    found = card("forty-two", {"target_hands": 0})["Target"]
    assert "If both teams reach 250 points in the same hand, the bidders win." in found.text
    assert "Reading" not in found.text and not found.reading
    assert "get there in the same hand" not in found.text  # the old line
    hands = [{"bidder": 1, "bid": 30, "points": 30}] * 3 + [{"bidder": 0, "bid": 30, "points": 30}]
    options = {"target_points": 103, "target_hands": 0}
    r = played("forty-two", hands, options)
    assert r["totals"] == [36 + 30, 90 + 12] and not r["finished"]
    r = played("forty-two", hands + [{"bidder": 0, "bid": 30, "points": 37}], options)
    assert r["totals"] == [103, 107] and r["winners"] == [0]


def test_forty_two_one_team_reaches_each_goal_the_bidders_win_reading():
    options = {"target_points": 110, "target_hands": 3}
    found = card("forty-two", options)["Target"]
    points, hands = numbers(found.text, r"Reading: so do they when they reach (\d+) hands won as "
                                        r"the defenders reach (\d+) points")[::-1]
    assert found.reading and (points, hands) == (110, 3)
    assert "(Reading)." in found.text and "get there in the same hand" not in found.text
    made = {"bidder": 0, "bid": 30, "points": 30}       # 30 and a hand to team 0, 12 to team 1
    theirs = {"bidder": 1, "bid": 30, "points": 42}     # 42 and a hand to team 1
    r = played("forty-two", [made, made, theirs, theirs], options)
    assert r["totals"] == [60, 108] and r["hands_won"] == [2, 2] and not r["finished"]
    r = played("forty-two", [made, made, theirs, theirs, made], options)
    assert r["totals"][1] >= points > r["totals"][0] and r["hands_won"][0] == hands
    assert r["winners"] == [0]  # the bidders, though the defenders have more points


def test_forty_two_hands_only_has_no_tie_and_no_reading():
    found = card("forty-two", {"target_points": 0})["Target"]
    assert found.text == "The first team to 7 hands won wins." and not found.reading


def test_forty_two_all_pass_and_bids():
    r = played("forty-two", [{"passed": True}])
    assert r["hands"][0]["deltas"] == [0, 0] and r["next_dealer"] == 1
    lo, hi = numbers(line("forty-two", {}, "Bidding"), r"passes: (\d+) to (\d+)")
    assert won_bid("forty-two", [lo, "pass", "pass", "pass"]) == lo
    assert won_bid("forty-two", [hi]) == hi
    assert won_bid("forty-two", [lo - 1, "pass", "pass", "pass"]) is None


# moon ---------------------------------------------------------------------------------------

def test_moon_score_and_moon():
    text = line("moon", {}, "Score")
    bid, took, loss = numbers(text, r"bid (\d+), took (\d+): (\S+?)\)")
    r = played("moon", [{"bidder": 0, "bid": bid, "tricks": [took, 2, 7 - took - 2]}])
    assert r["hands"][0]["deltas"] == [loss, 2, 7 - took - 2] and r["totals"][0] < 0
    text = line("moon", {}, "Shooting the moon")
    (moon, all_, cost) = numbers(text, r"bid of (\d+) shoots the moon: taking all (\d+) tricks "
                                       r"scores \d+ and wins the game at once.*\((\S+?)\)")
    r = played("moon", [{"bidder": 0, "bid": moon, "tricks": [all_, 0, 0]}])
    assert r["finished"] and r["winners"] == [0] and r["totals"] == [21, 0, 0]
    r = played("moon", [{"bidder": 0, "bid": moon, "tricks": [6, 1, 0]}])
    assert r["hands"][0]["deltas"] == [cost, 1, 0] and not r["finished"]
    (seven, gain) = numbers(text, r"a bid of (\d+) that takes every trick scores (\d+), and "
                                  r"wins only if that brings her to the target")
    r = played("moon", [{"bidder": 0, "bid": seven, "tricks": [7, 0, 0]}])
    assert r["hands"][0]["deltas"] == [gain, 0, 0] and not r["finished"]
    r = played("moon", [{"bidder": 0, "bid": seven, "tricks": [7, 0, 0]}] * 3)
    assert r["totals"][0] == 21 and r["winners"] == [0]  # 7 + 7 + 7 reaches the target


def test_moon_only_21_shoots_the_moon_is_a_reading():
    found = card("moon")["Shooting the moon"]
    assert found.reading and found.text.startswith("Reading: only a bid of 21 shoots the moon")
    assert "The rules call a bid of 7 shooting the moon too" in found.text
    assert "Only a bid of 21" not in found.text and "A made bid of 7 scores 7." not in found.text


@pytest.mark.parametrize("target", [21, 15])
def test_moon_target_and_tie(target):
    (points,) = numbers(line("moon", {"target_points": target}, "Target"), r"to (\d+) points")
    hand = {"bidder": 0, "bid": 4, "tricks": [4, 3, 0]}
    r = played("moon", [hand] * (-(-points // 4)), {"target_points": target})
    assert r["finished"] and r["winners"] == [0]
    # the Reading: two reach it in one hand, neither the bidder: the highest total wins, or both
    before = [{"bidder": 2, "bid": 5, "tricks": [3, 3, 1]}] * (-(-points // 3) - 1)
    for last, winners in (([3, 4, 0], [1]), ([3, 3, 1], [0, 1])):
        r = played("moon", before + [{"bidder": 2, "bid": 7, "tricks": last}],
                   {"target_points": target})
        assert min(r["totals"][:2]) >= points and r["winners"] == winners


def test_moon_bids_and_all_pass():
    bids = numbers(line("moon", {}, "Bidding"), r"(\d+), (\d+), (\d+) or (\d+) tricks, or (\d+)")
    for bid in range(0, 23):
        assert (won_bid("moon", [bid, "pass", "pass"], tricks=[7, 0, 0]) is not None) is (bid in bids)
    r = played("moon", [{"passed": True}])
    assert r["hands"][0]["deltas"] == [0, 0, 0] and r["next_dealer"] == 1


# mexican-train and castle-rock --------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"set": 9}, {"set": 15}, {"rounds": 3},
                                     {"set": 9, "rounds": 1}])
def test_mexican_train_rounds_and_tiles(options):
    text = line("mexican-train", options, "Rounds")
    (rounds, top) = numbers(text, r"(\d+) rounds?, (?:starting from|with) the double (\d+)")
    hand = {"pips": [0, 5, 7]}
    r = played("mexican-train", [hand] * rounds, options)
    assert r["finished"] and [h["engine"] for h in r["hands"]][0] == top
    assert not played("mexican-train", [hand] * (rounds - 1), options)["finished"]
    if rounds > 1:
        last = re.search(r"down to the double (\d+|blank)", text).group(1)
        assert r["hands"][-1]["engine"] == (0 if last == "blank" else int(last))
    dealt = line("mexican-train", options, "Set")
    for n in range(2, 9):
        (tiles,) = numbers(dealt, rf"\b{n}: (\d+)")
        r = played("mexican-train", [{"pips": [0] + [1] * (n - 1)}], options, n=n)
        assert r["hands"][0]["tiles"] == tiles


@pytest.mark.parametrize("top", [9, 12, 15])
def test_mexican_train_scaled_tiles_are_a_reading(top):
    """The rules give the tiles dealt for double-12 only: on another set they are the app's."""
    found = card("mexican-train", {"set": top})["Set"]
    scaled = "Reading: the rules give these for a double-12 set only; the app scales them"
    assert (scaled in found.text) is found.reading is (top != 12)
    (two,) = numbers(found.text, r"\b2: (\d+)")
    assert played("mexican-train", [{"pips": [0, 1]}], {"set": top}, n=2)["hands"][0]["tiles"] == two
    assert two == {9: 9, 12: 16, 15: 24}[top]  # 16 x 135 / 90 on double-15, not 16 x 136 / 91


@pytest.mark.parametrize("blank", [0, 25, 50])
def test_mexican_train_score_and_double_blank(blank):
    options = {"double_blank": blank}
    text = line("mexican-train", options, "Double blank")
    extra = numbers(text, r"costs (\d+) extra pips")[0] if blank else 0
    hand = {"pips": [0, 5, 5], **({"double_blank": 1} if blank else {})}
    r = played("mexican-train", [hand], options)
    assert r["hands"][0]["deltas"] == [0, 5 + extra, 5]
    tie = played("mexican-train", [{"pips": [0, 5, 5]}] * 13, options)
    assert tie["winners"] == [0] and "share the win" in line("mexican-train", {}, "Score")
    shared = played("mexican-train", [{"pips": [0, 5, 5]}, {"pips": [5, 0, 5]}] * 6
                    + [{"pips": [0, 0, 5]}], options)
    assert shared["winners"] == [0, 1]


def test_castle_rock():
    found = card("castle-rock")["Winning"]
    assert found.reading and "(Reading: the rules say won \u201cif only two dominoes remain\u201d" in found.text
    assert "left. There is no end" not in found.text  # the old line, unmarked
    (most,) = numbers(found.text, r"won with (\d+) or fewer")
    r = played("castle-rock", [{"remaining": most}, {"remaining": most + 1}])
    assert r["hands"][0]["deltas"] == [1] and r["hands"][1]["deltas"] == [0]


# plunge and splash as their call; the tricks of moon and card42; going out in Mexican Train --

def _texas42_option_values():
    """Every value of each texas42 option alone, and the contracts that change what a plunge
    or splash may be called."""
    values = [{}]
    for option in VARIANTS["texas42"].options:
        if option.kind == "choice":
            values += [{option.name: c} for c in option.choices]
    values += [{"contracts": c} for c in (
        ["straight", "plunge"], ["straight", "splash"], ["straight", "plunge", "nillo"],
        ["straight", "splash", "nillo", "sevens"], ["straight", "sevens", "follow-me"])]
    values += [{"splash_marks": 2, "contracts": ["straight", "splash", "nillo"]}]
    return values


def _special_hand(special, call, made, points=None):
    hand = {"auction": [special, "pass", "pass", "pass"], "contract": special, "call": call,
            "doubles": 4 if special == "plunge" else 3}
    hand.update({"points": points} if points is not None else {"made": made})
    return hand


@pytest.mark.parametrize("variant, options", [("lechner42", {})] + [
    ("texas42", o) for o in _texas42_option_values()])
def test_plunge_and_splash_are_made_as_their_call(variant, options):
    """Lechner Hall: the partner may call nillo, and the bidder who catches a trick is set. The
    card never says a plunge or splash must win every trick where it may be called nello."""
    text = line(variant, options, "Made or set")
    allowed = VARIANTS[variant].contracts({**{o.name: o.default for o in VARIANTS[variant].options},
                                           **options})
    specials = [c for c in ("plunge", "splash") if c in allowed]
    assert not re.search(r"In [^.]*(plunge|splash)[^.]* must win every trick", text)
    for special in specials:
        nello = played(variant, [_special_hand(special, "nillo", True)], options)
        assert nello["ok"] is ("nillo" in allowed)
        if "nillo" in allowed:
            assert ("is made as the game called is: the bidding team must win every trick, or, "
                    "called nello, the bidder must take no trick.") in text
            won = nello["hands"][0]
            assert won["made"] and won["deltas"][won["bidder"] % 2] > 0
            set_ = played(variant, [_special_hand(special, "nillo", False)], options)["hands"][0]
            assert set_["deltas"][1 - won["bidder"] % 2] == won["deltas"][won["bidder"] % 2]
        else:
            assert "is made when the bidding team wins every trick." in text
        # called straight, "every trick": all 42 points, no fewer
        every = played(variant, [_special_hand(special, "straight", None, 42)], options)
        short = played(variant, [_special_hand(special, "straight", None, 41)], options)
        assert every["hands"][0]["made"] and not short["hands"][0]["made"]
    if not specials:
        assert "plunge" not in text and "splash" not in text
    names = line(variant, options, "Contracts")
    if specials and {"sevens", "nillo", "follow-me"} & set(allowed):
        assert names.startswith("The bid winner names the game")
        assert "her partner names it instead." in names  # not the bid winner, after those


@pytest.mark.parametrize("variant, n, topic", [("moon", 3, "Tricks"), ("card42", 3, "Score"),
                                               ("card42", 5, "Score")])
def test_the_tricks_add_up_to_seven(variant, n, topic):
    """The engine refuses a hand whose tricks do not add up to 7: the card says so."""
    text = line(variant, {}, topic)
    (seven,) = numbers(text, r"A hand has (\d+) tricks: the tricks the players took add up to "
                             r"exactly \1\.")
    for total in (seven - 1, seven, seven + 1):
        tricks = [total - 2, 2] + [0] * (n - 2)
        hand = ({"bidder": 0, "bid": 4, "tricks": tricks} if variant == "moon"
                else {"bids": [1] + [2] + [0] * (n - 2), "tricks": tricks})
        assert played(variant, [hand], n=n)["ok"] is (total == seven)


@pytest.mark.parametrize("options", [{}, {"set": 9}, {"set": 15}, {"rounds": 3},
                                     {"double_blank": 25}, {"double_blank": 50}])
def test_mexican_train_a_round_not_blocked_needs_a_player_out(options):
    """The engine refuses a round nobody went out of unless it was blocked: the card says so,
    in every option value."""
    text = line("mexican-train", options, "Going out")
    assert ("A round that was not blocked needs a player who went out, with 0 pips." in text
            and "bone pile is empty and everyone passes" in text)
    assert not played("mexican-train", [{"pips": [3, 5, 7]}], options)["ok"]
    assert played("mexican-train", [{"pips": [3, 5, 7], "blocked": True}], options)["ok"]
    assert played("mexican-train", [{"pips": [0, 5, 7]}], options)["ok"]
    assert not played("mexican-train", [{"pips": [2, 5, 7], "out": 0}], options)["ok"]
    if options.get("double_blank"):
        blank = line("mexican-train", options, "Double blank")
        assert "never the player who went out" in blank
        assert not played("mexican-train", [{"pips": [0, 5, 7], "out": 0, "double_blank": 0}],
                          options)["ok"]
        r = played("mexican-train", [{"pips": [0, 5, 7], "double_blank": 1}], options)
        assert r["hands"][0]["deltas"] == [0, 5 + options["double_blank"], 7]
