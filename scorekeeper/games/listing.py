"""The lists of games (the home page's, a club home's recent games): each game's standing read
from its cached summary (Game.summary, stats.game_summary of its record, which store
recomputes in the transaction of every write to the game), so a list costs the same few
statements and no replay however many games and hands it shows.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy.orm import selectinload

from .. import rules, stats
from ..models import Game
from .board import leader

# What a list needs of a game: its row and its seats (never its hands).
LISTED = selectinload(Game.players)


def standing(game: Game) -> dict[str, Any]:
    """What the list shows of a game, shaped as the part of rules.score's result it reads:
    ok, finished, winners, the sides' names and totals, error; `hands` is their number. From
    the cached summary; a game without a current one (its record does not score, or the
    summary is of an older stats version) is scored from its record (its hands loaded then)."""
    summary = game.summary
    if summary is None or summary.get("version") != stats.SUMMARY_VERSION:
        result = rules.score(game.record())
        return {**result, "hands": len(result.get("hands") or [])}
    names = game.player_names
    return {"ok": True, "finished": summary["finished"], "winners": summary["winners"],
            "sides": [" & ".join(names[s] for s in side["seats"] if s < len(names))
                      for side in summary["sides"]],
            "totals": [side["total"] for side in summary["sides"]], "hands": summary["hands"]}


def game_items(games: list[Game]) -> list[dict[str, Any]]:
    """The list's items, each {game, result (standing), variant, leader}."""
    items = []
    for game in games:
        result = standing(game)
        variant = rules.VARIANTS.get(game.variant)
        items.append({"game": game, "result": result, "variant": variant,
                      "leader": leader(variant, result) if variant else None})
    return items
