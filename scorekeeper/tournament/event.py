"""Reading and checking an event record (spec/events.md): entrants, settings and the matches
played, each game scored by the rules engine.

Every check raises `EventInvalid(match, game, hand, message)`: `match` the index in `matches`
(None for the record itself), `game` the index in that match's games, `hand` as the engine says.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules import VARIANTS, Variant, score
from scorekeeper.rules.record import Invalid, is_whole, parse_table, show_value, too_long
from scorekeeper.rules.text import N_, Name, Text

TEAM_FORMATS = ("round-robin", "pools", "single-elimination", "double-elimination")
FORMATS = TEAM_FORMATS + ("progressive", "tables")
BRACKET_FORMATS = ("pools", "single-elimination", "double-elimination")
BRACKETS = {"pools": ("pool", "winners"), "single-elimination": ("winners",),
            "double-elimination": ("winners", "losers", "final")}
TIEBREAKS = ("wins", "difference", "scored", "conceded", "head_to_head")
DEFAULT_TIEBREAKS = ("wins", "difference", "scored", "head_to_head")
MOST_ENTRANTS = 256  # far more than a club seats in an evening; keeps schedules quick
MOST_PROGRESSIVE = 64  # 16 tables: each round's seating weighs every earlier one
MOST_ROUNDS = 200


class EventInvalid(Exception):
    """An event record that breaks a rule: where (match, game, hand) and one plain sentence."""

    def __init__(self, match: int | None, message: str, game: int | None = None,
                 hand: int | None = None):
        super().__init__(message)
        self.match, self.game, self.hand, self.message = match, game, hand, message

    def as_json(self) -> dict:
        return {"ok": False, "match": self.match, "game": self.game, "hand": self.hand,
                "error": self.message}


@dataclass(frozen=True)
class Entrant:
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Settings:
    best_of: int = 1
    double: bool = False
    pool_size: int = 4
    advance: int = 2
    rounds: int | None = None
    table_size: int = 4
    cap: int | None = None
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    time_limit: int | None = None


@dataclass
class Match:
    """One match of the record, checked; `games` holds each game's engine result."""

    index: int
    round: int
    table: int | None = None
    entrants: tuple[int, ...] = ()
    bye: int | None = None
    forfeit: int | None = None
    bracket: str | None = None
    pool: int | None = None
    playoff: bool = False
    games: list[dict] = field(default_factory=list)

    @property
    def where(self) -> Text:
        if self.table is None:
            return Text("Round {round}", round=self.round)
        return Text("Round {round}, table {table}", round=self.round, table=self.table)


@dataclass
class Event:
    name: str
    format: str
    variant: Variant
    options: dict        # as the record gives them: every game is played with them
    rules: dict          # every house rule's value (the defaults filled in)
    settings: Settings
    entrants: list[Entrant]
    matches: list[Match]
    draws: list[tuple[int, ...]] = field(default_factory=list)  # tied groups, in the order drawn
    withdrawn: tuple[int, ...] = ()  # entrants who left after the event began

    @property
    def teams(self) -> bool:
        return self.format in TEAM_FORMATS

    @property
    def bracket(self) -> bool:
        return self.format in BRACKET_FORMATS

    @property
    def cycles(self) -> int:
        return 2 if self.settings.double else 1

    @property
    def rounds(self) -> int:
        """Progressive and tables: the rounds to play."""
        if self.settings.rounds is not None:
            return self.settings.rounds
        return len(self.entrants) - 1 if self.format == "progressive" else 3

    @property
    def cap(self) -> int | None:
        """The most a side's total counts for one game (None: no cap)."""
        if self.settings.cap is not None:
            return self.settings.cap
        return None if self.variant.lowest_wins else self.variant.target(self.rules)

    @property
    def table_sizes(self) -> tuple[int, int]:
        """The fewest and most players a table of a tables event may seat."""
        return self.variant.min_players, self.variant.max_players

    def pool_count(self) -> int:
        return math.ceil(len(self.entrants) / self.settings.pool_size)

    def label(self, entrant: int) -> str:
        return Name(self.entrants[entrant].name)

    def seats(self, entrants: tuple[int, ...]) -> list[str]:
        """The players of a match's games in seat order."""
        if self.teams:
            (a0, a1), (b0, b1) = (self.entrants[e].players for e in entrants)
            return [a0, b0, a1, b1]
        return [self.entrants[e].players[0] for e in entrants]


