"""Events of a club: tournaments and club nights (spec/events.md), on top of the pure events
library (scorekeeper.tournament).

views.py holds the routes only; record.py loads an event and derives its event record (never
stored); setup.py reads the new-event form; running.py seats rounds and shapes what the pages
show. Every write goes through store.
"""
from flask import Blueprint

from .placing import decided_by, format_name, pool_name, undecided_tie

bp = Blueprint("events", __name__)


@bp.record_once
def _template_helpers(state) -> None:
    """The standings' words (partials/events/_standings.html), registered with the blueprint, so
    the app-wide filters.py imports nothing of events."""
    state.app.jinja_env.globals.update(places_decided_by=decided_by, pool_name=pool_name,
                                       undecided_tie=undecided_tie, format_name=format_name)


@bp.record_once
def _champions_for_webhooks(state) -> None:
    """How the store's webhooks read an event's champions (record.champions): registered with
    the app, since the store imports no feature package."""
    from .record import champions

    state.app.extensions["scorekeeper_event_champions"] = champions


from . import tv_link, views  # noqa: E402,F401  (the routes)
