"""scorekeeper/games/hand_form.py, pure: form fields <-> a hand of the record.

The edit page fills the form from a saved hand (values_from_hand) and saves what the form then
builds (build_hand): for every hand of every variant the two must give back the same hand, or
opening an edit and saving it unchanged would change the game."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.games import hand_form
from tests.random_games import random_record

SEATS = {"moon": 3, "card42": 4, "mexican-train": 4, "castle-rock": 1}
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


@pytest.mark.parametrize("variant_id", list(rules.VARIANTS))
@pytest.mark.parametrize("seed", range(3))
def test_a_saved_hand_comes_back_from_its_form_unchanged(variant_id, seed):
    rng = random.Random(seed)
    variant = rules.VARIANTS[variant_id]
    players = NAMES[:SEATS.get(variant_id, 4)]
    record = random_record(rng, variant_id, players, hands=6)
    options = {o.name: o.default for o in variant.options} | record["options"]
    for number, hand in enumerate(record["hands"]):
        values = hand_form.values_from_hand(variant, hand, players)
        auction = None
        if hand_form.mode_of(variant, values) == "auction":
            auction = rules.legal_calls(record, hand_form.parse_calls(values.get("calls")), number)
        rebuilt = hand_form.build_hand(variant, options, players, dict(values), auction)
        before = {**record, "hands": record["hands"][:number]}
        # the same hand, or one the engine scores exactly alike (a default left out, say)
        assert rebuilt == hand or (
            rules.score({**before, "hands": [*before["hands"], rebuilt]})
            == rules.score({**before, "hands": [*before["hands"], hand]})), (number, hand, rebuilt)


@pytest.mark.parametrize("variant_id", list(rules.VARIANTS))
def test_the_phone_never_refuses_a_hand_the_server_saves(variant_id):
    """missing_fields is what a phone checks with the server away (the form's data-needs, drawn
    empty): every saved hand of every variant, in the entry mode it was typed in, fills each
    of them; and the empty form needs something, where the hand has fields to fill."""
    rng = random.Random(7)
    variant = rules.VARIANTS[variant_id]
    players = NAMES[:SEATS.get(variant_id, 4)]
    record = random_record(rng, variant_id, players, hands=8)
    options = {o.name: o.default for o in variant.options} | record["options"]
    for number, hand in enumerate(record["hands"]):
        values = hand_form.values_from_hand(variant, hand, players)
        mode = {k: values[k] for k in ("mode", "points_mode") if k in values}
        auction = {"done": False} if hand_form.mode_of(variant, values) == "auction" else None
        needs = hand_form.missing_fields(variant, options, players, mode, auction)
        for fields, words in needs:
            assert any(values.get(f) for f in fields.split()), (hand, fields, words)
    if variant_id != "mexican-train":  # her counts: kept-counts.js's, checked by the server
        assert hand_form.missing_fields(variant, options, players, {"mode": "quick"}, None)


@pytest.mark.parametrize("typed, number", [
    ("7", 7), (" 42 ", 42), ("-3", -3), ("", None), (None, None), ("1_0", None), ("٣", None),
    ("1" * 13, None), ("4.5", None),
])
def test_whole_number_takes_what_a_number_pad_types(typed, number):
    assert hand_form.whole_number(typed) == number


def test_calls_read_back_as_written():
    calls = hand_form.parse_calls("pass, 30,plunge,,x,84")
    assert calls == ["pass", 30, "plunge", 84]
    assert hand_form.format_calls(calls) == "pass,30,plunge,84"


@pytest.mark.parametrize("call, variant_id, label", [
    ("pass", "texas42", "Pass"), ("splash", "texas42", "Splash"), (21, "moon", "Shoot the moon"),
    (21, "texas42", "21"), (84, "texas42", "2 marks"), (84, "texas42-1986", "84"),
])
def test_call_labels(call, variant_id, label):
    assert hand_form.call_label(call, rules.VARIANTS[variant_id]) == label


def test_a_hand_missing_a_field_is_a_problem_not_a_crash():
    variant = rules.VARIANTS["castle-rock"]
    with pytest.raises(hand_form.Problem) as caught:
        hand_form.build_hand(variant, {}, ["Sol"], {"remaining": ""}, None)
    assert caught.value.kind == "missing"


@pytest.mark.parametrize("delta, lowest_wins, tone", [
    (5, False, "up"), (-3, False, "down"), (0, False, ""), (None, False, ""),
    (5, True, ""), (-3, True, ""),
])
def test_a_change_is_coloured_only_where_the_highest_total_wins(delta, lowest_wins, tone):
    assert hand_form.delta_tone(delta, lowest_wins) == tone


@pytest.mark.parametrize("variant_id", list(rules.VARIANTS))
def test_bid_buttons_are_the_usual_bids_plus_a_saved_odd_one(variant_id):
    variant = rules.VARIANTS[variant_id]
    usual = [str(b) for b in variant.usual_bids]
    assert [value for value, _ in hand_form.bid_choices(variant)] == usual
    odd = [value for value, _ in hand_form.bid_choices(variant, "43")]
    assert odd == (sorted(usual + ["43"], key=int) if usual else [])


@pytest.mark.parametrize("variant_id, seats", [("moon", 3), ("card42", 4), ("card42", 7)])
@settings(deadline=None)  # a plain function: a slow moment on a shared machine is no failure
@given(data=st.data())
def test_the_last_players_tricks_follow_from_the_others(variant_id, seats, data):
    """One count left blank is what the others leave of the hand's 7 tricks; the built hand is
    the one with it typed. Two left blank, or others past 7, infer nothing."""
    variant = rules.VARIANTS[variant_id]
    takers = data.draw(st.lists(st.integers(0, seats - 1), min_size=7, max_size=7))
    tricks = [takers.count(s) for s in range(seats)]  # who took each of the 7 tricks
    blank = data.draw(st.integers(0, seats - 1))
    values = {f"tricks-{s}": str(t) for s, t in enumerate(tricks) if s != blank}
    assert hand_form.inferred_tricks(variant, values, seats) == (blank, tricks[blank])
    bids = {f"bid-{s}": "0" for s in range(seats)}
    fields = {"mode": "quick", "bidder": "0", "bid": "4", **bids, **values}
    built = hand_form.build_hand(variant, {}, [f"P{s}" for s in range(seats)], fields, None)
    assert built["tricks"] == tricks
    del values[f"tricks-{(blank + 1) % seats}"]
    assert hand_form.inferred_tricks(variant, values, seats) is None


def test_no_tricks_are_inferred_past_the_hands_seven_or_where_none_are_counted():
    moon = rules.VARIANTS["moon"]
    assert hand_form.inferred_tricks(moon, {"tricks-0": "5", "tricks-1": "3"}, 3) is None
    assert hand_form.inferred_tricks(moon, {"tricks-0": "5", "tricks-1": "x"}, 3) is None
    assert hand_form.inferred_tricks(moon, {"tricks-0": "5", "tricks-1": "2"}, 3) == (2, 0)
    assert hand_form.inferred_tricks(rules.VARIANTS["lechner42"], {"tricks-0": "5"}, 2) is None


@pytest.mark.parametrize("variant_id", list(rules.VARIANTS))
def test_every_variant_says_how_its_result_is_entered_and_the_form_has_that_part(variant_id):
    """_hand_form.html includes partials/games/hand_form/_<result_entry>.html: a variant
    without one, or without its part, would show no result to enter."""
    from pathlib import Path

    entry = rules.VARIANTS[variant_id].result_entry
    part = Path(__file__).parents[2] / "templates/partials/games/hand_form" / f"_{entry}.html"
    assert entry and part.is_file()
