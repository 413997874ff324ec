"""A club's ratings through the API (spec/ratings.md): its seasons, a rating group's leaderboard
(people and, in a partnership group, pairs) and a person's ratings, all time or a season. Each is
the ratings pages' own (players.rating_pages over club_ratings' replay), so every number is the
page's and the CSV's."""
from __future__ import annotations

from datetime import timezone

from flask_babel import gettext as _

from .. import club_ratings as replays
from ..models import utcnow
from ..players import queries, rating_pages
from . import blp, documented, schemas
from .clubs import no_person, readable_club
from .problems import refuse


def _season_row(season, today) -> dict:
    return {"id": season.id, "name": season.name, "first_day": season.first_day,
            "last_day": season.last_day, "current": season.holds(today)}


def _chosen(club_id: int, season_id: int | None) -> tuple[list, object]:
    """(the club's seasons, the one asked for or None for all time): 422 for one it has not."""
    seasons = replays.seasons(club_id)
    if season_id is None:
        return seasons, None
    season = next((s for s in seasons if s.id == season_id), None)
    if season is None:
        refuse(404, _("The club has no season #%(id)s.", id=season_id))
    return seasons, season


def _shown_season(season) -> dict | None:
    return None if season is None else _season_row(season, utcnow().date())


@blp.route("/clubs/<int:club_id>/seasons", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, schemas.Season(many=True))
def seasons(club_id: int):
    """The seasons the club's admin named, the latest first (the ratings page's switch)."""
    club = readable_club(club_id)
    today = utcnow().date()
    return [_season_row(s, today) for s in replays.seasons(club.id)]


_GROUP = "any(" + ", ".join(f'"{g}"' for g in rating_pages.GROUPS) + ")"


@blp.route(f"/clubs/<int:club_id>/ratings/<{_GROUP}:group_id>", methods=["GET"])
@documented(read=True, codes=(403, 404, 422))
@blp.arguments(schemas.RatingsQuery, location="query", as_kwargs=True)
@blp.response(200, schemas.Leaderboard)
def leaderboard(club_id: int, group_id: str, season: int | None = None):
    """A rating group's leaderboard, all time or a season: its people and, in a partnership
    group, its pairs, ranked as the ratings page and its CSV rank them."""
    club = readable_club(club_id)
    _all, chosen = _chosen(club.id, season)
    board = rating_pages.leaderboard(replays.club_ratings(club.id, chosen), group_id,
                                     queries.people(club.id))
    return {"group": group_id, "title": rating_pages.group_title(group_id),
            "partnership": rating_pages.partnership(group_id), "season": _shown_season(chosen),
            "games": board["games"], "people": board["players"], "pairs": board["pairs"]}


@blp.route("/clubs/<int:club_id>/people/<int:person_id>/ratings", methods=["GET"])
@documented(read=True, codes=(403, 404, 422))
@blp.arguments(schemas.RatingsQuery, location="query", as_kwargs=True)
@blp.response(200, schemas.PersonRatings)
def person_ratings(club_id: int, person_id: int, season: int | None = None):
    """A person's rating in each group she was rated in, all time or a season: the standing,
    a point per rated game, nemesis, favourite opponent, best partner and the head to head
    with everyone she met (the person's ratings page)."""
    club = readable_club(club_id)
    names = queries.people(club.id)
    if person_id not in names:
        refuse(404, no_person(person_id))
    seasons, chosen = _chosen(club.id, season)
    groups = rating_pages.person_groups(club.id, person_id, names, chosen, seasons,
                                        history=True)
    for group in groups:
        group["history"] = [{**point, "finished_at": point["finished_at"].replace(
            tzinfo=timezone.utc)} for point in group["history"]]  # stored in UTC, said so
    return {"id": person_id, "name": names[person_id], "season": _shown_season(chosen),
            "groups": groups}
