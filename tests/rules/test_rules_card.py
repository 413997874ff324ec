"""The rules card's wording (scorekeeper/rules/card.py): per variant, and per texas42 option."""
from __future__ import annotations

import re

import pytest

from scorekeeper.rules import VARIANTS
from scorekeeper.rules.card import rules_card


def card(variant, options=None, club=None):
    return {line.topic: line for line in rules_card(VARIANTS[variant], options, club)}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_has_a_card_by_the_written_rules(variant):
    lines = rules_card(VARIANTS[variant], {})
    assert lines and all(line.text.strip() for line in lines)
    assert not any(line.house or line.club for line in lines)


def test_texas42_written_rules():
    c = card("texas42")
    assert "7 marks" in c["Target"].text and "no need to win by two" in c["Target"].text
    assert c["Bidding"].text.startswith("Texas ladder")
    assert "Splash (3 or more doubles): 3 marks" in c["Plunge and splash"].text
    assert "dealer may not pass: she must bid at least 30 (a forced bid)" in c["All pass"].text
    assert "at least 1 mark (42)" in c["Contracts"].text


@pytest.mark.parametrize("name, value, topic, words", [
    ("target_marks", 5, "Target", "5 marks"),
    ("win_by", 2, "Target", "lead by at least 2 marks"),
    ("ladder", "free", "Bidding", "Free bidding"),
    ("splash_marks", 2, "Plunge and splash", "2 marks (84), or 3 marks (126) over a 2-mark bid"),
    ("all_pass", "redeal", "All pass", "dealt again (redeal)"),
    ("forced_minimum", 31, "All pass", "at least 31"),
    ("special_minimum", 30, "Contracts", "follow me on any bid"),
    ("special_minimum", 84, "Contracts", "at least 2 marks (84)"),
    ("contracts", ["straight", "sevens"], "Contracts", "sevens on a bid"),
    ("contracts", ["straight", "plunge"], "Plunge and splash", "Plunge"),
])
def test_texas42_each_house_rule_is_worded_and_marked(name, value, topic, words):
    c = card("texas42", {name: value})
    assert words in c[topic].text
    assert c[topic].house
    assert [t for t, line in c.items() if line.house] == [t for t, line in c.items()
                                                          if name in line.keys]


def test_texas42_without_specials_says_so():
    c = card("texas42", {"contracts": ["straight"]})
    assert c["Plunge and splash"].text == "No plunge and no splash at this table."
    assert c["Contracts"].text.startswith("Only straight")


def test_lechner42_raises_and_win_by_two():
    c = card("lechner42")
    assert "at most 2 marks" in c["Bidding"].text
    assert "lead by at least 2 marks" in c["Target"].text
    assert ("raises exactly 4 marks and a splash (3 or more doubles) exactly 3 marks"
            in c["Plunge and splash"].text)


@pytest.mark.parametrize("variant, options, topic, words", [
    ("card42", {"bonus": 5}, "Bonus", "plus 5"),
    ("card42", {"cap_at_42": False}, "Cap", "do not stop at 42"),
    ("texas42-1986", {"target_points": 250}, "Target", "250 points"),
    ("forty-two", {"target_hands": 0}, "Target", "first team to 250 points wins"),
    ("moon", {"target_points": 15}, "Target", "15 points"),
    ("card42-teams", {"target_points": 21}, "Target", "21 points"),
    ("mexican-train", {"rounds": 3}, "Rounds", "3 rounds"),
    ("mexican-train", {"double_blank": 50}, "Double blank", "50 extra pips"),
])
def test_other_variants_house_rules(variant, options, topic, words):
    c = card(variant, options)
    assert words in c[topic].text and c[topic].house


def test_mexican_train_one_round_per_double_is_the_written_rule_on_any_set():
    """10 rounds on a double-9 set (or 13 written out on double-12) is no house rule."""
    c = card("mexican-train", {"set": 9})
    assert "10 rounds, starting from the double 9" in c["Rounds"].text
    assert not c["Rounds"].house and c["Set"].house
    assert not card("mexican-train", {"rounds": 13})["Rounds"].house
    assert not card("mexican-train", {"set": 9, "rounds": 10})["Rounds"].house


def test_club_rules_mark_where_the_game_differs_from_the_club():
    c = card("texas42", {"splash_marks": 2, "ladder": "free"}, club={"splash_marks": 2})
    assert c["Plunge and splash"].house and not c["Plunge and splash"].club
    assert c["Bidding"].house and c["Bidding"].club
    assert not c["Target"].club


@pytest.mark.parametrize("mine, club", [
    ({"all_pass": "redeal", "forced_minimum": 31}, {"all_pass": "redeal"}),
    ({"contracts": ["straight", "plunge"], "splash_marks": 2}, {"contracts": ["straight", "plunge"]}),
    ({"contracts": ["straight"], "special_minimum": 84}, {"contracts": ["straight"]}),
    ({"contracts": ["splash", "straight", "nillo"]}, {"contracts": ["straight", "nillo", "splash"]}),
])
def test_an_option_without_effect_is_not_a_difference(mine, club):
    """House rule and club marks compare what the options mean, not their raw values."""
    ours = card("texas42", mine, club=club)
    theirs = card("texas42", club)
    assert not any(line.club for line in ours.values())
    assert [t for t, x in ours.items() if x.house] == [t for t, x in theirs.items() if x.house]


def test_contracts_in_another_order_are_the_written_rules():
    shuffled = ["splash", "plunge", "sevens", "nillo", "follow-me", "straight"]
    assert not any(line.house for line in rules_card(VARIANTS["texas42"], {"contracts": shuffled}))


@pytest.mark.parametrize("variant, topics", [
    ("lechner42", {"Target", "Plunge and splash"}), ("texas42", {"Plunge and splash"}),
    ("card42-teams", {"All pass"}), ("moon", {"All pass", "Target", "Shooting the moon"}),
    ("forty-two", {"Target"}), ("texas42-1986", {"Score"}), ("card42", set()),
    ("castle-rock", {"Winning"}), ("mexican-train", set()),
])
def test_readings_are_marked(variant, topics):
    c = card(variant)
    assert {t for t, line in c.items() if line.reading} == topics
    assert all("Reading" in c[t].text for t in topics)


def test_the_card_says_nello_and_shows_negatives_with_the_minus_sign():
    texts = [line.text for v in VARIANTS.values() for line in rules_card(v, {})]
    assert not any("nillo" in t or re.search(r"(?<!\w)-\d", t) for t in texts)
    assert any("\u22125" in t for t in texts) and any("\u221221" in t for t in texts)
