"""Rating games in order: openskill's Plackett-Luce model with its defaults (spec/ratings.md).

A game comes as its stats summary (`stats.game_summary`: the rules engine's result by side; its
"variant", "finished" and "sides" are all that is read) and the person in each seat, as `stats.Game` items (or (summary, seats) pairs); the order of the list
is the order the games are rated in. A person key is any hashable value (a club member's id, a
name on the command line); None in a seat is nobody kept (a stand-in at the default rating).
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from openskill.models import PlackettLuce

from ..rules import VARIANTS

MODEL = PlackettLuce(limit_sigma=False, balance=False)  # the defaults, said out loud
PROVISIONAL_GAMES = 5  # rated in fewer games of the group: shown, marked, ranked after


@dataclass(slots=True)
class Point:
    """A rating just after one rated game: `game` is the game's place in the replayed list."""

    game: int
    mu: float
    sigma: float
    won: bool
    change: float  # the ordinal's move in this game

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass
class Standing:
    """A person's (or a pair's) rating in one group, with one point per rated game."""

    games: int = 0
    wins: int = 0
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    history: list[Point] = field(default_factory=list)
    # the model's own rating of mu and sigma, handed to `rate` as it is (made once: a rating
    # draws a random id)
    model_rating: object = field(default=None, compare=False, repr=False)

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    def rating(self):
        """The model's rating of this standing (mu, sigma)."""
        if self.model_rating is None:
            self.model_rating = MODEL.rating(mu=self.mu, sigma=self.sigma)
        return self.model_rating

    def move(self, game: int, new, won: bool) -> None:
        """Moved by one rated game to `new` (the model's rating, or a (mu, sigma) pair kept
        from an earlier replay of the same game: its model rating is made when next needed)."""
        before = self.ordinal
        if isinstance(new, tuple):
            (self.mu, self.sigma), self.model_rating = new, None
        else:
            self.mu, self.sigma, self.model_rating = new.mu, new.sigma, new
        self.games += 1
        self.wins += won
        self.history.append(Point(game, self.mu, self.sigma, won, self.ordinal - before))


@dataclass
class Meeting:
    """One rated game of a group as the rivals are read from it: the people of each side (in
    seat order) and whether the side won."""

    game: int
    sides: list[tuple]
    won: list[bool]


@dataclass(slots=True)
class Record:
    """Games of two people together, and the wins of each: against each other, `wins` are
    hers (her side won, theirs did not) and `their_wins` theirs; as partners, their wins."""

    games: int = 0
    wins: int = 0
    their_wins: int = 0


@dataclass
class Group:
    """The ratings of one rating group: people, and in the partnership groups pairs of partners
    (keyed by the frozenset of the two: one element when one person sat in both seats)."""

    id: str
    partnership: bool
    players: dict[Hashable, Standing] = field(default_factory=dict)
    pairs: dict[frozenset, Standing] = field(default_factory=dict)
    meetings: list[Meeting] = field(default_factory=list)
    # each person's meetings, in order (kept as meetings are added: her rivals read hers alone)
    meetings_of: dict[Hashable, list[Meeting]] = field(default_factory=dict)
    # each person's records (`rivals`) once read, moved on by `Ratings.after` from then on
    read_rivals: dict[Hashable, tuple[dict, dict]] = field(default_factory=dict, compare=False,
                                                           repr=False)

    def meet(self, meeting: Meeting) -> None:
        """One more rated game of the group, indexed under each of its people."""
        self.meetings.append(meeting)
        for person in dict.fromkeys(p for side in meeting.sides for p in side):
            if person is not None:
                self.meetings_of.setdefault(person, []).append(meeting)
                self.read_rivals.pop(person, None)  # counted again when next read

    def rivals(self, person: Hashable) -> tuple[dict, dict]:
        """Her records with everyone she met on another side, and with everyone beside her
        (first met first): counted from her meetings when first read, then kept (read only)."""
        found = self.read_rivals.get(person)
        if found is None:
            found = ({}, {})
            for meeting in self.meetings_of.get(person, ()):
                _count(found, person, meeting)
            self.read_rivals[person] = found
        return found

    def standing(self, person: Hashable) -> Standing:
        """Her standing, or a fresh one (the default rating) for someone never rated here."""
        return self.players.get(person) or Standing()


