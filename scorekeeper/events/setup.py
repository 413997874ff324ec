"""The new-event form (and a late entrant's): text in, the event's columns and entrants out,
or plain messages. The events library judges the record (tournament.standings), so the form,
an import and `scorekeeper standings` accept exactly the same events.

Entrants are typed one a line: a team as "Ann & Bob" (or "The Aces: Ann & Bob" to name it),
a player as "Ann". A name matching a roster person (names compared as the roster compares them)
is that person; a new name joins the roster when the event is made.
"""
from __future__ import annotations

import re
import secrets
from datetime import date
from typing import Any

from .. import rules, security, tournament
from ..games.new_game import MAX_NAME, option_form_values, parse_options
from ..rules.record import whole_number
from ..rules.text import N_, Text
from ..stats.names import clean_name, name_key
from ..tournament.event import FORMATS, TEAM_FORMATS

MAX_EVENT_NAME = 60
MAX_ENTRANT_NAME = 80
MAX_ENTRANT_LINES = 300
# The settings a form may give, each a whole number (events.md's defaults when left empty).
WHOLE_SETTINGS = ("best_of", "pool_size", "advance", "rounds", "table_size", "cap", "time_limit")
# A setting as a refusal names it (said where shown, as every sentence here: a Text).
SETTING_NAMES = {"best_of": N_("Best of"), "pool_size": N_("Pool size"), "advance": N_("Advance"),
                 "rounds": N_("Rounds"), "table_size": N_("Table size"), "cap": N_("Cap"),
                 "time_limit": N_("Time limit")}
FORMAT_LABELS = {"round-robin": N_("Round robin (teams)"),
                 "pools": N_("Pools, then a bracket (teams)"),
                 "single-elimination": N_("Single elimination (teams)"),
                 "double-elimination": N_("Double elimination (teams)"),
                 "progressive": N_("Progressive: new partners each round (players)"),
                 "tables": N_("Tables: players reseated each round")}


def event_variants() -> list:
    """The games an event can be played in (Castle Rock has none)."""
    return [v for v in rules.VARIANTS.values() if v.can_be_called and v.max_players >= 2]


def form_values(form=None) -> dict[str, Any]:
    """What the form shows: the submitted text, or the defaults."""
    if form is None:
        return {"name": "", "day": date.today().isoformat(), "variant": "texas42",
                "format": "round-robin", "entrants": "", "draw": False, "double": False,
                **{key: "" for key in WHOLE_SETTINGS}, "tiebreaks": ""}
    values = {key: form.get(key, "") for key in ("name", "day", "variant", "format", "entrants",
                                                 "tiebreaks", *WHOLE_SETTINGS)}
    values.update(draw="draw" in form, double="double" in form, show_rules="show_rules" in form)
    return values


def event_variant(variant_id: str):
    """The game an event of this id is played in, or None (not a game an event can have)."""
    variant = rules.VARIANTS.get(variant_id)
    return variant if variant in event_variants() else None


def house_rules(variant, form, saved: dict | None) -> tuple[dict, dict, list[str]]:
    """The event's one rules card for `variant`: (its options, the values the form shows, what
    is wrong). The form's own house rules once it shows them for this game (`rules_for`), read
    as the new-game form's are; else, for a game just picked, the club's saved rules for it
    (`saved`) or the written rules."""
    if form is not None and form.get("rules_for") == variant.id:
        options, errors = parse_options(variant, form)
        return options, option_form_values(variant, form), errors
    options = dict(saved or {})
    return options, {**option_form_values(variant), **options}, []


def read_entrants(text: str, fmt: str, roster: list[str]) -> tuple[list[dict], list[str]]:
    """The entrants typed one a line, in seed order, with the roster's spelling of known
    names; and what is wrong with them."""
    known = {name_key(n): n for n in roster}
    errors: list[str] = []
    entrants = []
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_ENTRANT_LINES:
        return [], [Text("At most {count} entrants, one a line.", count=MAX_ENTRANT_LINES)]
    for number, line in enumerate(lines, start=1):
        team_name, _, players_text = line.rpartition(":")
        team_name = clean_name(team_name) or None
        players = [clean_name(p) for p in re.split(r"[&,+/]| and ", players_text)]
        if not all(players):
            errors.append(Text("Line {number} ({line}) has an empty name.", number=number,
                               line=line.strip()[:40]))
            continue
        if any(len(p) > MAX_NAME for p in players):
            errors.append(Text("Line {number}: a name is at most {count} letters.",
                               number=number, count=MAX_NAME))
            continue
        if team_name and len(team_name) > MAX_ENTRANT_NAME:
            errors.append(Text("Line {number}: a team's name is at most {count} letters.",
                               number=number, count=MAX_ENTRANT_NAME))
            continue
        players = [known.setdefault(name_key(p), p) for p in players]
        entrants.append({"name": team_name, "players": players})
    if not entrants and not errors:
        errors.append(Text("Type the entrants, one team a line (Ann & Bob).")
                      if fmt in TEAM_FORMATS else Text("Type the entrants, one player a line."))
    return entrants, errors


def whole(raw: str, digits: int = 6) -> int | None:
    """A whole number of 0 or more, read as the hand form reads one (rules.record.whole_number),
    at most `digits` long, or None."""
    number = whole_number(raw)
    return number if number is not None and 0 <= number < 10**digits else None


