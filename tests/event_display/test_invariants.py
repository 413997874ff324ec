"""Invariants of the event pieces over events of every format, played to any round, with any
names (hypothesis): every name shown escaped, one row per entrant, every decided bracket match
marked, the SVG well-formed, the CSV one row per entrant and safe from formulas."""
from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from scorekeeper.events.bracket_svg import bracket_svg
from scorekeeper.events.placing import TIED, undecided_tie
from scorekeeper.events.sheets import FORMULA_STARTS, schedule_csv, standings_csv
from scorekeeper.tournament import standings

from .samples import play, player_event, team_event
from .test_partials import SVG, env  # noqa: F401  (the fixture)

COUNTS = {"round-robin": (2, 9), "pools": (4, 12), "single-elimination": (2, 12),
          "double-elimination": (2, 10), "progressive": (4, 9), "tables": (2, 10)}
BRACKETS = ("winners", "losers", "final")
NAME = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=24).filter(
    lambda s: s.strip() == s and s)


@st.composite
def events(draw):
    fmt = draw(st.sampled_from(sorted(COUNTS)))
    count = draw(st.integers(*COUNTS[fmt]))
    if fmt in ("progressive", "tables"):
        record = player_event(fmt, count, "texas42" if fmt == "progressive" else "mexican-train")
    else:
        record = team_event(fmt, count, best_of=draw(st.sampled_from([1, 3])))
    names = draw(st.lists(NAME, min_size=count, max_size=count, unique=True))
    for entrant, name in zip(record["entrants"], names):
        entrant["name"] = name
    return play(record, draw(st.integers(0, 12))), names


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(events())
def test_every_event_renders_whole_and_escaped(env, drawn):  # noqa: F811
    record, names = drawn
    answer = standings(record)
    assert answer["ok"], answer
    html = env.get_template("partials/events/_standings.html").render(standings=answer, names=names)
    for name in names:
        assert str(escape(name)) in html
    tables = [answer["standings"]] + [p["standings"] for p in answer.get("pools", [])]
    assert html.count("<tr class=") == sum(len(t) for t in tables)
    assert html.count(TIED) == sum(undecided_tie(r) for t in tables for r in t)

    rows = list(csv.reader(io.StringIO(standings_csv(record))))
    assert len(rows) == 1 + len(names)
    assert {r[1].removeprefix("'") if r[1].startswith("'") and r[1][1:].startswith(FORMULA_STARTS)
            else r[1] for r in rows[1:]} == set(names)
    for text in (standings_csv(record), schedule_csv(record)):
        for row in csv.reader(io.StringIO(text)):
            assert not any(c.startswith(FORMULA_STARTS) and not c.lstrip("-").isdigit() for c in row)

    if record["format"] in ("pools", "single-elimination", "double-elimination"):
        svg = ET.fromstring(str(bracket_svg(record, names))).find(f"{SVG}svg")
        decided = [m for m in record["matches"] if m.get("bracket") in BRACKETS]
        assert len(svg.findall(f".//{SVG}rect[@class='win-bar']")) == len(decided)
        titles = " ".join(t.text for t in svg.iter(f"{SVG}title"))
        for m in decided:
            assert all(names[e] in titles for e in m["entrants"])