@dataclass
class Ratings:
    """The replay's outcome: `games` read, `rated` of them, and a Group per rating group with a
    rated game (in the order the groups were first rated)."""

    games: int = 0
    rated: int = 0
    groups: dict[str, Group] = field(default_factory=dict)

    def add(self, summary: dict, seats: Sequence[Hashable | None],
            kept: "Moves | None" = None) -> "Moves | None":
        """Rate one more game after all those added so far: what it moved (each of its people's
        and pairs' (mu, sigma) just after it), or None when the game is not rated (unfinished,
        castle-rock, one side). `kept`: what this game moved, as `add` said it in an earlier
        replay from the same ratings (taken as it is instead of asking the model again)."""
        index = self.games
        self.games += 1
        group_id = rating_group(summary)
        if group_id is None:
            return None
        variant = VARIANTS[summary["variant"]]
        self.rated += 1
        group = self.groups.get(group_id)
        if group is None:
            group = self.groups[group_id] = Group(group_id, variant.partnership)
        sides = [tuple(seats[s] for s in side["seats"]) for side in summary["sides"]]
        won = [bool(side["won"]) for side in summary["sides"]]
        group.meet(Meeting(index, sides, won))
        ranks = ranks_of(summary)
        players = _rate(group.players, [list(side) for side in sides], ranks, won, index,
                        kept and kept.players)
        pairs = _rate(group.pairs, pairs_of(sides), ranks, won, index,
                      kept and kept.pairs) if group.partnership else {}
        return Moves(players, pairs)

    def after(self, summary: dict, seats: Sequence[Hashable | None],
              kept: "Moves | None" = None) -> "Ratings":
        """These ratings and one more game rated after them (`kept`: as `add` takes it), as
        new Ratings; these stay as they are (what the game moves is copied first, the rest is
        shared: a kept replay read by others is moved on without a replay, and without a copy
        of everything)."""
        out = Ratings(self.games, self.rated, dict(self.groups))
        group = out.groups.get(VARIANTS[summary["variant"]].rating_group)
        if group is not None and summary["finished"]:
            sides = [[seats[s] for s in side["seats"]] for side in summary["sides"]]
            moved = Group(group.id, group.partnership, dict(group.players), dict(group.pairs),
                          list(group.meetings), dict(group.meetings_of),
                          dict(group.read_rivals))
            for person in {p for side in sides for p in side if p in moved.meetings_of}:
                moved.meetings_of[person] = list(moved.meetings_of[person])
            for table, keys in ((moved.players, [p for side in sides for p in side]),
                                (moved.pairs, [frozenset(side) for side in sides])):
                for key in keys:
                    if key in table:
                        table[key] = replace(table[key], history=list(table[key].history))
            out.groups[group.id] = moved
        if out.add(summary, seats, kept) is not None and group is not None:
            # the rivals read before, moved on by this game alone (a copy: these keep theirs)
            for person in {p for side in sides for p in side if p in group.read_rivals}:
                found = tuple({other: replace(r) for other, r in records.items()}
                              for records in group.read_rivals[person])
                _count(found, person, moved.meetings[-1])
                moved.read_rivals[person] = found
        return out


@dataclass
class Moves:
    """One rated game's outcome: the (mu, sigma) of each person and pair just after it."""

    players: dict[Hashable, tuple[float, float]]
    pairs: dict[frozenset, tuple[float, float]]


def rating_group(summary: dict) -> str | None:
    """The rating group a game counts in, or None when it is not rated (unfinished,
    castle-rock, one side)."""
    group_id = VARIANTS[summary["variant"]].rating_group
    if group_id is None or not summary["finished"] or len(summary["sides"]) < 2:
        return None
    return group_id


