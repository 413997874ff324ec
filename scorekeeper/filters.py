"""App-wide Jinja helpers: the filters and globals every page may use, registered by
init_app(app). A feature package registers the helpers it owns with its blueprint (games: the hand
form's tables, events: the standings' words), so this module imports no feature package."""
from __future__ import annotations

from .rules import VARIANTS
from .rules.record import minus


def hand_word(variant_id: str) -> str:
    """What one entry of a game of `variant_id` is called (Variant.hand_word), for a page that
    has only the id (a game row, an archive row)."""
    variant = VARIANTS.get(variant_id)
    return variant.hand_word if variant else "Hand"


def signed(value) -> str:
    """A change as the sheet shows it: +5, 0, −5 (the minus sign, as everywhere)."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and value > 0:
        return f"+{value}"
    return minus(value)


def unit_label(units: str, value=None) -> str:
    one = {"points": "point", "marks": "mark", "pips": "pip", "wins": "win"}.get(units, units)
    return one if value in (1, -1) else units


def percent(part: int | None, whole: int | None) -> str:
    """`part` of `whole` as a whole percentage, rounded once, half up, from the counts
    (23 of 40 is 57.5%: 58%); a dash when there is nothing to divide. Never from a rate
    already rounded, which would round twice."""
    if not whole or part is None:
        return "–"
    return f"{(200 * part + whole) // (2 * whole)}%"


def tally_groups(marks) -> list[int]:
    """Marks drawn as tally strokes, in groups of five."""
    try:
        marks = int(marks)
    except (TypeError, ValueError):
        return []
    if marks <= 0:
        return []
    return [5] * (marks // 5) + ([marks % 5] if marks % 5 else [])


def init_app(app) -> None:
    """Make the app-wide helpers available to every template."""
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["number"] = minus  # a total: −5 with the minus sign, never a hyphen
    app.jinja_env.globals["unit_label"] = unit_label
    app.jinja_env.globals["hand_word"] = hand_word
    app.jinja_env.globals["tally_groups"] = tally_groups
    app.jinja_env.globals["percent"] = percent
