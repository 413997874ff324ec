"""Before a game: each side's win chance, and fair teams for four partners (spec/ratings.md)."""
from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from .replay import MODEL, Group, Standing


def whole_percentages(shares: Sequence[float]) -> list[int]:
    """Shares (summing to 1) as whole percentages that add up to 100: each rounded down, then
    the points left go one each to the largest remainders (ties: the first side)."""
    exact = [share * 100 for share in shares]
    whole = [math.floor(x) for x in exact]
    left = 100 - sum(whole)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - whole[i]), i))
    for i in by_remainder[:left]:
        whole[i] += 1
    return whole


def win_shares(group: Group | None, sides: Sequence[Sequence[Hashable]]) -> list[float]:
    """The model's `predict_win` for the sides (people in seats) on their current ratings (the
    default for someone not yet rated in the group)."""
    standing = group.standing if group is not None else (lambda person: Standing())
    return MODEL.predict_win([[standing(p).rating() for p in side] for side in sides])


def win_chance(group: Group | None, sides: Sequence[Sequence[Hashable]]) -> list[int]:
    """Each side's chance to win, in whole percentages adding up to 100."""
    return whole_percentages(win_shares(group, sides))


def fair_teams(group: Group | None, people: Sequence[Hashable]) -> list[Hashable]:
    """The four people reseated (partners in seats 0 and 2, 1 and 3) as the split into two
    pairs whose win chance is closest to 50/50. Ties keep the seat order given: the split as
    seated first, then the first person beside the second, then beside the fourth."""
    a, b, c, d = people
    seatings = ([a, b, c, d], [a, c, b, d], [a, b, d, c])
    return min(seatings, key=lambda s: abs(win_shares(group, [[s[0], s[2]], [s[1], s[3]]])[0] - 0.5))
