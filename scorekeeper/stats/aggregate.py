"""Summing game summaries into each player's numbers, and a club's overview.

A game comes as its summary (`game_summary`), who sits in each seat (any hashable person key:
a club member's id in the app, a name on the command line; None for a seat nobody is counted
for) and an order key for streaks (a date, a number; None keeps the order given).
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from ..rules import VARIANTS
from .summary import SUMMARY_VERSION, contract_rank, level_rank

VARIANT_ORDER = {vid: i for i, vid in enumerate(VARIANTS)}


class Game(NamedTuple):
    """One game to aggregate. A plain (summary, seats) or (summary, seats, order) tuple or a
    mapping with those keys does as well."""

    summary: dict
    seats: Sequence[Hashable | None]
    order: Any = None


def rate(part: int, whole: int, digits: int = 4) -> float | None:
    """part / whole rounded, or None when there is nothing to divide by."""
    return round(part / whole, digits) if whole else None


class _Tally:
    """One player's running counts in one variant."""

    __slots__ = ("games", "finished", "wins", "bids", "made", "opponent_bids", "opponents_set",
                 "levels", "contracts", "calls", "partners", "opponents", "current", "longest",
                 "rounds", "pips", "out", "solo_games", "solo_wins", "best")

    def __init__(self) -> None:
        self.games = self.finished = self.wins = self.bids = self.made = 0
        self.opponent_bids = self.opponents_set = self.current = self.longest = 0
        self.rounds = self.pips = self.out = self.solo_games = self.solo_wins = 0
        self.best: int | None = None
        self.levels: dict[str, list[int]] = {}
        self.contracts: dict[str, list[int]] = {}
        self.calls: dict[str, list[int]] = {}
        self.partners: dict[Hashable, list[int]] = {}   # games, finished, wins
        self.opponents: dict[Hashable, list[int]] = {}  # games, finished, wins, their wins


def _unpack(game: Any) -> tuple[dict, Sequence, Any]:
    if isinstance(game, Mapping):
        return game["summary"], game["seats"], game.get("order")
    if len(game) == 2:
        return game[0], game[1], None
    return game[0], game[1], game[2]


def _distinct(seats: Sequence) -> bool:
    """Whether no person sits in two seats of the game (the usual case)."""
    people = set(seats)
    if len(people) == len(seats):
        return True
    return len(people - {None}) == sum(p is not None for p in seats)


def _merge_counts(into: dict, counts: dict) -> None:
    for key, c in counts.items():
        entry = into.setdefault(key, {"bids": 0, "made": 0})
        entry["bids"] += c["bids"]
        entry["made"] += c["made"]


def _one_seat_each(seats: Sequence, facts: list[dict]) -> tuple[list, list[dict]]:
    """The game as if each person had one seat, for a person sitting in several (two people
    merged after they played each other): her seats' facts summed, she won if any of her seats
    did, and her partners and opponents are the other people beside or against any of them."""
    people: dict[Hashable, list[int]] = {}
    for s, person in enumerate(seats):
        if person is not None:
            people.setdefault(person, []).append(s)
    place = {person: i for i, person in enumerate(people)}
    merged = []
    for person, mine in people.items():
        f = {"won": any(facts[s]["won"] for s in mine), "bids": 0, "made": 0, "opponent_bids": 0,
             "opponents_set": 0, "by_level": {}, "by_contract": {}, "by_call": {}, "train": None,
             "solitaire": None, "partners": [], "opponents": []}
        for s in mine:
            seat = facts[s]
            for key in ("bids", "made", "opponent_bids", "opponents_set"):
                f[key] += seat[key]
            for key in ("by_level", "by_contract", "by_call"):
                _merge_counts(f[key], seat[key])
            for key in ("train", "solitaire"):
                if seat[key] is not None:
                    f[key] = _sum_facts(f[key], seat[key])
            for key in ("partners", "opponents"):
                for p in seat[key]:
                    q = seats[p]
                    if q is not None and q != person and place[q] not in f[key]:
                        f[key].append(place[q])
        merged.append(f)
    return list(people), merged


