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
    """One player's running counts in one variant. `runs` is her finished games of the variant
    in order, a letter each (W won, L lost): the streaks are read from it."""

    __slots__ = ("games", "finished", "wins", "bids", "made", "opponent_bids", "opponents_set",
                 "levels", "contracts", "calls", "partners", "opponents", "runs",
                 "rounds", "pips", "out", "solo_games", "solo_wins", "bests")

    COUNTS = ("games", "finished", "wins", "bids", "made", "opponent_bids", "opponents_set",
              "rounds", "pips", "out", "solo_games", "solo_wins")

    def __init__(self) -> None:
        self.games = self.finished = self.wins = self.bids = self.made = 0
        self.opponent_bids = self.opponents_set = 0
        self.rounds = self.pips = self.out = self.solo_games = self.solo_wins = 0
        self.runs = ""
        self.bests: dict[int, int] = {}  # Castle Rock: how many of her sessions had each best
        self.levels: dict[str, list[int]] = {}
        self.contracts: dict[str, list[int]] = {}
        self.calls: dict[str, list[int]] = {}
        self.partners: dict[Hashable, list[int]] = {}   # games, finished, wins
        self.opponents: dict[Hashable, list[int]] = {}  # games, finished, wins, their wins

    def to_json(self) -> dict:
        out = {name: getattr(self, name) for name in self.COUNTS}
        out.update(runs=self.runs, levels=self.levels, contracts=self.contracts, calls=self.calls,
                   bests=list(self.bests.items()), partners=list(self.partners.items()),
                   opponents=list(self.opponents.items()))
        return out

    @classmethod
    def from_json(cls, data: dict) -> "_Tally":
        t = cls()
        for name in cls.COUNTS:
            setattr(t, name, data[name])
        t.runs, t.levels, t.contracts, t.calls = (data["runs"], data["levels"],
                                                  data["contracts"], data["calls"])
        t.bests = {best: n for best, n in data["bests"]}
        t.partners = {q: e for q, e in data["partners"]}
        t.opponents = {q: e for q, e in data["opponents"]}
        return t


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


def _counted(summary: dict, seats: Sequence) -> tuple[Sequence, list[dict]]:
    """The seats and their facts as counted: one seat each per person."""
    if summary.get("version") != SUMMARY_VERSION:
        raise ValueError("A game summary was made by another version of scorekeeper.stats: "
                         "recompute it with game_summary.")
    facts = summary["seats"]
    if len(seats) != len(facts):
        raise ValueError(f"The game has {len(facts)} seats, but {len(seats)} people were given.")
    if not _distinct(seats):
        return _one_seat_each(seats, facts)
    return seats, facts


def _bump(table: dict, key: Hashable, counts: Sequence[int], sign: int) -> None:
    """table[key] += counts (sign -1: -=); an entry back at all zeros is dropped, as if never
    counted."""
    entry = table.get(key)
    if entry is None:
        table[key] = [sign * c for c in counts]
        return
    for i, c in enumerate(counts):
        entry[i] += sign * c
    if not any(entry):
        del table[key]


def _streak(runs: str) -> dict:
    """The current and the longest run of wins in a string of W and L."""
    return {"current": len(runs) - len(runs.rstrip("W")),
            "longest": max(map(len, runs.split("L")))}


