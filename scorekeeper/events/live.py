"""The event page's and TV view's live side, as the game pages' (games/live.py): what they are
cached by read in one statement and kept in memory between commits (records.event_head), the
standings and rounds derived once per stamp and shared by every phone's render, a render per
ETag served from the same render cache, and polls answered 304 while nothing changed, mostly
before Flask's dispatch (kept_polls.KeptPolls): every phone at the night and the TV poll the
event every 2 s.
"""
from __future__ import annotations

import hashlib
import time

from flask import abort, current_app, make_response, render_template, request

from .. import access, i18n, qr, render_cache, store, web
from ..clubs import roster
from ..models import utcnow
from . import record as records, running

# Events whose derived view (running.event_context) is kept, each at its latest stamp only: a
# night's one or two, a club's few; each entry is rebuilt from the database when dropped. (By
# stamp, a busy night filled every entry with its own past stamps: 32 views of a 150-team
# event, 135,000 objects each worker's garbage collector walked, 150-180 ms a full collection.)
CONTEXTS = 32
# Where a request's event heads are kept for its view (the WSGI environ: the same for
# kept_polls.KeptPolls's request context and the app's).
_HEADS = "scorekeeper.event_heads"
# What each cached view of the event renders: its page, and the part htmx asks for.
VIEWS = {"page": ("events/event.html", "events/_event.html"),
         "live": ("", "events/_event_live.html"),
         "tv": ("events/tv.html", "events/_tv.html"),
         "tv-link": ("events/tv.html", "events/_tv.html")}  # the TV by its link (tv_link.py)


def head(club_id: int, event_id: int) -> records.EventHead:
    """The event's head as this phone asks (records.event_head: one statement, none while
    nothing was committed), with roster.load_club's checks: the members-only 404 for no such
    club and for a phone that is not in it, 404 for no such event; a club that somehow lost its
    admin gets one back. Read once per HTTP request: a poll that kept_polls.KeptPolls could
    not answer reaches the view with the head it read (on a database server, where the head
    is not kept, a second read would be a second statement)."""
    asked = (club_id, event_id, access.phone_id())
    heads = request.environ.setdefault(_HEADS, {})
    found = heads[asked] if asked in heads else heads.setdefault(
        asked, records.event_head(*asked))
    if found is None or found.member_id is None:  # (the same answer: roster.members_only)
        abort(roster.members_only())
    i18n.speak_club_language(found.club.language)
    if not found.has_admin:
        store.ensure_admin(club_id)
    if found.id is None:
        abort(404)
    return found


def etag(head: records.EventHead) -> str:
    """The ETag of what this request sees of the event at `head` (records.event_head): the
    event's stamp, then how this phone sees it (_seen_as)."""
    return f"{head.stamp}-{_seen_as(head)}"


def _seen_as(head: records.EventHead) -> str:
    """How this request sees the event, whatever its stamp: whether this phone runs it (it
    sees the organizer's buttons), the minute while a round has a time limit (the time left
    moves), the host and public URL, the language."""
    minute = utcnow().strftime("%H%M") if (head.settings or {}).get("time_limit") else ""
    rest = hashlib.blake2s(f"{request.host}|{qr.base_url()}|{i18n.language()}".encode(),
                           digest_size=6).hexdigest()
    return f"{'run' if head.runs else 'watch'}-{minute}-{rest}"


# ---------------------------------------------------------------- a busy night's polls
#
# At a big night a table saves a hand every half second, each a new stamp: were every poll
# after it answered with a render of its own stamp, each worker would render the event after
# every hand. A poll is answered instead with the latest render of the event as the phone sees
# it while that render is younger than EVENT_POLL_FRESH_FOR seconds (config; 0: every stamp
# its render), when the phone holds an earlier one this worker rendered (it moves on) or that
# very one (304): a watcher sees a change at most that much later. A phone holding a render
# this worker does not know (a page just rendered elsewhere, its own write's) gets its stamp's.

FRESH_FOR = 1.5  # EVENT_POLL_FRESH_FOR's default
STREAM = 8  # the renders remembered per event and way of seeing it


def _stream_key(head: records.EventHead) -> str:
    return f"{head.id}:{_seen_as(head)}"


def _rendered(head: records.EventHead, tag: str) -> None:
    """Remember that this worker rendered the event at `tag` (seen as this request sees it)."""
    streams = render_cache.named("event_streams", items=256)
    key = _stream_key(head)
    kept = [t for t in streams.get(key) or () if t[0] != tag]
    streams.put(key, tuple(kept[-(STREAM - 1):]) + ((tag, time.monotonic()),))


