"""Clubs: a group that plays together, its roster of people, its phones (members), its games.

views.py holds the routes; roster.py the club's read side (its people and recent games). Every
write goes through store.
"""
from flask import Blueprint

bp = Blueprint("clubs", __name__)

from . import views  # noqa: E402,F401  (the routes)
