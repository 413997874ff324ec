"""Elimination brackets (spec/events.md): the seeded tree of matches, who has reached each match
from the results recorded so far, the places of those who are out, and what to seat next.

A bracket is a list of nodes in the order they are played; each node takes its two entrants
from a seed, or from the winner or loser of an earlier node. A place with no entrant (a missing
seed, the loser of a bye) is EMPTY; one still waiting for a result is PENDING.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..rules.text import N_, Text
from .event import Event, EventInvalid, Match, match_winners

EMPTY = "empty"
PENDING = "pending"


def bracket_size(n: int) -> int:
    """The places of a bracket for n entrants: the smallest power of two, at least 2."""
    size = 2
    while size < n:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """Seeds (from 1) in bracket order: 1 plays `size`, 2 plays `size - 1`, and 1 and 2 sit in
    opposite halves, 1 to 4 in different quarters (1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        places = 2 * len(order)
        order = [s for seed in order for s in (seed, places + 1 - seed)]
    return order


@dataclass(eq=False)
class Node:
    bracket: str                 # "winners", "losers" or "final"
    round: int
    inputs: tuple                # two of ("seed", i), ("winner", node), ("loser", node), ("empty", None)
    entrants: list = field(default_factory=lambda: [PENDING, PENDING])
    match: Match | None = None
    winner: object = PENDING
    loser: object = PENDING

    @property
    def real(self) -> bool:
        """Whether two entrants will meet here (not a bye), known from the seeding alone."""
        return all(self.occupied_inputs)

    @cached_property
    def occupied_inputs(self) -> tuple[bool, bool]:
        """Whether an entrant will come from each input, worked out once per node: asked down
        every path of a 256-place double elimination it was 100,000 calls a drawing."""
        return tuple(occupied(i) for i in self.inputs)


def occupied(source: tuple) -> bool:
    """Whether an entrant will come from `source` (the seeding decides it, not the results)."""
    kind, ref = source
    if kind == "empty":
        return False
    if kind == "seed":
        return ref[1] < len(ref[0])
    a, b = ref.occupied_inputs
    return (a or b) if kind == "winner" else (a and b)


class Bracket:
    """The nodes of an event's bracket, resolved against the matches recorded."""

    def __init__(self, event: Event, seeds: list):
        self.event = event
        self.seeds = seeds  # entrant indices (or PENDING) in seed order
        self.stages: list[list[Node]] = []  # the nodes whose losers share a place, best first
        self.nodes: list[Node] = []
        self.final: Node | None = None
        self.replayed = False  # double elimination: a final the losers' side wins is played again
        self.replay: Node | None = None

    # building ----------------------------------------------------------------------------

    def seed(self, i: int) -> tuple:
        return ("seed", (self.seeds, i))

    def add(self, bracket: str, rnd: int, a: tuple, b: tuple) -> Node:
        node = Node(bracket, rnd, (a, b))
        self.nodes.append(node)
        return node

    def knockout(self, sources: list[tuple], rnd: int, bracket: str = "winners") -> list[list[Node]]:
        """Rounds of a knockout over `sources` (a power of two, in bracket order)."""
        levels = []
        while len(sources) > 1:
            level = [self.add(bracket, rnd, sources[i], sources[i + 1])
                     for i in range(0, len(sources), 2)]
            levels.append(level)
            sources = [("winner", node) for node in level]
            rnd += 1
        return levels

    # resolving ---------------------------------------------------------------------------

    def source(self, source: tuple):
        kind, ref = source
        if kind == "empty":
            return EMPTY
        if kind == "seed":
            seeds, i = ref
            return seeds[i] if i < len(seeds) else EMPTY
        return ref.winner if kind == "winner" else ref.loser

    def resolve(self, recorded: dict) -> None:
        """Fill every node from the seeds and the matches recorded (claimed from `recorded`)."""
        for node in self.nodes:
            self.resolve_node(node, recorded)
        final = self.final
        if self.replayed and isinstance(final.winner, int) and final.winner == final.entrants[1]:
            # the losers' bracket's winner beat the unbeaten one: the final is played once more
            self.replay = self.add("final", final.round + 1, ("winner", final), ("loser", final))
            self.resolve_node(self.replay, recorded)

    def resolve_node(self, node: Node, recorded: dict) -> None:
        a, b = node.entrants = [self.source(s) for s in node.inputs]
        if isinstance(a, int) and isinstance(b, int):
            match = recorded.pop((node.bracket, node.round, frozenset((a, b))), None)
            node.match = match
            won = match_winners(self.event, match) if match is not None else []
            if won:
                node.winner = match.entrants[won[0]]
                node.loser = match.entrants[1 - won[0]]
            else:
                node.winner = node.loser = PENDING
        elif EMPTY in (a, b):
            node.winner = b if a == EMPTY else a
            node.loser = EMPTY
        else:
            node.winner = node.loser = PENDING

    # reading -----------------------------------------------------------------------------

    @property
    def champion(self):
        last = self.replay or self.final
        return last.winner if isinstance(last.winner, int) else None

    def ranks(self) -> dict[int, int]:
        """Places of the entrants who are out (and the champion): the champion 1, the final's
        loser 2, then the losers of each earlier stage sharing the next place."""
        out: dict[int, int] = {}
        if self.champion is not None:
            out[self.champion] = 1
            last = self.replay or self.final
            out[last.loser] = 2
        above = 2
        for stage in self.stages:
            for node in stage:
                if isinstance(node.loser, int) and node.loser not in out:
                    out[node.loser] = above + 1
            above += sum(node.real for node in stage)
        return out

    def to_seat(self) -> list[Node]:
        """The next round's matches whose two entrants are known and that are not recorded
        yet (the earliest round that has any)."""
        ready = [n for n in self.nodes if n.match is None and all(isinstance(e, int) for e in n.entrants)]
        first = min((n.round for n in ready), default=None)
        return [n for n in ready if n.round == first]

    def byes(self, rnd: int) -> list[int]:
        return [e for n in self.nodes if n.round == rnd and EMPTY in n.entrants
                for e in n.entrants if isinstance(e, int)]


def single_elimination(event: Event, seeds: list, first_round: int) -> Bracket:
    bracket = Bracket(event, seeds)
    size = bracket_size(len(seeds))
    levels = bracket.knockout([bracket.seed(s - 1) for s in seed_positions(size)], first_round)
    bracket.final = levels[-1][0]
    bracket.stages = list(reversed(levels[:-1]))
    return bracket


def pools_bracket(event: Event, seeds: list, pools: int, first_round: int) -> Bracket:
    """The bracket after pools: `seeds` holds the advancers place by place (every pool's
    winner, then every runner-up...). With 2 advancing, a pool winner meets another pool's
    runner-up (A1-B2, B1-A2, ...; odd: A1-B2, B1-C2, C1-A2), and those matches are seeded
    like seeds so that pool winners meet as late as they can."""
    advance = len(seeds) // pools
    if advance != 2 or pools == 1:
        return single_elimination(event, seeds, first_round)
    bracket = Bracket(event, seeds)

    def place(pool: int, p: int) -> tuple:
        return bracket.seed(p * pools + pool)

    if pools % 2 == 0:
        pairs = [pair for x in range(0, pools, 2)
                 for pair in ((place(x, 0), place(x + 1, 1)), (place(x + 1, 0), place(x, 1)))]
    else:
        pairs = [(place(x, 0), place((x + 1) % pools, 1)) for x in range(pools)]
    first = [bracket.add("winners", first_round, a, b) for a, b in pairs]
    size = bracket_size(len(first))
    sources = [("winner", first[s - 1]) if s <= len(first) else ("empty", None)
               for s in seed_positions(size)]
    levels = [first] + bracket.knockout(sources, first_round + 1)
    bracket.final = levels[-1][0]
    bracket.stages = list(reversed(levels[:-1]))
    return bracket


def double_elimination(event: Event, seeds: list) -> Bracket:
    """Winners' bracket from round 1; its losers drop into the losers' bracket (its round i
    played in event round i + 1); the two brackets' winners meet in the final."""
    bracket = Bracket(event, seeds)
    size = bracket_size(len(seeds))
    winners = bracket.knockout([bracket.seed(s - 1) for s in seed_positions(size)], 1)
    k = len(winners)
    losers: list[list[Node]] = []
    if k > 1:
        drop = [("loser", n) for n in winners[0]]
        level = [bracket.add("losers", 2, drop[i], drop[i + 1]) for i in range(0, len(drop), 2)]
        losers.append(level)
        for j in range(1, k):
            dropped = [("loser", n) for n in winners[j]]
            if j % 2:  # the other way round, so a team meets a new opponent
                dropped.reverse()
            level = [bracket.add("losers", len(losers) + 2, ("winner", n), d)
                     for n, d in zip(losers[-1], dropped)]
            losers.append(level)
            if len(level) > 1:
                level = [bracket.add("losers", len(losers) + 2, ("winner", level[i]),
                                     ("winner", level[i + 1])) for i in range(0, len(level), 2)]
                losers.append(level)
        last = ("winner", losers[-1][0])
    else:
        last = ("loser", winners[0][0])
    bracket.final = bracket.add("final", 2 * k, ("winner", winners[-1][0]), last)
    bracket.replayed = True
    bracket.stages = list(reversed(losers))
    return bracket


def claim(event: Event, bracket: Bracket, matches: list[Match]) -> None:
    """Resolve `bracket` against its recorded matches; one that the bracket does not seat is
    invalid, named by its match."""
    recorded = {(m.bracket, m.round, frozenset(m.entrants)): m for m in matches}
    bracket.resolve(recorded)
    if recorded:
        m = min(recorded.values(), key=lambda m: m.index)
        names = " and ".join(event.label(e) for e in m.entrants)
        part = {"winners": N_("{where}: {names} do not meet in round {round} of the winners' "
                              "bracket (not with the results so far)."),
                "losers": N_("{where}: {names} do not meet in round {round} of the losers' "
                             "bracket (not with the results so far)."),
                "final": N_("{where}: {names} do not meet in round {round} of the final (not "
                            "with the results so far).")}[m.bracket]
        raise EventInvalid(m.index, Text(part, where=m.where, names=names, round=m.round))
