"""The event page's and TV view's live side, as the game pages' (games/live.py): a render per
stamp (records.stamp: the event's version and its games' versions), served from the same
render cache, and polls answered 304 while nothing changed.
"""
from __future__ import annotations

import hashlib

from flask import request

from .. import access, qr
from ..models import utcnow


def etag(head, phone) -> str:
    """The ETag of what this request sees of the event at `head` (records.stamp): the
    versions, whether this phone runs the event (it sees the organizer's buttons), the
    minute while a round has a time limit (the time left moves), the host and public URL."""
    runs = phone.is_admin or (head.creator_phone_id is not None
                              and head.creator_phone_id == access.phone_id())
    minute = utcnow().strftime("%H%M") if (head.settings or {}).get("time_limit") else ""
    rest = hashlib.blake2s(f"{request.host}|{qr.base_url()}".encode(), digest_size=6).hexdigest()
    return (f"e{head.id}-v{head.version}-g{head.games_version}.{head.games}"
            f"-{'run' if runs else 'watch'}-{minute}-{rest}")
