"""A phone's identity and the roles it holds in games, and the join-code lookups counted by
address (what limits guessing)."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update

from ..extensions import db
from ..models import GuessAttempt, Member, Phone, PhoneGame
from .common import _insert_or_ignore, commit_keeping_state


def record_guess(address: str, now: datetime, window: timedelta) -> tuple[int, int, int]:
    """Count a join-code lookup from `address` before it is made: (its row's id, the lookups
    from that address in the last `window`, the lookups from everyone), this one included.

    The row is committed *before* the counts are read, so concurrent guesses in several
    processes each see at least every one committed before theirs: no burst gets past a
    limit checked on these counts."""
    attempt = GuessAttempt(address=address, at=now)
    db.session.add(attempt)
    db.session.flush()
    attempt_id = attempt.id  # read before the commit expires it
    db.session.commit()
    since = GuessAttempt.at > now - window
    mine, everyone = db.session.execute(
        select(func.count().filter(GuessAttempt.address == address), func.count())
        .select_from(GuessAttempt).where(since)).one()
    return attempt_id, mine, everyone


def guesses_from(address: str, since: datetime) -> tuple[int, datetime | None]:
    """The lookups counted from `address` since `since`, and the first of them."""
    return tuple(db.session.execute(
        select(func.count(), func.min(GuessAttempt.at))
        .where(GuessAttempt.address == address, GuessAttempt.at > since)).one())


def forget_guess(attempt_id: int) -> None:
    """A lookup that does not count (refused, or a right code): its row goes."""
    db.session.execute(delete(GuessAttempt).where(GuessAttempt.id == attempt_id))
    commit_keeping_state()


def prune_guesses(before: datetime) -> None:
    """Drop the counted wrong codes older than `before`."""
    db.session.execute(delete(GuessAttempt).where(GuessAttempt.at < before))
    commit_keeping_state()


def new_phone() -> int:
    """A new phone identity (access.py gives the browser its cookie)."""
    phone = Phone()
    db.session.add(phone)
    db.session.flush()
    phone_id = phone.id  # read before the commit expires it (no SELECT to reload it)
    db.session.commit()
    return phone_id


def grant_role(phone_id: int, game_id: int, kind: str, token: str) -> None:
    """Phone `phone_id` holds role `kind` in the game under `token` (a second grant of the
    same role, e.g. after the scorer link was renewed, replaces the token)."""
    _insert_or_ignore(PhoneGame, {"phone_id": phone_id, "game_id": game_id, "kind": kind,
                                  "token": token}, ["phone_id", "game_id", "kind"], ("token",))
    db.session.commit()


def adopt_old_roles(phone_id: int | None, roles: list[tuple[int, str, str]],
                    member_ids: list[int]) -> int:
    """Move a phone's roles from its cookies of before phones into the database: `roles`
    (game id, kind, token) and the Member rows it proved it is, each checked by the caller.
    Returns the phone's id: `phone_id`; when it had none, the phone one of these members was
    moved to already (the same browser's other request, sent at the same moment, got there
    first: both answers then name the same phone), else a new one."""
    if phone_id is None and member_ids:
        phone_id = db.session.scalar(select(func.min(Member.phone_id)).where(
            Member.id.in_(member_ids), Member.phone_id.is_not(None)))
    fresh = phone_id is None
    if fresh:
        phone_id = new_phone()
    for member_id in member_ids:
        club_id = select(Member.club_id).where(Member.id == member_id).scalar_subquery()
        taken = select(Member.id).where(Member.club_id == club_id, Member.phone_id == phone_id)
        moved = db.session.execute(
            update(Member).where(Member.id == member_id, Member.phone_id.is_(None),
                                 ~taken.exists())
            .values(phone_id=phone_id).execution_options(synchronize_session=False)).rowcount
        if not moved and fresh:  # the other request's phone, committed a moment ago
            phone_id = db.session.scalar(select(Member.phone_id).where(Member.id == member_id)) \
                or phone_id
            fresh = False
    for game_id, kind, token in roles:
        _insert_or_ignore(PhoneGame, {"phone_id": phone_id, "game_id": game_id, "kind": kind,
                                      "token": token}, ["phone_id", "game_id", "kind"],
                          ("token",))
    db.session.commit()
    return phone_id