def _recent(head: records.EventHead) -> str | None:
    """The tag of the latest render to answer this poll with (the block above), or None."""
    fresh_for = current_app.config.get("EVENT_POLL_FRESH_FOR", FRESH_FOR)
    stream = render_cache.named("event_streams", items=256).get(_stream_key(head))
    if not fresh_for or not stream or time.monotonic() - stream[-1][1] > fresh_for:
        return None
    held = request.if_none_match.as_set(include_weak=True)
    return stream[-1][0] if any(tag in held for tag, _at in stream) else None


def context(head: records.EventHead) -> dict:
    """The event page's (and TV view's) context as this phone sees it: running.event_context
    of the event at `head`, derived once per stamp (the standings replayed once, whoever asks
    first) and shared by every render at that stamp (its values are read, never changed; the
    time left, which moves with the clock, is worked out per render). Kept for the event's
    latest stamp only, and not when the event moved since the head was read: a stamp's entry
    shows that stamp."""
    kept = render_cache.named("event_contexts", items=CONTEXTS)
    stamp, derived = kept.get(str(head.id)) or (None, None)
    if stamp != head.stamp:
        derived = running.event_context(records.load_event(head.club.id, head.id))
        if records.stamp_of(derived["event"]) == head.stamp:
            kept.put(str(head.id), (head.stamp, derived))
    return {**derived, "club": head.club, "runs": head.runs, "live_etag": etag(head),
            "minutes_left": running.round_clock(derived["event"], derived)}


def _part(kind: str) -> str | None:
    """The partial this request renders of view `kind` (None: the whole page)."""
    return VIEWS[kind][1] if kind == "live" else web.partial_for(VIEWS[kind][1])


def _key(kind: str, tag: str, part: str | None) -> str:
    """The render cache's key of view `kind` at ETag `tag`, whole page or `part`."""
    return f"event-{kind}:{tag}:{part or 'page'}"


def _polled(kind: str) -> bool:
    """Whether this request for view `kind` is a poll (the live part, or the TV's htmx
    update): revalidated by its ETag. The page itself (and the TV's) carries a CSRF token, and
    goes out no-store as every such page does (security.py)."""
    return kind == "live" or kind in ("tv", "tv-link") and web.is_htmx()


def _finish(response, tag: str, kind: str):
    """An answer's headers, on a 304 as on a 200: the weak ETag, revalidated on every poll
    (no-cache; a page, no-store), what it varies by (as the app's hooks would add it: an answer
    from before the app's dispatch says the same)."""
    response.set_etag(tag, weak=True)
    response.headers["Cache-Control"] = "no-cache" if _polled(kind) else "no-store"
    response.vary.update(("Cookie", "HX-Request", "Accept-Encoding"))
    return response


def kept_answer(head: records.EventHead, kind: str):
    """View `kind` of the event from what is kept: the poll's 304 when the phone has it
    already, else the render cache's; None when it must be rendered (answer)."""
    tag = etag(head)
    if _polled(kind) and request.if_none_match.contains_weak(tag):
        return _finish(make_response("", 304), tag, kind)
    key = _key(kind, tag, _part(kind))
    body = render_cache.cached(key)
    if body is None and _polled(kind):
        tag = _recent(head) or tag
        if request.if_none_match.contains_weak(tag):
            return _finish(make_response("", 304), tag, kind)
        key = _key(kind, tag, _part(kind))
        body = render_cache.cached(key)
    return None if body is None else _finish(render_cache.respond(key, body), tag, kind)


def answer(club_id: int, event_id: int, kind: str):
    """View `kind` ("page", "live", "tv") of the event, rendered once per ETag and served
    from the render cache (kept_answer)."""
    return answer_at(head(club_id, event_id), kind)


def answer_at(found: records.EventHead, kind: str, **extra):
    """answer() of the event at `found`, its head; `extra`: more context, the same for every
    render of this `kind` at a stamp (the TV link's own poll URL)."""
    response = kept_answer(found, kind)
    if response is not None:
        return response
    tag, part = etag(found), _part(kind)
    key = _key(kind, tag, part)
    ctx = {**context(found), **extra, "csrf_token": render_cache.placeholder_csrf}
    template = f"partials/{part}" if part else VIEWS[kind][0]
    body = render_cache.body(key, lambda: render_template(template, **ctx))
    _rendered(found, tag)
    return _finish(render_cache.respond(key, body), tag, kind)


def kept_poll():
    """An event poll's (the event page's or the TV's) answer from what is kept, or None
    (kept_polls.KeptPolls)."""
    kind = "live" if request.endpoint == "events.event_live" else "tv"
    return kept_answer(head(request.view_args["club_id"], request.view_args["event_id"]), kind)
