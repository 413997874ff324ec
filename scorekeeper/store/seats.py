"""Seats and counts.

A phone at the table plays a seat (SeatClaim), and counts its own hand for the hand to be
entered (PendingCount) until the scorer saves that hand from the counts (write_hand). Each
write writes its audit row and moves the game on: a seat claimed or let go its version (the
scorer's page is drawn anew: its round view comes first), a count its count_version only
(_bump_counts: every phone's poll shows it, and the hand form, drawn at the version, is not
redrawn under the scorer's fingers at each count).
"""
from __future__ import annotations

import json

from sqlalchemy import bindparam, delete, func, select, update
from sqlalchemy.exc import IntegrityError

from .. import kept_reads
from ..rules.text import as_data, as_text
from ..extensions import db
from ..models import AuditEvent, Game, Hand, PendingCount, PhoneGame, SeatClaim, utcnow
from .club_numbers import _move_club_numbers
from .common import Refused, _bump, _insert_or_ignore


_SEAT_OF = (select(SeatClaim.seat).where(SeatClaim.game_id == bindparam("game_id"),
                                          SeatClaim.phone_id == bindparam("phone_id")))


@kept_reads.keep
def phone_seat(game_id: int, phone_id: int | None) -> int | None:
    """The seat phone `phone_id` plays in the game, or None. Kept until the next commit where
    the database can say (kept_reads): it is part of every poll's ETag in such a game."""
    if phone_id is None:
        return None
    rows = kept_reads.read_committed(_SEAT_OF, {"game_id": game_id, "phone_id": phone_id})
    return rows[0][0] if rows else None


def seat_claims(game_id: int) -> dict[int, int]:
    """Seat -> the phone playing it, for the seats phones claimed."""
    return dict(db.session.execute(select(SeatClaim.seat, SeatClaim.phone_id)
                                   .where(SeatClaim.game_id == game_id)).all())


def claim_seat(game_id: int, seat: int, phone_id: int, via: str,
               by_scorer: bool = False) -> bool:
    """Phone `phone_id` plays `seat` from now on (leaving the seat it played before, if any).
    Refused when another phone plays that seat (two claims at once: the database's unique
    game and seat lets one win). False, with nothing written, when it plays it already.
    `by_scorer`: the scorer seats a phone that joined the game and has no seat (refused when
    it has one, or did not join)."""
    held = db.session.scalar(select(SeatClaim).where(SeatClaim.game_id == game_id,
                                                      SeatClaim.phone_id == phone_id))
    if held is not None and held.seat == seat:
        db.session.rollback()
        return False
    if by_scorer and (held is not None or phone_id not in unseated_phones(game_id)):
        db.session.rollback()
        raise Refused("That phone plays a seat already." if held is not None
                      else "That phone has not joined the game.")
    try:
        if held is not None:
            db.session.delete(held)
            db.session.flush()
        db.session.add(SeatClaim(game_id=game_id, seat=seat, phone_id=phone_id))
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        if by_scorer:  # the phone claimed a seat itself a moment ago, or another phone this one
            raise Refused("A phone took that seat, or that phone a seat, a moment ago: look "
                          "again.") from None
        if phone_seat_now(game_id, phone_id) is not None:  # the scorer seated it meanwhile
            raise Refused("The scorer seated this phone a moment ago: tap your own name again "
                          "if that is not you.") from None
        raise Refused("Another phone plays that seat already: tap your own name, or ask the "
                      "scorer to let go of it.") from None
    _seat_write(game_id, "seat claimed", via, phone_id,
                {"seat": seat, **({"by_scorer": True} if by_scorer else {})})
    return True


def unseated_phones(game_id: int) -> list[int]:
    """The phones that joined the game (any role in it) and play no seat of it, in the order
    they first came to this server."""
    seated = select(SeatClaim.phone_id).where(SeatClaim.game_id == game_id)
    return list(db.session.scalars(
        select(PhoneGame.phone_id).distinct()
        .where(PhoneGame.game_id == game_id, PhoneGame.phone_id.not_in(seated))
        .order_by(PhoneGame.phone_id)))


def release_seat(game_id: int, seat: int, via: str, phone_id: int | None = None) -> bool:
    """No phone plays `seat` any more (the scorer let go of it, or its own phone did). False,
    with nothing written, when none did."""
    gone = db.session.execute(delete(SeatClaim).where(SeatClaim.game_id == game_id,
                                                      SeatClaim.seat == seat)).rowcount
    if not gone:
        db.session.rollback()
        return False
    _seat_write(game_id, "seat released", via, phone_id, {"seat": seat})
    return True