def _settings(form) -> tuple[dict[str, Any], list[str]]:
    settings: dict[str, Any] = {}
    errors = []
    for key in WHOLE_SETTINGS:
        raw = form.get(key, "").strip()
        if not raw:
            continue
        number = whole(raw)
        if number is None:
            errors.append(Text("{setting} must be a whole number.",
                               setting=Text(SETTING_NAMES[key])))
            continue
        settings[key] = number
    if "double" in form:
        settings["double"] = True
    tiebreaks = [t.strip() for t in form.get("tiebreaks", "").split(",") if t.strip()]
    if tiebreaks:
        settings["tiebreaks"] = tiebreaks
    return settings, errors


def read_event(form, roster: list[str], options: dict) -> tuple[dict | None, list[dict], list[str]]:
    """(the event's columns, its entrants in seed order as typed, errors) from the form;
    `options` are the house rules the event is played with (house_rules)."""
    errors = []
    name = clean_name(form.get("name", ""))
    if not name:
        errors.append(Text("Give the event a name."))
    elif len(name) > MAX_EVENT_NAME:
        errors.append(Text("An event's name is at most {count} letters.", count=MAX_EVENT_NAME))
    try:
        day = date.fromisoformat(form.get("day", "").strip())
    except ValueError:
        errors.append(Text("Give the event's date (year-month-day)."))
        day = None
    fmt = form.get("format", "")
    if fmt not in FORMATS:
        errors.append(Text("Pick the event's format."))
    variant = event_variant(form.get("variant", ""))
    if variant is None:
        errors.append(Text("Pick the game the event is played in."))
    settings, problems = _settings(form)
    errors += problems
    entrants, problems = read_entrants(form.get("entrants", ""), fmt, roster)
    errors += problems
    if errors:
        return None, entrants, errors
    fields = {"name": name, "day": day, "variant": variant.id, "options": options,
              "format": fmt, "settings": settings, "seeds_drawn": "draw" in form}
    problem = record_problem(fields, entrants)
    return (None, entrants, [problem]) if problem else (fields, entrants, [])


def record_problem(fields: dict, entrants: list[dict]) -> str | None:
    """The events library's one plain sentence when the new event would not be valid."""
    return problem_of({
        "name": fields["name"], "format": fields["format"], "variant": fields["variant"],
        "options": fields["options"], "settings": fields["settings"],
        "entrants": [{"players": e["players"], **({"name": e["name"]} if e["name"] else {})}
                     for e in entrants], "matches": []})


def problem_of(record: Any) -> str | None:
    """The events library's plain sentence (naming the match) for a record it refuses, or
    None: the one check of an event record, whichever door it comes in by; its text first
    (security.text_problem), as every record's."""
    problem = security.text_problem(record)
    if problem:
        return problem
    try:
        tournament.parse_event(record)
    except tournament.EventInvalid as error:
        return error.message
    except RecursionError:
        return Text("The record is nested too deeply to read.")
    return None


def drawn(entrants: list[dict]) -> list[dict]:
    """The entrants in an order drawn at random (the seeds the event then keeps)."""
    order = list(entrants)
    secrets.SystemRandom().shuffle(order)
    return order


def imported(raw: dict) -> tuple[dict | None, list[dict], str | None]:
    """An event record's columns and entrants (the record checked by the library already),
    or the plain message for what a club cannot hold (names too long)."""
    name = clean_name(raw.get("name") or "") or "Imported event"
    if len(name) > MAX_EVENT_NAME:
        return None, [], Text("An event's name is at most {count} letters.", count=MAX_EVENT_NAME)
    entrants = []
    for i, e in enumerate(raw["entrants"]):
        players = [clean_name(p) for p in e["players"]]
        team = clean_name(e.get("name") or "") or None
        too_long = team is not None and len(team) > MAX_ENTRANT_NAME
        if too_long or any(len(p) > MAX_NAME or not p for p in players):
            return None, [], Text("Entrant {number}: a name is at most {count} letters.",
                                  number=i + 1, count=MAX_NAME)
        entrants.append({"name": team, "players": players})
    fields = {"name": name, "day": date.today(), "variant": raw["variant"],
              "options": raw.get("options") or {}, "format": raw["format"],
              "settings": raw.get("settings") or {}, "seeds_drawn": False,
              "draws": raw.get("draws") or None, "withdrawn": raw.get("withdrawn") or None}
    return fields, entrants, None


def imported_matches(raw: dict) -> list[tuple[dict, list[dict]]]:
    """store.import_event's matches: each match's columns and its games' records."""
    out = []
    for m in raw.get("matches") or []:
        values = {"round": m["round"], "table": m.get("table"), "bye": m.get("bye"),
                  "entrants": list(m.get("entrants") or []), "forfeit": m.get("forfeit"),
                  "bracket": m.get("bracket"), "pool": m.get("pool"),
                  "playoff": bool(m.get("playoff"))}
        games = [{"variant": raw["variant"], "players": [clean_name(p) for p in g["players"]],
                  "first_dealer": g.get("first_dealer", 0), "options": raw.get("options") or {},
                  "hands": g.get("hands", []), **({"called": True} if g.get("called") else {})}
                 for g in m.get("games") or []]
        out.append((values, games))
    return out
