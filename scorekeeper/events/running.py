"""Running an event: who may, the round to seat next (the SAME pure function `scorekeeper
schedule` prints: tournament.schedule), each seated match's first game, and what the event
page, its TV view and a table card show, shaped from the event record and its standings.
"""
from __future__ import annotations

from datetime import timedelta
import functools
import json
from typing import Any

from flask_babel import gettext as _

from .. import access, qr, tournament
from ..models import ClubEvent, EventMatch, Member, utcnow
from ..rules.card import rules_card
from ..tournament import EventInvalid, parse_event
from ..tournament.event import BRACKET_FORMATS, match_winners
from ..tournament.ranking import event_bracket, standings as derive_standings
from ..tournament import deciding
from ..tournament.withdrawal import seat_without
from . import record as records
from .bracket_svg import SaidBracket, round_names


def can_run(event: ClubEvent, phone: Member) -> bool:
    """The event's creator and the club's admin run it; other members watch."""
    return records.runs_it(event.creator_phone_id, phone.is_admin, access.phone_id())


def parsed(event: ClubEvent):
    """(the checked library Event, None), or (None, the plain message naming the match) when
    the stored event is not a valid record."""
    try:
        return parse_event(records.event_record(event)), None
    except EventInvalid as error:
        return None, error.message


def next_round(record: dict, library_event=None) -> dict | None:
    """The first round still to seat, as `scorekeeper schedule` prints it, or None.
    `library_event`: the record already parsed, when the caller has it (a bracket's is not
    read again).

    Outside the brackets the rounds to seat depend on the entrants, the settings and which
    rounds are played only (never on results), so they are asked of the schedule once per
    such state (_planned): a progressive schedule weighs every earlier round."""
    if record["format"] in BRACKET_FORMATS:
        if library_event is not None:
            try:
                return _first_round(json.dumps(tournament.schedule_of(library_event)))
            except EventInvalid:
                return None  # (as the schedule's refusal: nothing to seat)
        return _first_round(json.dumps(tournament.schedule(record)))
    head = {key: record[key] for key in ("format", "variant", "options", "settings", "entrants")}
    if record["format"] == "round-robin":  # who met and who sat out (a late entrant's byes)
        seated = json.dumps([{key: m[key] for key in ("round", "table", "entrants", "bye")
                              if key in m} for m in record["matches"] if not m.get("playoff")])
        return _planned(json.dumps(head, sort_keys=True), seated)
    played = tuple(sorted({m["round"] for m in record["matches"]}))
    return _planned(json.dumps(head, sort_keys=True),
                    json.dumps([{"round": r, "bye": 0} for r in played]))


@functools.lru_cache(maxsize=64)
def _planned(head: str, seated: str) -> dict | None:
    """The schedule's next round for an event of this head whose `seated` matches are seated
    without their games: a round robin's as they are (its later rounds are seated around
    who met and who sat out), any other's a bye of entrant 0 per round (only its number
    mattering to the schedule)."""
    record = json.loads(head)
    record["matches"] = json.loads(seated)
    return _first_round(json.dumps(tournament.schedule(record)))


def _first_round(answer: str) -> dict | None:
    result = json.loads(answer)  # a copy: the cached answer is never changed by a caller
    rounds = result.get("rounds") if result.get("ok") else None
    return rounds[0] if rounds else None


def game_record(event: ClubEvent, seats: list[str], game: int) -> dict:
    """Game `game` (from 0) of a match: the event's rules, the match's seats, the first dealer
    moving one seat on per game."""
    return {"variant": event.variant, "players": seats,
            "first_dealer": tournament.first_dealer(game, len(seats)),
            "options": dict(event.options or {}), "hands": []}


def seating(event: ClubEvent, library_event, planned: dict) -> list[tuple[dict, dict | None]]:
    """store.seat_matches's matches for a planned round (or a playoff's rounds): each match
    with its first game, a withdrawn entrant's as its forfeit, then the byes."""
    out: list[tuple[dict, dict | None]] = []
    planned = seat_without(library_event, planned)  # (the cached plan knows no withdrawal)
    for match in planned["matches"]:
        values = {"table": match["table"], "entrants": list(match["entrants"]),
                  "bracket": match.get("bracket"), "pool": match.get("pool")}
        values.update({key: match[key] for key in ("round", "playoff") if key in match})
        if match.get("forfeit") is not None:  # a withdrawn entrant's: no game
            out.append(({**values, "forfeit": match["forfeit"]}, None))
            continue
        seats = library_event.seats(tuple(match["entrants"]))
        out.append((values, game_record(event, seats, 0)))
    out += [({"bye": bye, "entrants": []}, None) for bye in planned["byes"]]
    return out


