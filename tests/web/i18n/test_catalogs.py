"""Every catalog says every sentence the templates and code use (issue 44): extraction is run
here, as `make messages` runs it, and each catalog is compared with what it finds."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[3]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
CATALOGS = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "Text": None,
            "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
METHODS = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2")]
OPTIONS = {"templates/**.html": {"trimmed": "true"}}
# a value filled in: %(name)s and %s (gettext, {% trans %}), {name} (rules/text.py's Text)
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


def extracted() -> dict[str | tuple, str]:
    """msgid (or its singular and plural) -> where it is, from the sources as they are."""
    found = {}
    for filename, _line, message, _comments, context in extract_from_dir(
            str(ROOT), METHODS, OPTIONS, KEYWORDS):
        if filename.startswith(("scorekeeper", "templates")) and message:
            key = message if isinstance(message, str) else tuple(m for m in message if m)
            if isinstance(key, tuple) and len(key) == 1:
                key = key[0]
            found.setdefault((context, key), filename)
    return found


@pytest.fixture(scope="module")
def sources():
    return extracted()


def test_there_is_a_catalog_besides_english():
    assert [p.parts[-3] for p in CATALOGS] == ["es"]


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parts[-3])
def test_a_catalog_says_every_sentence_and_nothing_else(path, sources):
    with path.open("rb") as f:
        catalog = read_po(f)
    have = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m
            for m in catalog if m.id}
    missing = [f"{key[1]!r} ({where})" for key, where in sources.items() if key not in have]
    assert not missing, f"{len(missing)} sentences not in {path.parts[-3]}: " \
                        f"`make messages`, then translate them: {missing[:20]}"
    untranslated = [m.id for m in have.values()
                    if not (m.string if isinstance(m.string, str) else all(m.string))]
    assert not untranslated, f"{len(untranslated)} untranslated: {untranslated[:20]}"
    fuzzy = [m.id for m in have.values() if m.fuzzy]
    assert not fuzzy, f"{len(fuzzy)} fuzzy: {fuzzy[:20]}"
    unused = [key[1] for key in have if key not in sources]
    assert not unused, f"{len(unused)} no longer used (`make messages`): {unused[:20]}"


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parts[-3])
def test_a_translation_fills_in_the_same_values(path):
    """A translation that names another value, or drops one, fails where it is said."""
    with path.open("rb") as f:
        catalog = read_po(f)
    wrong = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        want = sorted(set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0])))
        for s in strings:
            got = sorted(set(PLACEHOLDER.findall(s)))
            # a plural's "one" form may say the number in words (%(num)d left out)
            if got != want and not (len(strings) > 1 and set(got) <= set(want)):
                wrong.append((ids[0], s))
    assert not wrong, wrong[:10]
