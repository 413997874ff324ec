"""Routes of the players blueprint: a game's review (chart, hand-by-hand sheet) and its CSV.

Reading needs the same role as the game page (access.require_reader: a browser without one is
sent to /join). Each page scores the record once (rules.score) and hands the result to the pure
view-models in review.py and charts.py.
"""
from __future__ import annotations

import csv
import io

from flask import abort, make_response

from .. import access, pages, rules
from ..extensions import db
from ..filters import hand_word
from ..models import Game
from . import bp, charts, review


def _readable_game(game_id: int) -> Game:
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    access.require_reader(game)
    return game


def csv_response(rows: list[list], filename: str):
    """A CSV download that opens cleanly in a spreadsheet: UTF-8 with a byte order mark (Excel
    needs it to read UTF-8), CRLF line ends (RFC 4180), a header row first."""
    out = io.StringIO()
    out.write("\ufeff")
    csv.writer(out).writerows(rows)
    response = make_response(out.getvalue().encode("utf-8"))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/games/<int:game_id>/review")
def game_review(game_id: int):
    game = _readable_game(game_id)
    record = game.record()
    result = rules.score(record)
    variant = rules.VARIANTS.get(game.variant)
    word = hand_word(game.variant)
    return pages.render(
        "players/review.html", "players/_review.html", game=game, variant=variant,
        record=record, result=result, word=word,
        chart=charts.running_totals(result, word),
        sheet=review.grid(variant, record, result) if variant else None)


@bp.get("/games/<int:game_id>/hands.csv")
def game_hands_csv(game_id: int):
    game = _readable_game(game_id)
    variant = rules.VARIANTS.get(game.variant)
    if variant is None:
        abort(404)
    record = game.record()
    rows = review.csv_rows(variant, record, rules.score(record), hand_word(game.variant))
    return csv_response(rows, f"scorekeeper-{game.variant}-{game.id}-hands.csv")