def playoff(event: ClubEvent, library_event, tie) -> list[tuple[dict, dict | None]]:
    """store.seat_matches's matches for a tie's playoff (deciding.playoff_matches: the rounds
    and tables it is seated at), each with its first game; a withdrawn entrant's match is its
    forfeit, as in every round seated after the withdrawal (events.md)."""
    return seating(event, library_event,
                   {"matches": deciding.playoff_matches(library_event, tie), "byes": []})


def withdrawal_forfeits(event: ClubEvent, library_event, seed: int
                        ) -> list[tuple[EventMatch, int]]:
    """The matches entrant `seed` forfeits by withdrawing (events.md): each seated one of its
    matches not decided and with no hand in (one being played stands), with its side."""
    if not library_event.teams:  # a player who leaves sits out the rounds seated later
        return []
    by_index = dict(enumerate(library_event.matches))
    hands = records.inputs_of(event)
    out = []
    for i, row in enumerate(records.ordered(event.matches)):
        if seed not in row.entrants or row.forfeit is not None:
            continue
        if match_winners(library_event, by_index[i]):
            continue
        if any(hands.get(g.id, {}).get("hands") for g in row.games):
            continue
        out.append((row, list(row.entrants).index(seed)))
    return out


def round_started(event: ClubEvent, number: int):
    """When round `number` was seated (its first match row), or None."""
    times = [m.created_at for m in event.matches if m.round == number]
    return min(times) if times else None