class Tallies:
    """The running sums behind player_stats and club_summary, kept so that one game can be
    counted in or out (sign -1) on its own: a club keeps them and moves them on with each write
    to one of its games, instead of summing every game again.

    Per person: a _Tally per variant, and `runs`, her finished games of every variant in order
    (a letter each: W won, L lost; the streaks are read from it); per variant: its games and
    finished games. Person keys must survive JSON (ints or strings) for to_json/from_json."""

    def __init__(self) -> None:
        self.people: dict[Hashable, dict[str, _Tally]] = {}
        self.runs: dict[Hashable, str] = {}
        self.variants: dict[str, list[int]] = {}  # games, finished

    @classmethod
    def of(cls, games: Iterable) -> "Tallies":
        """Every game counted, in their order (streaks run in it)."""
        items = [_unpack(g) for g in games]
        ordered = sorted(range(len(items)), key=lambda i: (
            items[i][2] is None, 0 if items[i][2] is None else items[i][2], i))
        tallies = cls()
        for i in ordered:
            tallies.count(items[i][0], items[i][1])
        return tallies

    def count(self, summary: dict, seats: Sequence, sign: int = 1,
              after: Mapping[Hashable, tuple[int, int]] | None = None) -> None:
        """Count a game in (sign 1) or out (-1). When it is finished, each person's letter goes
        into (or comes out of) her runs where `after[person]` says: (how many of her finished
        games come after this one, how many of those are of its variant); at the end when
        `after` is None (counted from the end: a club's new game is after all the others)."""
        seats, facts = _counted(summary, seats)
        vid, finished = summary["variant"], summary["finished"]
        _bump(self.variants, vid, (1, int(finished)), sign)
        for s, person in enumerate(seats):
            if person is None:
                continue
            f = facts[s]
            variants = self.people.setdefault(person, {})
            t = variants.get(vid)
            if t is None:
                variants[vid] = t = _Tally()
            _count_seat(t, f, seats, facts, finished, sign)
            if finished:
                letter = "W" if f["won"] else "L"
                later = (0, 0) if after is None else after[person]
                self.runs[person] = _put(self.runs.get(person, ""), later[0], letter, sign)
                t.runs = _put(t.runs, later[1], letter, sign)
            if not t.games:
                del variants[vid]
                if not variants:
                    del self.people[person]
                    self.runs.pop(person, None)

    def player_stats(self, by_key: bool = False) -> dict:
        """player_stats of the games counted: people in order of their first game counted
        (by_key: in order of their keys, and partners with as many games too: the same order
        however the games were counted in and out)."""
        people = sorted(self.people.items()) if by_key else self.people.items()
        out = {}
        for person, variants in people:
            ordered = sorted(variants.items(),
                             key=lambda kv: VARIANT_ORDER.get(kv[0], len(VARIANT_ORDER)))
            stats = _core(_merge(variants.values()), _streak(self.runs.get(person, "")), by_key)
            stats["by_variant"] = {vid: _variant_block(vid, t, by_key) for vid, t in ordered}
            out[person] = stats
        return out

    def club_summary(self, players: dict) -> dict:
        """club_summary of the games counted (`players`: self.player_stats())."""
        return _club_rows(self.variants, players)

    def to_json(self) -> dict:
        """Plain JSON data (person keys kept as they are: in lists, never object keys)."""
        return {"people": [[person, {vid: t.to_json() for vid, t in variants.items()}]
                           for person, variants in self.people.items()],
                "runs": list(self.runs.items()), "variants": self.variants}

    @classmethod
    def from_json(cls, data: dict) -> "Tallies":
        tallies = cls()
        tallies.people = {person: {vid: _Tally.from_json(t) for vid, t in variants.items()}
                          for person, variants in data["people"]}
        tallies.runs = {person: runs for person, runs in data["runs"]}
        tallies.variants = data["variants"]
        return tallies


def _count_seat(t: _Tally, f: dict, seats: Sequence, facts: list[dict], finished: bool,
                sign: int) -> None:
    """One seat's facts into (sign 1) or out of (-1) her tally of the game's variant."""
    t.games += sign
    won = f["won"]
    if finished:
        t.finished += sign
        t.wins += sign * won
    if f["bids"]:
        t.bids += sign * f["bids"]
        t.made += sign * f["made"]
        _add_bids(t.levels, f["by_level"], sign)
        if f["by_contract"]:
            _add_bids(t.contracts, f["by_contract"], sign)
            if f["by_call"]:
                _add_bids(t.calls, f["by_call"], sign)
    if f["opponent_bids"]:
        t.opponent_bids += sign * f["opponent_bids"]
        t.opponents_set += sign * f["opponents_set"]
    if f["train"] is not None:
        train = f["train"]
        t.rounds += sign * train["rounds"]
        t.pips += sign * train["pips"]
        t.out += sign * train["out"]
    if f["solitaire"] is not None:
        solo = f["solitaire"]
        t.solo_games += sign * solo["games"]
        t.solo_wins += sign * solo["wins"]
        if solo["best"] is not None:
            _bump(t.bests, solo["best"], (1,), sign)
    for p in f["partners"]:
        q = seats[p]
        if q is not None:
            _bump(t.partners, q, (1, int(finished), int(finished and won)), sign)
    for p in f["opponents"]:
        q = seats[p]
        if q is not None:
            _bump(t.opponents, q, (1, int(finished), int(finished and won),
                                   int(finished and facts[p]["won"])), sign)


