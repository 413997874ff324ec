"""A club, its phones (members, the admin, removals), its seasons, and a club made from an
export: each change one transaction, started by writing the club's row (_lock_club)."""
from __future__ import annotations

from sqlalchemy import delete, func, select, update

from ..extensions import db
from ..models import (ApiToken, AuditEvent, Club, ClubBan, ClubSeason, Game, Member,
                      PendingCount, PhoneGame, SeatClaim, new_secret, unused_code, utcnow)
from ..rules.text import Text
from .club_numbers import _move_club_numbers
from .common import Refused, _bump, _insert_or_ignore, _lock_club
from .games import _new_games, _renew_scorer
from .people import _roster
from .rating_moves import rerate_later


def create_club(name: str, phone_id: int, label: str | None) -> Member:
    """A new club with a join code; its first phone (returned) is its admin."""
    club = Club(name=name, code=unused_code(Club))
    member = Member(is_admin=True, label=label, secret=new_secret(), phone_id=phone_id)
    club.members = [member]
    db.session.add(club)
    db.session.commit()
    return member


def _current(member_id: int) -> Member | None:
    """A member row as the database holds it now (after _lock_club), not as loaded before."""
    return db.session.scalars(select(Member).where(Member.id == member_id)
                              .execution_options(populate_existing=True)).one_or_none()


def _one_admin(club_id: int) -> None:
    """Exactly one admin, whatever happened: none (the admin and the phone next in line left
    at once, or a club from before this rule) makes the longest-standing phone the admin; two
    keep the longest-standing of them."""
    members = db.session.scalars(select(Member).where(Member.club_id == club_id)
                                 .order_by(Member.joined_at, Member.id)
                                 .execution_options(populate_existing=True)).all()
    admins = [m for m in members if m.is_admin] or members[:1]
    for m in members:
        m.is_admin = m is admins[0]


def ensure_admin(club_id: int) -> None:
    """Give a club with phones but no admin one back (the longest-standing phone)."""
    if db.session.scalar(select(func.count()).select_from(Member).where(
            Member.club_id == club_id, Member.is_admin)) == 0:
        if _lock_club(club_id):
            _one_admin(club_id)
        db.session.commit()


def join_club(club: Club, phone_id: int, label: str | None) -> Member:
    """This phone joins the club (a second tap finds it in already). Refused for a phone the
    admin removed, by any code, until the admin lets it back in."""
    _lock_club(club.id)
    if db.session.get(ClubBan, (club.id, phone_id)) is not None:
        db.session.rollback()
        raise Refused(Text("The club's admin removed this phone from the club. Ask them to "
                           "let it back in."))
    _insert_or_ignore(Member, {"club_id": club.id, "phone_id": phone_id, "label": label,
                               "secret": new_secret(), "is_admin": False,
                               "joined_at": utcnow()}, ["club_id", "phone_id"])
    _one_admin(club.id)
    db.session.commit()
    return db.session.scalars(select(Member).where(Member.club_id == club.id,
                                                   Member.phone_id == phone_id)).one()


def leave_club(member: Member) -> None:
    """The phone leaves (the club is no longer shown to it). An admin leaving hands admin to
    the longest-standing phone, so a club with phones always has exactly one admin."""
    club_id, member_id = member.club_id, member.id
    _lock_club(club_id)
    db.session.execute(delete(Member).where(Member.id == member_id)
                       .execution_options(synchronize_session=False))
    _one_admin(club_id)
    db.session.commit()
    db.session.expire_all()


def _as_admin(admin: Member, member_id: int) -> tuple[Member, Member | None]:
    """Lock the club; the admin and the other phone as they are now. Refused unless `admin`
    still is the club's admin and the other phone is another one (or gone: None)."""
    _lock_club(admin.club_id)
    admin_now, other = _current(admin.id), _current(member_id)
    if other is not None and other.club_id != admin.club_id:
        other = None
    if admin_now is None or not admin_now.is_admin or member_id == admin.id:
        db.session.rollback()
        raise Refused(Text("Only the club's admin can remove a phone or hand admin on, and "
                           "not to or from itself."))
    return admin_now, other


def remove_member(admin: Member, member_id: int, via: str) -> None:
    """The admin removes another phone, and every right it had through the club: its roles in
    the club's games (creator and scorer included; the scorer link of a game it could score is
    renewed, as it may know it), its way back in (it is barred until the admin lets it back,
    and the club gets a new code). A second tap finds it removed already: nothing more."""
    admin, phone = _as_admin(admin, member_id)
    if phone is None:
        db.session.rollback()
        return
    club_id, phone_id = admin.club_id, phone.phone_id
    db.session.delete(phone)
    if phone_id is not None:
        _insert_or_ignore(ClubBan, {"club_id": club_id, "phone_id": phone_id,
                                    "label": phone.label, "removed_at": utcnow()},
                          ["club_id", "phone_id"])
        club_games = select(Game.id).where(Game.club_id == club_id).scalar_subquery()
        scored = db.session.scalars(select(PhoneGame.game_id).distinct().where(
            PhoneGame.phone_id == phone_id, PhoneGame.kind.in_(("c", "s")),
            PhoneGame.game_id.in_(club_games))).all()
        db.session.execute(delete(PhoneGame).where(PhoneGame.phone_id == phone_id,
                                                   PhoneGame.game_id.in_(club_games))
                           .execution_options(synchronize_session=False))
        # its API tokens of the club's games (its club tokens go with its Member row)
        db.session.execute(delete(ApiToken).where(ApiToken.phone_id == phone_id,
                                                  ApiToken.game_id.in_(club_games))
                           .execution_options(synchronize_session=False))
        for game_id in scored:
            _renew_scorer(game_id, via)
        _release_seats(club_id, phone_id, club_games, via)
    db.session.execute(update(Club).where(Club.id == club_id)
                       .values(code=unused_code(Club))
                       .execution_options(synchronize_session=False))
    _one_admin(club_id)
    db.session.commit()
    db.session.expire_all()


