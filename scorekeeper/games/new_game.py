"""The ONE checker of a new game's record, whichever door it comes in by: the setup form (a
game's or a club's), a game's import, a club's import (each of its games), the API's new game.
check_record is the check they all end in: text a database can store (security.text_problem),
at most MAX_HANDS hands, names cleaned and told apart, only the keys game-record.md names and
every hand scored by the engine. Besides: reading the setup form's names and house
rules, and the values the form shows again.

The engine judges every option (Option.parse), so this module only turns form text into values.
Its refusals are Text (rules/text.py): English where they are read as data (the API, an import's
report), said in the reader's language where shown (i18n.say).
"""
from __future__ import annotations

from typing import Any

from .. import rules, security
from ..models import MAX_HANDS
from ..rules.record import Invalid
from ..rules.text import N_, Text
from ..stats.names import clean_name, name_key
from . import hand_form

MAX_NAME = 40
_COUNT_WORDS = {2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six"),
                7: N_("Seven"), 8: N_("Eight")}
# How many players a variant is for, and how many there are: a sentence for each case
_HOW_MANY = {
    ("exactly", True, "named"): N_("{game} is for exactly {need} players; {count} is named."),
    ("exactly", False, "named"): N_("{game} is for exactly {need} players; {count} are named."),
    ("exactly", True, "seated"): N_("{game} is for exactly {need} players; {count} is seated."),
    ("exactly", False, "seated"): N_("{game} is for exactly {need} players; {count} are "
                                     "seated."),
    ("range", True, "named"): N_("{game} is for {least} to {most} players; {count} is named."),
    ("range", False, "named"): N_("{game} is for {least} to {most} players; {count} are named."),
    ("range", True, "seated"): N_("{game} is for {least} to {most} players; {count} is seated."),
    ("range", False, "seated"): N_("{game} is for {least} to {most} players; {count} are "
                                   "seated."),
}
# Who deals first is none of the players named: in the variant's own verb
_PICK_DEALER = {"shakes": N_("Pick who shakes first from the players named."),
                "starts": N_("Pick who starts first from the players named."),
                "deals": N_("Pick who deals first from the players named.")}


def option_defaults(variant) -> dict[str, Any]:
    return {o.name: o.default for o in variant.options}


def option_form_values(variant, form=None) -> dict[str, Any]:
    """Per option the value to show: from the submitted form or the default."""
    values: dict[str, Any] = {}
    for o in variant.options:
        key = f"opt-{o.name}"
        if form is None:
            values[o.name] = o.default
        elif o.kind == "bool":
            values[o.name] = key in form
        elif o.kind == "multi":
            values[o.name] = form.getlist(key)
        else:
            values[o.name] = form.get(key, "")
    return values


def chosen_preset(variant, form):
    """The preset whose button sent the setup form (it fills the house rules, it starts no
    game), or None."""
    key = form.get("preset") if form is not None else None
    return next((p for p in variant.presets if p.key == key), None) if key else None


def parse_options(variant, form) -> tuple[dict[str, Any], list[str]]:
    """The options that differ from the defaults, and any errors.

    The form only turns text into JSON values; the engine's own Option.parse judges them, so
    the setup page and an imported record accept exactly the same house rules.
    """
    chosen: dict[str, Any] = {}
    errors: list[str] = []
    for o in variant.options:
        key = f"opt-{o.name}"
        if o.kind == "bool":
            value: Any = key in form
        elif o.kind == "multi":
            value = [c for c in o.choices if c in form.getlist(key)]
        else:
            raw = form.get(key, "").strip()
            if raw == "":
                continue  # left empty: the default
            number = hand_form.whole_number(raw)
            value = raw if number is None else number
        try:
            value = o.parse(value, called=o.label)
        except Invalid as error:
            errors.append(error.message)
            continue
        if value != o.default:
            chosen[o.name] = list(value) if o.kind == "multi" else value
    return chosen, errors


def name_problems(players: list[str]) -> list[str]:
    """What is wrong with the names in seat order: blank, too long, or one person twice (names
    equal by name_key, as the roster and the command line compare them)."""
    errors: list[str] = []
    seats: dict[str, list[str]] = {}  # name_key -> its spellings, in seat order
    for i, name in enumerate(players):
        if not name:
            errors.append(Text("Seat {number} has no name: fill it in or move the names up.",
                               number=i + 1))
        elif len(name) > MAX_NAME:
            errors.append(Text("The name in seat {number} is too long (at most {most} "
                               "letters).", number=i + 1, most=MAX_NAME))
        else:
            seats.setdefault(name_key(name), []).append(name)
    for spellings in seats.values():  # one message per person, however many seats
        if len(spellings) > 1:
            count = _COUNT_WORDS.get(len(spellings), str(len(spellings)))
            errors.append(Text("{count} seats are called {name}: give each player a "
                               "different name.", count=count, name=spellings[0]))
    return errors


