"""Chart geometry, pure: the rules engine's result in, a drawing's numbers out.

running_totals(result) turns one rules.score(record) result into a LineChart: one polyline per
side through its running totals (hand 0 is the start, every side at 0), axes with a few round
ticks, a marker shape and a dash pattern per side (so the lines differ without colour), and a
label at the end of each line, moved apart so labels never overlap. The template only draws what
it is given (templates/players/_chart.html); nothing here knows Flask, the database or HTML.

Coordinates are in the SVG's viewBox units: WIDTH x HEIGHT, scaled to the width of the phone
(about 1:1 at 390 px), so font sizes here are close to CSS pixels.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..rules.record import minus
from ..rules.text import N_

WIDTH = 360
HEIGHT = 230
MARGIN_LEFT = 38      # the y tick labels
MARGIN_TOP = 12
MARGIN_BOTTOM = 34    # the x tick labels and the axis title
MARGIN_RIGHT = 84     # the line-end labels
FONT = 12             # viewBox units; the labels' line height is LABEL_GAP
LABEL_GAP = 15
LABEL_CHARS = 11      # longer names are cut, with an ellipsis (the legend has them whole)
MAX_MARKERS = 30      # more hands than this: a marker at the end of each line only
PLOT = (MARGIN_LEFT, MARGIN_TOP, WIDTH - MARGIN_RIGHT, HEIGHT - MARGIN_BOTTOM)  # left, top, right, bottom
MARKER_R = 3.6

# One shape and one dash pattern per side, in side order: told apart without colour.
MARKERS = ("circle", "square", "triangle", "diamond", "down", "cross", "plus", "bar")
DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 2", "12 3", "1 3", "6 2 1 2 1 2")
# The words a chart is drawn with, marked for the catalog and said where the chart is shown
# (|say): the x axis's first tick, its title by the game's hand word (Variant.hand_word), the
# units a result is in (rules' Variant.units).
START = N_("Start")
HAND_WORDS = {"Hand": N_("Hands"), "Round": N_("Rounds"), "Game": N_("Games")}
UNITS = (N_("points"), N_("marks"), N_("pips"), N_("wins"))


@dataclass(frozen=True)
class Tick:
    value: int
    pos: float      # x for the x axis, y for the y axis
    label: str


@dataclass(frozen=True)
class Series:
    side: int
    name: str                 # the side as the result names it
    label: str                # the line-end label (cut to LABEL_CHARS)
    values: tuple[int, ...]   # running totals, starting with 0 before the first hand
    path: str                 # the polyline, an SVG path "M x y L x y ..."
    marker: str               # a name from MARKERS
    marker_path: str          # every marker of the line as one SVG path
    dash: str                 # stroke-dasharray ("" is solid)
    end: tuple[float, float]  # the last point
    label_y: float            # the label's baseline middle, moved apart from the others
    winner: bool

    @property
    def total(self) -> int:
        return self.values[-1]

    @property
    def filled(self) -> bool:
        """Closed shapes are filled; a cross, plus or bar is a stroke."""
        return self.marker in FILLED

    @property
    def legend_path(self) -> str:
        return legend_marker(self.marker)


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    left: float
    top: float
    right: float
    bottom: float
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero_y: float | None       # the y of total 0, when the axis goes below it
    series: tuple[Series, ...]
    hands: int
    units: str
    x_title: str
    lowest_wins: bool
    font: int = FONT
    marks: tuple[Tick, ...] = ()  # x positions marked across the plot (a season's start)

    @property
    def label_x(self) -> float:
        return self.right + 8


# Round steps for ticks: 1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, ... (whole numbers only).
STEPS = tuple(sorted({int(m * 10 ** k) for k in range(9) for m in (1, 2, 2.5, 5)
                      if (m * 10 ** k) == int(m * 10 ** k)}))


def nice_step(span: float, max_ticks: int) -> int:
    """The smallest round step that covers `span` in at most max_ticks - 1 intervals."""
    raw = span / max(1, max_ticks - 1)
    return next((s for s in STEPS if s >= raw), STEPS[-1])


def tick_values(lo: int, hi: int, max_ticks: int = 7) -> list[int]:
    """At most max_ticks round values, from a multiple of the step at or below `lo` to one at
    or above `hi` (the axis runs from the first to the last): the smallest step that fits."""
    if hi <= lo:
        hi = lo + 1
    for step in STEPS:
        first, last = math.floor(lo / step), math.ceil(hi / step)
        if last - first + 1 <= max_ticks:
            return [k * step for k in range(first, last + 1)]
    return [lo, hi]  # pragma: no cover  (beyond any score)


def cut(name: str, limit: int = LABEL_CHARS) -> str:
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def spread(ys: list[float], gap: float, low: float, high: float) -> list[float]:
    """Label positions near `ys` (same order), at least `gap` apart, kept within [low, high]
    when there is room: push down past each neighbour, then back up from the bottom."""
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    placed = [ys[i] for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + gap)
    if placed and placed[-1] > high:
        placed[-1] = high
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    if placed and placed[0] < low:  # more labels than room: start at the top, let them run on
        placed[0] = low
        for k in range(1, len(placed)):
            placed[k] = max(placed[k], placed[k - 1] + gap)
    out = [0.0] * len(ys)
    for k, i in enumerate(order):
        out[i] = round(placed[k], 1)
    return out


def _r(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def marker_d(shape: str, x: float, y: float, r: float = MARKER_R) -> str:
    """One marker as an SVG path (closed shapes are filled, cross/plus/bar are stroked)."""
    if shape == "circle":
        return (f"M{_r(x - r)} {_r(y)}a{_r(r)} {_r(r)} 0 1 0 {_r(2 * r)} 0"
                f"a{_r(r)} {_r(r)} 0 1 0 {_r(-2 * r)} 0Z")
    if shape == "square":
        s = r * 0.9
        return f"M{_r(x - s)} {_r(y - s)}h{_r(2 * s)}v{_r(2 * s)}h{_r(-2 * s)}Z"
    if shape == "triangle":
        return f"M{_r(x)} {_r(y - r * 1.2)}L{_r(x + r * 1.1)} {_r(y + r * 0.8)}" \
               f"L{_r(x - r * 1.1)} {_r(y + r * 0.8)}Z"
    if shape == "down":
        return f"M{_r(x)} {_r(y + r * 1.2)}L{_r(x + r * 1.1)} {_r(y - r * 0.8)}" \
               f"L{_r(x - r * 1.1)} {_r(y - r * 0.8)}Z"
    if shape == "diamond":
        return f"M{_r(x)} {_r(y - r * 1.2)}L{_r(x + r)} {_r(y)}L{_r(x)} {_r(y + r * 1.2)}" \
               f"L{_r(x - r)} {_r(y)}Z"
    if shape == "cross":
        return f"M{_r(x - r)} {_r(y - r)}L{_r(x + r)} {_r(y + r)}" \
               f"M{_r(x - r)} {_r(y + r)}L{_r(x + r)} {_r(y - r)}"
    if shape == "plus":
        return f"M{_r(x - r)} {_r(y)}H{_r(x + r)}M{_r(x)} {_r(y - r)}V{_r(y + r)}"
    return f"M{_r(x - r)} {_r(y)}H{_r(x + r)}"  # bar


FILLED = {"circle", "square", "triangle", "down", "diamond"}


def running_totals(result: dict, hand_word: str = "Hand",
                   lowest_wins: bool = False) -> LineChart | None:
    """The chart of a scored game, or None when there is nothing to draw (an invalid record).

    `result` is rules.score(record); only its sides, units, winners and each hand's totals are
    read. A game without hands is drawn as its start: every side at 0.
    """
    if not result.get("ok"):
        return None
    sides = list(result["sides"])
    hands = result.get("hands", [])
    n = len(hands)
    values = [[0] + [h["totals"][s] for h in hands] for s in range(len(sides))]
    flat = [v for line in values for v in line]
    y_vals = tick_values(min(0, min(flat)), max(flat))
    x_vals = _x_ticks(n)

    left, top, right, bottom = PLOT
    lo, hi = y_vals[0], y_vals[-1]
    px, py, path = _scales(n, lo, hi)

    ends = [(px(n), py(line[-1])) for line in values]
    label_ys = spread([y for _, y in ends], LABEL_GAP, top + 4, bottom)
    winners = set(result.get("winners") or [])
    series = []
    for s, line in enumerate(values):
        shape = MARKERS[s % len(MARKERS)]
        drawn, marker_path = _drawn(line, shape, px, py, path)
        series.append(Series(
            side=s, name=sides[s], label=cut(sides[s]), values=tuple(line), path=drawn,
            marker=shape, marker_path=marker_path,
            dash=DASHES[s % len(DASHES)], end=ends[s], label_y=label_ys[s],
            winner=s in winners))
    return LineChart(
        width=WIDTH, height=HEIGHT, left=left, top=top, right=right, bottom=bottom,
        x_ticks=tuple(Tick(v, px(v), START if v == 0 and n else str(v)) for v in x_vals),
        y_ticks=tuple(Tick(v, py(v), minus(v)) for v in y_vals),
        zero_y=py(0) if lo < 0 else None, series=tuple(series), hands=n,
        units=result.get("units", "points"),
        x_title=HAND_WORDS.get(hand_word, f"{hand_word}s"),
        lowest_wins=lowest_wins)


def _scales(n: int, lo: float, hi: float):
    """Pixels of a line chart's x (0 to n: the start, then each hand or game) and y (lo to hi),
    and the SVG path of a line through values (one at each x from 0) at those pixels."""
    left, top, right, bottom = PLOT

    def px(i: float) -> float:
        return round(left + (right - left) * (i / n if n else 0), 1)

    def py(v: float) -> float:
        return round(bottom - (bottom - top) * (v - lo) / (hi - lo), 1)

    def path(values) -> str:
        # px and py inline, in one f-string a point (a rating chart has a point per rated
        # game: thousands); ".1f" rounds as they do, and the ".0" are cut after, as _r does
        d = "L".join([f"{left + (right - left) * (i / n if n else 0):.1f} "
                      f"{bottom - (bottom - top) * (v - lo) / (hi - lo):.1f}"
                      for i, v in enumerate(values)])
        return "M" + (d[:-2] if d.endswith(".0") else d).replace(".0 ", " ").replace(".0L", "L")

    return px, py, path


def _drawn(values, shape: str, px, py, path) -> tuple[str, str]:
    """A line's SVG path through its values (one at each x from 0), and its markers: on every
    point while they are few enough to tell apart, else on the last only."""
    n = len(values) - 1
    marked = range(n + 1) if n <= MAX_MARKERS else (n,)
    return path(values), "".join(marker_d(shape, px(i), py(values[i])) for i in marked)


def _x_ticks(n: int) -> list[int]:
    """Hand numbers to mark on the x axis: 0 (the start), the last hand, and round steps
    between them, at most 6 in all."""
    if n == 0:
        return [0]
    step = nice_step(n, 6)
    ticks = list(range(0, n + 1, step))
    if ticks[-1] != n:
        if n - ticks[-1] <= step / 2 and len(ticks) > 1:
            ticks[-1] = n  # the last hand replaces a round tick too close to it
        else:
            ticks.append(n)
    return ticks


def legend_marker(shape: str) -> str:
    """The marker drawn in the legend's 40 x 14 sample of the line."""
    return marker_d(shape, 20, 7)


