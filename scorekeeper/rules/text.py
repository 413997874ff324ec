"""Sentences the engine says, in a form any language can say them in.

The rules know no language and no Flask: a refusal or a card's sentence is a `Text`, an English
`str` (so a test, the `scorekeeper check` command and the JSON record read it as before) that
keeps its template and values. The web layer (scorekeeper.i18n.say) looks the template up in
the reader's catalog and fills in the values, each said in that language too. `N_` marks a
plain sentence (a variant's title, an option's help) for the catalog without changing it.
"""
from __future__ import annotations


class Text(str):
    """`template.format(**values)` in English, keeping `template` and `values` for a catalog.

    A value may be a Text itself (a contract's name in a refusal), said in the same language."""

    template: str
    values: dict

    def __new__(cls, template: str, **values) -> "Text":
        self = super().__new__(cls, template.format(**values) if values else template)
        self.template, self.values = template, values
        return self


class Name(str):
    """A player's or team's name in a sentence: said as it is in every language, even one
    spelled like a word of the catalog (a player called "Pass")."""


def as_data(value):
    """`value` as JSON data that keeps a Text a Text (as_text reads it back): a sentence kept
    in the database (a refusal every phone shows) is said in each reader's language."""
    if isinstance(value, Text):
        return {"text": value.template, "values": {k: as_data(v) for k, v in value.values.items()}}
    return value


def as_text(data):
    """What as_data kept: a Text again, anything else as it is."""
    if isinstance(data, dict) and set(data) == {"text", "values"}:
        return Text(data["text"], **{k: as_text(v) for k, v in data["values"].items()})
    return data


def N_(template: str) -> str:
    """Mark `template` for the catalog; it stays as it is (said in a language where shown)."""
    return template
