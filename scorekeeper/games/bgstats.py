"""“Send to BG Stats”: a finished game as BG Stats' “create play” link
(https://app.bgstatsapp.com/createPlay.html?data=<URL-encoded JSON>), on the game page and in
the API (one function for both).

Everything in it is read from the record and the engine's result: who won and each side's
total, the variant's own properties (its title, whether the lowest total wins), the rules card's
house rules in words. The time is the game's start in the club's time zone (CLUB_TIMEZONE, an
IANA name; the server's own zone when unset).
"""
from __future__ import annotations

import hashlib
import hmac
import json
from datetime import timezone
from urllib.parse import quote
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app
from flask_babel import gettext

from ..i18n import say
from ..rules import VARIANTS
from ..rules.card import rules_card
from ..stats import name_key

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="


def installation() -> str:
    """This server's own mark in the ids it gives BG Stats (sourcePlayId, sourcePlayerId), so
    that two servers' game 6 or person 1 are not one to BG Stats, which spots duplicates by
    them: drawn from the server's SECRET_KEY (random per installation, the same in every
    worker and after a restart), never showing it."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, b"BG Stats installation", hashlib.sha256).hexdigest()[:12]


def _club_time(moment):
    """A stored UTC time in the club's time zone."""
    aware = moment.replace(tzinfo=timezone.utc)
    name = current_app.config.get("CLUB_TIMEZONE")
    try:
        return aware.astimezone(ZoneInfo(name)) if name else aware.astimezone()
    except (ZoneInfoNotFoundError, ValueError):
        return aware.astimezone()


def board(variant, options: dict) -> str:
    """The variant and its house rules in words (the rules card's lines that differ from the
    written rules), in the reader's language: BG Stats shows it as it is."""
    house = [say(line.text) for line in rules_card(variant, options) if line.house]
    if house:
        return gettext("%(game)s. House rules: %(rules)s", game=say(variant.title),
                       rules=" ".join(house))
    return gettext("%(game)s, as written.", game=say(variant.title))


def _ranks(totals: list, winners: set, lowest_wins: bool) -> list[int]:
    """Each side's place: the winners first (rank 1, all of them), then by total (the lowest
    first where the lowest wins), equal totals sharing a place."""
    def better(a: int, b: int) -> bool:
        if (a in winners) != (b in winners):
            return a in winners
        return totals[a] < totals[b] if lowest_wins else totals[a] > totals[b]
    return [1 + sum(better(other, side) for other in range(len(totals)))
            for side in range(len(totals))]


def play(game, record: dict, result: dict) -> dict | None:
    """The play as BG Stats reads it, or None while the game is not finished: its players the
    winners first (both partners), then by place, in seat order within one."""
    if not (result.get("ok") and result.get("finished")):
        return None
    variant = VARIANTS[game.variant]
    winners = set(result["winners"])
    ranks = _ranks(result["totals"], winners, variant.lowest_wins)
    # played from the first hand's time to the last's: a game made before its play (through
    # the API, a sheet making the night's games early) or with its hands at once says so
    hand_times = [h.created_at for h in game.hands] or [game.created_at]
    # the first to bid: left of the first dealer (game-record.md: "left of X" is X + 1)
    first_bidder = (record["first_dealer"] + 1) % len(record["players"])
    players, server = [], installation()
    for seat in game.players:
        side = variant.side_of(seat.seat)
        player = {"name": seat.name,
                  "sourcePlayerId": f"scorekeeper-{server}-person-{seat.person_id}"
                  if seat.person_id is not None else f"name-{name_key(seat.name)}",
                  "score": result["totals"][side], "winner": side in winners,
                  "rank": ranks[side], "startPlayer": seat.seat == first_bidder}
        if variant.partnership:
            player["role"] = result["sides"][side]
        players.append((ranks[side], seat.seat, player))
    return {
        "sourceName": "Scorekeeper",
        "sourcePlayId": f"scorekeeper-{server}-game-{game.id}",
        "playDate": _club_time(game.created_at).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": round((max(hand_times) - min(hand_times)).total_seconds() / 60),
        "board": board(variant, record["options"]),
        "game": {"name": variant.title, "highestWins": not variant.lowest_wins,
                 "noPoints": False, "sourceGameId": variant.id},
        "players": [player for _rank, _seat, player in sorted(players, key=lambda p: p[:2])],
    }


def link(game, record: dict, result: dict) -> str | None:
    """The “create play” link of a finished game (None while it goes on)."""
    data = play(game, record, result)
    if data is None:
        return None
    return CREATE_PLAY + quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                               safe="")