def rating_history(ordinals: list[float], days: list, season_starts: list) -> LineChart:
    """A person's rating (ordinal) after each rated game of a group, from the start (the
    model's default, ordinal 0) on: one line, and a mark before the first game of each season
    (the first game on or after a season's first day, `days` being each game's day)."""
    values = [0.0] + [round(v, 1) for v in ordinals]
    n = len(ordinals)
    y_vals = tick_values(math.floor(min(values)), math.ceil(max(values)))
    left, top, right, bottom = PLOT
    lo, hi = y_vals[0], y_vals[-1]
    px, py, path = _scales(n, lo, hi)

    drawn, marker_path = _drawn(values, MARKERS[0], px, py, path)
    end = (px(n), py(values[-1]))
    line = Series(side=0, name="Rating", label=cut(minus(values[-1])), values=tuple(values),
                  path=drawn, marker=MARKERS[0], marker_path=marker_path,
                  dash=DASHES[0], end=end, label_y=end[1], winner=False)
    marks = []
    for start in season_starts:
        first = next((i for i, day in enumerate(days) if day >= start), None)
        if first is not None:
            marks.append(Tick(first, round(px(first + 0.5), 1), N_("Season")))
    return LineChart(
        width=WIDTH, height=HEIGHT, left=left, top=top, right=right, bottom=bottom,
        x_ticks=tuple(Tick(v, px(v), START if v == 0 and n else str(v)) for v in _x_ticks(n)),
        y_ticks=tuple(Tick(v, py(v), minus(v)) for v in y_vals),
        zero_y=py(0) if lo < 0 else None, series=(line,), hands=n, units="rating",
        x_title=N_("Rated games"), lowest_wins=False,
        marks=tuple(sorted(marks, key=lambda t: t.value)))