def _count(rivals: tuple[dict, dict], person: Hashable, meeting: Meeting) -> None:
    """One meeting counted in her records (`Group.rivals`): against each person on another
    side only (not beside her too: one person in two seats), and beside each partner."""
    opponents, partners = rivals
    sides, won = meeting.sides, meeting.won
    seated: dict[Hashable, int] = {}  # each person's sides as bits (side i: 1 << i)
    for i, side in enumerate(sides):
        for other in side:
            if other is not None:
                seated[other] = seated.get(other, 0) | 1 << i
    winners = sum(1 << i for i, w in enumerate(won) if w)
    mine = seated[person]
    i_won = bool(mine & winners)
    for other, theirs in seated.items():
        if not theirs & mine:
            they_won = bool(theirs & winners)
            record = opponents.get(other) or opponents.setdefault(other, Record())
            record.games += 1
            record.wins += i_won and not they_won
            record.their_wins += they_won and not i_won
    for i, (side, side_won) in enumerate(zip(sides, won)):
        if mine >> i & 1:
            for other in dict.fromkeys(side):
                if other is not None and other != person:
                    record = partners.get(other) or partners.setdefault(other, Record())
                    record.games += 1
                    record.wins += side_won
                    record.their_wins += side_won


def moved_keys(summary: dict, seats: Sequence[Hashable | None]) -> tuple[set, set]:
    """The people and (in the partnership groups) pairs a rated game moves."""
    sides = [tuple(seats[s] for s in side["seats"]) for side in summary["sides"]]
    people = {p for side in sides for p in side if p is not None}
    if not VARIANTS[summary["variant"]].partnership:
        return people, set()
    return people, {p for (p,) in pairs_of(sides) if p is not None}


def pairs_of(sides: list[tuple]) -> list[list]:
    """Each side as a team of one pair (None: a side with a stand-in, not kept)."""
    return [[None if None in side else frozenset(side)] for side in sides]


def ordinal(mu: float, sigma: float) -> float:
    """The number shown and ranked by: mu - 3 sigma (the model's `ordinal()`, z 3)."""
    return mu - 3 * sigma


def ranks_of(summary: dict) -> list[int]:
    """Each side's rank: the winners share 1; the others follow by their totals (higher first,
    lower first where the lowest total is best), equal totals sharing a rank (dense)."""
    lowest = VARIANTS[summary["variant"]].lowest_wins
    sides = summary["sides"]
    others = sorted({side["total"] for side in sides if not side["won"]}, reverse=not lowest)
    return [1 if side["won"] else 2 + others.index(side["total"]) for side in sides]


def _rate(table: dict, teams: list[list], ranks: list[int], won: list[bool], game: int,
          kept: dict | None = None) -> dict:
    """One `rate` of the model over the teams of keys in `table` (None: a stand-in at the
    default, not kept), or the after-states `kept` of an earlier replay: each key's (mu,
    sigma) after it. A key in several places is moved once, by its first place, and won when
    any of its sides did."""
    if kept is not None:
        rated = [[kept.get(key) for key in team] for team in teams]
    else:
        ratings = [[(table[key] if key in table else Standing()).rating() for key in team]
                   for team in teams]
        rated = MODEL.rate(ratings, ranks=ranks)
    done: dict[Hashable, object] = {}
    wins: dict[Hashable, bool] = {}
    for team, new_team, side_won in zip(teams, rated, won):
        for key, new in zip(team, new_team):
            if key is not None:
                done.setdefault(key, new)
                wins[key] = wins.get(key, False) or side_won
    moved = {}
    for key, new in done.items():
        standing = table.get(key)
        if standing is None:
            standing = table[key] = Standing()
        standing.move(game, new, wins[key])
        moved[key] = (standing.mu, standing.sigma)
    return moved


def rate_one(summary: dict, seats: Sequence[Hashable | None],
             players: dict[Hashable, tuple[float, float]],
             pairs: dict[frozenset, tuple[float, float]]) -> Moves | None:
    """What one game moves (None: not rated), from its people's and pairs' (mu, sigma) just
    before it (`players`, `pairs`; one missing: never rated, at the default)."""
    group_id = rating_group(summary)
    if group_id is None:
        return None
    ratings = Ratings()
    ratings.groups[group_id] = Group(
        group_id, VARIANTS[summary["variant"]].partnership,
        {key: Standing(mu=mu, sigma=sigma) for key, (mu, sigma) in players.items()},
        {key: Standing(mu=mu, sigma=sigma) for key, (mu, sigma) in pairs.items()})
    return ratings.add(summary, seats)


def replay(games: Iterable) -> Ratings:
    """Every game rated in the order given: `stats.Game` items or (summary, seats) pairs."""
    ratings = Ratings()
    for game in games:
        ratings.add(game[0], game[1])
    return ratings
