"""A club through the API: its people, its games (paginated, filtered as the archive page
filters them), a person's numbers and the club's, an event's schedule and standings. Each is
read by the function the club's page reads it with."""
from __future__ import annotations

from .. import store
from ..clubs import roster
from ..extensions import db
from ..models import Club
from . import auth, blp, documented, schemas
from .problems import refuse


def _club(club_id: int) -> Club:
    auth.require_club(club_id)
    club = db.session.get(Club, club_id)
    if club is None:
        refuse(404, f"There is no club #{club_id}.")
    return club


@blp.route("/clubs/<int:club_id>/people", methods=["GET"])
@documented(read=True, codes=(403, 404))
@blp.response(200, schemas.Person(many=True))
def people(club_id: int):
    """The club's roster, by name, each with the number of games they sat in."""
    club = _club(club_id)
    return [{"id": row["person"].id, "name": row["person"].name, "games": row["games"]}
            for row in roster.people(club)]