def _put(runs: str, later: int, letter: str, sign: int) -> str:
    """`letter` put in with `later` letters after it (sign 1), or the one with `later` letters
    after it taken out (-1)."""
    where = len(runs) - later - (sign < 0)
    if sign > 0:
        return runs[:where] + letter + runs[where:]
    if where < 0 or runs[where:where + 1] != letter:
        raise ValueError(f"The streak letter to take out is {runs[where:where + 1]!r}, not "
                         f"{letter!r}: these tallies never counted that game.")
    return runs[:where] + runs[where + 1:]


def _add_bids(table: dict, counts: dict, sign: int = 1) -> None:
    for key, c in counts.items():
        _bump(table, key, (c["bids"], c["made"]), sign)


def _bid_rows(table: dict, rank) -> dict:
    return {key: {"bids": b, "made": m, "set": b - m, "made_rate": rate(m, b)}
            for key, (b, m) in sorted(table.items(), key=lambda kv: (rank(kv[0]), kv[0]))}


def _people_rows(table: dict, opponents: bool, by_key: bool = False) -> dict:
    rows = {}
    order = (lambda kv: (-kv[1][0], kv[0])) if by_key else (lambda kv: -kv[1][0])
    for q, e in sorted(table.items(), key=order):
        row = {"games": e[0], "finished": e[1], "wins": e[2], "win_rate": rate(e[2], e[1])}
        if opponents:
            row["their_wins"] = e[3]
        rows[q] = row
    return rows


def _core(t: _Tally, streak: dict, by_key: bool = False) -> dict:
    return {"games": t.games, "finished": t.finished, "wins": t.wins,
            "win_rate": rate(t.wins, t.finished),
            "bids": t.bids, "made": t.made, "set": t.bids - t.made, "made_rate": rate(t.made, t.bids),
            "opponent_bids": t.opponent_bids, "opponents_set": t.opponents_set,
            "opponents_set_rate": rate(t.opponents_set, t.opponent_bids),
            "streak": streak,
            "partners": _people_rows(t.partners, False, by_key),
            "opponents": _people_rows(t.opponents, True, by_key)}


def _variant_block(vid: str, t: _Tally, by_key: bool = False) -> dict:
    block = _core(t, _streak(t.runs), by_key)
    block["by_level"] = _bid_rows(t.levels, level_rank)
    block["by_contract"] = _bid_rows(t.contracts, contract_rank)
    block["by_call"] = _bid_rows(t.calls, contract_rank)
    variant = VARIANTS.get(vid)
    if variant is not None and variant.went_out:
        block["train"] = {"rounds": t.rounds, "pips": t.pips, "avg_pips": rate(t.pips, t.rounds, 2),
                          "out": t.out}
    elif variant is not None and variant.solitaire:
        block["solitaire"] = {"games": t.solo_games, "wins": t.solo_wins,
                              "win_rate": rate(t.solo_wins, t.solo_games),
                              "best": min(t.bests) if t.bests else None}
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
    return Tallies.of(games).player_stats()


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
    variants: dict[str, list[int]] = {}
    for game in games:
        summary = _unpack(game)[0]
        _bump(variants, summary["variant"], (1, int(summary["finished"])), 1)
    return _club_rows(variants, players)


def _club_rows(variants: dict[str, list[int]], players: dict) -> dict:
    ordered = sorted(variants, key=lambda vid: VARIANT_ORDER.get(vid, len(VARIANT_ORDER)))
    by_variant = {}
    for vid in ordered:
        games, finished = variants[vid]
        by_variant[vid] = {"games": games, "finished": finished, "leaderboard": _leaderboard(
            (person, s["by_variant"][vid]) for person, s in players.items()
            if vid in s["by_variant"])}
    return {"games": sum(g for g, _ in variants.values()),
            "finished": sum(f for _, f in variants.values()),
            "by_variant": by_variant, "leaderboard": _leaderboard(players.items())}