def minutes_left(event: ClubEvent, number: int | None) -> int | None:
    """The round's time left in whole minutes (time_limit), None without a limit."""
    limit = (event.settings or {}).get("time_limit")
    started = round_started(event, number) if number else None
    if not limit or started is None:
        return None
    left = started + timedelta(minutes=limit) - utcnow()
    return max(0, int(left.total_seconds() // 60))


def names_of(library_event) -> list[str]:
    return [e.name for e in library_event.entrants]


def table_view(event: ClubEvent, library_event, row: EventMatch, parsed_match) -> dict:
    """One table of a round: who plays, each game's score (the engine's, live), the result."""
    names = names_of(library_event)
    games = []
    for game, result in zip(row.games, parsed_match.games if parsed_match else []):
        games.append({"game": game, "totals": result.get("totals"),
                      "finished": result.get("finished"), "called": game.called})
    winners = match_winners(library_event, parsed_match) if parsed_match else []
    entrants = [names[e] for e in row.entrants]  # the teams, or the players in seat order
    sides = entrants
    if library_event.format == "progressive":  # the two pairs of partners (seats 0-2, 1-3)
        sides = [f"{sides[s]} & {sides[s + 2]}" for s in (0, 1)]
    view = {"match": row, "table": row.table, "sides": sides, "games": games,
            "latest": row.games[-1] if row.games else None, "forfeit": row.forfeit,
            "winners": [sides[w] for w in winners if w < len(sides)],
            "decided": bool(winners),
            "open": row.forfeit is None and (not winners or any(not g["finished"] for g in games)),
            "hands": sum(len(records.inputs_of(event).get(g.id, {}).get("hands", ()))
                         for g in row.games),
            "can_next": bool(row.games) and not winners and all(g["finished"] for g in games)
            and len(row.games) < library_event.settings.best_of}
    # What the table's pieces show, as plain data: the key they are kept by
    # (render_cache.fragment; the match and games above are rows, whose repr is not their data)
    view["shown"] = (row.id, row.table, row.bracket, row.pool, tuple(row.entrants), entrants,
                     [(g["game"].id, g["totals"], g["finished"], g["called"],
                       g["game"].time_called) for g in games],
                     {key: view[key] for key in ("sides", "forfeit", "winners", "decided",
                                                 "hands", "can_next")},
                     view["latest"] is not None)
    return view


def rounds_view(event: ClubEvent, library_event) -> list[dict]:
    """The seated rounds, latest first: their tables and byes."""
    by_index = {m.index: m for m in library_event.matches}
    rows = records.ordered(event.matches)
    names = names_of(library_event)
    rounds: dict[int, dict] = {}
    for i, row in enumerate(rows):
        rnd = rounds.setdefault(row.round, {"number": row.round, "tables": [], "byes": [],
                                            "bye_seeds": []})
        if row.bye is not None:
            rnd["byes"].append(names[row.bye])
            rnd["bye_seeds"].append(row.bye)
        else:
            rnd["tables"].append(table_view(event, library_event, row, by_index.get(i)))
    for rnd in rounds.values():
        rnd["open"] = any(t["open"] for t in rnd["tables"])
        # time may still be called on one of its games (store.call_time)
        rnd["callable"] = any(not g["finished"] and not g["called"] and not g["game"].time_called
                              for t in rnd["tables"] for g in t["games"])
    return [rounds[n] for n in sorted(rounds, reverse=True)]


def earliest_open(rounds: list[dict]) -> int | None:
    """The earliest round (rounds_view's) with a match still open, or None: nothing is seated
    after a round while one is (a playoff's rounds, a match reopened by an undo)."""
    return min((rnd["number"] for rnd in rounds if rnd["open"]), default=None)


def round_clock(event: ClubEvent, ctx: dict[str, Any]) -> int | None:
    """The minutes left of the round shown in `ctx` (event_context's): the clock runs while
    the round is played, none once its last match is decided."""
    return minutes_left(event, ctx.get("current_round")) if ctx["round_open"] else None


def event_context(event: ClubEvent) -> dict[str, Any]:
    """Everything the event page and TV view show, derived from the record."""
    library_event, problem = parsed(event)
    ctx: dict[str, Any] = {"event": event, "problem": problem, "rounds": [], "planned": None,
                           "standings": None, "names": [], "bracket": None, "round_open": False,
                           "playing": None,
                           "round_names": {}, "phase": None, "champions": []}
    if library_event is None:
        return ctx
    record = records.event_record(event)
    ctx["names"] = names_of(library_event)
    ctx["rounds"] = rounds_view(event, library_event)
    ctx["standings"] = {"ok": True, **derive_standings(library_event)}  # parsed once
    ctx["planned"] = None if ctx["standings"]["complete"] else next_round(record, library_event)
    ctx["record"] = record
    ctx["library_event"] = library_event
    ctx["open_round"] = earliest_open(ctx["rounds"])
    # the round being played: the earliest with an open match (two pools' playoffs share
    # rounds, and a withdrawal's forfeits decide some of them at once), else the latest
    playing = next((rnd for rnd in ctx["rounds"] if rnd["number"] == ctx["open_round"]),
                   ctx["rounds"][0] if ctx["rounds"] else None)
    ctx["playing"] = playing
    ctx["round_open"] = bool(playing) and playing["open"]
    ctx["current_round"] = playing["number"] if playing else None
    ctx["minutes_left"] = round_clock(event, ctx)
    ctx["ties"] = deciding.ties(library_event)
    ctx["tiebreaks"] = list(library_event.settings.tiebreaks)
    if library_event.bracket:
        tree = event_bracket(library_event)
        ctx["bracket"] = SaidBracket(library_event, ctx["names"], tree)
        ctx["round_names"] = round_names(tree)
    ctx["phase"] = _phase(library_event, ctx["standings"])
    ctx["champions"] = [ctx["names"][row["entrant"]] for row in ctx["standings"]["standings"]
                        if ctx["phase"] == "over" and row["rank"] == 1]
    ctx["rules_lines"] = rules_card(library_event.variant, event.options)  # one for every game
    return ctx


def _phase(library_event, standings: dict) -> str:
    """What the TV shows: "over" (the champion), "bracket" (a bracket format once its bracket
    is played), "pools" (a pools event's pools), else "standings"."""
    if standings["complete"]:
        return "over"
    if library_event.format == "pools":
        started = any(m.bracket not in (None, "pool") for m in library_event.matches)
        return "bracket" if started else "pools"
    return "bracket" if library_event.bracket else "standings"


def card(event: ClubEvent, library_event, row: EventMatch) -> dict[str, Any]:
    """A table card (partials/events/_table_card.html's `card`): the table, who sits where in
    seat order (with their team), who shakes first, and the QR code that opens the match's
    latest game as its scorer (qr.scorer_url, the invite's scorer link)."""
    game = row.games[-1]
    players = records.inputs_of(event)[game.id]["players"]
    url = qr.scorer_url(game)
    return {"event_name": event.name, "round": row.round, "table": row.table,
            "seats": [{"seat": i, "name": name, "team": team}
                      for i, (name, team) in enumerate(zip(players, seat_teams(library_event, row,
                                                                                players)))],
            "shakes_first": game.first_dealer, "qr_svg": qr.qr_svg(url, _("Scorer link")),
            "url": url, "game": game, "game_number": len(row.games)}


def seat_teams(library_event, row: EventMatch, players: list[str]) -> list[str | None]:
    """Each seat's team: a team entrant's name; in a progressive round's partnership game the
    two partners of the round (seats 0 and 2, 1 and 3: "Ann & Cat"); None where everyone plays
    alone."""
    if library_event.teams:
        labels = [library_event.label(e) for e in row.entrants]
        return [labels[i % 2] for i in range(len(players))]
    if library_event.variant.partnership and len(players) == 4:
        return [f"{players[i % 2]} & {players[i % 2 + 2]}" for i in range(4)]
    return [None] * len(players)


def bye_rounds(event: ClubEvent) -> list[int]:
    """The rounds seated so far: a late entrant sits each of them out."""
    return sorted({m.round for m in event.matches})
