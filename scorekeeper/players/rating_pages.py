"""The club's ratings as its pages and CSVs show them (spec/ratings.md), from the club's replay
(scorekeeper.club_ratings): the rows of a leaderboard (the page and its CSV call the same one),
and a person's ratings, history chart and rivals.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext
from markupsafe import Markup

from .. import ratings, rules
from ..club_ratings import ClubRatings, club_ratings
from ..rules.record import minus
from ..rules.text import N_
from ..stats import name_key
from . import charts

# The rating groups in the order of the variants that make them (rules.VARIANTS).
GROUPS = list(dict.fromkeys(v.rating_group for v in rules.VARIANTS.values() if v.rating_group))
# How the pages name a group: short, for the switch between them (the variants' own titles
# name their rule sheets); marked for the catalog, said where shown (|say).
GROUP_TITLES = {"dominoes-42": N_("42 (dominoes)"), "card42": N_("Card 42"),
                "card42-teams": N_("Card 42 teams"), "moon": N_("Moon"),
                "mexican-train": N_("Mexican Train")}
GROUP_HINTS = {"dominoes-42": N_("Texas 42, Lechner, the 1986 rules and Forty-Two rate "
                                 "together.")}


def group_title(group_id: str) -> str:
    return GROUP_TITLES.get(group_id, group_id)


def shown(ordinal: float) -> str:
    """A rating as the pages show it: one decimal, a minus sign (U+2212), never "-0.0"."""
    tenth = round(ordinal, 1) + 0.0
    return f"\u2212{-tenth:.1f}" if tenth < 0 else f"{tenth:.1f}"


def partnership(group_id: str) -> bool:
    return next(v.partnership for v in rules.VARIANTS.values() if v.rating_group == group_id)


def _row(standing: ratings.Standing, **more: Any) -> dict:
    return {"games": standing.games, "wins": standing.wins, "mu": standing.mu,
            "sigma": standing.sigma, "ordinal": standing.ordinal, "shown": shown(standing.ordinal),
            "provisional": standing.provisional, **more}


def ranked(rows: list[dict]) -> list[dict]:
    """Rows by ordinal, the provisional after the others; a place for each of the others (one
    place for equal ordinals), none for the provisional."""
    rows.sort(key=lambda r: (r["provisional"], -r["ordinal"], name_key(r["name"])))
    place, last = 0, None
    for i, r in enumerate(rows, 1):
        if not r["provisional"] and r["ordinal"] != last:
            place, last = i, r["ordinal"]
        r["place"] = None if r["provisional"] else place
    return rows


def leaderboard(club: ClubRatings, group_id: str, names: dict[int, str]) -> dict:
    """A group's board: its people (and pairs, in a partnership group) ranked."""
    group = club.ratings.groups.get(group_id)
    if group is None:
        return {"players": [], "pairs": [], "games": 0}
    people = ranked([_row(s, id=pid, name=names[pid]) for pid, s in group.players.items()
                     if pid in names])
    pairs = ranked([_row(s, ids=sorted(pair), name=pair_name(pair, names))
                    for pair, s in group.pairs.items() if all(p in names for p in pair)])
    return {"players": people, "pairs": pairs, "games": len(group.meetings)}


def pair_name(pair: frozenset, names: dict[int, str]) -> str:
    """The two partners' names, the one whose name key sorts first first (as the command line)."""
    shown = sorted((names[p] for p in pair), key=name_key)
    return " & ".join(shown * 2 if len(shown) == 1 else shown)


def csv_rows(board: dict, pairs: bool) -> list[list]:
    """A leaderboard as a CSV table (rating to one decimal; mu, sigma and ordinal in full)."""
    out = [["Place", "Pair" if pairs else "Person", "Rating", "Games", "Wins", "Provisional",
            "mu", "sigma", "ordinal"]]
    for r in board["pairs" if pairs else "players"]:
        out.append([r["place"] if r["place"] is not None else "", r["name"],
                    round(r["ordinal"], 1), r["games"], r["wins"],
                    "yes" if r["provisional"] else "no", r["mu"], r["sigma"], r["ordinal"]])
    return out


def person_groups(club_id: int, person_id: int, names: dict[int, str], season=None,
                  seasons: list = (), vs: int | None = None, history: bool = False) -> list[dict]:
    """Her rating in each group she was rated in: the standing, its chart (a point per rated
    game, the start of each season marked) and the chart's table rows, nemesis, favourite
    opponent, best partner, and the head to head with `vs` (or with everyone she met); with
    `history`, each point's game, moment and numbers too (the API's)."""
    club = club_ratings(club_id, season)

    def name(pid):
        return names.get(pid, "?")

    starts = [s.first_day for s in seasons]
    out = []
    for group_id in GROUPS:
        group = club.ratings.groups.get(group_id)
        standing = group.players.get(person_id) if group else None
        if standing is None:
            continue
        met = ratings.opponents(group, person_id)
        beside = ratings.partners(group, person_id) if group.partnership else {}
        rivals = sorted(((pid, r) for pid, r in met.items() if pid in names),
                        key=lambda pr: (-pr[1].games, name_key(names[pr[0]])))
        points = standing.history
        chart = charts.rating_history(
            [p.ordinal for p in points],
            [club.moments[p.game].date() for p in points] if starts else [], starts)
        out.append({
            "id": group_id, "title": group_title(group_id), "partnership": group.partnership,
            "standing": _row(standing), "chart": chart,
            "chart_rows": chart_rows(chart.series[0].values),
            "nemesis": _named(ratings.nemesis(group, person_id, name, met), met, names),
            "favourite": _named(ratings.favourite_opponent(group, person_id, name, met), met,
                                names),
            "partner": _named(ratings.best_partner(group, person_id, name, beside), beside, names)
            if group.partnership else None,
            "rivals": [{"id": pid, "name": names[pid], "games": r.games, "wins": r.wins,
                        "their_wins": r.their_wins}
                       for pid, r in rivals if vs is None or pid == vs],
        })
        if history:
            out[-1]["history"] = [
                {"game_id": club.game_ids[p.game], "finished_at": club.moments[p.game],
                 "ordinal": p.ordinal, "mu": p.mu, "sigma": p.sigma, "won": p.won,
                 "change": p.change} for p in points]
    return out


def chart_rows(values) -> Markup:
    """A rating chart's table (the rating at the start and after each rated game), its rows
    written at once: a row per rated game is thousands, too many for a template loop."""
    start = Markup.escape(gettext(charts.START))
    return Markup("".join([f'<tr><th scope="row">{i or start}</th><td>{minus(v)}</td></tr>'
                           for i, v in enumerate(values)]))


def _named(pid, records: dict, names: dict[int, str]) -> dict | None:
    if pid is None or pid not in names:
        return None
    r = records[pid]
    return {"id": pid, "name": names[pid], "games": r.games, "wins": r.wins,
            "their_wins": r.their_wins}