def _sum_facts(mine: dict | None, more: dict) -> dict:
    """Mexican Train's or Castle Rock's facts of two seats together."""
    if mine is None:
        return dict(more)
    out = {key: mine[key] + more[key] for key in mine if key != "best"}
    if "best" in mine:
        bests = [b for b in (mine["best"], more["best"]) if b is not None]
        out["best"] = min(bests) if bests else None
    return out


def _tallies(games: Iterable) -> tuple[dict, dict]:
    """Per person: {variant: _Tally}, and her overall [current, longest] streak."""
    items = [_unpack(g) for g in games]
    ordered = sorted(range(len(items)), key=lambda i: (items[i][2] is None,
                                                       0 if items[i][2] is None else items[i][2], i))
    people: dict[Hashable, dict[str, _Tally]] = {}
    streaks: dict[Hashable, list[int]] = {}
    for i in ordered:
        summary, seats, _ = items[i]
        if summary.get("version") != SUMMARY_VERSION:
            raise ValueError("A game summary was made by another version of scorekeeper.stats: "
                             "recompute it with game_summary.")
        facts = summary["seats"]
        if len(seats) != len(facts):
            raise ValueError(f"The game has {len(facts)} seats, but {len(seats)} people were given.")
        if not _distinct(seats):
            seats, facts = _one_seat_each(seats, facts)
        vid = summary["variant"]
        finished = summary["finished"]
        for s, person in enumerate(seats):
            if person is None:
                continue
            f = facts[s]
            variants = people.get(person)
            if variants is None:
                people[person] = variants = {}
                streaks[person] = [0, 0]
            t = variants.get(vid)
            if t is None:
                variants[vid] = t = _Tally()
            t.games += 1
            won = f["won"]
            if finished:
                t.finished += 1
                st = streaks[person]
                if won:
                    t.wins += 1
                    t.current += 1
                    if t.current > t.longest:
                        t.longest = t.current
                    st[0] += 1
                    if st[0] > st[1]:
                        st[1] = st[0]
                else:
                    t.current = st[0] = 0
            if f["bids"]:
                t.bids += f["bids"]
                t.made += f["made"]
                _add_bids(t.levels, f["by_level"])
                if f["by_contract"]:
                    _add_bids(t.contracts, f["by_contract"])
                    if f["by_call"]:
                        _add_bids(t.calls, f["by_call"])
            if f["opponent_bids"]:
                t.opponent_bids += f["opponent_bids"]
                t.opponents_set += f["opponents_set"]
            if f["train"] is not None:
                train = f["train"]
                t.rounds += train["rounds"]
                t.pips += train["pips"]
                t.out += train["out"]
            if f["solitaire"] is not None:
                solo = f["solitaire"]
                t.solo_games += solo["games"]
                t.solo_wins += solo["wins"]
                if solo["best"] is not None and (t.best is None or solo["best"] < t.best):
                    t.best = solo["best"]
            table = t.partners
            for p in f["partners"]:
                q = seats[p]
                if q is not None:
                    e = table.get(q)
                    if e is None:
                        table[q] = e = [0, 0, 0]
                    e[0] += 1
                    if finished:
                        e[1] += 1
                        e[2] += won
            table = t.opponents
            for p in f["opponents"]:
                q = seats[p]
                if q is not None:
                    e = table.get(q)
                    if e is None:
                        table[q] = e = [0, 0, 0, 0]
                    e[0] += 1
                    if finished:
                        e[1] += 1
                        e[2] += won
                        e[3] += facts[p]["won"]
    return people, streaks


def _add_bids(table: dict, counts: dict) -> None:
    for key, c in counts.items():
        entry = table.get(key)
        if entry is None:
            table[key] = [c["bids"], c["made"]]
        else:
            entry[0] += c["bids"]
            entry[1] += c["made"]


def _bid_rows(table: dict, rank) -> dict:
    return {key: {"bids": b, "made": m, "set": b - m, "made_rate": rate(m, b)}
            for key, (b, m) in sorted(table.items(), key=lambda kv: rank(kv[0]))}


def _people_rows(table: dict, opponents: bool) -> dict:
    rows = {}
    for q, e in sorted(table.items(), key=lambda kv: -kv[1][0]):
        row = {"games": e[0], "finished": e[1], "wins": e[2], "win_rate": rate(e[2], e[1])}
        if opponents:
            row["their_wins"] = e[3]
        rows[q] = row
    return rows


