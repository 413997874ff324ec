"""Standings worked out by hand from spec/events.md, one format and tie-break at a time."""
from __future__ import annotations

from scorekeeper.tournament import standings

from ._events import PLAYERS, game, marks, order, row, team_event, won

# Five teams A-E (entrants 0-4), every game 3 marks to 0. A beats D and E, B beats A and D,
# C beats A and B, D beats C, E beats B, C and D: A, B and C win 2 each with equal difference
# and marks, and head to head among them is C 2, B 1, A 0.
A, B, C, D, E = range(5)
FIVE = [won(1, 1, B, A), won(1, 2, D, C), won(2, 1, C, A), won(2, 2, E, B),
        won(3, 1, A, D), won(3, 2, E, C), won(4, 1, A, E), won(4, 2, B, D),
        won(5, 1, C, B), won(5, 2, E, D)]


def test_three_way_tie_split_by_head_to_head():
    s = standings(team_event("round-robin", 5, FIVE))
    assert s["ok"] and s["format"] == "round-robin" and s["complete"] is True
    assert order(s) == [(E, 1, False), (C, 2, False), (B, 3, False), (A, 4, False), (D, 5, False)]
    assert s["standings"][0] == {"rank": 1, "entrant": E, "name": "Ivy & Jon", "played": 4, "won": 3,
                                 "lost": 1, "scored": 9, "conceded": 3, "difference": 6, "tied": False}
    assert row(s, D) == {"rank": 5, "entrant": D, "name": "Gus & Hal", "played": 4, "won": 1,
                              "lost": 3, "scored": 3, "conceded": 9, "difference": -6, "tied": False}


def test_still_level_after_the_last_tiebreak_share_the_rank_in_seed_order():
    s = standings(team_event("round-robin", 5, FIVE, tiebreaks=["wins"]))
    assert order(s) == [(E, 1, False), (A, 2, True), (B, 2, True), (C, 2, True), (D, 5, False)]


def test_head_to_head_is_applied_once():
    """Five teams; E wins 2 but scores most (it loses 2-3 twice). A, B, C, D win 2 each with 6
    marks; among them A and B won 2 games, C and D 1. A beat B and C beat D, but head to head
    is not applied again to the pairs it made: they stay tied."""
    matches = [won(1, 1, A, B), won(1, 2, C, D), won(2, 1, A, C), won(2, 2, E, B),
               won(3, 1, D, A), won(3, 2, C, E, loser_marks=2), won(4, 1, E, A), won(4, 2, B, D),
               won(5, 1, B, C), won(5, 2, D, E, loser_marks=2)]
    s = standings(team_event("round-robin", 5, matches, tiebreaks=["wins", "scored", "head_to_head"]))
    assert order(s) == [(E, 1, False), (A, 2, True), (B, 2, True), (C, 4, True), (D, 4, True)]
    assert row(s, E)["scored"] == 10 and row(s, A)["scored"] == 6


def test_cap_forfeit_bye_and_called_with_a_shared_lead():
    """Three teams to 3 marks, each game counted at most 2 (cap). Round 1: A beats B 3-1 (counted
    2-1), C sits out. Round 2: C forfeits to A (2-0). Round 3: B-C is called at 1-1: not finished,
    not counted; A sits out."""
    shared = game(1, 2, marks(0, 1), called=True)
    matches = [won(1, 1, 0, 1, loser_marks=1), {"round": 1, "bye": 2},
               {"round": 2, "table": 1, "entrants": [0, 2], "forfeit": 1},
               {"round": 3, "table": 1, "entrants": [1, 2], "games": [shared]}, {"round": 3, "bye": 0}]
    s = standings(team_event("round-robin", 3, matches, cap=2))
    assert s["complete"] is False
    assert [(r["entrant"], r["rank"], r["played"], r["won"], r["lost"], r["scored"], r["conceded"],
             r["difference"]) for r in s["standings"]] == [
        (0, 1, 2, 2, 0, 4, 1, 3), (1, 2, 1, 0, 1, 1, 2, -1), (2, 3, 1, 0, 1, 0, 2, -2)]
    # one more hand: B ahead 2-1 when time was called, so B wins that game
    shared["hands"].append(marks(0)[0])
    s = standings(team_event("round-robin", 3, matches, cap=2))
    assert s["complete"] is True
    assert [(r["entrant"], r["rank"], r["won"], r["scored"], r["conceded"]) for r in s["standings"]] == [
        (0, 1, 2, 4, 1), (1, 2, 1, 3, 3), (2, 3, 0, 1, 4)]


def test_forfeit_in_a_best_of_three_counts_two_games():
    matches = [{"round": 1, "table": 1, "entrants": [0, 1], "forfeit": 0}]
    s = standings(team_event("round-robin", 2, matches, best_of=3))
    assert [(r["entrant"], r["played"], r["won"], r["scored"], r["conceded"]) for r in s["standings"]] == [
        (1, 2, 2, 6, 0), (0, 2, 0, 0, 6)]
    assert s["complete"] is True


def test_round_robin_of_best_of_three_counts_each_game():
    g1, g2 = game(0, 1, marks(0, 0, 0)), game(0, 1, marks(1, 1, 1))
    g3 = game(0, 1, marks(1, 0, 0, 0))
    s = standings(team_event("round-robin", 2, [{"round": 1, "table": 1, "entrants": [0, 1],
                                                 "games": [g1, g2, g3]}], best_of=3))
    assert [(r["entrant"], r["played"], r["won"], r["lost"], r["scored"], r["conceded"])
            for r in s["standings"]] == [(0, 3, 2, 1, 6, 4), (1, 3, 1, 2, 4, 6)]


