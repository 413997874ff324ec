"""charts.py and review.py are pure: a rules result in, numbers out (no app, no database)."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from scorekeeper.players import charts, review
from scorekeeper.rules import VARIANTS, score
from tests.random_games import random_record

PKG = Path(__file__).resolve().parents[3] / "scorekeeper" / "players"


@pytest.mark.parametrize("module", ["charts.py", "review.py"])
def test_pure_modules_import_no_web_or_database(module):
    tree = ast.parse((PKG / module).read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    assert not names & {"flask", "flask_sqlalchemy", "sqlalchemy", "flask_htmx", "jinja2"}


@pytest.mark.parametrize("lo, hi, expected", [
    (0, 7, [0, 2, 4, 6, 8]),
    (0, 42, [0, 10, 20, 30, 40, 50]),
    (-12, 250, [-50, 0, 50, 100, 150, 200, 250]),
    (0, 0, [0, 1]),
    (0, 1, [0, 1]),
    (-3, 3, [-3, -2, -1, 0, 1, 2, 3]),
])
def test_tick_values_are_few_and_round(lo, hi, expected):
    assert charts.tick_values(lo, hi) == expected


@pytest.mark.parametrize("lo, hi", [(0, 1), (0, 13), (-40, 900), (0, 1_000_000), (-7, 0)])
def test_tick_values_cover_the_range(lo, hi):
    ticks = charts.tick_values(lo, hi)
    assert ticks[0] <= lo and ticks[-1] >= hi and 2 <= len(ticks) <= 7
    steps = {b - a for a, b in zip(ticks, ticks[1:])}
    assert len(steps) == 1 and steps.pop() in charts.STEPS


def test_x_ticks_start_and_end_at_the_game():
    assert charts._x_ticks(0) == [0]
    for n in (1, 2, 7, 13, 20, 28, 1000):
        ticks = charts._x_ticks(n)
        assert ticks[0] == 0 and ticks[-1] == n and len(ticks) <= 7
        assert ticks == sorted(set(ticks))


def test_spread_keeps_labels_apart_and_in_order():
    ys = [100.0, 101.0, 99.0, 180.0]
    out = charts.spread(ys, 15, 10, 190)
    ordered = sorted(range(4), key=lambda i: ys[i])
    placed = [out[i] for i in ordered]
    assert all(b - a >= 15 - 1e-9 for a, b in zip(placed, placed[1:]))
    assert out[3] == 180.0  # far from the others: not moved
    bottom = charts.spread([189.0, 190.0], 15, 10, 190)
    assert max(bottom) <= 190 and abs(bottom[0] - bottom[1]) >= 15


def _lechner():
    return {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
            "hands": [{"bidder": 1, "bid": 30, "contract": "straight", "points": 34},
                      {"bidder": 0, "bid": 84, "contract": "straight", "points": 42},
                      {"bidder": 0, "bid": 31, "contract": "straight", "points": 20}]}


def test_running_totals_chart_follows_the_result():
    result = score(_lechner())
    chart = charts.running_totals(result, "Hand")
    assert chart.hands == 3 and chart.units == "marks" and chart.x_title == "Hands"
    assert [s.values for s in chart.series] == [(0, 0, 2, 2), (0, 1, 1, 2)]
    assert [s.name for s in chart.series] == ["Ann & Cat", "Bob & Dan"]
    # one point per hand plus the start, left to right, inside the plot
    for s in chart.series:
        points = s.path[1:].split("L")
        assert len(points) == 4
        xs = [float(p.split()[0]) for p in points]
        ys = [float(p.split()[1]) for p in points]
        assert xs == sorted(xs) and xs[0] == chart.left and xs[-1] == chart.right
        assert all(chart.top <= y <= chart.bottom for y in ys)
    assert chart.y_ticks[0].value == 0 and chart.y_ticks[-1].value >= 2
    assert chart.y_ticks[0].pos == chart.bottom and chart.y_ticks[-1].pos == chart.top
    # told apart without colour: a different marker and dash per line
    assert len({s.marker for s in chart.series}) == 2 and len({s.dash for s in chart.series}) == 2
    # the labels of two lines ending at the same total are moved apart
    assert abs(chart.series[0].label_y - chart.series[1].label_y) >= charts.LABEL_GAP
    assert chart.zero_y is None


def test_negative_totals_draw_a_zero_line():
    record = {"variant": "moon", "players": ["Ann", "Bob", "Cat"],
              "hands": [{"bidder": 0, "bid": 7, "tricks": [3, 2, 2]}]}
    chart = charts.running_totals(score(record))
    assert chart.series[0].total == -7
    assert chart.y_ticks[0].value <= -7 and chart.zero_y is not None
    assert chart.top < chart.zero_y < chart.bottom


def test_no_hands_and_invalid_records():
    chart = charts.running_totals(score({"variant": "moon", "players": ["A", "B", "C"]}))
    assert chart.hands == 0 and all(s.values == (0,) for s in chart.series)
    assert charts.running_totals({"ok": False, "hand": 0, "error": "x"}) is None


def test_many_hands_mark_only_the_end():
    record = {"variant": "castle-rock", "players": ["Sol"],
              "hands": [{"remaining": k % 5} for k in range(200)]}
    chart = charts.running_totals(score(record), "Game")
    assert chart.series[0].marker_path.count("M") == 1  # one circle
    assert chart.x_ticks[-1].value == 200 and len(chart.x_ticks) <= 7


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_variant_charts_and_sheets(variant_id):
    v = VARIANTS[variant_id]
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][: max(v.min_players, min(4, v.max_players))]
    record = random_record(random.Random(variant_id), variant_id, names, hands=12)
    result = score(record)
    chart = charts.running_totals(result)
    assert [list(s.values[1:]) for s in chart.series] == \
        [[h["totals"][i] for h in result["hands"]] for i in range(len(result["sides"]))]
    sheet = review.grid(v, record, result)
    assert len(sheet["rows"]) == len(record["hands"])
    assert [c["total"] for c in sheet["rows"][-1]["cells"]] == result["totals"]
    rows = review.csv_rows(v, record, result)
    assert len(rows) == len(record["hands"]) + 1
    assert len({len(r) for r in rows}) == 1  # every row as wide as the header


@pytest.mark.parametrize("name, cell", [
    ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-2", "'-2"), ("@cmd", "'@cmd"),
    ("Ann", "Ann"), ("A=B", "A=B"), ("", ""),
])
def test_safe_text_defuses_formulas(name, cell):
    assert review.safe_text(name) == cell