def _core(t: _Tally, current: int, longest: int) -> dict:
    return {"games": t.games, "finished": t.finished, "wins": t.wins,
            "win_rate": rate(t.wins, t.finished),
            "bids": t.bids, "made": t.made, "set": t.bids - t.made, "made_rate": rate(t.made, t.bids),
            "opponent_bids": t.opponent_bids, "opponents_set": t.opponents_set,
            "opponents_set_rate": rate(t.opponents_set, t.opponent_bids),
            "streak": {"current": current, "longest": longest},
            "partners": _people_rows(t.partners, False),
            "opponents": _people_rows(t.opponents, True)}


def _variant_block(vid: str, t: _Tally) -> dict:
    block = _core(t, t.current, t.longest)
    block["by_level"] = _bid_rows(t.levels, level_rank)
    block["by_contract"] = _bid_rows(t.contracts, contract_rank)
    block["by_call"] = _bid_rows(t.calls, contract_rank)
    variant = VARIANTS.get(vid)
    if variant is not None and variant.went_out:
        block["train"] = {"rounds": t.rounds, "pips": t.pips, "avg_pips": rate(t.pips, t.rounds, 2),
                          "out": t.out}
    elif variant is not None and variant.solitaire:
        block["solitaire"] = {"games": t.solo_games, "wins": t.solo_wins,
                              "win_rate": rate(t.solo_wins, t.solo_games), "best": t.best}
    return block


def _merge(tallies: Iterable[_Tally]) -> _Tally:
    """The sum of one player's variants (streaks are not summed: they run across variants)."""
    total = _Tally()
    for t in tallies:
        for name in ("games", "finished", "wins", "bids", "made", "opponent_bids", "opponents_set"):
            setattr(total, name, getattr(total, name) + getattr(t, name))
        for mine, theirs in ((total.partners, t.partners), (total.opponents, t.opponents)):
            for q, e in theirs.items():
                if q in mine:
                    mine[q] = [a + b for a, b in zip(mine[q], e)]
                else:
                    mine[q] = list(e)
    return total


def player_stats(games: Iterable) -> dict:
    """Every player's numbers over `games` (Game items: summary, seats, order).

    Returns {person: stats}, people in order of their first game. See the package docstring
    for the shape.
    """
    people, streaks = _tallies(games)
    return _player_rows(people, streaks)


def _player_rows(people: dict, streaks: dict) -> dict:
    out = {}
    for person, variants in people.items():
        ordered = sorted(variants.items(), key=lambda kv: VARIANT_ORDER.get(kv[0], len(VARIANT_ORDER)))
        current, longest = streaks[person]
        stats = _core(_merge(variants.values()), current, longest)
        stats["by_variant"] = {vid: _variant_block(vid, t) for vid, t in ordered}
        out[person] = stats
    return out


def _leaderboard(rows: Iterable[tuple[Hashable, dict]]) -> list[dict]:
    board = [{"player": person, "games": s["games"], "finished": s["finished"], "wins": s["wins"],
              "win_rate": s["win_rate"]} for person, s in rows]
    board.sort(key=lambda r: (-r["wins"], -(r["win_rate"] or 0.0), -r["games"]))
    return board


def club_summary(games: Iterable, players: dict | None = None) -> dict:
    """A club's overview: games and finished games, overall and per variant, with leaderboard
    rows (most wins first, then win rate, then games). `players` is `player_stats(games)` when
    the caller has it already."""
    games = list(games)
    if players is None:
        players = player_stats(games)
    count = finished = 0
    by_variant: dict[str, dict] = {}
    for game in games:
        summary = _unpack(game)[0]
        count += 1
        finished += summary["finished"]
        v = by_variant.setdefault(summary["variant"], {"games": 0, "finished": 0})
        v["games"] += 1
        v["finished"] += summary["finished"]
    ordered = sorted(by_variant, key=lambda vid: VARIANT_ORDER.get(vid, len(VARIANT_ORDER)))
    for vid in ordered:
        by_variant[vid]["leaderboard"] = _leaderboard(
            (person, s["by_variant"][vid]) for person, s in players.items() if vid in s["by_variant"])
    return {"games": count, "finished": finished,
            "by_variant": {vid: by_variant[vid] for vid in ordered},
            "leaderboard": _leaderboard(players.items())}