def parse_event(raw: Any) -> Event:
    """The checked event, or EventInvalid at the first rule it breaks."""
    if not isinstance(raw, dict):
        raise EventInvalid(None, Text("An event record must be a JSON object."))
    if too_long(raw):
        raise EventInvalid(None, Text("The record holds a number too long to read."))
    name = raw.get("name", "")
    if name is None:
        name = ""
    if not isinstance(name, str):
        raise EventInvalid(None, Text("The event's name must be text."))
    fmt = raw.get("format")
    if fmt not in FORMATS:
        raise EventInvalid(None, Text("Format {format} is not one of {formats}.",
                                      format=show_value(fmt), formats=", ".join(FORMATS)))
    variant, options, rules = _variant(raw, fmt)
    settings = _settings(raw.get("settings"), fmt, variant)
    entrants = _entrants(raw.get("entrants"), fmt, variant, settings)
    event = Event(name, fmt, variant, options, rules, settings, entrants, [])
    event.draws = _draws(event, raw.get("draws"))
    event.withdrawn = _withdrawn(event, raw.get("withdrawn"))
    matches = raw.get("matches", [])
    if matches is None:
        matches = []
    if not isinstance(matches, list):
        raise EventInvalid(None, Text("Matches must be a list of the matches played."))
    seen: dict[tuple, int] = {}
    byes: dict[int, int] = {}
    for i, m in enumerate(matches):
        match = _match(event, i, m)
        _once_a_round(event, match, seen)
        _bye_once_a_cycle(event, match, byes)
        event.matches.append(match)
    return event


def _variant(raw: dict, fmt: str) -> tuple[Variant, dict, dict]:
    variant = VARIANTS.get(raw.get("variant")) if isinstance(raw.get("variant"), str) else None
    if variant is None:
        raise EventInvalid(None, Text("Unknown variant {variant}: choose one of {variants}.",
                                      variant=show_value(raw.get("variant")),
                                      variants=", ".join(VARIANTS)))
    if not variant.can_be_called or variant.max_players < 2:
        raise EventInvalid(None, Text("{game} has no events.", game=variant.title))
    two_sided = variant.partnership and variant.min_players == variant.max_players == 4
    if fmt == "tables":
        if variant.partnership:
            raise EventInvalid(None, Text("A tables event seats players each for herself: "
                                          "{variant} is played in teams.", variant=variant.id))
    elif not two_sided:
        raise EventInvalid(None, Text("A {format} event plays a game of two teams of two: "
                                      "{variant} is not one.", format=fmt, variant=variant.id))
    options = raw.get("options", {})
    if options is None:
        options = {}
    try:
        sample = ["1", "2", "3", "4", "5", "6", "7", "8"][:variant.min_players]
        table = parse_table({"players": sample, "options": options}, variant)
    except Invalid as error:
        raise EventInvalid(None, error.message) from None
    return variant, options, table.options


def _whole(settings: dict, key: str, lo: int, hi: int, default):
    value = settings.get(key)
    if value is None:
        return default
    if not is_whole(value) or not lo <= value <= hi:
        raise EventInvalid(None, Text("Setting {key} must be a whole number from {lo} to {hi}, "
                                      "not {value}.", key=key, lo=lo, hi=hi,
                                      value=show_value(value)))
    return value


