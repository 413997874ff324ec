"""The rating core by the spec's worked rules (spec/ratings.md), on hand-built records."""
from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scorekeeper.ratings import (best_partner, fair_teams, favourite_opponent, head_to_head,
                                 nemesis, ranks_of, replay, whole_percentages, win_chance)
from scorekeeper.stats import game_summary

from .records import SOLO, lechner, moon, train, unfinished

PL = PlackettLuce()  # the model's defaults, independently of the core's own


def games(*records_and_seats):
    """(summary, seats) items: each record's players are its seats' people."""
    return [(game_summary(r), list(r["players"])) for r in records_and_seats]


def test_one_two_against_two_game_by_hand():
    group = replay(games(lechner("ABCD"))).groups["dominoes-42"]
    for winner in "AC":
        s = group.players[winner]
        assert s.mu == pytest.approx(26.9642946218) and s.sigma == pytest.approx(8.1779626044)
        assert (s.games, s.wins) == (1, 1)
    for loser in "BD":
        s = group.players[loser]
        assert s.mu == pytest.approx(23.0357053782) and s.sigma == pytest.approx(8.1779626044)
        assert (s.games, s.wins) == (1, 0)
    assert group.players["A"].ordinal == group.players["A"].mu - 3 * group.players["A"].sigma
    # the pairs: one entity each, a 1-v-1 game of the same model
    [[ac], [bd]] = PL.rate([[PL.rating()], [PL.rating()]], ranks=[1, 2])
    assert group.pairs[frozenset("AC")].mu == ac.mu and group.pairs[frozenset("BD")].mu == bd.mu
    assert group.pairs[frozenset("AC")].sigma == ac.sigma
    assert set(group.pairs) == {frozenset("AC"), frozenset("BD")}


def test_the_four_dominoes_variants_are_one_group_and_card42_teams_its_own():
    r = replay(games(lechner("ABCD"), {**lechner("ABCD"), "variant": "texas42"}))
    assert list(r.groups) == ["dominoes-42"] and r.groups["dominoes-42"].players["A"].games == 2
    assert r.rated == 2


def test_a_shared_win_shares_rank_one():
    record = train("ABC", [0, 5, 9], [5, 0, 9])  # totals 5, 5, 18: A and B win together
    summary = game_summary(record)
    assert summary["winners"] == [0, 1] and ranks_of(summary) == [1, 1, 2]
    group = replay(games(record)).groups["mexican-train"]
    expected = PL.rate([[PL.rating()], [PL.rating()], [PL.rating()]], ranks=[1, 1, 2])
    assert [group.players[p].mu for p in "ABC"] == [t[0].mu for t in expected]
    assert [group.players[p].wins for p in "ABC"] == [1, 1, 0]
    assert group.pairs == {}  # not a partnership group


def test_mexican_train_ranks_lowest_first_and_equal_totals_share_a_rank():
    summary = game_summary(train("ABCDE", [0, 9, 5, 5, 12]))
    assert ranks_of(summary) == [1, 3, 2, 2, 4]
    group = replay(games(train("ABCDE", [0, 9, 5, 5, 12]))).groups["mexican-train"]
    expected = PL.rate([[PL.rating()] for _ in range(5)], ranks=[1, 3, 2, 2, 4])
    assert [group.players[p].mu for p in "ABCDE"] == [t[0].mu for t in expected]
    assert group.players["C"].mu == group.players["D"].mu and group.players["C"].wins == 0


def test_higher_totals_first_elsewhere():
    called = {**moon("ABC", [{"bidder": 0, "bid": 4, "tricks": [5, 1, 1]}]), "called": True}
    summary = game_summary(called)
    assert summary["finished"]  # a called game, once finished, is rated
    order = sorted(range(3), key=lambda s: -summary["sides"][s]["total"])
    assert ranks_of(summary)[order[0]] == 1
    assert replay(games(called)).rated == 1


def test_castle_rock_and_unfinished_games_are_not_rated():
    r = replay(games(SOLO, unfinished("ABCD"), moon("ABC")))
    assert (r.games, r.rated, r.groups) == (3, 0, {})


def test_history_has_one_point_per_rated_game_and_provisional_until_five():
    r = replay(games(*[lechner("ABCD", i % 2) for i in range(4)], unfinished("ABCD"),
                     lechner("ABCD"), lechner("AEBF")))
    a = r.groups["dominoes-42"].players["A"]
    assert [p.game for p in a.history] == [0, 1, 2, 3, 5, 6]
    assert (a.games, a.wins, a.provisional) == (6, 4, False)
    assert r.groups["dominoes-42"].players["B"].games == 6
    assert not r.groups["dominoes-42"].players["C"].provisional  # 5 rated games (and 1 not)
    assert r.groups["dominoes-42"].players["E"].provisional
    assert (a.history[-1].mu, a.history[-1].sigma) == (a.mu, a.sigma)
    assert a.history[1].change == pytest.approx(a.history[1].ordinal - a.history[0].ordinal)
    assert a.history[0].change == pytest.approx(a.history[0].ordinal - (25 - 25))


