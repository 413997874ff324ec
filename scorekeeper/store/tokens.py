"""API tokens (scorekeeper/api) and the answers kept for an Idempotency-Key."""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import bindparam, delete, func, or_, select, update

from .. import kept_reads
from ..extensions import db
from ..models import ApiToken, ApiWrite, IdempotentAnswer, utcnow
from .common import _insert_or_ignore


def make_token(secret_hash: str, label: str, right: str, *, club_id: int | None = None,
               game_id: int | None = None, member_id: int | None = None,
               phone_id: int | None = None, role_kind: str | None = None,
               role_token: str | None = None, expires_at: datetime | None = None) -> ApiToken:
    """A new API token, kept as the hash of its secret (the caller shows the secret once)."""
    token = ApiToken(secret_hash=secret_hash, label=label[:40], right=right, club_id=club_id,
                     game_id=game_id, member_id=member_id, phone_id=phone_id,
                     role_kind=role_kind, role_token=role_token, expires_at=expires_at)
    db.session.add(token)
    db.session.commit()
    return token


def revoke_token(token_id: int, *where) -> bool:
    """Delete the token (and the answers kept for it), when it matches `where` too (the
    caller's right over it). False when there was none such (revoked a moment ago)."""
    done = db.session.execute(delete(ApiToken).where(ApiToken.id == token_id, *where)
                              .execution_options(synchronize_session=False)).rowcount
    db.session.commit()
    return done == 1


# Built once: every API request runs it. What a token may do, by the hash of its secret.
_TOKEN = (select(ApiToken.id, ApiToken.label, ApiToken.right, ApiToken.club_id,
                 ApiToken.game_id, ApiToken.role_kind, ApiToken.role_token,
                 ApiToken.last_used_at, ApiToken.expires_at)
          .where(ApiToken.secret_hash == bindparam("secret_hash")))


@kept_reads.keep
def token_by_hash(secret_hash: str):
    """The token whose secret hashes to `secret_hash` (its columns _TOKEN reads), or None: one
    statement on a connection of its own, kept until the next commit where the database can
    say (a revoke, a membership's end, a token's use noted: each is a commit)."""
    rows = kept_reads.read_committed(_TOKEN, {"secret_hash": secret_hash})
    return rows[0] if rows else None


# How stale a token's last use may be shown: a token used every second writes once a minute.
TOKEN_USE_STEP = timedelta(minutes=1)


def token_used(token_id: int, now: datetime) -> None:
    """Note the token's use now, unless noted within TOKEN_USE_STEP (one UPDATE at most)."""
    db.session.execute(update(ApiToken).where(
        ApiToken.id == token_id, or_(ApiToken.last_used_at.is_(None),
                                     ApiToken.last_used_at < now - TOKEN_USE_STEP))
        .values(last_used_at=now).execution_options(synchronize_session=False))
    db.session.commit()


# How long an Idempotency-Key's answer is kept: a client retries within minutes, not days.
IDEMPOTENCY_KEEP = timedelta(hours=24)


def claim_idempotency_key(token_id: int, key: str, request_hash: str) -> IdempotentAnswer | None:
    """Claim `key` for this token's request: None when this request is the first with it (it
    then answers, and keep_answer stores that), else the row of the request that got there
    first (its answer, or status None while it is still being answered). One INSERT that
    never fails on a race: two requests with one key, on any number of workers, make one row."""
    now = utcnow()
    db.session.execute(delete(IdempotentAnswer).where(
        IdempotentAnswer.created_at < now - IDEMPOTENCY_KEEP))
    made = _insert_or_ignore(IdempotentAnswer, {"token_id": token_id, "key": key,
                                                "request_hash": request_hash,
                                                "created_at": now}, ["token_id", "key"],
                             returning=(IdempotentAnswer.key,)).first()
    db.session.commit()
    if made is not None:
        return None
    return idempotent_answer(token_id, key)


def idempotent_answer(token_id: int, key: str) -> IdempotentAnswer | None:
    """The row kept for the key, as committed now."""
    return db.session.scalars(select(IdempotentAnswer).where(
        IdempotentAnswer.token_id == token_id, IdempotentAnswer.key == key)
        .execution_options(populate_existing=True)).one_or_none()


def keep_answer(token_id: int, key: str, status: int, body: str, headers: dict) -> None:
    """The answer to the request that claimed `key`: the same request sent again gets it."""
    db.session.execute(update(IdempotentAnswer).where(
        IdempotentAnswer.token_id == token_id, IdempotentAnswer.key == key)
        .values(status=status, body=body, headers=headers)
        .execution_options(synchronize_session=False))
    db.session.commit()


def release_idempotency_key(token_id: int, key: str) -> None:
    """The request that claimed `key` changed nothing (refused, or an error of the server): the
    key is free again, so a retry is answered anew."""
    db.session.rollback()
    db.session.execute(delete(IdempotentAnswer).where(
        IdempotentAnswer.token_id == token_id, IdempotentAnswer.key == key,
        IdempotentAnswer.status.is_(None)))
    db.session.commit()


def record_api_write(token_id: int, now: datetime, window: timedelta) -> tuple[int, int, datetime]:
    """Count a write of the token before it is made: (its row's id, the token's writes in the
    last `window` with this one, the first of them). Committed before the count is read, as
    record_guess is, so no burst on several workers gets past the limit."""
    db.session.execute(delete(ApiWrite).where(ApiWrite.at <= now - window))
    row = ApiWrite(token_id=token_id, at=now)
    db.session.add(row)
    db.session.flush()
    row_id = row.id
    db.session.commit()
    count, first = db.session.execute(select(func.count(), func.min(ApiWrite.at)).where(
        ApiWrite.token_id == token_id, ApiWrite.at > now - window)).one()
    return row_id, count, first


_WRITE_TIMES = select(ApiWrite.at).where(ApiWrite.token_id == bindparam("token_id"))


def api_writes(token_id: int, now: datetime, window: timedelta) -> tuple[int, datetime | None]:
    """The token's writes in the last `window`, and when the first of them was (for a read's
    RateLimit headers: from memory while nothing was committed, see _write_times)."""
    times = [at for at in _write_times(token_id) if at > now - window]
    return len(times), min(times, default=None)


@kept_reads.keep
def _write_times(token_id: int) -> list[datetime]:
    """When the token wrote, as far back as the rows go (each write drops the older ones)."""
    return [row.at for row in kept_reads.read_committed(_WRITE_TIMES, {"token_id": token_id})]


def forget_api_write(row_id: int) -> None:
    """A write refused by the limit does not count."""
    db.session.execute(delete(ApiWrite).where(ApiWrite.id == row_id))
    db.session.commit()
