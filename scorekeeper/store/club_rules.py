"""The house rules a club saved for a variant (a club game starts from them)."""
from __future__ import annotations

from ..extensions import db
from ..models import Club, ClubRules, utcnow


def club_rules(club_id: int, variant: str) -> dict | None:
    """The options a club saved for a variant (only those that differ from the written rules),
    or None when it saved none."""
    row = db.session.get(ClubRules, (club_id, variant))
    return dict(row.options or {}) if row is not None else None


def save_club_rules(club: Club, variant: str, options: dict) -> None:
    """Make `options` the club's rules for `variant` (replacing what it saved before)."""
    _set_club_rules(club, variant, options)
    db.session.commit()


def _set_club_rules(club: Club, variant: str, options: dict) -> None:
    row = db.session.get(ClubRules, (club.id, variant))
    if row is None:
        db.session.add(ClubRules(club_id=club.id, variant=variant, options=dict(options)))
    else:
        row.options = dict(options)
        row.updated_at = utcnow()