def _settings(raw: Any, fmt: str, variant: Variant) -> Settings:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise EventInvalid(None, Text("Settings must be an object."))
    unknown = [key for key in raw if key not in Settings.__dataclass_fields__]
    if unknown:
        raise EventInvalid(None, Text("Unknown setting {setting} (settings: {settings}).",
                                      setting=repr(unknown[0]),
                                      settings=", ".join(Settings.__dataclass_fields__)))
    best_of = raw.get("best_of", 1)
    if best_of not in (1, 3, 5) or not is_whole(best_of):
        raise EventInvalid(None, Text("Setting best_of must be 1, 3 or 5, not {value}.",
                                      value=show_value(best_of)))
    double = raw.get("double", False)
    if not isinstance(double, bool):
        raise EventInvalid(None, Text("Setting double must be true or false, not {value}.",
                                      value=show_value(double)))
    pool_size = _whole(raw, "pool_size", 2, MOST_ENTRANTS, 4)
    advance = _whole(raw, "advance", 1, pool_size, 2)
    lo, hi = variant.min_players, variant.max_players
    default_size = 4 if lo <= 4 <= hi else lo
    table_size = _whole(raw, "table_size", lo, hi, default_size)
    tiebreaks = raw.get("tiebreaks", list(DEFAULT_TIEBREAKS))
    if not isinstance(tiebreaks, list) or not all(isinstance(t, str) and t in TIEBREAKS for t in tiebreaks) \
            or len(set(tiebreaks)) != len(tiebreaks):
        raise EventInvalid(None, Text("Setting tiebreaks must list tie-breaks from {tiebreaks}, "
                                      "each at most once.", tiebreaks=", ".join(TIEBREAKS)))
    return Settings(best_of=best_of, double=double, pool_size=pool_size, advance=advance,
                    rounds=_whole(raw, "rounds", 1, MOST_ROUNDS, None), table_size=table_size,
                    cap=_whole(raw, "cap", 1, 10 ** 6, None), tiebreaks=tuple(tiebreaks),
                    time_limit=_whole(raw, "time_limit", 1, 24 * 60, None))


def _entrants(raw: Any, fmt: str, variant: Variant, settings: Settings) -> list[Entrant]:
    size = 2 if fmt in TEAM_FORMATS else 1
    if not isinstance(raw, list):
        raise EventInvalid(None, Text("Entrants must be a list, in seed order."))
    fewest = {"progressive": 4, "tables": variant.min_players}.get(fmt, 2)
    most = MOST_PROGRESSIVE if fmt == "progressive" else MOST_ENTRANTS
    if not fewest <= len(raw) <= most:
        needs = (N_("A {format} event needs {fewest} to {most} teams, not {count}.") if size == 2
                 else N_("A {format} event needs {fewest} to {most} players, not {count}."))
        raise EventInvalid(None, Text(needs, format=fmt, fewest=fewest, most=most, count=len(raw)))
    out, where = [], {}
    for i, e in enumerate(raw):
        if not isinstance(e, dict) or not isinstance(e.get("players"), list) or not all(
                isinstance(p, str) and p.strip() for p in e["players"]):
            raise EventInvalid(None, Text("Entrant {number} needs its players: a list of names.",
                                          number=i + 1))
        players = tuple(p.strip() for p in e["players"])
        if len(players) != size:
            if size == 1:
                wrong = Text("Entrant {number} has {count} players: in a {format} event each "
                             "player is an entrant of her own.", number=i + 1,
                             count=len(players), format=fmt)
            elif len(players) == 1:
                wrong = Text("Entrant {number} has 1 player: in a {format} event a team has 2 "
                             "players.", number=i + 1, format=fmt)
            else:
                wrong = Text("Entrant {number} has {count} players: in a {format} event a team "
                             "has 2 players.", number=i + 1, count=len(players), format=fmt)
            raise EventInvalid(None, wrong)
        for p in players:
            if p in where:
                raise EventInvalid(None, Text("{player} is in entrant {first} and entrant "
                                              "{second}: a player is in one entrant only.",
                                              player=p, first=where[p] + 1, second=i + 1))
            where[p] = i
        name = e.get("name")
        if name is not None and not (isinstance(name, str) and name.strip()):
            raise EventInvalid(None, Text("Entrant {number}'s name must be text.", number=i + 1))
        out.append(Entrant(name.strip() if name else " & ".join(players), players))
    if fmt == "pools":
        smallest = len(out) // math.ceil(len(out) / settings.pool_size)
        if settings.advance > smallest:
            too_many = (N_("Setting advance is {advance}, but the smallest pool has 1 entrant.")
                        if smallest == 1 else
                        N_("Setting advance is {advance}, but the smallest pool has {count} "
                           "entrants."))
            raise EventInvalid(None, Text(too_many, advance=settings.advance, count=smallest))
        if math.ceil(len(out) / settings.pool_size) * settings.advance < 2:
            raise EventInvalid(None, Text("With one pool, at least 2 entrants must advance to "
                                          "the bracket."))
    return out


