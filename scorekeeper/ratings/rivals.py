"""Rivals and partners, read from one group's rated games (spec/ratings.md): head to head,
nemesis, favourite opponent, best partner."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction

from ..stats import name_key
from .replay import Group, Record

MIN_GAMES = 3  # games together before someone can be a nemesis, a favourite or a best partner


def opponents(group: Group, person: Hashable) -> dict[Hashable, Record]:
    """Everyone she met on another side, with the head to head of each (first met first;
    read only: Group.rivals)."""
    return dict(group.rivals(person)[0])


def head_to_head(group: Group, person: Hashable, other: Hashable) -> Record:
    """The rated games where the two sat on different sides, and each one's wins."""
    return opponents(group, person).get(other) or Record()


def partners(group: Group, person: Hashable) -> dict[Hashable, Record]:
    """Everyone she sat beside, with their games together and those won (first met first;
    read only: Group.rivals)."""
    return dict(group.rivals(person)[1])


def _best(records: dict[Hashable, Record], share: Callable[[Record], Fraction],
          name: Callable[[Hashable], str]) -> Hashable | None:
    """The one of at least MIN_GAMES games with the highest share; ties: more games, then the
    name (by its key)."""
    fit = [(other, r) for other, r in records.items() if r.games >= MIN_GAMES]
    if not fit:
        return None
    return min(fit, key=lambda item: (-share(item[1]), -item[1].games, name_key(name(item[0])),
                                      name(item[0])))[0]


def nemesis(group: Group, person: Hashable, name: Callable[[Hashable], str] = str,
            met: dict[Hashable, Record] | None = None) -> Hashable | None:
    """Of those she met on another side in at least 3 rated games, the one with the highest
    share of wins over her (`met`: opponents(group, person), when the caller has it)."""
    met = opponents(group, person) if met is None else met
    return _best(met, lambda r: Fraction(r.their_wins, r.games), name)


def favourite_opponent(group: Group, person: Hashable, name: Callable[[Hashable], str] = str,
                       met: dict[Hashable, Record] | None = None) -> Hashable | None:
    """Of those she met on another side in at least 3 rated games, the one she beat the most
    (share of her wins over them; `met` as for nemesis)."""
    met = opponents(group, person) if met is None else met
    return _best(met, lambda r: Fraction(r.wins, r.games), name)


def best_partner(group: Group, person: Hashable, name: Callable[[Hashable], str] = str,
                 beside: dict[Hashable, Record] | None = None) -> Hashable | None:
    """Of her partners of at least 3 rated games, the one with the highest share won
    (`beside`: partners(group, person), when the caller has it)."""
    beside = partners(group, person) if beside is None else beside
    return _best(beside, lambda r: Fraction(r.wins, r.games), name)
