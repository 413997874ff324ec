"""Events of a club: tournaments and club nights (spec/events.md), on top of the pure events
library (scorekeeper.tournament).

views.py holds the routes only; record.py loads an event and derives its event record (never
stored); setup.py reads the new-event form; running.py seats rounds and shapes what the pages
show. Every write goes through store.py.
"""
from flask import Blueprint

bp = Blueprint("events", __name__)

from . import views  # noqa: E402,F401  (the routes)
