"""Ratings: a pure library (no Flask, no SQLAlchemy, no I/O) on openskill's Plackett-Luce model,
fed by the rules engine through the stats summaries (spec/ratings.md).

`replay(games) -> Ratings`: the games (`stats.Game` items or (summary, seats) pairs, seats the
person keys) rated in the order given; `Ratings.add(summary, seats)` rates one more after them
and says what it moved (`Moves`; `Ratings.after`: the same as new Ratings, these left as they
are), and `add(..., kept=moves)` takes them back instead of asking the model again (the club's
stored replay).
`Ratings.groups[group_id]` is a `Group` (the variant's `rating_group`: "dominoes-42", "card42",
"card42-teams", "moon", "mexican-train") with `players` {person: Standing} and, in the
partnership groups, `pairs` {frozenset of the two: Standing}; a Standing has games, wins, mu,
sigma, ordinal, provisional and its history (one Point per rated game). `Group.meetings` holds
the sides of each rated game (`Group.meetings_of`: each person's, in order; `Group.rivals`: her
records with everyone she met, counted once and moved on by `Ratings.after`): the rivals
(`head_to_head`, `nemesis`, `favourite_opponent`, `best_partner`) are read from hers. Before a
game: `win_chance` (whole percentages adding up to 100) and `fair_teams`.
"""
from __future__ import annotations

from .chances import fair_teams, whole_percentages, win_chance, win_shares
from .replay import (MODEL, PROVISIONAL_GAMES, Group, Meeting, Moves, Point, Ratings, Standing,
                     moved_keys, ordinal, pairs_of, ranks_of, rate_one, rating_group, replay)
from .rivals import (MIN_GAMES, Record, best_partner, favourite_opponent, head_to_head, nemesis,
                     opponents, partners)

__all__ = ["MODEL", "PROVISIONAL_GAMES", "MIN_GAMES", "Ratings", "Group", "Standing", "Point",
           "Meeting", "Moves", "Record", "rating_group", "moved_keys", "pairs_of", "rate_one",
           "replay", "ranks_of", "ordinal", "win_chance", "win_shares",
           "whole_percentages", "fair_teams", "head_to_head", "opponents", "partners", "nemesis",
           "favourite_opponent", "best_partner"]
