"""The API's rate limits, said on every answer as the IETF draft names them (RateLimit-Limit,
-Remaining, -Reset: draft-ietf-httpapi-ratelimit-headers): a token's writes (API_WRITES_PER_MINUTE
per token, on any worker: counted in the database, store.record_api_write), and, for a request
with no right token, the wrong codes and tokens its address may still send (codes.GUESS_LIMIT a
minute)."""
from __future__ import annotations

from datetime import timedelta

from flask import current_app, request
from flask_babel import gettext as _

from .. import codes, store
from ..models import utcnow
from .problems import refuse

WINDOW = timedelta(minutes=1)


def _writes_allowed() -> int:
    """API_WRITES_PER_MINUTE (120: a table enters a hand a minute, an import its games in a
    burst)."""
    return int(current_app.config["API_WRITES_PER_MINUTE"])


def _quota(limit: int, used: int, first) -> dict:
    """The headers of a quota of `limit` in WINDOW, `used` of it since `first`."""
    reset = WINDOW if first is None else max(first + WINDOW - utcnow(), timedelta(0))
    return {"RateLimit-Limit": str(limit), "RateLimit-Remaining": str(max(limit - used, 0)),
            "RateLimit-Reset": str(max(1, -(-int(reset.total_seconds() * 1000) // 1000)))}


def count_write(token) -> None:
    """Count this write of `token`: past its limit, 429 (the refused write is not counted)."""
    limit = _writes_allowed()
    row_id, used, first = store.record_api_write(token.id, utcnow(), WINDOW)
    quota = _quota(limit, used, first)
    request._get_current_object()._sk_quota = quota  # (on the request: as auth keeps its token)
    if used > limit:
        store.forget_api_write(row_id)
        refuse(429, _("This token wrote %(limit)s times in the last minute, its limit: wait "
                      "%(seconds)s seconds and send it again.", limit=limit,
                      seconds=quota["RateLimit-Reset"]),
               {**quota, "Retry-After": quota["RateLimit-Reset"]}, "too-many-writes")


def say_quota(response):
    """An API answer's RateLimit-* headers: the quota this request counted against, or its
    token's writes, or its address's wrong guesses (no right token)."""
    req = request._get_current_object()
    quota = getattr(req, "_sk_quota", None)
    if quota is None:
        token = getattr(req, "_sk_token", None)
        if token is not None:
            used, first = store.api_writes(token.id, utcnow(), WINDOW)
            quota = _quota(_writes_allowed(), used, first)
        else:
            used, first = store.guesses_from(codes.guess_address(), utcnow() - codes.GUESS_WINDOW)
            quota = _quota(codes.GUESS_LIMIT, used, first)
    response.headers.update(quota)
    return response
