"""Player statistics: a pure library (no Flask, no SQLAlchemy, no I/O), fed by the rules engine.

Two steps, so that a game's facts never depend on who its people are (people are renamed and
merged; the web app keeps each game's summary and aggregates on page load):

1. `game_summary(record, result=None) -> dict`: one valid game's facts by seat and side,
   plain JSON data (`result` is `rules.score(record)`, scored here when not given; ValueError
   when the record is invalid)::

       {"version": 1, "variant": "lechner42", "units": "marks", "partnership": true,
        "hands": 9, "redeals": 0, "finished": true, "winners": [0], "winning_seats": [0, 2],
        "sides": [{"seats": [0, 2], "total": 7, "won": true}, ...],
        "seats": [{"side": 0, "won": true, "total": 7, "partners": [2], "opponents": [1, 3],
                   "bids": 3, "made": 2, "set": 1,        # her bids (card42: every hand)
                   "opponent_bids": 4, "opponents_set": 1,  # the other side's bids; set by hers
                   "by_level": {"30-41": {"bids": 2, "made": 1}, "1 mark": {...}},
                   "by_contract": {"straight": {...}, "plunge": {...}},
                   "by_call": {"plunge/sevens": {...}},
                   "train": null,      # mexican-train: {"rounds", "pips", "out"}
                   "solitaire": null},  # castle-rock: {"games", "wins", "best"}
                  ...]}

2. `player_stats(games) -> {person: stats}`: each game is a `Game(summary, seats, order)`
   (or such a tuple, or a mapping with those keys): `seats[i]` is the person in seat i (any
   hashable key; None: nobody to count), `order` sorts games for streaks (None: as given).
   Per person (rates are rounded to 4 places, None when nothing to divide)::

       {"games", "finished", "wins", "win_rate" (wins / finished),
        "bids", "made", "set", "made_rate", "opponent_bids", "opponents_set", "opponents_set_rate",
        "streak": {"current", "longest"},           # wins in a row over finished games, in order
        "partners": {person: {"games", "finished", "wins", "win_rate"}},
        "opponents": {person: {"games", "finished", "wins", "win_rate", "their_wins"}},
        "by_variant": {variant: {the keys above, each over that variant alone, and
                                 "by_level", "by_contract", "by_call":
                                     {label: {"bids", "made", "set", "made_rate"}},
                                 "train" (mexican-train): {"rounds", "pips", "avg_pips", "out"},
                                 "solitaire" (castle-rock): {"games", "wins", "win_rate", "best"}}}}

`club_summary(games, players=None)`: {"games", "finished", "by_variant": {variant: {"games",
"finished", "leaderboard"}}, "leaderboard"}, leaderboard rows {"player", "games", "finished",
"wins", "win_rate"}, most wins first.

`Tallies` are the running sums behind both, kept between games: `Tallies.of(games)`, then
`count(summary, seats, sign, after)` counts one game in (1) or out (-1) at its place in the
order (`after`: each person's finished games after it), `player_stats(by_key=True)` and
`club_summary(players)` read them, `to_json`/`from_json` keep them. A club keeps them and moves
them on with each write instead of summing all its games again.

`bid_level(variant, bid, contract)` gives the `by_level` labels; `level_rank` and
`contract_rank` sort them. `names_of(record, spellings)` gives the command line's people: two
names are one person when their `name_key` is equal (spaces, Unicode NFC, case ignored), shown
as the first spelling met. `clean_name` is how the app keeps a typed name.
"""
from __future__ import annotations

from .aggregate import Game, Tallies, club_summary, player_stats, rate
from .names import clean_name, first_spellings, name_key
from .summary import SUMMARY_VERSION, bid_level, contract_rank, game_summary, level_rank, went_out

__all__ = ["SUMMARY_VERSION", "Game", "game_summary", "player_stats", "club_summary", "Tallies",
           "names_of",
           "name_key", "clean_name",
           "bid_level", "level_rank", "contract_rank", "went_out", "rate"]


def names_of(record: dict, spellings: dict[str, str] | None = None) -> list[str]:
    """The people of a record on the command line: each seat's name as the first spelling met
    of it (`spellings` carries them from record to record; a fresh one when None)."""
    return first_spellings({} if spellings is None else spellings, record["players"])
