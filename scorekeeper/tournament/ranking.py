"""Standings (spec/events.md): each entrant's figures over the finished games, ranked by the
event's tie-breaks; brackets rank by how far an entrant got."""
from __future__ import annotations

from dataclasses import dataclass

from .brackets import PENDING, Bracket, claim, double_elimination, pools_bracket, single_elimination
from .event import Event, Match, decided, match_winners, needed_wins, pool_members
from .seating import pool_rounds


@dataclass(frozen=True)
class Outcome:
    """One counted game: the entrants on each side, the winning sides, the capped totals."""

    sides: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass
class Line:
    entrant: int
    played: int = 0
    won: int = 0
    scored: int = 0
    conceded: int = 0
    two_sided: bool = True  # a tables event concedes nothing: conceded and difference are 0

    @property
    def difference(self) -> int:
        return self.scored - self.conceded if self.two_sided else 0


def sides_of(event: Event, match: Match) -> tuple[tuple[int, ...], ...]:
    e = match.entrants
    if event.teams:
        return ((e[0],), (e[1],))
    if event.format == "progressive":
        return ((e[0], e[2]), (e[1], e[3]))
    return tuple((x,) for x in e)


def outcomes(event: Event, matches: list[Match]) -> list[Outcome]:
    """The finished games of `matches` (a forfeit: the games the winner needed, `cap` to 0)."""
    cap = event.cap
    out = []
    for match in matches:
        if match.bye is not None:
            continue
        sides = sides_of(event, match)
        if match.forfeit is not None:
            winner = 1 - match.forfeit
            totals = [0, 0]
            totals[winner] = cap or 0
            out += [Outcome(sides, (winner,), tuple(totals))] * needed_wins(event)
            continue
        for result in match.games:
            if result["finished"]:
                totals = tuple(t if cap is None else min(t, cap) for t in result["totals"])
                out.append(Outcome(sides, tuple(result["winners"]), totals))
    return out


def figures(event: Event, games: list[Outcome], entrants=None) -> dict[int, Line]:
    """Each entrant's line over `games`: every entrant's, or those of `entrants` (a pool's:
    150 teams' 38 pools do not each count 150 lines)."""
    two_sided = event.format != "tables"
    lines = {e: Line(e, two_sided=two_sided)
             for e in (range(len(event.entrants)) if entrants is None else entrants)}
    for game in games:
        for s, side in enumerate(game.sides):
            for e in side:
                line = lines.get(e)
                if line is None:
                    continue
                line.played += 1
                line.won += s in game.winners
                line.scored += game.totals[s]
                if two_sided:
                    line.conceded += game.totals[1 - s]
    return lines


def head_to_head(entrant: int, group: set[int], games: list[Outcome]) -> int:
    """Games `entrant` won against another of its tied group, once per game."""
    won = 0
    for game in games:
        mine = next((s for s, side in enumerate(game.sides) if entrant in side), None)
        if mine is None or mine not in game.winners:
            continue
        if any(e in group and e != entrant for s, side in enumerate(game.sides) if s != mine
               for e in side):
            won += 1
    return won


def ranked(event: Event, entrants: list[int], games: list[Outcome]) -> list[dict]:
    """Standings rows of `entrants` (in seed order), best first, by the event's tie-breaks.

    The first tie-break splits everyone into groups of equal value; each later one splits
    only the groups still tied, and head to head is counted within the group it is given.
    """
    lines = figures(event, games, entrants)
    low = event.variant.lowest_wins

    def value(tiebreak: str, e: int, group: set[int]) -> int:
        line = lines[e]
        if tiebreak == "wins":
            return line.won
        if tiebreak == "difference":
            return line.difference
        if tiebreak == "scored":
            return -line.scored if low else line.scored
        if tiebreak == "conceded":
            return -line.conceded
        return head_to_head(e, group, games)

    groups = [sorted(entrants)]
    for tiebreak in event.settings.tiebreaks:
        split = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            values = {e: value(tiebreak, e, set(group)) for e in group}
            for v in sorted(set(values.values()), reverse=True):
                split.append([e for e in group if values[e] == v])
        groups = split
    rows, rank = [], 1
    for group in groups:
        order = drawn_order(event, group)
        for place, e in enumerate(order or group):
            rows.append(row(event, lines[e], rank + place if order else rank,
                            len(group) > 1 and not order))
        rank += len(group)
    return rows


def drawn_order(event: Event, group: list[int]) -> list[int] | None:
    """A group still level after every tie-break in the order a draw gave it (the first of
    the record's `draws` holding all of it), or None (no draw decides it)."""
    if len(group) < 2:
        return None
    for draw in event.draws:
        if set(group) <= set(draw):
            return sorted(group, key=draw.index)
    return None


def row(event: Event, line: Line, rank: int | None, tied: bool) -> dict:
    return {"rank": rank, "entrant": line.entrant, "name": event.label(line.entrant),
            "played": line.played, "won": line.won, "lost": line.played - line.won,
            "scored": line.scored, "conceded": line.conceded, "difference": line.difference,
            "tied": tied}