def seat_problems(variant, players: list[str], verb: str = "named") -> list[str]:
    """What is wrong with the players in seat order: their names (name_problems), and how many
    there are for `variant` ("... 1 is named", or "seated" on a club's seat pickers)."""
    errors = name_problems(players)
    count = len(players)
    if not (variant.min_players <= count <= variant.max_players):
        exact = "exactly" if variant.min_players == variant.max_players else "range"
        errors.append(Text(_HOW_MANY[exact, count == 1, verb], game=variant.title,
                           need=variant.min_players, least=variant.min_players,
                           most=variant.max_players, count=count))
    return errors


def read_names(variant, form) -> tuple[list[str], list[str]]:
    """The players named on the setup form, in seat order, and what is wrong with them."""
    names = [clean_name(form.get(f"name-{i}", "")) for i in range(variant.max_players)]
    # Blank places after the last name are seats nobody sits in (games for 2-7 or 2-8 players).
    last = max((i for i, n in enumerate(names) if n), default=-1)
    players = names[: last + 1]
    return players, seat_problems(variant, players)


def new_game_context(variant_id: str | None, form=None, errors=None):
    vs = rules.VARIANTS
    variant = vs.get(variant_id) if variant_id else None
    ctx: dict[str, Any] = {"variants": vs, "variant": variant, "errors": errors or []}
    if variant is not None:
        if form is not None:
            ctx["names"] = [form.get(f"name-{i}", "") for i in range(variant.max_players)]
            ctx["first_dealer"] = form.get("first_dealer", "0")
        else:
            ctx["names"] = [""] * variant.max_players
            ctx["first_dealer"] = "0"
        ctx["option_values"] = option_form_values(variant, form)
        preset = chosen_preset(variant, form)
        if preset is not None:
            ctx["option_values"] = {**option_defaults(variant), **preset.options}
            ctx["preset_applied"] = preset
    return ctx


def read_record(variant, players: list[str], form,
                errors: list[str] | None = None) -> tuple[dict | None, list[str]]:
    """The new game's record from the setup form, once the players are read (by read_names,
    or from a club's seat pickers, `errors` what was wrong with them), checked by check_record;
    or all the errors to show."""
    errors = list(errors or [])
    options, option_errors = parse_options(variant, form)
    errors += option_errors
    first_dealer = hand_form.whole_number(form.get("first_dealer", "0"))
    if first_dealer is None:
        first_dealer = -1
    if not errors and not (0 <= first_dealer < len(players)):
        errors.append(Text(_PICK_DEALER.get(variant.deals, _PICK_DEALER["deals"])))
    if errors:
        return None, errors
    record, problem = check_record({"variant": variant.id, "players": players,
                                    "first_dealer": first_dealer, "options": options,
                                    "hands": []})
    return record, [problem] if problem else []


def check_record(raw) -> tuple[dict | None, str | None]:
    """A game record for a new game, normalized (names cleaned, optional keys filled) and
    checked: (record, None), or (None, what is wrong, naming the hand). The one check of a new
    game, an imported game and each game of an imported club."""
    if not isinstance(raw, dict):
        return None, Text("It is not a game record (a JSON object).")
    problem = security.text_problem(raw)
    if problem:
        return None, problem
    hands = raw.get("hands", [])
    if isinstance(hands, list) and len(hands) > MAX_HANDS:
        return None, Text("It has {count} hands: a game here holds at most {most}.",
                          count=len(hands), most=MAX_HANDS)
    # Every key as sent: the engine refuses one game-record.md does not name (and judges
    # `called`: true or false only).
    record = {**raw, "variant": raw.get("variant"), "players": raw.get("players"),
              "first_dealer": raw.get("first_dealer", 0), "options": raw.get("options") or {},
              "hands": hands}
    if isinstance(record["players"], list) and all(isinstance(p, str) for p in record["players"]):
        record["players"] = [clean_name(p) for p in record["players"]]
    result = rules.score(record)
    if not result["ok"]:
        error = result.get("error") or Text("These settings are not valid.")
        if result.get("hand") is None:
            return None, error
        return None, Text("Hand {number}: {error}", number=result["hand"] + 1, error=error)
    problems = name_problems(record["players"])
    if problems:
        return None, problems[0]
    return record, None
