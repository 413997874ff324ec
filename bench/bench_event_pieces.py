"""How long the event pieces take to draw for the issue's two big events, every game played:
32 teams in pools of 4 with a best-of-3 bracket, and 24 players progressive over 23 rounds.
Parsing (the engine scoring every game) is timed apart: a page parses once for all pieces.

    .venv/bin/python bench/bench_event_pieces.py
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper import create_app  # noqa: E402
from scorekeeper.events.bracket_svg import draw_bracket  # noqa: E402
from scorekeeper.events.sheets import schedule_csv, standings_csv  # noqa: E402
from scorekeeper.tournament import parse_event  # noqa: E402
from scorekeeper.tournament.ranking import standings as derive_standings  # noqa: E402
from tests.event_display.pages import sample_card  # noqa: E402
from tests.event_display.samples import names, play  # noqa: E402


def median_ms(work, runs: int = 9) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def big_events() -> dict[str, dict]:
    pools = {"name": "32 teams", "format": "pools", "variant": "texas42",
             "options": {"target_marks": 3}, "settings": {"best_of": 3},
             "entrants": [{"players": [f"P{i}a", f"P{i}b"]} for i in range(32)], "matches": []}
    progressive = {"name": "24 players", "format": "progressive", "variant": "texas42",
                   "options": {"target_marks": 3}, "settings": {},
                   "entrants": [{"players": [f"Q{i}"]} for i in range(24)], "matches": []}
    return {"pools-32": play(pools), "progressive-24": play(progressive)}


def main() -> None:
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "b"})
    with app.test_request_context():
        partial = app.jinja_env.get_template("partials/events/_standings.html")
        card = app.jinja_env.get_template("partials/events/_table_card.html")
        for label, record in big_events().items():
            event = parse_event(record)
            shown = names(record)
            answer = {"ok": True, **derive_standings(event)}
            print(f"{label}: {len(record['matches'])} matches, "
                  f"{sum(len(m.get('games', [])) for m in record['matches'])} games (median ms)")
            print(f"  parse (scores every game)  {median_ms(lambda: parse_event(record)):7.1f}")
            print(f"  standings from the parse   {median_ms(lambda: derive_standings(event)):7.1f}")
            print(f"  standings partial render   "
                  f"{median_ms(lambda: partial.render(standings=answer, names=shown)):7.1f}")
            if event.bracket:
                print(f"  bracket SVG from the parse {median_ms(lambda: draw_bracket(event, shown)):7.1f}")
            made = sample_card()
            print(f"  table card (QR cached)     {median_ms(lambda: card.render(card=made)):7.1f}")
            print(f"  standings CSV, from record {median_ms(lambda: standings_csv(record), 3):7.1f}")
            print(f"  schedule CSV, from record  {median_ms(lambda: schedule_csv(record), 3):7.1f}")


if __name__ == "__main__":
    main()
