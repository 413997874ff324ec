"""An event's TV link (events/tv_link.py): the secret whose URL opens the event's TV for anyone,
read only. Making one replaces the one before: the old link opens nothing from then on."""
from __future__ import annotations

from sqlalchemy import update

from ..extensions import db
from ..models import ClubEvent, new_secret
from .common import _bump_event
from .events import _event_audit


def new_tv_link(event_id: int, via: str) -> str:
    """A new TV link's secret for the event, replacing the old one; in the event's history.
    The event's version moves on (every page of it shows the new link). One transaction."""
    secret = new_secret()
    _bump_event(event_id)
    db.session.execute(update(ClubEvent).where(ClubEvent.id == event_id)
                       .values(tv_secret=secret).execution_options(synchronize_session=False))
    _event_audit(event_id, "new TV link", via)
    db.session.commit()
    return secret
