"""Parsing and checking a game record: the table (players, dealer, options) and hand fields.

Every check raises `Invalid(hand, message)`; `hand` is the index of the first bad hand, or
None when the record itself is wrong. Messages are one plain sentence a player understands,
each a Text (rules/text.py) so the web layer can say it in the reader's language.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .text import N_, Name, Text


class Invalid(Exception):
    """A record or hand that breaks a rule; `hand` is its index or None for the record."""

    def __init__(self, hand: int | None, message: Text):
        super().__init__(message)
        self.hand = hand
        self.message = message


TYPED_WHOLE = re.compile(r"-?[0-9]{1,12}")


def whole_number(text: str | None) -> int | None:
    """A typed whole number, or None: the one reading of every number a form, a query string
    or a cookie sends (the hand form's first). Plain ASCII digits only: str.isdigit() takes
    "²" (which int() then refuses) and int() would take "1_0", "٣" or thousands of digits,
    none of which a number pad types."""
    text = (text or "").strip()
    return int(text) if TYPED_WHOLE.fullmatch(text) else None


def is_whole(value: Any) -> bool:
    """JSON whole numbers only: True/False are not numbers to a scorer."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Preset:
    """A table's usual set of house rules, one tap on the setup form: the options it sets (the
    others keep the written rule)."""

    key: str
    label: str
    options: dict
    help: str = ""


@dataclass(frozen=True)
class Option:
    """A house rule: its default is the seed's own rule."""

    name: str
    default: Any
    kind: str  # "int" | "bool" | "choice" | "multi"
    help: str
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None

    @property
    def label(self) -> str:
        """The option as a setup form shows it: "target_points" is "Target points"."""
        return self.name.replace("_", " ").capitalize()

    def parse(self, value: Any, called: str | None = None) -> Any:
        """The option's value, or Invalid naming the option (`called`: how the message names
        it, by default "Option <name>" as in a record) and what it takes."""
        called = called or Text("Option {name}", name=self.name)
        if value is None and self.default is None:  # "rounds": null means the default
            return None
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise Invalid(None, Text("{called} must be true or false.", called=called))
            return value
        if self.kind == "int":
            if not is_whole(value) or (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise Invalid(None, Text("{called} must be a whole number from {lo} to {hi}.",
                                         called=called, lo=self.minimum, hi=self.maximum))
            return value
        if self.kind == "choice":
            same_kind = is_whole(value) if is_whole(self.default) else isinstance(value, str)
            if not same_kind or value not in self.choices:
                raise Invalid(None, Text("{called} must be one of {choices}.", called=called,
                                         choices=_listing(self.choices)))
            return value
        # multi: a non-empty list of distinct choices
        if (not isinstance(value, list) or not value
                or any(not isinstance(v, str) or v not in self.choices for v in value)
                or len(set(value)) != len(value)):
            raise Invalid(None, Text("{called} must name at least one of {choices}, each once.",
                                     called=called, choices=_listing(self.choices)))
        return tuple(value)


# Every option's label (Option.label, made from its name), marked for the catalog: a test
# checks that each variant's options are here.
OPTION_LABELS = (N_("All pass"), N_("Bonus"), N_("Cap at 42"), N_("Contracts"), N_("Double blank"),
                 N_("Forced minimum"), N_("Ladder"), N_("Rounds"), N_("Set"),
                 N_("Special minimum"), N_("Splash marks"), N_("Target hands"),
                 N_("Target marks"), N_("Target points"), N_("Win by"))


def _listing(values) -> str:
    return ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)


@dataclass(frozen=True)
class Table:
    """Who plays, who deals first and the house rules: fixed for the whole game."""

    players: tuple[str, ...]
    first_dealer: int
    options: dict = field(default_factory=dict)
    called: bool = False  # time was called after the last hand (game-record.md)

    @property
    def n(self) -> int:
        return len(self.players)

    def name(self, seat: int) -> str:
        return Name(self.players[seat])


# The keys game-record.md names: a record holds these and nothing else.
RECORD_KEYS = ("variant", "players", "first_dealer", "options", "hands", "called")
# What every hand of a bidding game may give besides its result (game-record.md).
BID_KEYS = ("auction", "bidder", "bid", "passed")


def unknown_key(value: dict, known) -> str | None:
    """The first key of `value` that is not one of `known`, or None."""
    return next((key for key in value if key not in known), None)


def parse_table(raw: dict, variant) -> Table:
    """Players, first dealer and options, checked against the variant."""
    players = raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise Invalid(None, Text("Players must be a list of names."))
    if any(not p.strip() for p in players):
        raise Invalid(None, Text("Every player needs a name."))
    lo, hi = variant.min_players, variant.max_players
    if not lo <= len(players) <= hi:
        if lo == hi:
            values = dict(game=variant.title, count=lo, given=len(players))
            if hi == 1:
                raise Invalid(None, Text("{game} is played by {count} player, not {given}.",
                                         **values))
            raise Invalid(None, Text("{game} is played by {count} players, not {given}.", **values))
        raise Invalid(None, Text("{game} is played by {lo} to {hi} players, not {given}.",
                                 game=variant.title, lo=lo, hi=hi, given=len(players)))
    first = raw.get("first_dealer")
    if first is None:  # optional: the first seat deals first
        first = 0
    if not is_whole(first) or not 0 <= first < len(players):
        raise Invalid(None, Text("The first dealer must be a seat from 0 to {last}.",
                                 last=len(players) - 1))
    options = raw.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise Invalid(None, Text("Options must be an object of house rules."))
    known = {o.name: o for o in variant.options}
    for name in options:
        if name not in known:
            offered = ", ".join(known) or N_("none")
            raise Invalid(None, Text("Unknown option {name} for {variant} (its options: "
                                     "{offered}).", name=repr(name), variant=variant.id,
                                     offered=offered))
    chosen = {o.name: o.parse(options[o.name]) if o.name in options else o.default
              for o in variant.options}
    table = Table(tuple(players), first, chosen, parse_called(raw, variant))
    variant.check_table(table)
    return table


def parse_called(raw: dict, variant) -> bool:
    """`called`: optional, true or false; Castle Rock's games are never called."""
    if "called" not in raw:
        return False
    called = raw["called"]
    if not isinstance(called, bool):
        raise Invalid(None, Text("Called (time called after the last hand) must be true or "
                                 "false, not {value}.", value=show_value(called)))
    if called and not variant.can_be_called:
        raise Invalid(None, Text("{game} has no time to call: each hand is a game of its own.",
                                 game=variant.title))
    return called


# Hand fields -------------------------------------------------------------------------------
# `what` names a field in words: a Phrase ("the bidder"), or a Text that opens with one.


def whole(hand: dict, key: str, k: int, lo: int, hi: int | None, what: str) -> int:
    """A required whole number from lo to hi (no upper bound when hi is None)."""
    if key not in hand:
        raise Invalid(k, Text("The hand needs {what} ({key}).", what=what, key=repr(key)))
    return check_whole(hand[key], k, lo, hi, what)


def check_whole(value: Any, k: int, lo: int, hi: int | None, what: str) -> int:
    if not is_whole(value) or value < lo or (hi is not None and value > hi):
        if hi is not None:
            raise Invalid(k, opening(Text("{what} must be a whole number from {lo} to {hi}, not "
                                          "{value}.", what=what, lo=lo, hi=hi,
                                          value=show_value(value))))
        raise Invalid(k, opening(Text("{what} must be a whole number of {lo} or more, not {value}.",
                                      what=what, lo=lo, value=show_value(value))))
    return value


def seat(hand: dict, key: str, k: int, table: Table, what: str) -> int:
    """A required seat index."""
    if key not in hand:
        raise Invalid(k, Text("The hand needs {what} ({key}).", what=what, key=repr(key)))
    value = hand[key]
    if not is_whole(value) or not 0 <= value < table.n:
        raise Invalid(k, opening(Text("{what} must be a seat from 0 to {last}, not {value}.",
                                      what=what, last=table.n - 1, value=show_value(value))))
    return value


def flag(hand: dict, key: str, k: int, what: str) -> bool | None:
    """An optional true/false field."""
    if key not in hand or hand[key] is None:
        return None
    if not isinstance(hand[key], bool):
        raise Invalid(k, opening(Text("{what} must be true or false, not {value}.", what=what,
                                      value=show_value(hand[key]))))
    return hand[key]


def per_seat(hand: dict, key: str, k: int, table: Table, lo: int, hi: int | None,
             what: str) -> list[int]:
    """A list with one whole number per seat, e.g. tricks or pips."""
    values = hand.get(key)
    if not isinstance(values, list) or len(values) != table.n:
        raise Invalid(k, Text("The hand needs {what} for each of the {n} players ({key}: a list "
                              "of {n} numbers).", what=what, n=table.n, key=repr(key)))
    return [check_whole(v, k, lo, hi, Text("{what} for {name}", what=what, name=table.name(s)))
            for s, v in enumerate(values)]


def choice(hand: dict, key: str, k: int, choices: tuple, what: str,
           required: bool = True) -> Any:
    """A field that must be one of a few words or numbers."""
    if key not in hand or hand[key] is None:
        if required:
            raise Invalid(k, Text("The hand needs {what} ({key}: one of {choices}).", what=what,
                                  key=repr(key), choices=_listing(choices)))
        return None
    value = hand[key]
    if isinstance(value, bool) or value not in choices:
        raise Invalid(k, opening(Text("{what} must be one of {choices}, not {value}.", what=what,
                                      choices=_listing(choices), value=show_value(value))))
    return value


class Phrase(str):
    """Words that name something in a sentence ("the bidder"), and the same words opening one
    ("The bidder"): both marked for the catalog, as a language may capitalise them otherwise."""

    opening: str

    def __new__(cls, words: str, opening: str | None = None) -> "Phrase":
        self = super().__new__(cls, words)
        self.opening = words if opening is None else opening  # None: unpickling sets it after
        return self


def opening(text: Text) -> Text:
    """`text`, which opens with a value ("{what} must be ..."), with that value in its opening
    form: a Phrase's capitalised words, or the same done to the value a Text opens with."""
    if isinstance(text, Phrase):
        return text.opening
    first = text.template[1:text.template.index("}")]
    return type(text)(text.template, **{**text.values, first: opening(text.values[first])})


LONGEST = 12_000  # bits: about 3,600 digits, well under what Python agrees to write out


def too_long(value: Any) -> bool:
    """Whether `value` holds a whole number too long to read (thousands of digits), anywhere
    inside its lists and objects."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, int) and item.bit_length() > LONGEST:
            return True
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def show_value(value: Any) -> str:
    """A short, safe rendering of what was entered, for messages."""
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return N_("nothing")
    if isinstance(value, str):
        return repr(value[:20])
    if isinstance(value, int) and value.bit_length() > 64:
        return N_("a number that long")
    if isinstance(value, (int, float)):
        text = repr(value)
        return text if len(text) <= 12 else text[:10] + "..."
    return N_("a list") if isinstance(value, list) else N_("an object")


def minus(value: Any) -> str:
    """A number as players read it: a negative one with the minus sign (U+2212), not a hyphen,
    the same on the rules card, the sheet and the chart."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return f"\u2212{-value}"
    return str(value)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def ordinal(i: int) -> str:
    return {1: N_("first"), 2: N_("second"), 3: N_("third"), 4: N_("fourth")}.get(
        i, Text("{i}th", i=i))
