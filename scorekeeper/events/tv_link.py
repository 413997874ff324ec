"""An event's TV link (issue 38): a URL holding a secret (ClubEvent.tv_secret) that opens that
event's TV and nothing else, read only, to anyone, no club membership asked: the venue's TV or
a projector laptop is one scan of its QR code away, and spectators at home watch with it. The
organizer makes one on the event page; a new one replaces it, and the old link opens nothing
from then on (404, as a link that never was). Holding it grants no role and sets no cookie: the
event page, the club, the games stay members only. Its poll is answered as the members' TV's
(live.answer_at), before Flask's dispatch while nothing changed (kept_poll).
"""
from __future__ import annotations

from flask import abort, redirect, request, url_for
from sqlalchemy import bindparam, select

from .. import i18n, kept_reads, qr, store
from ..models import ClubEvent
from . import bp, live, record as records
from .views import _running, _via

# Where a request's TV link reads are kept (the WSGI environ: the same for kept_polls's
# request context and the app's), as live._HEADS.
_LINKS = "scorekeeper.tv_links"
_BY_SECRET = (select(ClubEvent.club_id, ClubEvent.id)
              .where(ClubEvent.tv_secret == bindparam("secret")))


@kept_reads.keep
def linked_event(secret: str) -> tuple[int, int] | None:
    """(club id, event id) of the event whose TV link holds `secret`, None for none (a link
    replaced since, or never made): one statement, none while nothing was committed."""
    rows = kept_reads.read_committed(_BY_SECRET, {"secret": secret})
    return tuple(rows[0]) if rows else None


def _head(secret: str) -> records.EventHead:
    """The linked event's head, as a phone with no membership reads it (404: no such link)."""
    heads = request.environ.setdefault(_LINKS, {})
    if secret not in heads:
        ids = linked_event(secret) if 20 <= len(secret) <= 40 else None
        heads[secret] = None if ids is None else records.event_head(*ids, None)
    found = heads[secret]
    if found is None or found.id is None:
        abort(404)
    i18n.speak_club_language(found.club.language)
    return found


def poll_url(secret: str) -> str:
    return url_for("events.tv_link", secret=secret)


def link_url(event: ClubEvent) -> str | None:
    """The event's TV link as other screens open it (its QR code), None before one is made."""
    return qr.absolute_url(poll_url(event.tv_secret)) if event.tv_secret else None


@bp.app_context_processor
def _tv_link_helpers():
    """tv_link_url(event) for the event page's TV link (partials/events/_tv_link.html)."""
    return {"tv_link_url": link_url}


@bp.get("/e/<secret>/tv")
def tv_link(secret: str):
    """The event's TV by its link (partials/events/_tv.html, polling this same URL)."""
    return live.answer_at(_head(secret), "tv-link", tv_poll=poll_url(secret))


def kept_poll():
    """The TV link's poll answered from what is kept, or None (kept_polls.KeptPolls)."""
    return live.kept_answer(_head(request.view_args["secret"]), "tv-link")


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/tv-link")
def new_link(club_id: int, event_id: int):
    """A new TV link (organizer only): the old one, if any, opens nothing from now on."""
    _club, phone, event = _running(club_id, event_id, ())  # (the event row alone)
    store.new_tv_link(event.id, _via(phone))
    return redirect(url_for("events.event_page", club_id=club_id, event_id=event_id)
                    + "#tv-link", 303)