def _draws(event: Event, raw: Any) -> list[tuple[int, ...]]:
    """`draws`: each a tied group of two or more entrants, in the order drawn."""
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(group, list) for group in raw):
        raise EventInvalid(None, Text("Draws must be a list of tied groups, each its entrants in "
                                      "the order drawn."))
    out = []
    for group in raw:
        drawn = tuple(_index(event, e, Text("A draw")) for e in group)
        if len(drawn) < 2 or len(set(drawn)) != len(drawn):
            raise EventInvalid(None, Text("A draw orders two or more entrants, each once."))
        out.append(drawn)
    return out


def _withdrawn(event: Event, raw: Any) -> tuple[int, ...]:
    """`withdrawn`: the entrants who left after the event began, each once."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise EventInvalid(None, Text("Withdrawn must be a list of the entrants who left."))
    out = tuple(_index(event, e, Text("Withdrawn")) for e in raw)
    if len(set(out)) != len(out):
        raise EventInvalid(None, Text("An entrant is listed twice as withdrawn."))
    return out


def _index(event: Event, value: Any, where: Text) -> int:
    if not is_whole(value) or not 0 <= value < len(event.entrants):
        raise EventInvalid(None, Text("{where}: there is no entrant {value} in this event "
                                      "(entrants are 0 to {last}).", where=where,
                                      value=show_value(value), last=len(event.entrants) - 1))
    return value


def _match(event: Event, i: int, m: Any) -> Match:
    try:
        return _read_match(event, i, m)
    except EventInvalid as error:
        if error.match is None:
            error.match = i
        raise


def _read_match(event: Event, i: int, m: Any) -> Match:
    if not isinstance(m, dict):
        raise EventInvalid(i, Text("Match {number} must be an object.", number=i + 1))
    rnd = m.get("round")
    if not is_whole(rnd) or not 1 <= rnd <= 10 ** 4:
        raise EventInvalid(i, Text("Match {number} needs its round: a whole number from 1.",
                                   number=i + 1))
    if "bye" in m:
        if "entrants" in m or "games" in m:
            raise EventInvalid(i, Text("Round {round}: a bye has no entrants or games.", round=rnd))
        return Match(i, rnd, bye=_index(event, m["bye"], Text("Round {round}", round=rnd)))
    table = m.get("table")
    if not is_whole(table) or not 1 <= table <= 10 ** 4:
        raise EventInvalid(i, Text("Round {round}: the match needs its table, a whole number "
                                   "from 1.", round=rnd))
    match = Match(i, rnd, table)
    raw = m.get("entrants")
    if not isinstance(raw, list):
        raise EventInvalid(i, Text("{where}: the match needs its entrants, a list.",
                                   where=match.where))
    match.entrants = tuple(_index(event, e, match.where) for e in raw)
    _check_entrants(event, match)
    _check_bracket(event, match, m)
    _check_playoff(event, match, m)
    forfeit, games = m.get("forfeit"), m.get("games")
    if forfeit is not None:
        if not event.teams:
            raise EventInvalid(i, Text("{where}: only a team match can be forfeited; a player who "
                                       "leaves sits out.", where=match.where))
        if games:
            raise EventInvalid(i, Text("{where}: a forfeited match has no games.",
                                       where=match.where))
        if forfeit not in (0, 1) or not is_whole(forfeit):
            raise EventInvalid(i, Text("{where}: forfeit must be 0 or 1, the side that did not "
                                       "play.", where=match.where))
        match.forfeit = forfeit
        return match
    if games is None:
        games = []
    if not isinstance(games, list):
        raise EventInvalid(i, Text("{where}: games must be a list.", where=match.where))
    if len(games) > event.settings.best_of:
        raise EventInvalid(i, Text("{where}: a best of {best_of} match has at most {best_of} "
                                   "games, not {count}.", where=match.where,
                                   best_of=event.settings.best_of, count=len(games)))
    seats = event.seats(match.entrants)
    for g, game in enumerate(games):
        if match_winners(event, match):
            raise EventInvalid(i, Text("{where}, game {game}: the match was already decided.",
                                       where=match.where, game=g + 1), g)
        match.games.append(_game(event, match, g, game, seats))
    return match


def _check_entrants(event: Event, match: Match) -> None:
    count = len(match.entrants)
    if event.teams and count != 2:
        raise EventInvalid(match.index, Text("{where}: a match is between 2 teams, not {count}.",
                                             where=match.where, count=count))
    if event.format == "progressive" and count != 4:
        raise EventInvalid(match.index, Text("{where}: a progressive table seats 4 players, not "
                                             "{count}.", where=match.where, count=count))
    lo, hi = event.table_sizes
    if event.format == "tables" and not lo <= count <= hi:
        wanted = (Text("{where}: a table of {variant} seats {lo} players, not {count}.",
                       where=match.where, variant=event.variant.id, lo=lo, count=count)
                  if lo == hi else
                  Text("{where}: a table of {variant} seats {lo} to {hi} players, not {count}.",
                       where=match.where, variant=event.variant.id, lo=lo, hi=hi, count=count))
        raise EventInvalid(match.index, wanted)
    if len(set(match.entrants)) != count:
        raise EventInvalid(match.index, Text("{where}: an entrant is listed twice in the match.",
                                             where=match.where))


def _check_bracket(event: Event, match: Match, m: dict) -> None:
    bracket = m.get("bracket")
    if not event.bracket:
        if bracket is not None:
            raise EventInvalid(match.index, Text("{where}: a {format} event has no bracket.",
                                                 where=match.where, format=event.format))
        return
    allowed = BRACKETS[event.format]
    if bracket not in allowed:
        raise EventInvalid(match.index, Text("{where}: the match needs its bracket, one of "
                                             "{brackets}.", where=match.where,
                                             brackets=", ".join(allowed)))
    match.bracket = bracket
    if bracket == "pool":
        pools = event.pool_count()
        pool = m.get("pool")
        if not is_whole(pool) or not 1 <= pool <= pools:
            raise EventInvalid(match.index, Text("{where}: a pool match needs its pool, 1 to "
                                                 "{pools}.", where=match.where, pools=pools))
        members = pool_members(event)[pool - 1]
        outside = [e for e in match.entrants if e not in members]
        if outside:
            raise EventInvalid(match.index, Text("{where}: {name} is not in pool {pool}.",
                                                 where=match.where,
                                                 name=event.label(outside[0]), pool=pool))
        match.pool = pool


def _check_playoff(event: Event, match: Match, m: dict) -> None:
    """A playoff match decides a tie of a round robin or of a pool (events.md)."""
    playoff = m.get("playoff", False)
    if not isinstance(playoff, bool):
        raise EventInvalid(match.index, Text("{where}: playoff must be true or false.",
                                             where=match.where))
    if playoff and not (event.format == "round-robin" or match.bracket == "pool"):
        raise EventInvalid(match.index, Text("{where}: a playoff decides a tie of a round robin "
                                             "or a pool.", where=match.where))
    match.playoff = playoff


def _game(event: Event, match: Match, g: int, game: Any, seats: list[str]) -> dict:
    where = Text("{where}, game {game}", where=match.where, game=g + 1)
    if not isinstance(game, dict):
        raise EventInvalid(match.index, Text("{where}: a game must be an object.", where=where), g)
    if "variant" in game and game["variant"] != event.variant.id:
        raise EventInvalid(match.index, Text("{where}: every game of the event is {variant}, not "
                                             "{other}.", where=where, variant=event.variant.id,
                                             other=show_value(game["variant"])), g)
    if "options" in game:
        try:
            mine = parse_table({"players": seats, "options": game["options"]}, event.variant).options
        except Invalid as error:
            raise EventInvalid(match.index, Text("{where}: {problem}", where=where,
                                                 problem=error.message), g) from None
        if mine != event.rules:
            raise EventInvalid(match.index, Text("{where}: the game's options must be the "
                                                 "event's.", where=where), g)
    if game.get("players") != seats:
        raise EventInvalid(match.index, Text("{where}: the players must sit {players}, in that "
                                             "order (seats 0 to {last}).", where=where,
                                             players=", ".join(seats), last=len(seats) - 1), g)
    record = {"variant": event.variant.id, "players": seats, "options": event.options,
              "first_dealer": game.get("first_dealer"), "hands": game.get("hands", [])}
    if "called" in game:
        record["called"] = game["called"]
    result = score(record)
    if not result["ok"]:
        raise EventInvalid(match.index, Text("{where}: {problem}", where=where,
                                             problem=result["error"]), g, result["hand"])
    return result


def _once_a_round(event: Event, match: Match, seen: dict) -> None:
    """An entrant plays (or sits out) at most once a round; one match a table."""
    if match.table is not None:
        key = ("table", match.round, match.table)
        if key in seen:
            raise EventInvalid(match.index, Text("{where}: another match is already at this "
                                                 "table.", where=match.where))
        seen[key] = match.index
    for e in match.entrants or (match.bye,):
        if ("entrant", match.round, e) in seen:
            twice = (Text("Round {round}: {name} play twice.", round=match.round,
                          name=event.label(e)) if len(event.entrants[e].players) > 1 else
                     Text("Round {round}: {name} plays twice.", round=match.round,
                          name=event.label(e)))
            raise EventInvalid(match.index, twice)
        seen[("entrant", match.round, e)] = match.index


def _bye_once_a_cycle(event: Event, match: Match, byes: dict[int, int]) -> None:
    """A round robin gives each entrant one bye a cycle (two with `double`), as its schedule
    does: one bye more is a wrong record, not a result."""
    if event.format != "round-robin" or match.bye is None:
        return
    byes[match.bye] = byes.get(match.bye, 0) + 1
    if byes[match.bye] > event.cycles:
        too_many = (N_("Round {round}: {name} sit out a {time} time, but a round robin gives "
                       "each entrant one bye.") if event.cycles == 1 else
                    N_("Round {round}: {name} sit out a {time} time, but a round robin gives "
                       "each entrant two byes (one a cycle)."))
        raise EventInvalid(match.index, Text(too_many, round=match.round,
                                             name=event.label(match.bye),
                                             time=ORDINALS[byes[match.bye]]))


ORDINALS = {2: N_("second"), 3: N_("third")}  # said in the refusal's language


def pool_members(event: Event) -> tuple[tuple[int, ...], ...]:
    """The pools' entrants by snake seeding: pools A B C D take seeds 1 2 3 4, then 8 7 6 5..."""
    return snake_pools(len(event.entrants), event.pool_count())


