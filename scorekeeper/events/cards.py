"""The table card's context (partials/events/_table_card.html) for one match of an event: who
sits where, as the events library seats the match's games, and who shakes first."""
from __future__ import annotations

from scorekeeper.qr import qr_svg
from scorekeeper.tournament import Event, first_dealer


def table_card(event: Event, rnd: int, table: int, entrants, url: str, game: int = 0) -> dict:
    """`card` for the match of `entrants` (as a match lists them) at `table` in round `rnd`: its
    game number `game` (from 0) is shaken first by the seat the spec names, and the QR code
    opens `url` (the table's game, as its scorer)."""
    players = event.seats(tuple(entrants))
    if event.teams:
        teams = [event.label(entrants[s % 2]) for s in range(len(players))]
    elif event.format == "progressive":
        pairs = [" & ".join(players[s::2]) for s in (0, 1)]
        teams = [pairs[s % 2] for s in range(len(players))]
    else:
        teams = [None] * len(players)
    return {"event_name": event.name, "round": rnd, "table": table,
            "seats": [{"seat": s, "name": name, "team": team}
                      for s, (name, team) in enumerate(zip(players, teams))],
            "shakes_first": first_dealer(game, len(players)),
            "qr_svg": qr_svg(url, f"Scan to keep score at table {table}"), "url": url}
