"""The rules card's wording (scorekeeper/rules/card.py): per variant, and per texas42 option."""
from __future__ import annotations

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
    assert "dealer must bid (forced): at least 30" in c["All pass"].text
    assert "at least 1 mark (42)" in c["Contracts"].text


@pytest.mark.parametrize("name, value, topic, words", [
    ("target_marks", 5, "Target", "5 marks"),
    ("win_by", 2, "Target", "lead by at least 2 marks"),
    ("ladder", "free", "Bidding", "Free bidding"),
    ("splash_marks", 2, "Plunge and splash", "2 marks, 3 over a 2-mark bid"),
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
    assert "4 marks and splash (3 or more doubles) 3 marks" in c["Plunge and splash"].text


@pytest.mark.parametrize("variant, options, topic, words", [
    ("card42", {"bonus": 5}, "Bonus", "plus 5"),
    ("card42", {"cap_at_42": False}, "Cap", "do not stop at 42"),
    ("texas42-1986", {"target_points": 250}, "Target", "250 points"),
    ("forty-two", {"target_hands": 0}, "Target", "first team to 250 points wins"),
    ("moon", {"target_points": 15}, "Target", "15 points"),
    ("card42-teams", {"target_points": 21}, "Target", "21 points"),
    ("mexican-train", {"set": 9}, "Rounds", "10 rounds, starting from the double 9"),
    ("mexican-train", {"rounds": 3}, "Rounds", "3 rounds"),
    ("mexican-train", {"double_blank": 50}, "Double blank", "50 extra pips"),
])
def test_other_variants_house_rules(variant, options, topic, words):
    c = card(variant, options)
    assert words in c[topic].text and c[topic].house


def test_club_rules_mark_where_the_game_differs_from_the_club():
    c = card("texas42", {"splash_marks": 2, "ladder": "free"}, club={"splash_marks": 2})
    assert c["Plunge and splash"].house and not c["Plunge and splash"].club
    assert c["Bidding"].house and c["Bidding"].club
    assert not c["Target"].club
