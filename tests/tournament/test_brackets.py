"""Brackets worked out by hand from spec/events.md: seeding, byes, places, what to seat next."""
from __future__ import annotations

from scorekeeper.tournament import schedule, standings

from ._events import marks, order, team_event, won


def in_bracket(match: dict, bracket: str, **extra) -> dict:
    return {**match, "bracket": bracket, **extra}


def seated(s: dict) -> list[tuple]:
    """(round, table, entrants, bracket) of every match the schedule seats."""
    return [(r["round"], m["table"], m["entrants"], m.get("bracket")) for r in s["rounds"]
            for m in r["matches"]]


def test_single_elimination_of_four():
    r1 = [in_bracket(won(1, 1, 0, 3), "winners"), in_bracket(won(1, 2, 2, 1), "winners")]
    event = team_event("single-elimination", 4)
    assert seated(schedule(event)) == [(1, 1, [0, 3], "winners"), (1, 2, [1, 2], "winners")]
    event["matches"] = r1
    s = standings(event)
    assert s["complete"] is False
    assert order(s) == [(1, 3, False), (3, 3, False), (0, None, False), (2, None, False)]
    assert seated(schedule(event)) == [(2, 1, [0, 2], "winners")]
    event["matches"] = r1 + [in_bracket(won(2, 1, 2, 0), "winners")]
    s = standings(event)
    assert s["complete"] is True
    assert order(s) == [(2, 1, False), (0, 2, False), (1, 3, False), (3, 3, False)]
    assert schedule(event) == {"ok": True, "rounds": []}


def test_single_elimination_byes_go_to_the_top_seeds():
    s = schedule(team_event("single-elimination", 5))
    assert s["rounds"] == [{"round": 1, "matches": [{"table": 1, "entrants": [3, 4], "bracket": "winners"}],
                            "byes": [0, 1, 2]}]
    event = team_event("single-elimination", 5, [in_bracket(won(1, 1, 4, 3), "winners")])
    assert seated(schedule(event)) == [(2, 1, [0, 4], "winners"), (2, 2, [1, 2], "winners")]
    assert order(standings(event))[0] == (3, 5, False)


def test_a_match_the_bracket_does_not_seat_is_invalid():
    event = team_event("single-elimination", 4, [in_bracket(won(1, 1, 0, 1), "winners")])
    s = standings(event)
    assert s == {"ok": False, "match": 0, "game": None, "hand": None,
                 "error": "Round 1, table 1: Ann & Bob and Cat & Dan do not meet in round 1 of the "
                          "winners' bracket (not with the results so far)."}


def test_double_elimination_of_four_with_the_final_replayed():
    event = team_event("double-elimination", 4)
    played = [in_bracket(won(1, 1, 0, 3), "winners"), in_bracket(won(1, 2, 1, 2), "winners")]
    event["matches"] = played
    assert seated(schedule(event)) == [(2, 1, [0, 1], "winners"), (2, 2, [3, 2], "losers")]
    played += [in_bracket(won(2, 1, 0, 1), "winners"), in_bracket(won(2, 2, 2, 3), "losers")]
    assert order(standings(event)) == [(3, 4, False), (0, None, False), (1, None, False),
                                       (2, None, False)]
    assert seated(schedule(event)) == [(3, 1, [2, 1], "losers")]
    played.append(in_bracket(won(3, 1, 1, 2), "losers"))
    assert seated(schedule(event)) == [(4, 1, [0, 1], "final")]
    played.append(in_bracket(won(4, 1, 1, 0), "final"))  # the losers' winner wins: once more
    s = standings(event)
    assert s["complete"] is False
    assert order(s)[:2] == [(2, 3, False), (3, 4, False)]
    assert seated(schedule(event)) == [(5, 1, [1, 0], "final")]
    played.append(in_bracket(won(5, 1, 0, 1), "final"))
    s = standings(event)
    assert s["complete"] is True
    assert order(s) == [(0, 1, False), (1, 2, False), (2, 3, False), (3, 4, False)]
    assert schedule(event)["rounds"] == []


def pool_round_robin(members, first_table, pool):
    """Pool matches of four (a, b, c, d in seed order), the better seed winning every game."""
    a, b, c, d = members
    pairs = [[(a, d), (b, c)], [(a, c), (b, d)], [(a, b), (c, d)]]
    return [in_bracket(won(r + 1, first_table + t, x, y), "pool", pool=pool)
            for r, rnd in enumerate(pairs) for t, (x, y) in enumerate(rnd)]