def pairs_done(event: Event, members: list[int], matches: list[Match]) -> bool:
    """Every pair of `members` has played its matches (twice with `double`) to a result."""
    met: dict[frozenset, int] = {}
    for m in matches:
        if m.bye is None and match_winners(event, m):
            key = frozenset(m.entrants)
            met[key] = met.get(key, 0) + 1
    return all(met.get(frozenset((a, b)), 0) >= event.cycles
               for i, a in enumerate(members) for b in members[i + 1:])


def seated_done(event: Event, matches: list[Match]) -> bool:
    """Every match seated (a playoff included) is finished or forfeited."""
    return all(decided(event, m) for m in matches)


def rounds_done(event: Event) -> bool:
    """Progressive and tables: every round is seated and every match of it decided."""
    played = {m.round for m in event.matches if m.bye is None}
    return all(r in played for r in range(1, event.rounds + 1)) and all(
        match_winners(event, m) for m in event.matches if m.bye is None and m.round <= event.rounds)


class Pools:
    """A pools event: each pool's standings, then the bracket of those who advance."""

    def __init__(self, event: Event):
        self.event = event
        self.members = pool_members(event)
        by_pool: dict[int | None, list[Match]] = {}
        for m in event.matches:  # (one pass: 150 teams make 38 pools)
            by_pool.setdefault(m.pool, []).append(m)
        self.matches = [by_pool.get(p + 1, []) for p in range(len(self.members))]
        self.standings = [ranked(event, members, outcomes(event, matches))
                          for members, matches in zip(self.members, self.matches)]
        # (a pool with a match still open, its playoff's included, is not over: events.md)
        self.done = all(pairs_done(event, members, matches) and seated_done(event, matches)
                        for members, matches in zip(self.members, self.matches))
        last_pool_round = max([len(pool_rounds(event))] + [m.round for m in event.matches
                                                          if m.bracket == "pool"])
        self.bracket = pools_bracket(event, self.advancers(), len(self.members), last_pool_round + 1)
        claim(event, self.bracket, [m for m in event.matches if m.bracket == "winners"])

    def advancers(self) -> list:
        """Every pool's winner, then every runner-up, ...: PENDING until the pools are over and
        while a tie runs across the cut (a tie-break match decides it first)."""
        advance = self.event.settings.advance
        seeds = []
        for place in range(advance):
            for rows in self.standings:
                if not self.done:
                    seeds.append(PENDING)
                    continue
                r = rows[place]
                straddles = r["tied"] and any(o["rank"] == r["rank"] for o in rows[advance:])
                seeds.append(PENDING if straddles else r["entrant"])
        return seeds

    def ranks(self) -> dict[int, int]:
        out = self.bracket.ranks()
        if not self.done or PENDING in self.bracket.seeds:
            return out
        advanced = set(self.bracket.seeds)
        above = len(advanced)
        places: dict[int, list[int]] = {}
        for rows in self.standings:
            for r in rows:
                if r["entrant"] not in advanced:
                    places.setdefault(r["rank"], []).append(r["entrant"])
        for place in sorted(places):
            for e in places[place]:
                out[e] = above + 1
            above += len(places[place])
        return out


def event_bracket(event: Event) -> Bracket | Pools:
    if event.format == "pools":
        return Pools(event)
    seeds = list(range(len(event.entrants)))
    if event.format == "single-elimination":
        bracket = single_elimination(event, seeds, 1)
    else:
        bracket = double_elimination(event, seeds)
    claim(event, bracket, [m for m in event.matches if m.bye is None])
    return bracket


def bracket_rows(event: Event, ranks: dict[int, int], games: list[Outcome]) -> list[dict]:
    lines = figures(event, games)
    placed = sorted(ranks, key=lambda e: (ranks[e], e))
    rest = [e for e in range(len(event.entrants)) if e not in ranks]
    return [row(event, lines[e], ranks[e], False) for e in placed] + \
        [row(event, lines[e], None, False) for e in rest]


def standings(event: Event) -> dict:
    """The standings JSON of a checked event (without "ok")."""
    games = outcomes(event, event.matches)
    everyone = list(range(len(event.entrants)))
    out: dict = {"format": event.format}
    # complete: what the format seats is over, and every match seated besides (a playoff)
    seated = seated_done(event, event.matches)
    if not event.bracket:
        rows = ranked(event, everyone, games)
        if event.format == "round-robin":
            complete = pairs_done(event, everyone, event.matches)
        else:
            complete = rounds_done(event)
        out.update(complete=complete and seated, standings=rows)
        return out
    tree = event_bracket(event)
    if isinstance(tree, Pools):
        complete = tree.done and tree.bracket.champion is not None
        out.update(complete=complete and seated,
                   standings=bracket_rows(event, tree.ranks(), games),
                   pools=[{"pool": p + 1, "standings": rows} for p, rows in enumerate(tree.standings)])
        return out
    out.update(complete=tree.champion is not None and seated,
               standings=bracket_rows(event, tree.ranks(), games))
    return out
