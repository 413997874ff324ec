"""Hypothesis properties of the ratings over valid games made by the rules tests' generators."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.ratings import (Ratings, Record, fair_teams, head_to_head, partners, replay,
                                 whole_percentages, win_chance, win_shares)
from scorekeeper.rules import VARIANTS
from scorekeeper.stats import game_summary, player_stats
from stats.test_properties import CLUB, club_games

RATED = settings(CLUB, max_examples=min(CLUB.max_examples, 40))  # a few whole games each


def summaries(games):
    return [(game_summary(record, result), seats) for record, result, seats, _ in games]


@RATED
@given(club_games(max_games=5))
def test_a_replay_is_the_games_added_one_by_one_and_its_own_history(games):
    items = summaries(games)
    whole = replay(items)
    again = Ratings()
    for k, (summary, seats) in enumerate(items):
        again.add(summary, seats)
        # every person's last history point so far is her rating after the first k + 1 games
        for group_id, group in again.groups.items():
            for person, standing in group.players.items():
                point = [p for p in whole.groups[group_id].players[person].history if p.game <= k][-1]
                assert (point.mu, point.sigma) == (standing.mu, standing.sigma)
    assert again == whole == replay(items)  # the same numbers every time
    assert whole.games == len(items)
    assert whole.rated == sum(VARIANTS[s["variant"]].rating_group is not None and s["finished"]
                              for s, _ in items)


@RATED
@given(club_games(max_games=5))
def test_one_more_game_after_a_replay_is_the_replay_with_it_and_leaves_the_first_alone(games):
    items = summaries(games)
    before = replay(items[:-1])
    kept = replay(items[:-1])
    assert before.after(*items[-1]) == replay(items)
    assert before == kept


@RATED
@given(club_games(max_games=5))
def test_games_and_wins_are_the_stats_finished_games_and_wins_of_the_group(games):
    items = summaries(games)
    stats = player_stats(items)
    rated = replay(items)
    for group_id, group in rated.groups.items():
        for person, standing in group.players.items():
            by_variant = stats[person]["by_variant"]
            mine = [v for vid, v in by_variant.items() if VARIANTS[vid].rating_group == group_id]
            assert standing.games == sum(v["finished"] for v in mine)
            assert standing.wins == sum(v["wins"] for v in mine)
            assert len(standing.history) == standing.games
        for pair, standing in group.pairs.items():
            assert standing.games <= min(group.players[p].games for p in pair)


@RATED
@given(club_games(max_games=5, distinct=False))
def test_the_rivals_a_group_counts_as_games_are_added_are_those_of_its_games(games):
    # merged people (one person in two seats, on one side or both) and seats of nobody too;
    # each game added one by one, and after a replay (Ratings.after) whose rivals were read
    # or not (moved on by the game, or counted when read), as the club keeps them
    items = summaries(games)
    read = replay(items[:-1])
    for group in read.groups.values():
        for person in group.meetings_of:
            group.rivals(person)
    before = {gid: {p: repr(group.rivals(p)) for p in group.meetings_of}
              for gid, group in read.groups.items()}
    for rated in (replay(items), replay(items[:-1]).after(*items[-1]), read.after(*items[-1])):
        for group in rated.groups.values():
            people = {p for m in group.meetings for side in m.sides for p in side} - {None}
            for a in people:
                for b in people - {a}:
                    apart = [m for m in group.meetings
                             if any(a in s for s in m.sides) and any(b in s for s in m.sides)
                             and not any(a in s and b in s for s in m.sides)]

                    def won(m, who):
                        return any(w for s, w in zip(m.sides, m.won) if who in s)
                    assert head_to_head(group, a, b) == Record(
                        len(apart), sum(won(m, a) and not won(m, b) for m in apart),
                        sum(won(m, b) and not won(m, a) for m in apart))
                    beside = [w for m in group.meetings for s, w in zip(m.sides, m.won)
                              if a in s and b in s]
                    assert partners(group, a).get(b, Record()) == Record(
                        len(beside), sum(beside), sum(beside))
    assert before == {gid: {p: repr(group.rivals(p)) for p in group.meetings_of}
                      for gid, group in read.groups.items()}  # left as they were


@given(st.lists(st.floats(0, 1), min_size=2, max_size=8).filter(lambda xs: sum(xs) > 0))
def test_whole_percentages_add_up_to_100_each_within_one_of_its_share(weights):
    shares = [w / sum(weights) for w in weights]
    whole = whole_percentages(shares)
    assert sum(whole) == 100
    assert all(abs(w - s * 100) < 1 for w, s in zip(whole, shares))


@RATED
@given(club_games(max_games=4), st.permutations(["p0", "p1", "p2", "p3"]))
def test_win_chances_add_up_to_100_and_fair_teams_are_fairest(games, people):
    group = replay(summaries(games)).groups.get("dominoes-42")
    sides = [[people[0], people[2]], [people[1], people[3]]]
    assert sum(win_chance(group, sides)) == 100
    fair = fair_teams(group, people)
    assert sorted(fair) == sorted(people)
    best = abs(win_shares(group, [[fair[0], fair[2]], [fair[1], fair[3]]])[0] - 0.5)
    assert best <= abs(win_shares(group, sides)[0] - 0.5)