def test_the_order_of_the_games_matters():
    one, two = lechner("ABCD", 0), lechner("ABCD", 1)
    first = replay(games(one, two)).groups["dominoes-42"].players["A"]
    second = replay(games(two, one)).groups["dominoes-42"].players["A"]
    assert first.mu != second.mu and (first.games, first.wins) == (second.games, second.wins)


def test_one_person_in_two_seats_is_rated_once_by_her_first_seat():
    group = replay(games(lechner("AAAB"))).groups["dominoes-42"]  # A partners herself, and against
    assert group.players["A"].games == 1 and group.players["A"].wins == 1
    assert group.players["A"].mu > 25 and group.players["B"].mu < 25
    assert frozenset("A") in group.pairs


def test_rivals_and_best_partner():
    # A & C beat B & D three times; A & B beat C & D once, lose to them twice (E never 3 games)
    records = [lechner("ABCD")] * 3 + [lechner("ACBD"), lechner("ACBD", 1), lechner("ACBD", 1),
                                       lechner("AEBD")]
    group = replay(games(*records)).groups["dominoes-42"]
    ab = head_to_head(group, "A", "B")
    assert (ab.games, ab.wins, ab.their_wins) == (3, 3, 0)
    ac = head_to_head(group, "A", "C")
    assert (ac.games, ac.wins, ac.their_wins) == (3, 1, 2)
    assert head_to_head(group, "C", "A").wins == 2
    assert nemesis(group, "A") == "C"
    assert favourite_opponent(group, "A") == "B"
    # partners of A: C 3 of 3, B 1 of 3, E 1 game only
    assert best_partner(group, "A") == "C"
    assert nemesis(group, "E") is None and best_partner(group, "E") is None


def test_rival_ties_go_to_more_games_then_the_name():
    records = [lechner("ABCD")] * 3 + [lechner("AEBD")] * 2 + [lechner("AEBF")]
    group = replay(games(*records)).groups["dominoes-42"]
    # A beat D 5 of 5, B and E 3 of 3 (share 1 each, fewer games), F once: D, then B by name
    assert favourite_opponent(group, "A") == "D"
    group = replay(games(*records[:3], lechner("AEBF"), lechner("AEBF"), lechner("AEBF"))) \
        .groups["dominoes-42"]
    assert favourite_opponent(group, "A") == "B"  # B, D, E, F all 3 of 3
    # C and E each partnered A in 3 winning games: the name decides (its key: case ignored)
    group = replay(games(*[lechner(["A", "b", "e", "D"])] * 3, *[lechner(["A", "x", "C", "y"])] * 3)) \
        .groups["dominoes-42"]
    assert best_partner(group, "A") == "C"
    assert best_partner(group, "A", name=lambda p: {"C": "zed"}.get(p, p)) == "e"


def test_win_chance_is_whole_percentages_adding_up_to_100():
    group = replay(games(*[lechner("ABCD")] * 3)).groups["dominoes-42"]
    chance = win_chance(group, [["A", "C"], ["B", "D"]])
    assert sum(chance) == 100 and chance[0] > 50
    shares = PL.predict_win([[PL.rating(mu=s.mu, sigma=s.sigma) for s in (group.players[a], group.players[b])]
                             for a, b in (("A", "C"), ("B", "D"))])
    assert abs(chance[0] - shares[0] * 100) < 1
    assert win_chance(group, [["X", "Y"], ["Z", "W"]]) == [50, 50]  # all new: the default
    assert whole_percentages([1 / 3] * 3) == [34, 33, 33]
    assert whole_percentages([0.004, 0.331, 0.665]) == [0, 33, 67]


def test_fair_teams_splits_the_strong_and_keeps_the_seats_on_a_tie():
    group = replay(games(*[lechner("ABCD")] * 6)).groups["dominoes-42"]
    # A and C are strong, B and D weak: fair is A with B or with D, A & B first (seat order)
    assert fair_teams(group, ["A", "B", "C", "D"]) == ["A", "C", "B", "D"]
    assert fair_teams(None, ["A", "B", "C", "D"]) == ["A", "B", "C", "D"]  # a tie: as seated
