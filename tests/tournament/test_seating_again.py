"""A tables event's later rounds seat as few pairs together again as any seating of the round
could, given the rounds before it (issue 38): the search (seating.least_together) against
every seating tried by brute force, on small sizes."""
from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings, strategies as st

from scorekeeper.tournament import schedule, seating

FAST = settings(max_examples=40, deadline=None)


def seatings(players: list[int], sizes: list[int]):
    """Every way to seat `players` at tables of `sizes` (each table a set: seat order aside)."""
    if not sizes:
        yield []
        return
    first, others = players[0], players[1:]
    for size in sorted(set(sizes)):  # the first player's table: one of each size
        rest = list(sizes)
        rest.remove(size)
        for mates in combinations(others, size - 1):
            left = [p for p in others if p not in mates]
            for tail in seatings(left, rest):
                yield [[first, *mates], *tail]


def again(groups, before: set[frozenset]) -> int:
    """How many pairs of a round's tables sat together in an earlier round."""
    return sum(frozenset(pair) in before for g in groups for pair in combinations(g, 2))


def met_of(rounds: list[list[list[int]]], n: int) -> list[list[int]]:
    met = [[0] * n for _ in range(n)]
    for groups in rounds:
        for g in groups:
            for a, b in combinations(g, 2):
                met[a][b] += 1
                met[b][a] += 1
    return met


@st.composite
def earlier_rounds(draw):
    """Players, table sizes as a tables event gives them (2 to 4 tables, sizes within one),
    and 1 to 3 earlier rounds seated at random."""
    tables = draw(st.integers(2, 3))
    small = draw(st.integers(2, 3))
    sizes = sorted((small + draw(st.integers(0, 1)) for _ in range(tables)), reverse=True)
    n = sum(sizes)
    rounds = [[list(g) for g in draw(st.sampled_from(list(seatings(list(range(n)), sizes))))]
              for _ in range(draw(st.integers(1, 3)))]
    return n, sizes, rounds


@FAST
@given(earlier_rounds())
def test_the_search_finds_the_fewest_pairs_together_again(case):
    n, sizes, rounds = case
    met = met_of(rounds, n)
    every = [(seating.together_cost(g, met), g) for g in seatings(list(range(n)), sizes)]
    least = min(cost for cost, _ in every)
    found = seating.least_together(list(range(n)), sizes, met, above=10 ** 9)
    assert sorted(len(g) for g in found) == sorted(sizes)
    assert sorted(p for g in found for p in g) == list(range(n))
    assert seating.together_cost(found, met) == least
    # nothing cheaper than a seating's own cost: None, as the plan's round is kept then
    assert seating.least_together(list(range(n)), sizes, met, above=least) is None


def tables_event(n: int, variant: str, size: int, rounds: int) -> dict:
    return {"format": "tables", "variant": variant,
            "settings": {"table_size": size, "rounds": rounds},
            "entrants": [{"players": [f"P{i}"]} for i in range(n)]}


@FAST
@given(n=st.integers(3, 10), variant=st.sampled_from(["moon", "card42", "mexican-train"]),
       size=st.integers(2, 5), rounds=st.integers(2, 4))
def test_each_round_of_a_tables_event_seats_the_fewest_together_again(n, variant, size, rounds):
    """Every round from the second: the pairs seated together again are as few as the fewest
    of every seating of its players (who sits out as scheduled) at its tables."""
    out = schedule(tables_event(n, variant, 3 if variant == "moon" else size,
                                rounds))["rounds"]
    before: set[frozenset] = set()
    for r in out:
        groups = [m["entrants"] for m in r["matches"]]
        if r["round"] > 1:
            players = sorted(p for g in groups for p in g)
            fewest = min(again(g, before) for g in seatings(players, [len(g) for g in groups]))
            assert again(groups, before) == fewest, (r["round"], groups)
        before |= {frozenset(pair) for g in groups for pair in combinations(g, 2)}


def test_the_issue_s_two_nights():
    """12 Mexican Train players at tables of 4 sat 6 pairs together again in round 3 where 3
    will do; 5 card42 players at tables of 2 (3 and 2) sat 2 where 1 will do."""
    for record, most in ((tables_event(12, "mexican-train", 4, 3), [0, 3, 3]),
                         (tables_event(5, "card42", 2, 3), [0, 1, 1])):
        before: set[frozenset] = set()
        counts = []
        for r in schedule(record)["rounds"]:
            groups = [m["entrants"] for m in r["matches"]]
            counts.append(again(groups, before))
            before |= {frozenset(pair) for g in groups for pair in combinations(g, 2)}
        assert counts == most
