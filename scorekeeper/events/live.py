"""The event page's and TV view's live side, as the game pages' (games/live.py): what they are
cached by read in one statement and kept in memory between commits (records.event_head), the
standings and rounds derived once per stamp and shared by every phone's render, a render per
ETag served from the same render cache, and polls answered 304 while nothing changed: every
phone at the night and the TV poll the event every few seconds.
"""
from __future__ import annotations

import hashlib

from flask import request

from .. import qr, render_cache
from ..models import utcnow
from . import record as records, running

# Events whose derived view (running.event_context) is kept: a night's one or two, a club's
# few; each entry is rebuilt from the database when dropped.
CONTEXTS = 32


def etag(head: records.EventHead) -> str:
    """The ETag of what this request sees of the event at `head` (records.event_head): the
    event's stamp, whether this phone runs the event (it sees the organizer's buttons), the
    minute while a round has a time limit (the time left moves), the host and public URL."""
    minute = utcnow().strftime("%H%M") if (head.settings or {}).get("time_limit") else ""
    rest = hashlib.blake2s(f"{request.host}|{qr.base_url()}".encode(), digest_size=6).hexdigest()
    return f"{head.stamp}-{'run' if head.runs else 'watch'}-{minute}-{rest}"


def context(head: records.EventHead) -> dict:
    """running.event_context of the event at `head`, derived once per stamp (the standings
    replayed once, whoever asks first) and shared by every render at that stamp: its values
    are read, never changed (the time left, which moves with the clock, is added per render).
    Read afresh when the event moved since the head was read (the event loaded must be the
    one the stamp names, or a page would be kept under a stamp it does not show)."""
    kept = render_cache.named("event_contexts", items=CONTEXTS)
    ctx = kept.get(head.stamp)
    if ctx is None:
        ctx = running.event_context(records.load_event(head.club.id, head.id))
        if records.stamp_of(ctx["event"]) == head.stamp:
            kept.put(head.stamp, ctx)
    return {**ctx, "minutes_left": running.minutes_left(ctx["event"], ctx.get("current_round"))}

