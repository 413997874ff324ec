"""Players blueprint: what a game or a club's games add up to, read-only.

review.py (a game hand by hand: the grid and its CSV rows) and charts.py (a result to chart
geometry) are pure; views.py only loads, checks who may read, and renders.
"""
from flask import Blueprint

bp = Blueprint("players", __name__)

from . import views  # noqa: E402,F401  (the routes register themselves on bp)
