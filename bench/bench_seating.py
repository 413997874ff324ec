"""Benchmark (run by hand): seating a whole event of 22-24 players (issue 29: under a second),
each plan made from nothing (the planners' caches cleared first), in CPU seconds.

    .venv/bin/python bench/bench_seating.py [--runs 5]

Progressive events of 23 and 22 players (texas42, a round per partner pair), and tables events
of 24 at Mexican Train tables of 5 (4 rounds) and 23 at card42 tables of 3 (4 rounds), and
issue 38's two nights (12 at Mexican Train tables of 4, 5 at card42 tables of 2): the median
and the slowest of --runs plans each, and for a tables event the pairs each round seats
together again (issue 38: as few as any seating of the round could).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from itertools import combinations  # noqa: E402

from scorekeeper.tournament import schedule, seating  # noqa: E402

NAMES = [f"P{i}" for i in range(24)]


def event(fmt: str, n: int, variant: str = "texas42", **settings) -> dict:
    return {"format": fmt, "variant": variant, "settings": settings,
            "entrants": [{"players": [NAMES[i]]} for i in range(n)]}


EVENTS = {"progressive, 23 players": event("progressive", 23),
          "progressive, 22 players": event("progressive", 22),
          "tables, 24 at Mexican Train tables of 5, 4 rounds":
              event("tables", 24, "mexican-train", table_size=5, rounds=4),
          "tables, 23 at card42 tables of 3, 4 rounds":
              event("tables", 23, "card42", table_size=3, rounds=4),
          "tables, 12 at Mexican Train tables of 4, 3 rounds":
              event("tables", 12, "mexican-train", table_size=4, rounds=3),
          "tables, 5 at card42 tables of 2, 3 rounds":
              event("tables", 5, "card42", table_size=2, rounds=3)}


def together_again(rounds: list[dict]) -> list[int]:
    """Each round's pairs at a table who sat together in an earlier round."""
    before: set[frozenset] = set()
    counts = []
    for r in rounds:
        pairs = {frozenset(p) for m in r["matches"] for p in combinations(m["entrants"], 2)}
        counts.append(len(pairs & before))
        before |= pairs
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print("| event | median CPU s | slowest CPU s | together again, by round |\n"
          "| --- | --- | --- | --- |")
    for label, record in EVENTS.items():
        took = []
        for _ in range(runs):
            seating.progressive_plan.cache_clear()
            seating.tables_plan.cache_clear()
            started = time.process_time()
            answer = schedule(record)
            took.append(time.process_time() - started)
            assert answer["ok"], label
        again = together_again(answer["rounds"]) if record["format"] == "tables" else ""
        print(f"| {label} | {statistics.median(took):.3f} | {max(took):.3f} | {again} |")


if __name__ == "__main__":
    main()
