"""Deciding a tie (spec/events.md "Deciding a tie: a playoff or a draw", and `complete`):
worked out by hand. Two pools of three (snake: pool 1 holds 0 3 4, pool 2 holds 1 2 5), each
ending in a three-way tie."""
from __future__ import annotations

from scorekeeper.tournament import deciding, parse_event, schedule, standings

from ._events import order, team_event, won
from .test_brackets import in_bracket, seated

POOLS = [[0, 3, 4], [1, 2, 5]]


def pool(match: dict, number: int, **extra) -> dict:
    return in_bracket(match, "pool", pool=number, **extra)


def cycle(number: int, table: int, rounds=(1, 2, 3), **extra) -> list[dict]:
    """The pool's three matches, each one beating the next in turn: all level."""
    a, b, c = POOLS[number - 1]
    return [pool(won(r, table, x, y), number, **extra)
            for r, (x, y) in zip(rounds, ((a, b), (b, c), (c, a)))]


def tied_pools() -> dict:
    return team_event("pools", 6, cycle(1, 1) + cycle(2, 2), pool_size=3)


def unplayed(match: dict) -> dict:
    return {**match, "games": []}


def test_two_pools_tied_play_off_side_by_side_each_at_its_own_tables():
    event = parse_event(tied_pools())
    ties = deciding.ties(event)
    assert [(t.entrants, t.pool, t.playoff, t.draw, t.playing) for t in ties] == [
        ((0, 3, 4), 1, None, None, False), ((1, 2, 5), 2, None, None, False)]
    first = deciding.playoff_matches(event, ties[0])
    assert [(m["round"], m["table"], m["pool"], m["playoff"]) for m in first] == [
        (4, 1, 1, True), (5, 1, 1, True), (6, 1, 1, True)]
    record = tied_pools()
    record["matches"] += [{**m, "games": []} for m in first]
    event = parse_event(record)
    [tie] = [t for t in deciding.ties(event) if t.pool == 2]
    second = deciding.playoff_matches(event, tie)
    assert [(m["round"], m["table"]) for m in second] == [(4, 2), (5, 2), (6, 2)]
    # pool 1, whose playoff is seated, is offered none again, nor a draw, while it is played
    [tie] = [t for t in deciding.ties(event) if t.pool == 1]
    assert tie.playoff and "being played" in tie.playoff and tie.draw == tie.playoff
    assert tie.playing


def test_the_bracket_waits_for_every_playoff_match_and_complete_for_every_seated_match():
    record = tied_pools()
    # pool 1's playoff: 0 beats 3 (round 4), others to play; pool 2's: nothing played yet
    record["matches"] += [pool(won(4, 1, 0, 3), 1, playoff=True),
                          unplayed(pool(won(5, 1, 3, 4), 1, playoff=True)),
                          unplayed(pool(won(6, 1, 4, 0), 1, playoff=True))]
    record["matches"] += [unplayed(m) for m in cycle(2, 2, (4, 5, 6), playoff=True)]
    s = standings(record)
    assert s["ok"] and s["complete"] is False
    assert schedule(record)["rounds"] == []  # no bracket while a playoff match is open
    # pool 1 decided: 0 beat 3 and 4, 3 beat 4
    record["matches"][-6:-3] = [pool(won(4, 1, 0, 3), 1, playoff=True),
                                pool(won(5, 1, 3, 4), 1, playoff=True),
                                pool(won(6, 1, 0, 4), 1, playoff=True)]
    assert schedule(record)["rounds"] == []  # pool 2's still open
    record["matches"][-3:] = cycle(2, 2, (4, 5, 6), playoff=True)  # still level after it
    s = standings(record)
    assert s["complete"] is False
    assert [(r["entrant"], r["rank"], r["tied"]) for r in s["pools"][0]["standings"]] == [
        (0, 1, False), (3, 2, False), (4, 3, False)]
    assert [r["tied"] for r in s["pools"][1]["standings"]] == [True] * 3
    assert schedule(record)["rounds"] == []  # the tie straddles the cut: a draw decides it
    record["draws"] = [[5, 1, 2]]
    s = standings(record)
    assert [(r["entrant"], r["rank"], r["tied"]) for r in s["pools"][1]["standings"]] == [
        (5, 1, False), (1, 2, False), (2, 3, False)]
    # the bracket after the last round played: A1-B2, B1-A2
    assert seated(schedule(record)) == [(7, 1, [0, 1], "winners"), (7, 2, [5, 3], "winners")]
    record["matches"] += [in_bracket(won(7, 1, 0, 1), "winners"),
                          in_bracket(won(7, 2, 5, 3), "winners"),
                          in_bracket(won(8, 1, 0, 5), "winners")]
    s = standings(record)
    assert s["complete"] is True and s["standings"][0]["entrant"] == 0


def test_a_round_robin_is_complete_only_once_its_playoff_is_played():
    matches = [won(1, 1, 0, 1), won(2, 1, 1, 2), won(3, 1, 2, 0)]
    record = team_event("round-robin", 3, matches)
    assert standings(record)["complete"] is True
    record["matches"].append(unplayed(won(4, 1, 0, 1, playoff=True)))
    assert standings(record)["complete"] is False
    record["matches"][-1] = won(4, 1, 0, 1, playoff=True)
    s = standings(record)
    assert s["complete"] is True and order(s)[0] == (0, 1, False)


def test_a_draw_orders_its_group_only_and_keeps_every_figure():
    matches = [won(1, 1, 0, 1), won(2, 1, 1, 2), won(3, 1, 2, 0), won(1, 2, 3, 2, 2),
               won(2, 2, 3, 0, 2), won(3, 2, 3, 1, 2)]
    record = team_event("round-robin", 4, matches)
    before = standings(record)
    assert order(before) == [(3, 1, False), (0, 2, True), (1, 2, True), (2, 2, True)]
    record["draws"] = [[2, 0, 1]]
    after = standings(record)
    assert order(after) == [(3, 1, False), (2, 2, False), (0, 3, False), (1, 4, False)]
    figures = ("played", "won", "scored", "conceded", "difference")
    assert sorted(tuple(r[k] for k in figures) for r in after["standings"]) == \
        sorted(tuple(r[k] for k in figures) for r in before["standings"])
    record["draws"] = [[0, 1]]  # a draw of part of the group orders nothing
    assert order(standings(record)) == order(before)


def test_draws_withdrawn_and_playoff_are_checked():
    record = team_event("round-robin", 3)
    for draws in ([[0]], [[0, 0]], [[0, 9]], "0 1", [0, 1]):
        s = standings({**record, "draws": draws})
        assert s["ok"] is False and s["match"] is None, draws
    for withdrawn in ([0, 0], [7], "0"):
        assert standings({**record, "withdrawn": withdrawn})["ok"] is False, withdrawn
    assert standings({**record, "withdrawn": [1]})["ok"] is True
    s = standings({**record, "matches": [won(1, 1, 0, 1, playoff="yes")]})
    assert s["ok"] is False and s["error"] == "Round 1, table 1: playoff must be true or false."
    bracket = team_event("single-elimination", 2, [in_bracket(won(1, 1, 0, 1, playoff=True),
                                                             "winners")])
    assert standings(bracket)["error"] == ("Round 1, table 1: a playoff decides a tie of a "
                                           "round robin or a pool.")
