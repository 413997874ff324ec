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


def N_(template: str) -> str:
    """Mark `template` for the catalog; it stays as it is (said in a language where shown)."""
    return template
