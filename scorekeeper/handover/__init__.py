"""Going on with a game when its phone or the game itself is done: taking over scoring, a
viewer's copy when a scorer's phone is gone, and the rematch.

- /games/<id>/take-over (club games): a phone that joined the game's club takes over scoring,
  after a confirmation page; the old scoring phones and scorer links stop working, and the
  history of changes says who took over and when (store.take_over).
- /games/<id>/continue (games outside a club): the scorer's phone is gone and nobody else can
  score. Anyone watching may make a copy of the game as it stands that their phone scores; the
  original is never changed by it, so a stranger who knows the join code gains nothing over the
  table (they get a private copy). The others join the copy by its own QR code.
- A phone whose scoring ended (a take-over, a new scorer link) learns it at its next poll, and
  the hand it had started stays on its screen in words, a save it sends too
  (games/scoring_ended.py;
  /games/<id>/hands/words gives the words to static/js/hand-keeper.js).
- /games/<id>/rematch: one tap on a finished game starts the next one (store.rematch); the old
  game's poll sends its watchers on (games.live_update's HX-Redirect to /games/<id>/next, which
  gives a phone that could read the old game viewer access to the new one).
"""
from flask import Blueprint

bp = Blueprint("handover", __name__)

from . import views  # noqa: E402,F401  (the routes)