def _release_seats(club_id: int, phone_id: int, games, via: str) -> None:
    """A removed phone plays no seat of `games` any more, and what it counted and had not
    been saved is gone (a scorer's save would have used it): a seat it held is free for
    another phone, its history saying so."""
    claims = [SeatClaim.phone_id == phone_id, SeatClaim.game_id.in_(games)]
    counts = [PendingCount.phone_id == phone_id, PendingCount.game_id.in_(games)]
    released = db.session.execute(select(SeatClaim.game_id, SeatClaim.seat).where(*claims)).all()
    changed = {game_id for game_id, _seat in released} | set(db.session.scalars(
        select(PendingCount.game_id).where(*counts)))
    if not changed:
        return
    for table, where in ((SeatClaim, claims), (PendingCount, counts)):
        db.session.execute(delete(table).where(*where)
                           .execution_options(synchronize_session=False))
    for game_id in changed:  # the version: the scorer's page and its counts redrawn
        _bump(game_id, None)
    _move_club_numbers(club_id, versions=len(changed))
    db.session.add_all(AuditEvent(game_id=game_id, action="seat released", via=via,
                                  data={"seat": seat}) for game_id, seat in released)


def let_back_in(admin: Member, phone_id: int) -> None:
    """The admin lets a removed phone join again (with the club's code, as anyone)."""
    _as_admin(admin, 0)
    db.session.execute(delete(ClubBan).where(ClubBan.club_id == admin.club_id,
                                             ClubBan.phone_id == phone_id))
    db.session.commit()


def new_club_code(admin: Member) -> None:
    """The admin gives the club a new code: the old one (and its QR code) stops working."""
    _as_admin(admin, 0)
    db.session.execute(update(Club).where(Club.id == admin.club_id)
                       .values(code=unused_code(Club))
                       .execution_options(synchronize_session=False))
    db.session.commit()
    db.session.expire_all()


def set_club_language(admin: Member, code: str | None) -> None:
    """The admin sets the language of the club's pages and TV (an i18n.LANGUAGES code, which
    the caller checked), or None: each phone's own. Refused for a phone that is not, or no
    longer, the admin; a second tap sets it again."""
    _as_admin(admin, 0)
    db.session.execute(update(Club).where(Club.id == admin.club_id).values(language=code)
                       .execution_options(synchronize_session=False))
    db.session.commit()
    db.session.expire_all()


def hand_admin(admin: Member, member_id: int) -> None:
    """The admin makes another phone the admin (one admin at a time). A second tap finds it
    done already: nothing more."""
    try:
        admin, phone = _as_admin(admin, member_id)
    except Refused:
        if (now := _current(member_id)) is not None and now.is_admin:
            return  # this tap's first one did it
        raise
    if phone is None:
        db.session.rollback()
        raise Refused(Text("That phone is no longer in the club."))
    admin.is_admin = False
    phone.is_admin = True
    db.session.commit()
    db.session.expire_all()


def name_season(admin: Member, name: str, first_day, last_day, via: str) -> ClubSeason:
    """The admin names a season of the club (its first and last day both included). Refused,
    with a plain sentence, for a phone that is not the admin, a last day before the first, or
    days that overlap another season's. The club's row is written first, so two admins' taps
    at once are judged one after the other."""
    _lock_club(admin.club_id)
    now = _current(admin.id)
    if now is None or not now.is_admin:
        db.session.rollback()
        raise Refused(Text("Only the club's admin can name a season."))
    if last_day < first_day:
        db.session.rollback()
        raise Refused(Text("A season's last day cannot come before its first day."))
    clash = db.session.scalars(select(ClubSeason).where(
        ClubSeason.club_id == admin.club_id, ClubSeason.first_day <= last_day,
        ClubSeason.last_day >= first_day).order_by(ClubSeason.first_day)).first()
    if clash is not None:
        message = Text("Those days overlap the season {name} ({first} to {last}): seasons "
                       "cannot overlap.", name=clash.name, first=clash.first_day.isoformat(),
                       last=clash.last_day.isoformat())
        db.session.rollback()
        raise Refused(message)
    season = ClubSeason(club_id=admin.club_id, name=name, first_day=first_day,
                        last_day=last_day, named_by=via[:40])
    db.session.add(season)
    db.session.commit()
    return season


def import_club(name: str, phone_id: int, label: str | None, records: list[dict]) -> Member:
    """A new club holding checked game records (a club export), people made from their names;
    the importing phone is its admin. One transaction: all the games or none."""
    club = Club(name=name, code=unused_code(Club))
    phone = Member(is_admin=True, label=label, secret=new_secret(), phone_id=phone_id)
    club.members = [phone]
    db.session.add(club)
    db.session.flush()
    _new_games(records, "club import", club, _roster(club))
    db.session.commit()
    rerate_later(club.id)
    return phone