def progressive_event(matches, **settings) -> dict:
    return {"format": "progressive", "variant": "texas42", "options": {"target_marks": 3},
            "settings": settings, "entrants": [{"players": [p]} for p in PLAYERS[:4]],
            "matches": matches}


def seated(rnd: int, players: list[int], hands: list[dict]) -> dict:
    return {"round": rnd, "table": 1, "entrants": players,
            "games": [{"players": [PLAYERS[p] for p in players], "hands": hands}]}


def test_progressive_partners_share_a_side():
    """Round 1: 0+2 beat 1+3 3-0; round 2: 2+3 beat 0+1 3-1; round 3: 0+3 beat 1+2 3-2."""
    matches = [seated(1, [0, 1, 2, 3], marks(0, 0, 0)), seated(2, [0, 2, 1, 3], marks(0, 1, 1, 1)),
               seated(3, [0, 1, 3, 2], marks(1, 1, 0, 0, 0))]
    s = standings(progressive_event(matches))
    assert s["complete"] is True
    assert [(r["entrant"], r["rank"], r["won"], r["scored"], r["conceded"], r["difference"])
            for r in s["standings"]] == [(2, 1, 2, 8, 4, 4), (0, 2, 2, 7, 5, 2), (3, 3, 2, 6, 6, 0),
                                         (1, 4, 0, 3, 9, -6)]


def test_tables_mexican_train_lower_scored_is_better_and_nothing_conceded():
    event = {"format": "tables", "variant": "mexican-train", "options": {"rounds": 1},
             "settings": {"table_size": 3, "rounds": 2},
             "entrants": [{"players": [p]} for p in PLAYERS[:3]],
             "matches": [
                 {"round": 1, "table": 1, "entrants": [0, 1, 2],
                  "games": [{"players": PLAYERS[:3], "hands": [{"pips": [0, 10, 5]}]}]},
                 {"round": 2, "table": 1, "entrants": [2, 0, 1],
                  "games": [{"players": [PLAYERS[2], PLAYERS[0], PLAYERS[1]], "hands": [{"pips": [0, 4, 12]}]}]}]}
    s = standings(event)
    assert s["complete"] is True
    assert [(r["entrant"], r["rank"], r["won"], r["scored"], r["conceded"], r["difference"], r["tied"])
            for r in s["standings"]] == [(0, 1, 1, 4, 0, 0, False), (2, 2, 1, 5, 0, 0, False),
                                         (1, 3, 0, 22, 0, 0, False)]


def test_tables_head_to_head_counts_games_at_the_same_table():
    """Moon, six players, two rounds. Round 1: 0 shoots the moon at a table with 1 and 2, 3 at a
    table with 4 and 5; round 2: 3 shoots at a table with 0 and 1, 2 at one with 4 and 5. 0 and 2
    each won once with 21: head to head, 0 beat 2 at the same table, and 2 never beat 0."""
    names = PLAYERS[:6]

    def table(rnd, t, players, shooter):
        tricks = [7 if seat == shooter else 0 for seat in range(3)]
        return {"round": rnd, "table": t, "entrants": players,
                "games": [{"players": [names[p] for p in players],
                           "hands": [{"bidder": shooter, "bid": 21, "tricks": tricks}]}]}

    event = {"format": "tables", "variant": "moon", "settings": {"rounds": 2},
             "entrants": [{"players": [p]} for p in names],
             "matches": [table(1, 1, [0, 1, 2], 0), table(1, 2, [3, 4, 5], 0),
                         table(2, 1, [0, 3, 1], 1), table(2, 2, [2, 4, 5], 0)]}
    s = standings(event)
    assert s["complete"] is True
    assert order(s) == [(3, 1, False), (0, 2, False), (2, 3, False), (1, 4, True), (4, 4, True),
                        (5, 4, True)]
    assert row(s, 3)["scored"] == 42 and row(s, 0)["scored"] == 21


def test_cap_defaults_to_the_games_target():
    """Texas 42 to 3 marks: a 2-mark bid at 2-0 ends the game 4-0, counted 3-0."""
    big = {"bidder": 0, "bid": 84, "contract": "straight", "points": 42}
    match = {"round": 1, "table": 1, "entrants": [0, 1], "games": [game(0, 1, marks(0, 0) + [big])]}
    s = standings(team_event("round-robin", 2, [match]))
    assert (row(s, 0)["scored"], row(s, 0)["conceded"], row(s, 1)["conceded"]) == (3, 0, 3)
    s = standings(team_event("round-robin", 2, [match], cap=5))
    assert row(s, 0)["scored"] == 4


def test_no_cap_without_a_target():
    """Forty-two played to hands only (target_points 0): totals count in full."""
    from scorekeeper.tournament import parse_event

    event = parse_event({"format": "round-robin", "variant": "forty-two",
                         "options": {"target_points": 0},
                         "entrants": [{"players": ["Ann", "Bob"]}, {"players": ["Cat", "Dan"]}]})
    assert event.cap is None
    assert parse_event(team_event("round-robin", 2)).cap == 3
