"""Hypothesis properties: legal_calls and score agree on every call.

For random house rules (all of texas42's options, including all_pass and contracts) and random
legal auctions, built by picking again and again from the calls legal_calls offers as legal:
every call legal_calls offers as legal is accepted by score (as an auction in a full hand), and
every call it refuses is refused by score with the same reason. The winning bid of every such
auction is accepted without its auction too (bidder and bid alone)."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import legal_calls, score

from ._helpers import NAMES, assert_plain_sentence

# (SK_RULES_EXAMPLES as in test_properties.py: more in CI and for a hunt by hand)
SETTINGS = settings(max_examples=int(os.environ.get("SK_RULES_EXAMPLES", "60")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

CONTRACTS = ["straight", "sevens", "nillo", "follow-me", "plunge", "splash"]

TEXAS_OPTIONS = st.fixed_dictionaries({}, optional={
    "all_pass": st.sampled_from(["forced", "redeal"]),
    "contracts": st.lists(st.sampled_from(CONTRACTS[1:]), unique=True).map(lambda c: ["straight"] + c),
    "splash_marks": st.sampled_from([3, 2]),
    "forced_minimum": st.sampled_from([30, 31]),
    "special_minimum": st.sampled_from([42, 30, 84]),
    "ladder": st.sampled_from(["texas", "free"]),
})

PLAYERS = {"moon": 3}


@st.composite
def tables(draw, variant=None):
    v = variant or draw(st.sampled_from(["texas42", "texas42", "texas42", "lechner42", "texas42-1986",
                                         "forty-two", "moon", "card42-teams"]))
    n = PLAYERS.get(v, 4)
    record = {"variant": v, "players": NAMES[:n], "first_dealer": draw(st.integers(0, n - 1)),
              "hands": []}
    if v == "texas42":
        record["options"] = draw(TEXAS_OPTIONS)
    return record


def full_hand(record, calls):
    """`calls`, finished with the first legal call at each turn (a pass when it is legal), and
    the rest of a hand that the winning call makes valid; None when legal_calls refuses a call."""
    calls = list(calls)
    for _ in range(60):
        lc = legal_calls(record, calls)
        if lc["error"]:
            return None, lc
        if lc["done"]:
            break
        calls.append(next(c["call"] for c in lc["calls"] if c["legal"]))
    assert lc["done"], (record, calls)
    hand = {"auction": calls}
    if lc["redeal"]:
        return hand, lc
    return {**hand, **outcome(record, lc["winning_call"])}, lc


def outcome(record, winning_call):
    """Inputs that make any winning bid of the variant a valid, made hand."""
    v = record["variant"]
    if v == "moon":
        return {"tricks": [7, 0, 0]}
    if v == "forty-two":
        return {"points": 42}
    if v == "card42-teams":
        return {"points": 18}
    if v == "texas42-1986":
        return {"contract": "trumps", "points": 42}
    if winning_call in ("plunge", "splash"):
        return {"contract": winning_call, "call": "straight", "doubles": 4, "made": True}
    return {"contract": "straight", "made": True}


@SETTINGS
@given(tables(), st.data())
def test_legal_calls_and_score_agree_on_every_call(record, data):
    calls: list = []
    for _ in range(40):
        lc = legal_calls(record, calls)
        assert lc["error"] is None, lc
        if lc["done"]:
            break
        seat = lc["seat"]
        assert lc["turns"] == legal_calls(record, calls)["turns"]
        for offered in lc["calls"]:
            trial = calls + [offered["call"]]
            if offered["legal"]:
                hand, end = full_hand(record, trial)
                assert hand is not None, (trial, end)
                res = score({**record, "hands": [hand]})
                assert res["ok"] is True, (hand, res)
                if not end["redeal"]:
                    assert res["hands"][0]["bidder"] == end["bidder"]
                    assert res["hands"][0]["bid"] == end["bid"]
            else:
                assert_plain_sentence(offered["reason"])
                finish = ["pass"] * len(record["players"])
                hand = {"auction": trial + finish, **outcome(record, "bid")}
                res = score({**record, "hands": [hand]})
                assert res["ok"] is False and res["hand"] == 0, (trial, res)
                assert res["error"] == f"Call {len(trial)} ({NAMES[seat]}): {offered['reason']}", (
                    trial, res["error"], offered)
        legal = [c["call"] for c in lc["calls"] if c["legal"]]
        assert legal, lc
        calls.append(data.draw(st.sampled_from(legal)))
    else:
        raise AssertionError(f"the auction never ended: {calls}")


@SETTINGS
@given(tables(), st.data())
def test_the_winner_of_a_legal_auction_may_be_entered_without_it(record, data):
    calls: list = []
    while True:
        lc = legal_calls(record, calls)
        if lc["done"]:
            break
        calls.append(data.draw(st.sampled_from([c["call"] for c in lc["calls"] if c["legal"]])))
    if lc["redeal"]:
        return
    hand = {"bidder": lc["bidder"], "bid": lc["bid"], **outcome(record, lc["winning_call"])}
    res = score({**record, "hands": [hand]})
    assert res["ok"] is True, (calls, hand, res)


@SETTINGS
@given(tables(), st.data())
def test_left_out_passes_may_be_given(record, data):
    """game-record.md: an auction may stop at a bid nobody can top; giving the calls left out as
    "pass" is fine too, and each of them is one turn more."""
    calls: list = []
    while True:
        lc = legal_calls(record, calls)
        if lc["done"]:
            break
        calls.append(data.draw(st.sampled_from([c["call"] for c in lc["calls"] if c["legal"]])))
    n = len(record["players"])
    once = record["variant"] != "card42-teams"
    extra = n - len(calls) if once else 0
    for more in range(extra + 1):
        given = calls + ["pass"] * more
        out = legal_calls(record, given)
        assert out["error"] is None and out["done"] is True and out["calls"] == []
        assert len(out["turns"]) == len(given)
        if once:
            assert out["turns"] == [(record["first_dealer"] + 1 + i) % n for i in range(len(given))]
    over = legal_calls(record, calls + ["pass"] * (extra + 1))
    assert over["error"] and over["invalid_at"] == len(calls) + extra


# --------------------------------------------------------------------------- odd inputs

from .test_properties import HAND_VALUE, INTISH, RECORDS, check_any  # noqa: E402

HUGE = st.sampled_from([10 ** 5000, -(10 ** 5000), 42 * 10 ** 4000, 2 ** 20000])
ODD_CALLS = st.lists(st.sampled_from(["pass", "plunge", "splash", 30, 42, 84, 126, 168, 21, 18])
                     | INTISH | HUGE | HAND_VALUE, max_size=8)


@SETTINGS
@given(RECORDS, ODD_CALLS, st.none() | st.integers(-2, 6))
def test_legal_calls_never_raises_and_speaks_plainly(record, calls, index):
    out = legal_calls(record, calls, index)
    assert set(out) >= {"seat", "done", "calls", "turns", "error", "invalid_at"}
    names = record.get("players") if isinstance(record, dict) else None
    if out["error"] is not None:
        assert_plain_sentence(out["error"], names if isinstance(names, list) else ())
    for c in out["calls"]:
        if not c["legal"]:
            assert_plain_sentence(c["reason"], names if isinstance(names, list) else ())


@SETTINGS
@given(tables(), st.lists(st.dictionaries(st.sampled_from(["bidder", "bid", "auction", "points", "made",
                                                           "contract", "call", "doubles", "tricks"]),
                                          HUGE | INTISH | ODD_CALLS, max_size=5), min_size=1, max_size=3))
def test_huge_numbers_anywhere_give_a_sentence(record, hands):
    record = {**record, "hands": hands}
    check_any(score(record), record)