def test_pools_snake_crossover_and_places():
    """Eight teams, pools of 4: A holds seeds 1 4 5 8 (entrants 0 3 4 7), B seeds 2 3 6 7. The
    better seed wins every pool game; then A1-B2 (0-2) and B1-A2 (1-3); 0 and 3 win; 0 wins
    the final. Those not advancing follow: both pools' thirds 5, fourths 7."""
    event = team_event("pools", 8)
    s = schedule(event)
    first = s["rounds"][0]
    assert [(m["pool"], sorted(m["entrants"])) for m in first["matches"]] == [
        (1, [0, 7]), (1, [3, 4]), (2, [1, 6]), (2, [2, 5])]
    pools = pool_round_robin([0, 3, 4, 7], 1, 1) + pool_round_robin([1, 2, 5, 6], 3, 2)
    event["matches"] = list(pools)
    s = standings(event)
    assert [[r["entrant"] for r in p["standings"]] for p in s["pools"]] == [[0, 3, 4, 7], [1, 2, 5, 6]]
    assert s["pools"][0]["standings"][0]["won"] == 3
    assert seated(schedule(event)) == [(4, 1, [0, 2], "winners"), (4, 2, [1, 3], "winners")]
    event["matches"] += [in_bracket(won(4, 1, 0, 2), "winners"), in_bracket(won(4, 2, 3, 1), "winners")]
    assert seated(schedule(event)) == [(5, 1, [0, 3], "winners")]
    event["matches"].append(in_bracket(won(5, 1, 0, 3), "winners"))
    s = standings(event)
    assert s["complete"] is True
    assert order(s) == [(0, 1, False), (3, 2, False), (1, 3, False), (2, 3, False), (4, 5, False),
                        (5, 5, False), (6, 7, False), (7, 7, False)]
    assert s["standings"][0]["played"] == 5 and s["standings"][0]["won"] == 5


def test_pools_wait_for_a_tie_across_the_cut():
    """Pool of three where everyone beats one other: all tied on everything, across the cut."""
    matches = [in_bracket(won(1, 1, 0, 1), "pool", pool=1), in_bracket(won(2, 1, 1, 2), "pool", pool=1),
               in_bracket(won(3, 1, 2, 0), "pool", pool=1)]
    event = team_event("pools", 3, matches, pool_size=4)
    s = standings(event)
    assert [(r["rank"], r["tied"]) for r in s["pools"][0]["standings"]] == [(1, True)] * 3
    assert schedule(event)["rounds"] == []
    # the tie-break match: 0 beats 2 again. 0 leads with 2 wins; 1 and 2 have 1 each, and the
    # difference puts 1 (0) above 2 (-3): the bracket is 0 against 1, after the last pool round
    event["matches"].append(in_bracket(won(4, 1, 0, 2), "pool", pool=1))
    s = standings(event)
    assert [(r["entrant"], r["rank"], r["tied"]) for r in s["pools"][0]["standings"]] == [
        (0, 1, False), (1, 2, False), (2, 3, False)]
    assert seated(schedule(event)) == [(5, 1, [0, 1], "winners")]


def test_four_pools_seed_the_bracket_in_the_listed_order():
    """events.md: four pools' first bracket matches are A1-B2, B1-A2, C1-D2, D1-C2, seeded 1 to
    4 in that order, and their winners meet as seeds do (1 plays 4, 2 plays 3): the winners of
    two pools meet no earlier than the semi-finals, pool-mates only in the final. Sixteen
    teams snaked into pools of four (A: 0 7 8 15, B: 1 6 9 14, C: 2 5 10 13, D: 3 4 11 12);
    the better seed wins every game."""
    teams = [(f"A{i}", f"B{i}") for i in range(16)]
    event = {"format": "pools", "variant": "texas42", "options": {"target_marks": 3},
             "entrants": [{"players": list(t)} for t in teams], "matches": []}

    def play_next_round() -> list[tuple]:
        rnd = schedule(event)["rounds"][0]
        for m in rnd["matches"]:
            a, b = m["entrants"]
            hands = marks(*[0 if a < b else 1] * 3)
            players = [teams[a][0], teams[b][0], teams[a][1], teams[b][1]]
            event["matches"].append({"round": rnd["round"], **m, "games": [
                {"players": players, "first_dealer": 0, "hands": hands}]})
        return [(m["table"], sorted(m["entrants"]), m["bracket"]) for m in rnd["matches"]]

    while schedule(event)["rounds"][0]["matches"][0]["bracket"] == "pool":
        play_next_round()
    assert play_next_round() == [(1, [0, 6], "winners"), (2, [1, 7], "winners"),
                                 (3, [2, 4], "winners"), (4, [3, 5], "winners")]
    assert play_next_round() == [(1, [0, 3], "winners"), (2, [1, 2], "winners")]
    assert play_next_round() == [(1, [0, 1], "winners")]
    assert standings(event)["complete"] is True