def count_hand(game_id: int, number: int, seat: int, pips: int, out: bool, via: str,
               phone_id: int | None, by_scorer: bool = False, double_blank: bool = False) -> None:
    """Seat `seat` counted `pips` left in its hand for hand `number` (`out`: it went out;
    `double_blank`: the double blank is among them), or corrects what it counted. Refused when hand `number` is not the one to be entered (saved
    already, or a count for a later one), or when the phone no longer plays that seat (the
    scorer, `by_scorer`, may count any seat)."""
    # the bump first: it waits for a save of the same game (its row lock), so the count of
    # hands read next is the one after that save
    _bump_counts(game_id)
    hands = db.session.scalar(select(func.count()).select_from(Hand)
                              .where(Hand.game_id == game_id))
    if number != hands:
        db.session.rollback()
        raise Refused(f"Round {number + 1} is saved already: your count was not needed."
                      if number < hands else f"Round {number + 1} is not being played yet.")
    if not by_scorer and phone_seat_now(game_id, phone_id) != seat:
        db.session.rollback()
        raise Refused("This phone no longer plays that seat: tap your name again.")
    values = {"game_id": game_id, "number": number, "seat": seat, "pips": pips, "out": out,
              "double_blank": double_blank, "phone_id": phone_id, "updated_at": utcnow(),
              "refused": None}  # counted again: the round's refusal no longer names it
    _insert_or_ignore(PendingCount, values, ["game_id", "number", "seat"],
                      ("pips", "out", "double_blank", "phone_id", "updated_at", "refused"))
    # the hand's number in the data, not in hand_number: the row is no version of the hand
    db.session.add(AuditEvent(game_id=game_id, action="counted", via=via, phone_id=phone_id,
                              data={"number": number, "seat": seat, "pips": pips, "out": out,
                                    "double_blank": double_blank}))
    _move_club_numbers(_club_of(game_id), versions=1)
    db.session.commit()


REFUSED_MAX = 300  # PendingCount.refused's length


def _kept_reason(reason) -> str:
    """A refusal as PendingCount.refused keeps it: a Text as its data (said in each reader's
    language: refusal_of), or its English where that would not fit."""
    kept = json.dumps(as_data(reason), ensure_ascii=False)
    return kept if len(kept) <= REFUSED_MAX else str(reason)[:REFUSED_MAX]


def refusal_of(kept: str | None):
    """The refusal PendingCount.refused keeps (_kept_reason): a Text, or the English sentence
    it kept (so did every row written before refusals were kept as data)."""
    if kept and kept.startswith("{"):
        try:
            return as_text(json.loads(kept))
        except (ValueError, TypeError, KeyError):
            return kept
    return kept


def refuse_round(game_id: int, number: int, to_fix: dict[int, tuple[int, bool, bool]],
                 reason, via: str) -> None:
    """The scorer's save of hand `number` was refused for `reason` (a Text, kept so that each
    phone says it in its language), naming the counts of the seats in `to_fix` (seat -> the
    pips, out and double blank it counted, as the save read them): each is marked so (every
    phone's panel says it), unless it was corrected since (its new count was not the one
    refused)."""
    _bump_counts(game_id)  # after a save or count of the same game (its row lock)
    for seat, (pips, out, double_blank) in to_fix.items():
        db.session.execute(
            update(PendingCount).where(PendingCount.game_id == game_id,
                                       PendingCount.number == number, PendingCount.seat == seat,
                                       PendingCount.pips == pips, PendingCount.out == out,
                                       PendingCount.double_blank == double_blank)
            .values(refused=_kept_reason(reason))
            .execution_options(synchronize_session=False))
    db.session.add(AuditEvent(game_id=game_id, action="round refused", via=via,
                              data={"number": number, "seats": sorted(to_fix),
                                    "reason": str(reason), "said": as_data(reason)}))
    _move_club_numbers(_club_of(game_id), versions=1)
    db.session.commit()


def phone_seat_now(game_id: int, phone_id: int | None) -> int | None:
    """The seat the phone plays, read in this transaction (phone_seat reads what is
    committed, for the poll)."""
    return db.session.scalar(_SEAT_OF, {"game_id": game_id, "phone_id": phone_id or 0})


def pending_counts(game_id: int, number: int) -> dict[int, PendingCount]:
    """Seat -> what it counted for hand `number`, not saved yet."""
    return {c.seat: c for c in db.session.scalars(
        select(PendingCount).where(PendingCount.game_id == game_id,
                                   PendingCount.number == number))}


def drop_counts(game_id: int, number: int, count_version: int) -> bool:
    """The counts of hand `number` go with the write that saves it (the caller's write_hand,
    in the same transaction), if none moved since they were read at `count_version`; False,
    with nothing written, when one did (the save would lose it). The game's row is written
    first, as count_hand's bump does before it writes a count: a count racing the save waits
    for it, never deadlocks with it, and one that got in first moved count_version on."""
    locked = db.session.execute(
        update(Game).where(Game.id == game_id, Game.count_version == count_version)
        .values(count_version=Game.count_version)
        .execution_options(synchronize_session=False)).rowcount
    if locked != 1:
        db.session.rollback()
        return False
    db.session.execute(delete(PendingCount).where(PendingCount.game_id == game_id,
                                                  PendingCount.number == number))
    return True


def _club_of(game_id: int) -> int | None:
    return db.session.scalar(select(Game.club_id).where(Game.id == game_id))


def _bump_counts(game_id: int) -> None:
    """The game's row written first (its lock: a save of the same game waits, or is waited
    for), its count_version moved on."""
    db.session.execute(update(Game).where(Game.id == game_id)
                       .values(count_version=Game.count_version + 1, updated_at=utcnow())
                       .execution_options(synchronize_session=False))


def _seat_write(game_id: int, action: str, via: str, phone_id: int | None, data: dict) -> None:
    _bump(game_id, None)  # the version: a seat claimed or let go redraws the scorer's page
    db.session.add(AuditEvent(game_id=game_id, action=action, via=via, phone_id=phone_id,
                              data=data))
    _move_club_numbers(_club_of(game_id), versions=1)
    db.session.commit()
