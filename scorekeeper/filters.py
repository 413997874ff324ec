"""Jinja helpers: filters and globals the templates use, registered by init_app(app)."""
from __future__ import annotations

from .games import hand_form
from .rules import VARIANTS, cards, dominoes
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
    """Make the helpers (and the form's choice tables) available to every template."""
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["delta_tone"] = hand_form.delta_tone
    app.jinja_env.filters["number"] = minus  # a total: −5 with the minus sign, never a hyphen
    app.jinja_env.globals["unit_label"] = unit_label
    app.jinja_env.globals["hand_word"] = hand_word
    app.jinja_env.globals["tally_groups"] = tally_groups
    app.jinja_env.globals["percent"] = percent
    app.jinja_env.globals["call_label"] = hand_form.call_label
    app.jinja_env.globals["CONTRACT_LABELS"] = hand_form.CONTRACT_LABELS
    app.jinja_env.globals["PLAYED_CHOICES"] = hand_form.PLAYED_CHOICES
    app.jinja_env.globals["DOUBLES_RULES"] = hand_form.DOUBLES_RULES
    app.jinja_env.globals["TRUMP_CHOICES"] = hand_form.TRUMP_CHOICES
    app.jinja_env.globals["CARD_ITEMS"] = hand_form.CARD_ITEMS
    # The engine's totals, for the hand form's "the other team caught ...".
    app.jinja_env.globals["ALL_POINTS"] = dominoes.ALL_POINTS
    app.jinja_env.globals["MOST_POINTS"] = cards.MOST_POINTS
    # events (partials/events/_standings.html): imported here, once the app's modules are loaded
    from .events.placing import decided_by, pool_name, undecided_tie

    app.jinja_env.globals["places_decided_by"] = decided_by
    app.jinja_env.globals["pool_name"] = pool_name
    app.jinja_env.globals["undecided_tie"] = undecided_tie
