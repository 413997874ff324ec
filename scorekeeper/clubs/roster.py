"""The club's read side: its people, its recent games with their results, and the member check
every club route starts with."""
from __future__ import annotations

from typing import Any

from flask import abort
from flask_babel import gettext as _
from sqlalchemy import case, distinct, exists, func, select
from sqlalchemy.orm import aliased, joinedload

from .. import access, i18n, store, web
from ..games import listing
from ..extensions import db
from ..models import Club, Game, Member, Person, Player

RECENT = 20


def load_club(club_id: int, people: bool = False) -> tuple[Club, Member]:
    """The club and this phone's membership of it: the members-only 404 when there is no such
    club and when this phone has not joined it (nothing of the club is shown, not even that it
    is there). One statement, with the
    club's roster joined when `people` (a form that names people)."""
    club, phone, _row = load_club_with(club_id, None, None,
                                       *([joinedload(Club.people)] if people else []))
    return club, phone


def load_club_with(club_id: int, model=None, row_id: int | None = None, *options):
    """load_club, and the club's row `row_id` of `model` (a model with `id` and `club_id`:
    None when the club has no such row), loaded with `options` (its relationships joined:
    joinedload), all in one statement: an organizer's action on an event reads the club, its
    membership, the event and what the action needs at once."""
    phone_id = access.phone_id()
    mine = (Member.club_id == Club.id) & (Member.phone_id == (phone_id or 0))
    admin = aliased(Member)
    has_admin = exists().where(admin.club_id == Club.id, admin.is_admin).label("has_admin")
    statement = select(Club, Member, has_admin).outerjoin(Member, mine) \
        .where(Club.id == club_id).options(*options)
    if model is not None:
        statement = statement.add_columns(model).outerjoin(
            model, (model.club_id == Club.id) & (model.id == row_id))
    found = db.session.execute(statement).unique().first()
    if found is None:
        abort(members_only())
    club, phone, admin_there = found[:3]
    access.read_member(club_id, phone)
    if phone is None:
        abort(members_only())
    i18n.speak_club_language(club.language)
    if not admin_there:  # a club that somehow lost its admin gets one back
        store.ensure_admin(club_id)
    return club, phone, found[3] if model is not None else None


def members_only(status: int = 404):
    """The plain page for a phone that is not (or no longer) in the club, and for a club that
    is not there: nothing of it, the same answer for both (ids cannot be counted)."""
    return access._reload_htmx(web.refuse(
        status, _("Members only"), _("Only the phones that joined this club can see it. Ask "
                                     "a member to show you the club's QR code or code.")))


def load_person(club: Club, person_id: int) -> Person:
    person = db.session.get(Person, person_id)
    if person is None or person.club_id != club.id:
        abort(404)
    return person


def load_member(club: Club, member_id: int) -> Member:
    row = db.session.get(Member, member_id)
    if row is None or row.club_id != club.id:
        abort(404)
    return row


def people(club: Club) -> list[dict[str, Any]]:
    """The roster, by name, each with the number of games they have a seat in and that hold a
    hand (store.played; a person's seats are all in the club's games): one statement."""
    rows = db.session.execute(
        select(Person, func.count(Player.id))
        .outerjoin(Player, (Player.person_id == Person.id) & store.played(Player.game_id))
        .where(Person.club_id == club.id).group_by(Person.id)
        .order_by(func.lower(Person.name), Person.id)).all()
    return [{"person": p, "games": games} for p, games in rows]


def seat_games(person: Person) -> tuple[int, int]:
    """The games a person sits in: those that hold a hand (as `people` counts them), and those
    not begun (store.played), which a merge moves too. One statement."""
    begun = case((store.played(Player.game_id), Player.game_id))
    every, played = db.session.execute(
        select(func.count(distinct(Player.game_id)), func.count(distinct(begun)))
        .where(Player.person_id == person.id)).one()
    return played, every - played


def recent_games(club: Club, limit: int = RECENT) -> list[dict[str, Any]]:
    """The club's latest games with their standings, as the home page lists them (two
    statements however many): one without a hand yet is listed to be watched, as not begun
    (never as a game of 0 hands)."""
    games = db.session.scalars(select(Game).where(Game.club_id == club.id)
                               .order_by(Game.updated_at.desc(), Game.id.desc())
                               .limit(limit).options(listing.LISTED)).all()
    return listing.game_items(games)


def my_clubs() -> list[Club]:
    """The clubs this phone is a member of."""
    ids = access.cookie_club_ids()
    clubs = db.session.scalars(select(Club).where(Club.id.in_(ids)).order_by(Club.name)).all() \
        if ids else []
    return [c for c in clubs if access.member(c.id) is not None]


def via(phone: Member) -> str:
    """How the audit trail names a club member's phone."""
    return f"club member {phone.display}"[:40]