@functools.lru_cache(maxsize=64)
def snake_pools(n: int, pools: int) -> tuple[tuple[int, ...], ...]:
    """Kept (a record's every pool match asks: 150 teams' pools were made 760 times a read)."""
    out: list[list[int]] = [[] for _ in range(pools)]
    for seed in range(n):
        row, col = divmod(seed, pools)
        out[col if row % 2 == 0 else pools - 1 - col].append(seed)
    return tuple(tuple(pool) for pool in out)


def game_wins(event: Event, match: Match) -> list[int]:
    """Games won by each side of a match so far (a forfeit: the games the winner needed)."""
    if match.forfeit is not None:
        wins = [0, 0]
        wins[1 - match.forfeit] = needed_wins(event)
        return wins
    wins = [0] * (len(match.entrants) if event.format == "tables" else 2)
    for result in match.games:
        for side in result["winners"] if result["finished"] else ():
            wins[side] += 1
    return wins


def needed_wins(event: Event) -> int:
    return event.settings.best_of // 2 + 1


def decided(event: Event, match: Match) -> bool:
    """A match seated that is over: forfeited, or won (a bye is never open)."""
    return match.bye is not None or bool(match_winners(event, match))


def match_winners(event: Event, match: Match) -> list[int]:
    """The sides that have won the match (the first to win more than half its games; several
    only on a shared win), empty while it goes on."""
    return [s for s, w in enumerate(game_wins(event, match)) if w >= needed_wins(event)]
