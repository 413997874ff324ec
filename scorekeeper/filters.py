"""App-wide Jinja helpers: the filters and globals every page may use, registered by
init_app(app). A feature package registers the helpers it owns with its blueprint (games: the hand
form's tables, events: the standings' words), so this module imports no feature package.

Words, dates, times and numbers in the request's language (Babel): a variant's hand word and
a count's unit said in it, a day as its readers write one ("Nov 5, 2026", "5 nov 2026"), a
number grouped as they group them. Spanish is written as Latin America writes it (es_419:
1,234.5 and 15:04), the tables the translation is for (GLOSSARY.md)."""
from __future__ import annotations

from datetime import date, datetime

from babel import Locale
from babel.dates import format_date, format_skeleton
from babel.numbers import format_decimal, format_percent
from flask_babel import gettext as _, ngettext

from . import i18n
from .rules import VARIANTS
from .rules.record import minus
from .rules.text import N_

# The locale a language's dates and numbers are written in, where it is not the language's own.
FORMATS = {"es": "es_419"}
# What one entry of a game is called when its variant is gone (Variant.hand_word's default).
HAND = N_("Hand")


def format_locale() -> str:
    """The Babel locale of this request's dates and numbers."""
    code = i18n.language()
    return FORMATS.get(code, code)


def _english_hand_word(variant_id: str) -> str:
    variant = VARIANTS.get(variant_id)
    return str(variant.hand_word) if variant else HAND


def hand_word(variant_id: str) -> str:
    """What one entry of a game of `variant_id` is called (Variant.hand_word), in the
    request's language, for a page that has only the id (a game row, an archive row). A CSV
    header takes the variant's own (English) word."""
    variant = VARIANTS.get(variant_id)
    return i18n.say(variant.hand_word if variant else HAND)


def hand_label(variant_id: str, number: int) -> str:
    """Entry `number` (from 1) of a game of `variant_id`: "Hand 3", "Round 3", "Game 3"."""
    word = _english_hand_word(variant_id)
    if word == "Round":
        return _("Round %(number)s", number=number)
    if word == "Game":
        return _("Game %(number)s", number=number)
    return _("Hand %(number)s", number=number)


def hands_count(variant_id: str, count: int) -> str:
    """`count` entries of a game of `variant_id`: "1 hand", "12 rounds", "3 games"."""
    word = _english_hand_word(variant_id)
    if word == "Round":
        return ngettext("%(num)d round", "%(num)d rounds", count)
    if word == "Game":
        return ngettext("%(num)d game", "%(num)d games", count)
    return ngettext("%(num)d hand", "%(num)d hands", count)


def signed(value) -> str:
    """A change as the sheet shows it: +5, 0, −5 (the minus sign, as everywhere)."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and value > 0:
        return f"+{number(value)}"
    return number(value)


def number(value) -> str:
    """A total as players read it: grouped as the language groups digits (1,234), a negative
    one with the minus sign (U+2212), never a hyphen; anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool) and -1000 < value < 1000:
        return minus(value)  # (no digit to group: the same in the app's languages, 50x faster)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return ("\u2212" if value < 0 else "") + format_decimal(abs(value),
                                                                 locale=format_locale())
    return minus(value)


def unit_label(units: str, value=None) -> str:
    """The unit of a count (`value`), or of counts (no value), in the request's language."""
    count = 1 if value in (1, -1) else 2
    if units == "points":
        return ngettext("point", "points", count)
    if units == "marks":
        return ngettext("mark", "marks", count)
    if units == "pips":
        return ngettext("pip", "pips", count)
    if units == "wins":
        return ngettext("win", "wins", count)
    return units


def percent(part: int | None, whole: int | None) -> str:
    """`part` of `whole` as a whole percentage, rounded once, half up, from the counts
    (23 of 40 is 57.5%: 58%); a dash when there is nothing to divide. Never from a rate
    already rounded, which would round twice."""
    if not whole or part is None:
        return "–"
    return format_percent((200 * part + whole) // (2 * whole) / 100, locale=format_locale())


def day(value: date | datetime) -> str:
    """A day with its year: "Nov 5, 2026", "5 nov 2026"."""
    return format_date(value, "medium", locale=format_locale())


def long_day(value: date | datetime) -> str:
    """A day in words, for paper and a result card: "November 5, 2026", "5 de noviembre de
    2026"."""
    return format_date(value, "long", locale=format_locale())


def day_month(value: date | datetime) -> str:
    """A day of this year: "Nov 5", "5 nov"."""
    return format_skeleton("MMMd", value, locale=format_locale())


def clock(value: datetime) -> str:
    """A time of day on the 24-hour clock: "15:04" (UTC, as stored: local-times.js shows the
    phone's own)."""
    return format_skeleton("Hm", value, locale=format_locale())


def day_clock(value: datetime) -> str:
    """A day of this year and its time: "Nov 5, 15:04", "5 nov, 15:04" (joined as the
    locale joins a day and a time)."""
    locale = Locale.parse(format_locale())
    return locale.datetime_formats["medium"].format(clock(value), day_month(value))


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
    app.jinja_env.filters["number"] = number
    for name, say_when in (("day", day), ("long_day", long_day), ("day_month", day_month),
                           ("clock", clock), ("day_clock", day_clock)):
        app.jinja_env.filters[name] = say_when
    app.jinja_env.globals["unit_label"] = unit_label
    app.jinja_env.globals["hand_word"] = hand_word
    app.jinja_env.globals["hand_label"] = hand_label
    app.jinja_env.globals["hands_count"] = hands_count
    app.jinja_env.globals["tally_groups"] = tally_groups
    app.jinja_env.globals["percent"] = percent
